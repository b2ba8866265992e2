"""The search's figures in a climbing game's hint: how the move Hard chose fared in its
playouts against the best other move it compared, told as a friend would, in times out
of ten (engine.families.climbing.words.hints adds them to a move's reason)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from engine.core.actions import Action, Give, Pass, Play
from engine.core.cards import card_list
from engine.core.language import _, p_
from engine.core.words import number
from engine.families.climbing.rules.state import ClimbingRules, ClimbObservation
from engine.families.climbing.words.play_words import describe_play

__all__ = ["Figure", "figures", "search_sentence", "short", "with_figures"]

if TYPE_CHECKING:
    from engine.core.bots import Fared


def with_figures(observation: ClimbObservation, action: Action,
                 fared: Mapping[Action, "Fared"], reason: str) -> str:
    """The reason, and how the move fared in the search; a move that goes out needs
    no figures."""
    last = isinstance(action, Play) and len(action.cards) == len(observation.hand)
    figures = "" if last or not fared else search_sentence(observation, action, fared)
    return _("{reason} {figures}").format(reason=reason, figures=figures) if figures else reason


class Figure(NamedTuple):
    """One count of the search's, for the move and for the other: in how many worlds
    the seat did what ``words`` say ("go out first", in the language in force), and
    whether fewer is better."""

    words: str
    mine: int
    theirs: int
    fewer_is_better: bool

    @property
    def gain(self) -> int:
        """How many more worlds went the seat's way with the move than with the other."""
        return self.theirs - self.mine if self.fewer_is_better else self.mine - self.theirs


def figures(players: int, mine: "Fared", theirs: "Fared") -> list[Figure]:
    """The places two moves led to in the same worlds, as a player counts them: going out
    first, ending last, finishing in the top two, three and so on; the ones that differ.

    A move's mean is how often it finished in the top k, summed over k = 1 .. players - 1,
    over (players - 1) times the worlds: a move with the better mean leads in at least one
    of these counts.
    """
    lowest = players - 1
    worlds = mine.worlds
    counted = []
    for top in dict.fromkeys((1, lowest, *range(2, lowest))):
        if top == 1:
            counted.append(Figure(_("go out first"), mine.in_top(1), theirs.in_top(1), False))
        elif top == lowest:
            counted.append(Figure(_("end last"), worlds - mine.in_top(top),
                                  worlds - theirs.in_top(top), True))
        else:
            counted.append(Figure(_("finish in the top {n}").format(n=number(top)),
                                  mine.in_top(top), theirs.in_top(top), False))
    return [figure for figure in counted if figure.gain]


def search_sentence(observation: ClimbObservation, action: Action,
                    fared: Mapping[Action, "Fared"]) -> str:
    """How the move fared in the search against the best of the other moves it compared,
    from the search's own counts of the worlds (guesses at the unseen cards) it played them
    out in, told as a friend would, in times out of ten: the count that favours the move
    most, and the one that favours the other most when its lead is at least half as large
    (a trade-off, not noise). Empty when no other move was tried, or no count favours the
    move by a deal in ten."""
    others = [m for m in fared if m != action]
    if action not in fared or not others:
        return ""
    other = max(others, key=lambda m: fared[m].mean)
    mine = fared[action]
    counted = figures(observation.players, mine, fared[other])
    worlds = mine.worlds

    def in_ten(count: int) -> int:
        # A player's figure: out of ten deals, however many the search played out.
        return round(10 * count / worlds)

    # The first of the largest: going out first, then ending last, then the top places.
    favours = max((f for f in counted if f.gain > 0), key=lambda f: f.gain, default=None)
    if favours is None or in_ten(favours.mine) == in_ten(favours.theirs):
        return ""  # no lead a player would see in ten deals
    rival = short(observation.rules, other)
    if isinstance(other, Play):
        rival = _("with {play}").format(play=rival)
    text = _("Tried against guesses at the others' cards, this way you {compared}.").format(
        compared=_compared(favours, worlds, rival))
    against = min(counted, key=lambda f: f.gain)
    if 2 * -against.gain >= favours.gain and in_ten(against.mine) != in_ten(against.theirs):
        text += _(" But this way you {compared}.").format(
            compared=_compared(against, worlds, rival))
    return text


def _compared(figure: Figure, worlds: int, rival: str) -> str:
    """ "go out first about 7 times in 10; with two 9s, about 6": a count for the move and
    the other, the second said short where the first said "times in 10"."""
    short = _in_ten(figure.mine, worlds) and _in_ten(figure.theirs, worlds)
    return _("{how_often}; {rival}, {often}").format(
        how_often=_how_often(figure.words, figure.mine, worlds), rival=rival,
        often=_often(figure.theirs, worlds, short=short))


def _in_ten(count: int, worlds: int) -> bool:
    """Whether ``_often`` says ``count`` of ``worlds`` as times in 10 (not "never" or
    "every time")."""
    return 0 < round(10 * count / worlds) < 10


def _often(count: int, worlds: int, short: bool = False) -> str:
    """How often ``count`` of ``worlds`` is, in ten: "never", "almost never", "once in 10",
    "about 7 times in 10", "every time"; ``short`` leaves out "times in 10" where the
    sentence said it already ("about 7")."""
    tens = round(10 * count / worlds)
    if tens == 0:
        return _("never") if count == 0 else _("almost never")
    if tens == 10:
        return _("every time") if count == worlds else _("almost every time")
    if short:
        # Translators: a count of times, said short after "about 7 times in 10" ("about 6").
        times = {1: _("once"), 2: _("twice")}.get(tens) or p_("times", "{n}").format(n=tens)
    else:
        times = {1: _("once"), 2: _("twice")}.get(tens) or _("{n} times").format(n=tens)
    if worlds != 10:
        times = _("about {times}").format(times=times)
    return times if short else _("{times} in 10").format(times=times)


def _how_often(words: str, count: int, worlds: int) -> str:
    """ "go out first about 7 times in 10", "never end last": how often, where a friend
    puts it."""
    often = _often(count, worlds)
    if round(10 * count / worlds) == 0:  # "never", "almost never"
        return _("{often} {words}").format(often=often, words=words)
    return _("{words} {often}").format(words=words, often=often)


def short(rules: ClimbingRules, action: Action) -> str:
    """A move in a few words: "two 9s", "passing", "giving the 3 of clubs"."""
    if isinstance(action, Play):
        return describe_play(action, detail=False)
    if isinstance(action, Pass):
        return _("passing")
    if isinstance(action, Give):
        return _("giving {cards}").format(cards=card_list(action.cards))
    return _("discarding a matchstick")
