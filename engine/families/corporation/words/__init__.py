"""What a Corporation player reads: the view's ``contract``, the presenter (``views``) and
the hint's explainer (``hints``). These import ``engine.core``, the family's ``rules`` and
its ``bots``."""

__all__: list[str] = []
