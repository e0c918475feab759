"""Quiddler's challenge mode (RULINGS §0 and §5): words are not checked when laid down;
each other seat in turn, clockwise, has a window to challenge them; a valid challenged
word costs the challenger its points, an invalid one costs its owner its points; the
words laid down stay as they are (a challenged player may not rearrange)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from quintet.core import Event, Input, JSONDict, RuleError
from quintet.core.jsonutil import canonical
from quintet.games.quiddler import GAME, QuiddlerState
from quintet.games.quiddler.bots import BOTS
from quintet.games.quiddler.components import DECK, points
from quintet.games.quiddler.state import CHALLENGE, DRAW, PLAY, SCORED
from quintet.sim.engine import play_game

WORDS = ["at", "ate", "eat", "tea", "tie", "it", "one", "no", "on", "to"]
OPTIONS: JSONDict = {
    "extra_words": WORDS,
    "replace_words": True,
    "challenge": True,
    "challenge_ms": 1000,
    "pause_ms": 100,
}


def table(hands: Sequence[Sequence[str]], deck_top: Sequence[str] = ()) -> QuiddlerState:
    """Round 1 with these hands, seat 0 to draw, `deck_top[0]` the next card drawn."""
    data = GAME.new(1, len(hands), OPTIONS).to_json()
    left = Counter(DECK)
    left.subtract([c for hand in hands for c in hand] + ["o", *deck_top])
    assert min(left.values()) >= 0
    data.update(
        round=1,
        dealer=len(hands) - 1,
        to_act=0,
        step="draw",
        phase="play",
        hands=[" ".join(sorted(h)) for h in hands],
        known=[""] * len(hands),
        deck=" ".join([*sorted(left.elements()), *reversed(deck_top)]),
        pile="o",
    )
    return GAME.state_from_json(data)


def act(
    state: QuiddlerState, seat: int | None, action: JSONDict, time: int | None = None
) -> list[Event]:
    return GAME.apply(state, Input(seat, action, state.now if time is None else time))


def refused(
    state: QuiddlerState, seat: int, action: JSONDict, code: str, time: int | None = None
) -> RuleError:
    before = canonical(state.to_json())
    with pytest.raises(RuleError) as error:
        act(state, seat, action, time)
    assert error.value.code == code, error.value
    assert canonical(state.to_json()) == before
    return error.value


def of_type(events: list[Event], kind: str) -> list[JSONDict]:
    return [event.to_json() for event in events if event.type == kind]


def go_out(state: QuiddlerState, words: Sequence[str], discard: str, time: int = 0) -> list[Event]:
    act(state, state.to_act, {"type": "draw", "source": "deck"}, time)
    action = {"type": "go_out", "words": [list(word) for word in words], "discard": discard}
    return act(state, state.to_act, action, time)


def lay_down(
    state: QuiddlerState, words: Sequence[str], unused: Sequence[str], discard: str
) -> list[Event]:
    act(state, state.to_act, {"type": "draw", "source": "deck"})
    action = {
        "type": "lay_down",
        "words": [list(word) for word in words],
        "unused": list(unused),
        "discard": discard,
    }
    return act(state, state.to_act, action)


HANDS = [["a", "t", "x"], ["t", "i", "z"], ["n", "o", "k"]]
DECK_TOP = ["e", "e", "e"]


# ------------------------------------------------------------------- the window


def test_words_are_not_checked_and_a_window_opens_for_the_next_seat() -> None:
    state = table(HANDS, DECK_TOP)
    events = go_out(state, ["xta"], "e", time=500)
    assert state.words[0] == [("x", "t", "a")], "not in the dictionary, yet accepted"
    assert state.phase == CHALLENGE
    assert GAME.next_deadline(state) == 1500
    assert of_type(events, "challenge_window") == [
        {"type": "challenge_window", "seat": 0, "challenger": 1, "deadline": 1500}
    ]
    view = GAME.view(state, 2)
    assert view["phase"] == "challenge" and view["to_act"] is None
    assert view["challenge"] == {"seat": 0, "challenger": 1, "open": [0]}


def test_only_the_seat_whose_window_it_is_may_act() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["xta"], "e")
    assert [GAME.can_act(state, s) for s in range(3)] == [False, True, False]
    assert GAME.legal_actions(state, 1) == [
        {"type": "accept"},
        {"type": "challenge", "seat": 0, "word": 0},
    ]
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 2) == []
    refused(state, 2, {"type": "challenge", "seat": 0, "word": 0}, "action/not_your_turn")
    refused(state, 0, {"type": "accept"}, "action/not_your_turn")
    refused(state, 1, {"type": "draw", "source": "deck"}, "quiddler/wrong_phase")


def test_accepting_passes_the_window_clockwise_and_then_play_goes_on() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["ate"], "x")
    events = act(state, 1, {"type": "accept"}, 300)
    assert of_type(events, "accepted") == [{"type": "accepted", "seat": 1, "timed_out": False}]
    assert state.challenger == 2 and GAME.next_deadline(state) == 1300
    act(state, 2, {"type": "accept"}, 400)
    assert state.phase == PLAY and GAME.next_deadline(state) is None
    assert (state.to_act, state.step) == (1, DRAW), "seat 1's last turn"


def test_the_host_tick_at_the_deadline_closes_a_seat_window() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["ate"], "x", time=0)
    with pytest.raises(RuleError):
        GAME.apply(state, Input.tick(999))
    events = GAME.apply(state, Input.tick(1000))
    assert of_type(events, "accepted") == [{"type": "accepted", "seat": 1, "timed_out": True}]
    assert state.challenger == 2 and GAME.next_deadline(state) == 2000
    GAME.apply(state, Input.tick(2000))
    assert state.phase == PLAY and state.to_act == 1


def test_a_challenge_at_the_deadline_is_too_late() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["xta"], "e", time=0)
    refused(state, 1, {"type": "challenge", "seat": 0, "word": 0}, "action/too_late", time=1000)
    act(state, 1, {"type": "challenge", "seat": 0, "word": 0}, time=999)


# ------------------------------------------------------------------ transfers


def test_an_invalid_word_costs_its_owner_its_points() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["xta"], "e")
    events = act(state, 1, {"type": "challenge", "seat": 0, "word": 0})
    assert of_type(events, "challenged") == [
        {
            "type": "challenged",
            "challenger": 1,
            "seat": 0,
            "word": 0,
            "cards": ["x", "t", "a"],
            "valid": False,
            "points": 17,
        }
    ]
    # Every word was challenged: the window closed at once, and seat 1's last turn begins.
    assert state.phase == PLAY and state.to_act == 1
    assert GAME.view(state, 2)["challenges"] == [
        {"challenger": 1, "seat": 0, "word": 0, "valid": False}
    ]
    lay_down(state, ["tie"], [], "z")
    for seat in (2, 0):
        act(state, seat, {"type": "accept"})
    lay_down(state, ["one"], [], "k")
    for seat in (0, 1):
        act(state, seat, {"type": "accept"})
    assert state.phase == SCORED
    scores = state.results[0]
    assert scores[0].words == 0 and scores[0].invalid == -17 and scores[0].total == -17
    assert [s.longest for s in scores] == [0, 0, 0], "tie and one tie; xta counts for nothing"
    assert [s.challenges for s in scores] == [0, 0, 0]
    assert [s.total for s in scores] == [-17, points("tie"), points("one")]


def test_a_valid_word_costs_the_challenger_its_points() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["ate"], "x")
    (challenged,) = of_type(
        act(state, 1, {"type": "challenge", "seat": 0, "word": 0}), "challenged"
    )
    assert challenged["valid"] is True
    lay_down(state, ["tie"], [], "z")
    act(state, 2, {"type": "accept"})
    act(state, 0, {"type": "accept"})
    lay_down(state, ["one"], [], "k")
    act(state, 0, {"type": "accept"})
    act(state, 1, {"type": "accept"})
    scores = state.results[0]
    assert scores[0].words == points("ate") and scores[0].invalid == 0
    assert scores[1].challenges == -points("ate")
    assert scores[1].total == points("tie") - points("ate")


def test_an_unchallenged_invalid_word_stands() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["xta"], "e")
    act(state, 1, {"type": "accept"})
    act(state, 2, {"type": "accept"})
    lay_down(state, [], ["e", "i", "t"], "z")
    lay_down(state, [], ["e", "n", "o"], "k")
    assert state.results[0][0].words == 17 and state.results[0][0].longest == 10


def test_a_word_is_challenged_once_and_the_words_stay_as_laid() -> None:
    state = table([["a", "x", "i", "t"], ["t", "i", "z", "o"], ["n", "o", "k", "o"]], ["e"])
    state.round_no = 2  # four cards each
    go_out(state, ["ax", "it"], "e")
    words = list(state.words[0])
    act(state, 1, {"type": "challenge", "seat": 0, "word": 0})
    assert state.phase == CHALLENGE and state.challenger == 1, "word 1 is still open"
    assert GAME.view(state, 1)["challenge"]["open"] == [1]
    refused(state, 1, {"type": "challenge", "seat": 0, "word": 0}, "quiddler/already_challenged")
    act(state, 1, {"type": "accept"})
    refused(state, 2, {"type": "challenge", "seat": 0, "word": 0}, "quiddler/already_challenged")
    # The challenged seat may not rearrange its cards into other words: no action does it.
    rearranged = {"type": "go_out", "words": [["a", "x", "i", "t"]], "discard": "e"}
    refused(state, 0, rearranged, "quiddler/wrong_phase")
    act(state, 2, {"type": "challenge", "seat": 0, "word": 1})
    assert state.words[0] == words
    assert [c[2:] for c in state.challenges] == [(0, False), (1, True)]
    assert state.phase == PLAY, "no word left to challenge: the window closed"


@pytest.mark.parametrize(
    ("challenge", "code"),
    [
        ({"type": "challenge", "seat": 2, "word": 0}, "quiddler/no_such_word"),
        ({"type": "challenge", "seat": 0, "word": 1}, "quiddler/no_such_word"),
        ({"type": "challenge", "seat": 0, "word": -1}, "quiddler/no_such_word"),
        ({"type": "challenge", "seat": 0, "word": "0"}, "input/malformed"),
        ({"type": "challenge", "seat": True, "word": 0}, "input/malformed"),
        ({"type": "challenge", "seat": 0}, "input/malformed"),
        ({"type": "accept", "word": 0}, "input/malformed"),
    ],
)
def test_a_challenge_must_name_an_open_word(challenge: JSONDict, code: str) -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["xta"], "e")
    refused(state, 1, challenge, code)


def test_without_a_window_there_is_nothing_to_challenge() -> None:
    state = table(HANDS, DECK_TOP)
    refused(state, 0, {"type": "challenge", "seat": 0, "word": 0}, "quiddler/wrong_phase")
    refused(state, 1, {"type": "accept"}, "quiddler/wrong_phase")


def test_a_lay_down_without_words_opens_no_window() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["ate"], "x")
    act(state, 1, {"type": "accept"})
    act(state, 2, {"type": "accept"})
    lay_down(state, [], ["e", "i", "t"], "z")
    assert state.phase == PLAY and state.to_act == 2


def test_the_round_ends_after_the_last_window() -> None:
    state = table(HANDS, DECK_TOP)
    go_out(state, ["ate"], "x")
    act(state, 1, {"type": "accept"})
    act(state, 2, {"type": "accept"})
    lay_down(state, ["tie"], [], "z")
    act(state, 2, {"type": "accept"})
    act(state, 0, {"type": "accept"})
    lay_down(state, ["one"], [], "k")
    assert state.phase == CHALLENGE and state.challenger == 0
    act(state, 0, {"type": "accept"})
    assert state.phase == CHALLENGE and state.challenger == 1
    act(state, 1, {"type": "accept"})
    assert state.phase == SCORED and len(state.results) == 1


# ------------------------------------------------------------------------ bots


def test_the_random_bot_challenges_at_random_whatever_the_words() -> None:
    # It knows no words: "xta" (not one) and "ate" are challenged and accepted alike.
    for word, discard in (("xta", "e"), ("ate", "x")):
        answers = set()
        for seed in range(30):
            state = table(HANDS, DECK_TOP)
            go_out(state, [word], discard)
            plan = BOTS["random"](GAME, 1, seed).plan(GAME.view(state, 1), 7)
            assert plan is not None
            answers.add(canonical(plan.action))
        assert answers == {
            canonical({"type": "challenge", "seat": 0, "word": 0}),
            canonical({"type": "accept"}),
        }


@pytest.mark.parametrize("players", [2, 4])
def test_random_bots_play_a_whole_game_in_challenge_mode(players: int) -> None:
    run = play_game(
        "quiddler", 8, players, ["random"] * players, {"challenge": True, "pause_ms": 5}
    )
    assert len(run.state.results) == 8 and run.refused == 0
    accepted = [i for i in run.record.inputs if i.action["type"] == "accept"]
    assert accepted, "every lay-down with words opened windows"
