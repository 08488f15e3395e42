"""The README's test command is what CI runs, and it checks the code before the tests."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start\n\n```sh\n(.*?)```", readme, re.S)
    assert block, "the README has no quick start"
    return block.group(1).splitlines()


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert quick_start()[1] in ci


def test_the_test_command_lints_and_type_checks_before_the_suite() -> None:
    steps = [step.strip() for step in quick_start()[1].split("&&")]
    assert steps[0] == "python3 -m venv .venv"  # nothing but Python needed first
    ruff, mypy, pytest = (
        next(i for i, step in enumerate(steps) if step.startswith(f".venv/bin/{tool}"))
        for tool in ("ruff", "mypy", "pytest")
    )
    assert ruff < mypy < pytest == len(steps) - 1
    assert steps[ruff] == ".venv/bin/ruff check squares tests benchmarks docs"
