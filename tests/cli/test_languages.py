"""The text mode and the rules in each language, checked for words of that language."""

from __future__ import annotations

import re

import pytest

from squares.cli.exits import EXIT_REFUSED
from tests.cli.conftest import Run

# words a player of each language meets at once: the stock, the rules' card words
WORDS = {
    "de": {"play": "Talon", "rules": "Karten"},
    "fr": {"play": "talon", "rules": "cartes"},
    "bg": {"play": "тесте", "rules": "карти"},
    "uz": {"play": "dasta", "rules": "karta"},
}
TELUGU = re.compile(r"[\u0C00-\u0C7F]{3,}")
CYRILLIC = re.compile(r"[\u0400-\u04FF]{3,}")


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_text_mode_speaks_the_language(squares_here: Run, lang: str) -> None:
    result = squares_here("--lang", lang, "play", "union-square", "--deal", "7", stdin="zz\nq\n")
    assert result.returncode == EXIT_REFUSED  # zz is refused
    assert WORDS[lang]["play"] in result.stdout
    assert "stock 88" not in result.stdout  # not the English board


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_rules_speak_the_language(squares_here: Run, lang: str) -> None:
    for game in ("foursquare", "union-square"):
        result = squares_here("rules", game, "--lang", lang)
        assert result.returncode == 0
        assert WORDS[lang]["rules"] in result.stdout, (lang, game)


def test_bulgarian_is_written_in_cyrillic(squares_here: Run) -> None:
    result = squares_here("--lang", "bg", "rules", "union-square")
    assert len(CYRILLIC.findall(result.stdout)) > 50


def test_telugu_text_mode_and_rules_are_in_telugu_script(squares_here: Run) -> None:
    play = squares_here("--lang", "te", "play", "foursquare", "--deal", "7", stdin="q\n")
    assert TELUGU.search(play.stdout.splitlines()[0] + play.stdout)
    rules = squares_here("--lang", "te", "rules", "foursquare")
    assert len(TELUGU.findall(rules.stdout)) > 50


def test_the_locale_chooses_the_language_and_unknown_ones_fall_back(squares: Run) -> None:
    german = squares(
        "play", "union-square", "--deal", "7", stdin="q\n", env={"LANG": "de_DE.UTF-8"}
    )
    assert "Talon" in german.stdout
    unknown = squares("--lang", "xx", "play", "union-square", "--deal", "7", stdin="q\n")
    assert unknown.returncode == 0 and "stock 88" in unknown.stdout


def test_replay_for_tools_stays_in_english(squares_here: Run) -> None:
    result = squares_here("--lang", "fr", "replay", "union-square", "--deal", "7", "t1-t2")
    assert result.returncode == 2 and "t2 holds one card" in result.stderr
