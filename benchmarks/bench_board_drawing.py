"""What drawing the cards and their motion costs the page, in headless Chromium.

Run on demand: ``python benchmarks/bench_board_drawing.py [--rounds N]``. Starts
``squares serve`` on loopback with a temporary database, opens Union Square deal 7 and
prints: the time to draw one card (its SVG, both faces), and the time of one redraw of the
whole board (a pile picked up, then put back: no server request), with the motion's
measuring before and after the drawing, and with reduced motion (no measuring).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Literal

from playwright.sync_api import sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip

DRAW_CARDS = """async (rounds) => {
  const { cardElement } = await import("/static/js/cards.js");
  const codes = [..."A23456789TJQK"].flatMap((r) => [..."CDHS"].map((s) => r + s));
  const began = performance.now();
  for (let i = 0; i < rounds; i += 1) for (const code of codes) cardElement(code);
  return (performance.now() - began) / (rounds * codes.length);
}"""

REDRAWS = """(rounds) => {
  const pile = () => document.querySelector('[data-source="t5"]');
  const began = performance.now();
  for (let i = 0; i < rounds; i += 1) { pile().click(); document.body.offsetHeight; }
  return (performance.now() - began) / rounds;
}"""


def start_server(folder: str) -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen(
        [sys.executable, "-m", "squares", "serve", "--no-browser", "--port", "18533",
         "--db", str(Path(folder) / "bench.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
    )  # fmt: skip
    assert server.stdout is not None
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return server, int(found.group(1))
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server, port = start_server(folder)
        try:
            browser = playwright.chromium.launch(args=ARGS, executable_path=chromium)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            url = f"http://127.0.0.1:{port}/"
            page.goto(url)
            page.get_by_role("button", name="Union Square", exact=True).click()
            page.get_by_label("Deal number or share code").fill("union-square:7")
            page.get_by_role("button", name="Play", exact=True).click()
            page.wait_for_selector('[data-source="t5"] .card')
            per_card = page.evaluate(DRAW_CARDS, 20)
            cards = page.locator("#board .card").count()
            timed = {}
            motions: tuple[Literal["no-preference", "reduce"], ...] = ("no-preference", "reduce")
            for motion in motions:
                page.emulate_media(reduced_motion=motion)
                page.evaluate(REDRAWS, 20)  # warm up
                timed[motion] = page.evaluate(REDRAWS, args.rounds)
            browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"one card drawn (SVG, full face and large index): {per_card * 1000:.0f} µs")
    print(f"one redraw of the board ({cards} cards), {args.rounds} times:")
    print(f"  with motion (measured before and after)  {timed['no-preference']:.2f} ms")
    print(f"  reduced motion (nothing measured)        {timed['reduce']:.2f} ms")


if __name__ == "__main__":
    main()
