"""Quick's rules (RULINGS §1 and issue 11), one named test per rule, all through `GAME.apply`.

Tables are set by hand (`helpers.set_tables`) so a reader can check each stack; the
deal is tested from seeds. Every refusal is checked for its code and for leaving the
state exactly as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.quick.helpers import (
    act,
    klaar_all,
    new,
    refused,
    set_tables,
    sorting,
    tick_until,
)

from quintet.core import (
    HOST,
    SPECTATOR,
    BadOptions,
    Event,
    IllegalAction,
    Input,
    Rng,
    events_for,
)
from quintet.games.quick import GAME
from quintet.games.quick.state import PHASES

TAKE: Any = {"type": "take", "pile": 0}
KLAAR: Any = {"type": "klaar"}


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


# ------------------------------------------------------------------ players and deal


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_is_dealt_one_face_down_stack_of_five(players: int) -> None:
    state = new(players, seed=players)
    assert [len(t) for t in state.tables] == [1] * players
    assert [len(t[0]) for t in state.tables] == [5] * players
    dealt = [c for t in state.tables for c in t[0]]
    assert len(set(dealt)) == 5 * players
    assert sorted(dealt + list(state.stock)) == list(range(1, 73))


@pytest.mark.parametrize("players", [1, 7])
def test_one_or_seven_players_are_refused(players: int) -> None:
    with pytest.raises(BadOptions, match="2 to 6 players"):
        new(players)


@pytest.mark.parametrize(("players", "chips"), [(2, 1), (3, 1), (4, 2), (5, 3), (6, 4)])
def test_chips_per_round_are_players_minus_two_and_one_with_two(players: int, chips: int) -> None:
    assert new(players).pot == chips
    assert GAME.view(new(players), 0)["chips_per_round"] == chips


def test_cards_dealt_are_five_plus_one_per_chip_won() -> None:
    state = sorting(3)
    state.chips = [0, 2, 5]
    state.phase = PHASES.index("scored")
    state.deadline = state.now + 1
    act(state, None, {"type": "tick"}, state.now + 1)
    assert [len(t[0]) for t in state.tables] == [5, 7, 10]


def test_the_dealer_moves_clockwise_each_round() -> None:
    state = sorting(3)
    dealers = [state.dealer]
    for _ in range(3):
        state.phase = PHASES.index("scored")
        state.deadline = state.now + 1
        act(state, None, {"type": "tick"}, state.now + 1)
        dealers.append(state.dealer)
    assert dealers == [0, 1, 2, 0]


def test_the_same_seed_deals_the_same_cards() -> None:
    assert new(4, seed=9).to_json() == new(4, seed=9).to_json()
    assert new(4, seed=9).tables != new(4, seed=10).tables


# ---------------------------------------------------------------------- countdown


def test_nobody_sorts_before_the_start_signal_quick() -> None:
    state = new(3)
    assert PHASES[state.phase] == "ready"
    refused(state, 0, TAKE, "quick/not_sorting")
    events = tick_until(state, "sort")
    assert "quick" in types(events)
    act(state, 0, TAKE)


# --------------------------------------------------------------------- the table


def test_take_shows_the_card_to_its_taker_only() -> None:
    state = sorting(3)
    set_tables(state, {0: [[40, 10, 20]]})
    events = act(state, 0, TAKE)
    assert state.hand[0] == 40 and state.tables[0] == ((10, 20),)
    # Card 40: i = 39 * 29 mod 72 = 51: letter 51 mod 12 = 3 (D), colour 51 div 12 = 4
    # (blue), flames (3 + 4) mod 6 + 1 = 2.
    card = {"number": 40, "letter": "D", "colour": "blue", "flames": 2}
    assert GAME.view(state, 0)["hand"] == card
    assert events_for(events, 0)[0]["card"]["number"] == 40
    assert events_for(events, 1) == [] and events_for(events, SPECTATOR) == []
    assert "hand" not in GAME.view(state, SPECTATOR)
    assert GAME.view(state, 1)["hand"] is None
    assert GAME.view(state, 1)["tables"][0]["holding"] is True


def test_place_puts_the_card_on_the_top_or_the_bottom_of_a_pile() -> None:
    state = sorting(3)
    set_tables(state, {0: [[40, 10], [20, 30]]})
    act(state, 0, TAKE)
    act(state, 0, {"type": "place", "pile": 1, "end": "bottom"})
    assert state.tables[0] == ((10,), (20, 30, 40)) and state.hand[0] is None
    act(state, 0, {"type": "take", "pile": 0})
    act(state, 0, {"type": "place", "pile": 0, "end": "top"})
    assert state.tables[0] == ((10, 20, 30, 40),)


def test_a_new_pile_goes_at_the_position_given() -> None:
    state = sorting(3)
    set_tables(state, {0: [[5, 6], [7]]})
    act(state, 0, TAKE)
    act(state, 0, {"type": "new_pile", "at": 1})
    assert state.tables[0] == ((6,), (5,), (7,))
    act(state, 0, {"type": "take", "pile": 2})
    act(state, 0, {"type": "new_pile", "at": 0})
    assert state.tables[0] == ((7,), (6,), (5,))


def test_a_pile_emptied_by_a_take_disappears() -> None:
    state = sorting(3)
    set_tables(state, {0: [[5], [6, 7]]})
    act(state, 0, TAKE)
    assert state.tables[0] == ((6, 7),)
    assert GAME.view(state, 0)["tables"][0]["piles"] == [2]


def test_looking_again_is_a_take_and_a_place_back() -> None:
    state = sorting(3)
    set_tables(state, {0: [[5, 6]]})
    act(state, 0, TAKE)
    act(state, 0, {"type": "place", "pile": 0, "end": "top"})
    assert state.tables[0] == ((5, 6),)


@pytest.mark.parametrize(
    ("hand", "action", "code"),
    [
        (True, TAKE, "quick/hand_full"),
        (False, {"type": "place", "pile": 0, "end": "top"}, "quick/hand_empty"),
        (False, {"type": "new_pile", "at": 0}, "quick/hand_empty"),
        (False, {"type": "take", "pile": 2}, "quick/no_such_pile"),
        (False, {"type": "take", "pile": -1}, "quick/no_such_pile"),
        (True, {"type": "place", "pile": 2, "end": "top"}, "quick/no_such_pile"),
        (True, {"type": "place", "pile": 0, "end": "middle"}, "quick/bad_end"),
        (True, {"type": "new_pile", "at": 3}, "quick/no_such_position"),
        (True, KLAAR, "quick/klaar_hand"),
        (False, {"type": "take", "pile": 0, "table": 1}, "quick/not_your_table"),
        (False, {"type": "take"}, "input/malformed"),
        (False, {"type": "take", "pile": "0"}, "input/malformed"),
        (False, {"type": "take", "pile": True}, "input/malformed"),
        (False, {"type": "take", "pile": 0, "card": 5}, "input/malformed"),
        (False, {"type": "shuffle"}, "input/unknown_action"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(hand: bool, action: Any, code: str) -> None:
    state = sorting(3)
    set_tables(state, {0: [[5, 6], [7, 8, 9]]})
    if hand:
        act(state, 0, TAKE)
    refused(state, 0, action, code)


def test_klaar_needs_all_cards_in_one_pile() -> None:
    state = sorting(3)
    set_tables(state, {0: [[5, 6], [7]]})
    error = refused(state, 0, KLAAR, "quick/klaar_piles")
    assert "2 piles" in error.message


def test_after_klaar_a_player_can_do_nothing_more() -> None:
    state = sorting(3)
    act(state, 0, KLAAR)
    assert not GAME.can_act(state, 0) and GAME.legal_actions(state, 0) == []
    refused(state, 0, TAKE, "quick/after_klaar")
    refused(state, 0, KLAAR, "quick/after_klaar")


def test_the_host_cannot_move_cards() -> None:
    refused(sorting(3), None, TAKE, "quick/host_cannot_act")


def test_moves_after_the_round_has_ended_are_refused() -> None:
    state = sorting(2)
    klaar_all(state, [0, 1])
    assert PHASES[state.phase] == "check"
    refused(state, 0, TAKE, "action/too_late")
    refused(state, 1, KLAAR, "action/too_late")


def test_a_move_that_arrives_in_the_next_rounds_countdown_is_too_late() -> None:
    # Checking and the pause can pass while a move is on its way: it then arrives in
    # round 2's countdown, a race lost like any other (round 1's countdown: not_sorting).
    state = sorting(2)
    klaar_all(state, [0, 1])
    tick_until(state, "ready")
    assert state.round == 2
    refused(state, 0, TAKE, "action/too_late")
    error = refused(state, 1, KLAAR, "action/too_late")
    assert "round 1's sorting" in error.message and "round 2's" in error.message


def test_a_move_names_its_round_and_one_for_an_earlier_round_is_too_late() -> None:
    # Checking and the pause can be over, and the next round sorting, while a move is on
    # its way: its round says it was meant for the round before.
    state = sorting(2)
    klaar_all(state, [0, 1])
    tick_until(state, "sort")
    assert state.round == 2
    error = refused(state, 0, {**TAKE, "round": 1}, "action/too_late")
    assert "round 1" in error.message and "round 2" in error.message
    refused(state, 0, {**TAKE, "round": 3}, "quick/bad_round")
    refused(state, 0, {**TAKE, "round": "2"}, "input/malformed")
    act(state, 0, {**TAKE, "round": 2})
    assert state.hand[0] is not None


def test_legal_actions_list_every_move_and_grow_with_the_piles() -> None:
    state = sorting(3)
    set_tables(state, {0: [[5, 6], [7]]})
    assert GAME.legal_actions(state, 0) == [TAKE, {"type": "take", "pile": 1}]
    act(state, 0, TAKE)
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 3 * 2 + 1
    assert {"type": "new_pile", "at": 2} in legal
    state2 = sorting(3)
    assert GAME.legal_actions(state2, 1) == [KLAAR, TAKE]


# -------------------------------------------------------------------- the views


def test_no_view_shows_a_face_down_card_not_even_its_owners() -> None:
    state = sorting(3)
    set_tables(state, {0: [[41, 42, 43]], 1: [[44, 45]], 2: [[46, 47]]})
    act(state, 1, TAKE)
    for viewer in (0, 1, 2, SPECTATOR):
        view = GAME.view(state, viewer)
        text = repr(view)
        for card in (41, 42, 43, 45, 46, 47):
            assert f"'number': {card}" not in text, (viewer, card)
        assert ("'number': 44" in text) == (viewer == 1)
        assert view["tables"][0]["piles"] == [3]
    assert GAME.view(state, HOST)["stacks"][0] == [[41, 42, 43]]


def test_the_view_shows_klaar_order_chips_and_pile_sizes() -> None:
    state = sorting(4)
    state.chips = [1, 0, 2, 0]
    act(state, 2, KLAAR)
    act(state, 0, KLAAR)
    view = GAME.view(state, 1)
    assert view["klaar"] == [2, 0]
    assert [t["klaar"] for t in view["tables"]] == [2, None, 1, None]
    assert view["chips"] == [1, 0, 2, 0] and view["pot"] == 2
    assert view["can_act"] is True and view["phase"] == "sort"


# ------------------------------------------------------------------- round end


def test_by_default_sorting_ends_when_everyone_has_called_klaar() -> None:
    state = sorting(3)
    klaar_all(state, [2, 0])
    assert PHASES[state.phase] == "sort" and GAME.next_deadline(state) is None
    events = act(state, 1, KLAAR)
    assert PHASES[state.phase] == "check"
    assert [e.data["order"] for e in events if e.type == "checking"] == [[2, 0, 1]]


def test_all_but_one_ends_sorting_at_the_second_to_last_klaar() -> None:
    state = sorting(3, round_end="all_but_one")
    act(state, 1, KLAAR)
    events = act(state, 2, KLAAR)
    assert PHASES[state.phase] == "check" and state.stopped == 0
    assert "stopped" in types(events)
    assert state.queue == [2] and state.checking == 1
    assert state.verdict[0] == "unfinished"
    refused(state, 0, TAKE, "action/too_late")


def test_the_last_players_clock_starts_at_the_second_to_last_klaar() -> None:
    state = sorting(3, round_end="clock", last_player_ms=10_000)
    start = state.now
    act(state, 1, KLAAR, start + 500)
    events = act(state, 2, KLAAR, start + 2000)
    until = start + 12_000
    assert GAME.next_deadline(state) == until
    assert [e.data for e in events if e.type == "clock"] == [{"seat": 0, "until": until}]
    assert GAME.view(state, 0)["clock"] == until
    act(state, 0, TAKE, until - 1)
    with pytest.raises(IllegalAction, match="no deadline has been reached"):
        GAME.apply(state, Input.tick(until - 1))


def test_a_stopped_player_with_one_pile_is_checked_last() -> None:
    state = sorting(3, round_end="clock", last_player_ms=1000)
    klaar_all(state, [1, 2])
    GAME.apply(state, Input.tick(1000 + state.now))
    assert state.stopped == 0 and state.checking == 1 and state.queue == [2, 0]
    refused(state, 0, TAKE, "action/too_late")


def test_a_stopped_player_holding_a_card_takes_nothing() -> None:
    state = sorting(3, round_end="clock", last_player_ms=1000)
    klaar_all(state, [1, 2])
    act(state, 0, TAKE)
    GAME.apply(state, Input.tick(1000 + state.now))
    assert state.queue == [2] and state.verdict[0] == "unfinished"


def test_klaar_in_time_ends_the_round_before_the_clock() -> None:
    state = sorting(2, round_end="clock")
    act(state, 0, KLAAR)
    act(state, 1, KLAAR)
    assert PHASES[state.phase] == "check" and state.stopped is None


# --------------------------------------------------------------------- checking


def check(players: int, stacks: dict[int, list[int]], order: list[int], **options: Any) -> Any:
    """Sorting done with these stacks in this KLAAR order; tick to the results."""
    state = sorting(players, **options)
    set_tables(state, {seat: [cards] for seat, cards in stacks.items()})
    klaar_all(state, order)
    events = tick_until(state, "scored")
    return state, events


def test_stacks_are_checked_in_klaar_order_card_by_card() -> None:
    state, events = check(
        4,
        {0: [1, 2, 3, 4, 5], 1: [6, 7, 8, 9, 10], 2: [11, 12, 13, 14, 15], 3: [16, 17, 18, 19, 20]},
        [3, 1, 0, 2],
    )
    revealed = [(e.data["seat"], e.data["card"]["number"]) for e in events if e.type == "revealed"]
    assert revealed == [(3, c) for c in (16, 17, 18, 19, 20)] + [(1, c) for c in (6, 7, 8, 9, 10)]
    assert state.chips == [0, 1, 0, 1]
    assert state.verdict == ["unchecked", "chip", "unchecked", "chip"]
    assert all(e.audience is None for e in events)


def test_one_card_is_turned_per_tick_every_reveal_ms() -> None:
    state = sorting(2, reveal_ms=700)
    set_tables(state, {0: [[1, 2, 3, 4, 5]], 1: [[6, 7, 8, 9, 10]]})
    klaar_all(state, [0, 1])
    start = state.now
    times = []
    while PHASES[state.phase] == "check":
        deadline = GAME.next_deadline(state)
        assert deadline is not None
        times.append(deadline - start)
        GAME.apply(state, Input.tick(deadline))
    assert times == [700, 1400, 2100, 2800, 3500]  # one chip: seat 1 is not checked


def test_a_wrong_stack_stops_at_its_first_wrong_card_and_takes_nothing() -> None:
    state, events = check(
        3, {0: [1, 2, 9, 3, 4], 1: [6, 7, 8, 10, 11], 2: [12, 13, 14, 15, 16]}, [0, 1, 2]
    )
    checked = [e.data for e in events if e.type == "checked"]
    assert checked[0] == {"seat": 0, "correct": False, "first_wrong": 3, "chip": False}
    assert state.shown[0] == 4 and state.chips == [0, 1, 0]
    view = GAME.view(state, 2)
    assert [c["number"] for c in view["tables"][0]["shown"]] == [1, 2, 9, 3]
    assert view["tables"][0]["verdict"] == "wrong" and view["tables"][0]["first_wrong"] == 3
    assert view["tables"][1]["first_wrong"] is None


def test_a_slower_player_wins_when_a_faster_one_erred() -> None:
    state, _ = check(
        3, {0: [2, 1, 3, 4, 5], 1: [6, 7, 8, 9, 10], 2: [11, 12, 13, 14, 15]}, [0, 2, 1]
    )
    assert state.chips == [0, 0, 1]


def test_chips_can_remain_unawarded() -> None:
    state, events = check(
        4,
        {0: [2, 1, 3, 4, 5], 1: [6, 8, 7, 9, 10], 2: [11, 12, 13, 14, 15], 3: [20, 16, 17, 18, 19]},
        [0, 1, 2, 3],
    )
    assert state.chips == [0, 0, 1, 0]
    over = next(e.data for e in events if e.type == "round_over")
    assert over["left"] == 1 and over["winners"] == [2]


def test_turned_number_card_wants_the_highest_on_top() -> None:
    state, _ = check(
        2, {0: [70, 65, 33, 22, 4], 1: [4, 22, 33, 65, 70]}, [1, 0], criteria=["-number"]
    )
    assert state.chips == [1, 0] or state.verdict[1] == "wrong"
    assert state.verdict[1] == "wrong" and state.chips == [1, 0]


def test_the_simplified_game_accepts_equal_cards_in_any_order() -> None:
    # Cards 1 and 13 are both letter A.
    state, _ = check(2, {0: [13, 1, 2], 1: [3, 4, 5]}, [0, 1], simplified=True, criteria=["letter"])
    assert state.verdict[0] == "chip"


def test_the_game_ends_at_once_at_a_sixth_chip() -> None:
    state = sorting(3)
    state.chips = [5, 0, 0]
    set_tables(state, {0: [list(range(1, 11))], 1: [[20, 21, 22, 23]], 2: [[30, 31, 32, 33]]})
    klaar_all(state, [0, 1, 2])
    events = []
    while not GAME.is_over(state):
        deadline = GAME.next_deadline(state)
        assert deadline is not None
        events += GAME.apply(state, Input.tick(deadline))
    assert state.end == "sixth_chip" and types(events)[-1] == "game_over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (6, 0, 0)
    assert GAME.next_deadline(state) is None
    assert GAME.view(state, 1)["winners"] == [0]


def test_rounds_without_a_chip_end_the_game_after_stall_rounds() -> None:
    state = sorting(2, stall_rounds=2)
    for _ in range(2):
        set_tables(state, {0: [[2, 1, 3, 4, 5]], 1: [[7, 6, 8, 9, 10]]})
        klaar_all(state, [0, 1])
        while PHASES[state.phase] not in ("sort", "over"):
            deadline = GAME.next_deadline(state)
            assert deadline is not None
            GAME.apply(state, Input.tick(deadline))
    assert state.end == "stalled"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)


def test_stall_rounds_zero_never_ends_the_game() -> None:
    state = sorting(2, stall_rounds=0)
    for _ in range(5):
        set_tables(state, {0: [[2, 1, 3, 4, 5]], 1: [[7, 6, 8, 9, 10]]})
        klaar_all(state, [0, 1])
        tick_until(state, "sort")
    assert not GAME.is_over(state)


# ------------------------------------------------------------------- criteria


def test_the_dealer_chooses_the_criteria_with_the_dealer_option() -> None:
    state = new(3, chooser="dealer")
    assert PHASES[state.phase] == "choose" and GAME.can_act(state, 0)
    assert not GAME.can_act(state, 1)
    refused(state, 1, {"type": "criteria", "criteria": ["number"]}, "quick/not_dealer")
    refused(state, 0, {"type": "criteria", "criteria": ["number", "letter"]}, "quick/bad_criteria")
    refused(state, 0, TAKE, "quick/not_sorting")
    events = act(state, 0, {"type": "criteria", "criteria": ["Flames", "-number"]})
    assert state.criteria == ("flames", "-number")
    assert [e.data for e in events if e.type == "criteria"] == [
        {"seat": 0, "criteria": ["flames", "-number"], "default": False}
    ]
    assert PHASES[state.phase] == "ready"


def test_the_last_criteria_stay_when_the_dealer_lets_the_time_pass() -> None:
    state = new(3, chooser="dealer", choose_ms=5000, criteria=["colour", "number"])
    events = GAME.apply(state, Input.tick(5000))
    assert state.criteria == ("colour", "number")
    assert [e.data["default"] for e in events if e.type == "criteria"] == [True]


def test_the_dealer_is_offered_every_choice_of_criteria() -> None:
    state = new(3, chooser="dealer")
    legal = GAME.legal_actions(state, 0)
    # 0-3 of three properties in order, each turned or not: 1 + 6 + 24 + 48; number +/-.
    assert len(legal) == 79 * 2
    simple = GAME.legal_actions(new(3, chooser="dealer", simplified=True, criteria=["letter"]), 0)
    assert len(simple) == 78


def test_criteria_cannot_be_chosen_with_fixed_criteria() -> None:
    refused(sorting(3), 0, {"type": "criteria", "criteria": ["number"]}, "quick/not_choosing")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"criteria": ["letter"]}, "always lies last"),
        ({"criteria": ["number", "letter"]}, "always lies last"),
        ({"criteria": ["letter", "letter", "number"]}, "twice"),
        ({"criteria": ["size", "number"]}, "criterion 1 is not one of"),
        ({"simplified": True}, "no 1-72 card"),
        ({"simplified": True, "criteria": []}, "at least one"),
        ({"round_end": "never"}, "round_end"),
        ({"reveal_ms": 0}, "reveal_ms"),
    ],
)
def test_options_that_break_the_rules_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(BadOptions, match=words):
        new(3, **options)


def test_every_option_is_described_and_defaulted() -> None:
    described = {o["name"]: o for o in GAME.describe()["options"]}
    assert set(described) == {
        "criteria",
        "simplified",
        "chooser",
        "choose_ms",
        "round_end",
        "last_player_ms",
        "countdown_ms",
        "reveal_ms",
        "pause_ms",
        "stall_rounds",
    }
    assert described["criteria"]["default"] == ["number"]  # as JSON, as the lobby reads it
    assert described["round_end"]["default"] == "all"
    assert described["last_player_ms"]["default"] == 10_000
    assert all(o["description"] for o in described.values())


# ------------------------------------------------------------- contract details


def test_sample_action_draws_what_legal_actions_would() -> None:
    two_piles = sorting(3)
    set_tables(two_piles, {0: [[5, 6], [7]]})
    holding = two_piles.clone()
    act(holding, 0, TAKE)
    for state in (sorting(3), two_piles, holding, new(3, chooser="dealer")):
        legal = GAME.legal_actions(state, 0)
        for seed in range(40):
            assert GAME.sample_action(state, 0, Rng(seed)) == legal[Rng(seed).below(len(legal))]
    assert GAME.sample_action(new(3, chooser="dealer"), 1, Rng(1)) is None


def test_hidden_cards_are_every_face_down_card_the_owners_too() -> None:
    state = sorting(3)
    set_tables(state, {0: [[41, 42]], 1: [[44, 45]], 2: [[46, 47]]})
    act(state, 1, TAKE)
    hidden = GAME.hidden_cards(state, 0)
    assert {"card 41", "card 42", "card 44", "card 45"} <= hidden
    assert "card 44" not in GAME.hidden_cards(state, 1)
    assert "card 45" in GAME.hidden_cards(state, 1)
    assert len(GAME.hidden_cards(state, SPECTATOR)) == 72
    assert GAME.hidden_cards(state, HOST) == frozenset()


def test_turned_cards_are_no_longer_hidden() -> None:
    state = sorting(2)
    set_tables(state, {0: [[1, 2, 3, 4, 5]], 1: [[6, 7, 8, 9, 10]]})
    klaar_all(state, [0, 1])
    deadline = GAME.next_deadline(state)
    assert deadline is not None
    GAME.apply(state, Input.tick(deadline))
    assert "card 1" not in GAME.hidden_cards(state, 1)
    assert "card 2" in GAME.hidden_cards(state, 1)


def test_the_state_survives_json_and_clones_are_independent() -> None:
    state = sorting(4, criteria=["-flames", "number"])
    act(state, 2, TAKE)
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    clone = state.clone()
    act(clone, 2, {"type": "new_pile", "at": 0})
    assert state.hand[2] is not None and len(state.tables[2]) == 1
