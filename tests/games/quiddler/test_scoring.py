"""Quiddler's round scoring (RULINGS §5): word points, unused cards, the two bonuses and
their ties, the two-player option, solo, and challenges; the worked example of
docs/rules/quiddler.md played through `GAME.apply`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from quintet.core import Input, JSONDict
from quintet.games.quiddler import GAME, QuiddlerState
from quintet.games.quiddler.components import DECK, letters, points
from quintet.games.quiddler.scoring import RoundScore, bonuses_for, score_round, sole_best

BOTH = ("longest", "most")


def w(*words: str) -> list[tuple[str, ...]]:
    """Words written with "-" between cards: w("qu-i-t", "a-t")."""
    return [tuple(word.split("-")) for word in words]


# ----------------------------------------------------------------- card values


def test_words_score_their_card_values_and_unused_cards_are_subtracted() -> None:
    (score,) = score_round([w("qu-i-t", "a-x")], [["z", "e"]], [], ())
    assert score.words == (9 + 2 + 3) + (2 + 12)
    assert score.unused == -(14 + 2)
    assert score.total == 28 - 16
    assert (score.longest, score.most, score.invalid, score.challenges) == (0, 0, 0, 0)


def test_a_seat_with_no_word_scores_only_its_unused_cards() -> None:
    scores = score_round([w("a-t"), []], [[], ["q", "j"]], [], BOTH)
    assert scores[1] == RoundScore(unused=-28)


def test_points_and_letters_of_two_letter_cards() -> None:
    assert points(["qu", "i", "t"]) == 14
    assert letters(["qu", "i", "t"]) == 4, "QU counts two letters"
    assert letters(["q", "u", "i", "t"]) == 4
    assert points(["th", "in", "er", "cl"]) == 9 + 7 + 7 + 10


# ---------------------------------------------------------------------- bonuses


def test_the_longest_word_earns_10_counted_in_letters() -> None:
    # "qu-i-t" is 3 cards but 4 letters, longer than "t-i-e" (3).
    scores = score_round([w("qu-i-t"), w("t-i-e")], [[], []], [], BOTH)
    assert [s.longest for s in scores] == [10, 0]


def test_the_most_words_earn_10() -> None:
    scores = score_round([w("a-t", "i-t"), w("t-h-e-n")], [[], []], [], BOTH)
    assert [s.most for s in scores] == [10, 0]
    assert [s.longest for s in scores] == [0, 10]


def test_a_tie_for_a_bonus_gives_it_to_nobody() -> None:
    scores = score_round([w("th-e", "a-t"), w("t-h-e", "i-t"), w("n-o")], [[], [], []], [], BOTH)
    assert [s.longest for s in scores] == [0, 0, 0], "th-e and t-h-e are both 3 letters"
    assert [s.most for s in scores] == [0, 0, 0], "two words each for seats 0 and 1"


def test_one_seat_may_take_both_bonuses() -> None:
    scores = score_round([w("q-u-i-t-e", "a-t"), w("n-o")], [[], []], [], BOTH)
    assert scores[0].longest == scores[0].most == 10
    assert scores[1].longest == scores[1].most == 0


def test_a_seat_tied_with_itself_still_has_the_longest_word() -> None:
    scores = score_round([w("t-i-e", "a-t-e"), w("n-o")], [[], []], [], BOTH)
    assert [s.longest for s in scores] == [10, 0]


def test_nobody_gets_a_bonus_for_no_words() -> None:
    scores = score_round([[], []], [["a"], ["b"]], [], BOTH)
    assert all(s.longest == s.most == 0 for s in scores)


def test_sole_best() -> None:
    assert sole_best([3, 5, 1]) == 1
    assert sole_best([5, 5, 1]) is None
    assert sole_best([0, 0]) is None
    assert sole_best([]) is None


@pytest.mark.parametrize(
    ("players", "option", "played"),
    [
        (1, "longest", ()),
        (1, "most", ()),
        (2, "longest", ("longest",)),
        (2, "most", ("most",)),
        (3, "longest", BOTH),
        (3, "most", BOTH),
        (8, "longest", BOTH),
    ],
)
def test_which_bonuses_are_played(players: int, option: str, played: tuple[str, ...]) -> None:
    assert bonuses_for(players, option) == played


def test_two_players_play_only_the_chosen_bonus() -> None:
    words = [w("q-u-i-t-e"), w("a-t", "i-t")]
    longest = score_round(words, [[], []], [], bonuses_for(2, "longest"))
    most = score_round(words, [[], []], [], bonuses_for(2, "most"))
    assert [(s.longest, s.most) for s in longest] == [(10, 0), (0, 0)]
    assert [(s.longest, s.most) for s in most] == [(0, 0), (0, 10)]


def test_solo_gets_no_bonus() -> None:
    (score,) = score_round([w("q-u-i-t-e", "a-t")], [[]], [], bonuses_for(1, "longest"))
    assert score.total == points("quiteat")


# ------------------------------------------------------------------- challenges


def test_an_invalid_challenged_word_costs_its_owner_its_points_and_counts_for_no_bonus() -> None:
    words = [w("z-z-x-q-j", "a-t"), w("n-o")]
    scores = score_round(words, [[], []], [(1, 0, 0, False)], BOTH)
    assert scores[0].words == 5 and scores[0].invalid == -points("zzxqj")
    assert scores[0].longest == 0 and scores[1].longest == 0, "a-t ties n-o once zzxqj is out"
    assert scores[0].most == 0, "one standing word each"
    assert scores[1].challenges == 0


def test_a_valid_challenged_word_costs_the_challenger_its_points() -> None:
    scores = score_round([w("q-u-i-t"), w("n-o")], [[], []], [(1, 0, 0, True)], BOTH)
    assert scores[0].words == 15 + 4 + 2 + 3 and scores[0].invalid == 0
    assert scores[0].longest == 10
    assert scores[1].challenges == -24
    assert scores[1].total == 7 - 24


def test_round_scores_survive_their_list_form() -> None:
    score = RoundScore(21, -3, -5, -7, 10, 0)
    assert RoundScore.from_list(score.to_list()) == score
    assert score.to_json()["total"] == 16


# ------------------------------------------------- the documented worked example


EXAMPLE_WORDS = ["quite", "at", "thin", "ox", "to", "no"]


def _example_table() -> QuiddlerState:
    """Round 4 (6 cards) of 3 players; seat 0 is about to draw "e"."""
    hands = [
        ["qu", "i", "t", "a", "t", "k"],
        ["th", "in", "o", "x", "v", "y"],
        ["t", "o", "n", "o", "a", "t"],
    ]
    deck_top = ["e", "r", "z"]
    data = GAME.new(1, 3, {"extra_words": EXAMPLE_WORDS, "replace_words": True}).to_json()
    left = Counter(DECK)
    left.subtract([c for hand in hands for c in hand] + ["s", *deck_top])
    data.update(
        round=4,
        dealer=2,
        to_act=0,
        step="draw",
        phase="play",
        hands=[" ".join(sorted(h)) for h in hands],
        known=["", "", ""],
        deck=" ".join([*sorted(left.elements()), *reversed(deck_top)]),
        pile="s",
    )
    return GAME.state_from_json(data)


def _do(state: QuiddlerState, seat: int, action: JSONDict) -> None:
    GAME.apply(state, Input(seat, action, state.now))


def _turn(state: QuiddlerState, seat: int, kind: str, words: Sequence[str], **rest: object) -> None:
    _do(state, seat, {"type": "draw", "source": "deck"})
    _do(state, seat, {"type": kind, "words": [word.split("-") for word in words], **rest})


def test_the_worked_example_of_the_rules_document() -> None:
    state = _example_table()
    _turn(state, 0, "go_out", ["qu-i-t-e", "a-t"], discard="k")
    _turn(state, 1, "lay_down", ["th-in", "o-x"], unused=["v", "y"], discard="r")
    _turn(state, 2, "lay_down", ["t-o", "n-o", "a-t"], unused=[], discard="z")
    scores = state.results[0]
    assert [s.to_json() for s in scores] == [
        {"words": 21, "unused": 0, "invalid": 0, "challenges": 0, "longest": 10, "most": 0,
         "total": 31},
        {"words": 30, "unused": -15, "invalid": 0, "challenges": 0, "longest": 0, "most": 0,
         "total": 15},
        {"words": 17, "unused": 0, "invalid": 0, "challenges": 0, "longest": 0, "most": 10,
         "total": 27},
    ]  # fmt: skip
    assert GAME.view(state, 1)["totals"] == [31, 15, 27]
