"""The climbing games: Tycoon, President and Matchstick Tycoon.

``state`` (the steps a round records, the rules' protocol, the state, an observation,
and what a seat may see of a step), ``machine`` (the transitions) and ``positions``
(positions set up by hand), one module per game (``tycoon``, with ``sequences`` for
its house rule; ``president``, ``matchstick``), ``views`` (the presenter), the bots
(``bots``: how each level plays; ``policies``: Greedy's and Normal's rules of thumb,
with ``house_tactics`` for Tycoon's and President's house rules; ``search``: Hard's
search; ``playout``: its quick playouts in counts, played by ``counts`` and
``counts_learned``)
and the hints' explainers (``hints``, and ``matchstick_hints`` for Matchstick Tycoon's
plays).
"""

__all__: list[str] = []
