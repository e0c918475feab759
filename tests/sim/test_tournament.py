"""`tournament`: seatings, win shares with shared first places, and results on hand-made games."""

from __future__ import annotations

from collections import Counter

import pytest

from quintet.core import Outcome, derive_seed
from quintet.sim import BadSetup, play_game
from quintet.sim.tournament import (
    Seating,
    check_tournament,
    games_to_play,
    head_to_head,
    mean_scores,
    pair_seatings,
    plan,
    table_seatings,
    tournament,
    whole_table,
    win_shares,
)


def seat_counts(seatings: tuple[Seating, ...]) -> dict[str, list[int]]:
    """How often each level sits in each seat over the seatings."""
    players = len(seatings[0])
    counts: dict[str, list[int]] = {}
    for seating in seatings:
        for seat, level in enumerate(seating):
            counts.setdefault(level, [0] * players)[seat] += 1
    return counts


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_pair_sits_in_every_seat_equally_often(players: int) -> None:
    seatings = pair_seatings("weak", "strong", players)
    assert len(set(seatings)) == len(seatings)  # no game played twice
    counts = seat_counts(seatings)
    assert counts["weak"] == counts["strong"]
    assert len(set(counts["weak"])) == 1
    for seating in seatings:
        # Alternate seats round the table: neighbours differ, but for the one place where
        # an odd table closes.
        assert abs(seating.count("weak") - seating.count("strong")) <= 1
        same = sum(seating[seat] == seating[(seat + 1) % players] for seat in range(players))
        assert same == players % 2
        # Paired: the same deal is played with the levels swapped.
        swapped = tuple("weak" if level == "strong" else "strong" for level in seating)
        assert swapped in seatings


def test_a_pair_of_two_or_four_seats_has_two_seatings() -> None:
    assert pair_seatings("a", "b", 2) == (("a", "b"), ("b", "a"))
    assert pair_seatings("a", "b", 4) == (("a", "b", "a", "b"), ("b", "a", "b", "a"))


@pytest.mark.parametrize(("levels", "players"), [("ab", 2), ("abc", 3), ("abc", 4), ("ab", 5)])
def test_the_whole_table_rotates_every_level_through_every_seat(levels: str, players: int) -> None:
    seatings = table_seatings(list(levels), players)
    assert len(set(seatings)) == len(seatings)
    for level, counts in seat_counts(seatings).items():
        assert len(set(counts)) == 1, (level, counts)
    base = Counter(seatings[0])
    assert set(base) == set(levels)
    assert max(base.values()) - min(base.values()) <= 1  # round robin


def test_a_sole_winner_takes_the_whole_win() -> None:
    outcome = Outcome.from_scores([3, 9, 1, 2])
    assert win_shares(outcome, ("a", "b", "a", "b")) == {"a": 0.0, "b": 1.0}


def test_a_shared_first_place_splits_the_win_by_seats() -> None:
    seating = ("a", "b", "a")
    assert win_shares(Outcome.from_scores([5, 5, 1]), seating) == {"a": 0.5, "b": 0.5}
    assert win_shares(Outcome.from_scores([4, 4, 4]), seating) == {
        "a": pytest.approx(2 / 3),
        "b": pytest.approx(1 / 3),
    }
    # Two seats of one level sharing first place: still one whole win.
    assert win_shares(Outcome.from_scores([7, 0, 7]), seating) == {"a": 1.0, "b": 0.0}


def test_a_tie_below_first_place_changes_nothing() -> None:
    assert win_shares(Outcome.from_scores([9, 2, 2, 1]), ("a", "b", "c", "a")) == {
        "a": 1.0,
        "b": 0.0,
        "c": 0.0,
    }


def test_mean_scores_average_a_levels_seats() -> None:
    assert mean_scores(Outcome.from_scores([4, -2, 1, 6]), ("a", "b", "a", "b")) == {
        "a": 2.5,
        "b": 2.0,
    }


def test_head_to_head_on_hand_made_games() -> None:
    seatings = pair_seatings("weak", "strong", 2)  # (weak, strong), (strong, weak)
    played = [
        # Deal 0: strong wins in both seats, by 4 and by 2.
        [Outcome.from_scores([1, 5]), Outcome.from_scores([3, 1])],
        # Deal 1: the first seat wins either way: one win each.
        [Outcome.from_scores([6, 2]), Outcome.from_scores([6, 2])],
        # Deal 2: a tie, then strong by 1.
        [Outcome.from_scores([3, 3]), Outcome.from_scores([4, 3])],
    ]
    share, lead = head_to_head("weak", "strong", seatings, played)
    # Per game: 1, 1 | 0, 1 | 0.5, 1 -> 4.5 of 6.
    assert share.value == pytest.approx(0.75)
    # Per game: +4, +2 | -4, +4 | 0, +1 -> deal means 3, 0, 0.5.
    assert lead.value == pytest.approx(3.5 / 3)
    assert lead.low is not None and lead.low < lead.value < (lead.high or 0)


