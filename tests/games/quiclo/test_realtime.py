"""Quiclo as a race: inputs stamped a millisecond apart or at the same one, deadlines
and ticks, and whole games among bots under the simulator's virtual clock.

The host stamps every input; the rules never read a clock, so every case here is
a fixed sequence of stamped inputs, and no test measures time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from quintet.core import (
    GameOver,
    Input,
    JSONDict,
    Plan,
    Record,
    Rng,
    RuleError,
    TooLate,
    canonical,
    registry,
    replay,
)
from quintet.games.quiclo import GAME, QuicloState
from quintet.games.quiclo.arithmetic import explain
from quintet.games.quiclo.bots import BOTS
from quintet.games.quiclo.rules import position
from quintet.games.quiclo.solver import solve
from quintet.sim import play_game

# Seat 0 makes 30 as 10 + 20 and 7 as 3 + 4; seat 1 makes 30 as 80 - 50.
HANDS = [[3, 4, 10, 20], [50, 60, 70, 80]]
STACKS = [[7], [30], [99]]


def table(**options: Any) -> QuicloState:
    return position(HANDS, STACKS, options)


def claim(stack: int, expect: int, operands: list[int], operators: list[str]) -> JSONDict:
    return {
        "type": "claim",
        "stack": stack,
        "expect": expect,
        "operands": operands,
        "operators": operators,
    }


def run(state: QuicloState, inputs: list[Input]) -> list[str | None]:
    """Apply each input in turn: the code of each refusal, None for each accepted input."""
    codes: list[str | None] = []
    for inp in inputs:
        before = canonical(state.to_json())
        try:
            GAME.apply(state, inp)
        except RuleError as error:
            assert canonical(state.to_json()) == before
            codes.append(error.code)
        else:
            codes.append(None)
    return codes


# -------------------------------------------------------------------- too late


def test_the_second_claim_on_the_same_top_one_ms_later_is_too_late_without_penalty() -> None:
    state = table()
    first = Input(0, claim(1, 30, [10, 20], ["+"]), 1000)
    second = Input(1, claim(1, 30, [80, 50], ["-"]), 1001)  # computed on the old top
    GAME.apply(state, first)
    before = canonical(state.to_json())
    with pytest.raises(TooLate) as caught:
        GAME.apply(state, second)
    assert caught.value.code == "action/too_late"
    assert canonical(state.to_json()) == before  # no penalty, time not even advanced
    assert state.sit_out == [None, None]
    assert GAME.can_act(state, 1)
    assert GAME.next_deadline(state) is None  # no stall by default, and nobody sits out
    # With the new top it may claim again at once.
    GAME.apply(state, Input(1, claim(1, 20, [80, 60], ["-"]), 1001))
    assert state.tops() == (7, 60, 99)


def test_the_same_claims_in_the_other_order_give_the_other_winner() -> None:
    state = table()
    codes = run(
        state,
        [
            Input(1, claim(1, 30, [80, 50], ["-"]), 1000),
            Input(0, claim(1, 30, [10, 20], ["+"]), 1001),
        ],
    )
    assert codes == [None, "action/too_late"]
    assert state.stacks[1] == (30, 80, 50)


# -------------------------------------------------------- same millisecond


def test_claims_stamped_the_same_ms_on_different_stacks_both_apply_in_either_order() -> None:
    one = Input(0, claim(0, 7, [3, 4], ["+"]), 500)
    two = Input(1, claim(1, 30, [80, 50], ["-"]), 500)
    first, second = table(), table()
    assert run(first, [one, two]) == [None, None]
    assert run(second, [two, one]) == [None, None]
    assert first.stacks == second.stacks == [(7, 3, 4), (30, 80, 50), (99,)]
    assert first.hands == second.hands == [(10, 20), (60, 70)]
    assert first.last != second.last  # the only difference: which came last


def test_a_claim_using_a_top_covered_in_the_same_ms_is_too_late() -> None:
    state = table()
    # Seat 0 makes 30 - 20 - 3 = 7 with the top of stack 1; seat 1 covers it first.
    codes = run(
        state,
        [
            Input(1, claim(1, 30, [80, 50], ["-"]), 500),
            Input(0, claim(0, 7, [30, 20, 3], ["-", "-"]), 500),
        ],
    )
    assert codes == [None, "action/too_late"]


def test_a_wrong_claim_and_a_valid_one_in_the_same_ms() -> None:
    # Wrong first: the valid claim after it ends the new sit-out at once.
    state = table()
    assert run(
        state,
        [Input(0, claim(0, 7, [3, 10], ["+"]), 500), Input(1, claim(1, 30, [80, 50], ["-"]), 500)],
    ) == [None, None]
    assert state.sit_out == [None, None]
    # Valid first: the wrong claim after it still costs its maker.
    state = table()
    assert run(
        state,
        [Input(1, claim(1, 30, [80, 50], ["-"]), 500), Input(0, claim(0, 7, [3, 10], ["+"]), 500)],
    ) == [None, None]
    assert state.sit_out == [15_500, None]


# ------------------------------------------------------------ deadlines, ticks


def test_a_tick_and_a_claim_at_the_deadline_in_either_order() -> None:
    wrong = Input(0, claim(0, 7, [3, 10], ["+"]), 100)
    retry = Input(0, claim(0, 7, [3, 4], ["+"]), 1100)
    tick = Input.tick(1100)
    state = table(sit_out_ms=1000)
    # The host delivers the due tick first: the sit-out is over and the claim applies.
    assert run(state, [wrong, tick, retry]) == [None, None, None]
    # A claim that reaches the table before the tick is refused; the tick still comes.
    state = table(sit_out_ms=1000)
    assert run(state, [wrong, retry, tick, retry]) == [None, "quiclo/sitting_out", None, None]


def test_the_deadline_is_the_earliest_sit_out_and_moves_on() -> None:
    state = position(
        [[3, 4, 10], [50, 60, 80], [100, 110, 120]], STACKS, {"sit_out_ms": 1000, "stall_ms": 0}
    )
    assert GAME.next_deadline(state) is None
    run(state, [Input(1, claim(1, 30, [80, 60], ["-"]), 400)])
    run(state, [Input(0, claim(0, 7, [3, 10], ["+"]), 401)])
    assert GAME.next_deadline(state) == 1400
    assert run(state, [Input.tick(1399)]) == ["time/no_deadline"]
    assert run(state, [Input.tick(1400)]) == [None]
    assert GAME.next_deadline(state) == 1401
    # A late tick ends every sit-out due by its time.
    assert run(state, [Input.tick(5000)]) == [None]
    assert GAME.next_deadline(state) is None and state.sit_out == [None, None, None]


def test_a_tick_and_a_claim_at_the_stall_deadline_in_either_order() -> None:
    # Like a sit-out, the stall acts at the host's tick, which a host delivers before
    # anything stamped later: then the claim at the deadline comes after the end.
    late = Input(0, claim(0, 7, [3, 4], ["+"]), 2000)
    tick = Input.tick(2000)
    state = table(stall_ms=2000)
    assert run(state, [tick, late]) == [None, "game/over"]
    assert state.end == "stalled" and state.hands[0] == (3, 4, 10, 20)
    # A claim that reaches the table before the tick counts and moves the stall on.
    state = table(stall_ms=2000)
    assert run(state, [late, tick]) == [None, "time/no_deadline"]
    assert GAME.next_deadline(state) == 4000 and not GAME.is_over(state)
    # So does one a millisecond before the deadline, whatever the host does.
    state = table(stall_ms=2000)
    assert run(state, [Input(0, claim(0, 7, [3, 4], ["+"]), 1999), tick]) == [
        None,
        "time/no_deadline",
    ]
    assert GAME.next_deadline(state) == 3999


def test_a_wrong_claim_sits_out_from_its_own_time_stamp() -> None:
    state = table(sit_out_ms=250)
    run(state, [Input(0, claim(0, 7, [3, 10], ["+"]), 12_345)])
    assert state.sit_out[0] == 12_595
    assert GAME.view(state, 1)["deadline"] == 12_595


# ------------------------------------------------------------ whole games


@pytest.mark.parametrize(
    ("seed", "players", "options"),
    [
        (1, 2, {}),
        (2, 4, {}),
        (3, 6, {}),
        (4, 3, {"open_hands": False}),
        (5, 5, {"open_hands": False, "sit_out_ms": 250}),
    ],
)
def test_random_bots_play_to_an_end_and_the_record_replays(
    seed: int, players: int, options: JSONDict
) -> None:
    result = play_game("quiclo", seed, players, ["random"] * players, options)
    assert GAME.is_over(result.state)
    assert result.outcome == GAME.outcome(result.state)
    assert result.outcome.winners
    claims = [i for i in result.record.inputs if i.seat is not None]
    # Claims, and the vote "no more claims" of a bot left without one.
    assert claims and all(i.action["type"] in ("claim", "no_more_claims") for i in claims)
    assert any(i.action["type"] == "claim" for i in claims)
    # The bots race: each claim comes a think time after what it answers, never at once.
    assert all(i.time > 0 for i in claims)
    assert result.end_time == result.record.inputs[-1].time
    state, _ = replay(result.record)
    assert canonical(state.to_json()) == canonical(result.state.to_json())
    stored = Record.from_json(json.loads(json.dumps(result.record.to_json())))
    again, _ = replay(stored)
    assert canonical(again.to_json()) == canonical(result.state.to_json())


def test_the_same_seed_plays_the_same_race() -> None:
    one = play_game("quiclo", 8, 4, ["random"] * 4)
    two = play_game("quiclo", 8, 4, ["random"] * 4)
    assert one.record == two.record
    assert one.record.inputs != play_game("quiclo", 9, 4, ["random"] * 4).record.inputs


class Blunderer:
    """Makes a wrong claim first (the random bot's claim with its operators all turned to
    '+', unless that is valid by chance), then plays like the random bot."""

    def __init__(self, seat: int) -> None:
        self.inner = BOTS["random"](GAME, seat, seat)
        self.blundered = False

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        found = self.inner.plan(view, now)
        if found is None or self.blundered:
            return found
        action = found.action
        plus = ["+"] * len(action["operators"])
        if explain(action["operands"], plus, action["expect"]).valid:
            return found  # by chance still valid: try again at the next view
        self.blundered = True
        return Plan(found.time, {**action, "operators": plus})

    def refused(self, error: RuleError, now: int) -> None:
        self.inner.refused(error, now)


def test_a_race_with_wrong_claims_replays_with_its_sit_outs_and_ticks() -> None:
    found = False
    for seed in range(10):
        bots = [Blunderer(seat) for seat in range(3)]
        result = play_game("quiclo", seed, 3, bots, {"sit_out_ms": 400})
        state, history = replay(result.record)
        assert canonical(state.to_json()) == canonical(result.state.to_json())
        kinds = {event.type for events in history for event in events}
        ticks = [i for i in result.record.inputs if i.seat is None]
        if "wrong_claim" in kinds and ticks:
            found = True
            assert "sit_out_over" in kinds
    assert found, "no seed gave a wrong claim ended by a tick"


class GoesQuiet:
    """Claims a random valid claim 100 to 600 ms after each view until its hand is down
    to `keep` cards, then stops claiming, as a player who no longer finds a chain: the
    race stalls. Its own pace, so the stall tests do not hang on a bot level's timing."""

    def __init__(self, seat: int, keep: int) -> None:
        self.rng = Rng(seat)
        self.keep = keep

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        hand = view["hand"]
        if not view["can_claim"] or len(hand) <= self.keep:
            return None
        found = solve(hand, tuple(view["tops"]))
        if not found:
            return None
        chosen = found[self.rng.below(len(found))]
        return Plan(now + 100 + self.rng.below(501), chosen.to_action())

    def refused(self, error: RuleError, now: int) -> None:
        assert isinstance(error, TooLate | GameOver), error  # a solver claim is never wrong


