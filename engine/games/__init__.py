"""The games: ``climbing`` (the core of Tycoon, President and Matchstick Tycoon: deals,
exchanges, tricks, revolutions, places), one module per game (``tycoon``,
``president``, ``matchstick``, ``corporation``), and ``registry``, where each game
is defined once and every other part of the engine looks it up."""
