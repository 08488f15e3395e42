"""The frame of the compact files shipped in ``squares/ai/data/`` (``deal_results``,
``deal_levels``): a magic, a format version, the game's name, a few integers and a
zlib-compressed payload of one record per deal, all integers little-endian (each file's
layout is in docs/reference/formats.md).

>>> HEAD = struct.Struct("<II")
>>> data = frame(b"SQTEST\\x00\\x00", 1, "foursquare", HEAD, (7,), b"abc")
>>> unframe(data, b"SQTEST\\x00\\x00", 1, HEAD, Words("not", "newer {found} {known}", "bad"))
('foursquare', (7,), b'abc')
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Protocol, TypeVar

from squares.errors import BadResults


@dataclass(frozen=True, slots=True)
class Words:
    """What a kind of file says when a file is not one, is newer (``{found}``,
    ``{known}``), or is damaged: already translated."""

    not_one: str
    newer: str
    damaged: str


def frame(
    magic: bytes, version: int, game: str, head: struct.Struct, fields: tuple[int, ...],
    payload: bytes,
) -> bytes:  # fmt: skip
    """The file: ``head`` packs ``fields`` and then the compressed payload's length."""
    name, packed = game.encode(), zlib.compress(payload, 9)
    return b"".join(
        (
            magic,
            struct.pack("<HB", version, len(name)),
            name,
            head.pack(*fields, len(packed)),
            packed,
        )
    )


def unframe(
    data: bytes, magic: bytes, version: int, head: struct.Struct, words: Words
) -> tuple[str, tuple[int, ...], bytes]:
    """The game's name, the fields and the payload of a file of ``frame``;
    ``BadResults`` with ``words`` if it is not one, is newer than ``version`` or is
    damaged (the payload's length, or zlib's own sum, is wrong)."""
    if data[: len(magic)] != magic:
        raise BadResults(words.not_one)
    try:
        found, length = struct.unpack_from("<HB", data, len(magic))
        if found > version:
            raise BadResults(words.newer.format(found=found, known=version))
        at = len(magic) + 3
        game = data[at : at + length].decode()
        *fields, size = head.unpack_from(data, at + length)
        packed = data[at + length + head.size :]
        if len(packed) == size:
            return game, tuple(fields), zlib.decompress(packed)
    except (struct.error, UnicodeDecodeError, zlib.error):
        pass
    raise BadResults(words.damaged)


class _Table(Protocol):
    @property
    def game(self) -> str: ...


T = TypeVar("T", bound=_Table)


def shipped_file(game: str, suffix: str, unpack: Callable[[bytes], T]) -> T | None:
    """The table of ``squares/ai/data/GAME.SUFFIX``; ``None`` if there is none, it is
    damaged or it is another game's (the faces then go without)."""
    try:
        data = resources.files("squares.ai").joinpath("data", f"{game}.{suffix}").read_bytes()
        table = unpack(data)
    except (OSError, BadResults):
        return None
    return table if table.game == game else None
