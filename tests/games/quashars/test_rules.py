"""Quashars' rules (RULINGS §4), one named test per rule, all through `GAME.apply`.

Positions come two ways. Whole-table facts (deck, piles, turn order, match
flow) are played from a seed. Trick and condition rules use `table()`, which
edits a fresh state's `to_json()` so that each seat holds only the cards the
test plays: the rules never count the cards in a hand, and a trick that a
reader can see whole is easier to check than one buried in a deal. Earlier
tricks, where a test needs them (the last trick, "in a row", pile-4 totals),
are filled with unused cards so every card is still in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
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
)
from quintet.games.quashars import GAME, QuasharsState
from quintet.games.quashars.state import PLAY, PREDICT, SCORED

ALL_CARDS = [f"{colour}{number}" for colour in "RYGB" for number in range(1, 13)]
#: The four conditions the rulebook illustrates, one per pile.
EXAMPLE_CONDITIONS = ("odd", "yellow", "in_a_row", "three_tricks")
PILES = {
    1: ["odd", "even", "low", "high"],
    2: ["yellow", "green", "blue", "red"],
    3: ["in_a_row", "first_or_last", "no_red", "all_colours"],
    4: ["three_tricks", "four_tricks", "no_tricks", "most_tricks"],
}
FOUR_PLAYER_ONLY = {"high", "all_colours"}


# ----------------------------------------------------------------------- helpers


def deck_of(players: int) -> list[str]:
    top = 9 if players == 3 else 12
    return [card for card in ALL_CARDS if int(card[1:]) <= top]


def card_order(card: str) -> tuple[int, int]:
    """The order `to_json` lists a hand in: by colour (R, Y, G, B), then number."""
    return "RYGB".index(card[0]), int(card[1:])


def table(
    hands: Sequence[Sequence[str]],
    conditions: Sequence[str] = EXAMPLE_CONDITIONS,
    *,
    start: int = 0,
    earlier_winners: Sequence[int] = (),
    predicted: Sequence[int] | None = None,
    flex: Sequence[bool] | None = None,
    game_no: int = 1,
    scores: Sequence[Sequence[int]] = (),
    options: JSONDict | None = None,
) -> QuasharsState:
    """A state in the play phase of game `game_no` with these hands and conditions.

    `earlier_winners` are the winners of the tricks already played (their cards
    are unused ones); the next trick is led by the last of them, or by `start`.
    """
    players = len(hands)
    data = GAME.new(0, players, options).to_json()
    held = [card for hand in hands for card in hand]
    spare = [card for card in deck_of(players) if card not in held]
    assert len(set(held)) == len(held), "a card is dealt twice"
    assert len(spare) >= players * len(earlier_winners), "not enough cards for the history"
    tricks = []
    leader = start
    for number, winner in enumerate(earlier_winners):
        cards = spare[number * players : (number + 1) * players]
        tricks.append([leader, cards, winner, []])
        leader = winner
    data.update(
        hands=[sorted(hand, key=card_order) for hand in hands],
        conditions=list(conditions),
        phase="play",
        predicted=list(predicted) if predicted is not None else [0] * players,
        flex=list(flex) if flex is not None else [False] * players,
        met=[0] * players,
        tricks_won=[earlier_winners.count(seat) for seat in range(players)],
        to_act=leader,
        leader=leader,
        trick=[],
        tricks=tricks,
        start_player=start,
        game_no=game_no,
        scores=[list(s) for s in scores],
    )
    state = GAME.state_from_json(data)
    assert state.to_json() == data, "the edited state does not round-trip"
    return state


def act(
    state: QuasharsState, seat: int | None, action: JSONDict, time: int | None = None
) -> list[Event]:
    """Apply an action, by default at the time of the last accepted input."""
    return GAME.apply(state, Input(seat, action, state.now if time is None else time))


def play(state: QuasharsState, card: str, time: int | None = None) -> list[Event]:
    return act(state, state.to_act, {"type": "play", "card": card}, time)


def play_trick(state: QuasharsState, cards: Sequence[str], time: int | None = None) -> list[Event]:
    """Each seat from the one to act plays the next card; returns all events."""
    events = []
    for card in cards:
        events += play(state, card, time)
    return events


def of_type(events: list[Event], kind: str) -> list[JSONDict]:
    return [event.to_json() for event in events if event.type == kind]


def trick_won(events: list[Event]) -> JSONDict:
    (won,) = of_type(events, "trick_won")
    return won


def won(
    cards: Sequence[str],
    conditions: Sequence[str] = EXAMPLE_CONDITIONS,
    *,
    leader: int = 0,
    earlier_winners: Sequence[int] = (),
) -> JSONDict:
    """Give each seat, from the leader on, the one card it plays; play it; the `trick_won`."""
    players = len(cards)
    if earlier_winners:
        leader = earlier_winners[-1]
    hands: list[list[str]] = [[] for _ in range(players)]
    for i, card in enumerate(cards):
        hands[(leader + i) % players] = [card]
    state = table(hands, conditions, start=leader, earlier_winners=earlier_winners)
    return trick_won(play_trick(state, cards))


def refused(state: QuasharsState, inp: Input, code: str, *fragments: str) -> RuleError:
    """Apply `inp`, expect a `RuleError` with `code`, and check nothing changed."""
    before = state.to_json()
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, inp)
    assert caught.value.code == code, caught.value
    for fragment in fragments:
        assert fragment in caught.value.message, (fragment, caught.value.message)
    assert state.to_json() == before, "a refused input changed the state"
    return caught.value


def predict_all(state: QuasharsState, chips: int = 1, flex: bool = False) -> None:
    for _ in range(state.players):
        act(state, state.to_act, {"type": "predict", "chips": chips, "flex": flex})


def finish_game(state: QuasharsState, rng: Rng) -> list[Event]:
    """Play the current game to its scoring with random legal actions."""
    events: list[Event] = []
    while state.phase in (PREDICT, PLAY):
        seat = state.to_act
        legal = GAME.legal_actions(state, seat)
        events += act(state, seat, legal[rng.below(len(legal))])
    return events


def tick_at_deadline(state: QuasharsState) -> list[Event]:
    deadline = GAME.next_deadline(state)
    assert deadline is not None
    return GAME.apply(state, Input.tick(deadline))


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


# ----------------------------------------------------------- the rulebook example


def test_rulebook_example_yellow_9_meets_odd_and_yellow() -> None:
    # The four illustrated conditions; seat 0 ("Player A") wins with the yellow 9.
    state = table(
        [["Y9", "B2"], ["Y4", "B3"], ["G12", "B4"], ["Y2", "B5"]],
        ("odd", "yellow", "in_a_row", "three_tricks"),
        predicted=[3, 0, 0, 0],
    )
    events = play_trick(state, ["Y9", "Y4", "G12", "Y2"])
    assert trick_won(events) == {
        "type": "trick_won",
        "seat": 0,
        "trick_no": 1,
        "card": "Y9",
        "cards": ["Y9", "Y4", "G12", "Y2"],
        "met": ["odd", "yellow"],
    }
    view = GAME.view(state, 1)
    assert view["met"] == [2, 0, 0, 0]
    assert view["tricks_won"] == [1, 0, 0, 0]
    # Two of the three chips go back beneath the two cards.
    assert view["chips"][0] == {"left": 1, "flex_left": False, "taken": 0}
    assert view["tricks"][0]["met"] == ["odd", "yellow"]


# ---------------------------------------------------------------------- the deck


@pytest.mark.parametrize("players", [3, 4])
def test_every_deal_uses_the_whole_deck_twelve_cards_each(players: int) -> None:
    # 3 players: the 36 cards 1-9; 4 players: all 48. Checked in every game of a match.
    rng = Rng(7)
    for seed in range(5):
        state = GAME.new(seed, players)
        for game_no in range(1, players + 1):
            hands = GAME.view(state, HOST)["hands"]
            assert [len(hand) for hand in hands] == [12] * players
            dealt = [card for hand in hands for card in hand]
            assert sorted(dealt) == sorted(deck_of(players)), (seed, game_no)
            finish_game(state, rng)
            if game_no < players:
                tick_at_deadline(state)


def test_three_player_deck_has_no_10_11_12() -> None:
    assert len(deck_of(3)) == 36 and len(deck_of(4)) == 48
    for seed in range(20):
        hands = GAME.view(GAME.new(seed, 3), HOST)["hands"]
        assert max(int(card[1:]) for hand in hands for card in hand) <= 9


@pytest.mark.parametrize("players", [3, 4])
def test_condition_piles_lack_the_four_player_cards_with_three_players(players: int) -> None:
    for seed in range(10):
        data = GAME.new(seed, players).to_json()
        for number in range(1, 5):
            in_play = [*data["piles"][number - 1], data["conditions"][number - 1]]
            expected = [c for c in PILES[number] if players == 4 or c not in FOUR_PLAYER_ONLY]
            assert sorted(in_play) == sorted(expected), (seed, number)


@pytest.mark.parametrize("players", [3, 4])
def test_one_condition_per_pile_each_game_without_replacement(players: int) -> None:
    # The rulebook says "draw 1 card from each pile" and is silent on putting it
    # back; this edition lays it aside, so no card repeats within a match and
    # 4 players use every card of every pile exactly once.
    rng = Rng(3)
    for seed in range(8):
        state = GAME.new(seed, players)
        revealed = []
        for game_no in range(1, players + 1):
            view = GAME.view(state, SPECTATOR)
            assert [c["pile"] for c in view["conditions"]] == [1, 2, 3, 4]
            revealed.append([c["id"] for c in view["conditions"]])
            finish_game(state, rng)
            if game_no < players:
                events = tick_at_deadline(state)
                (started,) = of_type(events, "game_started")
                assert started["conditions"] == [c["id"] for c in GAME.view(state, 0)["conditions"]]
        for number in range(1, 5):
            drawn = [game[number - 1] for game in revealed]
            assert len(set(drawn)) == players, (seed, number, drawn)
            assert set(drawn) <= set(PILES[number])
            if players == 4:
                assert sorted(drawn) == sorted(PILES[number])
            else:
                assert not set(drawn) & FOUR_PLAYER_ONLY


# ---------------------------------------------------------------- predictions


def test_predictions_go_in_turn_from_the_start_player() -> None:
    state = GAME.new(5, 4, {"first_player": 2})
    assert GAME.view(state, 0)["phase"] == "predict"
    for seat, chips in [(2, 1), (3, 0), (0, 4), (1, 2)]:
        assert GAME.can_act(state, seat)
        assert [s for s in range(4) if GAME.can_act(state, s)] == [seat]
        events = act(state, seat, {"type": "predict", "chips": chips})
        assert [e.to_json() for e in events] == [
            {"type": "predicted", "seat": seat, "chips": chips, "flex": False}
        ]
        assert all(e.audience is None for e in events)  # predictions are public
    view = GAME.view(state, 3)
    assert view["predictions"] == [
        {"chips": 4, "flex": False},
        {"chips": 2, "flex": False},
        {"chips": 1, "flex": False},
        {"chips": 0, "flex": False},
    ]
    # Then the start player leads the first trick.
    assert view["phase"] == "play" and view["to_act"] == 2 and view["leader"] == 2


def test_prediction_may_add_the_flex_chip() -> None:
    state = GAME.new(5, 3, {"first_player": 0})
    act(state, 0, {"type": "predict", "chips": 2, "flex": True})
    act(state, 1, {"type": "predict", "chips": 0, "flex": True})
    view = GAME.view(state, 2)
    assert view["predictions"][:2] == [{"chips": 2, "flex": True}, {"chips": 0, "flex": True}]
    assert view["predictions"][2] is None
    assert view["chips"] == [
        {"left": 2, "flex_left": True, "taken": 0},
        {"left": 0, "flex_left": True, "taken": 0},
        None,
    ]


def test_flex_chip_option_off_refuses_flex() -> None:
    state = GAME.new(5, 4, {"first_player": 0, "flex_chip": False})
    assert not any(a["flex"] for a in GAME.legal_actions(state, 0))
    assert GAME.view(state, 0)["flex_chip"] is False
    refused(
        state,
        Input(0, {"type": "predict", "chips": 2, "flex": True}),
        "quashars/no_flex",
        "flex",
    )
    act(state, 0, {"type": "predict", "chips": 2, "flex": False})
    act(state, 1, {"type": "predict", "chips": 2})  # flex may be left out
    assert GAME.view(state, 0)["predictions"][1] == {"chips": 2, "flex": False}


def test_prediction_range_is_0_to_37() -> None:
    # At most three trick conditions in each of 12 tricks, plus one pile-4 card.
    state = GAME.new(5, 4, {"first_player": 0})
    legal = GAME.legal_actions(state, 0)
    assert {a["chips"] for a in legal} == set(range(38))
    assert len(legal) == 2 * 38
    for chips in (-1, 38, 1000):
        refused(
            state,
            Input(0, {"type": "predict", "chips": chips}),
            "quashars/prediction_range",
            str(chips),
            "0-37",
        )
    act(state, 0, {"type": "predict", "chips": 37})
    act(state, 1, {"type": "predict", "chips": 0})
    assert GAME.view(state, 0)["predictions"][:2] == [
        {"chips": 37, "flex": False},
        {"chips": 0, "flex": False},
    ]


# ------------------------------------------------------------------- trick play


def test_must_follow_suit() -> None:
    state = table([["Y9"], ["Y4", "G5", "R3"], ["G1"], ["B1"]])
    play(state, "Y9")
    assert GAME.legal_actions(state, 1) == [{"type": "play", "card": "Y4"}]
    for card, name in [("G5", "green 5"), ("R3", "red 3")]:
        error = refused(
            state, Input(1, {"type": "play", "card": card}), "quashars/must_follow_suit"
        )
        # The message names the card refused (by code or by name) and the led colour.
        assert card in error.message or name in error.message, error.message
        assert "yellow" in error.message, error.message
    play(state, "Y4")


def test_a_seat_without_the_led_colour_may_play_any_card() -> None:
    state = table([["Y9"], ["G5", "R3", "B7"], ["G1"], ["B1"]])
    play(state, "Y9")
    assert {a["card"] for a in GAME.legal_actions(state, 1)} == {"G5", "R3", "B7"}
    play(state, "B7")


def test_the_leader_may_lead_any_card() -> None:
    state = table([["Y9", "R2", "G3", "B4"], ["Y1"], ["G1"], ["B1"]])
    assert {a["card"] for a in GAME.legal_actions(state, 0)} == {"Y9", "R2", "G3", "B4"}
    play(state, "R2")


def test_red_is_trump() -> None:
    # A red 1 off-suit beats the yellow 12 that was led.
    assert won(["Y12", "Y11", "R1", "Y10"])["seat"] == 2


def test_highest_red_wins_when_several_reds_are_played() -> None:
    event = won(["Y12", "R4", "R9", "R1"])
    assert (event["seat"], event["card"]) == (2, "R9")


def test_red_led_highest_red_wins() -> None:
    assert won(["R3", "R12", "R5", "Y12"])["seat"] == 1


def test_highest_of_the_led_colour_wins_without_red() -> None:
    # Higher cards of other colours do not count.
    event = won(["G5", "B12", "G7", "Y11"])
    assert (event["seat"], event["card"]) == (2, "G7")
    event = won(["G5", "B12", "Y11", "B11"])
    assert (event["seat"], event["card"]) == (0, "G5")


def test_the_trick_winner_leads_the_next_trick() -> None:
    state = table([["Y9", "B1"], ["Y12", "B2"], ["Y1", "B3"], ["Y2", "B4"]], start=0)
    play_trick(state, ["Y9", "Y12", "Y1", "Y2"])
    view = GAME.view(state, 0)
    assert (view["to_act"], view["leader"]) == (1, 1)
    refused(state, Input(0, {"type": "play", "card": "B1"}), "action/not_your_turn", "seat 1")
    # Seats 1, 2, 3, 0 play B2, B3, B4, B1: seat 3's blue 4 wins and leads trick 3.
    event = trick_won(play_trick(state, ["B2", "B3", "B4", "B1"]))
    assert (event["trick_no"], event["seat"], event["card"]) == (2, 3, "B4")
    assert GAME.view(state, 0)["trick"] == []
    assert (state.to_act, state.leader) == (3, 3)


def test_the_view_shows_the_trick_in_progress_by_seat() -> None:
    state = table([["Y9"], ["Y12"], ["Y1"], ["Y2"]], start=2)
    play_trick(state, ["Y1", "Y2"])
    assert GAME.view(state, SPECTATOR)["trick"] == [
        {"seat": 2, "card": "Y1"},
        {"seat": 3, "card": "Y2"},
    ]


# ------------------------------------------------- conditions met by one trick


def test_odd_win_with_an_odd_number() -> None:
    conditions = ("odd", "blue", "in_a_row", "no_tricks")
    assert won(["Y9", "Y4", "G12", "Y2"], conditions)["met"] == ["odd"]
    assert won(["Y8", "Y4", "G12", "Y2"], conditions)["met"] == []


def test_even_win_with_an_even_number() -> None:
    conditions = ("even", "blue", "in_a_row", "no_tricks")
    assert won(["Y8", "Y4", "G11", "Y2"], conditions)["met"] == ["even"]
    assert won(["Y9", "Y4", "G12", "Y2"], conditions)["met"] == []


def test_low_win_with_a_1_2_or_3() -> None:
    conditions = ("low", "blue", "in_a_row", "no_tricks")
    for cards in (
        ["Y3", "Y1", "G12", "Y2"],
        ["Y2", "Y1", "G12", "G11"],
        ["Y1", "G12", "G11", "B12"],
    ):
        event = won(cards, conditions)
        assert (event["card"], event["met"]) == (cards[0], ["low"])
    assert won(["Y4", "Y1", "Y2", "Y3"], conditions)["met"] == []


def test_high_win_with_a_10_11_or_12() -> None:
    conditions = ("high", "blue", "in_a_row", "no_tricks")
    for winner in ("Y10", "Y11", "Y12"):
        assert won([winner, "Y4", "G12", "Y2"], conditions)["met"] == ["high"]
    assert won(["Y9", "Y4", "G12", "Y2"], conditions)["met"] == []


@pytest.mark.parametrize(
    ("condition", "winning", "losing"),
    [
        ("yellow", ["Y5", "Y4", "G9", "B9"], ["G5", "G4", "Y9", "B9"]),
        ("green", ["G5", "G4", "Y9", "B9"], ["B5", "B4", "G9", "Y9"]),
        ("blue", ["B5", "B4", "G9", "Y9"], ["Y5", "Y4", "B9", "G9"]),
    ],
)
def test_colour_win_with_that_colour(condition: str, winning: list[str], losing: list[str]) -> None:
    conditions = ("high", condition, "in_a_row", "no_tricks")
    assert won(winning, conditions)["met"] == [condition]
    assert won(losing, conditions)["met"] == []


def test_red_win_with_red_even_when_another_colour_was_led() -> None:
    conditions = ("high", "red", "in_a_row", "no_tricks")
    assert won(["Y9", "R4", "Y5", "Y6"], conditions)["met"] == ["red"]
    assert won(["R5", "R4", "Y9", "B9"], conditions)["met"] == ["red"]
    assert won(["Y9", "Y4", "G5", "B6"], conditions)["met"] == []


def test_a_trick_can_meet_three_conditions_one_chip_each() -> None:
    state = table(
        [["Y9"], ["Y4"], ["G12"], ["Y2"]],
        ("odd", "yellow", "first_or_last", "three_tricks"),
        predicted=[2, 0, 0, 0],
    )
    assert trick_won(play_trick(state, ["Y9", "Y4", "G12", "Y2"]))["met"] == [
        "odd",
        "yellow",
        "first_or_last",
    ]
    view = GAME.view(state, 0)
    assert view["met"][0] == 3
    assert view["chips"][0] == {"left": 0, "flex_left": False, "taken": 1}


def test_in_a_row_is_met_each_time_a_trick_follows_a_won_trick() -> None:
    state = table(
        [
            ["R12", "R11", "R10", "Y1"],
            ["G2", "G3", "G4", "Y12"],
            ["B2", "B3", "B4", "B5"],
            ["B6", "B7", "B8", "B9"],
        ],
        ("low", "green", "in_a_row", "no_tricks"),
    )
    tricks = [
        ["R12", "G2", "B2", "B6"],
        ["R11", "G3", "B3", "B7"],
        ["R10", "G4", "B4", "B8"],
        ["Y1", "Y12", "B5", "B9"],  # seat 1 wins after seat 0's run: not in a row
    ]
    results = [trick_won(play_trick(state, cards)) for cards in tricks]
    assert [(r["seat"], r["met"]) for r in results] == [
        (0, []),
        (0, ["in_a_row"]),
        (0, ["in_a_row"]),
        (1, []),
    ]
    assert GAME.view(state, 0)["met"] == [2, 0, 0, 0]


def test_in_a_row_needs_the_same_seat_to_have_won_the_previous_trick() -> None:
    conditions = ("high", "blue", "in_a_row", "no_tricks")
    # Seat 2 won trick 1 and leads trick 2.
    assert won(["Y9", "Y4", "G5", "Y2"], conditions, earlier_winners=[2])["met"] == ["in_a_row"]
    assert won(["Y2", "Y4", "G5", "Y9"], conditions, earlier_winners=[2])["met"] == []


def _one_colour_each() -> QuasharsState:
    """Seat 0 holds every red, seat 1 every yellow, seat 2 green, seat 3 blue."""
    return table(
        [[f"{colour}{n}" for n in range(1, 13)] for colour in "RYGB"],
        ("low", "blue", "first_or_last", "three_tricks"),
        predicted=[2, 0, 0, 0],
        flex=[True, False, False, False],
    )


def _play_one_colour_each(state: QuasharsState) -> list[JSONDict]:
    """Seat 0 leads its reds from 12 down to 1 and wins all twelve tricks."""
    results = []
    for number in range(12, 0, -1):
        cards = [f"R{number}", f"Y{number}", f"G{number}", f"B{number}"]
        results.append(trick_won(play_trick(state, cards)))
    return results


def test_first_or_last_met_by_the_first_and_by_the_last_trick() -> None:
    state = _one_colour_each()
    results = _play_one_colour_each(state)
    assert {r["seat"] for r in results} == {0}
    assert [r["met"] for r in results] == [
        ["first_or_last"],  # trick 1, red 12
        *[[]] * 8,  # tricks 2-9: red 11 down to red 4
        ["low"],
        ["low"],
        ["low", "first_or_last"],  # trick 12, red 1: both, so two chips
    ]
    assert GAME.view(state, 0)["met"] == [5, 0, 0, 0]


def test_first_or_last_for_the_last_trick_alone() -> None:
    conditions = ("high", "blue", "first_or_last", "no_tricks")
    history = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]
    assert won(["Y2", "Y4", "G5", "Y9"], conditions, earlier_winners=history)["met"] == [
        "first_or_last"
    ]
    assert won(["Y2", "Y4", "G5", "Y9"], conditions, earlier_winners=[0])["met"] == []


def test_no_red_win_a_trick_that_holds_no_red_card() -> None:
    conditions = ("high", "blue", "no_red", "no_tricks")
    assert won(["Y5", "Y9", "G1", "B1"], conditions)["met"] == ["no_red"]
    assert won(["Y5", "Y9", "R1", "B1"], conditions)["met"] == []


def test_all_colours_win_a_trick_that_holds_all_four_colours() -> None:
    conditions = ("high", "green", "all_colours", "no_tricks")
    assert won(["Y5", "R2", "G9", "B12"], conditions)["met"] == ["all_colours"]
    assert won(["Y5", "R2", "Y9", "B12"], conditions)["met"] == []


# ------------------------------------------------- pile 4: after the last trick


def _last_trick(
    earlier_winners: list[int],
    cards: list[str],
    total: str,
    trick_condition: str = "all_colours",
    **kwargs: Any,
) -> tuple[QuasharsState, list[Event]]:
    """The table before trick 12, whose cards the seats from the leader on play.

    The trick conditions (low, blue, and by default all colours) are not met by
    the all-yellow last tricks below, so `met` counts only the pile-4 card.
    """
    players = len(cards)
    leader = earlier_winners[-1]
    hands: list[list[str]] = [[] for _ in range(players)]
    for i, card in enumerate(cards):
        hands[(leader + i) % players] = [card]
    state = table(
        hands, ("low", "blue", trick_condition, total), earlier_winners=earlier_winners, **kwargs
    )
    events = play_trick(state, cards)
    return state, events


def _totals_met(events: list[Event]) -> dict[int, list[str]]:
    return {e["seat"]: e["met"] for e in of_type(events, "totals_met")}


def test_three_tricks_win_exactly_3() -> None:
    # Before the last trick seats have 3, 3, 4, 1; seat 3 wins the last: 3, 3, 4, 2.
    history = [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3]
    state, events = _last_trick(history, ["Y12", "Y2", "Y3", "Y4"], "three_tricks")
    assert trick_won(events)["met"] == []  # pile-4 cards are not met by a trick
    assert GAME.view(state, 0)["tricks_won"] == [3, 3, 4, 2]
    assert _totals_met(events) == {0: ["three_tricks"], 1: ["three_tricks"]}
    assert GAME.view(state, 0)["met"] == [1, 1, 0, 0]


def test_four_tricks_win_exactly_4() -> None:
    history = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2]
    state, events = _last_trick(history, ["Y12", "Y2", "Y3", "Y4"], "four_tricks")
    assert GAME.view(state, 0)["tricks_won"] == [4, 4, 4, 0]
    assert _totals_met(events) == {seat: ["four_tricks"] for seat in (0, 1, 2)}
    assert GAME.view(state, 0)["met"] == [1, 1, 1, 0]


def test_no_tricks_met_by_every_seat_without_a_trick() -> None:
    history = [2] * 5 + [3] * 6
    state, events = _last_trick(history, ["Y2", "Y3", "Y4", "Y12"], "no_tricks")
    assert GAME.view(state, 0)["tricks_won"] == [0, 0, 6, 6]
    assert _totals_met(events) == {0: ["no_tricks"], 1: ["no_tricks"]}
    assert GAME.view(state, 0)["met"] == [1, 1, 0, 0]


def test_most_tricks_strictly_more_than_every_other_seat() -> None:
    history = [0] * 5 + [1] * 3 + [2] * 2 + [3]
    state, events = _last_trick(history, ["Y2", "Y12", "Y3", "Y4"], "most_tricks")
    assert GAME.view(state, 0)["tricks_won"] == [6, 3, 2, 1]
    assert _totals_met(events) == {0: ["most_tricks"]}


def test_most_tricks_tied_for_most_meets_nothing() -> None:
    history = [0] * 5 + [1] * 4 + [2] * 2
    state, events = _last_trick(history, ["Y2", "Y3", "Y4", "Y12"], "most_tricks")
    assert GAME.view(state, 0)["tricks_won"] == [5, 5, 2, 0]
    assert _totals_met(events) == {}
    assert GAME.view(state, 0)["met"] == [0, 0, 0, 0]


def test_pile_four_with_three_players() -> None:
    # 3 players: the last trick is the 12th of 36 cards; seats 0 and 2 end with no trick.
    history = [1] * 11
    state, events = _last_trick(history, ["Y9", "Y2", "Y3"], "no_tricks", "in_a_row")
    assert trick_won(events)["met"] == ["in_a_row"]
    assert GAME.view(state, 0)["tricks_won"] == [0, 12, 0]
    assert _totals_met(events) == {0: ["no_tricks"], 2: ["no_tricks"]}


# ------------------------------------------------------------ chips and scoring


def test_chips_are_returned_then_taken() -> None:
    # Seat 0 predicts 2 with the flex chip and meets 5 conditions (see the
    # first-or-last test): prediction chips go back first, then the flex chip,
    # then each further condition takes a chip.
    state = _one_colour_each()
    seen = []
    for number in range(12, 0, -1):
        play_trick(state, [f"R{number}", f"Y{number}", f"G{number}", f"B{number}"])
        seen.append(GAME.view(state, 1)["chips"][0])
    assert seen[0] == {"left": 1, "flex_left": True, "taken": 0}  # met 1
    assert seen[8] == {"left": 1, "flex_left": True, "taken": 0}  # still met 1
    assert seen[9] == {"left": 0, "flex_left": True, "taken": 0}  # met 2
    assert seen[10] == {"left": 0, "flex_left": False, "taken": 0}  # met 3
    assert seen[11] == {"left": 0, "flex_left": False, "taken": 2}  # met 5
    assert GAME.view(state, 0)["chips"][1:] == [{"left": 0, "flex_left": False, "taken": 0}] * 3
    # Game 1: predicted 2 + flex, met 5: two chips taken, -2. Seats 1-3 predicted 0
    # and met nothing: +2 each.
    assert state.scores == [[-2, 2, 2, 2]]


def test_each_game_is_scored_with_its_game_number() -> None:
    # Game 3 of 4. After the last trick seats 0 and 1 meet "three tricks" (see above).
    history = [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3]
    state, events = _last_trick(
        history,
        ["Y12", "Y2", "Y3", "Y4"],
        "three_tricks",
        predicted=[1, 0, 2, 0],
        flex=[False, True, False, False],
        game_no=3,
        scores=[[2, 1, 0, -1], [4, -3, 2, 2]],
    )
    (scored,) = of_type(events, "game_scored")
    assert scored == {
        "type": "game_scored",
        "game_no": 3,
        "predicted": [1, 0, 2, 0],
        "flex": [False, True, False, False],
        "met": [1, 1, 0, 0],
        # exact: 2 x 3; flex, met P + 1: 3; two chips left: -2; exact 0: 2 x 3.
        "points": [6, 3, -2, 6],
        "totals": [12, 1, 0, 7],
    }
    view = GAME.view(state, SPECTATOR)
    assert view["scores"] == [[2, 1, 0, -1], [4, -3, 2, 2], [6, 3, -2, 6]]
    assert view["totals"] == [12, 1, 0, 7]
    assert view["phase"] == "scored" and view["to_act"] is None
    assert not GAME.is_over(state) and GAME.outcome(state) is None


def test_the_pause_then_the_host_tick_deals_the_next_game() -> None:
    history = [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3]
    hands: list[list[str]] = [["Y2"], ["Y3"], ["Y4"], ["Y12"]]
    state = table(hands, earlier_winners=history, start=0, options={"pause_ms": 2000})
    for card in ["Y12", "Y2", "Y3"]:
        play(state, card, time=1000)
    play(state, "Y4", time=1234)
    assert GAME.next_deadline(state) == 3234
    assert GAME.view(state, 0)["deadline"] == 3234
    assert not any(GAME.can_act(state, seat) for seat in range(4))
    assert all(GAME.legal_actions(state, seat) == [] for seat in range(4))
    refused(
        state, Input(1, {"type": "predict", "chips": 1}, 1234), "quashars/wrong_phase", "scored"
    )
    refused(state, Input.tick(3233), "time/no_deadline", "3234")

    events = GAME.apply(state, Input.tick(3234))
    (started,) = of_type(events, "game_started")
    assert started["game_no"] == 2 and started["start_player"] == 1
    dealt = [e for e in events if e.type == "dealt"]
    assert [e.audience for e in dealt] == [frozenset({seat}) for seat in range(4)]
    view = GAME.view(state, 2)
    assert view["hand"] == dealt[2].data["hand"] and len(view["hand"]) == 12
    assert (view["phase"], view["game_no"], view["to_act"]) == ("predict", 2, 1)
    assert view["predictions"] == [None] * 4 and view["met"] == [0] * 4
    assert view["tricks"] == [] and view["tricks_won"] == [0] * 4
    assert view["deadline"] is None and GAME.next_deadline(state) is None
    assert len(view["scores"]) == 1


def test_the_match_ends_after_the_last_game_with_ties_sharing_a_rank() -> None:
    history = [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3]
    state, events = _last_trick(
        history,
        ["Y12", "Y2", "Y3", "Y4"],
        "three_tricks",
        predicted=[1, 0, 2, 0],
        flex=[False, True, False, False],
        game_no=4,
        scores=[[2, 1, 2, -1], [-1, 2, 2, -2], [0, 2, 1, -2]],
    )
    (scored,) = of_type(events, "game_scored")
    assert scored["points"] == [8, 4, -2, 8]  # 2 x 4, 1 x 4, -2, 2 x 4
    (over,) = of_type(events, "match_over")
    assert over == {
        "type": "match_over",
        "scores": [9, 9, 3, 3],
        "ranks": [1, 1, 3, 3],
        "winners": [0, 1],
    }
    assert GAME.is_over(state)
    assert GAME.outcome(state) == Outcome((9, 9, 3, 3), (1, 1, 3, 3))
    assert GAME.next_deadline(state) is None
    assert GAME.view(state, 0)["phase"] == "over"
    refused(state, Input.tick(10**9), "game/over")
    refused(state, Input(0, {"type": "predict", "chips": 0}), "game/over")


@pytest.mark.parametrize(("players", "first", "starts"), [(3, 1, [1, 2, 0]), (4, 3, [3, 0, 1, 2])])
def test_as_many_games_as_players_and_the_start_player_moves_left(
    players: int, first: int, starts: list[int]
) -> None:
    rng = Rng(11)
    state = GAME.new(4, players, {"first_player": first})
    seen, scored, over = [], [], []
    for game_no in range(1, players + 1):
        view = GAME.view(state, 0)
        assert view["game_no"] == game_no and view["games"] == players
        seen.append(view["start_player"])
        assert view["to_act"] == view["start_player"]
        predict_all(state)
        assert state.to_act == view["start_player"]  # the start player leads trick 1
        events = finish_game(state, rng)
        scored += of_type(events, "game_scored")
        over += of_type(events, "match_over")
        if game_no < players:
            assert not over
            tick_at_deadline(state)
    assert seen == starts
    assert [s["game_no"] for s in scored] == list(range(1, players + 1))
    assert len(over) == 1 and GAME.is_over(state)
    totals = [sum(s["points"][seat] for s in scored) for seat in range(players)]
    assert GAME.outcome(state) == Outcome.from_scores(totals)
    assert over[0]["scores"] == totals


def test_without_the_option_the_first_player_is_drawn_from_the_seed() -> None:
    firsts = [GAME.new(seed, 4).start_player for seed in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [GAME.new(seed, 4).start_player for seed in range(40)]


# -------------------------------------------------------------------- options


def test_fixed_conditions_are_used_every_game() -> None:
    fixed = ["low", "red", "no_red", "most_tricks"]
    for players in (3, 4):
        rng = Rng(2)
        state = GAME.new(9, players, {"conditions": fixed})
        piles = state.to_json()["piles"]
        for game_no in range(1, players + 1):
            assert [c["id"] for c in GAME.view(state, 0)["conditions"]] == fixed
            finish_game(state, rng)
            if game_no < players:
                tick_at_deadline(state)
        assert state.to_json()["piles"] == piles  # the piles are not drawn from


@pytest.mark.parametrize(
    ("players", "conditions", "named"),
    [
        (4, ["yellow", "odd", "in_a_row", "three_tricks"], "'yellow' is not a pile-1 card"),
        (4, ["odd", "yellow", "three_tricks", "in_a_row"], "'three_tricks' is not a pile-3"),
        (4, ["odd", "purple", "in_a_row", "three_tricks"], "unknown condition card 'purple'"),
        (4, ["odd", "yellow", "in_a_row"], "conditions"),
        (3, ["high", "yellow", "in_a_row", "three_tricks"], "'high' is for 4 players only"),
        (3, ["odd", "yellow", "all_colours", "three_tricks"], "'all_colours' is for 4 players"),
    ],
)
def test_bad_fixed_conditions_are_refused_by_name(
    players: int, conditions: list[str], named: str
) -> None:
    with pytest.raises(BadOptions, match=named) as caught:
        GAME.new(1, players, {"conditions": conditions})
    assert caught.value.code == "options/invalid"


def test_four_player_conditions_are_fine_with_four_players() -> None:
    state = GAME.new(1, 4, {"conditions": ["high", "yellow", "all_colours", "three_tricks"]})
    assert [c["id"] for c in GAME.view(state, 0)["conditions"]] == [
        "high",
        "yellow",
        "all_colours",
        "three_tricks",
    ]


def test_first_player_option() -> None:
    for players in (3, 4):
        for first in range(players):
            state = GAME.new(123, players, {"first_player": first})
            assert GAME.view(state, 0)["start_player"] == first
            assert state.to_act == first
    with pytest.raises(BadOptions, match="first_player 3 is not a seat of 3"):
        GAME.new(1, 3, {"first_player": 3})
    with pytest.raises(BadOptions, match="first_player"):
        GAME.new(1, 4, {"first_player": -1})


@pytest.mark.parametrize("players", [2, 5])
def test_two_or_five_players_are_refused(players: int) -> None:
    with pytest.raises(BadOptions, match=f"3 to 4 players, not {players}"):
        GAME.new(1, players)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(BadOptions, match="trumps"):
        GAME.new(1, 4, {"trumps": "green"})
    with pytest.raises(BadOptions, match="pause_ms"):
        GAME.new(1, 4, {"pause_ms": -1})


def test_the_options_are_described_with_defaults() -> None:
    described = {o["name"]: o for o in GAME.describe()["options"]}
    assert {name: o["default"] for name, o in described.items()} == {
        "conditions": None,
        "flex_chip": True,
        "first_player": None,
        "pause_ms": 5000,
    }
    assert all(o["description"] for o in described.values())


# --------------------------------------------------------------------- errors


def test_error_wrong_phase() -> None:
    predicting = GAME.new(1, 4, {"first_player": 0})
    refused(
        predicting,
        Input(0, {"type": "play", "card": GAME.view(predicting, 0)["hand"][0]}),
        "quashars/wrong_phase",
        "predict phase",
    )
    playing = table([["Y9"], ["Y4"], ["G12"], ["Y2"]])
    refused(
        playing,
        Input(0, {"type": "predict", "chips": 1}),
        "quashars/wrong_phase",
        "play phase",
    )


def test_error_not_your_turn() -> None:
    predicting = GAME.new(1, 4, {"first_player": 0})
    refused(
        predicting,
        Input(1, {"type": "predict", "chips": 1}),
        "action/not_your_turn",
        "seat 1",
        "seat 0's turn",
    )
    playing = table([["Y9"], ["Y4"], ["G12"], ["Y2"]])
    refused(playing, Input(2, {"type": "play", "card": "G12"}), "action/not_your_turn", "seat 2")


def test_error_not_in_hand() -> None:
    state = table([["Y9", "Y1"], ["Y4"], ["G12"], ["Y2"]])
    refused(state, Input(0, {"type": "play", "card": "Y4"}), "quashars/not_in_hand", "Y4")
    play_trick(state, ["Y9", "Y4", "G12", "Y2"])
    # A card already played is no longer in the hand.
    refused(state, Input(0, {"type": "play", "card": "Y9"}), "quashars/not_in_hand", "Y9")


def test_error_not_in_the_three_player_deck() -> None:
    state = table([["Y9"], ["Y4"], ["G2"]])
    for card in ("R10", "Y11", "B12"):
        refused(
            state,
            Input(0, {"type": "play", "card": card}),
            "quashars/not_in_deck",
            card,
            "3-player deck",
        )


@pytest.mark.parametrize("card", ["X1", "Y13", "Y0", "9", "", 9, None, ["Y9"], True])
def test_error_unknown_card(card: object) -> None:
    state = table([["Y9"], ["Y4"], ["G12"], ["Y2"]])
    refused(state, Input(0, {"type": "play", "card": card}), "quashars/unknown_card", repr(card))


def test_error_play_without_a_card() -> None:
    state = table([["Y9"], ["Y4"], ["G12"], ["Y2"]])
    refused(state, Input(0, {"type": "play"}), "input/malformed", "needs the field 'card'")


@pytest.mark.parametrize(
    ("action", "named"),
    [
        ({"type": "predict", "chips": "2"}, "'chips'"),
        ({"type": "predict", "chips": True}, "'chips'"),
        ({"type": "predict", "chips": 2.0}, "'chips'"),
        ({"type": "predict"}, "'chips'"),
        ({"type": "predict", "chips": 2, "flex": "yes"}, "'flex'"),
        ({"type": "predict", "chips": 2, "flex": 1}, "'flex'"),
        ({"type": "predict", "chips": 2, "bid": 3}, "bid"),
        ({"chips": 2}, "type"),
        ({"type": 7, "chips": 2}, "type"),
    ],
)
def test_error_malformed_prediction(action: JSONDict, named: str) -> None:
    state = GAME.new(1, 4, {"first_player": 0})
    refused(state, Input(0, action), "input/malformed", named)


def test_error_malformed_play() -> None:
    state = table([["Y9"], ["Y4"], ["G12"], ["Y2"]])
    refused(
        state, Input(0, {"type": "play", "card": "Y9", "face": "up"}), "input/malformed", "face"
    )


def test_error_no_such_seat() -> None:
    state = GAME.new(1, 3)
    refused(state, Input(3, {"type": "predict", "chips": 1}), "input/malformed", "seat 3")
    refused(state, Input(-1, {"type": "predict", "chips": 1}), "input/malformed", "seat -1")


def test_error_the_host_cannot_predict_or_play() -> None:
    state = GAME.new(1, 4, {"first_player": 0})
    refused(state, Input(None, {"type": "predict", "chips": 1}), "input/malformed", "host")
    playing = table([["Y9"], ["Y4"], ["G12"], ["Y2"]])
    refused(playing, Input(None, {"type": "play", "card": "Y9"}), "input/malformed", "host")


def test_error_a_seat_cannot_tick() -> None:
    state = GAME.new(1, 4)
    refused(state, Input(0, {"type": "tick"}), "input/malformed", "host")


def test_error_unknown_action() -> None:
    state = GAME.new(1, 4, {"first_player": 0})
    refused(state, Input(0, {"type": "pass"}), "input/unknown_action", "'pass'")
    refused(state, Input(None, {"type": "deal"}), "input/unknown_action", "'deal'")


def test_error_tick_before_any_deadline() -> None:
    state = GAME.new(1, 4)
    refused(state, Input.tick(10**9), "time/no_deadline")


def test_error_tick_with_extra_fields() -> None:
    history = [0] * 11
    state, _ = _last_trick(history, ["Y12", "Y2", "Y3", "Y4"], "no_tricks")
    deadline = GAME.next_deadline(state)
    assert deadline is not None
    refused(state, Input(None, {"type": "tick", "game": 2}, deadline), "input/malformed", "game")


def test_error_time_went_back() -> None:
    state = GAME.new(1, 4, {"first_player": 0})
    act(state, 0, {"type": "predict", "chips": 1}, time=500)
    refused(state, Input(1, {"type": "predict", "chips": 1}, 499), "input/time_went_back", "499")


def test_error_codes_of_the_follow_suit_range_and_flex_rules() -> None:
    # Each has its own rule test above; listed here too so every code is in this section.
    state = table([["Y9"], ["Y4", "G5"], ["G12"], ["Y2"]])
    play(state, "Y9")
    refused(state, Input(1, {"type": "play", "card": "G5"}), "quashars/must_follow_suit")
    predicting = GAME.new(1, 4, {"first_player": 0, "flex_chip": False})
    refused(predicting, Input(0, {"type": "predict", "chips": 38}), "quashars/prediction_range")
    refused(predicting, Input(0, {"type": "predict", "chips": 1, "flex": True}), "quashars/no_flex")


# ---------------------------------------------------------------------- views


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_others() -> None:
    state = GAME.new(8, 4, {"first_player": 0})
    hands = GAME.view(state, HOST)["hands"]
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["hand"] == hands[seat]
        assert view["hand_sizes"] == [12] * 4
        assert "hands" not in view
        others = {card for s, hand in enumerate(hands) if s != seat for card in hand}
        assert not others & set(strings_in(view))


def test_the_spectator_sees_no_hand() -> None:
    state = GAME.new(8, 4, {"first_player": 0})
    view = GAME.view(state, SPECTATOR)
    assert not {"hand", "hands", "legal"} & set(view)
    assert view["hand_sizes"] == [12] * 4
    assert not set(ALL_CARDS) & set(strings_in(view))


def test_the_host_sees_every_hand() -> None:
    state = GAME.new(8, 3)
    view = GAME.view(state, HOST)
    assert sorted(card for hand in view["hands"] for card in hand) == sorted(deck_of(3))
    assert GAME.hidden_cards(state, HOST) == frozenset()


def test_legal_actions_only_for_the_seat_to_act() -> None:
    state = table([["Y9", "G3"], ["Y4", "G5"], ["G12"], ["Y2"]], start=1)
    for seat in range(4):
        legal = GAME.view(state, seat).get("legal")
        if seat == 1:
            assert legal == GAME.legal_actions(state, 1) and len(legal) == 2
        else:
            assert not legal, seat
            assert GAME.legal_actions(state, seat) == []


def test_views_and_events_never_show_hidden_cards() -> None:
    rng = Rng(5)
    for players in (3, 4):
        state = GAME.new(21, players)
        viewers = [*range(players), SPECTATOR]
        while not GAME.is_over(state):
            for viewer in viewers:
                hidden = GAME.hidden_cards(state, viewer)
                # Written from the table: every card in another seat's hand.
                expected = {
                    card
                    for seat, hand in enumerate(GAME.view(state, HOST)["hands"])
                    if seat != viewer
                    for card in hand
                }
                assert hidden == expected
                assert not hidden & set(strings_in(GAME.view(state, viewer)))
            if state.phase == SCORED:  # the host deals the next game
                events = tick_at_deadline(state)
            else:
                seat = state.to_act
                legal = GAME.legal_actions(state, seat)
                events = act(state, seat, legal[rng.below(len(legal))])
            for viewer in viewers:
                hidden = GAME.hidden_cards(state, viewer)
                for event in events:
                    if event.visible_to(viewer):
                        assert not hidden & set(strings_in(event.to_json())), (viewer, event)


def test_state_counts_stay_consistent_through_a_match() -> None:
    rng = Rng(13)
    state = GAME.new(17, 4)
    while not GAME.is_over(state):
        if state.phase == SCORED:
            tick_at_deadline(state)
            continue
        view = GAME.view(state, HOST)
        played = len(view["tricks"]) * 4 + len(view["trick"])
        assert sum(view["hand_sizes"]) + played == 48
        assert sum(view["tricks_won"]) == len(view["tricks"])
        assert Counter(t["winner"] for t in view["tricks"]) == Counter(
            {s: n for s, n in enumerate(view["tricks_won"]) if n}
        )
        seat = state.to_act
        legal = GAME.legal_actions(state, seat)
        act(state, seat, legal[rng.below(len(legal))])
