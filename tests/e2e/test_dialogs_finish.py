"""Dialogs a player can read: the win's celebration never covers the end dialog, and a
dialog opens at its top, its title in view, on a phone held sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_motion import play_all_but_the_last_move
from tests.e2e.test_play_in_browser import choose, open_game

# the order in which the celebration and the end dialog enter the top layer, where the one
# entered last lies above the other
WATCH = """
window.topLayer = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    const node = change.target;
    if (change.type === "attributes" && node.id === "end-dialog" && node.open) {
      window.topLayer.push("end-dialog");
    }
    for (const added of change.addedNodes || []) {
      if (added.dataset?.celebration) window.topLayer.push("celebration");
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["open"]});
"""


@pytest.mark.usefixtures("motion")
def test_the_win_celebration_never_covers_the_end_dialog(page: Page, server: Server) -> None:
    last = play_all_but_the_last_move(page, server, 3)
    page.evaluate(WATCH)
    page.locator(f'[data-cell="{last}"]').click()
    expect(page.locator("canvas.celebration")).to_be_visible()
    expect(page.locator("#end-dialog")).to_be_visible()
    assert page.evaluate("window.topLayer") == ["celebration", "end-dialog"]


@pytest.mark.parametrize("opener", ["Keys and help", "end"])
def test_a_dialog_opens_at_its_top_on_a_phone_held_sideways(
    page: Page, server: Server, opener: str
) -> None:
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, server, "union-square", 7)
    if opener == "end":
        page.locator('[data-place="s"]').click()
        choose(page, "Resign")
        dialog = page.locator("#end-dialog")
    else:
        choose(page, opener)
        dialog = page.locator("#help-dialog")
    expect(dialog).to_be_visible()
    title = dialog.locator("h2")
    box = title.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 390
    focused = page.evaluate("document.activeElement.getBoundingClientRect().bottom")
    assert focused <= 390  # and the button the focus is on is in view too
    edge = dialog.bounding_box()
    assert edge is not None and edge["y"] >= 0 and edge["y"] + edge["height"] <= 390
