"""`simulate`: many games, the same results for the same seed whatever the processes."""

from __future__ import annotations

from typing import Any

import pytest

from quintet.core import derive_seed
from quintet.sim import BadSetup, Summary, check_setup, play_game, simulate, summarize

RANDOM4 = ["random"] * 4


def results(summary: Summary) -> tuple[Any, ...]:
    """Everything but the wall-clock figures."""
    return summary.games, summary.seats, summary.game_ms


def test_the_same_seed_gives_the_same_results() -> None:
    first = simulate("quashars", 12, 4, RANDOM4, seed=7)
    again = simulate("quashars", 12, 4, RANDOM4, seed=7)
    other = simulate("quashars", 12, 4, RANDOM4, seed=8)
    assert results(first) == results(again)
    assert results(first) != results(other)


def test_game_i_is_played_with_a_seed_derived_from_the_run_seed() -> None:
    games = [play_game("quashars", derive_seed(3, i), 3, ["random"] * 3) for i in range(5)]
    expected = summarize(
        ["random"] * 3, [run.outcome for run in games], 1.0, [run.end_time for run in games]
    )
    assert results(simulate("quashars", 5, 3, ["random"] * 3, seed=3)) == results(expected)


@pytest.mark.parametrize("games", [1, 2, 37])
def test_two_processes_give_the_results_of_one(games: int) -> None:
    done: list[int] = []
    alone = simulate("quashars", games, 4, RANDOM4, seed=11)
    spread = simulate("quashars", games, 4, RANDOM4, seed=11, jobs=2, progress=done.append)
    assert results(spread) == results(alone)
    assert sum(done) == games


def test_progress_is_told_of_every_game() -> None:
    done: list[int] = []
    summary = simulate("quashars", 4, 3, ["random"] * 3, seed=1, progress=done.append)
    assert done == [1, 1, 1, 1]
    assert summary.games == 4


def test_options_reach_the_games() -> None:
    # Without the flex chip no prediction can score the half points of a flex
    # prediction; the scores differ from a run with it.
    plain = simulate("quashars", 6, 3, ["random"] * 3, seed=2)
    no_flex = simulate("quashars", 6, 3, ["random"] * 3, seed=2, options={"flex_chip": False})
    assert results(plain) != results(no_flex)


@pytest.mark.parametrize(
    ("arguments", "field", "message"),
    [
        ({"game": "chess"}, "game", "unknown game 'chess'; the games are: double-quick, quashars"),
        ({"players": 5}, "players", "Quashars takes 3 to 4 players, not 5"),
        ({"players": 2, "bots": ["random"] * 2}, "players", "takes 3 to 4 players, not 2"),
        ({"bots": ["random"] * 3}, "bots", "4 players need 4 bots"),
        ({"bots": ["random", "random", "oracle", "random"]}, "bots", "unknown bot 'oracle'"),
        ({"games": 0}, "games", "at least 1, not 0"),
        ({"jobs": 0}, "jobs", "at least 1, not 0"),
        ({"options": {"pause_ms": -1}}, "options", "pause_ms"),
        (
            {"options": {"first_player": 3}, "players": 3, "bots": ["random"] * 3},
            "options",
            "first_player",
        ),
    ],
)
def test_bad_arguments_name_the_argument(
    arguments: dict[str, Any], field: str, message: str
) -> None:
    call: dict[str, Any] = {
        "game": "quashars",
        "games": 2,
        "players": 4,
        "bots": RANDOM4,
        "seed": 0,
    }
    call.update(arguments)
    with pytest.raises(BadSetup, match=message) as caught:
        simulate(**call)
    assert caught.value.field == field


def test_check_setup_returns_the_game() -> None:
    assert check_setup("quashars", 3, ["random"] * 3).name == "quashars"


def test_the_mean_game_length_is_the_virtual_end_times_averaged() -> None:
    runs = [play_game("quiclo", derive_seed(4, i), 3, ["easy"] * 3) for i in range(3)]
    summary = simulate("quiclo", 3, 3, ["easy"] * 3, seed=4, jobs=2)
    assert summary.game_ms == sum(run.end_time for run in runs) > 0
    assert summary.mean_game_seconds == summary.game_ms / 3000
