"""Quiddler's rules (RULINGS §5), one named test per rule, all through `GAME.apply`.

Deals, dealers and whole games come from seeds. Turn rules use `table()`, which edits a
fresh state's `to_json()` so that each seat holds exactly the cards a test needs and the
draw pile has known cards on top; every other card of the 118 stays in the draw pile, so
each card is still in exactly one place. Every table plays with a small explicit word
list (`replace_words`), so no test depends on the shipped dictionary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from quintet.core import HOST, SPECTATOR, BadOptions, Event, Input, JSONDict, Rng, RuleError
from quintet.core.jsonutil import canonical
from quintet.core.testing import RandomDriver, check_scramble
from quintet.games.quiddler import GAME, QuiddlerState
from quintet.games.quiddler.bots import BOTS
from quintet.games.quiddler.components import CARDS, DECK, NAMES, hand_size, points
from quintet.games.quiddler.fast import discard, draw, go_out, lay_down, next_round
from quintet.games.quiddler.state import DISCARD, DRAW, LAY_DOWN, OVER, PLAY, SCORED
from quintet.sim.engine import play_game

#: The tables' dictionary: small, explicit, and missing many real words on purpose.
WORDS = [
    "at", "ate", "eat", "tea", "tie", "it", "quit", "quite", "in", "thin", "then",
    "the", "her", "cat", "act", "to", "toe", "no", "on", "one", "net", "ten",
]  # fmt: skip
OPTIONS: JSONDict = {"extra_words": WORDS, "replace_words": True, "pause_ms": 100}


# ----------------------------------------------------------------------- helpers


def table(
    hands: Sequence[Sequence[str]],
    *,
    pile: Sequence[str] = ("o",),
    deck_top: Sequence[str] = (),
    to_act: int = 0,
    step: str = "draw",
    round_no: int = 1,
    went_out: int = -1,
    done: Sequence[bool] | None = None,
    words: Sequence[Sequence[Sequence[str]]] | None = None,
    unused: Sequence[Sequence[str]] | None = None,
    known: Sequence[Sequence[str]] | None = None,
    options: JSONDict | None = None,
) -> QuiddlerState:
    """A state in round `round_no`, seat `to_act` at `step`, with these hands and piles.

    `deck_top[0]` is the next card drawn from the deck; the rest of the 118 cards lie
    under `deck_top` in name order. `words`/`unused` are what seats laid down already.
    """
    players = len(hands)
    state = GAME.new(1, players, {**OPTIONS, **(options or {})})
    data = state.to_json()
    laid = words or [[] for _ in hands]
    kept = unused or [[] for _ in hands]
    left = Counter(DECK)
    left.subtract([c for h in hands for c in h])
    left.subtract(pile)
    left.subtract(deck_top)
    left.subtract([c for ws in laid for w in ws for c in w])
    left.subtract([c for u in kept for c in u])
    assert min(left.values()) >= 0, f"more cards than the deck holds: {-left}"
    data.update(
        round=round_no,
        dealer=(to_act - 1) % players,
        phase="play",
        step=step,
        to_act=to_act,
        hands=[" ".join(sorted(h)) for h in hands],
        known=[" ".join(sorted(k)) for k in (known or [[] for _ in hands])],
        deck=" ".join([*sorted(left.elements()), *reversed(deck_top)]),
        pile=" ".join(pile),
        went_out=went_out,
        done=list(done) if done is not None else [False] * players,
        words=[[" ".join(w) for w in ws] for ws in laid],
        unused=[" ".join(sorted(u)) for u in kept],
    )
    made = GAME.state_from_json(data)
    assert made.to_json() == data, "the edited state does not round-trip"
    return made


def act(
    state: QuiddlerState, seat: int | None, action: JSONDict, time: int | None = None
) -> list[Event]:
    """Apply an action, by default at the time of the last accepted input."""
    return GAME.apply(state, Input(seat, action, state.now if time is None else time))


def refused(state: QuiddlerState, seat: int | None, action: Any, code: str) -> RuleError:
    """The action is refused with `code` and changes nothing; returns the error."""
    before = canonical(state.to_json())
    with pytest.raises(RuleError) as error:
        GAME.apply(state, Input(seat, action, state.now))
    assert error.value.code == code, error.value
    assert error.value.message
    assert canonical(state.to_json()) == before, f"{action} was refused but changed the state"
    return error.value


def of_type(events: list[Event], kind: str) -> list[JSONDict]:
    return [event.to_json() for event in events if event.type == kind]


def draw_deck(state: QuiddlerState) -> list[Event]:
    return act(state, state.to_act, {"type": "draw", "source": "deck"})


def first_legal(state: QuiddlerState) -> list[Event]:
    """The first legal action of the seat that can act (going out whenever possible), or
    the host's tick at the deadline."""
    for seat in range(state.players):
        if GAME.can_act(state, seat):
            return act(state, seat, GAME.legal_actions(state, seat)[0])
    deadline = GAME.next_deadline(state)
    assert deadline is not None, "nobody can act and there is no deadline"
    return GAME.apply(state, Input.tick(deadline))


# --------------------------------------------------------------- deck and deal


def test_the_deck_holds_118_cards_with_the_rulebook_values() -> None:
    assert len(DECK) == 118
    assert len(CARDS) == 31
    assert CARDS["q"] == (15, 2) and CARDS["e"] == (2, 12) and CARDS["qu"] == (9, 2)
    assert CARDS["er"] == (7, 2) and CARDS["cl"] == (10, 2) and CARDS["in"] == (7, 2)
    assert CARDS["th"] == (9, 2)
    assert tuple(sorted(CARDS)) == NAMES


