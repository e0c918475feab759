"""Quiddler's `random` bot: a uniformly random legal move that never reads a word list.

Its lay-downs are random cards as random words (usually refused), a refusal is followed by
a plain listed move, and games with it end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import pytest
from tests.games.quiddler.test_bots import FAST, position

from quintet.core import IllegalAction, Input, JSONDict, Plan, Rng, RuleError, derive_seed
from quintet.games.quiddler import GAME, solver
from quintet.games.quiddler.bots import BOTS, view_table
from quintet.games.quiddler.dictionary import TableWords
from quintet.games.quiddler.random_bot import RandomQuiddlerBot, random_words
from quintet.games.quiddler.state import ROUND_TURN_LIMIT
from quintet.sim.engine import play_game
from quintet.words import WordList


def random_bot(seed: int = 1, seat: int = 0) -> RandomQuiddlerBot:
    bot = BOTS["random"](GAME, seat, seed)
    assert isinstance(bot, RandomQuiddlerBot)
    return bot


def plan_of(bot: RandomQuiddlerBot, view: JSONDict, now: int = 0) -> JSONDict:
    plan = bot.plan(view, now)
    assert plan is not None and plan.time == now  # it acts at once
    action: JSONDict = plan.action
    return action


def placed(action: JSONDict) -> Counter[str]:
    cards: Counter[str] = Counter(card for word in action["words"] for card in word)
    cards.update(action.get("unused", []))
    cards[action["discard"]] += 1
    return cards


# ------------------------------------------------------------- no words at all


def _poisoned(*args: Any, **kwargs: Any) -> NoReturn:
    raise AssertionError("the random bot read the word list or asked the solver")


@contextmanager
def no_words() -> Iterator[None]:
    """Every way to a word list or the solver raises while this holds."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("is_word", "go_out", "best_lay_down"):
            patch.setattr(TableWords, name, _poisoned)
        patch.setattr(WordList, "__contains__", _poisoned)
        patch.setattr(solver, "_search", _poisoned)
        yield


class Blindfolded:
    """The random bot, asked with a finished view while every word list is poisoned."""

    def __init__(self, seat: int, seed: int) -> None:
        self.inner = random_bot(seed, seat)
        self.actions: list[JSONDict] = []

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        ready = {key: view[key] for key in view}  # the rules build the view, not the bot
        with no_words():
            plan = self.inner.plan(ready, now)
        if plan is not None:
            self.actions.append(plan.action)
        return plan

    def refused(self, error: RuleError, now: int) -> None:
        with no_words():
            self.inner.refused(error, now)


def test_the_poison_works() -> None:
    with no_words(), pytest.raises(AssertionError, match="read the word list"):
        view_table({"options": {"extra_words": [], "replace_words": False}}).go_out(("a", "t"))


@pytest.mark.parametrize(
    "options", [FAST, {"pause_ms": 0, "challenge": True, "challenge_ms": 50}], ids=str
)
def test_it_plays_whole_games_without_any_word_list(options: JSONDict) -> None:
    blind = Blindfolded(0, derive_seed(3, 0))
    run = play_game("quiddler", 3, 2, [blind, "easy"], options)
    assert len(run.state.results) == 8
    kinds = Counter(action["type"] for action in blind.actions)
    assert kinds["draw"] >= 8  # a turn at least in every round
    if options.get("challenge"):
        # Its windows were answered at random: some challenges, some accepts.
        assert kinds["accept"] + kinds["challenge"] > 0
    else:
        # Made-up words are refused; each refusal was followed by a plain move.
        assert run.refused > 0
        assert kinds["go_out"] + kinds["lay_down"] > run.refused


# ------------------------------------------------------ random cards, random words


def test_random_words_use_every_card_in_words_of_two_or_more() -> None:
    rng = Rng(4)
    shapes = set()
    for _ in range(200):
        cards = ["a", "b", "c", "d", "e", "f", "g"]
        words = random_words(cards[:], rng)
        assert all(len(word) >= 2 for word in words)
        assert sorted(card for word in words for card in word) == cards
        shapes.add(tuple(len(word) for word in words))
    assert {(7,), (2, 5), (5, 2), (2, 2, 3), (3, 2, 2), (4, 3)} <= shapes
    assert random_words(["a"], rng) == []


def test_its_last_turn_lays_down_random_cards_not_the_best_play() -> None:
    hand = ["qu", "i", "t", "e", "z"]
    state = position([hand, ["a", "t", "e"]], step="lay_down", went_out=1)
    state.hands[1] = []
    view = GAME.view(state, 0)
    best = view_table(view).best_lay_down(tuple(sorted(hand)))
    best_words = [list(word) for word in best.words]
    actions = [plan_of(random_bot(seed), view) for seed in range(200)]
    for action in actions:
        assert action["type"] == "lay_down" and placed(action) == Counter(hand)
    assert sum(action["words"] == best_words for action in actions) < 10
    assert len({repr(action) for action in actions}) > 50
    accepted = 0
    for action in actions:
        try:
            GAME.apply(state.clone(), Input(0, action, 0))
        except IllegalAction:
            continue
        accepted += 1
    # Only the lay-downs without words, and a few lucky ones, are valid.
    assert 10 < accepted < 120


