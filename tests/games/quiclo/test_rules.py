"""Quiclo's rules (RULINGS §3), one named test per rule, all through `GAME.apply`.

The deal is tested from seeds. Claims are tested on small tables built with
`position()`: a few cards per seat and stacks chosen so a reader can check every
chain by hand (every other card is out of play). The arithmetic itself is
`arithmetic.py`'s and tested there; here it only decides valid or wrong.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from quintet.core import (
    HOST,
    SPECTATOR,
    BadOptions,
    Event,
    Input,
    JSONDict,
    Outcome,
    Rng,
    RuleError,
    TooLate,
    canonical,
    events_for,
)
from quintet.games.quiclo import GAME, QuicloState
from quintet.games.quiclo.arithmetic import explain
from quintet.games.quiclo.components import CONTINENTS, card_name, continent
from quintet.games.quiclo.fast import legal_claims, play_claim, tick, wrong_claim
from quintet.games.quiclo.rules import position
from quintet.games.quiclo.solver import has_claim, solve
from quintet.games.quiclo.state import EMPTIED, NO_CLAIMS, STALLED

# Seat 0 can make 7 as 3 + 4 (and more); seat 1 can make 30 as 80 - 50.
HANDS = [[3, 4, 10, 20], [50, 60, 70, 80]]
STACKS = [[7], [30], [99]]


def table(
    hands: list[list[int]] | None = None, stacks: list[list[int]] | None = None, **options: Any
) -> QuicloState:
    return position(
        HANDS if hands is None else hands, STACKS if stacks is None else stacks, options
    )


def claim(
    stack: int,
    expect: int,
    operands: list[int],
    operators: list[str],
    order: list[int] | None = None,
) -> JSONDict:
    action: JSONDict = {
        "type": "claim",
        "stack": stack,
        "expect": expect,
        "operands": operands,
        "operators": operators,
    }
    if order is not None:
        action["order"] = order
    return action


def apply(state: QuicloState, seat: int | None, action: JSONDict, time: int = 0) -> list[Event]:
    return GAME.apply(state, Input(seat, action, time))


def refused(
    state: QuicloState, seat: int | None, action: Any, code: str, time: int = 0
) -> RuleError:
    """`action` must be refused with `code` and leave the state exactly as it was."""
    before = canonical(state.to_json())
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, Input(seat, action, time))
    assert caught.value.code == code, caught.value
    assert caught.value.message
    assert canonical(state.to_json()) == before
    return caught.value


def types(events: list[Event]) -> list[str]:
    return [event.type for event in events]


# ------------------------------------------------------------------------- facts


def test_game_facts() -> None:
    facts = GAME.describe()
    assert (facts["name"], facts["min_players"], facts["max_players"]) == ("quiclo", 2, 6)
    assert facts["real_time"] is True
    options = {o["name"]: o for o in facts["options"]}
    assert options["sit_out_ms"]["default"] == 15_000
    assert options["open_hands"]["default"] is True
    # The rulebook's ending by default: no timer; the stall is an option.
    assert options["stall_ms"]["default"] == 0
    assert "0: never" in options["stall_ms"]["description"]
    # Each description says what the option does, not its label again.
    assert "may not claim" in options["sit_out_ms"]["description"]
    assert all(o["description"] for o in options.values())


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(BadOptions, match="2 to 6 players"):
        GAME.new(1, players)


@pytest.mark.parametrize(
    "options",
    [
        {"sit_out_ms": -1},
        {"sit_out_ms": "soon"},
        {"open_hands": "x"},
        {"nope": 1},
        {"stall_ms": -1},
        {"stall_ms": 3_600_001},
        {"stall_ms": "later"},
    ],
)
def test_bad_options_are_refused(options: JSONDict) -> None:
    with pytest.raises(BadOptions):
        GAME.new(1, 3, options)


def test_the_examples_include_hidden_hands_and_a_short_sit_out() -> None:
    examples = GAME.option_examples
    assert any(o.get("open_hands") is False for o in examples)
    assert any(0 < o.get("sit_out_ms", 15_000) < 1000 for o in examples)


def test_the_examples_include_no_stall_and_a_short_one() -> None:
    stalls = {GAME.parse_options(o).stall_ms for o in GAME.option_examples}
    assert 0 in stalls
    assert any(0 < stall <= 5000 for stall in stalls)


def test_the_stall_option_takes_its_bounds() -> None:
    assert GAME.new(1, 2, {"stall_ms": 3_600_000}).stall_at == 3_600_000
    assert GAME.new(1, 2, {"stall_ms": 0}).stall_at is None


# ------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_deal(players: int) -> None:
    state = GAME.new(players * 11, players)
    assert len(state.hands) == players
    for hand in state.hands:
        assert len(hand) == 12
        assert list(hand) == sorted(hand)
        assert Counter(continent(card) for card in hand) == dict.fromkeys(range(6), 2)
    assert [len(stack) for stack in state.stacks] == [1, 1, 1]
    assert list(state.out) == sorted(state.out)
    everything = [c for hand in state.hands for c in hand] + [s[0] for s in state.stacks]
    everything += state.out
    assert sorted(everything) == list(range(1, 145))
    assert len(state.out) == 144 - 12 * players - 3
    assert state.sit_out == [None] * players
    assert not GAME.is_over(state)


def test_the_tops_come_from_the_cards_left_after_the_hands() -> None:
    # Every card may start a stack: over many deals the tops spread over all continents.
    seen = {continent(top) for seed in range(40) for top in GAME.new(seed, 6).tops()}
    assert seen == set(range(len(CONTINENTS)))


def test_the_same_seed_deals_the_same_table() -> None:
    one, two, other = GAME.new(5, 4), GAME.new(5, 4), GAME.new(6, 4)
    assert canonical(one.to_json()) == canonical(two.to_json())
    assert one.hands != other.hands


def test_continents() -> None:
    assert [continent(c) for c in (1, 24, 25, 48, 49, 120, 121, 144)] == [0, 0, 1, 1, 2, 4, 5, 5]


# ------------------------------------------------------------------ valid claims


def test_a_valid_claim_moves_the_claimers_cards_onto_the_stack_in_the_chosen_order() -> None:
    state = table()
    events = apply(state, 0, claim(0, 7, [3, 4], ["+"], order=[4, 3]), 120)
    assert state.hands == [(10, 20), (50, 60, 70, 80)]
    assert state.stacks == [(7, 4, 3), (30,), (99,)]
    assert state.tops() == (3, 30, 99)  # the last placed is the new top
    assert state.now == 120
    assert events[0].type == "claimed" and events[0].audience is None
    assert events[0].data == {
        "seat": 0,
        "stack": 0,
        "operands": [3, 4],
        "operators": ["+"],
        "order": [4, 3],
        "top": 3,
    }
    assert state.last is not None and state.last.to_json()["top"] == 3


def test_the_default_order_is_chain_order() -> None:
    state = table()
    apply(state, 0, claim(0, 7, [4, 3], ["+"]))
    assert state.stacks[0] == (7, 4, 3)


def test_operands_from_the_other_tops_stay_where_they_are() -> None:
    state = table()
    # 20 + 7 + 3 = 30: the top 7 of stack 0 is an operand, only 20 and 3 move.
    apply(state, 0, claim(1, 30, [20, 7, 3], ["+", "+"], order=[3, 20]))
    assert state.stacks == [(7,), (30, 3, 20), (99,)]
    assert state.hands[0] == (4, 10)
    assert state.hands[1] == (50, 60, 70, 80)


def test_four_operands_and_both_other_tops() -> None:
    state = table(hands=[[2, 5, 9, 13], [50, 60]], stacks=[[6], [11], [40]])
    # 40 ÷ 5 + 9 − 6 = 11: the tops of stacks 2 and 0 with two own cards.  # noqa: RUF003
    apply(state, 0, claim(1, 11, [40, 5, 9, 6], ["/", "+", "-"]))
    assert state.stacks == [(6,), (11, 5, 9), (40,)]
    assert state.hands[0] == (2, 13)


def test_a_claim_needs_no_second_own_card() -> None:
    state = table(hands=[[3, 50, 51], [60, 61]], stacks=[[10], [7], [99]])
    apply(state, 0, claim(0, 10, [3, 7], ["+"]))
    assert state.stacks == [(10, 3), (7,), (99,)]


# ---------------------------------------------------------------------- refusals


def test_the_host_cannot_claim() -> None:
    refused(table(), None, claim(0, 7, [3, 4], ["+"]), "quiclo/host_cannot_claim")


def test_an_unknown_action_is_refused() -> None:
    refused(table(), 0, {"type": "pass"}, "input/unknown_action")


def test_a_tick_from_a_seat_is_refused() -> None:
    refused(table(), 0, {"type": "tick"}, "input/malformed")


def test_a_tick_without_a_deadline_is_refused() -> None:
    refused(table(stall_ms=0), None, {"type": "tick"}, "time/no_deadline", 5000)
    refused(table(), None, {"type": "tick"}, "time/no_deadline", 5000)  # the stall is later


def test_a_tick_with_a_field_is_refused() -> None:
    state = table()
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 10)  # wrong: a deadline is set
    refused(state, None, {"type": "tick", "stack": 0}, "quiclo/unknown_field", 15_010)


def test_time_cannot_go_back() -> None:
    state = table()
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 500)
    refused(state, 1, claim(1, 30, [80, 50], ["-"]), "input/time_went_back", 499)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({**claim(0, 7, [3, 4], ["+"]), "note": "hi"}, "quiclo/unknown_field"),
        (
            {"type": "claim", "stack": 0, "operands": [3, 4], "operators": ["+"]},
            "quiclo/missing_field",
        ),
        (
            {"type": "claim", "expect": 7, "operands": [3, 4], "operators": ["+"]},
            "quiclo/missing_field",
        ),
        ({"type": "claim", "stack": 0, "expect": 7, "operators": ["+"]}, "quiclo/missing_field"),
        ({"type": "claim", "stack": 0, "expect": 7, "operands": [3, 4]}, "quiclo/missing_field"),
        (claim(3, 7, [3, 4], ["+"]), "quiclo/bad_stack"),
        (claim(-1, 7, [3, 4], ["+"]), "quiclo/bad_stack"),
        ({**claim(0, 7, [3, 4], ["+"]), "stack": True}, "quiclo/bad_stack"),
        ({**claim(0, 7, [3, 4], ["+"]), "stack": "0"}, "quiclo/bad_stack"),
        ({**claim(0, 7, [3, 4], ["+"]), "expect": "7"}, "quiclo/bad_expect"),
        (claim(0, 0, [3, 4], ["+"]), "quiclo/bad_expect"),
        (claim(0, 145, [3, 4], ["+"]), "quiclo/bad_expect"),
        ({**claim(0, 7, [3, 4], ["+"]), "operands": "3,4"}, "quiclo/bad_operands"),
        (claim(0, 7, [3, 4.0], ["+"]), "quiclo/not_a_card"),
        (claim(0, 7, [3, 0], ["+"]), "quiclo/not_a_card"),
        (claim(0, 7, [3, 145], ["+"]), "quiclo/not_a_card"),
        (claim(0, 7, [3, True], ["+"]), "quiclo/not_a_card"),
        (claim(0, 7, [7], []), "quiclo/chain_length"),
        (claim(0, 7, [3, 4, 10, 20, 30], ["+", "+", "+", "+"]), "quiclo/chain_length"),
        (claim(0, 7, [3, 3], ["+"]), "quiclo/duplicate_card"),
        (claim(0, 7, [3, 4], "+"), "quiclo/bad_operators"),
        (claim(0, 7, [3, 4], ["+", "+"]), "quiclo/bad_operators"),
        (claim(0, 7, [3, 4], ["x"]), "quiclo/unknown_operator"),
        (claim(0, 7, [3, 4], ["×"]), "quiclo/unknown_operator"),  # noqa: RUF001
        (claim(0, 7, [3, 4], [1]), "quiclo/unknown_operator"),
        ({**claim(0, 7, [3, 4], ["+"]), "order": None}, "quiclo/bad_order"),
        (claim(0, 7, [3, 4], ["+"], order=[3]), "quiclo/bad_order"),
        (claim(0, 7, [3, 4], ["+"], order=[3, 4, 10]), "quiclo/bad_order"),
        (claim(0, 7, [3, 4], ["+"], order=[3, 3]), "quiclo/bad_order"),
        (claim(1, 30, [20, 7, 3], ["+", "+"], order=[20, 3, 7]), "quiclo/bad_order"),
        (claim(0, 7, [3, 7], ["+"]), "quiclo/result_as_operand"),
        (claim(0, 7, [3, 50], ["+"]), "quiclo/not_your_card"),  # seat 1's card
        (claim(0, 7, [3, 144], ["+"]), "quiclo/not_your_card"),  # out of play
        (claim(2, 99, [7, 30], ["+"]), "quiclo/no_own_card"),
        (claim(0, 8, [3, 4], ["+"]), "action/too_late"),
    ],
)
def test_each_malformed_or_illegal_claim_has_its_code_and_changes_nothing(
    action: JSONDict, code: str
) -> None:
    refused(table(), 0, action, code, 50)


def test_a_claim_on_a_top_that_changed_is_too_late_without_penalty() -> None:
    state = table()
    apply(state, 1, claim(1, 30, [80, 50], ["-"]), 100)  # stack 1 now shows 50
    error = refused(state, 0, claim(1, 30, [10, 20], ["+"]), "action/too_late", 101)
    assert isinstance(error, TooLate)
    assert "card 50" in error.message
    assert state.sit_out == [None, None]
    assert GAME.can_act(state, 0)


def test_an_operand_top_that_was_covered_is_too_late() -> None:
    state = table()
    apply(state, 1, claim(1, 30, [80, 50], ["-"]), 100)  # 30 is covered by 80 and 50
    # 30 - 20 - 3 = 7 used the top of stack 1 as it was a moment ago.
    refused(state, 0, claim(0, 7, [30, 20, 3], ["-", "-"]), "action/too_late", 101)


def test_messages_name_only_cards_the_sender_wrote_or_sees() -> None:
    state = table(open_hands=False)
    error = refused(state, 0, claim(0, 7, [3, 50], ["+"]), "quiclo/not_your_card")
    assert "operand 50" in error.message
    for card in (60, 70, 80):  # seat 1's other cards
        assert str(card) not in error.message


# ------------------------------------------------------------------ wrong claims


@pytest.mark.parametrize(
    ("operands", "operators", "reason"),
    [
        ([10, 4], ["/"], "10 ÷ 4 leaves a remainder"),
        ([3, 10, 20], ["-", "+"], "the running total becomes −7 after 3 − 10"),  # noqa: RUF001
        ([3, 10], ["+"], "the chain makes 13, not 7"),
    ],
)
def test_a_wrong_claim_costs_a_sit_out_until_the_deadline(
    operands: list[int], operators: list[str], reason: str
) -> None:
    state = table(sit_out_ms=2000)
    before = (state.hands[:], state.stacks[:])
    events = apply(state, 0, claim(0, 7, operands, operators), 300)
    assert (state.hands, state.stacks) == before  # nothing moves
    assert state.sit_out == [2300, None]
    assert GAME.next_deadline(state) == 2300
    assert not GAME.can_act(state, 0) and GAME.can_act(state, 1)
    assert GAME.legal_actions(state, 0) == []
    assert GAME.legal_actions(state, 1)
    assert types(events) == ["wrong_claim", "wrong_claim_reason"]
    assert events[0].audience is None and events[0].data == {"seat": 0, "until": 2300}
    assert events[1].audience == frozenset({0})
    assert events[1].data == {
        "reason": reason,
        "stack": 0,
        "expect": 7,
        "operands": operands,
        "operators": operators,
    }
    assert events_for(events, 1) == [{"type": "wrong_claim", "seat": 0, "until": 2300}]


def test_a_sitting_out_seats_claims_are_refused_even_valid_ones() -> None:
    state = table(sit_out_ms=2000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 300)
    error = refused(state, 0, claim(0, 7, [3, 4], ["+"]), "quiclo/sitting_out", 400)
    assert "2300 ms" in error.message


def test_another_players_valid_claim_ends_the_sit_out() -> None:
    state = table(sit_out_ms=2000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 300)
    events = apply(state, 1, claim(1, 30, [80, 50], ["-"]), 900)
    assert types(events) == ["claimed", "sit_out_over"]
    assert events[1].data == {"seat": 0, "by": "claim"}
    assert state.sit_out == [None, None]
    assert GAME.next_deadline(state) is None  # no sit-out left, and no stall by default
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 901)


def test_the_hosts_tick_at_the_deadline_ends_the_sit_out() -> None:
    state = table(sit_out_ms=2000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 300)
    refused(state, None, {"type": "tick"}, "time/no_deadline", 2299)
    events = apply(state, None, {"type": "tick"}, 2300)
    assert [(e.type, e.data) for e in events] == [("sit_out_over", {"seat": 0, "by": "time"})]
    assert state.sit_out == [None, None]
    assert GAME.next_deadline(state) is None  # no stall by default
    assert GAME.can_act(state, 0)


def test_each_tick_ends_the_sit_outs_due_by_then() -> None:
    hands = [[3, 4, 10], [50, 60, 80], [100, 110, 120]]
    state = table(hands=hands, sit_out_ms=1000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 100)
    apply(state, 1, claim(1, 30, [80, 60], ["-"]), 400)
    assert GAME.next_deadline(state) == 1100
    apply(state, None, {"type": "tick"}, 1100)
    assert state.sit_out == [None, 1400, None]
    assert GAME.next_deadline(state) == 1400
    apply(state, None, {"type": "tick"}, 1400)
    assert state.sit_out == [None, None, None]


def test_a_sit_out_of_zero_ends_at_the_next_tick() -> None:
    state = table(sit_out_ms=0)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 300)
    assert GAME.next_deadline(state) == 300
    refused(state, 0, claim(0, 7, [3, 4], ["+"]), "quiclo/sitting_out", 300)
    apply(state, None, {"type": "tick"}, 300)
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 300)


# ------------------------------------------------------------------------ ending


def test_a_claimer_left_with_one_card_wins_at_once() -> None:
    state = table(hands=[[3, 4, 10], [50, 60, 70, 80]])
    events = apply(state, 0, claim(0, 7, [3, 4], ["+"]), 10)
    assert state.end == EMPTIED and GAME.is_over(state)
    assert types(events) == ["claimed", "game_over"]
    assert events[-1].data == {
        "end": EMPTIED,
        "scores": [-1, -4],
        "ranks": [1, 2],
        "winners": [0],
    }
    assert GAME.outcome(state) == Outcome((-1, -4), (1, 2))
    assert GAME.next_deadline(state) is None
    assert not GAME.can_act(state, 1) and GAME.legal_actions(state, 1) == []
    refused(state, 1, claim(1, 30, [80, 50], ["-"]), "game/over", 20)


def test_a_claimer_left_with_no_card_wins_at_once() -> None:
    state = table(hands=[[3, 4], [50, 60, 70, 80]])
    apply(state, 0, claim(0, 7, [3, 4], ["+"]))
    assert state.end == EMPTIED
    assert GAME.outcome(state) == Outcome((0, -4), (1, 2))


# Seat 0 can make 7 from 3 + 4; placed as 3 then 4, stack 0 shows 4, and then no
# hand has any claim (checked below with the solver).
STUCK_HANDS = [[3, 4, 103, 110], [107, 123, 130]]
STUCK_STACKS = [[7], [115], [141]]


def test_the_game_ends_when_no_player_has_a_claim_and_the_fewest_cards_win() -> None:
    assert not has_claim([103, 110], (4, 115, 141))
    assert not has_claim([107, 123, 130], (4, 115, 141))
    state = table(hands=STUCK_HANDS, stacks=STUCK_STACKS)
    events = apply(state, 0, claim(0, 7, [3, 4], ["+"], order=[3, 4]))
    assert state.end == NO_CLAIMS
    assert events[-1].type == "game_over"
    assert events[-1].data["end"] == NO_CLAIMS
    assert GAME.outcome(state) == Outcome((-2, -3), (1, 2))


def test_with_no_claims_left_equal_counts_share_the_win() -> None:
    assert not has_claim([107, 123], (4, 115, 141))
    state = table(hands=[[3, 4, 103, 110], [107, 123]], stacks=STUCK_STACKS)
    apply(state, 0, claim(0, 7, [3, 4], ["+"], order=[3, 4]))
    result = GAME.outcome(state)
    assert result is not None and result.winners == (0, 1)
    assert GAME.view(state, SPECTATOR)["winners"] == [0, 1]


def test_the_game_goes_on_while_a_sitting_out_player_has_a_claim() -> None:
    # Only seat 0 has a claim; sitting out does not end the game, its deadline is pending.
    state = table(hands=[[3, 4, 103, 110], [107, 123, 137]], stacks=STUCK_STACKS)
    assert not has_claim([107, 123, 137], (7, 115, 141))
    apply(state, 0, claim(0, 7, [3, 103], ["+"]), 10)
    assert not GAME.is_over(state)
    assert GAME.next_deadline(state) == 15_010


def test_a_table_with_no_claim_at_the_deal_is_over_at_once_and_shared() -> None:
    hands = [[108, 123], [138, 130]]
    stacks = [[115], [137], [134]]
    assert not any(has_claim(hand, (115, 137, 134)) for hand in hands)
    state = table(hands=hands, stacks=stacks)
    assert GAME.is_over(state) and state.end == NO_CLAIMS
    result = GAME.outcome(state)
    assert result is not None and result.winners == (0, 1)
    refused(state, 0, claim(0, 115, [108, 7], ["+"]), "game/over")


# ------------------------------------------------------------------------- stall
#
# Claims may exist that nobody finds (long chains): the table then ends the game
# when no valid claim has been made for `stall_ms`, scored like "no claims left".


def test_the_stall_deadline_is_reported_from_the_start() -> None:
    state = table(stall_ms=5000)
    assert state.stall_at == 5000
    assert GAME.next_deadline(state) == 5000
    view = GAME.view(state, 0)
    assert view["stall_at"] == 5000 and view["deadline"] == 5000
    assert GAME.view(state, SPECTATOR)["stall_at"] == 5000


def test_a_tick_at_the_stall_deadline_ends_the_game_and_the_fewest_cards_win() -> None:
    state = table(stall_ms=5000)
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 1000)  # seat 0 keeps 10 and 20
    assert GAME.next_deadline(state) == 6000  # moved by the valid claim
    refused(state, None, {"type": "tick"}, "time/no_deadline", 5999)
    events = apply(state, None, {"type": "tick"}, 6000)
    assert [(e.type, e.data, e.audience) for e in events] == [
        ("game_over", {"end": STALLED, "scores": [-2, -4], "ranks": [1, 2], "winners": [0]}, None)
    ]
    assert GAME.is_over(state) and state.end == STALLED
    assert GAME.outcome(state) == Outcome((-2, -4), (1, 2))
    assert GAME.next_deadline(state) is None
    assert not GAME.can_act(state, 1) and GAME.legal_actions(state, 1) == []
    view = GAME.view(state, 1)
    assert view["over"] is True and view["end"] == STALLED and view["winners"] == [0]
    assert view["stall_at"] == 6000  # when it stalled
    refused(state, 1, claim(1, 30, [80, 50], ["-"]), "game/over", 6001)


def test_a_stall_with_equal_counts_shares_the_win() -> None:
    state = table(stall_ms=5000)  # nobody claims: both keep four cards
    events = apply(state, None, {"type": "tick"}, 5000)
    assert events[-1].data == {
        "end": STALLED,
        "scores": [-4, -4],
        "ranks": [1, 1],
        "winners": [0, 1],
    }
    assert GAME.view(state, SPECTATOR)["winners"] == [0, 1]


def test_a_late_tick_still_ends_a_stalled_game() -> None:
    state = table(stall_ms=5000)
    events = apply(state, None, {"type": "tick"}, 9000)
    assert types(events) == ["game_over"] and state.end == STALLED


def test_each_valid_claim_moves_the_stall_deadline() -> None:
    state = table(stall_ms=5000)
    apply(state, 1, claim(1, 30, [80, 50], ["-"]), 4999)  # a millisecond before it
    assert state.stall_at == GAME.next_deadline(state) == 9999
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 7000)
    assert state.stall_at == 12_000
    assert GAME.view(state, 0)["stall_at"] == 12_000
    refused(state, None, {"type": "tick"}, "time/no_deadline", 9999)


def test_a_wrong_claim_does_not_move_the_stall_deadline() -> None:
    state = table(stall_ms=5000, sit_out_ms=1000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 3000)  # 13, not 7: wrong
    assert state.stall_at == 5000
    assert GAME.next_deadline(state) == 4000  # the sit-out comes first
    apply(state, None, {"type": "tick"}, 4000)
    assert GAME.next_deadline(state) == 5000 and not GAME.is_over(state)
    apply(state, None, {"type": "tick"}, 5000)
    assert state.end == STALLED


def test_the_stall_takes_effect_at_the_hosts_tick() -> None:
    # As with a sit-out, the deadline acts when the host's tick comes (a host delivers
    # a due tick before anything stamped later). A valid claim that reaches the table
    # first still counts and moves the stall on; a wrong one leaves it due.
    state = table(stall_ms=5000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 5200)  # wrong
    assert GAME.next_deadline(state) == 5000 and not GAME.is_over(state)
    apply(state, 1, claim(1, 30, [80, 50], ["-"]), 5300)  # valid
    assert state.stall_at == GAME.next_deadline(state) == 10_300
    refused(state, None, {"type": "tick"}, "time/no_deadline", 10_299)


def test_a_stall_of_zero_never_ends_the_game() -> None:
    state = table(stall_ms=0)
    assert state.stall_at is None and GAME.next_deadline(state) is None
    assert GAME.view(state, 0)["stall_at"] is None
    refused(state, None, {"type": "tick"}, "time/no_deadline", 10**9)
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 10**9)  # a claim after a long silence counts
    assert state.stall_at is None and not GAME.is_over(state)
    apply(state, 0, claim(0, 4, [10, 20], ["+"]), 2 * 10**9)  # wrong: only a sit-out is due
    assert GAME.next_deadline(state) == 2 * 10**9 + 15_000


def test_a_tick_at_a_sit_out_end_before_the_stall_leaves_the_stall_pending() -> None:
    state = table(stall_ms=5000, sit_out_ms=1000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 1000)
    events = apply(state, None, {"type": "tick"}, 2000)
    assert types(events) == ["sit_out_over"]
    assert GAME.next_deadline(state) == 5000 and not GAME.is_over(state)


def test_one_tick_for_a_sit_out_and_the_stall_at_the_same_time_ends_the_sit_out_first() -> None:
    state = table(stall_ms=5000, sit_out_ms=2000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 3000)  # wrong: sits out until 5000
    assert state.sit_out == [5000, None] and state.stall_at == 5000
    assert GAME.next_deadline(state) == 5000
    refused(state, None, {"type": "tick"}, "time/no_deadline", 4999)
    events = apply(state, None, {"type": "tick"}, 5000)
    assert [(e.type, e.data) for e in events] == [
        ("sit_out_over", {"seat": 0, "by": "time"}),
        ("game_over", {"end": STALLED, "scores": [-4, -4], "ranks": [1, 1], "winners": [0, 1]}),
    ]
    assert state.sit_out == [None, None] and state.end == STALLED


def test_a_late_tick_ends_every_sit_out_due_by_then_and_the_stall() -> None:
    hands = [[3, 4, 10], [50, 60, 80], [100, 110, 120]]
    state = table(hands=hands, stall_ms=5000, sit_out_ms=1000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 3500)  # until 4500, before the stall
    apply(state, 1, claim(1, 30, [80, 60], ["-"]), 4800)  # until 5800, after the stall
    events = apply(state, None, {"type": "tick"}, 6000)
    assert [(e.type, e.data.get("seat")) for e in events] == [
        ("sit_out_over", 0),
        ("sit_out_over", 1),
        ("game_over", None),
    ]
    assert state.end == STALLED


def test_a_sit_out_running_past_the_stall_does_not_delay_it() -> None:
    state = table(stall_ms=5000, sit_out_ms=15_000)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 1000)  # until 16000
    assert GAME.next_deadline(state) == 5000
    events = apply(state, None, {"type": "tick"}, 5000)
    assert types(events) == ["game_over"] and state.end == STALLED
    assert GAME.next_deadline(state) is None


def test_an_instant_win_or_no_claims_left_comes_before_any_stall() -> None:
    won = table(hands=[[3, 4, 10], [50, 60, 70, 80]], stall_ms=1)
    apply(won, 0, claim(0, 7, [3, 4], ["+"]), 0)
    assert won.end == EMPTIED and GAME.view(won, 0)["stall_at"] is None
    stuck = table(hands=STUCK_HANDS, stacks=STUCK_STACKS, stall_ms=1)
    apply(stuck, 0, claim(0, 7, [3, 4], ["+"], order=[3, 4]))
    assert stuck.end == NO_CLAIMS and GAME.next_deadline(stuck) is None


def test_the_stall_deadline_survives_json_clone_and_scrambles() -> None:
    state = table(stall_ms=5000, open_hands=False)
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 700)
    assert state.to_json()["stall_at"] == 5700
    rebuilt = GAME.state_from_json(state.to_json())
    assert rebuilt.stall_at == 5700 and GAME.next_deadline(rebuilt) == 5700
    copy = state.clone()
    assert copy.stall_at == 5700
    apply(copy, 1, claim(1, 30, [80, 50], ["-"]), 800)
    assert (copy.stall_at, state.stall_at) == (5800, 5700)
    for viewer in (0, 1, SPECTATOR, HOST):
        scrambled = GAME.scramble_hidden(state, viewer, Rng(viewer + 5))
        assert scrambled.stall_at == 5700
        assert GAME.next_deadline(scrambled) == 5700
    off = table(stall_ms=0)
    assert GAME.state_from_json(off.to_json()).stall_at is None
    ended = table(stall_ms=5000)
    apply(ended, None, {"type": "tick"}, 5000)
    again = GAME.state_from_json(ended.to_json())
    assert again.end == STALLED and GAME.outcome(again) == GAME.outcome(ended)


# ------------------------------------------------------------------ legal actions


def test_legal_actions_are_every_valid_claim_and_each_applies() -> None:
    state = table()
    actions = GAME.legal_actions(state, 0)
    # Every claim, then the vote and the two ways to hold the hand (not chosen yet).
    assert actions[-3:] == [
        {"type": "no_more_claims"},
        {"type": "hand", "open": True},
        {"type": "hand", "open": False},
    ]
    actions = actions[:-3]
    assert [a["operands"] for a in actions] == [
        list(c.operands) for c in solve(HANDS[0], (7, 30, 99))
    ]
    simple = claim(0, 7, [3, 4], ["+"], order=[3, 4])
    assert simple in actions
    for action in actions:
        copy = state.clone()
        events = apply(copy, 0, action)
        assert events[0].type == "claimed"


def test_legal_actions_are_empty_while_sitting_out_and_after_the_end() -> None:
    state = table()
    apply(state, 0, claim(0, 7, [3, 10], ["+"]))
    assert GAME.legal_actions(state, 0) == []
    ended = table(hands=[[3, 4], [50, 60]])
    apply(ended, 0, claim(0, 7, [3, 4], ["+"]))
    assert GAME.legal_actions(ended, 1) == []


#: (seed, players, options): stalls from never to two steps without a valid claim.
FAST_PATH_GAMES = [
    (1, 2, {"sit_out_ms": 100}),
    (2, 6, {"sit_out_ms": 100, "stall_ms": 250}),
    (3, 4, {"sit_out_ms": 100, "stall_ms": 0}),
    (4, 3, {"sit_out_ms": 50, "stall_ms": 150}),
    (5, 5, {"sit_out_ms": 100, "stall_ms": 300}),
    (6, 2, {"sit_out_ms": 100, "stall_ms": 200}),
    (7, 3, {"sit_out_ms": 100, "stall_ms": 0}),
    (8, 4, {"sit_out_ms": 150, "stall_ms": 150}),
]


def test_the_fast_path_agrees_with_apply() -> None:
    seen: Counter[str] = Counter()
    for seed, players, options in FAST_PATH_GAMES:
        seen.update(_fast_path_game(seed, players, options))
    # Every kind of input was compared: valid and wrong claims, and ticks that end
    # sit-outs, end the game by the stall, or do both at once; and games that end
    # otherwise.
    assert seen["claimed"] and seen["wrong_claim"] and seen["sit_out_over"], seen
    assert seen["end:stalled"] and seen["end:emptied"] + seen["end:no_claims"], seen
    assert seen["tick:game_over+sit_out_over"], seen


def _fast_path_game(seed: int, players: int, options: JSONDict) -> Counter[str]:
    """Play a game checked and fast side by side from every position; the event counts,
    how it ended ("end:...") and what each tick did ("tick:...")."""
    seen: Counter[str] = Counter()
    state = GAME.new(seed, players, options)
    rng = Rng(seed)
    now = 0
    while not GAME.is_over(state):
        now += 1 + rng.below(100)
        due = GAME.next_deadline(state)
        movers = [s for s in range(players) if legal_claims(state, s)]
        # A deadline passed is ticked first (at `now`, late, so one tick may cover
        # several deadlines), as a host delivers a due tick before anything later.
        # A sit-out's end is also ticked at random, on time; the stall only when due.
        sit_out = due is not None and due != state.stall_at
        if due is not None and (due <= now or not movers or (sit_out and rng.below(2))):
            checked, fast = state.clone(), state.clone()
            at = max(now, due)
            events = GAME.apply(checked, Input.tick(at))
            fast_events: list[Event] = []
            tick(fast, at, fast_events)
            fast.now = at
            seen["tick:" + "+".join(sorted(set(types(events))))] += 1
        else:
            seat = movers[rng.below(len(movers))]
            claims = legal_claims(state, seat)
            found = claims[rng.below(len(claims))]
            checked, fast = state.clone(), state.clone()
            fast_events = []
            plus = ["+"] * len(found.operators)
            verdict = explain(found.operands, plus, found.result)
            if rng.below(4) == 0 and not verdict.valid:  # now and then a wrong claim
                events = apply(checked, seat, {**found.to_action(), "operators": plus}, now)
                assert verdict.reason is not None
                wrong_claim(
                    fast,
                    seat,
                    now,
                    reason=verdict.reason,
                    stack=found.stack,
                    expect=found.result,
                    operands=found.operands,
                    operators=plus,
                    events=fast_events,
                )
            else:
                events = apply(checked, seat, found.to_action(), now)
                play_claim(fast, seat, found, now, fast_events)
            fast.now = now
        assert canonical(fast.to_json()) == canonical(checked.to_json())
        assert [(e.type, e.data, e.audience) for e in fast_events] == [
            (e.type, e.data, e.audience) for e in events
        ]
        seen.update(types(events))
        state = checked
        now = state.now
    seen[f"end:{state.end}"] += 1
    return seen


# ------------------------------------------------------------------------- views


def test_a_seats_view_with_open_hands() -> None:
    state = table()
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 40)
    view = GAME.view(state, 1)
    assert view["tops"] == [7, 30, 99]
    assert view["heights"] == [1, 1, 1]
    assert view["hand"] == [50, 60, 70, 80]
    assert view["hands"] == [[3, 4, 10, 20], [50, 60, 70, 80]]
    assert view["hand_counts"] == [4, 4]
    assert view["sitting_out"] == [15_040, None]
    assert view["deadline"] == 15_040
    assert view["now"] == 40
    assert view["can_claim"] is True
    assert GAME.view(state, 0)["can_claim"] is False
    assert view["over"] is False and view["winners"] == [] and view["last_claim"] is None
    assert "stacks" not in view and "out" not in view


def test_the_view_shows_the_last_claim_and_the_winner() -> None:
    state = table(hands=[[3, 4], [50, 60]])
    apply(state, 0, claim(0, 7, [3, 4], ["+"], order=[4, 3]), 5)
    view = GAME.view(state, 1)
    assert view["last_claim"] == {
        "seat": 0,
        "stack": 0,
        "operands": [3, 4],
        "operators": ["+"],
        "order": [4, 3],
        "top": 3,
    }
    assert view["over"] is True and view["end"] == EMPTIED
    assert view["winners"] == [0]
    assert view["outcome"] == {"scores": [0, -2], "ranks": [1, 2], "winners": [0]}


def test_hidden_hands_show_only_the_own_hand_and_counts() -> None:
    state = table(open_hands=False)
    apply(state, 1, {"type": "no_more_claims"}, 5)  # seat 1 takes the default: hidden
    assert state.shown == [None, False]
    seat = GAME.view(state, 0)
    assert seat["hand"] == [3, 4, 10, 20]
    assert seat["hands"] == [[3, 4, 10, 20], None]
    assert seat["hand_counts"] == [4, 4]
    spectator = GAME.view(state, SPECTATOR)
    assert "hand" not in spectator and "hands" not in spectator
    assert spectator["tops"] == [7, 30, 99]


def test_a_hand_is_face_down_until_its_seat_chooses_or_first_acts() -> None:
    # At the deal nobody has chosen: each seat sees only its own cards.
    state = table()
    assert state.shown == [None, None]
    assert "hands" not in GAME.view(state, SPECTATOR)
    assert GAME.view(state, 1)["hands"] == [None, HANDS[1]]
    # Seat 0's first claim takes the table's default (open hands): everyone sees its rest.
    events = apply(state, 0, claim(1, 30, [10, 20], ["+"]), 10)
    assert types(events) == ["claimed"]  # no event of its own: the views show it
    assert state.shown == [True, None]
    assert GAME.view(state, SPECTATOR)["hands"] == [[3, 4], None]
    assert GAME.view(state, 1)["hands"] == [[3, 4], HANDS[1]]


def test_each_seat_chooses_its_own_hand_and_others_and_spectators_see_it() -> None:
    # Open by default, yet seat 1 keeps its hand hidden; on a hidden table seat 0 lays
    # its own open.
    state = table()
    events = apply(state, 1, {"type": "hand", "open": False}, 1)
    assert [(e.type, e.data, e.audience) for e in events] == [
        ("hand_chosen", {"seat": 1, "open": False}, None)
    ]
    apply(state, 0, claim(1, 30, [10, 20], ["+"]), 10)
    assert state.shown == [True, False]
    for viewer in (0, SPECTATOR):
        assert GAME.view(state, viewer)["hands"] == [[3, 4], None]
        assert GAME.view(state, viewer)["shown"] == [True, False]
    assert GAME.view(state, 1)["hands"] == [[3, 4], HANDS[1]]
    assert GAME.hidden_cards(state, SPECTATOR) >= {card_name(c) for c in HANDS[1]}
    assert not GAME.hidden_cards(state, 1) & {card_name(c) for c in (3, 4)}
    hidden = table(open_hands=False)
    apply(hidden, 0, {"type": "hand", "open": True}, 1)
    apply(hidden, 1, {"type": "no_more_claims"}, 2)
    assert hidden.shown == [True, False]
    assert GAME.view(hidden, SPECTATOR)["hands"] == [HANDS[0], None]
    assert GAME.view(hidden, 1)["hands"] == [HANDS[0], HANDS[1]]
    assert GAME.view(hidden, 0)["hands"] == [HANDS[0], None]


def test_a_hidden_hand_may_be_laid_open_later_but_an_open_one_never_hidden() -> None:
    state = table()
    apply(state, 0, {"type": "hand", "open": False}, 1)
    error = refused(state, 0, {"type": "hand", "open": False}, "quiclo/hand_hidden", 2)
    assert "already hidden" in error.message
    apply(state, 0, {"type": "hand", "open": True}, 3)  # laid open mid-game: allowed
    assert GAME.view(state, 1)["hands"][0] == HANDS[0]
    error = refused(state, 0, {"type": "hand", "open": False}, "quiclo/hand_open", 4)
    assert "cannot be hidden again" in error.message
    refused(state, 0, {"type": "hand", "open": True}, "quiclo/hand_open", 5)
    refused(state, 1, {"type": "hand", "open": "yes"}, "quiclo/bad_field", 5)
    refused(state, 1, {"type": "hand"}, "quiclo/missing_field", 5)
    refused(state, 1, {"type": "hand", "open": True, "cards": []}, "quiclo/unknown_field", 5)
    refused(state, None, {"type": "hand", "open": True}, "quiclo/host_cannot_claim", 5)
    # A seat sitting out may still lay its hand open: it is no claim.
    apply(state, 1, {"type": "hand", "open": False}, 6)
    apply(state, 1, claim(0, 7, [50, 60], ["+"]), 7)  # wrong: it sits out
    assert state.sit_out[1] is not None
    apply(state, 1, {"type": "hand", "open": True}, 8)
    assert state.shown == [True, True]


def test_the_host_sees_everything() -> None:
    state = table(open_hands=False)
    view = GAME.view(state, HOST)
    assert view["hands"] == HANDS
    assert view["stacks"] == STACKS
    assert len(view["out"]) == 144 - 8 - 3
    assert GAME.hidden_cards(state, HOST) == frozenset()


def _numbers(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_numbers(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_numbers(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize("seed", range(4))
def test_hidden_hands_never_reach_another_seat(seed: int) -> None:
    # Every other number in these views (seats, counts, heights, time) is 12 or less or
    # not a card, so a card above 12 that the viewer may not know found there is a leak.
    state = GAME.new(seed, 4, {"open_hands": False})
    for viewer in (0, 1, 2, 3, SPECTATOR):
        shown = _numbers(GAME.view(state, viewer))
        others = {c for s, hand in enumerate(state.hands) if s != viewer for c in hand}
        assert not {c for c in others & shown if c > 12}
        assert not {c for c in set(state.out) & shown if c > 12}


def test_hidden_cards() -> None:
    open_ = table()
    for seat in (0, 1):
        apply(open_, seat, {"type": "hand", "open": True})
    out = {card_name(c) for c in open_.out}
    assert GAME.hidden_cards(open_, 0) == out
    assert GAME.hidden_cards(open_, SPECTATOR) == out
    hidden = table(open_hands=False)
    assert GAME.hidden_cards(hidden, 0) == out | {card_name(c) for c in HANDS[1]}
    assert GAME.hidden_cards(hidden, SPECTATOR) == out | {
        card_name(c) for hand in HANDS for c in hand
    }


@pytest.mark.parametrize("options", [{}, {"open_hands": False}])
def test_scrambling_what_a_viewer_may_not_know_changes_none_of_its_view(options: JSONDict) -> None:
    state = GAME.new(3, 4, options)
    for seat in range(4):
        apply(state, seat, {"type": "hand", "open": not options}, 5)
    apply(state, 0, GAME.legal_actions(state, 0)[0], 10)
    rng = Rng(9)
    for viewer in (0, 2, SPECTATOR, HOST):
        scrambled = GAME.scramble_hidden(state, viewer, rng)
        assert canonical(GAME.view(scrambled, viewer)) == canonical(GAME.view(state, viewer))
        assert GAME.hidden_cards(scrambled, viewer) == GAME.hidden_cards(state, viewer)
        if viewer >= 0:
            assert scrambled.hands[viewer] == state.hands[viewer]
        assert scrambled.stacks == state.stacks
    seat_copy = GAME.scramble_hidden(state, 1, rng)
    if options:
        assert seat_copy.hands[0] != state.hands[0]  # another seat's hidden hand was redealt
    else:
        assert seat_copy.hands == state.hands
    assert canonical(GAME.scramble_hidden(state, HOST, rng).to_json()) == canonical(state.to_json())
    with pytest.raises(RuleError, match="no such viewer"):
        GAME.scramble_hidden(state, 4, rng)


# ----------------------------------------------------------------- persistence


def test_state_json_round_trip_and_clone_independence() -> None:
    state = table(sit_out_ms=500)
    apply(state, 0, claim(0, 7, [3, 10], ["+"]), 10)
    apply(state, 1, claim(1, 30, [80, 50], ["-"]), 20)
    data = state.to_json()
    rebuilt = GAME.state_from_json(data)
    assert canonical(rebuilt.to_json()) == canonical(data)
    copy = state.clone()
    apply(copy, 0, claim(0, 7, [3, 4], ["+"]), 30)
    assert canonical(state.to_json()) == canonical(data)
    assert canonical(copy.to_json()) != canonical(data)


# ------------------------------------------------------------ the rulebook's ending


def test_by_default_no_timer_ends_a_game_in_which_claims_remain() -> None:
    state = GAME.new(4, 3)
    assert state.options.stall_ms == 0
    assert any(has_claim(hand, state.tops()) for hand in state.hands)
    assert GAME.next_deadline(state) is None and GAME.view(state, 0)["stall_at"] is None
    # Ten hours later the host still has no deadline to tick: the game goes on.
    refused(state, None, {"type": "tick"}, "time/no_deadline", 36_000_000)
    apply(state, 0, GAME.legal_actions(state, 0)[0], 36_000_001)
    assert not GAME.is_over(state)


def test_the_vote_is_public_and_the_last_vote_ends_the_game_like_a_stall() -> None:
    state = table()
    assert has_claim(HANDS[0], state.tops())  # claims remain: only the vote ends it
    events = apply(state, 1, {"type": "no_more_claims"}, 100)
    assert [(e.type, e.data, e.audience) for e in events] == [("voted", {"seat": 1}, None)]
    assert GAME.view(state, SPECTATOR)["voted"] == [False, True]
    assert GAME.view(state, 1)["can_vote"] is False and GAME.view(state, 0)["can_vote"] is True
    assert GAME.can_act(state, 1)  # a seat that voted may still claim
    apply(state, 0, claim(0, 7, [3, 4], ["+"]), 150)  # seat 0 sheds two cards ...
    assert state.voted == [False, False]  # ... and the table changed: votes withdrawn
    apply(state, 0, {"type": "no_more_claims"}, 200)
    events = apply(state, 1, {"type": "no_more_claims"}, 300)
    assert types(events) == ["voted", "game_over"]
    assert events[-1].data["end"] == "voted"
    assert state.end == "voted" and GAME.view(state, 0)["end"] == "voted"
    # Scored like a stall: the fewest cards win.
    assert GAME.outcome(state) is not None
    assert GAME.outcome(state).winners == (0,)  # type: ignore[union-attr]
    refused(state, 0, {"type": "no_more_claims"}, "game/over", 400)


def test_a_valid_claim_withdraws_every_vote_and_a_wrong_one_the_claimers() -> None:
    hands = [[3, 4, 10, 20], [50, 60, 70, 80], [100, 110, 120, 130]]
    state = table(hands=hands)
    apply(state, 1, {"type": "no_more_claims"}, 10)
    apply(state, 2, {"type": "no_more_claims"}, 11)
    events = apply(state, 0, claim(0, 7, [3, 4], ["+"]), 20)
    assert [(e.type, e.data) for e in events][1:] == [
        ("votes_withdrawn", {"seats": [1, 2], "by": "claim"})
    ]
    assert state.voted == [False, False, False]
    apply(state, 1, {"type": "no_more_claims"}, 30)
    apply(state, 0, {"type": "no_more_claims"}, 31)
    events = apply(state, 0, claim(0, 4, [10, 20], ["+"]), 40)  # 30, not 4: wrong
    assert types(events) == ["wrong_claim", "wrong_claim_reason", "votes_withdrawn"]
    assert events[-1].data == {"seats": [0], "by": "wrong_claim"}
    assert state.voted == [False, True, False]


def test_a_vote_is_refused_when_already_cast_or_while_sitting_out() -> None:
    state = table(sit_out_ms=5000)
    apply(state, 0, {"type": "no_more_claims"}, 10)
    error = refused(state, 0, {"type": "no_more_claims"}, "quiclo/already_voted", 20)
    assert "already voted" in error.message
    apply(state, 1, claim(0, 7, [50, 60], ["+"]), 30)  # wrong: seat 1 sits out
    error = refused(state, 1, {"type": "no_more_claims"}, "quiclo/sitting_out", 40)
    assert "cannot vote" in error.message and "5030 ms" in error.message
    refused(state, None, {"type": "no_more_claims"}, "quiclo/host_cannot_claim", 40)
    refused(state, 0, {"type": "no_more_claims", "now": True}, "quiclo/unknown_field", 40)
    assert GAME.legal_actions(state, 1) == []  # sitting out, and its hand is chosen
    assert {"type": "no_more_claims"} not in GAME.legal_actions(state, 0)
