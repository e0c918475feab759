"""Double Quick!'s rules (RULINGS §2), one named test per rule, all through `GAME.apply`.

Positions are played from a seed; where a test needs certain letters, `give` swaps them
into a seat's face-up tiles (every tile stays in one place), and the table's extra words
make any run a word when the dictionary is not the point.
"""

from __future__ import annotations

from collections import Counter

import pytest

from quintet.core import (
    HOST,
    SPECTATOR,
    BadInput,
    BadOptions,
    GameOver,
    IllegalAction,
    Input,
    JSONDict,
    RuleError,
    registry,
)
from quintet.games.double_quick import GAME, DoubleQuickState
from quintet.games.double_quick.components import CODES, COLOUR, LETTER, POINTS

from .helpers import act, give, lay, new, tick, to_turn

# ------------------------------------------------------------------ tiles and deal


def test_the_bag_is_the_88_tiles_of_rulings() -> None:
    counts = Counter(LETTER)
    assert len(LETTER) == 88
    expected = dict(a=8, e=12, i=7, o=6, u=3, d=4, l=3, n=5, r=5, s=4, t=5, k=1, v=1)
    expected.update({ch: 2 for ch in "bcfghmpwy"})
    expected.update({ch: 1 for ch in "jqxz"})
    expected["*"] = 2
    assert counts == expected
    by_colour = Counter(COLOUR)
    assert by_colour == {"black": 62, "green": 20, "red": 4, "wild": 2}
    for tile, colour in enumerate(COLOUR):
        assert POINTS[tile] == {"black": 1, "green": 5, "red": 10, "wild": 10}[colour]
    assert len(set(CODES)) == 88


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_22_tiles_and_turns_up_6(players: int) -> None:
    state = new(players)
    host = GAME.view(state, HOST)
    for seat in range(players):
        assert len(state.up[seat]) == 6 and len(state.down[seat]) == 16
        assert len(host["seats"][seat]["rack"]) == 6
    assert len(state.out) == 88 - 22 * players
    every = [t for pile in (*state.up, *state.down, state.out) for t in pile]
    assert sorted(every) == list(range(88))


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(BadOptions):
        new(players)


# ------------------------------------------------------------------ building


def test_place_move_and_lift_rearrange_the_crossword() -> None:
    state = new()
    tile = CODES[state.up[0][0]]
    act(state, 0, {"type": "place", "tile": tile, "row": 0, "col": 0})
    act(state, 0, {"type": "move", "tile": tile, "row": 3, "col": -2}, 10)
    seat = GAME.view(state, 1)["seats"][0]
    assert [(t["tile"], t["row"], t["col"]) for t in seat["crossword"]] == [(tile, 3, -2)]
    act(state, 0, {"type": "lift", "tile": tile}, 20)
    assert GAME.view(state, 1)["seats"][0]["crossword"] == []


def test_a_wild_tile_carries_one_letter() -> None:
    state = new()
    give(state, 0, ["WILD1", "C1", "T1"])
    act(state, 0, {"type": "place", "tile": "C1", "row": 0, "col": 0})
    act(state, 0, {"type": "place", "tile": "WILD1", "row": 0, "col": 1, "letter": "a"})
    act(state, 0, {"type": "place", "tile": "T1", "row": 0, "col": 2})
    assert GAME.view(state, SPECTATOR)["seats"][0]["problems"] == [
        "the crossword holds 3 tiles; the press needs 5"
    ]
    act(state, 0, {"type": "move", "tile": "WILD1", "row": 0, "col": 1, "letter": "u"})
    crossword = GAME.view(state, 1)["seats"][0]["crossword"]
    assert {t["tile"]: t["letter"] for t in crossword}["WILD1"] == "u"


def _refused(
    state: DoubleQuickState, seat: int, action: JSONDict, kind: type[RuleError], code: str
) -> str:
    before = state.to_json()
    with pytest.raises(kind) as caught:
        act(state, seat, action)
    assert caught.value.code == code, caught.value
    assert state.to_json() == before
    return caught.value.message