@pytest.mark.parametrize("players", [1, 2, 5, 8])
def test_round_r_deals_r_plus_2_cards_and_turns_one_card_up(players: int) -> None:
    state = GAME.new(4, players, {"pause_ms": 1})
    seen = []
    while not GAME.is_over(state):
        first_turn = state.phase == PLAY and state.step == DRAW and state.went_out < 0
        if first_turn and (not seen or seen[-1] != state.round_no):
            size = hand_size(state.round_no)
            # The first turn of the round: nobody has drawn yet.
            assert [len(h) for h in state.hands] == [size] * players
            assert len(state.pile) == 1
            assert len(state.deck) == 118 - players * size - 1
            seen.append(state.round_no)
        first_legal(state)
    assert seen == list(range(1, 9))
    assert [hand_size(r) for r in seen] == [3, 4, 5, 6, 7, 8, 9, 10]


def test_the_dealer_moves_left_each_round_and_the_seat_left_of_the_dealer_starts() -> None:
    state = GAME.new(2, 4, {"first_dealer": 2, "pause_ms": 1})
    dealers = []
    while not GAME.is_over(state):
        first_turn = state.phase == PLAY and state.step == DRAW and state.went_out < 0
        if first_turn and len(dealers) < state.round_no:
            dealers.append(state.dealer)
            assert state.to_act == (state.dealer + 1) % 4
            assert GAME.view(state, 0)["dealer"] == state.dealer
        first_legal(state)
    assert dealers == [2, 3, 0, 1, 2, 3, 0, 1]


def test_without_first_dealer_the_seed_draws_the_first_dealer() -> None:
    dealers = {GAME.new(seed, 5).dealer for seed in range(40)}
    assert dealers == set(range(5))


def test_every_card_is_in_exactly_one_place_throughout_a_game() -> None:
    state = GAME.new(9, 4, {"pause_ms": 1})
    driver = RandomDriver.seeded(GAME, 9)
    for _ in driver.steps(state):
        places = [*state.deck, *state.pile]
        for seat in range(4):
            places += state.hands[seat] + state.unused[seat]
            places += [c for w in state.words[seat] for c in w]
        assert Counter(places) == Counter(DECK)


# ---------------------------------------------------------------------- a turn


def test_drawing_from_the_deck_takes_its_top_card_seen_only_by_the_drawer() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]], deck_top=["e", "i"])
    deck = len(state.deck)
    events = draw_deck(state)
    assert state.hands[0] == ["a", "e", "t", "x"]
    assert len(state.deck) == deck - 1
    assert state.step == DISCARD and state.to_act == 0
    (public,) = of_type(events, "drew")
    assert public == {"type": "drew", "seat": 0, "source": "deck"}
    (private,) = [e for e in events if e.type == "drew_card"]
    assert private.audience == frozenset({0}) and private.data == {"card": "e"}
    assert state.known[0] == [], "nobody else saw the card"


def test_drawing_from_the_discard_pile_takes_its_top_card_in_view_of_everyone() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]], pile=["z", "e"])
    events = act(state, 0, {"type": "draw", "source": "discard"})
    assert state.hands[0] == ["a", "e", "t", "x"]
    assert state.pile == ["z"]
    assert of_type(events, "drew") == [
        {"type": "drew", "seat": 0, "source": "discard", "card": "e"}
    ]
    assert state.known[0] == ["e"]
    assert GAME.view(state, 1)["known"] == [["e"], []]


def test_a_discard_ends_the_turn_and_the_next_seat_clockwise_draws() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"], ["e", "e", "e"]], deck_top=["k"])
    draw_deck(state)
    events = act(state, 0, {"type": "discard", "card": "x"})
    assert state.pile == ["o", "x"]
    assert state.hands[0] == ["a", "k", "t"]
    assert len(state.hands[0]) == 3, "the hand size stays the same"
    assert (state.to_act, state.step) == (1, DRAW)
    assert of_type(events, "discarded") == [{"type": "discarded", "seat": 0, "card": "x"}]


def test_after_the_last_seat_the_first_seat_plays_again() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]], to_act=1, deck_top=["k"])
    draw_deck(state)
    act(state, 1, {"type": "discard", "card": "k"})
    assert (state.to_act, state.step) == (0, DRAW)


def test_a_card_taken_from_the_discard_pile_may_be_discarded_at_once() -> None:
    # The rulebook does not forbid it; it is a way to pass.
    state = table([["a", "t", "x"], ["n", "o", "t"]], pile=["z"])
    act(state, 0, {"type": "draw", "source": "discard"})
    act(state, 0, {"type": "discard", "card": "z"})
    assert state.pile == ["z"] and state.hands[0] == ["a", "t", "x"]
    assert state.known[0] == [], "the known card left the hand"


def test_card_names_are_read_in_any_case() -> None:
    state = table([["a", "qu", "x"], ["n", "o", "t"]], deck_top=["k"])
    draw_deck(state)
    act(state, 0, {"type": "discard", "card": "QU"})
    assert state.pile[-1] == "qu"


# ------------------------------------------------------------------ going out


