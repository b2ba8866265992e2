"""What a player of the climbing games reads: views, narration and hints.

``contract`` declares the view the page draws, ``views`` is the presenter (views, move
labels, narration, the picker's order), with ``rounds`` for the exchange and the rounds'
results, ``notes`` what the table says of the order and the
house rules in force, ``play_words`` says a play in words and ``titles`` the places and
titles in the session's language. The hint's explainers are
``hints`` (Tycoon and President, with ``hint_figures`` for the search's figures) and
``matchstick_hints``. These import ``engine.core``, the family's ``rules`` and, for the
hints, its ``bots`` (a hint names the move a bot would make and why).
"""

__all__: list[str] = []