def test_bad_inputs_are_refused_with_a_reason_and_no_change() -> None:
    state = new(3)
    give(state, 0, ["WILD1", "C1", "A1", "T1", "S1", "E1"])
    give(state, 1, ["Q1"])
    act(state, 0, {"type": "place", "tile": "C1", "row": 0, "col": 0})
    place = {"type": "place", "row": 1, "col": 1}
    face_down = CODES[state.down[0][0]]
    msg = _refused(state, 0, {**place, "tile": "Q1"}, IllegalAction, "double-quick/not_your_tile")
    assert "Q1 is not one of your face-up tiles" in msg
    _refused(state, 0, {**place, "tile": face_down}, IllegalAction, "double-quick/not_your_tile")
    _refused(state, 0, {**place, "tile": "Q9"}, BadInput, "double-quick/unknown_tile")
    msg = _refused(
        state,
        0,
        {**place, "tile": "A1", "row": 0, "col": 0},
        IllegalAction,
        "double-quick/cell_taken",
    )
    assert "taken by C1" in msg
    _refused(state, 0, {**place, "tile": "WILD1"}, BadInput, "double-quick/wild_needs_letter")
    for bad in ("A", "ab", "1", "é", 3):
        _refused(
            state, 0, {**place, "tile": "WILD1", "letter": bad}, BadInput, "double-quick/bad_letter"
        )
    _refused(
        state,
        0,
        {**place, "tile": "A1", "letter": "a"},
        BadInput,
        "double-quick/letter_for_plain_tile",
    )
    _refused(
        state, 0, {**place, "tile": "A1", "row": 61}, IllegalAction, "double-quick/off_the_table"
    )
    _refused(state, 0, {**place, "tile": "C1"}, IllegalAction, "double-quick/already_placed")
    _refused(
        state,
        0,
        {"type": "move", "tile": "A1", "row": 2, "col": 2},
        IllegalAction,
        "double-quick/not_placed",
    )
    _refused(state, 0, {"type": "lift", "tile": "A1"}, IllegalAction, "double-quick/not_placed")
    msg = _refused(
        state, 0, {"type": "pass", "tile": "C1"}, IllegalAction, "double-quick/pass_placed_tile"
    )
    assert "only an unused tile" in msg
    _refused(state, 0, {"type": "challenge"}, IllegalAction, "double-quick/no_press")
    _refused(state, 0, {"type": "place", "tile": "A1"}, BadInput, "input/malformed")
    _refused(state, 0, {"type": "shout"}, BadInput, "input/unknown_action")
    with pytest.raises(BadInput):
        GAME.apply(state, Input(None, {"type": "press"}, state.now))


def test_before_the_last_turn_a_crossword_holds_all_face_up_tiles_but_one() -> None:
    state = new()
    give(state, 0, ["C1", "A1", "T1", "S1", "E1", "R1"])
    lay(state, 0, "caste", 0, 0)
    msg = _refused(
        state,
        0,
        {"type": "place", "tile": "R1", "row": 1, "col": 0},
        IllegalAction,
        "double-quick/too_many_tiles",
    )
    assert "holds 5 tiles, the most allowed in turn 1" in msg


# ------------------------------------------------------------------ the turns


def test_at_the_bong_each_passes_right_receives_from_the_left_and_turns_up_two() -> None:
    state = new(3)
    chosen = CODES[state.up[0][2]]
    act(state, 0, {"type": "pass", "tile": chosen})
    before = [list(up) for up in state.up]
    events = tick(state)
    bong = next(e for e in events if e.type == "bong")
    assert state.turn == 2
    passes = {p["from"]: p for p in bong.data["passes"]}
    assert passes[0]["tile"] == chosen and passes[0]["to"] == 1 and passes[0]["chosen"]
    for seat in range(3):
        gone = passes[seat]["tile"]
        came = passes[(seat - 1) % 3]["tile"]
        assert CODES[before[seat][0]] != gone or gone in [CODES[t] for t in before[seat]]
        assert came in [CODES[t] for t in state.up[seat]]
        assert gone not in [CODES[t] for t in state.up[seat]]
        assert len(state.up[seat]) == 8 and len(state.down[seat]) == 14
    assert not passes[1]["chosen"] and not passes[2]["chosen"]


def test_without_a_choice_a_random_unused_tile_goes_never_a_placed_one() -> None:
    for seed in range(20):
        state = new(2, seed)
        give(state, 0, ["C1", "A1", "T1", "S1", "E1"])
        placed = [CODES[t] for t in state.up[0][:5]]
        for i, code in enumerate(placed):
            act(state, 0, {"type": "place", "tile": code, "row": 0, "col": i})
        bong = next(e for e in tick(state) if e.type == "bong")
        assert bong.data["passes"][0]["tile"] == CODES[state.up[1][-3]]
        assert bong.data["passes"][0]["tile"] not in placed