@pytest.mark.parametrize(
    ("seed", "players", "options"),
    [
        (1, 3, {"stall_ms": 4000}),
        (2, 2, {"stall_ms": 2500, "open_hands": False, "sit_out_ms": 250}),
        (3, 4, {"stall_ms": 180_000}),  # three minutes after the last valid claim
    ],
)
def test_a_race_that_goes_quiet_ends_stalled_and_the_record_replays(
    seed: int, players: int, options: JSONDict
) -> None:
    bots = [GoesQuiet(seat, keep=8 + seat % 2) for seat in range(players)]
    result = play_game("quiclo", seed, players, bots, options)
    state = result.state
    assert isinstance(state, QuicloState) and state.end == "stalled"
    claims = [i for i in result.record.inputs if i.seat is not None]
    last = result.record.inputs[-1]
    # The host's tick ended it, exactly stall_ms after the last valid claim.
    stall = GAME.parse_options(options).stall_ms
    assert claims and last.seat is None and last.time == claims[-1].time + stall
    assert result.end_time == last.time == state.stall_at
    counts = [len(hand) for hand in state.hands]
    # Each went quiet once down to its `keep` (a claim may lay down several cards).
    assert all(1 < n <= 8 + seat % 2 for seat, n in enumerate(counts)), counts
    assert result.outcome.winners == tuple(s for s, n in enumerate(counts) if n == min(counts))
    replayed, history = replay(result.record)
    assert canonical(replayed.to_json()) == canonical(state.to_json())
    assert history[-1][-1].type == "game_over" and history[-1][-1].data["end"] == "stalled"
    stored = Record.from_json(json.loads(json.dumps(result.record.to_json())))
    again, _ = replay(stored)
    assert canonical(again.to_json()) == canonical(state.to_json())


