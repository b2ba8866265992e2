"""Tycoon's texts and presets for the lobby and the rules screen: the rules help, the
presets (the rule text's, and the house rules' bundles) and the guided first trick."""

from engine.core.language import N_
from engine.families.climbing.rules.tycoon import TycoonRules

__all__ = ["PRESETS", "PRESET_TITLES", "RULES_HELP", "TUTORIAL"]


RULES_HELP = (
    N_("Be the first to play out your hand. The whole deck is dealt. The rule text is for 4 "
       "players, with a variant for 3; the UECda contest plays with 5, a Commoner between the "
       "Rich Man and the Poor Man. Every rule set here may be played by 3, 4 or 5."),
    N_("Order, weakest to strongest: 2, 3 … 10, Jack, Queen, King, Ace, then the Jokers, as "
       "the rule text has it; your hand is sorted that way. Most Daifugō tables, and Persona 5 "
       "Royal, play 3 lowest and 2 highest instead: the P5R order (an option, and the order "
       "of the Japanese and UECda presets)."),
    N_("The leader plays 1 to 4 cards of one rank. Each next player plays the same number of "
       "cards of a higher rank, or passes — and a pass sits out the rest of the trick. When "
       "everyone else has passed, the last player to play leads again."),
    N_("Jokers are wild in a set (9 9 Joker is three 9s). Alone, one or two Jokers beat any "
       "single or pair. The lowest Spade alone beats a lone Joker and wins the trick."),
    N_("Lucky 7s: any play of 7s that beats the table also wins it at once (so a pair of 7s "
       "still cannot answer a pair of Queens), and its player leads the next trick."),
    N_("Revolution: any play of 4 cards turns the order upside down for the rest of the round; "
       "another 4-card play turns it back. Jokers stay on top."),
    N_("Places: Tycoon, Rich Man, Poor Man, Beggar, scoring 3, 2, 1, 0 (3 players: Tycoon, "
       "Bourgeoisie, Beggar, 2, 1, 0; 5 players: a Commoner in the middle, 4, 3, 2, 1, 0). The "
       "holder of the lowest Heart starts the first round; the Beggar starts the others."),
    N_("Exchange from round 2: the Beggar hands the Tycoon their 2 highest cards and the Poor "
       "Man hands the Rich Man their highest; the Tycoon and Rich Man give back 2 and 1 cards "
       "of their choice (the Commoner exchanges none)."),
    N_("Bankruptcy: if anyone beats the Tycoon out of their hand, the Tycoon is out of the "
       "round at once as the Beggar (3 players: the third player gives them a card instead)."),
    N_("House rules: every Japanese table argues about these, so each is an option of its own, "
       "off in the rule text's game: sequences, suit lock, the 8-cut, 11-back, 5-skip, 7-pass, "
       "10-discard, 9-reverse and forbidden finishes. The options say what each one does."),
    N_("Japanese house rules (a preset): a common table's set. Ranks run 3 low to 2 high, and "
       "the 3 of Spades beats a lone Joker; the 8-cut instead of lucky 7s; sequences; suit "
       "lock; 11-back; 7-pass; 10-discard; forbidden finishes; and bankruptcy."),
    N_("UECda standard (a preset), as the computer-Daifugō contest plays, for 5 players: 53 "
       "cards with one Joker, dealt 11/11/11/10/10; ranks 3 low to 2 high, and the 3 of Spades "
       "beats a lone Joker; the holder of the 3 of Diamonds leads every round, once the "
       "exchange is done. Sets of one "
       "rank up to five cards (four and the Joker) and sequences of one suit, the Joker "
       "also below the 3 or above the 2; suit lock; the "
       "8-cut; a set of four or more or a sequence of five or more is a revolution. A trick "
       "clears only when everyone still in has passed, so the last player may play again on "
       "their own cards; a leader may pass, and 20 passes in a row end the round with the rest "
       "ranked at random. The exchange from round 2 is the usual 2 and 1 cards; no bankruptcy. "
       "Places score 5/4/3/2/1 over 20 rounds."),
)


PRESETS: dict[str, TycoonRules] = {
    "tycoon-seed": TycoonRules(),
    "tycoon-p5r": TycoonRules(order="p5r"),
    "tycoon-no-jokers": TycoonRules(jokers=0),
    "tycoon-japan": TycoonRules(order="p5r", cut="8", sequences=True, lock=True,
                                eleven_back=True, seven_pass=True, ten_discard=True,
                                forbidden_finish=True),
    "tycoon-uecda": TycoonRules(jokers=1, order="p5r", cut="8", sequences=True,
                                sequence_revolution=True, lock=True, fives=True, all_pass=True,
                                lead="diamond", points_from_one=True, bankruptcy=False,
                                joker_past_ends=True, rounds=20),
}

PRESET_TITLES = {
    "tycoon-seed": N_("Standard (2 low, Ace high)"),
    "tycoon-p5r": N_("Persona 5 Royal order (3 low, 2 high)"),
    "tycoon-no-jokers": N_("Standard without Jokers (2 low, Ace high)"),
    "tycoon-japan": N_("Japanese house rules (3 low, 2 high)"),
    "tycoon-uecda": N_("UECda standard for 5 players (3 low, 2 high)"),
}
"""Each preset's name in a lobby."""

TUTORIAL = {
    "game": "tycoon", "options": {"rounds": 1}, "title": N_("Your first trick"),
    "intro": N_("A trick of Tycoon: each player beats the last play with a stronger set of "
                "the same size, or passes. Here the 2 is the lowest card and the Ace the "
                "highest (then the Jokers): your hand is sorted weakest to strongest."),
    "position": {"hands": ["3c 7d Qc Qh Kd", "5c 5d 8s Jd", "9c 9h 4s Ac", "6h 6s Th 2d"],
                 "to_act": 1},
    "steps": [
        {"move": "1:5c 5d", "caption": N_("Aiko leads a pair of 5s: only a stronger pair can "
                                          "follow.")},
        {"move": "2:9c 9h", "caption": N_("Bruno beats it with a pair of 9s.")},
        {"move": "3:pass", "caption": N_("Chen passes, and sits out the rest of the trick. Your "
                                         "turn: select your two Queens and play them.")},
        {"move": "0:Qc Qh", "caption": N_("Your Queens are the play to beat. When everyone else "
                                          "passes, the trick is yours and you lead the next. "
                                          "Empty your hand first to become Tycoon!")},
    ],
}
"""The guided first trick (engine.scenario): four moves, with a caption for each."""
