"""The rules as a web page: their Markdown (``squares.rules``) rendered by markdown-it-py,
with the cards of a worked example drawn as cards.

Raw HTML in the source is shown as text, never passed through. The page has its own
``<h1>`` (the game's rules, in the page's language), so the text's headings move one level
down. A table cell that holds a card (``7♥``) or a face-down top (``##``) becomes a small
picture of that card; the same text stays readable in a terminal.

>>> print(rules_html("## Example\\n\\n| | col 0 |\\n|---|---|\\n| row 0 | 7♥ |"))
<h3>Example</h3>
<table>
<thead>
<tr>
<th></th>
<th>col 0</th>
</tr>
</thead>
<tbody>
<tr>
<td>row 0</td>
<td><span class="card-pic red">7♥</span></td>
</tr>
</tbody>
</table>
<BLANKLINE>
"""

from __future__ import annotations

import re
from html import escape

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

CARD = re.compile(r"(?:10|[2-9AJQK])[♥♦♣♠]")
FACE_DOWN = "##"
RED = "♥♦"


def _card_picture(text: str) -> str | None:
    """The picture of the card ``text`` names (``7♥``, ``##``), or None if it names none."""
    if text == FACE_DOWN:
        hidden = f'<span class="visually-hidden">{FACE_DOWN}</span>'
        return f'<span class="card-pic back">{hidden}</span>'
    if CARD.fullmatch(text):
        colour = "red" if text[-1] in RED else "black"
        return f'<span class="card-pic {colour}">{escape(text)}</span>'
    return None


def _pictures_and_levels(state: StateCore) -> None:
    """Cards in table cells drawn as cards; every heading one level down."""
    in_cell = False
    for token in state.tokens:
        if token.type.startswith("heading_"):
            token.tag = f"h{min(6, int(token.tag[1]) + 1)}"
        elif token.type in ("td_open", "th_open"):
            in_cell = True
        elif token.type in ("td_close", "th_close"):
            in_cell = False
        elif in_cell and token.type == "inline":
            picture = _card_picture(token.content.strip())
            if picture is not None:
                html = Token("html_inline", "", 0)
                html.content = picture
                token.children = [html]


_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
_markdown.core.ruler.push("card_pictures", _pictures_and_levels)


def rules_html(text: str) -> str:
    """The rules ``text`` (light Markdown) as HTML for the rules page."""
    html: str = _markdown.render(text)
    return html
