"""The bots. A bot sees only an observation and draws only on the generator it is given.

``levels`` (the levels a player picks: Easy, Normal, Hard, and the Random and
Greedy baselines; ``make_bot``), ``policies`` (Greedy's and Normal's rules of
thumb for the climbing games), ``climbing`` and ``corporation`` (how each
level plays a family's games), ``search`` (Hard's search for the climbing
games) and ``playout`` (its quick playouts in counts).
"""