def test_going_out_lays_down_every_card_but_the_discard_as_words() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"], ["i", "i", "i"]], deck_top=["e"])
    draw_deck(state)
    events = act(state, 0, {"type": "go_out", "words": [["t", "e", "a"]], "discard": "x"})
    assert state.words[0] == [("t", "e", "a")]
    assert state.hands[0] == [] and state.pile[-1] == "x"
    assert state.went_out == 0 and state.done == [True, False, False]
    assert of_type(events, "went_out") == [
        {"type": "went_out", "seat": 0, "words": [["t", "e", "a"]], "discard": "x"}
    ]
    assert (state.to_act, state.step) == (1, DRAW), "the next seat has its last turn"
    view = GAME.view(state, 2)
    assert view["went_out"] == 0 and view["words"][0] == [["t", "e", "a"]]


def test_going_out_with_several_words_and_two_letter_cards() -> None:
    hands = [["qu", "i", "t", "a", "t", "th", "e"], ["o"] * 7]
    state = table(hands, deck_top=["in"], round_no=5)
    draw_deck(state)
    act(
        state,
        0,
        {"type": "go_out", "words": [["th", "in"], ["qu", "i", "t"], ["a", "t"]], "discard": "e"},
    )
    assert state.words[0] == [("th", "in"), ("qu", "i", "t"), ("a", "t")]


def test_a_word_may_be_spelled_with_single_letters_or_a_two_letter_card() -> None:
    for word in (["q", "u", "i", "t"], ["qu", "i", "t"]):
        state = table([word, ["n"] * len(word)], deck_top=["z"], round_no=len(word) - 2)
        draw_deck(state)
        act(state, 0, {"type": "go_out", "words": [word], "discard": "z"})
        assert state.words[0] == [tuple(word)]


def test_auto_check_refuses_a_word_not_in_the_dictionary_naming_it() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]], deck_top=["e"])
    draw_deck(state)
    error = refused(
        state,
        0,
        {"type": "go_out", "words": [["e", "t", "a"]], "discard": "x"},
        "quiddler/not_a_word",
    )
    assert "'eta'" in error.message and "e-t-a" in error.message
    # The same cards in a listed order go out.
    act(state, 0, {"type": "go_out", "words": [["e", "a", "t"]], "discard": "x"})
    assert state.went_out == 0


def test_the_table_may_add_words_to_the_shipped_list() -> None:
    # "eta" is refused above because the table replaced the list; added words count.
    state = table(
        [["a", "t", "x"], ["n", "o", "t"]], deck_top=["e"], options={"extra_words": ["xta", *WORDS]}
    )
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["x", "t", "a"]], "discard": "e"})
    assert state.went_out == 0


def test_going_out_must_use_every_card_but_the_discard() -> None:
    state = table([["a", "t", "x", "e"], ["n", "o", "t", "i"]], deck_top=["z"], round_no=2)
    draw_deck(state)
    error = refused(
        state,
        0,
        {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"},
        "quiddler/cards_left",
    )
    assert "z" in error.message


def test_going_out_with_cards_not_in_hand_is_refused() -> None:
    state = table([["a", "t", "x"], ["e", "o", "t"]], deck_top=["k"])
    draw_deck(state)
    error = refused(
        state,
        0,
        {"type": "go_out", "words": [["t", "e", "a"]], "discard": "x"},
        "quiddler/not_in_hand",
    )
    assert "'e'" in error.message
    refused(
        state,
        0,
        {"type": "go_out", "words": [["a", "t"], ["a", "t"]], "discard": "x"},
        "quiddler/not_in_hand",
    )


def test_a_word_takes_at_least_two_cards() -> None:
    state = table(
        [["in", "a", "t"], ["n", "o", "t"]], deck_top=["x"], options={"extra_words": ["in", "at"]}
    )
    draw_deck(state)
    error = refused(
        state,
        0,
        {"type": "go_out", "words": [["in"], ["a", "t"]], "discard": "x"},
        "quiddler/short_word",
    )
    assert "word 1" in error.message


def test_another_arrangement_than_the_listed_one_is_accepted() -> None:
    # legal_actions lists the solver's best way out; any other valid one goes out too.
    state = table([["a", "t", "i", "t", "e"], ["o"] * 5], deck_top=["n"], round_no=3)
    draw_deck(state)
    listed = [a for a in GAME.legal_actions(state, 0) if a["type"] == "go_out"]
    assert len(listed) == 1 and listed[0]["discard"] != "n", "the best way out scores 15"
    other = {"type": "go_out", "words": [["a", "t", "e"], ["i", "t"]], "discard": "n"}
    act(state, 0, other)
    assert state.words[0] == [("a", "t", "e"), ("i", "t")]


# ------------------------------------------------------------------ last turns


def test_after_someone_goes_out_every_other_seat_has_exactly_one_last_turn() -> None:
    hands = [["a", "t", "x", "i"], ["t", "i", "z", "e"], ["n", "o", "n", "k"]]
    state = table(hands, deck_top=["t", "e", "e"], round_no=2)
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t"], ["i", "t"]], "discard": "x"})
    # Seat 1: draws, then must lay down (a plain discard or going out is refused).
    draw_deck(state)
    assert state.step == LAY_DOWN
    assert GAME.view(state, 1)["step"] == "lay_down"
    refused(state, 1, {"type": "discard", "card": "z"}, "quiddler/last_turn")
    out = {"type": "go_out", "words": [["t", "i", "e"], ["e", "t"]], "discard": "z"}
    refused(state, 1, out, "quiddler/last_turn")
    lay = {"type": "lay_down", "words": [["t", "i", "e"]], "unused": ["e"], "discard": "z"}
    events = act(state, 1, lay)
    assert of_type(events, "laid_down") == [{**lay, "type": "laid_down", "seat": 1}]
    assert (state.to_act, state.step) == (2, DRAW)
    # Seat 2 keeps what it cannot use: the unused cards count against it.
    draw_deck(state)
    act(state, 2, {"type": "lay_down", "words": [["o", "n", "e"]], "unused": ["n"], "discard": "k"})
    assert state.phase == SCORED, "seat 0, who went out, does not play again"
    (round_2,) = state.results
    assert [s.words for s in round_2] == [points("atit"), points("tie"), points("one")]
    assert [s.unused for s in round_2] == [0, -2, -5]
    assert [s.most for s in round_2] == [10, 0, 0], "two words against one"
    assert [s.longest for s in round_2] == [0, 0, 0], "tie and one are tied"


def test_a_last_turn_may_lay_down_no_word_at_all() -> None:
    state = table([["a", "t", "x"], ["z", "q", "j"]], deck_top=["e", "v"])
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    draw_deck(state)
    act(state, 1, {"type": "lay_down", "words": [], "unused": ["j", "q", "v"], "discard": "z"})
    assert state.results[0][1].unused == -(13 + 15 + 11)
    assert state.results[0][1].total == -39


def test_a_last_turn_places_every_card() -> None:
    state = table([["a", "t", "x"], ["t", "i", "z"]], deck_top=["e", "e"])
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    draw_deck(state)
    short = {"type": "lay_down", "words": [["i", "t"]], "unused": [], "discard": "z"}
    error = refused(state, 1, short, "quiddler/cards_left")
    assert error.message.endswith("left over: e")
    refused(
        state,
        1,
        {"type": "lay_down", "words": [["t", "i", "e"]], "unused": ["z", "z"], "discard": "z"},
        "quiddler/not_in_hand",
    )


def test_lay_down_is_only_for_a_last_turn() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]], deck_top=["e"])
    draw_deck(state)
    refused(
        state,
        0,
        {"type": "lay_down", "words": [["a", "t", "e"]], "unused": [], "discard": "x"},
        "quiddler/no_one_out",
    )