def test_the_pass_choice_is_private_until_the_bong() -> None:
    state = new(3)
    chosen = CODES[state.up[1][0]]
    events = act(state, 1, {"type": "pass", "tile": chosen})
    assert all(e.audience == frozenset({1}) for e in events)
    assert GAME.view(state, 1)["passing"] == chosen
    for viewer in (0, 2):
        assert GAME.view(state, viewer)["passing"] is None  # their own choice: none
    assert "passing" not in GAME.view(state, SPECTATOR)
    act(state, 1, {"type": "pass", "tile": None})
    assert GAME.view(state, 1)["passing"] is None


def test_placing_the_tile_chosen_to_pass_clears_the_choice() -> None:
    state = new()
    chosen = CODES[state.up[0][0]]
    act(state, 0, {"type": "pass", "tile": chosen})
    act(state, 0, {"type": "place", "tile": chosen, "row": 0, "col": 0})
    assert GAME.view(state, 0)["passing"] is None


def test_the_pacesetter_deadlines_and_the_warning_beeps() -> None:
    state = new()
    assert GAME.next_deadline(state) == 30_000
    to_turn(state, 9)
    assert state.turn_started == 8 * 30_000
    end = state.turn_started + 120_000
    beeps = []
    while state.phase == 0:
        at = GAME.next_deadline(state)
        events = tick(state)
        beeps += [(at, e.data["left_ms"]) for e in events if e.type == "beep"]
    assert beeps == [(end - 30_000, 30_000), (end - 20_000, 20_000), (end - 10_000, 10_000)]
    assert state.now == end and GAME.is_over(state)
    assert all(len(up) == 22 for up in state.up)
    with pytest.raises(GameOver):
        act(state, 0, {"type": "press"})


def test_options_change_the_clock() -> None:
    state = new(turn_seconds=5, final_seconds=40)
    assert GAME.next_deadline(state) == 5_000
    to_turn(state, 9)
    assert GAME.next_deadline(state) == state.turn_started + 10_000  # the first beep


def test_no_tile_is_passed_in_the_last_turn() -> None:
    state = new()
    to_turn(state, 9)
    _refused(
        state,
        0,
        {"type": "pass", "tile": CODES[state.up[0][0]]},
        IllegalAction,
        "double-quick/no_pass_in_last_turn",
    )


# ------------------------------------------------------------------ the red button


def test_a_valid_press_ends_the_turn_for_everyone() -> None:
    state = new()
    give(state, 0, ["C1", "A1", "T1", "S1", "E1", "R1"])
    lay(state, 0, "caste", 0, 0)
    events = act(state, 0, {"type": "press"}, 4_000)
    assert [e.type for e in events] == ["press", "bong"]
    assert state.turn == 2 and state.turn_started == 4_000
    assert GAME.next_deadline(state) == 34_000


def test_an_invalid_press_is_refused_costs_10_and_says_why() -> None:
    state = new(extra_words=["ca"])
    give(state, 0, ["C1", "A1", "T1", "S1", "E1", "R1"])
    lay(state, 0, "ca", 0, 0)
    lay(state, 0, "ts", 5, 5)
    events = act(state, 0, {"type": "press"})
    assert [e.type for e in events] == ["press_refused"] and events[0].audience is None
    assert events[0].data["reasons"] == [
        "the crossword holds 4 tiles; the press needs 5",
        "the tiles are not connected: they lie in 2 separate parts",
        "TS (across from row 5, column 5) is not a word",
    ]
    assert state.penalties[0] == 10 and state.turn == 1


def test_a_valid_press_in_turn_9_ends_the_game_with_20_points() -> None:
    state = new(extra_words=["ab" * 11])
    to_turn(state, 9)
    give(state, 0, ["A1", "B1", "A2", "B2", "A3", "WILD1", "A4", "WILD2", "A5", "A6", "A7", "A8"])
    # 22 tiles in one run: the 12 given, then whatever else the seat holds, with the
    # table word spelled by them (the extra word is what the run reads, so it is valid).
    for i, tile in enumerate(state.up[0]):
        code = CODES[tile]
        action = {"type": "place", "tile": code, "row": 0, "col": i}
        if code.startswith("WILD"):
            action["letter"] = "q"
        act(state, 0, action)
    word = "".join(t["letter"] for t in GAME.view(state, 0)["seats"][0]["crossword"])
    assert len(word) == 22
    state.options = state.options.model_copy(update={"extra_words": [word]})
    events = act(state, 0, {"type": "press"})
    assert [e.type for e in events] == ["press", "game_over"]
    table = events[-1].data["scores"]
    assert table[0]["bonus"] == 20 and table[0]["total"] == table[0]["points"] + 20
    assert table[0]["points"] == sum(POINTS[t] for t in state.up[0])
    assert GAME.is_over(state)


