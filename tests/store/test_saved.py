"""A saved game: every action on disk before it returns, versions, stale views, the clock."""

from __future__ import annotations

import json
import threading
from datetime import date
from pathlib import Path

import pytest

from squares.errors import (
    BadDatabase,
    CorruptSave,
    GameNotFound,
    IllegalMoveError,
    SessionError,
    StaleGame,
)
from squares.games import get_game
from squares.share import daily_deal
from squares.store import Database, SavedSession, open_db, records
from squares.store.records import get
from tests.store.conftest import raw_row


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def on_disk(path: Path, game_id: int) -> tuple[list[str], int, int, str]:
    """What another program reading the file sees: (history, position, version, status)."""
    other = open_db(path)
    record = get(other, game_id)
    other.close()
    return json.loads(record.moves_text), record.position, record.version, record.status


def test_every_action_is_on_disk_when_it_returns(db: Database, db_path: Path) -> None:
    saved = SavedSession.new(db, "foursquare", 7)
    assert on_disk(db_path, saved.id) == ([], 0, 1, "playing")
    saved.move("0,0")
    assert on_disk(db_path, saved.id) == (["0,0"], 1, 2, "playing")
    saved.move("0,1")
    assert on_disk(db_path, saved.id) == (["0,0", "0,1"], 2, 3, "playing")
    saved.undo()
    assert on_disk(db_path, saved.id) == (["0,0", "0,1"], 1, 4, "playing")
    saved.redo()
    assert on_disk(db_path, saved.id) == (["0,0", "0,1"], 2, 5, "playing")
    saved.restart()
    assert on_disk(db_path, saved.id) == (["0,0", "0,1"], 0, 6, "playing")
    saved.resign()
    assert on_disk(db_path, saved.id) == (["0,0", "0,1"], 0, 7, "lost")


def test_a_move_after_undo_drops_the_redo_tail_on_disk(db: Database, db_path: Path) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1").undo().move("1,0")
    assert on_disk(db_path, saved.id)[:2] == (["0,0", "1,0"], 2)


def test_moves_are_stored_in_their_canonical_notation(db: Database, db_path: Path) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move(" 0 , 0 ")
    assert on_disk(db_path, saved.id)[0] == ["0,0"]


def test_version_goes_up_by_one_with_each_action(db: Database) -> None:
    saved = SavedSession.new(db, "union-square", 7)
    versions = [saved.version]
    saved.move("s")
    versions.append(saved.version)
    for action in (saved.undo, saved.redo, saved.note_hint, saved.restart, saved.resign):
        action()
        versions.append(saved.version)
    assert versions == list(range(1, 8))
    assert get(db, saved.id).version == 7


def test_undo_redo_and_position_survive_closing_the_program(db_path: Path) -> None:
    db = open_db(db_path)
    saved = SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1").move("1,1").undo().undo()
    view = saved.view()
    db.close()
    again = SavedSession.open(open_db(db_path), saved.id)
    assert again.view() == view
    assert again.moves == ["0,0"] and again.history == ["0,0", "0,1", "1,1"]
    assert again.redo().redo().moves == ["0,0", "0,1", "1,1"]


def test_a_resigned_game_reopens_resigned(db: Database) -> None:
    saved = SavedSession.new(db, "union-square", 7).move("s").resign()
    again = SavedSession.open(db, saved.id)
    assert again.resigned and again.over and again.view()["status"] == "lost"
    with pytest.raises(SessionError, match="resigned"):
        again.undo()


def test_an_illegal_move_changes_nothing(db: Database, db_path: Path) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    before = raw_row(db, saved.id)
    with pytest.raises(IllegalMoveError, match="9,9"):
        saved.move("9,9")
    with pytest.raises(SessionError, match="nothing to redo"):
        saved.redo()
    assert raw_row(db, saved.id) == before
    assert saved.version == 2 and saved.moves == ["0,0"]