def test_the_last_turn_order_runs_clockwise_from_the_seat_that_went_out() -> None:
    hands = [["n", "n", "n"], ["n", "o", "k"], ["a", "t", "x"], ["e", "e", "k"]]
    state = table(hands, to_act=2, deck_top=["e", "z", "z", "j"])
    draw_deck(state)
    act(state, 2, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    order = []
    while state.phase == PLAY:
        order.append(state.to_act)
        draw_deck(state)
        hand = state.hands[state.to_act]
        act(
            state,
            state.to_act,
            {"type": "lay_down", "words": [], "unused": hand[1:], "discard": hand[0]},
        )
    assert order == [3, 0, 1]


# ------------------------------------------------------------------- reshuffle


def test_an_empty_draw_pile_is_replaced_by_the_discard_pile_but_its_top_shuffled() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]])
    data = state.to_json()
    # Every spare card on the discard pile, a "z" on top: the draw pile is empty.
    pile = data["deck"].split() + data["pile"].split()
    pile.remove("z")
    pile.append("z")
    data.update(deck="", pile=" ".join(pile))
    state = GAME.state_from_json(data)
    events = draw_deck(state)
    assert of_type(events, "reshuffled") == [{"type": "reshuffled", "draw_pile": len(pile) - 1}]
    assert state.pile == ["z"], "the top card stays"
    assert len(state.deck) == len(pile) - 2, "one card of the new draw pile was drawn"
    drawn = Counter(state.hands[0]) - Counter(["a", "t", "x"])
    assert Counter(state.deck) + drawn == Counter(pile[:-1])
    assert state.deck != sorted(state.deck), "the new draw pile is shuffled"


def test_with_both_piles_exhausted_only_the_discard_top_can_be_drawn() -> None:
    # No deal reaches this (at least 38 cards are always in the two piles at a draw), but
    # the rules still answer: no reshuffle of a one-card pile, and a clear refusal.
    state = table([["a", "t", "x"], ["n", "o", "t"]], pile=["z"])
    data = state.to_json()
    data["deck"] = ""
    state = GAME.state_from_json(data)
    assert GAME.legal_actions(state, 0) == [{"type": "draw", "source": "discard"}]
    refused(state, 0, {"type": "draw", "source": "deck"}, "quiddler/empty_pile")
    data["pile"] = ""
    empty = GAME.state_from_json(data)
    refused(empty, 0, {"type": "draw", "source": "discard"}, "quiddler/empty_pile")


def test_a_long_round_reshuffles_and_goes_on() -> None:
    # Two seats that only discard the card they drew run the draw pile out.
    state = table(
        [["j", "q", "x"], ["z", "v", "k"]], options={"extra_words": ["zzz"], "reshuffles": None}
    )
    reshuffles = 0
    for _ in range(300):
        events = draw_deck(state)
        reshuffles += len(of_type(events, "reshuffled"))
        seat = state.to_act
        drawn = next(e.data["card"] for e in events if e.type == "drew_card")
        act(state, seat, {"type": "discard", "card": drawn})
    assert reshuffles >= 2
    assert Counter(state.deck + state.pile + state.hands[0] + state.hands[1]) == Counter(DECK)


