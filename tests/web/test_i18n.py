"""The web app in the player's language: how it is chosen, the pages, the script's catalog."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from fastapi.testclient import TestClient

import squares.i18n
from squares.i18n import LANGUAGES, translations
from squares.web.lang import CATALOGS, js_catalog
from squares.web.script_catalog import (
    SCRIPTS,
    built,
    plural_rule,
    read_catalog,
    script_catalog,
    script_messages,
)

HTML_LANG = re.compile(r'<html lang="([a-z]+)">')
STOCK = (
    "Stock, {count} card: deal one to the waste",
    "Stock, {count} cards: deal one to the waste",
)


def page_language(client: TestClient, path: str = "/", **headers: str) -> str:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    found = HTML_LANG.search(response.text)
    assert found, response.text[:200]
    return found.group(1)


def clear_caches() -> None:
    translations.cache_clear()
    js_catalog.cache_clear()


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A small compiled German catalog in place of the package's catalogs."""
    catalog = Catalog(locale="de", domain="squares")
    catalog.add("New deal", "Neues Spiel")  # on the page only
    catalog.add("Stock: {count}", "Talon: {count}")  # in the script
    catalog.add("No game with that id.", "Kein Spiel mit dieser Nummer.")  # an API error
    catalog.add("Hint: {reason}", "")  # untranslated: not sent
    catalog.add(STOCK, ("Talon, {count} Karte: eine auf den Abfall", "Talon, {count} Karten"))
    where = tmp_path / "locale" / "de" / "LC_MESSAGES"
    where.mkdir(parents=True)
    with open(where / "squares.mo", "wb") as out:
        write_mo(out, catalog)
    monkeypatch.setattr(squares.i18n, "LOCALE_DIR", tmp_path / "locale")
    clear_caches()
    yield
    clear_caches()