class GoesQuietThenVotes(GoesQuiet):
    """`GoesQuiet`, and once it stops claiming it votes "no more claims", as a person who
    finds nothing more presses the button."""

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        found = super().plan(view, now)
        if found is None and view["can_vote"]:
            return Plan(now + 300, {"type": "no_more_claims"})
        return found


def test_under_the_defaults_a_quiet_race_has_no_timer_and_ends_only_by_the_votes() -> None:
    players = 4
    bots = [GoesQuietThenVotes(seat, keep=8 + seat % 2) for seat in range(players)]
    result = play_game("quiclo", 3, players, bots)
    state = result.state
    assert isinstance(state, QuicloState) and state.end == "voted"
    # Claims were left (the quiet players hold them), no tick was ever due.
    assert any(solve(hand, state.tops()) for hand in state.hands)
    assert all(i.seat is not None for i in result.record.inputs)
    assert state.stall_at is None
    votes = [i for i in result.record.inputs if i.action["type"] == "no_more_claims"]
    assert {i.seat for i in votes[-players:]} == set(range(players))
    replayed, history = replay(result.record)
    assert canonical(replayed.to_json()) == canonical(state.to_json())
    assert history[-1][-1].type == "game_over" and history[-1][-1].data["end"] == "voted"


def test_the_random_bot_waits_while_sitting_out_and_after_the_end() -> None:
    bot = registry.make_bot("quiclo", "random", 0, 1)
    state = table()
    assert bot.plan(GAME.view(state, 0), 0) is not None
    GAME.apply(state, Input(0, claim(0, 7, [3, 10], ["+"]), 10))
    assert bot.plan(GAME.view(state, 0), 10) is None
    # Nobody has a claim: the game is over at the deal.
    over = position([[108, 123], [50, 60]], [[115], [137], [134]])
    assert GAME.is_over(over)
    assert bot.plan(GAME.view(over, 0), 0) is None


def test_the_random_bot_plans_moves_the_rules_accept_after_a_think_time() -> None:
    # A claim built at random is mostly wrong, but always well formed: the rules accept
    # it (and make the claimer sit out), they never refuse it.
    bot = registry.make_bot("quiclo", "random", 1, 7)
    state = table()
    plans = [bot.plan(GAME.view(state, 1), 1000) for _ in range(20)]
    assert all(p is not None and p.time > 1000 for p in plans)
    for plan in plans:
        assert plan is not None
        events = GAME.apply(state.clone(), Input(1, plan.action, plan.time))
        assert {e.type for e in events} & {"claimed", "wrong_claim", "voted"}
    bot.refused(TooLate("someone was faster"), 1000)  # no complaint: it plans again
    bot.refused(GameOver("the game is over"), 1000)
    with pytest.raises(AssertionError):
        bot.refused(RuleError("a bug"), 1000)
