"""``compiled.jit_inner``: a function compiled only for compiled callers (without numba's
wrapper for calls from Python) still answers a call from Python."""

from __future__ import annotations

from squares.ai.compiled import jit, jit_inner


@jit_inner
def _double(n: int) -> int:
    return 2 * n


@jit
def _double_twice(n: int) -> int:
    return _double(_double(n))


def test_inner_function_answers_from_python_after_compiled_code_called_it() -> None:
    assert _double_twice(3) == 12  # compiles _double for compiled callers only
    assert _double(3) == 6
    assert _double(21) == 42


def test_inner_function_answers_from_python_first() -> None:
    assert _double(5) == 10
