"""What a table does next: which bots to ask, and what runs next and when. No clock.

The simulator (virtual time) and the server's table runner (wall time, people's
actions arriving at any moment) share this one set of rules; each brings its own
clock and its own way of waiting. The loop, in the words of ARCHITECTURE.md
"Real time": bots say "at time t I will do X"; the host runs the earliest plan
(or its tick when a deadline comes first), tells every seat that may have
something new, and asks again.

Who is asked for a plan, and when (`to_ask`):

- A seat is asked when it may have something new: when it takes its seat,
  after an accepted input produced an event it may see (`saw`), after its own
  plan ran or was refused (`take`), and when its `can_act` changed.
- Building a view is the costly part, so a seat that cannot act is not asked
  at all: its plan is dropped and it is asked again once it can act. In a
  turn-based game that is one view per input instead of one per seat. A bot
  that keeps memory between its turns declares it (`quintet.core.bot.Observer`)
  and is then asked after every event it may see, able to act or not.
- A seat's ability to act must change only through inputs (ticks included);
  that is the rules contract (`next_deadline`), and it is what lets a host
  check `can_act` only after an input.
- With `max_refusals`, a seat refused that many times in a row is not asked
  again until it sees something new, so a bot that insists cannot spin a loop
  that has no step limit (the server's; the simulator counts steps instead).

When a plan runs (`schedule`): at its time, clamped to at least the time it
was given, with its think time (from then) scaled by `pace` (1 in the
simulator). A bot that keeps its plan hands the same `Plan` back and keeps its
slot. A plan that already ran, handed back with its time still ahead, is not
run again: with a pace below 1 it ran before its own time, and the bot, judging
by that time, may think it still pending; it is asked again at that time
(`reask_due`).

What runs next (`next`): the earliest time wins; on a tie the host's tick goes
first (a deadline that has come closes the window), then the lowest seat, a
bot's plan before a person's action of the same seat and time. It runs at its
own time, never before `floor` (the host's time so far), so a record says when
things happened, not when the loop got round to them. A refused plan (a
`RuleError`, for example "too late") changes nothing: the host tells the bot,
and the seat is asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from quintet.core.bot import Plan
from quintet.core.events import Event
from quintet.core.types import Seat


@dataclass
class Slot:
    """One bot's seat in the schedule: whether to ask it, and its plan."""

    #: Asked while it cannot act (`quintet.core.bot.observes`).
    observes: bool
    ask: bool = True
    able: bool = False
    #: The plan as the bot gave it, and when it runs (think time scaled by the pace).
    raw: Plan | None = None
    due: int | None = None
    #: The last plan that ran; the bot may hand it back.
    spent: Plan | None = None
    #: When to ask again although nothing changed (a spent plan's own time).
    reask: int | None = None
    #: Plans refused in a row since it last saw something new.
    refusals: int = 0


SlotT = TypeVar("SlotT", bound=Slot)


class What(Enum):
    TICK = "tick"
    PLAN = "plan"
    INPUT = "input"


@dataclass(frozen=True, slots=True)
class Next:
    """What runs next: the host's tick (seat None), a seat's plan or a person's action."""

    what: What
    seat: Seat | None
    #: When it runs (the stamp of its input): its own time, never before the floor.
    time: int


