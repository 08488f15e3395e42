"""The style sheets hold only rules a page uses: every class they style is one a script or
a template puts on the page, and no rule of app.css is written again (and so undone) by
cards.css, where the cards' faces live."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent.parent / "squares" / "web"
SHEETS = sorted((WEB / "static" / "css").glob("*.css"))
COMMENT = re.compile(r"/\*.*?\*/", re.S)
RULE = re.compile(r"([^{}@]+)\{([^{}]*)\}")
CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")


def rules(sheet: Path) -> list[tuple[str, dict[str, str]]]:
    """Each plain rule of ``sheet`` (inside an at-rule too): its selectors and properties."""
    found = []
    for selectors, body in RULE.findall(COMMENT.sub("", sheet.read_text(encoding="utf-8"))):
        properties = dict(
            (name.strip(), value.strip())
            for name, _colon, value in (d.partition(":") for d in body.split(";") if ":" in d)
        )
        for selector in selectors.split(","):
            if selector.strip() and not selector.strip()[0].isdigit():  # not a keyframe
                found.append((" ".join(selector.split()), properties))
    return found


def page_sources() -> str:
    scripts = (WEB / "static" / "js").glob("*.js")
    # and the server's own HTML: the rules' Markdown rendered (rules_html.py)
    written = [*(WEB / "templates").glob("*.html"), *WEB.glob("*.py")]
    return "\n".join(p.read_text(encoding="utf-8") for p in (*scripts, *written))


def test_every_class_a_style_sheet_styles_is_put_on_a_page() -> None:
    sources = page_sources()
    # a class a script builds from a prefix: `key key-${kind}`
    prefixes = re.findall(r"([\w-]+-)\$\{", sources)
    unused = []
    for sheet in SHEETS:
        for selector, _properties in rules(sheet):
            for name in CLASS.findall(selector):
                named = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", sources)
                if not named and not any(name.startswith(prefix) for prefix in prefixes):
                    unused.append((sheet.name, name))
    assert not unused, sorted(set(unused))


def test_no_rule_of_the_page_is_undone_by_the_card_faces_sheet() -> None:
    faces: dict[str, set[str]] = {}
    for selector, properties in rules(WEB / "static" / "css" / "cards.css"):
        faces.setdefault(selector, set()).update(properties)
    undone = [
        (selector, sorted(set(properties) & faces[selector]))
        for selector, properties in rules(WEB / "static" / "css" / "app.css")
        if set(properties) & faces.get(selector, set())
    ]
    assert not undone, undone
