"""The engine's core: what every game is built from.

``cards`` (cards and their notation), ``actions`` (the card games' actions,
the seat prefix and deals every notation shares, and ``Concealed``, a step a
seat may not see), ``errors`` (the error types, messages for players),
``rng`` (seeded draws that are the same on every Python), ``options``
(validated rules options with their help), ``outcome`` (the end of a game)
and ``words`` (English for every message).

The core knows no game: nothing here imports from ``engine.games``.
"""
