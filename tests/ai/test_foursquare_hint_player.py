"""A Foursquare hint comes from the strongest player that answers in a hint's time,
``sampling``, while the default player (whose figures the surveys publish) stays
``expectimax``; the hint never reads the stock's order."""

from __future__ import annotations

from squares.ai import get_player, hint, hint_player, player_names
from squares.ai.foursquare import SamplingPlayer
from squares.ai.foursquare.sampling import HINT_BUDGET
from squares.games.foursquare import FoursquareState
from tests.ai.foursquare_helpers import GAME, random_games
from tests.ai.test_foursquare_players import shuffled_stock


def games() -> list[list[FoursquareState]]:
    """Three games' states up to a dozen placements in, where there are choices to make."""
    return [states[:12] for states in random_games(range(3))]


def test_a_hint_is_the_sampling_players_move_not_the_default_players() -> None:
    assert hint_player("foursquare") == "sampling"
    assert player_names("foursquare")[0] == "expectimax"
    sampling, default = SamplingPlayer().for_hints(), get_player("foursquare")
    assert (sampling.samples, sampling.nodes) == HINT_BUDGET
    differ = 0
    for states in games():
        for end in range(2, len(states), 3):  # every third: the players differ at nearly all
            seen = GAME.observe(states[end - 1])
            given = hint("foursquare", states[:end])
            assert given == sampling.hint(seen)
            differ += given.move != default.hint(seen).move
    assert differ > 0  # positions where the two players disagree, so the test tells them apart


def test_a_hint_is_the_same_whatever_the_order_of_the_unseen_cards() -> None:
    for states in games():
        for end in (4, 9):
            given = hint("foursquare", states[:end])
            for seed in range(2):
                reshuffled = [*states[: end - 1], shuffled_stock(states[end - 1], seed)]
                assert reshuffled[-1].remaining != states[end - 1].remaining
                assert hint("foursquare", reshuffled) == given


def test_a_hint_says_in_words_which_card_goes_where() -> None:
    states = games()[0][:6]
    given = hint("foursquare", states)
    card = states[-1].remaining[0].pretty
    assert given.words.startswith(f"Place the {card} ")
    assert given.reason.startswith(f"Place {card} at {given.move}")


def test_a_named_player_still_gives_its_own_hint() -> None:
    states = games()[1][:5]
    seen = GAME.observe(states[-1])
    assert hint("foursquare", states, "expectimax") == get_player("foursquare").hint(seen)