# ------------------------------------------------------------- rounds and game


def test_after_scoring_the_host_tick_deals_the_next_round_after_the_pause() -> None:
    state = table([["a", "t", "x"], ["n", "o", "k"]], deck_top=["e", "e"])
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"}, time=1000)
    draw_deck(state)
    act(
        state,
        1,
        {"type": "lay_down", "words": [["o", "n", "e"]], "unused": [], "discard": "k"},
        time=2000,
    )
    assert state.phase == SCORED
    assert GAME.next_deadline(state) == 2100
    assert not GAME.can_act(state, 0) and not GAME.can_act(state, 1)
    refused(state, 0, {"type": "draw", "source": "deck"}, "quiddler/wrong_phase")
    with pytest.raises(RuleError) as early:
        GAME.apply(state, Input.tick(2099))
    assert early.value.code == "time/no_deadline"
    events = GAME.apply(state, Input.tick(2100))
    assert state.round_no == 2 and state.phase == PLAY
    assert [len(h) for h in state.hands] == [4, 4]
    assert state.dealer == 0 and state.to_act == 1, "round 1 was dealt by seat 1"
    (started,) = of_type(events, "round_started")
    assert started["round"] == 2 and started["hand_size"] == 4
    dealt = [e for e in events if e.type == "dealt"]
    assert [e.audience for e in dealt] == [frozenset({0}), frozenset({1})]


def test_a_pause_of_zero_deals_the_next_round_at_once() -> None:
    state = table([["a", "t", "x"], ["n", "o", "k"]], deck_top=["e", "e"], options={"pause_ms": 0})
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    draw_deck(state)
    events = act(
        state, 1, {"type": "lay_down", "words": [["o", "n", "e"]], "unused": [], "discard": "k"}
    )
    assert [e.type for e in events][-4:-2] == ["round_scored", "round_started"]
    assert state.round_no == 2 and state.phase == PLAY and GAME.next_deadline(state) is None


def test_the_game_ends_after_round_8_with_the_highest_total_winning() -> None:
    state = table([["a", "t", "x"], ["n", "o", "k"]], deck_top=["e", "e"], round_no=8)
    data = state.to_json()
    data["results"] = [[[10, 0, 0, 0, 0, 0], [30, 0, 0, 0, 0, 0]]] * 7
    state = GAME.state_from_json(data)
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    draw_deck(state)
    events = act(
        state, 1, {"type": "lay_down", "words": [], "unused": ["e", "n", "o"], "discard": "k"}
    )
    assert state.phase == OVER and GAME.is_over(state) and GAME.next_deadline(state) is None
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (70 + 7 + 10, 210 - 9)
    assert outcome.winners == (1,)
    (over,) = of_type(events, "game_over")
    assert over["scores"] == [87, 201]


@pytest.mark.parametrize("players", [2, 3, 8])
def test_random_bots_play_a_whole_game(players: int) -> None:
    # Random bots seldom go out (their words are made up), so an easy bot ends the rounds.
    bots = ["easy"] + ["random"] * (players - 1)
    run = play_game("quiddler", 5, players, bots, {"pause_ms": 10})
    assert len(run.state.results) == 8
    assert run.refused > 0  # the made-up words, each followed by a plain move
    assert run.outcome.scores == tuple(
        sum(r[s].total for r in run.state.results) for s in range(players)
    )


def test_solo_plays_eight_rounds_alone_without_bonuses() -> None:
    state = GAME.new(3, 1, {"pause_ms": 1})
    assert state.to_act == 0 and state.dealer == 0
    while not GAME.is_over(state):
        assert GAME.can_act(state, 0) or state.phase == SCORED
        first_legal(state)
    assert len(state.results) == 8
    for (score,) in state.results:
        assert score.longest == 0 and score.most == 0
        assert score.total == score.words + score.unused
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == (1,)


def test_a_solo_round_ends_as_soon_as_the_player_goes_out() -> None:
    state = table([["a", "t", "x"]], deck_top=["e"])
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    assert state.phase == SCORED
    assert state.results[0][0].total == points("ate")


# --------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("players", "options", "named"),
    [
        (2, {"extra_words": ["don't"]}, "don't"),
        (2, {"extra_words": ["x"]}, "'x'"),
        (2, {"replace_words": True}, "replace_words"),
        (2, {"two_player_bonus": "both"}, "two_player_bonus"),
        (3, {"first_dealer": 3}, "first_dealer"),
        (1, {"challenge": True}, "challenge"),
        (2, {"challenge_ms": 0}, "challenge_ms"),
        (2, {"pause_ms": -1}, "pause_ms"),
    ],
)
def test_bad_options_are_refused_naming_them(players: int, options: JSONDict, named: str) -> None:
    with pytest.raises(BadOptions) as error:
        GAME.new(1, players, options)
    assert named in error.value.message


def test_extra_words_are_lowercased_and_kept_in_the_record() -> None:
    state = GAME.new(1, 2, {"extra_words": ["Zax"]})
    assert state.options.extra_words == ["zax"]
    assert state.to_json()["options"]["extra_words"] == ["zax"]


@pytest.mark.parametrize("players", [0, 9])
def test_one_to_eight_players(players: int) -> None:
    with pytest.raises(BadOptions):
        GAME.new(1, players)


# ------------------------------------------------------------------ error codes


