"""The hint: the Hard bot's choice for a seat, and a one-line reason a player understands.

``advice`` (``hint`` and ``explain``, for any game), and each game's explainer:
``climbing`` (Tycoon and President; what every climbing game shares: the
hand's facts, gives, passes, the search's figures), ``matchstick`` (Matchstick
Tycoon's plays) and ``corporation``. The registry names each game's explainer.
"""