def test_with_a_way_out_it_goes_out_half_the_time_with_made_up_words() -> None:
    hand = ["a", "t", "e", "x"]
    state = position([hand, ["n", "o", "k"]], step="discard")
    view = GAME.view(state, 0)
    assert any(action["type"] == "go_out" for action in view["legal"])
    actions = [plan_of(random_bot(seed), view) for seed in range(200)]
    kinds = Counter(action["type"] for action in actions)
    assert 70 < kinds["go_out"] < 130 and kinds["go_out"] + kinds["discard"] == 200
    outs = [action for action in actions if action["type"] == "go_out"]
    for action in outs:
        assert placed(action) == Counter(hand)
    # "ate" (or "eta", "tea") with x discarded is a small share of the arrangements.
    valid = sum(action["discard"] == "x" for action in outs)
    assert valid < len(outs) / 2


def test_without_a_way_out_it_only_discards() -> None:
    state = position([["j", "q", "x", "z"], ["n", "o", "k"]], step="discard")
    actions = [plan_of(random_bot(seed), GAME.view(state, 0)) for seed in range(30)]
    assert {action["type"] for action in actions} == {"discard"}
    assert len({action["card"] for action in actions}) == 4


def test_after_a_refusal_it_plays_a_plain_listed_move() -> None:
    state = position([["a", "t", "e", "x"], ["n", "o", "k"]], step="discard")
    view = GAME.view(state, 0)
    for seed in range(20):
        bot = random_bot(seed)
        first = plan_of(bot, view)
        if first["type"] != "go_out":
            continue
        bot.refused(IllegalAction("not a word", "quiddler/not_a_word"), 0)
        again = plan_of(bot, view)
        assert again["type"] == "discard" and again in view["legal"]
    last = position([["qu", "i", "t", "e"], ["a", "t", "e"]], step="lay_down", went_out=1)
    last.hands[1] = []
    view = GAME.view(last, 0)
    bot = random_bot(2)
    bot.refused(IllegalAction("not a word", "quiddler/not_a_word"), 0)
    again = plan_of(bot, view)
    assert again["words"] == [] and again in view["legal"]


def test_in_a_challenge_window_it_challenges_at_random() -> None:
    options = {"challenge": True, "challenge_ms": 50, "pause_ms": 0}
    state = position([["a", "t", "e", "x"], ["n", "o", "k"]], step="discard", options=options)
    GAME.apply(state, Input(0, {"type": "go_out", "words": [["a", "t", "e"]], "discard": "x"}, 0))
    view = GAME.view(state, 1)
    assert view["phase"] == "challenge"
    actions = [plan_of(random_bot(seed, 1), view) for seed in range(40)]
    kinds = Counter(action["type"] for action in actions)
    # "ate" is a word, yet it is challenged about half the time.
    assert kinds["challenge"] >= 10 and kinds["accept"] >= 10
    assert all(action in view["legal"] for action in actions)


def test_it_waits_when_it_cannot_act() -> None:
    state = position([["a", "t", "e"], ["n", "o", "k"]])
    assert random_bot(1, 1).plan(GAME.view(state, 1), 0) is None


# ---------------------------------------------------------------- strength


def test_easy_beats_it_in_nearly_every_game() -> None:
    wins = 0
    for seed in range(10):
        seats = ["random", "easy"] if seed % 2 else ["easy", "random"]
        run = play_game("quiddler", 50 + seed, 2, seats, FAST)
        easy = seats.index("easy")
        wins += run.outcome.ranks[easy] == 1 and run.outcome.ranks[1 - easy] == 2
    assert wins >= 9


def test_random_bots_alone_end_their_rounds_with_one_refusal_a_turn_at_most() -> None:
    # They go out only when made-up words happen to be words (or the round's turn limit
    # ends it); a refusal costs at most one more try a turn, so a game stays far below
    # the simulator's MAX_STEPS.
    for seed in range(3):
        state = GAME.new(seed, 2, FAST)
        bots = [random_bot(derive_seed(seed, seat), seat) for seat in range(2)]
        turns = refusals = 0
        while state.round_no == 1:
            seat = state.to_act
            plan = bots[seat].plan(GAME.view(state, seat), state.now)
            assert plan is not None
            turns += plan.action["type"] == "draw"
            try:
                GAME.apply(state, Input(seat, plan.action, plan.time))
            except IllegalAction as error:
                refusals += 1
                bots[seat].refused(error, state.now)
        assert state.results and 0 < refusals <= turns <= ROUND_TURN_LIMIT
