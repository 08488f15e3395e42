"""Each AI package's docstring is a map of its modules: a newcomer finds every module there."""

from __future__ import annotations

import pkgutil
from importlib import import_module

import pytest

PACKAGES = ["squares.ai", "squares.ai.foursquare", "squares.ai.union_square"]


@pytest.mark.parametrize("name", PACKAGES)
def test_package_docstring_names_every_module_of_the_package(name: str) -> None:
    package = import_module(name)
    doc = package.__doc__ or ""
    modules = [info.name for info in pkgutil.iter_modules(package.__path__)]
    assert modules
    missing = [module for module in modules if f"``{module}``" not in doc]
    assert not missing, f"{name}'s docstring does not name {missing}"
