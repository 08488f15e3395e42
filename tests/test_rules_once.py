"""Each rule once: outside the rules (``squares/games/``) and each game's compiled kernel
(``squares/ai/<game>/kernel.py``), no code writes Foursquare's face-down limit, its flip
comparison or a Union Square pile's direction again. The kernels take their constants
from the rules, and every other module asks the rules or a kernel.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "squares"
LIMIT_NAMES = ("MAX_FACE_DOWN", "MAX_DOWN", "MOST_DOWN")
LIMIT_VALUES = (4, 5)  # more than four face down loses: ``> 4`` or ``>= 5``


def where_rules_live(path: Path) -> bool:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0] == "games" or (relative.parts[0] == "ai" and path.name == "kernel.py")


def _text(node: ast.AST) -> str:
    return ast.unparse(node)


def _is_number(node: ast.AST, values: tuple[int, ...]) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value in values


def _second_from_top(node: ast.AST) -> bool:
    """Whether ``node`` reads ``x[-2]``: the card under a pile's top."""
    return any(
        isinstance(part, ast.Subscript)
        and isinstance(part.slice, ast.UnaryOp)
        and isinstance(part.slice.op, ast.USub)
        and _is_number(part.slice.operand, (2,))
        for part in ast.walk(node)
    )


def restated_rules(source: str) -> list[tuple[str, str]]:
    """Each (rule, line) of ``source`` that writes a rule of the games again."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        line = lines[node.lineno - 1].strip() if hasattr(node, "lineno") else ""
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            texts = [_text(operand) for operand in operands]
            if any(name in text for text in texts for name in LIMIT_NAMES) or (
                any("down" in text.lower() for text in texts)
                and any(_is_number(operand, LIMIT_VALUES) for operand in operands)
            ):
                found.append(("face-down limit", line))
            calls_extreme = any(
                isinstance(o, ast.Call) and _text(o.func) in ("max", "min") for o in operands
            )
            if calls_extreme and any("rank" in text for text in texts):
                found.append(("flip comparison", line))
        if (
            isinstance(node, ast.Assign)
            and _is_number(node.value, LIMIT_VALUES)
            and any("DOWN" in _text(target) for target in node.targets)
        ):
            found.append(("face-down limit", line))
        pairs = (
            [node.left, *node.comparators]
            if isinstance(node, ast.Compare)
            else [node.left, node.right]
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub)
            else []
        )
        if any(_second_from_top(operand) for operand in pairs):
            found.append(("direction", line))
    return found


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if not where_rules_live(p))


def test_no_module_outside_the_rules_and_the_kernels_restates_a_rule() -> None:
    found = {
        (path.relative_to(PACKAGE).as_posix(), rule, line)
        for path in modules()
        for rule, line in restated_rules(path.read_text(encoding="utf-8"))
    }
    assert found == set(), "a rule written again outside the rules and the kernels"


def test_the_kernels_take_the_limits_from_the_rules() -> None:
    kernels = sorted((PACKAGE / "ai").glob("*/kernel.py"))
    restated = [
        (path.parent.name, _text(node))
        for path in kernels
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign)
        and _is_number(node.value, LIMIT_VALUES)
        and any(word in _text(t) for t in node.targets for word in ("DOWN", "HEIGHT"))
    ]
    assert kernels and restated == []


@pytest.mark.parametrize(
    ("rule", "code"),
    [
        ("face-down limit", "if down > MAX_DOWN:\n    pass\n"),
        ("face-down limit", "lost = (board[2] ^ board[1]).bit_count() > MAX_FACE_DOWN\n"),
        ("face-down limit", "if face_down >= 5:\n    pass\n"),
        ("face-down limit", "_MOST_DOWN = 4\n"),
        ("flip comparison", "flips = rank > max(row_up) or rank < min(row_up)\n"),
        ("direction", "step = top - pile[-2]\n"),
        ("direction", "up = pile[-1].rank > pile[-2].rank\n"),
    ],
)
def test_the_check_sees_a_rule_written_again(rule: str, code: str) -> None:
    assert {found for found, _line in restated_rules(code)} == {rule}


def test_the_check_leaves_code_that_asks_the_kernel_alone() -> None:
    code = "if kernel.lost(down) or kernel.won(occupied, up):\n    pass\nx = pile[-1]\n"
    assert restated_rules(code) == []
