"""Hypothesis for every test here: no per-example deadline. This machine's speed swings
by ±40%, and speed is measured by the benchmarks under bench/, never by a test."""

from hypothesis import settings

settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")
