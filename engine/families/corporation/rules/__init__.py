"""Corporation's rules: its options, texts and actions (``definition``) and its rounds
(``machine``). The floor of the family: these import only ``engine.core``."""

__all__: list[str] = []