class Scheduler(Generic[SlotT]):
    """The bots' slots of one table and the rules above; the host owns the clock.

    `SlotT` lets a host keep its own data (the bot itself) in each seat's slot.
    """

    def __init__(self, *, pace: float = 1.0, max_refusals: int | None = None) -> None:
        self.pace = pace
        self.max_refusals = max_refusals
        #: The bots' seats, in the order they took them.
        self.seats: dict[Seat, SlotT] = {}

    def add(self, seat: Seat, slot: SlotT) -> None:
        """A bot takes `seat` (replacing any other); it is asked at the next `to_ask`."""
        self.seats[seat] = slot

    def remove(self, seat: Seat) -> None:
        """The bot leaves `seat` (a person took it back); its plan goes with it."""
        del self.seats[seat]

    def to_ask(self, can_act: Callable[[Seat], bool]) -> list[tuple[Seat, SlotT]]:
        """The seats to ask for a plan now, each to be answered with `schedule`.

        A seat due to be asked that cannot act (and does not observe) loses its plan.
        """
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

    def schedule(self, slot: SlotT, plan: Plan | None, now: int) -> None:
        """Take a bot's answer, given at `now`: when its plan runs, or that it waits."""
        if plan is None:
            slot.raw = slot.due = None
            return
        # The cheap test of each pair first: comparing plans compares their actions.
        if plan.time > now and plan == slot.spent:
            slot.raw = slot.due = None
            slot.reask = plan.time
            return
        if slot.due is not None and plan == slot.raw:
            return
        slot.raw = plan
        slot.due = now + max(0, round((plan.time - now) * self.pace))

    def next(
        self, deadline: int | None, floor: int, arrival: tuple[int, Seat] | None = None
    ) -> Next | None:
        """The earliest of the host's tick (`deadline`), the bots' plans and a person's
        action (`arrival`: when it arrived, its seat), by the tie rule; None for nothing.

        It is not taken: a plan stays in its slot until `take`.
        """
        # The earliest by (time, rank, seat): the tick ranks first (-1, no seat), then each
        # seat's plan (its seat number) and a person's action (same seat, after the plan).
        # Compared field by field rather than as tuples: this runs once per input.
        time: int | None = deadline
        rank = -1
        for seat, slot in self.seats.items():
            due = slot.due
            if due is not None and (time is None or due < time or (due == time and seat < rank)):
                time, rank = due, seat
        if arrival is not None:
            at, seat = arrival
            if time is None or at < time or (at == time and seat < rank):
                return Next(What.INPUT, seat, max(at, floor))
        if time is None:
            return None
        time = max(time, floor)
        if rank < 0:
            return Next(What.TICK, None, time)
        return Next(What.PLAN, rank, time)

    def wake_time(self, deadline: int | None) -> int | None:
        """The earliest time something is due without a new arrival (the host's tick,
        a plan, or a seat to ask again), or None."""
        times = [deadline]
        for slot in self.seats.values():
            times += (slot.due, slot.reask)
        present = [t for t in times if t is not None]
        return min(present) if present else None

    def reask_due(self, now: int) -> None:
        """Seats whose spent plan's time has come are asked again."""
        for slot in self.seats.values():
            if slot.reask is not None and slot.reask <= now:
                slot.reask, slot.ask = None, True

    def take(self, seat: Seat) -> Plan:
        """The plan of `seat` runs now: it leaves the slot, and the seat is asked again.

        Raises `KeyError` for a seat with no bot and `ValueError` for one with no plan.
        """
        slot = self.seats[seat]
        plan = slot.raw
        if plan is None:
            raise ValueError(f"seat {seat} has no plan to run")
        slot.spent, slot.raw, slot.due, slot.ask = plan, None, None, True
        return plan

    def refused(self, slot: SlotT) -> bool:
        """The plan just taken from `slot` was refused; True when it reached
        `max_refusals` in a row and waits for something new.

        The slot, not its seat: on a server the bot may have left its seat meanwhile (its
        person came back while the input was being stored).
        """
        slot.refusals += 1
        if self.max_refusals is not None and slot.refusals >= self.max_refusals:
            slot.ask = False
            return True
        return False

    def accepted(self, slot: SlotT) -> None:
        """The plan just taken from `slot` was accepted."""
        slot.refusals = 0

    def saw(self, events: Iterable[Event]) -> None:
        """An accepted input made `events`: each seat that may see one is asked again."""
        happened = list(events)
        if any(event.audience is None for event in happened):  # a public event: every seat
            for slot in self.seats.values():
                slot.ask, slot.refusals = True, 0
            return
        for seat, slot in self.seats.items():
            if any(seat in event.audience for event in happened):  # type: ignore[operator]
                slot.ask, slot.refusals = True, 0
