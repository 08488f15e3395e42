"""A grid turned and mirrored in its bounding box: the solver's memo keys merge a grid
with its images, which fail alike."""

from __future__ import annotations

from itertools import product
from typing import Any

import numpy

from squares.ai.foursquare import kernel
from squares.ai.foursquare.kernel import jit_inner
from squares.ai.foursquare.kernel import popcount as count

SYMMETRY_UP_TO = 4  # piles: beyond this, mirror images of a grid are rarely met again


def _images() -> Any:
    """``IMAGES[symmetry, height - 1, width - 1, i]``: cell ``i`` of a grid whose bounding
    box (its top-left corner at 0, 0) is ``height`` by ``width``, turned or mirrored by
    ``symmetry`` (0..7; 0 the identity) in that box."""
    cells = numpy.zeros((8, 4, 4, 16), dtype=numpy.int64)
    for symmetry, height, width, i in product(range(8), range(1, 5), range(1, 5), range(16)):
        r, c = i // 4, i % 4
        if symmetry & 1:
            r = height - 1 - r
        if symmetry & 2:
            c = width - 1 - c
        if symmetry & 4:
            r, c = c, r
        cells[symmetry, height - 1, width - 1, i] = r * 4 + c
    return cells


IMAGES = _images()


@jit_inner
def extent(occupied: int) -> tuple[int, int]:
    """Height and width of the grid's bounding box (its top-left corner at 0, 0)."""
    height = width = 1
    for i in range(16):
        if occupied >> i & 1:
            height = max(height, i // 4 + 1)
            width = max(width, i % 4 + 1)
    return height, width


@jit_inner
def image(
    ranks: int, up: int, occupied: int, heights: int, symmetry: int, height: int, width: int
) -> tuple[int, int, int, int]:
    """The grid turned or mirrored by ``symmetry`` (0..7; 0 the identity) in its box."""
    r2 = u2 = o2 = h2 = 0
    rest = occupied
    while rest:
        low = rest & -rest
        rest ^= low
        i = count(low - 1)
        j = IMAGES[symmetry, height - 1, width - 1, i]
        r2 |= ((ranks >> 4 * i) & 15) << 4 * j
        h2 |= ((heights >> 4 * i) & 15) << 4 * j
        u2 |= (up >> i & 1) << j
        o2 |= 1 << j
    return kernel.wrap(r2), u2, o2, h2


@jit_inner
def least_image(ranks: int, up: int, occupied: int, heights: int) -> tuple[int, int, int]:
    """The least of the grid's 8 images (turned and mirrored in its box), as
    ``(ranks, up | occupied << 16, heights)``: equal for grids that are images of each
    other."""
    least = (ranks, up | occupied << 16, heights)
    height, width = extent(occupied)
    for symmetry in range(1, 8):
        r, u, o, h = image(ranks, up, occupied, heights, symmetry, height, width)
        other = (r, u | o << 16, h)
        if other < least:
            least = other
    return least


@jit_inner
def grid_key(ranks: int, up: int, occupied: int, heights: int, placed: int) -> tuple[int, int, int]:
    """The memo's key: the grid, the least of its images while it has few piles."""
    if count(occupied) <= SYMMETRY_UP_TO:
        r, packed, h = least_image(ranks, up, occupied, heights)
        return r, packed | placed << 32, h
    return ranks, up | occupied << 16 | placed << 32, heights


CELL_IMAGES = numpy.ascontiguousarray(IMAGES[:, 3, 3])
"""``CELL_IMAGES[symmetry, i]``: cell ``i`` of the 4×4 box turned or mirrored by
``symmetry``, as ``image`` turns it."""


def _box_images() -> Any:
    """``images[symmetry, occupied]``: the cells of ``occupied`` turned or mirrored by
    ``symmetry`` in the 4×4 box."""
    masks = numpy.arange(1 << 16, dtype=numpy.int64)
    images = numpy.zeros((8, 1 << 16), dtype=numpy.int64)
    for symmetry in range(8):
        for i in range(16):
            images[symmetry] |= ((masks >> i) & 1) << CELL_IMAGES[symmetry, i]
    return images


def _least_box_images() -> Any:
    """``LEAST_BOX_IMAGES[occupied]``: the symmetries (bit ``s`` for symmetry ``s``) that
    turn ``occupied`` into the least of its images in the 4×4 box."""
    images = _box_images()
    least = images.min(axis=0)
    chosen = (images == least[None, :]).astype(numpy.int64) << numpy.arange(8)[:, None]
    return numpy.sum(chosen, axis=0).astype(numpy.uint8)


LEAST_BOX_IMAGES = _least_box_images()
