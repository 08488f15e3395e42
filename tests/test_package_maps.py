"""Each package's docstring is a map of its modules: a newcomer finds every module there."""

from __future__ import annotations

import pkgutil
from importlib import import_module

import pytest

import squares

PACKAGES = [squares.__name__] + [
    info.name
    for info in pkgutil.walk_packages(squares.__path__, f"{squares.__name__}.")
    if info.ispkg
]


def test_every_package_is_looked_at() -> None:
    assert {"squares.ai.foursquare", "squares.games.union_square", "squares.web"} <= set(PACKAGES)


@pytest.mark.parametrize("name", PACKAGES)
def test_package_docstring_names_every_module_of_the_package(name: str) -> None:
    package = import_module(name)
    doc = package.__doc__ or ""
    found = pkgutil.iter_modules(package.__path__)
    modules = [info.name for info in found if not info.name.startswith("_")]
    missing = [module for module in modules if f"``{module}``" not in doc]
    assert not missing, f"{name}'s docstring does not name {missing}"
