"""Building Quick tables for the tests: a new game ticked to sorting, tables set by hand."""

from __future__ import annotations

from typing import Any

from quintet.core import Event, Input, JSONDict, RuleError, canonical
from quintet.games.quick import GAME, QuickState
from quintet.games.quick.components import CARDS
from quintet.games.quick.state import PHASES


def new(players: int = 3, seed: int = 1, **options: Any) -> QuickState:
    return GAME.new(seed, players, options)


def sorting(players: int = 3, seed: int = 1, **options: Any) -> QuickState:
    """A new game past its countdown (and the dealer's choice): everyone may sort."""
    state = new(players, seed, **options)
    while PHASES[state.phase] != "sort":
        deadline = GAME.next_deadline(state)
        assert deadline is not None
        GAME.apply(state, Input.tick(deadline))
    return state


def set_tables(state: QuickState, tables: dict[int, list[list[int]]]) -> None:
    """Give these seats these piles (each from the top down); the other cards out of play."""
    for seat, piles in tables.items():
        state.tables[seat] = tuple(tuple(pile) for pile in piles)
    used = {c for table in state.tables for pile in table for c in pile}
    used |= {c for c in state.hand if c is not None}
    state.stock = tuple(c for c in CARDS if c not in used)


def act(
    state: QuickState, seat: int | None, action: JSONDict, time: int | None = None
) -> list[Event]:
    return GAME.apply(state, Input(seat, action, state.now if time is None else time))


def refused(state: QuickState, seat: int | None, action: JSONDict, code: str) -> RuleError:
    """The action is refused with `code` and leaves the state exactly as it was."""
    before = canonical(state.to_json())
    try:
        GAME.apply(state, Input(seat, action, state.now))
    except RuleError as error:
        assert error.code == code, f"{action}: {error.code} ({error.message}), not {code}"
        assert canonical(state.to_json()) == before, f"the refused {action} changed the state"
        return error
    raise AssertionError(f"{action} from {seat} was accepted")


def tick_until(state: QuickState, phase: str) -> list[Event]:
    """Tick the host's deadlines until the phase is reached; returns every event on the way."""
    events: list[Event] = []
    while PHASES[state.phase] != phase:
        deadline = GAME.next_deadline(state)
        assert deadline is not None, f"no deadline in phase {PHASES[state.phase]}"
        events += GAME.apply(state, Input.tick(deadline))
    return events


def klaar_all(state: QuickState, seats: list[int]) -> list[Event]:
    events: list[Event] = []
    for seat in seats:
        events += act(state, seat, {"type": "klaar"})
    return events
