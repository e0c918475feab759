"""The simulator as it was before views were built on demand: the reference path.

`play_reference` is the event loop and the scheduling rules of `quintet.sim.engine` and
`quintet.core.scheduler` as they stood at commit e1e7607, kept here unoptimized: every bot
decision gets the full `game.view`, every rule is the plain one. The fast simulator must
produce the same record for the same seed and bots (`test_sim_reference.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from quintet.core import Bot, Event, Input, Plan, Record, RuleError, derive_seed, observes, registry


@dataclass
class _Slot:
    observes: bool
    ask: bool = True
    able: bool = False
    raw: Plan | None = None
    due: int | None = None
    spent: Plan | None = None


class _Schedule:
    def __init__(self) -> None:
        self.seats: dict[int, _Slot] = {}

    def to_ask(self, can_act: Any) -> list[tuple[int, _Slot]]:
        chosen = []
        for seat, slot in self.seats.items():
            can = can_act(seat)
            if can != slot.able:
                slot.able, slot.ask = can, True
            if not slot.ask:
                continue
            slot.ask = False
            if can or slot.observes:
                chosen.append((seat, slot))
            else:
                slot.raw = slot.due = None
        return chosen

    def schedule(self, slot: _Slot, plan: Plan | None, now: int) -> None:
        if plan is None:
            slot.raw = slot.due = None
            return
        if plan == slot.spent and plan.time > now:
            slot.raw = slot.due = None
            return
        if plan == slot.raw and slot.due is not None:
            return
        slot.raw = plan
        slot.due = now + max(0, plan.time - now)

    def next(self, deadline: int | None, floor: int) -> tuple[int | None, int] | None:
        best: tuple[int, int] | None = None
        chosen: tuple[int | None, int] | None = None
        if deadline is not None:
            best, chosen = (deadline, -1), (None, deadline)
        for seat, slot in self.seats.items():
            if slot.due is not None and (best is None or (slot.due, seat) < best):
                best, chosen = (slot.due, seat), (seat, slot.due)
        if chosen is None or chosen[1] >= floor:
            return chosen
        return chosen[0], floor

    def take(self, seat: int) -> Plan:
        slot = self.seats[seat]
        plan = slot.raw
        assert plan is not None
        slot.spent, slot.raw, slot.due, slot.ask = plan, None, None, True
        return plan

    def saw(self, events: Iterable[Event]) -> None:
        happened = list(events)
        for seat, slot in self.seats.items():
            if any(event.visible_to(seat) for event in happened):
                slot.ask = True


def play_reference(
    game: str, seed: int, players: int, levels: Sequence[str], max_steps: int = 200_000
) -> tuple[Record, int]:
    """One game as the old simulator played it: its record and its refused count."""
    rules = registry.get(game)
    parsed = rules.parse_options(None)
    state = rules.new(seed, players, parsed)
    bots: list[Bot] = [
        registry.make_bot(game, level, seat, derive_seed(seed, seat))
        for seat, level in enumerate(levels)
    ]
    schedule = _Schedule()
    for seat, bot in enumerate(bots):
        schedule.seats[seat] = _Slot(observes(bot))
    inputs: list[Input] = []
    refused = steps = now = 0
    while not rules.is_over(state):
        for seat, slot in schedule.to_ask(lambda s: rules.can_act(state, s)):
            schedule.schedule(slot, bots[seat].plan(rules.view(state, seat), now), now)
        chosen = schedule.next(rules.next_deadline(state), now)
        assert chosen is not None, f"{game} seed {seed}: stuck"
        steps += 1
        assert steps <= max_steps, f"{game} seed {seed}: no end"
        mover, now = chosen
        inp = Input.tick(now) if mover is None else Input(mover, schedule.take(mover).action, now)
        try:
            events = rules.apply(state, inp)
        except RuleError as error:
            assert mover is not None
            refused += 1
            bots[mover].refused(error, now)
            continue
        inputs.append(inp)
        schedule.saw(events)
    return Record(game, seed, players, parsed.to_json(), tuple(inputs)), refused
