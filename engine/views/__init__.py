"""Presenters: each game family's views, move labels and narration for front ends, made
from a seat's observations only (``common``, ``climbing``, ``corporation``)."""
