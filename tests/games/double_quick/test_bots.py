"""Double Quick!'s bots: they play whole games through the same actions a person uses."""

from __future__ import annotations

import pytest

from quintet.core import registry
from quintet.games.double_quick import BOTS, GAME
from quintet.games.double_quick.builder import LEVELS
from quintet.sim import play_game


def test_every_level_is_registered() -> None:
    assert set(BOTS) == {"random", *LEVELS}
    assert set(registry.entry("double-quick").bots) == set(BOTS)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_building_bot_plays_a_whole_game_without_a_refusal(level: str) -> None:
    run = play_game("double-quick", 3, 2, [level, "random"])
    assert GAME.is_over(run.state)
    assert run.refused == 0
    outcome = GAME.outcome(run.state)
    assert outcome is not None
    # A bot that builds towards the solver's crossword scores more than random play.
    assert outcome.scores[0] > outcome.scores[1]


def test_the_hard_bot_presses_and_ends_turns_early() -> None:
    run = play_game("double-quick", 5, 2, ["hard", "hard"])
    presses = [i for i in run.record.inputs if i.action["type"] == "press"]
    assert presses, "two hard bots never pressed the red button"


def test_in_challenge_mode_bots_challenge_only_an_invalid_press() -> None:
    run = play_game("double-quick", 2, 2, ["hard", "medium"], {"challenge_mode": True})
    assert GAME.is_over(run.state)
    challenges = [i for i in run.record.inputs if i.action["type"] == "challenge"]
    assert not challenges  # building bots press only valid crosswords


def test_a_simulation_does_not_depend_on_the_clock() -> None:
    # The bots' solver runs on a step budget, not a time: the same seed, the same game.
    one = play_game("double-quick", 9, 2, ["hard", "easy"])
    two = play_game("double-quick", 9, 2, ["hard", "easy"])
    assert one.record.inputs == two.record.inputs
