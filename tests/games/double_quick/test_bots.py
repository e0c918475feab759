"""Double Quick!'s bots: they play whole games through the same actions a person uses."""

from __future__ import annotations

import itertools
from collections import Counter
from types import SimpleNamespace

import pytest

from quintet.core import Rng, registry
from quintet.games.double_quick import BOTS, GAME, solver
from quintet.games.double_quick.bots import random_pick
from quintet.games.double_quick.builder import LEVELS
from quintet.sim import play_game

from .helpers import new


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


def test_random_knows_no_words_it_presses_whether_or_not_the_crossword_is_valid() -> None:
    view = GAME.view(new(2, seed=4), 0)
    assert view["seats"][0]["problems"], "an empty crossword cannot be pressed validly"
    del view["seats"][0]["problems"]  # random never reads the referee's verdict
    rng = Rng(7)
    kinds = Counter(action["type"] for _ in range(200) if (action := random_pick(view, rng)))
    # Every kind the seat can do is drawn alike: place, pass and press (nothing to move).
    assert set(kinds) == {"place", "pass", "press"}
    assert min(kinds.values()) > 40


def test_random_pays_for_the_presses_the_referee_refuses() -> None:
    run = play_game("double-quick", 3, 2, ["easy", "random"])
    presses = [i for i in run.record.inputs if i.seat == 1 and i.action["type"] == "press"]
    assert presses
    # Random play never builds a valid crossword of the size a press needs.
    assert run.state.penalties[1] == 10 * len(presses)


def test_a_bot_never_lets_the_clock_end_its_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bots search on a step budget: a clock that jumps a minute at every reading (a
    # machine under heavy load) must not change a single action of the game.
    calm = play_game("double-quick", 9, 2, ["hard", "easy"])
    ticks = itertools.count()
    clock = SimpleNamespace(perf_counter=lambda: 60.0 * next(ticks))
    monkeypatch.setattr(solver, "time", clock)
    loaded = play_game("double-quick", 9, 2, ["hard", "easy"])
    assert next(ticks) > 0, "the solver read no clock: the patch proves nothing"
    assert loaded.record.inputs == calm.record.inputs
