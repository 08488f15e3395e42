"""The rules page renders the one Markdown source of each game's rules, and nothing in it
reaches the page as HTML."""

from __future__ import annotations

from fastapi.testclient import TestClient

from squares.rules import rules_text
from squares.web.rules_html import rules_html


def test_the_rules_page_renders_the_text_the_command_line_prints(client: TestClient) -> None:
    page = client.get("/rules/union-square", headers={"Accept-Language": "fr"}).text
    source = rules_text("union-square", "fr")
    assert source.startswith("# UNION SQUARE")
    assert "<h2>UNION SQUARE – une réussite à deux jeux</h2>" in page
    assert "<li><code>t5-t9</code> — mettre la carte du dessus de t5 sur t9</li>" in page


def test_html_in_the_rules_is_shown_as_text_never_run() -> None:
    html = rules_html("Aim <script>alert(1)</script>\n\n| a |\n|---|\n| <b>7♥</b> |")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<b>" not in html


def test_only_a_whole_card_in_a_cell_is_drawn_as_a_card() -> None:
    html = rules_html("| a | b | c |\n|---|---|---|\n| 10♦ | ## | 7♥ or 9♥ |")
    assert '<span class="card-pic red">10♦</span>' in html
    assert 'class="card-pic back"' in html
    assert "<td>7♥ or 9♥</td>" in html
