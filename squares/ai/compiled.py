"""The one switch between compiled (numba) and plain-Python search kernels.

Every game's kernel decorates its hot functions with ``jit`` (``jit_inner`` for those
only compiled code calls): with numba installed they are compiled to machine code on
first call and cached on disk beside the module (kept true across modules by
``squares.ai.cache``); without it they stay the same Python functions, slowly but with
the same answers. Two machine instructions the searches want
are here too, each with its plain-Python stand-in: ``ones`` (a population count) and
``fetch_ahead`` (a prefetch of memory into the caches); and ``now``, the clock every
compiled search reads for its deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import FunctionType
from typing import Any, TypeVar, cast

from squares.i18n import _
from squares.notice import say_once

F = TypeVar("F", bound=Callable[..., Any])
A = TypeVar("A")

try:
    import numba
except ImportError:  # pragma: no cover - numba has wheels for every supported Python
    numba = None  # type: ignore[assignment]
else:
    from squares.ai import cache

    cache.install()  # before any function is compiled: each finds its cache as it is made

COMPILED = numba is not None
"""Whether the kernels run compiled (numba), else as plain Python."""


def jit(function: F) -> F:
    """Compile ``function`` with numba (cached on disk), or leave it as Python."""
    return _compiled(function, nogil=True, from_python=True)


def jit_inner(function: F) -> F:
    """``jit`` for a function that only compiled code calls: numba builds it no wrapper
    for calls from Python, a part of every compile (a third of a small function's). A
    call from Python all the same (a test, a question asked later) runs a compiled twin
    that has one, compiled (or loaded from the cache) at that first call."""
    return _compiled(function, nogil=True, from_python=False)


def jit_with_objmode(function: F) -> F:
    """``jit`` for a function with an ``objmode`` block (which holds the GIL)."""
    return _compiled(function, nogil=False, from_python=True)


def _compiled(function: F, nogil: bool, from_python: bool) -> F:
    """``function`` compiled, its machine code cached on disk where any folder for it can
    be written (``squares.ai.cache``), else compiled again in each run (said once).

    Without numba's C-callable wrapper (``no_cfunc_wrapper``): it serves only a function
    passed as a first-class value or taken by address, which no search does, and numba
    would build and compile one for every function and signature."""
    if numba is None:  # pragma: no cover
        return function
    options = {"nogil": nogil, "no_cfunc_wrapper": True, "no_cpython_wrapper": not from_python}
    njit: Any = numba.njit  # its stubs do not list numba's target options
    try:
        dispatcher = njit(cache=True, **options)(function)
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        say_once(
            "no cache",
            _(
                "no folder can be written to keep the compiled searches in: they are "
                "compiled again in each run (NUMBA_CACHE_DIR names a folder for them)"
            ),
        )
        dispatcher = njit(**options)(function)
    if not from_python:
        _called_from_python_through_twin(dispatcher, function, nogil)
    return cast(F, _once_per_type(dispatcher))


def _called_from_python_through_twin(dispatcher: Any, function: Any, nogil: bool) -> None:
    """Route the calls from Python of ``dispatcher`` (compiled without a wrapper for
    them, whose entry would be a null pointer) to a twin of ``function`` compiled with
    one: the same code under another name (``NAME.from_python``), cached apart."""
    twins: list[Any] = []

    def twin(*args: Any, **kws: Any) -> Any:  # numba calls what this returns
        if not twins:
            copy = FunctionType(
                function.__code__,
                function.__globals__,
                function.__name__,
                function.__defaults__,
                function.__closure__,
            )
            copy.__qualname__ = f"{function.__qualname__}.from_python"
            copy.__doc__ = function.__doc__
            twins.append(_compiled(copy, nogil, from_python=True))
        return twins[0]

    def add_overload(result: Any) -> None:  # numba's, without its entry for Python
        dispatcher.overloads[tuple(result.signature.args)] = result

    dispatcher._compile_for_args = twin
    dispatcher.add_overload = add_overload


def _once_per_type(dispatcher: Any) -> Any:
    """``dispatcher``, called from compiled code with a constant (``push(..., 0)``), typed
    by the constant's type rather than its value: numba would otherwise compile the
    function, and all it calls with that argument, once more for each constant
    (``reorder.weight`` sixteen times, ``paths.search`` three). A signed integer
    narrower than 64 bits is typed as a 64-bit one, as numba's arithmetic on it is.
    Called from Python, numba types arguments so already."""
    from numba.core import types

    unliteral: Callable[[Any], Any] = types.unliteral  # numba's, untyped
    typed = dispatcher.get_call_template

    def widened(kind: Any) -> Any:
        kind = unliteral(kind)
        if kind in (types.int8, types.int16, types.int32):
            return types.int64  # a count read from an int16 array: the same function
        return kind

    def get_call_template(args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        plain_kws = {name: widened(kind) for name, kind in kws.items()}
        return typed(tuple(widened(kind) for kind in args), plain_kws)

    dispatcher.get_call_template = get_call_template
    return dispatcher


@jit
def copy_run(target: Any, at: int, source: Any, start: int, n: int) -> None:
    """``target[at : at + n] = source[start : start + n]`` for 1-D arrays, one element at
    a time. numba compiles an array's slice assignment with a check of the two shapes
    whose error message is built from strings: about 2 s of CPU of compiling string code
    in a process, for a mismatch these searches never make."""
    for k in range(n):
        target[at + k] = source[start + k]


def plain(function: F) -> F:
    """The same source as the ``jit`` function ``function``, run as plain Python: for a
    caller in Python with a small question, where entering compiled code costs more
    than the work (``numba``'s ``py_func``)."""
    return cast(F, getattr(function, "py_func", function))


if numba is None:  # pragma: no cover

    def ones(mask: int) -> int:
        """The number of bits set in ``mask``, a mask of up to 32 bits, in the type it
        comes in (plain arithmetic: a NumPy integer stays one, as in compiled code)."""
        mask = mask - ((mask >> 1) & 0x5555_5555)
        mask = (mask & 0x3333_3333) + ((mask >> 2) & 0x3333_3333)
        mask = (mask + (mask >> 4)) & 0x0F0F_0F0F
        mask += mask >> 8
        return (mask + (mask >> 16)) & 0x3F

    def fetch_ahead(table: Any, row: int) -> None:
        """Nothing: a hint to the processor's caches is of no use to plain Python."""

    def borrowed(array: A) -> A:
        """The array itself: plain Python counts references either way."""
        return array

    def now() -> float:
        """``time.perf_counter()``: the clock a search's deadline is read on."""
        return time.perf_counter()

else:
    from llvmlite import ir
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    compiled_only: Callable[[Callable[..., Any]], Any] = intrinsic  # typed by numba, not mypy

    @compiled_only
    def _population(typing_context: Any, mask: Any) -> Any:
        """LLVM's ``ctpop``: one ``popcnt`` instruction where the processor has it."""
        if not isinstance(mask, types.Integer):
            return None

        def generate(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
            return builder.ctpop(arguments[0])

        return mask(mask), generate

    @jit_with_objmode
    def now() -> float:
        """``time.perf_counter()``, for a compiled search's deadline: one function for
        every search, as numba compiles each such function twice (it and its ``objmode``
        block)."""
        with numba.objmode(seconds="float64"):
            seconds = time.perf_counter()
        return seconds

    @jit
    def ones(mask: int) -> int:
        """The number of bits set in ``mask``."""
        return int(_population(mask))

    @compiled_only
    def fetch_ahead(typing_context: Any, table: Any, row: Any) -> Any:
        """LLVM's ``prefetch`` of the start of ``table[row]`` (a 2-D array): the memory
        comes into the caches while the code goes on, and nothing waits for it."""
        if not (isinstance(table, types.Array) and table.ndim == 2):
            return None

        def generate(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
            array_type = signature.args[0]
            array = context.make_array(array_type)(context, builder, arguments[0])
            first = [arguments[1], context.get_constant(types.intp, 0)]
            item: Any = cgutils.get_item_pointer
            pointer = item(context, builder, array_type, array, first)
            word = ir.IntType(32)
            kind = ir.FunctionType(ir.VoidType(), [pointer.type, word, word, word])
            declare: Any = cgutils.get_or_insert_function
            function = declare(builder.module, kind, "llvm.prefetch.p0")
            builder.call(function, [pointer, word(0), word(3), word(1)])  # read, keep, data
            return context.get_dummy_value()

        return types.void(table, row), generate

    @compiled_only
    def borrowed(typing_context: Any, array: Any) -> Any:
        """The same array with no owner recorded (its ``meminfo`` null), for a hot loop
        that passes it to other compiled functions: numba counts an array's references
        around every call that takes it, two atomic instructions each, and skips them
        for an array that has no owner. Only for an array that its caller keeps alive
        for as long as the borrowed one is used."""
        if not isinstance(array, types.Array):
            return None

        def generate(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
            view = context.make_array(signature.args[0])(context, builder, arguments[0])
            null: Any = cgutils.get_null_value
            view.meminfo = null(view.meminfo.type)
            return view._getvalue()

        return array(array), generate
