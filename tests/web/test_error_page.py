"""A browser that asks for a page that is not there gets the app's own page, which says
what is wrong and leads back to the game; the API answers JSON whatever is asked for."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("/review/abc", "&#39;abc&#39; is not a game&#39;s number"),
        ("/review/999999", "There is no game 999999 to review."),
        ("/review/99999999999999999999", "is not a game&#39;s number"),
        ("/no/such/page", "There is no page at this address."),
    ],
)
def test_a_browser_at_a_missing_page_gets_the_apps_error_page(
    client: TestClient, address: str, said: str
) -> None:
    response = client.get(address, headers=BROWSER)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert said in page
    assert '<link rel="stylesheet" href="/static/css/app.css">' in page  # the app's look
    assert re.search(r'<a href="/" class="button-link">', page)  # the way back
    assert 'id="language"' in page  # the language switcher, as on every page


def test_a_review_of_a_game_that_is_there_is_its_page(client: TestClient) -> None:
    game = client.post("/api/games", json={"game": "foursquare", "deal": 7}).json()
    response = client.get(f"/review/{game['id']}", headers=BROWSER)
    assert response.status_code == 200 and f'data-game="{game["id"]}"' in response.text


@pytest.mark.parametrize("address", ["/review/abc", "/review/999999", "/no/such/page"])
def test_a_program_at_a_missing_page_gets_the_one_error_shape(
    client: TestClient, address: str
) -> None:
    response = client.get(address, headers={"Accept": "application/json"})
    assert response.status_code == 404
    assert set(response.json()) == {"detail"}


@pytest.mark.parametrize("address", ["/api/no-such-route", "/api/games/999999/review"])
def test_the_api_answers_json_even_to_a_browser(client: TestClient, address: str) -> None:
    response = client.get(address, headers=BROWSER)
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/json"
    assert set(response.json()) == {"detail"}
