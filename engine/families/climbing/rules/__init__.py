"""The climbing games' rules: what a round is made of and how it moves.

``state`` (the steps a round records, the rules' protocol, the state, an observation,
and what a seat may see of a step), ``machine`` (the transitions, shared by all three
games), ``positions`` (positions set up by hand) and ``reasons`` (the refusals the games
share, in the session's language); then one module per game:
``tycoon`` (with ``tycoon_plays`` for its plays under its options, ``sequences`` for the
kaidan house rule and ``tycoon_presets`` for its texts and presets), ``president`` and
``matchstick``. The floor of the family: these import only ``engine.core``, never the
bots or the words.
"""

__all__: list[str] = []
