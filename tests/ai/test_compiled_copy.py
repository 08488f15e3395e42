"""``compiled.copy_run``: the searches' copy of a run of cells, in place of numba's slice
assignment."""

from __future__ import annotations

import numpy

from squares.ai.compiled import copy_run


def test_copy_run_copies_the_run_and_nothing_else() -> None:
    target = numpy.zeros(8, dtype=numpy.int16)
    source = numpy.arange(10, 20, dtype=numpy.int16)
    copy_run(target, 2, source, 5, 3)
    assert target.tolist() == [0, 0, 15, 16, 17, 0, 0, 0]


def test_copy_run_of_nothing_leaves_the_target() -> None:
    target = numpy.full(4, 7, dtype=numpy.int16)
    copy_run(target, 0, numpy.zeros(4, dtype=numpy.int16), 0, 0)
    assert target.tolist() == [7, 7, 7, 7]
