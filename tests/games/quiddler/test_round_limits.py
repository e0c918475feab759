"""How a Quiddler round ends when nobody goes out (docs/rules/quiddler.md, rule 5): the
discard pile is reshuffled as often as needed by default, as in the rulebook; the
`reshuffles` option limits it; and every round ends by the last call after
`ROUND_TURN_LIMIT` turns at the latest, so no table runs for ever."""

from __future__ import annotations

from collections import Counter

import pytest

from quintet.core import SPECTATOR, Event, Input, JSONDict, RuleError, registry
from quintet.core.jsonutil import canonical
from quintet.games.quiddler import GAME, QuiddlerState
from quintet.games.quiddler.components import DECK
from quintet.games.quiddler.render import event_renderables
from quintet.games.quiddler.state import DRAW, ROUND_TURN_LIMIT, SCORED
from quintet.sim.engine import play_game

#: "zzz" needs three z cards and the deck holds two: nobody can ever make a word.
NO_WORDS: JSONDict = {"extra_words": ["zzz"], "replace_words": True, "pause_ms": 100}


def new_table(players: int, **options: object) -> QuiddlerState:
    return GAME.new(7, players, {**NO_WORDS, **options})


def act(state: QuiddlerState, action: JSONDict) -> list[Event]:
    return GAME.apply(state, Input(state.to_act, action, state.now))


def of_type(events: list[Event], kind: str) -> list[JSONDict]:
    return [event.to_json() for event in events if event.type == kind]


def turn(state: QuiddlerState, source: str) -> list[Event]:
    """The seat to act draws from `source` and discards the card it drew."""
    seat = state.to_act
    events = act(state, {"type": "draw", "source": source})
    # The card: in "drew" from the discard pile, in the private "drew_card" from the deck.
    drawn = next(e.data["card"] for e in events if "card" in e.data)
    assert seat == state.to_act
    return events + act(state, {"type": "discard", "card": drawn})


def cards_everywhere(state: QuiddlerState) -> Counter[str]:
    return Counter(state.deck + state.pile + [c for hand in state.hands for c in hand])


def test_the_default_reshuffles_the_discard_pile_as_often_as_needed() -> None:
    assert GAME.parse_options({}).reshuffles is None
    state = new_table(2)
    reshuffles = 0
    while reshuffles < 5:
        events = turn(state, "deck")
        reshuffles += len(of_type(events, "reshuffled"))
        assert not of_type(events, "last_call"), "no last call while the pile can be reshuffled"
    assert state.reshuffled == reshuffles
    view = GAME.view(state, SPECTATOR)
    assert view["reshuffled"] == 5 and view["last_call"] is False
    assert view["turns"] == state.turns > 5 * 100, "five times through a draw pile"
    assert cards_everywhere(state) == Counter(DECK)


def draw_until_the_last_call(state: QuiddlerState, source: str) -> JSONDict:
    """Turns that make nothing until the last call; returns its event."""
    while True:
        events = turn(state, source)
        calls = of_type(events, "last_call")
        if calls:
            return calls[0]
        assert state.turns < ROUND_TURN_LIMIT


@pytest.mark.parametrize("players", [1, 3])
def test_a_round_ends_by_the_last_call_after_the_turn_limit(players: int) -> None:
    state = new_table(players)
    call = draw_until_the_last_call(state, "deck")
    assert state.turns == ROUND_TURN_LIMIT
    caller = call["seat"]
    assert call == {
        "type": "last_call",
        "seat": caller,
        "reshuffled": state.reshuffled,
        "turn_limit": ROUND_TURN_LIMIT,
    }
    assert state.reshuffled > 2, "the turn limit, not a reshuffle limit, ended the round"
    view = GAME.view(state, SPECTATOR)
    assert view["last_call"] is True and view["went_out"] is None
    assert view["turns"] == ROUND_TURN_LIMIT
    # The state round-trips through its JSON, and each seat has one last turn, the caller
    # last; a draw pile may still be there to draw from.
    assert canonical(GAME.state_from_json(state.to_json()).to_json()) == canonical(state.to_json())
    order = []
    events: list[Event] = []
    for _ in range(players):
        seat = state.to_act
        order.append(seat)
        assert state.step == DRAW
        assert {a["source"] for a in GAME.legal_actions(state, seat)} == {"deck", "discard"}
        act(state, {"type": "draw", "source": "deck"})
        with pytest.raises(RuleError) as error:
            act(state, {"type": "discard", "card": state.hands[seat][0]})
        assert error.value.code == "quiddler/last_turn"
        assert f"lasted {ROUND_TURN_LIMIT} turns" in error.value.message
        hand = state.hands[seat]
        events = act(
            state, {"type": "lay_down", "words": [], "unused": hand[1:], "discard": hand[0]}
        )
    assert order == [(caller + offset) % players for offset in range(1, players + 1)]
    assert len(of_type(events, "round_scored")) == 1
    assert state.phase == SCORED
    assert state.turns == ROUND_TURN_LIMIT + players


def test_taking_only_from_the_discard_pile_still_ends_the_round() -> None:
    # The draw pile never runs out, so no reshuffle limit could end this round: the turn
    # limit does, even with reshuffles at 0.
    state = new_table(2, reshuffles=0)
    deck = len(state.deck)
    call = draw_until_the_last_call(state, "discard")
    assert call["turn_limit"] == ROUND_TURN_LIMIT and call["reshuffled"] == 0
    assert len(state.deck) == deck


@pytest.mark.parametrize("limit", [0, 2])
def test_a_reshuffle_limit_still_ends_the_round_sooner(limit: int) -> None:
    state = new_table(2, reshuffles=limit)
    call = draw_until_the_last_call(state, "deck")
    assert call == {"type": "last_call", "seat": call["seat"], "reshuffled": limit}
    assert state.deck == [] and state.turns < ROUND_TURN_LIMIT


@pytest.mark.parametrize(
    ("reshuffles", "reason"), [(None, "turn_limit"), (2, "reshuffles")], ids=["default", "two"]
)
def test_a_bot_table_with_a_tiny_word_list_ends(reshuffles: int | None, reason: str) -> None:
    # Bots that can never make a word: with the default every round lasts until the turn
    # limit; with a reshuffle limit each ends sooner, when the draw pile runs out for good.
    options = {**NO_WORDS, "pause_ms": 0, "reshuffles": reshuffles}
    run = play_game("quiddler", 5, 3, ["hard", "easy", "random"], options)
    assert run.outcome is not None
    assert all(score <= 0 for score in run.outcome.scores), "no word was ever laid down"
    rules = registry.get("quiddler")
    state = rules.new(run.record.seed, 3, run.record.options)
    calls = []
    for inp in run.record.inputs:
        calls += of_type(rules.apply(state, inp), "last_call")
    assert len(calls) == 8
    assert all(("turn_limit" in call) == (reason == "turn_limit") for call in calls)
    assert rules.is_over(state)


@pytest.mark.parametrize(
    ("extra", "said"),
    [({"turn_limit": ROUND_TURN_LIMIT}, "lasted 1000 turns"), ({}, "no reshuffle left")],
    ids=["turn limit", "draw pile"],
)
def test_the_terminal_says_why_the_last_call_came(extra: JSONDict, said: str) -> None:
    event = {"type": "last_call", "seat": 1, "reshuffled": 3, **extra}
    (text,) = event_renderables(event, 0)
    assert said in str(text)
