"""The layers hold: the rules import nothing above them, the faces (command line, web,
terminal game) import the store, the session, the games and the AI but never each other,
and outside each game's own modules no code knows a game by name or re-states its limits.
"""

from __future__ import annotations

import ast
import io
import itertools
import re
import tokenize
from pathlib import Path

import pytest

from squares.games import GAMES

PACKAGE = Path(__file__).resolve().parent.parent / "squares"
FACES = ("squares.cli", "squares.web", "squares.tui")
BELOW_THE_FACES = (
    "squares.cards", "squares.errors", "squares.i18n", "squares.share", "squares.rules",
    "squares.address", "squares.session", "squares.games", "squares.store", "squares.ai",
    "squares.review", "squares.survey",
)  # fmt: skip
# The review sits on the games, the AI and the store: none of those knows of it.
UNDER_THE_REVIEW = (
    "squares.cards",
    "squares.games",
    "squares.session",
    "squares.store",
    "squares.ai",
)
ENTRY_POINT = "squares.cli.main"  # the command line's entry point may start the other faces
RULES_MAY_IMPORT = ("squares.cards", "squares.errors", "squares.i18n", "squares.games")

# Where a game may be named: its rules, its AI, and each face's renderer of that game.
GAME_MODULES = re.compile(
    r"^(games/|ai/(foursquare|union_square)/|(cli|tui)/board_\w+\.py$"
    r"|web/static/js/(foursquare|unionsquare)\.js$)"
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def python_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def imports_of(path: Path) -> set[str]:
    """Every squares module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("squares")}


def within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def face_of(name: str) -> str | None:
    return next((face for face in FACES if within(name, (face,))), None)


@pytest.mark.parametrize("path", python_modules(), ids=lambda p: module_name(p))
def test_each_module_imports_only_what_its_layer_allows(path: Path) -> None:
    name = module_name(path)
    imported = imports_of(path)
    if within(name, ("squares.games",)):
        assert {i for i in imported if not within(i, RULES_MAY_IMPORT)} == set()
    if within(name, BELOW_THE_FACES):
        assert {i for i in imported if face_of(i)} == set(), "a layer below imports a face"
    if within(name, ("squares.store", "squares.session")):
        assert {i for i in imported if within(i, ("squares.ai",))} == set()
    if within(name, UNDER_THE_REVIEW):
        assert {i for i in imported if within(i, ("squares.review",))} == set()
    face = face_of(name)
    if face and name != ENTRY_POINT:
        others = {i for i in imported if face_of(i) not in (None, face)}
        assert others == set(), f"{name} imports another face"


def game_name_literals(path: Path) -> list[str]:
    """The lines of ``path`` that hold a game's name as a whole string (a comparison, a key)."""
    text = path.read_text(encoding="utf-8")
    quoted = "|".join(re.escape(name) for name in GAMES)
    if path.suffix == ".js":
        pattern = re.compile(rf"""["'`]({quoted})["'`]""")
        return [line for line in text.splitlines() if pattern.search(line)]
    hits = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.STRING and token.string.strip("'\"") in GAMES:
            hits.append(token.line.strip())
    return hits


def face_files() -> list[Path]:
    files = [p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".js")]
    return sorted(p for p in files if "locale" not in p.parts)


