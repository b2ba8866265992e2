"""High Card, a toy family of one game, written as a new kind of game is
(docs/ADDING_A_GAME.md): ``rules``, ``machine``, ``views`` and ``bots``, importing only the
engine's core and each other; tests/test_toy_family.py gives it its catalogue entry."""

__all__: list[str] = []
