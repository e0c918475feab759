"""The clock-free scheduler the simulator and the server's table runner share."""

from __future__ import annotations

from typing import Any

from quintet.core import Plan, RuleError, observes, public
from quintet.core.events import private
from quintet.core.scheduler import Next, Scheduler, Slot, What


def plan(time: int, name: str = "x") -> Plan:
    return Plan(time, {"type": name})


def three(**options: Any) -> Scheduler[Slot]:
    schedule: Scheduler[Slot] = Scheduler(**options)
    for seat in range(3):
        schedule.add(seat, Slot(observes=seat == 2))
    return schedule


def test_the_earliest_runs_and_a_tie_goes_to_the_tick_then_the_lowest_seat() -> None:
    schedule = three()
    for seat, slot in schedule.to_ask(lambda seat: True):
        schedule.schedule(slot, plan(50 if seat else 70), 0)
    assert schedule.next(None, 0) == Next(What.PLAN, 1, 50)
    assert schedule.next(50, 0) == Next(What.TICK, None, 50)
    assert schedule.next(60, 0) == Next(What.PLAN, 1, 50)
    # A person's action of the same time: after the host and the lower seats, after a bot
    # of its own seat, before the higher seats.
    assert schedule.next(None, 0, (50, 1)) == Next(What.PLAN, 1, 50)
    assert schedule.next(None, 0, (50, 0)) == Next(What.INPUT, 0, 50)
    assert schedule.next(50, 0, (50, 0)) == Next(What.TICK, None, 50)
    assert schedule.next(None, 0, (49, 2)) == Next(What.INPUT, 2, 49)


def test_plans_and_deadlines_run_no_earlier_than_now() -> None:
    schedule = three()
    slot = schedule.seats[0]
    schedule.schedule(slot, plan(-500), 100)
    assert slot.due == 100
    assert schedule.next(None, 100) == Next(What.PLAN, 0, 100)
    assert schedule.next(40, 100) == Next(What.TICK, None, 100), "a deadline past is now"
    assert schedule.next(None, 300) == Next(What.PLAN, 0, 300), "stamped at the floor"
    assert three().next(None, 0) is None


def test_the_pace_scales_think_times_and_a_spent_plan_is_asked_again_at_its_time() -> None:
    schedule = three(pace=0.1)
    slot = schedule.seats[0]
    kept = plan(2000)
    schedule.schedule(slot, kept, 1000)
    assert slot.due == 1100
    schedule.schedule(slot, plan(2000), 1050)
    assert slot.due == 1100, "the same plan handed back keeps its slot"
    assert schedule.take(0) == kept and slot.ask
    schedule.schedule(slot, kept, 1100)
    assert (slot.due, slot.reask) == (None, 2000), "a plan that ran does not run twice"
    assert schedule.wake_time(None) == 2000
    schedule.reask_due(1999)
    assert slot.reask == 2000
    schedule.reask_due(2000)
    assert (slot.reask, slot.ask) == (None, True)


def test_who_is_asked_and_when() -> None:
    schedule = three()
    able = {0: True, 1: False, 2: False}
    # At the start: those who can act, and the observer (seat 2) although it cannot.
    assert [seat for seat, _ in schedule.to_ask(able.__getitem__)] == [0, 2]
    assert schedule.to_ask(able.__getitem__) == [], "nothing new"
    for seat in (0, 2):
        schedule.schedule(schedule.seats[seat], plan(10), 0)
    # Seat 1 may act now: asked, without anything to see.
    able[1] = True
    assert [seat for seat, _ in schedule.to_ask(able.__getitem__)] == [1]
    # A private event reaches only its seat; a public one every seat.
    schedule.saw([private(2, "dealt")])
    assert [seat for seat, _ in schedule.to_ask(able.__getitem__)] == [2]
    able[0] = False
    schedule.saw([public("played")])
    asked = schedule.to_ask(able.__getitem__)
    assert [seat for seat, _ in asked] == [1, 2]
    assert schedule.seats[0].due is None, "a seat that cannot act loses its plan"


def test_refusals_in_a_row_bench_a_seat_until_it_sees_something() -> None:
    schedule = three(max_refusals=3)
    slot = schedule.seats[0]
    benched = []
    for _ in range(3):
        schedule.schedule(slot, plan(0), 0)
        schedule.take(0)
        benched.append(schedule.refused(slot))
    assert benched == [False, False, True] and not slot.ask
    schedule.saw([public("played")])
    assert slot.ask and slot.refusals == 0
    # Without a limit (the simulator's), a refused seat is always asked again.
    free = three()
    for _ in range(50):
        free.schedule(free.seats[0], plan(0), 0)
        free.take(0)
        assert free.refused(free.seats[0]) is False and free.seats[0].ask


class Plain:
    def plan(self, view: Any, now: int) -> Plan | None:
        return None

    def refused(self, error: RuleError, now: int) -> None:
        pass


class Watching(Plain):
    observes = True


def test_a_bot_observes_only_when_it_says_so() -> None:
    assert observes(Plain()) is False
    assert observes(Watching()) is True
    off = Watching()
    off.observes = False
    assert observes(off) is False
