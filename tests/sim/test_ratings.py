"""Bot levels rated with openskill: order, shared places, determinism and bad levels."""

from __future__ import annotations

import itertools

import pytest

from quintet.core import Outcome
from quintet.sim.ratings import PlayedGame, level_ranks, rate_levels


def beats(winner: str, loser: str, seats: int = 2) -> PlayedGame:
    """A game that `winner` wins, its seats alternating with `loser`'s."""
    seating = tuple(winner if seat % 2 == 0 else loser for seat in range(seats))
    scores = [10 if level == winner else 0 for level in seating]
    return seating, Outcome.from_scores(scores)


def test_the_level_that_wins_is_rated_above_and_gains_certainty() -> None:
    ratings = rate_levels(["weak", "strong"], [beats("strong", "weak")] * 20)
    strong, weak = ratings.table
    assert (strong.level, weak.level) == ("strong", "weak")
    assert strong.mu > 25 > weak.mu
    assert strong.ordinal == pytest.approx(strong.mu - 3 * strong.sigma)
    assert strong.sigma < 25 / 3 and weak.sigma < 25 / 3
    assert (strong.games, weak.games, ratings.games) == (20, 20, 20)
    history = ratings.history["strong"]
    assert [point.game for point in history] == list(range(21))
    assert all(a.mu < b.mu for a, b in itertools.pairwise(history))


def test_a_shared_place_is_a_shared_rank() -> None:
    # Both levels have a seat in first place: neither gains on the other.
    tie = (("a", "b", "a", "b"), Outcome.from_scores([3, 3, 1, 0]))
    assert level_ranks(*tie) == {"a": 1, "b": 1}
    ratings = rate_levels(["a", "b"], [tie] * 5)
    a, b = sorted(ratings.table, key=lambda row: row.level)
    assert a.mu == pytest.approx(b.mu)
    assert a.sigma == pytest.approx(b.sigma)


def test_a_level_is_ranked_by_its_best_seat() -> None:
    game = (("a", "b", "a", "c"), Outcome.from_scores([9, 5, 0, 7]))
    assert level_ranks(*game) == {"a": 1, "c": 2, "b": 3}
    table = rate_levels(["a", "b", "c"], [game] * 3).table
    assert [row.level for row in table] == ["a", "c", "b"]


def test_the_same_games_in_the_same_order_give_the_same_ratings() -> None:
    games = [beats("b", "a"), beats("a", "c", 3), beats("c", "b"), beats("b", "a", 4)] * 3
    first = rate_levels(["a", "b", "c"], games)
    assert rate_levels(["a", "b", "c"], games) == first
    # The order matters: the same games the other way round end elsewhere.
    assert rate_levels(["a", "b", "c"], games[::-1]).table != first.table


def test_a_level_alone_at_the_table_is_not_rated() -> None:
    ratings = rate_levels(["a", "b"], [(("a", "a"), Outcome.from_scores([2, 1]))])
    assert all(row.games == 0 and row.mu == 25 for row in ratings.table)


def test_a_game_seating_an_unknown_level_is_refused() -> None:
    with pytest.raises(KeyError, match="'x', which is not a rated level"):
        rate_levels(["a", "b"], [beats("x", "a")])
