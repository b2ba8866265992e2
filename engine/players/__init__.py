"""The players the engine offers beside a person, for every game: ``levels`` (Easy,
Normal, Hard and the Random and Greedy baselines; ``make_bot``), ``thinking`` (how long
Hard may think on a device, and the shares a game recorded) and ``advice`` (the hint:
Hard's move for a seat, and why). They play each game through its family's hooks in
the catalogue.
"""

__all__: list[str] = []
