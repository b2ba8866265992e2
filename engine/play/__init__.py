"""A game in play: the table and its parts, each a module with one job.

- ``table``: the game's record and position, its seats and bots, and a seat's moves;
- ``script``: the scripted part (scenarios, tutorials, replays; stepping and guided stops);
- ``turns``: the bots' turns, Hard's shares of its budget and its timing, and hints;
- ``undo``: taking a move back;
- ``view``: what a seat sees, and a step as the human's seat sees it;
- ``sharing``: the game's log, its links, and its choices for a new deal.
"""

__all__: list[str] = []
