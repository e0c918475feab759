"""The simulator's fast lane plays the very same games as the general event loop.

`play_game` takes the lane when the game offers one and every bot can pick on it;
`fast_lane=False` forces the general loop. Both runs of a seed must agree on
everything a caller can see: the record's inputs and their times, the outcome, the
final state, the refused count, the end time, and the bots' own random streams.
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from quintet.bots.random import RandomBot
from quintet.core import Input, JSONDict, Plan, canonical, derive_seed, registry, replay
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
    others = make_bots("quashars", ["random"] * 3, 1)
    waiting = RandomBot(QUASHARS, 0, 1, delay=lambda view, action, rng: 5)
    assert lane_for(QUASHARS, state, [waiting, *others]) is None
    assert lane_for(QUASHARS, state, [Patient(QUASHARS, 0, 1), *others]) is None


def test_a_run_from_the_lane_pickles_with_its_record() -> None:
    run = play_game("quashars", 8, 3, ["random"] * 3)
    copied = pickle.loads(pickle.dumps(run))
    assert seen(copied) == seen(run)


class Patient(RandomBot):
    """A random bot that plans later than it draws: the lane cannot play its times."""

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        chosen = super().plan(view, now)
        return None if chosen is None else Plan(chosen.time + 10, chosen.action)


def test_a_mixed_table_plays_as_before() -> None:
    bots = ["random", "basic", "random"]
    assert seen(play_game("quashars", 3, 3, bots)) == seen(
        play_game("quashars", 3, 3, bots, fast_lane=False)
    )


@pytest.mark.parametrize("short", [1, 50, 100])
def test_a_game_without_end_fails_alike_on_both_paths(short: int) -> None:
    inputs = len(play_game("quashars", 2, 3, ["random"] * 3, {"pause_ms": 0}).record.inputs)
    limit = inputs - short
    messages = []
    for fast in (False, True):
        with pytest.raises(SimulationError) as caught:
            play_game(
                "quashars", 2, 3, ["random"] * 3, {"pause_ms": 0}, max_steps=limit, fast_lane=fast
            )
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith(f"quashars, seed 2: no end after {limit} inputs")


def test_a_game_at_its_step_limit_ends_on_both_paths() -> None:
    inputs = len(play_game("quashars", 4, 4, ["random"] * 4).record.inputs)
    general = play_game("quashars", 4, 4, ["random"] * 4, max_steps=inputs, fast_lane=False)
    assert seen(play_game("quashars", 4, 4, ["random"] * 4, max_steps=inputs)) == seen(general)


#: Every registered game that offers a lane, with each of its player counts.
LANES = [
    (name, players)
    for name in registry.names()
    if registry.get(name).fast_lane() is not None
    for players in range(registry.get(name).min_players, registry.get(name).max_players + 1)
]


def test_quashars_offers_a_lane() -> None:
    assert ("quashars", 3) in LANES and ("quashars", 4) in LANES
    assert QUASHARS.fast_lane() is LANE


@pytest.mark.parametrize(("name", "players"), LANES)
def test_every_lane_keeps_its_contract(name: str, players: int) -> None:
    """Along random games: the one seat that may act is `to_act`, its view lists the
    lane's ids in order, no deadline runs while anyone may act, and the lane's move
    and tick change the state as the checked `apply` does."""
    game = registry.get(name)
    lane = game.fast_lane()
    assert lane is not None and game.fast_lane() is lane
    for seed in range(6):
        state = game.new(seed, players)
        bots = make_bots(name, ["random"] * players, seed)
        now = 0
        while not game.is_over(state):
            legal = lane.legal_ids(state)
            able = [seat for seat in range(players) if game.can_act(state, seat)]
            moved = state.clone()
            if not legal:
                assert able == []
                deadline = game.next_deadline(state)
                assert deadline is not None
                now = max(now, deadline)
                game.apply(state, Input.tick(now))
                if lane.tick is not None:
                    lane.tick(moved, now)
                    assert canonical(moved.to_json()) == canonical(state.to_json())
                continue
            seat = lane.to_act(state)
            assert able == [seat]
            assert game.next_deadline(state) is None
            actions = [lane.action_of_id(a) for a in legal]
            assert game.view(state, seat)["legal"] == actions
            plan = bots[seat].plan(game.lazy_view(state, seat), now)
            assert plan is not None and plan.time == now
            lane.apply_id(moved, legal[actions.index(plan.action)], now)
            game.apply(state, Input(seat, plan.action, now))
            assert canonical(moved.to_json()) == canonical(state.to_json())
