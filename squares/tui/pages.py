"""Screens that are read, not played: the keys (from the bindings themselves), the rules."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from squares.i18n import N_, _

READ_CSS = """
#page { padding: 0 1; }
#title { text-style: bold; padding: 0 1; }
"""

KEY_NAMES = {
    "enter": "Enter",
    "space": "Space",
    "escape": "Esc",
    "question_mark": "?",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}


def key_label(keys: str) -> str:
    """``enter,space`` as ``Enter/Space``."""
    return "/".join(KEY_NAMES.get(k, k) for k in keys.split(","))


def binding_lines(bindings: list[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do) for each binding, keys that do the same thing joined."""
    joined: dict[str, list[str]] = {}
    for binding in bindings:
        if binding.description:
            joined.setdefault(_(binding.description), []).append(key_label(binding.key))
    return [("/".join(dict.fromkeys(keys)), what) for what, keys in joined.items()]


class Reading(ModalScreen[None]):
    """A page of text over the game; any of Escape, q or Enter closes it."""

    DEFAULT_CSS = READ_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "close", N_("close")),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text, self.text = title, text

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="title")
        with VerticalScroll(id="page"):
            yield Static(self.text, markup=False)
        yield Static(_("Esc: back to the game"), classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)


def keys_page(bindings: list[Binding], legend: str) -> Reading:
    """The keys of the screen under it, as its bindings declare them, and the board's key."""
    width = max((len(k) for k, _what in binding_lines(bindings)), default=0)
    lines = [f"{keys.ljust(width)}  {what}" for keys, what in binding_lines(bindings)]
    return Reading(_("Keys"), "\n".join(lines) + "\n\n" + legend)


__all__ = ["Reading", "binding_lines", "keys_page"]
