"""A review is kept with its game: the second time it is read, not worked out again."""

from __future__ import annotations

from pathlib import Path

import pytest

import squares.review
from squares.errors import CorruptSave, GameNotFound
from squares.review import NotFinished, review_game
from squares.store import SavedSession, open_db
from squares.store.db import Database


def finished(db: Database) -> SavedSession:
    return SavedSession.new(db, "foursquare", 2).move("0,0").move("0,1").resign()


def test_the_stored_review_is_returned_the_second_time_without_recomputation(
    private_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = open_db(private_database)
    saved = finished(db)
    first = review_game(db, saved.id)

    def no_recomputation(*args: object, **kwargs: object) -> None:
        raise AssertionError("the review was worked out again")

    monkeypatch.setattr(squares.review, "compute", no_recomputation)
    again = open_db(private_database)  # another program, the next day
    assert review_game(again, saved.id) == first
    assert db.query("SELECT count(*) FROM reviews")[0][0] == 1


def test_deleting_a_game_deletes_its_review(private_database: Path) -> None:
    db = open_db(private_database)
    saved = finished(db)
    review_game(db, saved.id)
    with db.write() as conn:
        conn.execute("DELETE FROM games WHERE id = ?", (saved.id,))
    assert db.query("SELECT count(*) FROM reviews")[0][0] == 0


def test_only_a_finished_game_is_reviewed(private_database: Path) -> None:
    db = open_db(private_database)
    playing = SavedSession.new(db, "foursquare", 2).move("0,0")
    with pytest.raises(NotFinished, match="not over"):
        review_game(db, playing.id)
    with pytest.raises(GameNotFound):
        review_game(db, playing.id + 1)
    assert db.query("SELECT count(*) FROM reviews")[0][0] == 0


def test_a_game_whose_moves_do_not_replay_has_no_review(private_database: Path) -> None:
    db = open_db(private_database)
    saved = finished(db)
    with db.write() as conn:
        conn.execute('UPDATE games SET moves = \'["0,0", "9,9"]\' WHERE id = ?', (saved.id,))
    with pytest.raises(CorruptSave):
        review_game(db, saved.id)


def test_a_stored_review_that_cannot_be_read_is_worked_out_again(private_database: Path) -> None:
    db = open_db(private_database)
    saved = finished(db)
    first = review_game(db, saved.id)
    with db.write() as conn:
        conn.execute("UPDATE reviews SET review = '{\"format\": 1}' WHERE game_id = ?", (saved.id,))
    assert review_game(db, saved.id) == first


def test_a_game_given_up_with_the_best_still_reachable_is_not_called_well_played() -> None:
    from squares.games import get_game
    from squares.review.report import compute
    from squares.review.words import summary

    # Foursquare deal 2 resigned before its first placement: no move lowered anything
    review = compute(get_game("foursquare"), 2, [], resigned=True)
    assert review["critical"] is None and review["score"] != review["best_score"]
    said = " ".join(summary(review, 1))
    assert "well played" not in said
    assert "the game ended before it was reached" in said
