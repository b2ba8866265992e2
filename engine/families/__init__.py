"""The families of games, one folder each: the games that play alike, with everything
that is theirs alone.

``climbing`` (Tycoon, President and Matchstick Tycoon: deals, exchanges, tricks,
revolutions, places) and ``corporation`` (the simultaneous game). A family's modules
import only ``engine.core`` and their own family; the catalogue (``engine.catalogue``)
names each game and its parts.
"""

__all__: list[str] = []
