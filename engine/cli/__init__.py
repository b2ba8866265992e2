"""The command line: ``main`` (``python -m engine play|simulate|arena``), ``terminal``
(a human against bots), ``simulate`` (bots against bots) and ``arena`` (measuring bots)."""

__all__: list[str] = []