def test_accept_language_picks_the_pages_language(client: TestClient) -> None:
    assert page_language(client, **{"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}) == "de"
    assert page_language(client, **{"Accept-Language": "en;q=0.5, te"}) == "te"
    assert page_language(client, "/stats", **{"Accept-Language": "bg"}) == "bg"


def test_the_cookie_wins_over_accept_language(client: TestClient) -> None:
    client.cookies.set("lang", "uz")
    assert page_language(client, **{"Accept-Language": "de"}) == "uz"
    assert client.get("/api/i18n", headers={"Accept-Language": "de"}).json()["lang"] == "uz"


def test_an_unknown_language_is_english_without_an_error(client: TestClient) -> None:
    assert page_language(client, **{"Accept-Language": "xx-YY, *;q=0.1"}) == "en"
    client.cookies.set("lang", "klingon")
    assert page_language(client, **{"Accept-Language": "fr"}) == "fr"  # a bad cookie is ignored
    assert page_language(client, **{"Accept-Language": "zz"}) == "en"
    assert page_language(client) == "en"


def test_pages_say_their_language_and_vary_by_it(client: TestClient) -> None:
    response = client.get("/", headers={"Accept-Language": "fr"})
    assert response.headers["content-language"] == "fr"
    assert "Accept-Language" in response.headers["vary"]
    assert "Cookie" in response.headers["vary"]


def test_the_switcher_lists_each_language_in_its_own_name(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "te"}).text
    for code, name in LANGUAGES.items():
        assert f'<option value="{code}" lang="{code}"' in page
        assert f">{name}</option>" in page
    assert '<option value="te" lang="te" selected>' in page
    assert 'id="language"' in client.get("/stats").text


def test_the_english_page_keeps_its_words(client: TestClient) -> None:
    page = client.get("/").text
    for text in ("New deal", "Undo", "Deal number or share code", "Keys and help", "Statistics"):
        assert text in page
    assert "{" not in page  # every placeholder of the template was filled


def test_api_i18n_answers_json(client: TestClient) -> None:
    response = client.get("/api/i18n", headers={"Accept-Language": "de"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["lang"] == "de" and isinstance(body["messages"], dict)
    assert re.fullmatch(r"[n0-9\s()?:<>=!&|%+*/-]+", body["plural"])
    english = client.get("/api/i18n", headers={"Accept-Language": "en"}).json()
    assert english == {"lang": "en", "plural": "(n != 1)", "messages": {}}


def test_the_script_catalog_holds_the_scripts_translated_messages_only() -> None:
    catalog = Catalog(locale="de", domain="squares")
    catalog.add("New deal", "Neues Spiel")  # on the page only
    catalog.add("Stock: {count}", "Talon: {count}")  # in the script
    catalog.add("No game with that id.", "Kein Spiel mit dieser Nummer.")  # an API error
    catalog.add("Hint: {reason}", "")  # untranslated: not sent
    catalog.add("Redo", "Wiederholen", flags=["fuzzy"])  # a guess: not sent
    catalog.add(STOCK, ("Talon, {count} Karte: eine auf den Abfall", "Talon, {count} Karten"))
    singular, plural = script_messages(sorted(SCRIPTS.glob("*.js")))
    body = script_catalog(catalog, singular, plural)
    assert body["lang"] == "de" and body["plural"] == "(n != 1)"
    assert body["messages"] == {
        "Stock: {count}": "Talon: {count}",
        STOCK[0]: ["Talon, {count} Karte: eine auf den Abfall", "Talon, {count} Karten"],
    }  # not the page's own messages, nor the server's, nor untranslated ones


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_the_shipped_script_catalog_matches_the_po_file_and_the_script(code: str) -> None:
    shipped = CATALOGS / f"{code}.json"
    assert shipped.is_file(), f"{shipped.name} is missing: python -m squares.web.script_catalog"
    assert shipped.read_text(encoding="utf-8") == built(code), (
        f"{shipped.name} is out of date: python -m squares.web.script_catalog"
    )


def test_api_i18n_sends_the_shipped_script_catalog(client: TestClient) -> None:
    body = client.get("/api/i18n", headers={"Accept-Language": "fr"}).json()
    singular, plural = script_messages(sorted(SCRIPTS.glob("*.js")))
    assert body == script_catalog(read_catalog("fr"), singular, plural)
    assert body["plural"] == "(n > 1)" and body["messages"]["Card to place"] == "Carte à poser"


def test_the_page_and_the_errors_speak_the_catalogs_language(
    client: TestClient, german: None
) -> None:
    assert "Neues Spiel" in client.get("/", headers={"Accept-Language": "de"}).text
    assert "Neues Spiel" not in client.get("/", headers={"Accept-Language": "fr"}).text
    client.cookies.set("lang", "de")
    response = client.get("/api/games/12345")
    assert response.status_code == 404
    assert response.json()["detail"] == "Kein Spiel mit dieser Nummer."


def test_rules_page_says_the_language_it_is_written_in(client: TestClient) -> None:
    rules = Path(str(squares.i18n.LOCALE_DIR)).parent / "rules"
    for code in LANGUAGES:
        expected = code if code == "en" or (rules / code / "foursquare.md").is_file() else "en"
        assert page_language(client, "/rules/foursquare", **{"Accept-Language": code}) == expected


def test_the_script_messages_are_found_in_every_script() -> None:
    singular, plural = script_messages(sorted(SCRIPTS.glob("*.js")))
    assert "seven of hearts" in singular and "{card}, face up" in singular
    assert STOCK[0] in plural


def test_scripts_write_no_message_outside_the_catalog() -> None:
    """No English sentence built from a template literal: each goes through _ or ngettext."""
    for path in SCRIPTS.glob("*.js"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0]
            assert not re.search(r"`[A-Z][a-z]+ [a-z]", code), f"{path.name}:{number}: {line}"


def test_only_arithmetic_plural_rules_reach_the_page() -> None:
    assert plural_rule("nplurals=2; plural=(n != 1);") == "(n != 1)"
    assert plural_rule("nplurals=1; plural=0;") == "0"
    assert plural_rule("nplurals=2; plural=alert(1);") is None
