"""The page's state as one value, and the one function that moves it on.

A screen fills the page: the lobby, the table, a round's results, the game's results, or
a reader's replay (a shared replay or scenario, stepped through). A sheet opens over a
screen and closes back to it: the lobby's options, the menu, sharing, the round's log,
the statistics, the settings, a confirmation, the keys' help, the hint, the value picker,
table talk, a challenge opened. ``body[data-screen]`` and ``body[data-sheet]`` show the
state to the style sheet (and to tests).

Pure Python that MicroPython and CPython both run (tests/test_screens.py walks it).
"""

LOBBY = "lobby"
TABLE = "table"
ROUND_RESULTS = "round-results"
GAME_RESULTS = "game-results"
REPLAY = "replay"
SCREENS = (LOBBY, TABLE, ROUND_RESULTS, GAME_RESULTS, REPLAY)

SHEETS = ("options", "menu", "share", "log", "stats", "settings", "confirm", "keys",
          "guided-offer", "hint", "values", "talk", "exchange", "challenge", "today")
# Sheets about the position on show: the next step closes them.
POSITION_SHEETS = ("hint", "values")
# The screens that show a game's table (its bots play on while one is up).
TABLE_SCREENS = (TABLE, REPLAY)
RESULTS_SCREENS = (ROUND_RESULTS, GAME_RESULTS)

# What moves the state on (``after``'s ``event``).
GO_TO_LOBBY = "lobby"  # the player leaves the game for the lobby (it waits there)
SHOW_GAME = "game"  # a game comes on show (resumed, dealt, painted from its save): ``view``
STEP = "step"  # the game moved on (a move, a bot's, a deal): ``view`` is its new view
RESULTS_READ = "read"  # the player goes on from the results on show
OPEN = "open"  # a sheet opens over the screen: ``detail`` names it
CLOSE = "close"  # the sheet on show closes (``detail``, if given, names the one that closed)
EVENTS = (GO_TO_LOBBY, SHOW_GAME, STEP, RESULTS_READ, OPEN, CLOSE)

START = (LOBBY, None)


def screen_for(view):
    """The screen that shows ``view``: its results once a round has ended (the game's,
    once it is over), a reader's replay, or the table."""
    if view["last_round"] is not None:
        return GAME_RESULTS if view["outcome"] is not None else ROUND_RESULTS
    script = view.get("script")
    if script is not None and script["stepped"]:
        return REPLAY
    return TABLE


def after(state, event, detail=None):
    """The state that follows ``state`` (a pair: screen, sheet or None) on ``event``.
    ``detail`` is the view for SHOW_GAME and STEP, the sheet's name for OPEN and CLOSE."""
    screen, sheet = state
    if event == GO_TO_LOBBY:
        return (LOBBY, None)
    if event == SHOW_GAME:
        return (screen_for(detail), None)
    if event == STEP:
        # The lobby keeps the game waiting behind it, and results stay up until read,
        # while there are results to show: a save other than the one whose results were
        # kept (another tab's) restores onto its own screen.
        if screen in RESULTS_SCREENS and detail["last_round"] is None:
            return (screen_for(detail), None)
        if screen not in TABLE_SCREENS:
            return state
        shown = screen_for(detail)
        if shown != screen or sheet in POSITION_SHEETS:
            return (shown, None)
        return state
    if event == RESULTS_READ:
        if screen == ROUND_RESULTS:
            return (TABLE, None)
        if screen == GAME_RESULTS:
            return (LOBBY, None)
        return state
    if event == OPEN:
        if detail not in SHEETS:
            raise ValueError("no sheet is called " + repr(detail))
        return (screen, detail)
    if event == CLOSE:
        # A sheet closing that another has replaced leaves the other open.
        return (screen, None) if detail is None or detail == sheet else state
    raise ValueError("no event is called " + repr(event))
