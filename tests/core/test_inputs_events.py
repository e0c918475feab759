"""Inputs (what comes in) and events (what goes out, to whom)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quintet.core import (
    HOST,
    SPECTATOR,
    TICK,
    BadInput,
    Event,
    Input,
    canonical,
    events_for,
    private,
    public,
)


def _nest(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    # Named, not a lambda: hypothesis reads `extend`'s source to check it recurses.
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5), _nest, max_leaves=8
)
actions = st.dictionaries(st.text(max_size=6), json_values, max_size=4)


# ---------------------------------------------------------------------- inputs


@given(
    seat=st.none() | st.integers(-5, 10),
    action=actions,
    time=st.integers(0, 2**40),
)
def test_an_input_survives_json(seat: int | None, action: dict[str, Any], time: int) -> None:
    inp = Input(seat, action, time)
    text = json.dumps(inp.to_json())
    assert Input.from_json(json.loads(text)) == inp
    assert inp.to_json() == {"seat": seat, "action": action, "time": time}


def test_a_tick_is_the_host_sending_tick() -> None:
    tick = Input.tick(1500)
    assert tick == Input(None, {"type": "tick"}, 1500)
    assert tick.action == TICK
    tick.action["extra"] = 1  # each tick has its own dict, so TICK stays as it was
    assert TICK == {"type": "tick"}


def test_time_defaults_to_zero() -> None:
    assert Input.from_json({"seat": 1, "action": {"type": "x"}}) == Input(1, {"type": "x"}, 0)
    assert Input.from_json({"action": {"type": "x"}}).seat is None


@pytest.mark.parametrize(
    ("data", "named"),
    [
        (None, "JSON object"),
        ([], "JSON object"),
        ("input", "JSON object"),
        (3, "JSON object"),
        ({"action": {"type": "x"}, "who": 1}, "who"),
        ({"action": {"type": "x"}, "seat": "1"}, "seat"),
        ({"action": {"type": "x"}, "seat": True}, "seat"),
        ({"action": {"type": "x"}, "seat": 1.0}, "seat"),
        ({"action": {"type": "x"}, "seat": [0]}, "seat"),
        ({"seat": 0}, "action"),
        ({"seat": 0, "action": None}, "action"),
        ({"seat": 0, "action": "play"}, "action"),
        ({"seat": 0, "action": [{"type": "x"}]}, "action"),
        ({"seat": 0, "action": {"type": "x"}, "time": -1}, "time"),
        ({"seat": 0, "action": {"type": "x"}, "time": 1.5}, "time"),
        ({"seat": 0, "action": {"type": "x"}, "time": "5"}, "time"),
        ({"seat": 0, "action": {"type": "x"}, "time": False}, "time"),
        ({"seat": 0, "action": {"type": "x"}, "time": None}, "time"),
    ],
)
def test_a_malformed_input_is_refused_naming_the_field(data: Any, named: str) -> None:
    with pytest.raises(BadInput) as refused:
        Input.from_json(data)
    assert named in refused.value.message
    assert refused.value.code == "input/malformed"


@given(data=json_values)
def test_from_json_raises_only_bad_input(data: Any) -> None:
    try:
        inp = Input.from_json(data)
    except BadInput:
        return
    assert isinstance(inp.action, dict)
    assert inp.seat is None or (isinstance(inp.seat, int) and not isinstance(inp.seat, bool))
    assert isinstance(inp.time, int) and not isinstance(inp.time, bool) and inp.time >= 0


# ---------------------------------------------------------------------- events


def test_a_public_event_is_seen_by_everyone() -> None:
    event = public("played", seat=1, card="Y9")
    for viewer in (0, 1, 2, 7, SPECTATOR, HOST):
        assert event.visible_to(viewer)
    assert event.audience is None


def test_a_private_event_is_seen_by_its_seat_and_the_host_only() -> None:
    event = private(2, "dealt", hand=["R1", "B4"])
    assert event.visible_to(2)
    assert event.visible_to(HOST)
    for viewer in (0, 1, 3, SPECTATOR):
        assert not event.visible_to(viewer), viewer


def test_an_event_for_some_seats() -> None:
    event = Event("passed", {"cards": ["G2"]}, frozenset({0, 3}))
    assert [v for v in (0, 1, 2, 3, SPECTATOR, HOST) if event.visible_to(v)] == [0, 3, HOST]


def test_an_event_for_no_seat_reaches_only_the_host() -> None:
    event = Event("secret", {}, frozenset())
    assert [v for v in (0, 1, SPECTATOR, HOST) if event.visible_to(v)] == [HOST]


def test_events_for_filters_and_never_sends_the_audience() -> None:
    events = [
        public("started", round=1),
        private(0, "dealt", hand=["R1"]),
        private(1, "dealt", hand=["Y2"]),
        public("played", seat=0, card="R1"),
    ]
    assert events_for(events, 0) == [
        {"type": "started", "round": 1},
        {"type": "dealt", "hand": ["R1"]},
        {"type": "played", "seat": 0, "card": "R1"},
    ]
    assert events_for(events, 1)[1] == {"type": "dealt", "hand": ["Y2"]}
    assert [e["type"] for e in events_for(events, SPECTATOR)] == ["started", "played"]
    assert len(events_for(events, HOST)) == 4
    for viewer in (0, 1, SPECTATOR, HOST):
        assert all("audience" not in e for e in events_for(events, viewer))


def test_event_json_is_type_then_data() -> None:
    event = public("trick_won", seat=2, cards=["R3", "Y9"])
    assert event.to_json() == {"type": "trick_won", "seat": 2, "cards": ["R3", "Y9"]}
    assert canonical(event.to_json()) == '{"cards":["R3","Y9"],"seat":2,"type":"trick_won"}'
