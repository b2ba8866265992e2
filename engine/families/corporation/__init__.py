"""Corporation, the simultaneous game, in the climbing family's rooms, lowest first:

- ``rules``: ``definition`` (its options, rules help, presets and actions with their
  notation) and ``machine`` (the rounds: state, transitions, observation and what a seat
  sees). It imports only ``engine.core``.
- ``bots``: ``levels`` (how each level plays), ``reading`` (how a seat reads the table
  and weighs its cards) and ``search`` (Hard's search). It imports the core and ``rules``.
- ``words``: ``contract`` (the view the page draws), ``views`` (the presenter) and
  ``hints`` (the hint's explainer). It imports the core, ``rules`` and ``bots``.
"""

__all__: list[str] = []
