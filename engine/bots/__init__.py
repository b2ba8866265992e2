"""The bots. A bot sees only an observation and draws only on the generator it is given.

``levels`` (the levels a player picks: Easy, Normal, Hard, and the Random and
Greedy baselines; ``make_bot``), ``temperament`` (a bot seat's character, where its
family talks), ``policies`` (Greedy's and Normal's rules of thumb for the climbing
games), ``climbing`` and ``corporation`` (how each level plays a family's games),
``corporation_reading`` and ``corporation_search`` (how a Corporation seat reads and
weighs, and Corporation's Hard), ``search`` (Hard's search for the climbing games) and
``playout`` (its quick playouts in counts).
"""
