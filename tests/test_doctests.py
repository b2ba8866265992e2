"""The examples in the engine's docstrings are true."""

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")
                 if not info.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    assert doctest.testmod(importlib.import_module(name)).failed == 0
