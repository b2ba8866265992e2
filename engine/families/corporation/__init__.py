"""Corporation, the simultaneous game.

``rules`` (its options, rules help, presets and actions with their notation),
``machine`` (the rounds: state, transitions, observation and what a seat sees),
``views`` (the presenter), ``bots`` (how each level plays), ``reading`` (how a seat
reads the table and weighs its cards), ``search`` (Hard's search) and ``hints`` (the
hint's explainer).
"""

__all__: list[str] = []
