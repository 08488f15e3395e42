"""Small screens over the board: a yes/no question, a line to type, a list to pick from."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from squares.i18n import N_, _

DIALOG_CSS = """
Confirm, Ask, Pick { align: center middle; }
#dialog { width: 70; max-width: 100%; height: auto; border: thick $accent; padding: 1 2;
          background: $surface; }
#dialog OptionList { height: auto; max-height: 12; }
"""


class Confirm(ModalScreen[bool]):
    """A question answered with y (or Enter) or n (or Escape)."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", N_("yes")),
        Binding("n,escape", "answer(False)", N_("no")),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question)
            yield Static(_("y: yes · n: no"), classes="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Ask(ModalScreen[str | None]):
    """A line of text, or ``None`` on Escape."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(self, question: str, placeholder: str = "") -> None:
        super().__init__()
        self.question, self.placeholder = question, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question)
            yield Input(placeholder=self.placeholder)
            yield Static(_("Enter: go · Escape: cancel"), classes="keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class Pick(ModalScreen[str | None]):
    """One of several choices (id, label), or ``None`` on Escape."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(self, question: str, choices: list[tuple[str, str]], chosen: str) -> None:
        super().__init__()
        self.question, self.choices, self.chosen = question, choices, chosen

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question)
            options = OptionList(*(Option(label, id=key) for key, label in self.choices))
            keys = [key for key, _label in self.choices]
            options.highlighted = keys.index(self.chosen) if self.chosen in keys else 0
            yield options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
