"""The simulator's event loop: one game among bots under a virtual clock.

Quashars covers the turn-based path. "Tap", a tiny race defined here, covers
what Quiclo will need: seats acting at once, ties, claims refused as too late,
a wrong claim that is accepted and costs its maker, and host deadlines.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

from quintet.core import (
    BadInput,
    Event,
    Game,
    Input,
    JSONDict,
    NotYourTurn,
    Options,
    Outcome,
    Plan,
    Record,
    RuleError,
    State,
    TooLate,
    Viewer,
    canonical,
    derive_seed,
    private,
    public,
    registry,
    replay,
)
from quintet.sim import GameRun, SimulationError, make_bots, play_game

# ------------------------------------------------------------------ the Tap race

BELL_MS = 100
GOAL = 6


class TapState(State):
    __slots__ = ("bell", "bells", "benched", "scores", "top")

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.top = 0
        self.scores = [0] * players
        self.benched = [False] * players
        self.bell = BELL_MS
        self.bells = 0

    def clone(self) -> TapState:
        other = TapState(self.players)
        other.now, other.top, other.bell, other.bells = self.now, self.top, self.bell, self.bells
        other.scores, other.benched = self.scores[:], self.benched[:]
        return other

    def to_json(self) -> JSONDict:
        return {
            "now": self.now,
            "top": self.top,
            "scores": self.scores,
            "benched": self.benched,
            "bell": self.bell,
            "bells": self.bells,
        }


class TapGame(Game[TapState, Options]):
    """Everyone races to claim the current number; the first to claim it scores.

    A claim names the number it expects: a stale one is refused as too late. A
    "wrong" claim is accepted and benches its maker until someone's next valid
    claim. A bell rings every 100 ms (a host deadline). Only the claimer hears
    of a claim, so the others learn it from their refusals.
    """

    name: ClassVar[str] = "tap"
    title: ClassVar[str] = "Tap"
    summary: ClassVar[str] = "A race to claim numbers."
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[Options]] = Options
    real_time: ClassVar[bool] = True

    def _new(self, seed: int, players: int, options: Options) -> TapState:
        return TapState(players)

    def _apply(self, state: TapState, inp: Input) -> list[Event]:
        kind = inp.action["type"]
        if kind == "tick":
            state.bells += 1
            state.bell += BELL_MS
            return [public("bell", n=state.bells)]
        seat = inp.seat
        if seat is None or kind not in ("claim", "wrong"):
            raise BadInput(f"bad tap input {inp!r}")
        if state.benched[seat]:
            raise NotYourTurn(f"seat {seat} is benched")
        if kind == "wrong":
            state.benched[seat] = True
            return [public("benched", seat=seat)]
        if inp.action.get("top") != state.top:
            raise TooLate(f"the number is {state.top} now")
        state.top += 1
        state.scores[seat] += 1
        state.benched = [False] * state.players
        return [private(seat, "claimed", top=state.top)]

    def _view(self, state: TapState, viewer: Viewer) -> JSONDict:
        return {"viewer": viewer, **state.to_json()}

    def next_deadline(self, state: TapState) -> int | None:
        return state.bell

    def can_act(self, state: TapState, seat: int) -> bool:
        return not state.benched[seat] and not self.is_over(state)

    def is_over(self, state: TapState) -> bool:
        return state.top >= GOAL

    def outcome(self, state: TapState) -> Outcome | None:
        return Outcome.from_scores(state.scores) if self.is_over(state) else None

    def hidden_cards(self, state: TapState, viewer: Viewer) -> frozenset[str]:
        return frozenset()

    def state_from_json(self, data: JSONDict) -> TapState:
        raise NotImplementedError


TAP = TapGame()


class Tapper:
    """Claims the number it sees `delay` ms after being asked; logs everything."""

    def __init__(self, delay: int, *, wrong_first: bool = False, observes: bool = False) -> None:
        self.delay = delay
        self.wrong_first = wrong_first
        self.observes = observes
        self.log: list[tuple[Any, ...]] = []

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        self.log.append(("plan", now, view["top"], view["benched"][view["viewer"]]))
        if view["benched"][view["viewer"]]:
            return None
        if self.wrong_first:
            self.wrong_first = False
            return Plan(now + self.delay, {"type": "wrong"})
        return Plan(now + self.delay, {"type": "claim", "top": view["top"]})

    def refused(self, error: RuleError, now: int) -> None:
        self.log.append(("refused", now, error.code))


def tap_replay(run: GameRun) -> TapState:
    state = TAP.new(run.record.seed, run.record.players, run.record.options)
    for inp in run.record.inputs:
        TAP.apply(state, inp)
    return state


def moves(run: GameRun) -> list[tuple[int | None, str, int]]:
    return [(i.seat, i.action["type"], i.time) for i in run.record.inputs]


def test_a_tie_between_seats_goes_to_the_lowest_and_the_other_is_refused_as_too_late() -> None:
    fast, same = Tapper(10), Tapper(10)
    run = play_game(TAP, 0, 2, [fast, same])
    assert run.outcome.scores == (GOAL, 0)
    assert moves(run) == [(0, "claim", t) for t in range(10, 10 * GOAL + 1, 10)]
    # Seat 1 never heard of the claims (private events): each of its plans was
    # refused as too late, and it was asked again at once. Its last plan, due
    # when the game ended, never ran.
    refusals = [entry for entry in same.log if entry[0] == "refused"]
    assert refusals == [("refused", t, "action/too_late") for t in range(10, 10 * GOAL, 10)]
    assert run.refused == GOAL - 1
    assert same.log[1:3] == [("refused", 10, "action/too_late"), ("plan", 10, 1, False)]


def test_the_faster_seat_wins_whatever_its_number() -> None:
    run = play_game(TAP, 0, 3, [Tapper(30), Tapper(30), Tapper(7)])
    assert run.outcome.scores == (0, 0, GOAL)


def test_a_deadline_goes_before_a_plan_for_the_same_moment() -> None:
    bot = Tapper(50)
    run = play_game(TAP, 0, 2, [bot, Tapper(1000)])
    # Seat 0 plans claims at 50 and 100; the bell is due at 100 too and rings first,
    # and its public event makes seat 0 plan again (for 150).
    assert moves(run)[:4] == [
        (0, "claim", 50),
        (None, "tick", 100),
        (0, "claim", 150),
        (None, "tick", 200),
    ]
    assert ("plan", 100, 1, False) in bot.log


def test_a_wrong_claim_is_recorded_and_its_maker_is_asked_again_once_it_can_act() -> None:
    wrong = Tapper(5, wrong_first=True)
    run = play_game(TAP, 0, 2, [Tapper(40), wrong])
    assert moves(run)[0] == (1, "wrong", 5)
    # Benched at 5, seat 1 is not asked again until seat 0's claim lifts the
    # bench (at 45: seat 0 planned again when it saw the public "benched"). The
    # claim is private to seat 0, so what brings seat 1 back is its can_act.
    assert wrong.log[:2] == [("plan", 0, 0, False), ("plan", 45, 1, False)]
    assert run.outcome.scores[1] > 0
    assert canonical(tap_replay(run).to_json()) == canonical(run.state.to_json())


@pytest.mark.parametrize("observes", [True, False])
def test_only_an_observing_bot_is_asked_while_it_cannot_act(observes: bool) -> None:
    bot = Tapper(5, wrong_first=True, observes=observes)
    run = play_game(TAP, 0, 2, [Tapper(90), bot])
    assert moves(run)[:2] == [(1, "wrong", 5), (0, "claim", 95)]
    # Benched from 5 until seat 0 claims at 95; the public "benched" event
    # reaches seat 1 in between, and only an observer is shown it.
    benched_at = [entry[1] for entry in bot.log if entry[0] == "plan" and entry[3]]
    assert benched_at == ([5] if observes else [])


class Late(Tapper):
    """Plans for a time already past; the simulator must clamp it to now."""

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        return Plan(now - 500, {"type": "claim", "top": view["top"]})


def test_a_plan_in_the_past_runs_now() -> None:
    run = play_game(TAP, 0, 2, [Late(0), Tapper(1)])
    times = [i.time for i in run.record.inputs]
    assert times == [0] * GOAL
    assert run.end_time == 0


# ------------------------------------------------------------------- Quashars


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 3), (99, 4)])
def test_a_simulated_game_replays_to_the_same_final_state(seed: int, players: int) -> None:
    run = play_game("quashars", seed, players, ["random"] * players)
    state, _ = replay(run.record)
    assert canonical(state.to_json()) == canonical(run.state.to_json())
    assert run.record.seed == seed and run.record.players == players
    # Through JSON too: the record is the storage format.
    stored = Record.from_json(json.loads(json.dumps(run.record.to_json())))
    again, _ = replay(stored)
    assert canonical(again.to_json()) == canonical(run.state.to_json())
    assert registry.get("quashars").outcome(state) == run.outcome


def test_the_same_seed_plays_the_same_game_and_another_seed_does_not() -> None:
    first = play_game("quashars", 5, 4, ["random"] * 4)
    second = play_game("quashars", 5, 4, ["random"] * 4)
    other = play_game("quashars", 6, 4, ["random"] * 4)
    assert first.record == second.record
    assert first.record.inputs != other.record.inputs


def test_bots_given_by_level_are_seeded_from_the_game_seed_and_their_seat() -> None:
    by_level = play_game("quashars", 8, 3, ["random"] * 3)
    made = play_game("quashars", 8, 3, make_bots("quashars", ["random"] * 3, 8))
    by_hand = play_game(
        "quashars",
        8,
        3,
        [registry.make_bot("quashars", "random", s, derive_seed(8, s)) for s in range(3)],
    )
    assert by_level.record == made.record == by_hand.record


def test_options_are_kept_in_the_record() -> None:
    run = play_game("quashars", 4, 3, ["random"] * 3, {"pause_ms": 7, "flex_chip": False})
    assert run.record.options["pause_ms"] == 7
    assert run.record.options["flex_chip"] is False
    ticks = [i.time for i in run.record.inputs if i.seat is None]
    assert len(ticks) == 2  # three games, a tick between each
    state, _ = replay(run.record)
    assert canonical(state.to_json()) == canonical(run.state.to_json())


class Recorder:
    """A random Quashars bot that counts the views it is shown."""

    def __init__(self, seat: int) -> None:
        self.inner = registry.make_bot("quashars", "random", seat, seat)
        self.seat = seat
        self.views: list[JSONDict] = []

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        self.views.append(view)
        return self.inner.plan(view, now)

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(error)


def test_a_seat_that_cannot_act_is_not_shown_a_view() -> None:
    bots = [Recorder(seat) for seat in range(4)]
    run = play_game("quashars", 3, 4, bots)
    for bot in bots:
        own = [i for i in run.record.inputs if i.seat == bot.seat]
        assert len(bot.views) == len(own)
        assert all(view["to_act"] == bot.seat for view in bot.views)


class Never:
    """Never has a plan."""

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        return None

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(error)


def test_a_game_where_no_one_plans_and_nothing_is_due_stops_with_a_clear_error() -> None:
    with pytest.raises(SimulationError, match=r"quashars, seed 11: stuck at 0 ms") as caught:
        play_game("quashars", 11, 4, [Never() for _ in range(4)])
    assert caught.value.game == "quashars" and caught.value.seed == 11


class Stubborn:
    """Plans the same refused action for ever."""

    def __init__(self) -> None:
        self.refusals = 0

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        return Plan(now, {"type": "play", "card": "X1"})

    def refused(self, error: RuleError, now: int) -> None:
        self.refusals += 1


def test_a_loop_of_refused_plans_stops_at_the_bound() -> None:
    bots = [Stubborn() for _ in range(3)]
    with pytest.raises(SimulationError, match=r"quashars, seed 2: no end after 50 inputs"):
        play_game("quashars", 2, 3, bots, max_steps=50)
    assert sum(bot.refusals for bot in bots) == 50


class OnceWrong:
    """Tries an unknown card first on each turn, then plays like the random bot."""

    def __init__(self, seat: int) -> None:
        self.inner = registry.make_bot("quashars", "random", seat, seat)
        self.errors: list[str] = []
        self.retry = False

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        if not self.retry:
            return Plan(now + 1, {"type": "play", "card": "Z0"})
        self.retry = False
        return self.inner.plan(view, now + 1)

    def refused(self, error: RuleError, now: int) -> None:
        self.errors.append(error.code)
        self.retry = True


def test_a_refused_plan_is_told_to_its_bot_and_left_out_of_the_record() -> None:
    bots = [OnceWrong(seat) for seat in range(3)]
    run = play_game("quashars", 21, 3, bots)
    turns = sum(1 for i in run.record.inputs if i.seat is not None)
    assert run.refused == turns == sum(len(bot.errors) for bot in bots)
    codes = {code for bot in bots for code in bot.errors}
    assert codes == {"quashars/wrong_phase", "quashars/unknown_card"}
    state, _ = replay(run.record)
    assert canonical(state.to_json()) == canonical(run.state.to_json())


class Broken:
    def plan(self, view: JSONDict, now: int) -> Plan | None:
        raise ZeroDivisionError("bot bug")

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(error)


def test_a_bot_bug_is_raised_with_a_note_naming_the_game_and_seed() -> None:
    with pytest.raises(ZeroDivisionError) as caught:
        play_game("quashars", 31, 3, [Broken(), Broken(), Broken()])
    assert "while simulating quashars with seed 31" in caught.value.__notes__


def test_each_seat_needs_a_bot() -> None:
    with pytest.raises(ValueError, match="4 players need 4 bots, not 3"):
        play_game("quashars", 1, 4, ["random"] * 3)


def test_a_setup_the_game_refuses_raises_its_rule_error() -> None:
    with pytest.raises(RuleError, match="takes 3 to 4 players"):
        play_game("quashars", 1, 5, ["random"] * 5)
    with pytest.raises(RuleError, match="unknown bot 'genius'"):
        play_game("quashars", 1, 3, ["random", "genius", "random"])


def test_a_game_that_never_ends_stops_at_the_bound() -> None:
    # Seat 0 plans again at every public bell, always for 150 ms later, so it
    # never claims; the bells alone would go on for ever.
    with pytest.raises(
        SimulationError, match=r"tap, seed 3: no end after 100 inputs \(0 refused\)"
    ):
        play_game(TAP, 3, 2, [Tapper(150), Tapper(150)], max_steps=100)