def _drawn() -> QuiddlerState:
    state = table([["a", "t", "x"], ["n", "o", "t"]], deck_top=["e"])
    draw_deck(state)
    return state


@pytest.mark.parametrize(
    ("make", "seat", "action", "code"),
    [
        (
            lambda: table([["a", "t", "x"], ["n", "o", "t"]]),
            0,
            {"type": "fly"},
            "input/unknown_action",
        ),
        (
            lambda: table([["a", "t", "x"], ["n", "o", "t"]]),
            None,
            {"type": "draw", "source": "deck"},
            "input/malformed",
        ),
        (lambda: table([["a", "t", "x"], ["n", "o", "t"]]), 0, {"type": "draw"}, "input/malformed"),
        (
            lambda: table([["a", "t", "x"], ["n", "o", "t"]]),
            0,
            {"type": "draw", "source": "deck", "x": 1},
            "input/malformed",
        ),
        (
            lambda: table([["a", "t", "x"], ["n", "o", "t"]]),
            0,
            {"type": "draw", "source": "top"},
            "quiddler/unknown_source",
        ),
        (
            lambda: table([["a", "t", "x"], ["n", "o", "t"]]),
            1,
            {"type": "draw", "source": "deck"},
            "action/not_your_turn",
        ),
        (
            lambda: table([["a", "t", "x"], ["n", "o", "t"]]),
            0,
            {"type": "discard", "card": "x"},
            "quiddler/wrong_step",
        ),
        (_drawn, 0, {"type": "draw", "source": "deck"}, "quiddler/wrong_step"),
        (_drawn, 0, {"type": "discard", "card": "ae"}, "quiddler/unknown_card"),
        (_drawn, 0, {"type": "discard", "card": 7}, "quiddler/unknown_card"),
        (_drawn, 0, {"type": "discard", "card": "k"}, "quiddler/not_in_hand"),
        (_drawn, 0, {"type": "go_out", "words": "ate", "discard": "x"}, "input/malformed"),
        (_drawn, 0, {"type": "go_out", "words": ["ate"], "discard": "x"}, "input/malformed"),
        (_drawn, 0, {"type": "go_out", "words": [["a", "t", "e"]]}, "input/malformed"),
        (
            _drawn,
            0,
            {"type": "go_out", "words": [["a"], ["t", "e"]], "discard": "x"},
            "quiddler/short_word",
        ),
        (
            _drawn,
            0,
            {"type": "go_out", "words": [["a", "t"]], "discard": "x"},
            "quiddler/cards_left",
        ),
        (
            _drawn,
            0,
            {"type": "go_out", "words": [["t", "a", "e"]], "discard": "x"},
            "quiddler/not_a_word",
        ),
        (
            _drawn,
            0,
            {"type": "lay_down", "words": [], "unused": ["a", "e", "t"], "discard": "x"},
            "quiddler/no_one_out",
        ),
        (
            _drawn,
            0,
            {"type": "lay_down", "words": [], "unused": "a e t", "discard": "x"},
            "input/malformed",
        ),
        (_drawn, 0, {"type": "challenge", "seat": 0, "word": 0}, "quiddler/challenge_off"),
        (_drawn, 0, {"type": "accept"}, "quiddler/challenge_off"),
        (_drawn, 1, {"type": "discard", "card": "n"}, "action/not_your_turn"),
    ],
)
def test_every_error_code_leaves_the_state_unchanged(
    make: Any, seat: int | None, action: JSONDict, code: str
) -> None:
    refused(make(), seat, action, code)


def test_a_tick_from_a_seat_or_before_any_deadline_is_refused() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]])
    refused(state, 0, {"type": "tick"}, "input/malformed")
    refused(state, None, {"type": "tick"}, "time/no_deadline")


def test_after_the_end_everything_is_game_over() -> None:
    state = GAME.new(2, 2, {"pause_ms": 1})
    while not GAME.is_over(state):
        first_legal(state)
    refused(state, 0, {"type": "draw", "source": "deck"}, "game/over")


# ------------------------------------------------------------------------ views


def test_a_seat_sees_its_own_hand_sorted_and_only_the_sizes_of_the_others() -> None:
    state = table([["x", "a", "qu"], ["n", "o", "t"], ["e", "e", "z"]], pile=["k", "d"])
    view = GAME.view(state, 1)
    assert view["hand"] == ["n", "o", "t"]
    assert GAME.view(state, 0)["hand"] == ["a", "qu", "x"]
    assert view["hand_sizes"] == [3, 3, 3]
    assert "hands" not in view
    text = canonical({k: v for k, v in view.items() if k != "hand"})
    assert '"qu"' not in text and '"z"' not in text, "another seat's cards leak"


def test_the_spectator_sees_no_hand_and_the_host_sees_all() -> None:
    state = table([["x", "a", "qu"], ["n", "o", "t"]])
    spectator = GAME.view(state, SPECTATOR)
    assert "hand" not in spectator and "hands" not in spectator and "legal" not in spectator
    assert GAME.view(state, HOST)["hands"] == [["a", "qu", "x"], ["n", "o", "t"]]


def test_the_whole_discard_pile_is_public_with_its_top() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]], pile=["k", "d", "z"])
    for viewer in (0, 1, SPECTATOR):
        view = GAME.view(state, viewer)
        assert view["discard_pile"] == ["k", "d", "z"]
        assert view["discard_top"] == "z"
        assert view["draw_pile"] == len(state.deck)


