"""The simulator's fast lane plays the very same games as the general event loop.

`play_game` takes the lane when the game offers one and every bot can pick on it;
`fast_lane=False` forces the general loop. Both runs of a seed must agree on
everything a caller can see: the record's inputs and their times, the outcome, the
final state, the refused count, the end time, and the bots' own random streams.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from quintet.bots.random import RandomBot
from quintet.core import Input, canonical, derive_seed, registry, replay
from quintet.sim import GameRun, SimulationError, engine, make_bots, play_game
from quintet.sim.fast_lane import lane_for

QUASHARS = registry.get("quashars")
LANE = QUASHARS.fast_lane()

OPTIONS: list[dict[str, Any]] = [
    {},
    {"flex_chip": False, "first_player": 1, "pause_ms": 0},
    {"conditions": ["even", "red", "no_red", "most_tricks"], "pause_ms": 2500},
]


def seen(run: GameRun) -> dict[str, Any]:
    """Everything a caller of `play_game` can read from a run, as plain data."""
    return {
        "record": canonical(run.record.to_json()),
        "outcome": run.outcome.to_json(),
        "state": canonical(run.state.to_json()),
        "refused": run.refused,
        "end_time": run.end_time,
    }


@pytest.fixture
def no_general_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the general loop fail, so a run that passes was played on the lane."""

    def refuse(*args: object) -> None:
        raise AssertionError("the general event loop ran")

    monkeypatch.setattr(engine, "_run", refuse)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["default", "no-flex", "fixed"])
def test_the_lane_plays_the_same_games_as_the_event_loop(
    players: int, options: dict[str, Any]
) -> None:
    for index in range(25):
        seed = derive_seed(players, index)
        general = play_game(
            "quashars", seed, players, ["random"] * players, options, fast_lane=False
        )
        lane = play_game("quashars", seed, players, ["random"] * players, options)
        assert seen(lane) == seen(general), f"seed {seed}"


def test_a_lane_without_a_tick_of_its_own_sends_the_tick_through_apply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert LANE is not None
    monkeypatch.setattr(QUASHARS, "fast_lane", lambda: dataclasses.replace(LANE, tick=None))
    for seed in range(5):
        general = play_game("quashars", seed, 3, ["random"] * 3, fast_lane=False)
        assert seen(play_game("quashars", seed, 3, ["random"] * 3)) == seen(general)


def test_the_lane_is_taken_by_default(no_general_loop: None) -> None:
    run = play_game("quashars", 7, 4, ["random"] * 4)
    assert run.outcome is not None
    with pytest.raises(AssertionError, match="general event loop ran"):
        play_game("quashars", 7, 4, ["random"] * 4, fast_lane=False)


def test_bots_given_as_objects_end_with_the_same_random_streams() -> None:
    general = make_bots("quashars", ["random"] * 3, 12)
    lane = make_bots("quashars", ["random"] * 3, 12)
    first = play_game("quashars", 12, 3, general, fast_lane=False)
    second = play_game("quashars", 12, 3, lane)
    assert seen(first) == seen(second)
    assert [bot.rng.state for bot in lane] == [bot.rng.state for bot in general]  # type: ignore[attr-defined]


def test_the_record_replays_to_the_final_state() -> None:
    run = play_game("quashars", 5, 4, ["random"] * 4, {"pause_ms": 1000})
    state, _ = replay(run.record)
    assert canonical(state.to_json()) == canonical(run.state.to_json())
    assert run.end_time == 3000 == run.record.inputs[-1].time
    assert sum(inp.seat is None for inp in run.record.inputs) == 3  # the ticks dealing 2-4


def test_a_bot_without_a_fast_pick_keeps_the_game_on_the_event_loop() -> None:
    state = QUASHARS.new(1, 4)
    assert lane_for(QUASHARS, state, make_bots("quashars", ["random"] * 4, 1)) is not None
    assert lane_for(QUASHARS, state, make_bots("quashars", ["random"] * 3 + ["basic"], 1)) is None
    waiting = RandomBot(QUASHARS, 0, 1, delay=lambda view, action, rng: 5)
    assert lane_for(QUASHARS, state, [waiting, *make_bots("quashars", ["random"] * 3, 1)]) is None


def test_a_mixed_table_plays_as_before() -> None:
    bots = ["random", "basic", "random"]
    assert seen(play_game("quashars", 3, 3, bots)) == seen(
        play_game("quashars", 3, 3, bots, fast_lane=False)
    )


def test_a_game_without_end_fails_alike_on_both_paths() -> None:
    messages = []
    for fast in (False, True):
        with pytest.raises(SimulationError) as caught:
            play_game("quashars", 2, 3, ["random"] * 3, max_steps=50, fast_lane=fast)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith("quashars, seed 2: no end after 50 inputs")


@pytest.mark.parametrize("players", [3, 4])
def test_quashars_keeps_the_lane_contract(players: int) -> None:
    """Along random games: the one seat that may act is `to_act`, its view lists the
    lane's ids in order, no deadline runs while anyone may act, and the lane's tick is
    the checked one."""
    assert LANE is not None and QUASHARS.fast_lane() is LANE
    for seed in range(6):
        state = QUASHARS.new(seed, players)
        bots = make_bots("quashars", ["random"] * players, seed)
        now = 0
        while not QUASHARS.is_over(state):
            legal = LANE.legal_ids(state)
            able = [seat for seat in range(players) if QUASHARS.can_act(state, seat)]
            if not legal:
                assert able == []
                now = QUASHARS.next_deadline(state)  # type: ignore[assignment]
                assert now is not None and LANE.tick is not None
                ticked = state.clone()
                LANE.tick(ticked, now)
                QUASHARS.apply(state, Input.tick(now))
                assert canonical(ticked.to_json()) == canonical(state.to_json())
                continue
            seat = LANE.to_act(state)
            assert able == [seat]
            assert QUASHARS.next_deadline(state) is None
            assert QUASHARS.view(state, seat)["legal"] == [LANE.action_of_id(a) for a in legal]
            plan = bots[seat].plan(QUASHARS.lazy_view(state, seat), now)
            assert plan is not None and plan.time == now
            QUASHARS.apply(state, Input(seat, plan.action, now))
