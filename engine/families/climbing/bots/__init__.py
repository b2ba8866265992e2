"""How the climbing games' bots choose a move. Hard thinks in ``search``.

``levels`` makes each level (Random, Greedy, Easy, Normal, Hard) and is the module the
catalogue names. ``policies`` holds Greedy's and Normal's rules of thumb, with
``house_tactics`` for Tycoon's and President's house rules. Hard's search (``search``:
determinized Monte Carlo over sampled worlds) draws worlds that explain the round
(``reading``) and plays them out quickly in counts of cards (``playout`` over ``counts``;
``matchstick_playout`` for Matchstick Tycoon). ``learned`` is the learned move policy,
whose weights ship in ``weights/``, with ``counts_learned`` its choices in counts. These
import ``engine.core`` and the family's ``rules``, never its ``words``.
"""

__all__: list[str] = []