def test_the_view_says_whose_turn_and_which_step() -> None:
    state = table([["a", "t", "x"], ["n", "o", "t"]], deck_top=["e"])
    view = GAME.view(state, 1)
    assert (view["to_act"], view["step"], view["phase"], view["round"]) == (0, "draw", "play", 1)
    assert view["legal"] == []
    assert GAME.view(state, 0)["legal"] == [
        {"type": "draw", "source": "deck"},
        {"type": "draw", "source": "discard"},
    ]
    draw_deck(state)
    assert GAME.view(state, 1)["step"] == "discard"


def test_the_legal_discards_list_each_card_name_once_and_the_best_way_out_first() -> None:
    state = table([["a", "t", "t"], ["n", "o", "t"]], deck_top=["e"])
    draw_deck(state)
    legal = GAME.legal_actions(state, 0)
    assert legal[0]["type"] == "go_out"
    assert [a["card"] for a in legal[1:]] == ["a", "e", "t"]
    assert GAME.legal_actions(state, 1) == []


def test_a_last_turn_lists_the_best_lay_down_and_a_bare_lay_down_for_each_discard() -> None:
    state = table([["a", "t", "x"], ["t", "i", "z"]], deck_top=["e", "e"])
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    draw_deck(state)
    legal = GAME.legal_actions(state, 1)
    assert legal[0] == {
        "type": "lay_down",
        "words": [["t", "i", "e"]],
        "unused": [],
        "discard": "z",
    }
    assert legal[1:] == [
        {"type": "lay_down", "words": [], "unused": ["i", "t", "z"], "discard": "e"},
        {"type": "lay_down", "words": [], "unused": ["e", "t", "z"], "discard": "i"},
        {"type": "lay_down", "words": [], "unused": ["e", "i", "z"], "discard": "t"},
        {"type": "lay_down", "words": [], "unused": ["e", "i", "t"], "discard": "z"},
    ]
    for action in legal:
        GAME.apply(state.clone(), Input(1, action, state.now))