# ------------------------------------------------------------------ challenge mode


def _ready_to_press(**options: object) -> DoubleQuickState:
    state = new(challenge_mode=True, challenge_seconds=5, **options)
    give(state, 0, ["C1", "A1", "T1", "S1", "E1", "R1"])
    return state


def test_challenge_mode_accepts_a_press_and_pauses_play() -> None:
    state = _ready_to_press()
    lay(state, 0, "cat", 0, 0)  # too few tiles, yet accepted
    events = act(state, 0, {"type": "press"}, 1_000)
    assert events[0].data["challenge_until"] == 6_000
    _refused(state, 1, {"type": "lift", "tile": "C1"}, IllegalAction, "double-quick/paused")
    _refused(state, 0, {"type": "challenge"}, IllegalAction, "double-quick/own_press")
    assert not GAME.can_act(state, 0) and GAME.can_act(state, 1)
    assert GAME.next_deadline(state) == 6_000


def test_a_guilty_presser_loses_10_and_play_resumes_with_the_clock_stopped_meanwhile() -> None:
    state = _ready_to_press()
    lay(state, 0, "cat", 0, 0)
    act(state, 0, {"type": "press"}, 1_000)
    events = act(state, 1, {"type": "challenge"}, 3_000)
    assert events[0].data["guilty"] == 0 and events[0].data["reasons"]
    assert state.penalties == [10, 0] and state.turn == 1
    assert GAME.next_deadline(state) == 32_000  # 30 s turn, paused for 2 s


def test_an_unjust_challenger_loses_10_and_the_press_counts() -> None:
    state = _ready_to_press()
    lay(state, 0, "caste", 0, 0)
    act(state, 0, {"type": "press"}, 1_000)
    events = act(state, 1, {"type": "challenge"}, 2_000)
    assert events[0].data["guilty"] == 1 and state.penalties == [0, 10]
    assert state.turn == 2 and state.turn_started == 2_000


def test_an_unchallenged_press_counts_when_the_pause_ends() -> None:
    state = _ready_to_press()
    lay(state, 0, "cat", 0, 0)
    act(state, 0, {"type": "press"}, 1_000)
    events = tick(state)
    assert [e.type for e in events] == ["unchallenged", "bong"] and state.turn == 2
    assert state.penalties == [0, 0]


# ------------------------------------------------------------------ the end and the match


def test_the_match_plays_three_games_and_adds_the_scores() -> None:
    state = new(match=True, pause_seconds=3, extra_words=["ca"])
    for game in range(3):
        give(state, 0, ["C1", "A1"])
        lay(state, 0, "ca", 0, 0)
        to_turn(state, 9)
        while state.phase == 0:
            tick(state)
        assert state.game_no == game + 1
        if game < 2:
            assert GAME.view(state, 0)["phase"] == "between"
            _refused(state, 0, {"type": "press"}, IllegalAction, "double-quick/after_buzzer")
            tick(state)
    assert GAME.is_over(state)
    assert [scores[0] for scores in state.scores] == [6, 6, 6]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores[0] == 18


def test_views_show_crosswords_and_face_up_tiles_to_all_and_face_down_to_none() -> None:
    state = new(3)
    act(state, 0, {"type": "place", "tile": CODES[state.up[0][0]], "row": 0, "col": 0})
    spectator = GAME.view(state, SPECTATOR)
    for viewer in (1, 2, SPECTATOR):
        view = GAME.view(state, viewer)
        assert view["seats"] == spectator["seats"]
        assert "face_down" not in view and "out_of_play" not in view
    text = str(spectator)
    for pile in (*state.down, state.out):
        for tile in pile:
            assert f"'{CODES[tile]}'" not in text
    assert GAME.view(state, HOST)["face_down"][0] == [CODES[t] for t in state.down[0]]


def test_the_game_is_listed_with_every_option_described() -> None:
    described = registry.get("double-quick").describe()
    names = {o["name"] for o in described["options"]}
    assert names == {
        "turn_seconds",
        "final_seconds",
        "challenge_mode",
        "challenge_seconds",
        "extra_words",
        "match",
        "pause_seconds",
    }
    assert all(o["description"] for o in described["options"])
    assert described["real_time"] and not described["lists_actions"]


def test_extra_words_must_be_words() -> None:
    with pytest.raises(BadOptions, match="extra word"):
        new(extra_words=["no way"])
