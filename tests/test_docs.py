"""The documentation: the README's Python example runs as written, and the site builds
strictly, with the parts made from the code (the rules, the odds, the command reference)."""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from squares.ai import hint_player
from squares.ai.deal_levels import LEVELS, shipped_levels
from squares.games import GAMES
from squares.rules import rules_text
from squares.share import WEEK
from squares.survey.plots import draw
from squares.survey.rows import Row

ROOT = Path(__file__).resolve().parent.parent


def python_sessions(text: str) -> str:
    """The ``>>>`` sessions of the Python blocks of a Markdown text, one after another."""
    blocks = re.findall(r"^```python\n(>>> .*?)^```", text, re.S | re.M)
    return "\n".join(blocks)


WITH_EXAMPLES = ["README.md", "docs/playing/ai.md", "docs/reference/python-api.md"]
FRONT_PAGES = ["README.md", "CONTRIBUTING.md"]  # what a visitor of the repository reads first


def markdown_pages() -> list[Path]:
    return [*(ROOT / name for name in FRONT_PAGES), *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_python_examples_print_what_they_show(name: str) -> None:
    sessions = python_sessions((ROOT / name).read_text(encoding="utf-8"))
    example = doctest.DocTestParser().get_doctest(sessions, {}, name, name, 0)
    assert example.examples, f"{name} shows no Python session (>>>)"
    failures: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(example, out=failures.append)
    assert runner.failures == 0, "".join(failures)


def test_every_page_with_python_sessions_is_checked() -> None:
    pages = markdown_pages()
    found = {
        str(page.relative_to(ROOT))
        for page in pages
        if python_sessions(page.read_text(encoding="utf-8"))
    }
    assert found == set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", FRONT_PAGES)
def test_the_front_pages_link_to_pages_of_the_docs_that_exist(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?!https?:)[^)#]+)", text)
    assert any(link.startswith("docs/") for link in links)
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert not missing, f"{name} links to files that are not there: {missing}"


def test_the_contributors_guide_gives_the_commands_of_the_contributing_page() -> None:
    """CONTRIBUTING.md, which the repository shows a newcomer, repeats only commands that
    the documentation's contributing page gives and explains."""
    guide = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", guide, re.S)
    assert block, "CONTRIBUTING.md shows no commands"
    page = (ROOT / "docs" / "contributing" / "index.md").read_text(encoding="utf-8")
    commands = block.group(1).splitlines()
    assert any("pytest -m quick" in command for command in commands)
    assert [command for command in commands if command not in page] == []


def test_every_file_the_docs_name_is_there() -> None:
    """A path such as `squares/games/foursquare_grid.py` in a page names a file or folder of
    the repository (a placeholder in capitals, `squares/rules/LANG/`, stands for many)."""
    pages = markdown_pages()
    named = r"`((?:squares|benchmarks|tests|surveys|docs)/[\w./-]*)"
    missing = [
        f"{page.relative_to(ROOT)}: {path}"
        for page in pages
        for path in re.findall(named, page.read_text(encoding="utf-8"))
        if not re.search(r"[A-Z]{3,}", path) and not (ROOT / path).exists()
    ]
    assert not missing, missing


def test_where_each_rule_lives_names_what_each_module_holds() -> None:
    """In the architecture's table, "`squares/x.py`: `name`, `other`" names functions or
    constants that module defines, so the table follows a rename."""
    table = (ROOT / "docs" / "contributing" / "architecture.md").read_text(encoding="utf-8")
    pairs = re.findall(r"`(squares/[\w/]+\.py)`: ((?:`\w+`(?:, )?)+)", table)
    assert len(pairs) >= 5
    for path, names in pairs:
        source = (ROOT / path).read_text(encoding="utf-8")
        for name in re.findall(r"`(\w+)`", names):
            assert re.search(rf"^(def {name}\(|class {name}\b|{name}\b.*=)", source, re.M), (
                f"{path} defines no {name}"
            )


def printed_examples(text: str) -> list[tuple[str, str, str]]:
    """Each ``printf 'LINES' | squares ARGUMENTS`` block of a Markdown text that is followed
    by a ``text`` block: its lines, its arguments and the output the text block shows."""
    found: list[tuple[str, str, str]] = re.findall(
        r"```sh\nprintf '([^']*)' \| squares ([^\n]*)\n```\n(?:(?!```).)*?```text\n(.*?)\n```",
        text,
        re.S,
    )
    return found


def test_the_text_mode_page_shows_what_the_line_mode_prints(tmp_path: Path) -> None:
    page = (ROOT / "docs" / "playing" / "text-mode.md").read_text(encoding="utf-8")
    shown = printed_examples(page)
    assert len(shown) >= len(GAMES), "the text mode's page shows no board of some game"
    env = {**os.environ, "LANG": "C.UTF-8"}
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        env.pop(name, None)
    for number, (lines, arguments, output) in enumerate(shown):
        done = subprocess.run(
            [sys.executable, "-m", "squares", *shlex.split(arguments)],
            input=lines.replace("\\n", "\n"),
            capture_output=True,
            text=True,
            encoding="utf-8",
            env={**env, "SQUARES_DB": str(tmp_path / f"{number}.sqlite")},
            cwd=tmp_path,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.rstrip("\n") == output, arguments


def test_the_sites_build_names_no_game() -> None:
    """A third game gets the parts of the site made from the code as the first two do:
    the build asks the registry for the games and finds each one's survey by its name."""
    hooks = (ROOT / "docs" / "hooks.py").read_text(encoding="utf-8")
    assert [name for name in GAMES if re.search(rf"[\"'`]{name}", hooks)] == []


def test_the_surveys_page_names_every_plot_the_report_draws(tmp_path: Path) -> None:
    rows = [
        Row(0, "whole-deal", "solver", "winnable", 104, True, 300, None, 2.0),
        Row(0, "keeper", "player", "won", 104, None, None, 90, 0.5),
    ]
    lines = [{"who": row.who, "win_rate": 1.0, "ci95": [0.2, 1.0]} for row in rows]
    drawn = [path.name for path in draw("union-square", rows, lines, tmp_path)]
    assert len(drawn) == 4
    text = (ROOT / "docs" / "reference" / "surveys.md").read_text(encoding="utf-8")
    plots = re.search(r"--plots [^\n]*", text)
    assert plots, "the surveys page shows no --plots command"
    assert [name for name in drawn if name not in plots.group(0)] == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_solver_page_names_the_player_its_hints_come_from(game: str) -> None:
    text = (ROOT / "docs" / "solvers" / f"{game}.md").read_text(encoding="utf-8")
    assert f"`{hint_player(game)}`" in text


SHORT_PARAGRAPH = 160  # words


def decisions() -> list[str]:
    """The entries of the decision log: every paragraph under its sections' headings."""
    text = (ROOT / "docs" / "contributing" / "decisions.md").read_text(encoding="utf-8")
    body = text[text.index("\n## ") :]
    return [part.strip() for part in re.split(r"\n\s*\n", body) if part.strip()[:3] != "## "]


def test_each_decision_is_one_short_paragraph_under_a_title_of_its_own() -> None:
    entries = decisions()
    untitled = [entry[:60] for entry in entries if not entry.startswith("**")]
    assert not untitled, f"paragraphs that are not an entry of their own: {untitled}"
    words = [len(entry.split()) for entry in entries]
    long = [
        f"{e[:60]} ({n} words)" for e, n in zip(entries, words, strict=True) if n > SHORT_PARAGRAPH
    ]
    assert not long, f"entries longer than {SHORT_PARAGRAPH} words: {long}"
    titles = [entry.split("**")[1].rstrip(".") for entry in entries]
    assert len(set(titles)) == len(titles)


def test_the_readme_is_a_start_not_a_manual() -> None:
    assert len((ROOT / "README.md").read_bytes()) <= 8 * 1024


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return folder


def page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


@pytest.mark.long
@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_the_rules_pages_show_the_rules_squares_rules_prints(site: Path, game: str) -> None:
    first_line = rules_text(game, "en").splitlines()[0].lstrip("# ")
    assert first_line in page(site, f"rules/{game}")


@pytest.mark.long
@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_the_odds_page_holds_the_survey_reports_rows_and_charts(site: Path, game: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "squares", "survey-report", f"surveys/{game}.sqlite", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    odds = page(site, "odds")
    for row in report["rows"]:
        assert row["command"] in odds
    assert (site / "odds" / game / "best-scores.svg").is_file()


@pytest.mark.long
@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_the_odds_charts_keep_a_readable_width_on_a_phone(site: Path, game: str) -> None:
    """A chart drawn 800 pixels wide, shrunk to a phone's column, has words too small to
    read: each chart is of the class that the site's style sheet keeps wider."""
    odds = page(site, "odds")
    charts = sorted(path.name for path in (site / "odds" / game).glob("*.svg"))
    assert charts
    for name in charts:
        assert re.search(rf'<img [^>]*class="chart"[^>]*src="{game}/{name}"', odds), name
    sheet = re.search(r'<link [^>]*href="\.\./(stylesheets/[\w.-]+\.css)"', odds)
    assert sheet, "the odds page links no style sheet of the site's own"
    css = (site / sheet.group(1)).read_text(encoding="utf-8")
    assert re.search(r"img\.chart\s*\{\s*min-width:\s*\d+px", css)


@pytest.mark.long
def test_the_site_asks_nothing_of_another_server(site: Path) -> None:
    """Served with ``mkdocs serve`` or read from its files, no page loads a font, a style
    sheet or a script from elsewhere (a machine offline shows it whole)."""
    loads = re.compile(r'<(?:link|script|img)\b[^>]*\b(?:href|src)="(https?:)?//', re.I)
    pages = sorted(site.rglob("*.html"))
    assert pages
    assert [str(p.relative_to(site)) for p in pages if loads.search(p.read_text("utf-8"))] == []


@pytest.mark.long
def test_the_command_reference_has_every_commands_help(site: Path) -> None:
    reference = page(site, "reference/commands")
    for command in ("play", "serve", "review", "solve", "survey", "survey-report", "export"):
        assert f"usage: squares {command} " in reference


@pytest.mark.long
@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_the_odds_page_counts_the_shipped_levels_and_the_solver_wins_each(
    site: Path, game: str
) -> None:
    table = shipped_levels(game)
    assert table is not None
    odds = page(site, "odds")
    section = odds[odds.index(f'id="{game}_1"') :]  # the game's part of "Deals by difficulty"

    def row(label: str) -> list[str]:
        found = re.search(rf"<td>{label}</td>((?:\s*<td[^>]*>[^<]*</td>)*)", section)
        assert found is not None, label
        return re.findall(r"<td[^>]*>([^<]*)</td>", found.group(1))

    assert row("deals") == [f"{len(table.deals(level)):,}" for level in LEVELS]
    assert row(r"the solver, <code>whole-deal</code>, wins") == ["100%"] * len(LEVELS)
    first, last = table.rated()[0], table.rated()[-1]
    assert f"Deals {first:,} to {last:,} are rated" in section


@pytest.mark.long
def test_the_odds_page_shows_the_daily_deals_level_on_each_day(site: Path) -> None:
    odds = page(site, "odds")
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    for day, level in zip(days, WEEK, strict=True):
        assert re.search(rf"<td>{day}</td>\s*<td>{level}</td>", odds), day