def test_laid_words_and_scores_are_public_and_hands_are_not() -> None:
    state = table([["a", "t", "x"], ["n", "o", "k"]], deck_top=["e", "e"])
    draw_deck(state)
    act(state, 0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"})
    view = GAME.view(state, SPECTATOR)
    assert view["words"] == [[["a", "t", "e"]], []]
    assert view["done"] == [True, False]
    draw_deck(state)
    events = act(
        state, 1, {"type": "lay_down", "words": [], "unused": ["e", "k", "o"], "discard": "n"}
    )
    (scored,) = of_type(events, "round_scored")
    assert scored["words"] == [[["a", "t", "e"]], []] and scored["unused"] == [[], ["e", "k", "o"]]
    assert scored["scores"]["total"] == [17, -12] and scored["totals"] == [17, -12]
    view = GAME.view(state, SPECTATOR)
    assert view["unused"] == [[], ["e", "k", "o"]]
    assert view["scores"] == [[7 + 10, -(2 + 8 + 2)]]
    assert view["totals"] == [17, -12]
    assert view["last_round"] == {
        "words": [7, 0],
        "unused": [0, -12],
        "invalid": [0, 0],
        "challenges": [0, 0],
        "longest": [10, 0],
        "most": [0, 0],
        "total": [17, -12],
    }


# ----------------------------------------------------------- hidden information


def test_hidden_cards_count_each_unseen_copy() -> None:
    state = table([["a", "t", "x"], ["n", "o", "e"]], pile=["e"], known=[[], ["e"]])
    spectator = GAME.hidden_cards(state, SPECTATOR)
    seat = GAME.hidden_cards(state, 0)
    assert GAME.hidden_cards(state, HOST) == frozenset()
    assert seat <= spectator
    # 12 "e": one on the pile, one known in seat 1's hand: ten unseen by anyone.
    assert {c for c in spectator if c.startswith("e") and c[1:].isdigit()} == {
        f"e{n}" for n in range(1, 11)
    }
    assert "x1" in seat and "x2" not in seat, "seat 0 holds one x and sees it"
    assert "x2" in spectator


def test_a_scramble_redeals_unseen_cards_and_keeps_known_ones() -> None:
    state = table(
        [["a", "t", "x"], ["n", "o", "e"], ["i", "i", "k"]], pile=["e"], known=[[], ["e"], []]
    )
    for seed in range(10):
        other = GAME.scramble_hidden(state, 0, Rng(seed))
        assert other.hands[0] == ["a", "t", "x"]
        assert "e" in other.hands[1], "seat 1 was seen taking an e"
        assert [len(h) for h in other.hands] == [3, 3, 3]
        assert Counter(other.deck + other.hands[1] + other.hands[2]) == Counter(
            state.deck + state.hands[1] + state.hands[2]
        )
        assert GAME.view(other, 0) == GAME.view(state, 0)
    assert any(GAME.scramble_hidden(state, 0, Rng(s)).hands[2] != state.hands[2] for s in range(10))


# ------------------------------------------------------------------ fast path


def test_the_fast_path_plays_the_same_game_as_apply() -> None:
    checked = GAME.new(11, 3, {"pause_ms": 1})
    fast = checked.clone()
    rng = Rng(11)
    while not GAME.is_over(checked):
        seat = next((s for s in range(3) if GAME.can_act(checked, s)), None)
        if seat is None:
            GAME.apply(checked, Input.tick(GAME.next_deadline(checked) or 0))
            next_round(fast)
        else:
            legal = GAME.legal_actions(checked, seat)
            action = legal[rng.below(len(legal))]
            GAME.apply(checked, Input(seat, action, checked.now))
            kind = action["type"]
            words = [tuple(w) for w in action.get("words", [])]
            if kind == "draw":
                draw(fast, action["source"] == "discard")
            elif kind == "discard":
                discard(fast, action["card"], now=checked.now)
            elif kind == "go_out":
                go_out(fast, words, action["discard"], now=checked.now)
            else:
                lay_down(fast, words, action["unused"], action["discard"], now=checked.now)
        fast.now = checked.now
        assert fast.to_json() == checked.to_json()


def test_the_random_bot_goes_out_only_with_made_up_words() -> None:
    # "ate" goes out; the random bot tries going out (with cards in a random order) or
    # discards, as the listed kinds go, and knows no better.
    state = table([["a", "t", "x"], ["n", "o", "k"]], deck_top=["e", "e"])
    draw_deck(state)
    plans = [BOTS["random"](GAME, 0, seed).plan(GAME.view(state, 0), 5) for seed in range(40)]
    assert all(plan is not None and plan.time == 5 for plan in plans)
    actions = [plan.action for plan in plans if plan is not None]
    outs = [action for action in actions if action["type"] == "go_out"]
    assert 5 < len(outs) < 35
    assert any(action["words"] != [["a", "t", "e"]] for action in outs)
    assert BOTS["random"](GAME, 1, 1).plan(GAME.view(state, 1), 5) is None


# ------------------------------------------------------ the draw pile runs out for good


def discard_what_was_drawn(state: QuiddlerState) -> list[Event]:
    """The seat to act draws from the deck and discards that card: a turn that makes nothing."""
    seat = state.to_act
    events = draw_deck(state)
    drawn = next(e.data["card"] for e in events if e.type == "drew_card")
    return events + act(state, seat, {"type": "discard", "card": drawn})


@pytest.mark.parametrize("limit", [0, 1, 2])
def test_after_the_last_reshuffle_an_empty_draw_pile_gives_everyone_a_last_turn(
    limit: int,
) -> None:
    # Nobody can make a word ("zzz" needs three z cards), so the draw pile runs out again
    # and again; after `limit` reshuffles the next time it runs out is the last call.
    state = table(
        [["j", "q", "x"], ["z", "v", "k"], ["b", "c", "f"]],
        options={"extra_words": ["zzz"], "reshuffles": limit},
    )
    reshuffles, calls = 0, []
    while not calls:
        assert state.step == DRAW
        events = discard_what_was_drawn(state)
        reshuffles += len(of_type(events, "reshuffled"))
        calls = of_type(events, "last_call")
        if not calls:
            assert reshuffles <= limit
    assert reshuffles == limit
    assert state.deck == [], "the last call comes when the draw pile is empty"
    caller = calls[0]["seat"]
    assert calls == [{"type": "last_call", "seat": caller, "reshuffled": limit}]
    view = GAME.view(state, SPECTATOR)
    assert view["last_call"] is True and view["went_out"] is None
    # The kit's checks on this state, which its random games (going out quickly) rarely reach.
    assert canonical(GAME.state_from_json(state.to_json()).to_json()) == canonical(state.to_json())
    assert canonical(state.clone().to_json()) == canonical(state.to_json())
    for viewer in (0, SPECTATOR):
        check_scramble(GAME, state, viewer, Rng(limit))
    # Everyone, the caller last, draws from the discard pile (the deck cannot be refilled)
    # and lays down.
    order = []
    for _ in range(3):
        seat = state.to_act
        order.append(seat)
        assert GAME.legal_actions(state, seat) == [{"type": "draw", "source": "discard"}]
        refused(state, seat, {"type": "draw", "source": "deck"}, "quiddler/empty_pile")
        act(state, seat, {"type": "draw", "source": "discard"})
        error = refused(
            state, seat, {"type": "discard", "card": state.hands[seat][0]}, "quiddler/last_turn"
        )
        assert "draw pile ran out" in error.message
        hand = state.hands[seat]
        events = act(
            state, seat, {"type": "lay_down", "words": [], "unused": hand[1:], "discard": hand[0]}
        )
    assert order == [(caller + 1) % 3, (caller + 2) % 3, caller]
    scored = of_type(events, "round_scored")
    assert len(scored) == 1, "the round ends after the caller's own last turn"
    assert state.phase == SCORED


def test_a_table_where_nobody_can_ever_go_out_still_ends() -> None:
    # With one unplayable word every round ends by the last call (with the default, after
    # the round's turn limit: test_round_limits.py); before the last call it never ended.
    options = {"extra_words": ["zzz"], "replace_words": True, "pause_ms": 0}
    run = play_game("quiddler", seed=5, players=3, bots=["hard", "easy", "random"], options=options)
    assert all(score <= 0 for score in run.outcome.scores), "no word was ever laid down"
    calls = sum(1 for inp in run.record.inputs if inp.action["type"] == "lay_down")
    assert calls == 8 * 3, "every seat laid down once per round: eight last calls"


@pytest.mark.parametrize("bad", [-1, 1001, "two", 1.5])
def test_the_reshuffle_limit_must_be_a_whole_number_in_range(bad: object) -> None:
    with pytest.raises(BadOptions) as error:
        GAME.new(1, 2, {"reshuffles": bad})
    assert "reshuffles" in error.value.message