@pytest.mark.parametrize("path", face_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_code_outside_a_games_own_modules_knows_it_by_name(path: Path) -> None:
    if GAME_MODULES.match(path.relative_to(PACKAGE).as_posix()):
        return
    assert game_name_literals(path) == []


LIMIT_COMPARISON = re.compile(r"(?<![:{\w])(>=|<=|===|==|!==|!=|>|<)\s*[45](?![\w.])")
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
LIMIT_WORDS = re.compile(r"5th|more than 4|5 loses|a fifth", re.IGNORECASE)


def limit_lines(path: Path) -> list[str]:
    """Lines that compare with or speak of the games' limits (4 cards a pile, 4 face down)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":  # numbers in code, not in format specs or strings
        found = []
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
        for before, after in itertools.pairwise(tokens):
            compares = before.type == tokenize.OP and before.string in COMPARISONS
            if compares and after.type == tokenize.NUMBER and after.string in ("4", "5"):
                found.append(before.line.strip())
        return found + [line for line in text.splitlines() if LIMIT_WORDS.search(line)]
    return [line for line in text.splitlines() if LIMIT_COMPARISON.search(line)] + [
        line for line in text.splitlines() if LIMIT_WORDS.search(line)
    ]


@pytest.mark.parametrize(
    "path",
    [p for p in face_files() if face_of(module_name(p)) or "static" in p.parts],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_no_face_restates_a_limit_of_the_rules(path: Path) -> None:
    assert limit_lines(path) == []


def test_the_review_is_read_by_every_face_and_imports_none() -> None:
    review = [p for p in python_modules() if within(module_name(p), ("squares.review",))]
    assert review and all(not any(face_of(i) for i in imports_of(p)) for p in review)
    users = {face_of(module_name(p)) for p in python_modules() if "squares.review" in imports_of(p)}
    assert set(FACES) <= users


def test_the_checks_would_see_a_face_that_knew_a_rule(tmp_path: Path) -> None:
    face = tmp_path / "face.py"
    face.write_text('if view["game"] == "foursquare" and down > 4:\n    pass\n', encoding="utf-8")
    assert game_name_literals(face) and limit_lines(face)
    script = tmp_path / "face.js"
    script.write_text('if (view.game === "union-square" && pile.height >= 4) x();\n')
    assert game_name_literals(script) and limit_lines(script)


PICTURE = PACKAGE.parent / "docs" / "images" / "packages.svg"
# What every layer may use, left out of the architecture's picture of the packages.
UTILITIES = ("errors", "i18n", "address", "jsonin", "notice", "__init__", "__main__")


def boxes_of_the_picture() -> dict[str, tuple[float, float]]:
    """Each package or module the picture names (``squares/store``, ``share.py``), as a
    module name, with the box it is drawn in: its top, then its left side."""
    svg = PICTURE.read_text(encoding="utf-8")
    rects = [
        (float(x), float(y), float(w))
        for x, y, w in re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg)
    ]
    drawn: dict[str, tuple[float, float]] = {}
    for x, y, text in re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        named = re.findall(r'<tspan font-family="monospace">([^<]*)</tspan>', text)
        if not named:
            continue  # a caption
        left, top, _ = max(
            (r for r in rects if r[1] < float(y) and r[0] < float(x) < r[0] + r[2]),
            key=lambda r: r[1],
        )
        for names in named:
            for name in names.split(" · "):
                module = "squares." + re.sub(r"^squares/|\.py$|/$", "", name).replace("/", ".")
                drawn[module] = (top, left)
    return drawn


def test_the_picture_of_the_packages_draws_each_above_what_it_imports() -> None:
    """docs/contributing/architecture.md's picture: every module but the small utilities
    is in it, and a module imports only what is drawn in its own box or lower down (the
    command line's entry point starts the other faces)."""
    drawn = boxes_of_the_picture()

    def box(name: str) -> str | None:
        return next((d for d in sorted(drawn, key=len, reverse=True) if within(name, (d,))), None)

    wrong = []
    for path in python_modules():
        name = module_name(path)
        if name == "squares" or name.split(".")[1] in UTILITIES:
            continue
        own = box(name)
        assert own is not None, f"{name} is not in the picture of the packages"
        for imported in imports_of(path):
            other = box(imported)
            if other is None or drawn[other] == drawn[own]:
                continue
            if name == ENTRY_POINT and face_of(imported):
                continue
            if drawn[other][0] <= drawn[own][0]:
                wrong.append(f"{name} imports {imported}, drawn beside or above it")
    assert not wrong, wrong
