"""Lazy views (`quintet.core.view`): a dict to its readers, built only as far as it is read."""

from __future__ import annotations

import copy
import json
import operator
import pickle
from typing import Any

import pytest

from quintet.core import JSONDict, LazyView, Plan, RuleError, registry
from quintet.sim import play_game

CALLS: list[str] = []


def _part(name: str, value: Any) -> Any:
    def build(state: Any, viewer: int) -> Any:
        CALLS.append(name)
        return copy.deepcopy(value)

    return build


PARTS = {"a": _part("a", 1), "b": _part("b", [1, 2]), "c": _part("c", {"x": None})}
FULL = {"a": 1, "b": [1, 2], "c": {"x": None}}


def _view() -> LazyView:
    CALLS.clear()
    return LazyView(object(), 0, PARTS)


def test_a_part_is_built_once_when_first_read_and_never_before() -> None:
    view = _view()
    assert CALLS == ["a"]  # the first part, always
    assert "c" in view and "z" not in view
    assert CALLS == ["a"]
    assert view["c"] == {"x": None} and view.get("c") == {"x": None}
    assert view.get("z", 5) == 5
    assert CALLS == ["a", "c"]
    with pytest.raises(KeyError):
        view["z"]


@pytest.mark.parametrize(
    "read",
    [
        list,
        len,
        dict,
        json.dumps,
        lambda v: json.dumps(v, sort_keys=True, indent=1),
        lambda v: v == FULL,
        lambda v: operator.eq(FULL, v),
        lambda v: v.copy(),
        copy.copy,
        copy.deepcopy,
        lambda v: pickle.loads(pickle.dumps(v)),
        lambda v: list(v.items()),
        lambda v: {**v},
        repr,
    ],
)
def test_whatever_sees_the_whole_view_sees_all_of_it_in_order(read: Any) -> None:
    view = _view()
    view["c"]  # read out of order first
    read(view)
    assert sorted(CALLS) == ["a", "b", "c"]
    assert list(view) == ["a", "b", "c"] and view == FULL
    assert json.dumps(view) == json.dumps(FULL)
    plain = view.copy()
    assert type(plain) is dict and plain == FULL


def test_changes_apply_to_the_whole_view() -> None:
    view = _view()
    view["d"] = 4
    assert list(view) == ["a", "b", "c", "d"]
    assert view.pop("a") == 1 and "a" not in view
    view.update(b=0)
    assert view == {"b": 0, "c": {"x": None}, "d": 4}


class Keeper:
    """Keeps every view it is shown and reads it only later, after the state has moved on."""

    def __init__(self, game: Any, seat: int, seed: int) -> None:
        self.views: list[tuple[JSONDict, JSONDict]] = []

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        self.views.append((view, dict(dict.items(view))))  # only the parts built yet
        legal = view["legal"]
        return Plan(now, legal[0]) if legal else None

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(error)


def test_a_view_a_bot_keeps_stays_the_view_of_its_moment() -> None:
    bots = [Keeper(None, seat, 0) for seat in range(3)]
    run = play_game("quashars", 1, 3, bots)
    game = registry.get("quashars")
    state = game.new(1, 3)
    seen = [view for bot in bots for view, _ in bot.views]
    assert len(seen) == len(run.record.inputs) - 2  # every input but the two ticks
    expected = []
    for inp in run.record.inputs:
        if inp.seat is not None:
            expected.append((inp.seat, game.view(state, inp.seat)))
        game.apply(state, inp)
    for seat, view in expected:
        kept, first = bots[seat].views.pop(0)
        assert kept == view and first.items() <= view.items()
