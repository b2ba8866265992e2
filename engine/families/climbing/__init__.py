"""The climbing games: Tycoon, President and Matchstick Tycoon. Four rooms, lowest first:

- ``rules``: what the games are and how a round moves (state, transitions, each game's
  rules and presets). It imports only ``engine.core``.
- ``bots``: how each level chooses a move, and Hard's search (``bots.levels`` is where a
  level is made; ``bots.search`` is where Hard thinks). It imports the core and ``rules``.
- ``words``: what a player reads (views, narration, hints). It imports the core,
  ``rules`` and ``bots`` (a hint asks the bots).
- ``uecda``: a seat at the UECda contest's server, over its wire protocol. It imports the
  core and ``rules``; the bot it plays is handed to it.

tests/test_import_graph.py holds these floors.
"""

__all__: list[str] = []
