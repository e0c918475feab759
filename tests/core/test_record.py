"""Records: (game, options, seed, players, inputs) rebuild a game bit for bit."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quintet.core import BadInput, Input, Record, RuleError, canonical, registry, replay
from quintet.core.testing import RandomDriver, random_record

NAMES = registry.names()


def _played(name: str, seed: int, players: int, choices: int) -> tuple[Any, list[Input], list[Any]]:
    """A random game to its end: the state, its inputs and each input's events."""
    game = registry.get(name)
    state = game.new(seed, players)
    inputs, events = [], []
    for inp, happened in RandomDriver.seeded(game, choices).steps(state):
        inputs.append(inp)
        events.append(happened)
    return state, inputs, events


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), choices=st.integers(0, 2**64 - 1), data=st.data())
def test_replay_reproduces_the_state_and_the_events(
    name: str, seed: int, choices: int, data: Any
) -> None:
    game = registry.get(name)
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    state, inputs, events = _played(name, seed, players, choices)
    rebuilt, history = replay(Record(name, seed, players, {}, tuple(inputs)))
    assert canonical(rebuilt.to_json()) == canonical(state.to_json())
    assert history == events
    assert game.is_over(rebuilt)


@pytest.mark.parametrize("name", NAMES)
def test_replay_of_part_of_a_record_is_the_game_at_that_point(name: str) -> None:
    game = registry.get(name)
    record = random_record(name, 8, game.min_players)
    state = game.new(8, game.min_players)
    for count, inp in enumerate(record.inputs[:40], 1):
        game.apply(state, inp)
        partial, _ = replay(Record(name, 8, game.min_players, {}, record.inputs[:count]))
        assert canonical(partial.to_json()) == canonical(state.to_json()), f"after {count}"


@pytest.mark.parametrize("name", NAMES)
def test_a_record_survives_json(name: str) -> None:
    game = registry.get(name)
    record = random_record(name, 3, game.max_players)
    text = json.dumps(record.to_json())
    again = Record.from_json(json.loads(text))
    assert again == record
    assert canonical(replay(again)[0].to_json()) == canonical(replay(record)[0].to_json())


@pytest.mark.parametrize("name", NAMES)
def test_default_options_written_out_replay_the_same(name: str) -> None:
    game = registry.get(name)
    defaults = {o["name"]: o["default"] for o in game.describe()["options"]}
    record = random_record(name, 4, game.min_players)
    spelled = Record(name, 4, game.min_players, defaults, record.inputs)
    assert canonical(replay(spelled)[0].to_json()) == canonical(replay(record)[0].to_json())


def test_replay_raises_the_error_of_the_first_input_that_does_not_apply() -> None:
    name = NAMES[0]
    game = registry.get(name)
    record = random_record(name, 6, game.min_players)
    good = record.inputs[:10]
    bad = Input(good[-1].seat, {"type": "no_such_action"}, good[-1].time)
    state, _ = replay(Record(name, 6, game.min_players, {}, good))
    with pytest.raises(RuleError) as direct:
        game.apply(state, bad)
    broken = Record(name, 6, game.min_players, {}, (*good, bad, *record.inputs[10:]))
    with pytest.raises(RuleError) as replayed:
        replay(broken)
    assert replayed.value.code == direct.value.code
    assert replayed.value.message == direct.value.message


def test_replay_of_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(BadInput) as refused:
        replay(Record("no-such-game", 1, 2))
    assert refused.value.code == "game/unknown"
    for name in NAMES:
        assert name in refused.value.message


GOOD: dict[str, Any] = {"game": "quashars", "seed": 1, "players": 4, "options": {}, "inputs": []}


def test_options_and_inputs_may_be_left_out() -> None:
    record = Record.from_json({"game": "quashars", "seed": 1, "players": 4})
    assert record == Record("quashars", 1, 4)


@pytest.mark.parametrize(
    ("data", "named"),
    [
        (None, "JSON object"),
        ([], "JSON object"),
        ("record", "JSON object"),
        ({"seed": 1, "players": 4}, "game"),
        ({"game": "quashars", "players": 4}, "seed"),
        ({"game": "quashars", "seed": 1}, "players"),
        ({**GOOD, "game": 3}, "game"),
        ({**GOOD, "seed": "1"}, "seed"),
        ({**GOOD, "seed": 1.5}, "seed"),
        ({**GOOD, "players": "4"}, "players"),
        ({**GOOD, "inputs": {}}, "inputs"),
        ({**GOOD, "inputs": "x"}, "inputs"),
        ({**GOOD, "inputs": [{"seat": 0}]}, "action"),
        ({**GOOD, "inputs": [3]}, "input"),
    ],
)
def test_a_malformed_record_is_refused_naming_the_field(data: Any, named: str) -> None:
    with pytest.raises(BadInput) as refused:
        Record.from_json(data)
    assert named in refused.value.message


@pytest.mark.parametrize(
    "data",
    [
        {**GOOD, "seed": True},
        {**GOOD, "players": False},
        {**GOOD, "options": [1]},
        {**GOOD, "options": "ab"},
        {**GOOD, "options": 5},
        {**GOOD, "options": [["a", 1]]},
    ],
    ids=[
        "seed-bool",
        "players-bool",
        "options-list",
        "options-str",
        "options-int",
        "options-pairs",
    ],
)
def test_a_record_with_wrong_types_is_refused_as_bad_input(data: Any) -> None:
    # Record.from_json reads stored and uploaded replays: anything else than
    # BadInput here is a traceback for the user.
    try:
        Record.from_json(data)
    except BadInput:
        return
    except Exception as error:
        pytest.fail(
            f"CORE BUG (quintet/core/record.py, Record.from_json): {data!r} raised "
            f"{type(error).__name__}: {error}; it must raise BadInput"
        )
    pytest.fail(
        f"CORE BUG (quintet/core/record.py, Record.from_json): {data!r} was accepted; "
        "a seed and players must be integers (not booleans) and options a JSON object"
    )