def test_whole_table_on_hand_made_games() -> None:
    seatings = table_seatings(["x", "y", "z"], 3)  # xyz, yzx, zxy
    played = [
        [
            Outcome.from_scores([9, 0, 0]),  # x wins
            Outcome.from_scores([0, 0, 9]),  # x (seat 2) wins
            Outcome.from_scores([5, 5, 0]),  # z and x share
        ],
        [
            Outcome.from_scores([0, 1, 2]),  # z wins
            Outcome.from_scores([3, 3, 3]),  # all share
            Outcome.from_scores([1, 0, 0]),  # z wins
        ],
    ]
    rows = {row.level: row for row in whole_table(["x", "y", "z"], seatings, played)}
    assert rows["x"].win_share.value == pytest.approx((1 + 1 + 0.5 + 0 + 1 / 3 + 0) / 6)
    assert rows["z"].win_share.value == pytest.approx((0 + 0 + 0.5 + 1 + 1 / 3 + 1) / 6)
    assert sum(row.win_share.value for row in rows.values()) == pytest.approx(1.0)
    assert rows["x"].mean_score.value == pytest.approx((9 + 9 + 5 + 0 + 3 + 0) / 6)
    assert all(row.seats == 1 and row.fair_share == pytest.approx(1 / 3) for row in rows.values())


def test_the_plan_has_every_pair_weakest_first_then_the_table() -> None:
    stages = plan(["r", "e", "m", "h"], games=10, players=4)
    pairs = [stage.pair for stage in stages]
    assert pairs == [
        ("r", "e"),
        ("r", "m"),
        ("r", "h"),
        ("e", "m"),
        ("e", "h"),
        ("m", "h"),
        None,
    ]
    # Whole deals: 5 deals in 2 seatings per pair; 3 deals in the table's 4 rotations.
    assert [stage.games for stage in stages] == [10] * 6 + [12]


def test_no_table_when_there_are_more_levels_than_seats() -> None:
    assert [stage.pair for stage in plan("abc", 4, 2)] == [("a", "b"), ("a", "c"), ("b", "c")]


def test_a_seating_shared_by_a_pair_and_the_table_is_played_once() -> None:
    # Two levels at two seats: the table is the pair; its games are not played again.
    assert games_to_play("ab", 10, 2) == 10
    # Three levels at three seats: 3 pairs of 2 deals in 6 seatings, the table 4 deals in 3.
    assert games_to_play("abc", 10, 3) == 3 * 12 + 12


def test_a_small_quashars_tournament_matches_its_games_played_one_by_one() -> None:
    result = tournament("quashars", ["random", "basic"], games=4, players=4, seed=3)
    (pair,) = result.pairs
    assert (pair.games, pair.deals, result.played) == (4, 2, 4)
    played = [
        [
            play_game("quashars", derive_seed(3, deal), 4, list(seating)).outcome
            for seating in pair.seatings
        ]
        for deal in range(2)
    ]
    share, lead = head_to_head("random", "basic", pair.seatings, played)
    assert (pair.stronger_share, pair.score_difference) == (share, lead)
    assert result.table is not None and result.table.games == 4


@pytest.mark.parametrize(
    ("levels", "players", "games", "jobs", "field", "says"),
    [
        (["random"], 3, 4, 1, "bots", "at least 2 bot levels"),
        (["random", "random"], 3, 4, 1, "bots", "'random' is listed twice"),
        (["random", "wizard"], 3, 4, 1, "bots", "unknown bot 'wizard'"),
        (["random", "basic"], 2, 4, 1, "players", "3 to 4 players, not 2"),
        (["random", "basic"], 3, 0, 1, "games", "at least 1, not 0"),
        (["random", "basic"], 3, 4, 0, "jobs", "at least 1, not 0"),
    ],
)
def test_bad_arguments_are_named(  # noqa: PLR0917 - one per column of the table above
    levels: list[str], players: int, games: int, jobs: int, field: str, says: str
) -> None:
    with pytest.raises(BadSetup, match=says) as caught:
        check_tournament("quashars", levels, games, players, jobs)
    assert caught.value.field == field


def test_a_head_to_head_needs_two_seats() -> None:
    with pytest.raises(BadSetup, match="at least 2 players, not 1") as caught:
        check_tournament("quiddler", ["easy", "medium"], 4, 1)
    assert caught.value.field == "players"


def test_an_unknown_game_is_named_first() -> None:
    with pytest.raises(BadSetup, match="chess") as caught:
        check_tournament("chess", [], 0, 0)
    assert caught.value.field == "game"