def test_view_is_the_player_view_with_id_and_version_only(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    game = get_game("foursquare")
    expected = game.view(game.apply_text(game.new(7), "0,0"))
    assert saved.view() == {**expected, "id": saved.id, "version": 2}
    assert "remaining" not in json.dumps(saved.view())  # the stock order never shows


def test_a_stale_move_is_refused_and_changes_nothing(db_path: Path) -> None:
    terminal, web = open_db(db_path), open_db(db_path)  # two programs, one file
    mine = SavedSession.new(terminal, "foursquare", 7)
    theirs = SavedSession.open(web, mine.id)
    mine.move("0,0")
    with pytest.raises(StaleGame) as caught:
        theirs.move("0,0")  # legal on the stale view, and on the new one: must not be played
    message = str(caught.value)
    assert f"game {mine.id} was changed by another program" in message
    assert "nothing was played" in message
    assert theirs.moves == [] and theirs.version == 1
    assert on_disk(db_path, mine.id)[:3] == (["0,0"], 1, 2)
    fresh = theirs.reload()
    assert fresh.moves == ["0,0"]
    fresh.move("0,1")
    assert on_disk(db_path, mine.id)[:3] == (["0,0", "0,1"], 2, 3)
    with pytest.raises(StaleGame):
        mine.undo()  # now the terminal's view is the stale one


def test_opening_at_a_stale_version_is_refused(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    with pytest.raises(StaleGame, match="version 2; this view was at version 1"):
        SavedSession.open(db, saved.id, version=1)
    assert SavedSession.open(db, saved.id, version=2).moves == ["0,0"]


def test_an_action_on_a_deleted_game_is_refused(db_path: Path) -> None:
    one, two = open_db(db_path), open_db(db_path)
    saved = SavedSession.new(one, "foursquare", 7)
    SavedSession.open(two, saved.id).abandon()  # never moved in: forgotten
    with pytest.raises(StaleGame, match="deleted"):
        saved.move("0,0")
    with pytest.raises(GameNotFound, match=f"no game {saved.id}"):
        saved.reload()


def test_a_failed_save_leaves_the_game_as_it_was(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1").undo()
    db.conn.execute("PRAGMA query_only = 1")  # every write now fails inside SQLite
    with pytest.raises(BadDatabase, match="readonly"):
        saved.move("1,0")
    assert saved.moves == ["0,0"] and saved.history == ["0,0", "0,1"] and saved.version == 4
    assert saved.can_redo
    db.conn.execute("PRAGMA query_only = 0")
    assert saved.redo().moves == ["0,0", "0,1"]


def test_the_clock_runs_while_the_game_is_open_and_pauses_while_closed(db_path: Path) -> None:
    clock = FakeClock()
    db = open_db(db_path)
    saved = SavedSession.new(db, "foursquare", 7, clock=clock)
    clock.now = 5.0
    saved.move("0,0")
    assert get(db, saved.id).clock_ms == 5_000
    clock.now = 8.25
    assert saved.clock_ms == 8_250  # running, not yet saved
    saved.pause()  # the program closes
    assert get(db, saved.id).clock_ms == 8_250
    clock.now = 1_000.0  # closed for a long while
    again = SavedSession.open(db, saved.id, clock=clock)
    assert again.clock_ms == 8_250
    clock.now = 1_002.0
    again.move("0,1")
    assert get(db, saved.id).clock_ms == 10_250


def test_the_clock_stops_when_the_game_ends(db: Database) -> None:
    clock = FakeClock()
    saved = SavedSession.new(db, "union-square", 7, clock=clock)
    clock.now = 3.0
    saved.resign()
    clock.now = 60.0
    saved.pause()
    assert saved.clock_ms == 3_000 and get(db, saved.id).clock_ms == 3_000


def test_undo_and_restart_and_hints_are_remembered_as_flags(db: Database) -> None:
    plain = SavedSession.new(db, "union-square", 7).move("s")
    assert not get(db, plain.id).undo_used and not get(db, plain.id).hints_used
    undone = SavedSession.new(db, "union-square", 8).move("s").undo()
    restarted = SavedSession.new(db, "union-square", 9).move("s").restart()
    hinted = SavedSession.new(db, "union-square", 10).note_hint()
    assert get(db, undone.id).undo_used and get(db, restarted.id).undo_used
    assert get(db, hinted.id).hints_used and not get(db, hinted.id).undo_used


def test_restart_of_a_finished_game_is_refused(db: Database) -> None:
    saved = SavedSession.new(db, "union-square", 7).move("s").resign()
    with pytest.raises(SessionError, match="again as a new game"):
        saved.restart()


def test_abandoning_counts_a_played_game_as_lost_and_forgets_an_untouched_one(db: Database) -> None:
    played = SavedSession.new(db, "foursquare", 7).move("0,0").undo()
    untouched = SavedSession.new(db, "foursquare", 8)
    assert played.abandon() is True
    assert get(db, played.id).status == "lost" and get(db, played.id).resigned
    assert untouched.abandon() is False
    with pytest.raises(GameNotFound):
        get(db, untouched.id)


def test_a_forgotten_games_id_is_never_given_to_another_game(db: Database) -> None:
    # a page or a second program still holding the old id must not reach the new game
    untouched = SavedSession.new(db, "foursquare", 8)
    untouched.abandon()
    later = SavedSession.new(db, "foursquare", 9)
    assert later.id != untouched.id
    with pytest.raises(GameNotFound):
        SavedSession.open(db, untouched.id)


def test_resume_finds_the_unfinished_game_played_last(db: Database) -> None:
    older = SavedSession.new(db, "foursquare", 1).move("0,0")
    SavedSession.new(db, "foursquare", 2).move("0,0").resign()
    SavedSession.new(db, "union-square", 3).move("s")
    assert SavedSession.resume(db, "union-square") is not None
    found = SavedSession.resume(db, "foursquare")
    assert found is not None and found.id == older.id


def test_the_daily_deal_is_marked_as_such(db: Database) -> None:
    day = date(2026, 3, 9)
    daily = SavedSession.new(db, "foursquare", daily_deal("foursquare", day), day=day)
    other = SavedSession.new(db, "foursquare", 20260309, day=day)  # the day's deal before levels
    assert get(db, daily.id).daily == "2026-03-09" and get(db, other.id).daily is None


# -- corrupt rows ------------------------------------------------------------------------
def corrupt(db: Database, game_id: int, **columns: object) -> dict[str, object]:
    sets = ", ".join(f"{name} = ?" for name in columns)
    with db.write() as conn:
        conn.execute(f"UPDATE games SET {sets} WHERE id = ?", (*columns.values(), game_id))
    return raw_row(db, game_id)


def kept_but_marked(db: Database, game_id: int, before: dict[str, object]) -> str:
    after = raw_row(db, game_id)
    reason = after.pop("corrupt")
    assert isinstance(reason, str)
    assert after.pop("version") == before.pop("version") + 1  # type: ignore[operator]
    before.pop("corrupt")
    assert after == before  # every stored field kept for inspection
    return reason


def test_a_row_with_an_illegal_move_is_named_by_id_and_kept(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1")
    before = corrupt(db, saved.id, moves='["0,0", "9,9"]')
    with pytest.raises(CorruptSave) as caught:
        SavedSession.open(db, saved.id)
    message = str(caught.value)
    assert f"game {saved.id} (foursquare:7) cannot be resumed" in message
    assert "move 1 ('9,9')" in message and "kept as it was" in message
    assert "move 1" in kept_but_marked(db, saved.id, before)
    assert SavedSession.resume(db, "foursquare") is None  # not offered again


def test_a_row_whose_moves_lead_elsewhere_is_corrupt(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1")
    before = corrupt(db, saved.id, moves='["0,0", "1,0"]')  # legal, but not what was saved
    with pytest.raises(CorruptSave, match="do not lead to the position that was saved"):
        SavedSession.open(db, saved.id)
    kept_but_marked(db, saved.id, before)


def test_a_row_whose_status_disagrees_with_its_moves_is_corrupt(db: Database) -> None:
    saved = SavedSession.new(db, "union-square", 7).move("s")
    before = corrupt(db, saved.id, status="won", digest=None)
    with pytest.raises(CorruptSave, match="saved as 'won'"):
        SavedSession.open(db, saved.id)
    kept_but_marked(db, saved.id, before)


def test_a_row_with_unreadable_moves_is_corrupt(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    before = corrupt(db, saved.id, moves="0,0 0,1 {")
    with pytest.raises(CorruptSave, match="not a JSON list"):
        SavedSession.open(db, saved.id)
    kept_but_marked(db, saved.id, before)


def test_a_row_past_its_own_end_is_corrupt(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    corrupt(db, saved.id, position=5)
    with pytest.raises(CorruptSave, match="bad position 5"):
        SavedSession.open(db, saved.id)


def test_a_game_dealt_by_another_shuffle_is_not_resumed(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    corrupt(db, saved.id, deal_algorithm=2)
    with pytest.raises(CorruptSave, match="deal algorithm 2"):
        SavedSession.open(db, saved.id)


def test_a_game_marked_corrupt_stays_refused(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    corrupt(db, saved.id, moves='["9,9"]')
    for _ in range(2):
        with pytest.raises(CorruptSave, match=f"game {saved.id}"):
            SavedSession.open(db, saved.id)


def test_threads_sharing_one_database_lose_nothing(db: Database) -> None:
    games = [SavedSession.new(db, "union-square", deal) for deal in range(4)]

    def deal_ten(saved: SavedSession) -> None:
        for _ in range(10):
            saved.move("s")

    threads = [threading.Thread(target=deal_ten, args=(saved,)) for saved in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [json.loads(get(db, s.id).moves_text) for s in games] == [["s"] * 10] * 4


def test_a_row_with_fields_of_the_wrong_kind_is_listed_as_corrupt_and_not_resumed(
    db: Database,
) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    corrupt(db, saved.id, game="klondike", clock_ms="a while")
    [record] = records.all_records(db)
    assert not record.usable and "unknown game 'klondike'" in (record.unreadable or "")
    assert "clock_ms is 'a while'" in (record.unreadable or "")
    with pytest.raises(CorruptSave, match="unknown game 'klondike'"):
        SavedSession.open(db, saved.id)
    assert get(db, saved.id).corrupt is not None  # marked, so not offered again


def test_a_row_with_an_impossible_status_is_named_and_kept(db: Database) -> None:
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    db.conn.execute("PRAGMA ignore_check_constraints = 1")  # as a damaged file may hold
    before = corrupt(db, saved.id, status="plying")
    db.conn.execute("PRAGMA ignore_check_constraints = 0")
    with pytest.raises(CorruptSave, match="status 'plying' is not one of playing, won, lost"):
        SavedSession.open(db, saved.id)
    kept_but_marked(db, saved.id, before)
