"""The table's layout at the screen sizes players use: card width, toolbar height and
whether anything scrolls, for both games (headless Chromium against a server started here).

Run on demand from the checkout: ``python -m benchmarks.bench_table_layout`` (it reuses
the browser tests' server). Prints figures only.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for its browser helpers

from playwright.sync_api import sync_playwright

from tests.e2e.browser import system_chromium
from tests.e2e.conftest import SEEN_INTRO, ServerProcess

SIZES = ((390, 844), (844, 390), (1280, 800), (1920, 1080), (3840, 2160))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
MEASURE = """() => {
  const card = document.querySelector("#board .card").getBoundingClientRect();
  const page = document.scrollingElement;
  return {card: card.width, toolbar: document.querySelector(".toolbar").offsetHeight,
          scrolls: page.scrollWidth > innerWidth || page.scrollHeight > innerHeight};
}"""


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "layout.db")
        server.start()
        try:
            with sync_playwright() as playwright:
                found = system_chromium()
                browser = playwright.chromium.launch(args=ARGS, executable_path=found)
                print(f"{'game':<13} {'size':>10} {'card px':>8} {'toolbar px':>11} scrolls")
                for game in ("foursquare", "union-square"):
                    for width, height in SIZES:
                        page = browser.new_page(viewport={"width": width, "height": height})
                        page.add_init_script(SEEN_INTRO)
                        page.goto(f"{server.url}?play={game}:7")
                        page.wait_for_selector("#board .card")
                        seen: dict[str, Any] = page.evaluate(MEASURE)
                        share = seen["toolbar"] / height
                        print(
                            f"{game:<13} {width:>5}×{height:<4} {seen['card']:>8.0f} "
                            f"{seen['toolbar']:>5} ({share:4.0%}) {seen['scrolls']}"
                        )
                        page.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
