"""`SerialState`: the compiled clone copies each kind of field as declared, the JSON round
trip is exact, and a class whose slots and `FIELDS` differ is refused."""

from __future__ import annotations

import pytest

from quintet.core import Rng, canonical
from quintet.core.serial import (
    BOOL,
    INT,
    INT_LISTS,
    INTS,
    OPTIONAL_INT,
    OPTIONAL_STR,
    RNG,
    Field,
    SerialState,
    names,
)

FIELDS: dict[str, Field] = {
    "rng": RNG,
    "phase": names(("deal", "play")),
    "round_no": INT.named("round"),
    "open": BOOL,
    "end": OPTIONAL_STR,
    "deadline": OPTIONAL_INT,
    "scores": INTS,
    "piles": INT_LISTS,
    "last": Field(dump=list, load=tuple),
}


class Table(SerialState):
    __slots__ = tuple(FIELDS)
    FIELDS = FIELDS

    rng: Rng
    phase: int
    round_no: int
    open: bool
    end: str | None
    deadline: int | None
    scores: list[int]
    piles: list[list[int]]
    last: tuple[int, ...]


def table() -> Table:
    state = Table(3)
    state.now = 120
    state.rng = Rng(5)
    state.phase, state.round_no, state.open, state.end, state.deadline = 1, 2, True, None, 900
    state.scores, state.piles, state.last = [1, 2, 3], [[4, 5], [6]], (7, 8)
    return state


def test_to_json_writes_every_field_in_order_under_its_key() -> None:
    data = table().to_json()
    assert list(data) == [
        "players", "now", "rng", "phase", "round", "open", "end", "deadline", "scores",
        "piles", "last",
    ]  # fmt: skip
    assert data["phase"] == "play" and data["rng"] == Rng(5).state and data["last"] == [7, 8]


def test_the_json_round_trip_is_exact() -> None:
    state = table()
    again = Table.from_json(state.to_json())
    assert canonical(again.to_json()) == canonical(state.to_json())
    assert isinstance(again.last, tuple) and again.players == 3 and again.now == 120


def test_a_clone_shares_nothing_mutable() -> None:
    state = table()
    before = canonical(state.to_json())
    other = state.clone()
    assert type(other) is Table and canonical(other.to_json()) == before
    other.scores.append(4)
    other.piles[0].append(9)
    other.rng.next64()
    other.phase = 0
    assert canonical(state.to_json()) == before
    assert other.last is state.last  # immutable: shared


ONLY_A = {"a": INT}
A_AND_C = {"a": INT, "c": INT}


def test_slots_without_fields_are_refused() -> None:
    with pytest.raises(TypeError, match=r"slots without a field: \['b'\]"):

        class Missing(SerialState):
            __slots__ = ("a", "b")
            FIELDS = ONLY_A

    with pytest.raises(TypeError, match=r"fields without a slot: \['c'\]"):

        class Extra(SerialState):
            __slots__ = ("a",)
            FIELDS = A_AND_C
