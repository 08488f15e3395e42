"""The JSON API: every endpoint, and every error a client can cause."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from fastapi.testclient import TestClient

from squares.cards import foursquare_deck, shuffled, union_square_deck
from squares.share import daily_deal, daily_level


def new(client: TestClient, game: str = "foursquare", **extra: object) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, **extra})
    assert response.status_code == 201, response.text
    view: dict[str, Any] = response.json()
    return view


def test_new_game_returns_the_view_with_id_and_version(client: TestClient) -> None:
    view = new(client, deal=7)
    assert view["game"] == "foursquare" and view["deal"] == 7
    assert isinstance(view["id"], int) and view["version"] == 1
    assert view["current"] == "AH" and view["stock"] == 39 and view["legal"] == ["0,0"]
    assert view["share"] == "foursquare:7"


def test_new_game_without_a_deal_deals_a_random_one(client: TestClient) -> None:
    deals = {new(client)["deal"] for _ in range(5)}
    assert all(isinstance(d, int) and d >= 0 for d in deals)
    assert len(deals) > 1


def test_daily_game_deals_todays_deal_of_the_days_level(client: TestClient) -> None:
    today = date.today()
    view = new(client, "union-square", daily=True)
    assert view["deal"] == daily_deal("union-square", today)
    assert view["difficulty"] == daily_level(today)


def test_the_largest_deal_number_is_accepted_as_text(client: TestClient) -> None:
    view = new(client, deal=str(2**63 - 1))
    assert view["share"] == f"foursquare:{2**63 - 1}"


def test_a_deal_comes_back_as_its_digits_whether_sent_as_text_or_integer(
    client: TestClient,
) -> None:
    for sent in (str(2**63 - 1), 2**53 + 1):  # past 2**53 a JavaScript reader would round
        view = new(client, deal=sent)
        assert view["deal_text"] == str(sent)


def test_the_games_say_the_largest_deal_number_as_digits(client: TestClient) -> None:
    games = client.get("/api/info").json()["games"]
    assert {game["max_deal"] for game in games} == {str(2**63 - 1)}


def test_get_returns_the_same_view(client: TestClient) -> None:
    view = new(client, "union-square", deal=3)
    again = client.get(f"/api/games/{view['id']}")
    assert again.status_code == 200
    assert again.json()["tableau"] == view["tableau"]


def test_move_applies_and_bumps_the_version(client: TestClient) -> None:
    view = new(client, deal=7)
    response = client.post(f"/api/games/{view['id']}/moves", json={"move": "0,0", "version": 1})
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == 2 and after["stock"] == 38 and after["piles"][0]["top"] == "AH"


def test_illegal_move_is_422_with_the_reason_and_changes_nothing(client: TestClient) -> None:
    view = new(client, deal=7)
    response = client.post(f"/api/games/{view['id']}/moves", json={"move": "1,1", "version": 1})
    assert response.status_code == 422
    assert "1,1" in response.json()["detail"] and "0,0" in response.json()["detail"]
    assert client.get(f"/api/games/{view['id']}").json()["version"] == 1


def test_bad_notation_is_422(client: TestClient) -> None:
    view = new(client, "union-square", deal=7)
    response = client.post(f"/api/games/{view['id']}/moves", json={"move": "t99-f", "version": 1})
    assert response.status_code == 422
    assert "t1 to t16" in response.json()["detail"]


def test_move_on_a_stale_version_is_409_with_the_current_view(client: TestClient) -> None:
    view = new(client, deal=7)
    game = f"/api/games/{view['id']}"
    assert client.post(f"{game}/moves", json={"move": "0,0", "version": 1}).status_code == 200
    stale = client.post(f"{game}/moves", json={"move": "0,1", "version": 1})
    assert stale.status_code == 409
    body = stale.json()
    assert "version" in body["detail"] and body["view"]["version"] == 2
    assert body["view"]["stock"] == 38  # the second move was not played


def test_unknown_id_is_404(client: TestClient) -> None:
    assert client.get("/api/games/424242").status_code == 404
    response = client.post("/api/games/424242/moves", json={"move": "0,0", "version": 1})
    assert response.status_code == 404
    assert client.post("/api/games/424242/undo").status_code == 404


def test_malformed_ids_are_refused_not_crashed(client: TestClient) -> None:
    for path in ("/api/games/abc", "/api/games/-1", f"/api/games/{2**64}", "/api/games/0"):
        assert client.get(path).status_code == 422, path


def test_undo_redo_restart_and_resign(client: TestClient) -> None:
    view = new(client, deal=7)
    game = f"/api/games/{view['id']}"
    client.post(f"{game}/moves", json={"move": "0,0", "version": 1})
    client.post(f"{game}/moves", json={"move": "0,1", "version": 2})
    undone = client.post(f"{game}/undo", json={"version": 3}).json()
    assert undone["stock"] == 38 and undone["can_redo"] is True
    redone = client.post(f"{game}/redo").json()
    assert redone["stock"] == 37 and redone["can_redo"] is False
    restarted = client.post(f"{game}/restart").json()
    assert restarted["stock"] == 39 and restarted["piles"] == []
    resigned = client.post(f"{game}/resign").json()
    assert resigned["status"] == "lost" and resigned["legal"] == [] and resigned["resigned"] is True
    after = client.post(f"{game}/moves", json={"move": "0,0", "version": resigned["version"]})
    assert after.status_code == 422


def test_nothing_to_undo_is_422(client: TestClient) -> None:
    view = new(client, deal=7)
    response = client.post(f"/api/games/{view['id']}/undo")
    assert response.status_code == 422 and "nothing to undo" in response.json()["detail"]


def test_action_on_a_stale_version_is_409(client: TestClient) -> None:
    view = new(client, deal=7)
    game = f"/api/games/{view['id']}"
    client.post(f"{game}/moves", json={"move": "0,0", "version": 1})
    assert client.post(f"{game}/undo", json={"version": 1}).status_code == 409


def test_bad_bodies_are_422_with_a_message(client: TestClient) -> None:
    cases = [
        {"game": "klondike"},
        {"game": "foursquare", "deal": -1},
        {"game": "foursquare", "deal": 2**63},
        {"game": "foursquare", "deal": "seven"},
        {"game": "foursquare", "colour": "red"},
        {"deal": 7},
        [],
    ]
    for body in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == 422, (body, response.text)
        assert isinstance(response.json()["detail"], str)
    response = client.post(
        "/api/games", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400  # not JSON at all: another cause, another code


def test_move_body_needs_move_and_version(client: TestClient) -> None:
    view = new(client, deal=7)
    for body in (
        {"move": "0,0"},
        {"version": 1},
        {"move": 5, "version": 1},
        {"move": "0,0", "version": "x"},
    ):
        response = client.post(f"/api/games/{view['id']}/moves", json=body)
        assert response.status_code == 422, body


def test_view_never_contains_the_stock_order(client: TestClient) -> None:
    for game, deck in (("foursquare", foursquare_deck()), ("union-square", union_square_deck())):
        view = new(client, game, deal=11)
        text = client.get(f"/api/games/{view['id']}").text
        hidden = [str(card) for card in shuffled(deck, 11)]
        hidden = hidden[1:] if game == "foursquare" else hidden[16:]
        # no run of three stock cards in their order appears anywhere in the answer
        for i in range(len(hidden) - 2):
            assert '", "'.join(hidden[i : i + 3]) not in text.replace('","', '", "')


def test_foursquare_view_previews_flips_and_losses(client: TestClient) -> None:
    view = new(client, deal=7)
    game = f"/api/games/{view['id']}"
    client.post(f"{game}/moves", json={"move": "0,0", "version": 1})
    after = client.post(f"{game}/moves", json={"move": "0,1", "version": 2}).json()
    placements = {p["move"]: p for p in after["placements"]}
    assert list(placements) == after["legal"]
    assert all(p["loses"] in (None, "face-down-limit", "stock-empty") for p in placements.values())
    assert placements["0,2"]["flips"] == [[0, 0], [0, 1]] or placements["0,2"]["flips"] == []


def test_current_returns_the_unfinished_game_or_404(client: TestClient) -> None:
    assert client.get("/api/games/current", params={"game": "union-square"}).status_code == 404
    view = new(client, "union-square", deal=5)
    current = client.get("/api/games/current", params={"game": "union-square"})
    assert current.status_code == 200 and current.json()["id"] == view["id"]
    assert client.get("/api/games/current", params={"game": "chess"}).status_code == 422


def test_a_new_game_gives_up_the_unfinished_one(client: TestClient) -> None:
    first = new(client, deal=7)
    client.post(f"/api/games/{first['id']}/moves", json={"move": "0,0", "version": 1})
    new(client, deal=8)
    assert client.get(f"/api/games/{first['id']}").json()["status"] == "lost"


def test_stats_count_finished_games(client: TestClient) -> None:
    view = new(client, deal=7)
    client.post(f"/api/games/{view['id']}/moves", json={"move": "0,0", "version": 1})
    client.post(f"/api/games/{view['id']}/resign")
    stats = client.get("/api/stats").json()
    assert stats["foursquare"]["played"] == 1 and stats["foursquare"]["won"] == 0
    assert stats["foursquare"]["last"][0]["code"] == "foursquare:7"
    assert "history" not in stats["foursquare"]  # the charts are drawn here, not sent
    assert stats["union-square"]["played"] == 0


def test_charts_are_svg_with_no_script_or_outside_address(client: TestClient) -> None:
    view = new(client, "union-square", deal=7)
    client.post(f"/api/games/{view['id']}/resign")
    for chart in ("results", "scores"):
        response = client.get(f"/api/stats/union-square/{chart}.svg")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert "<script" not in response.text and 'xlink:href="http' not in response.text
    assert client.get("/api/stats/union-square/pie.svg").status_code == 404


def test_openapi_schema_lists_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/moves",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/redo",
        "/api/games/{game_id}/restart",
        "/api/games/{game_id}/resign",
        "/api/stats",
    ):
        assert path in schema["paths"], path


def test_page_and_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<title>Squares</title>" in page.text
    assert client.get("/static/js/app.js").status_code == 200
    assert client.get("/stats").status_code == 200
    assert "Foursquare" in client.get("/rules/foursquare").text
    assert client.get("/rules/chess").status_code == 404


def test_hint_suggests_a_legal_move_with_a_reason_and_marks_the_game(client: TestClient) -> None:
    view = new(client, "union-square", deal=7)
    response = client.post(f"/api/games/{view['id']}/hint", json={"version": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["hint"]["move"] in view["legal"] and body["hint"]["reason"]
    assert body["view"]["hints_used"] is True and body["view"]["version"] == 2


def test_a_hint_on_the_page_names_cards_not_places(client: TestClient) -> None:
    """The page labels no cell with its coordinates: its hint names cards (the page
    highlights the place the move means)."""
    notation = re.compile(r"-?\d+,-?\d+|\bt\d+\b")
    four = new(client, deal=7)
    four = client.post(f"/api/games/{four['id']}/moves", json={"move": "0,0", "version": 1}).json()
    union = new(client, "union-square", deal=0)
    for view in (four, union):
        hint = client.post(f"/api/games/{view['id']}/hint").json()["hint"]
        assert hint["move"] in view["legal"]
        assert hint["reason"] and not notation.search(hint["reason"]), hint
    assert hint["reason"] == "Move the 2♥ onto the 3♥: frees its pile for any card"


def test_no_hint_for_a_finished_game(client: TestClient) -> None:
    view = new(client, deal=7)
    client.post(f"/api/games/{view['id']}/resign")
    response = client.post(f"/api/games/{view['id']}/hint")
    assert response.status_code == 422  # like every other action the game refuses
    assert "lost" in response.json()["detail"]
