"""How Corporation's bots play: ``levels`` makes each level, ``reading`` is how a seat
reads the table and weighs its cards, and ``search`` is where Hard thinks. These import
``engine.core`` and the family's ``rules``, never its ``words``."""

__all__: list[str] = []
