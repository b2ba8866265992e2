"""The engine's core: what every game is built from.

``cards`` (cards and their notation), ``actions`` (the card games' actions,
the seat prefix and deals every notation shares, and ``Concealed``, a step a
seat may not see), ``errors`` (the error types, messages for players),
``rng`` (seeded draws that are the same on every Python), ``options``
(validated rules options with their help), ``outcome`` (the end of a game),
``words`` (the word helpers: English, and places in each language), ``language``
(the language a session speaks, and its catalogues), ``limits`` (bounds on what a caller may
send), ``lazy`` (functions imported at their first call) and ``evolve`` (a
state's quick copy with changes).

And what every family shares with the floors above: ``seats`` (a person or a bot
level at a seat, and the seats' names), ``presenter`` (the base of each family's
presenter), ``temperament`` (a bot seat's character) and ``bots`` (Easy's mistakes,
Hard's settings, how a searched move fared).

The core knows no game: nothing here imports from ``engine.families`` or above.
"""

__all__: list[str] = []
