"""Export and import: versioned JSON, every field and move checked before anything is stored."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from squares.difficulty import rated_deals
from squares.errors import CorruptSave
from squares.share import daily_deal
from squares.store import Database, SavedSession, open_db
from squares.store.records import all_records, get
from squares.store.transfer import clear_finished, export_game, import_games, read_import


def exported(db: Database) -> dict[str, Any]:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1").move("1,1").undo()
    return export_game(get(db, saved.id))


def import_text(db: Database, text: str) -> list[int]:
    return import_games(db, read_import(text))[0]


@pytest.fixture
def other(tmp_path: Path) -> Database:
    """A second database, on another machine say."""
    return open_db(tmp_path / "other.db")


def test_export_then_import_gives_the_same_game(db: Database, other: Database) -> None:
    data = exported(db)
    assert data["kind"] == "squares game" and data["format"] == 1
    assert data["code"] == "foursquare:7" and data["moves"] == ["0,0", "0,1", "1,1"]
    [new_id] = import_text(other, json.dumps(data))
    again = export_game(get(other, new_id))
    assert {**again, "id": data["id"]} == data
    assert SavedSession.open(other, new_id).redo().moves == ["0,0", "0,1", "1,1"]


def test_finished_game_imports_with_its_result(db: Database, other: Database) -> None:
    saved = SavedSession.new(db, "union-square", 7).move("s").move("t4-f").resign()
    [new_id] = import_text(other, json.dumps(export_game(get(db, saved.id))))
    record = get(other, new_id)
    assert (record.status, record.score, record.resigned) == ("lost", 1, True)
    assert record.finished_at is not None


def test_importing_the_same_game_twice_stores_it_once(db: Database, other: Database) -> None:
    text = json.dumps(exported(db))
    assert len(import_text(other, text)) == 1
    ids, skipped = import_games(other, read_import(text))
    assert ids == [] and skipped == 1
    assert import_games(db, read_import(text)) == ([], 1)  # where it came from


def rejected(db: Database, text: str) -> str:
    """Import ``text``, expect ``CorruptSave``, and check nothing was stored."""
    count = len(all_records(db))
    with pytest.raises(CorruptSave) as caught:
        import_games(db, read_import(text))
    assert len(all_records(db)) == count
    return str(caught.value)


def test_malformed_json_is_refused_naming_the_line(db: Database) -> None:
    text = '{\n  "kind": "squares game",\n  "format": 1,\n  "game": "foursquare"\n  "deal": 7\n}'
    assert "not valid JSON at line 5" in rejected(db, text)


def test_a_file_that_is_not_an_export_is_refused(db: Database) -> None:
    assert "squares export" in rejected(db, "[1, 2, 3]")
    assert "'kind' is None" in rejected(db, '{"game": "foursquare", "deal": 7}')


def test_a_format_from_another_version_is_refused(db: Database) -> None:
    data = {**exported(db), "format": 2}
    assert "unsupported format 2: this version of Squares reads format 1" in rejected(
        db, json.dumps(data)
    )


def test_an_unknown_game_is_refused_naming_the_known_ones(db: Database) -> None:
    data = {**exported(db), "game": "klondike", "code": "klondike:7"}
    message = rejected(db, json.dumps(data))
    assert "unknown game 'klondike'" in message and "foursquare" in message


def test_an_illegal_move_is_refused_naming_its_index(db: Database) -> None:
    data = {**exported(db), "moves": ["0,0", "0,1", "7,7"], "position": 3}
    message = rejected(db, json.dumps(data))
    assert "move 2 ('7,7') cannot be played" in message and "illegal move" in message


def test_a_move_in_bad_notation_is_refused_naming_its_index(db: Database) -> None:
    data = {**exported(db), "moves": ["0,0", "up"], "position": 2}
    assert "move 1 ('up')" in rejected(db, json.dumps(data))


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("deal", -3, "deal number"),
    ("deal", "7", "deal number"),
    ("code", "foursquare:8", "'code' is 'foursquare:8'"),
    ("deal_algorithm", 2, "deal algorithm 2"),
    ("moves", "0,0 0,1", "'moves' must be a list"),
    ("position", 9, "bad position 9"),
    ("resigned", "no", "'resigned' must be true or false"),
    ("status", "won", "'status' is 'won', but the moves lead to 'playing'"),
    ("score", 24, "'score' is 24"),
    ("clock_ms", -1, "'clock_ms' must be a whole number"),
    ("hints_used", 0, "'hints_used' must be true or false"),
    ("daily", "2026-03-09", "a day of easy daily deals, but deal 7 is medium"),
    ("daily", "yesterday", "'daily' must be a date"),
    ("started_at", "last tuesday", "'started_at' must be a time"),
    ("colour", "red", "unknown field 'colour'"),
    ("corrupt", "move 3 cannot be played", "exported marked corrupt"),
])  # fmt: skip
def test_every_field_is_checked(db: Database, field: str, value: object, expected: str) -> None:
    data = {**exported(db), field: value}
    assert expected in rejected(db, json.dumps(data))


def test_a_daily_deal_of_a_version_before_levels_keeps_its_day(
    db: Database, tmp_path: Path
) -> None:
    # then the daily deal of 2026-03-09 was the number of its date
    older = SavedSession.new(db, "foursquare", 20260309, day=date(2026, 3, 1)).move("0,0")
    data = {**export_game(get(db, older.id)), "daily": "2026-03-09"}
    other = open_db(tmp_path / "other.db")
    [game_id] = import_text(other, json.dumps(data))
    assert get(other, game_id).daily == "2026-03-09"


def test_a_daily_deal_picked_from_fewer_ratings_keeps_its_day(db: Database, tmp_path: Path) -> None:
    # a version that shipped fewer rated deals picked another easy deal on that Monday
    monday = date(2026, 12, 7)
    other = next(
        d for d in rated_deals("union-square", "easy") if d != daily_deal("union-square", monday)
    )
    saved = SavedSession.new(db, "union-square", other, day=monday).move("s")
    data = {**export_game(get(db, saved.id)), "daily": monday.isoformat()}
    [game_id] = import_text(open_db(tmp_path / "other.db"), json.dumps(data))
    assert get(open_db(tmp_path / "other.db"), game_id).daily == "2026-12-07"


def test_a_bundle_with_one_bad_game_stores_none_of_them(db: Database) -> None:
    good = exported(db)
    bad = {**good, "moves": ["0,0", "0,0", "0,0", "0,0", "0,0"], "position": 5}
    text = json.dumps({"kind": "squares games", "format": 1, "games": [good, good, bad]})
    message = rejected(db, text)
    assert message.startswith("game 2 of the file: move 4 ('0,0') cannot be played")


def test_clearing_finished_games_keeps_an_importable_backup(db: Database, tmp_path: Path) -> None:
    won_or_lost = [SavedSession.new(db, "union-square", d).move("s").resign() for d in (1, 2)]
    SavedSession.new(db, "foursquare", 3).move("0,0")  # unfinished: stays
    backup = tmp_path / "backup.json"
    assert clear_finished(db, None, backup) == 2
    assert [r.status for r in all_records(db)] == ["playing"]
    ids, skipped = import_games(db, read_import(backup.read_text()))
    assert skipped == 0
    assert [get(db, i).deal for i in ids] == [s.deal for s in won_or_lost]


def test_clearing_one_game_leaves_the_other(db: Database, tmp_path: Path) -> None:
    SavedSession.new(db, "union-square", 1).move("s").resign()
    SavedSession.new(db, "foursquare", 2).move("0,0").resign()
    assert clear_finished(db, "foursquare", tmp_path / "b.json") == 1
    assert [r.game for r in all_records(db)] == ["union-square"]


def test_a_backup_is_never_written_over(db: Database, tmp_path: Path) -> None:
    SavedSession.new(db, "foursquare", 2).move("0,0").resign()
    backup = tmp_path / "b.json"
    backup.write_text("precious")
    with pytest.raises(FileExistsError):
        clear_finished(db, None, backup)
    assert backup.read_text() == "precious" and len(all_records(db)) == 1
