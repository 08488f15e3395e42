"""The one switch between compiled (numba) and plain-Python search kernels.

Every game's kernel decorates its hot functions with ``jit``: with numba installed they
are compiled to machine code on first call and cached on disk beside the module; without
it they stay the same Python functions, slowly but with the same answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

try:
    import numba
except ImportError:  # pragma: no cover - numba has wheels for every supported Python
    numba = None  # type: ignore[assignment]

COMPILED = numba is not None
"""Whether the kernels run compiled (numba), else as plain Python."""


def jit(function: F) -> F:
    """Compile ``function`` with numba (cached on disk), or leave it as Python."""
    if numba is None:  # pragma: no cover
        return function
    return cast(F, numba.njit(cache=True, nogil=True)(function))


def jit_with_objmode(function: F) -> F:
    """``jit`` for a function with an ``objmode`` block (which holds the GIL)."""
    if numba is None:  # pragma: no cover
        return function
    return cast(F, numba.njit(cache=True)(function))
