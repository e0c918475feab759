"""Quiddler's bots: every action they plan is accepted, they are deterministic, each level
plays as its docstring says, and the levels rank by strength."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from quintet.core import Input, JSONDict, Plan, RuleError, derive_seed, registry
from quintet.games.quiddler import GAME, QuiddlerState
from quintet.games.quiddler.bots import (
    BOTS,
    LEVELS,
    STUCK_TURNS,
    LevelBot,
    unseen_cards,
    view_table,
    vocabulary,
)
from quintet.games.quiddler.components import DECK
from quintet.games.quiddler.solver import Best
from quintet.sim.engine import play_game
from quintet.words import default_words

FAST: JSONDict = {"pause_ms": 0}


def position(
    hands: Sequence[Sequence[str]],
    *,
    pile: Sequence[str] = ("o",),
    step: str = "draw",
    to_act: int = 0,
    went_out: int = -1,
    words: Sequence[Sequence[Sequence[str]]] | None = None,
    known: Sequence[Sequence[str]] | None = None,
    options: JSONDict | None = None,
) -> QuiddlerState:
    """A round-1 state with these hands and discard pile (top last), seat `to_act` at
    `step`; every other card of the 118 is in the draw pile."""
    players = len(hands)
    state = GAME.new(1, players, options or {})
    data = state.to_json()
    laid = words or [[] for _ in hands]
    left = Counter(DECK)
    left.subtract([c for h in hands for c in h])
    left.subtract(pile)
    left.subtract([c for ws in laid for w in ws for c in w])
    assert min(left.values()) >= 0
    done = [bool(ws) for ws in laid]
    data.update(
        step=step,
        to_act=to_act,
        hands=[" ".join(sorted(h)) for h in hands],
        known=[" ".join(sorted(k)) for k in (known or [[] for _ in hands])],
        deck=" ".join(sorted(left.elements())),
        pile=" ".join(pile),
        went_out=went_out,
        done=done,
        words=[[" ".join(w) for w in ws] for ws in laid],
    )
    return GAME.state_from_json(data)


def bot(level: str, seat: int = 0, seed: int = 1) -> Any:
    return registry.make_bot("quiddler", level, seat, seed)


def planned(level: str, state: QuiddlerState, seat: int = 0, seed: int = 1) -> JSONDict:
    plan = bot(level, seat, seed).plan(GAME.view(state, seat), state.now)
    assert plan is not None
    action: JSONDict = plan.action
    return action


# ------------------------------------------------------------- always accepted


@pytest.mark.parametrize(
    ("levels", "options"),
    [
        (["hard", "medium", "easy", "easy"], FAST),
        (["easy"], FAST),
        (["hard", "easy"], {"pause_ms": 0, "two_player_bonus": "most"}),
        (["medium", "hard", "easy"], {"pause_ms": 0, "challenge": True, "challenge_ms": 50}),
        (["easy", "medium", "hard", "random", "easy", "medium", "hard", "easy"], FAST),
        (["easy", "medium", "hard"], {"pause_ms": 0, "extra_words": ["qwxz", "zzq"]}),
    ],
    ids=["4-levels", "solo", "2-most", "challenge", "8-players", "extra-words"],
)
def test_every_planned_action_is_accepted_to_the_end(levels: list[str], options: JSONDict) -> None:
    for seed in range(3):
        run = play_game("quiddler", seed, len(levels), levels, options)
        # The level bots raise on a refusal; only random's made-up words are refused.
        assert run.refused == 0 or "random" in levels
        assert isinstance(run.state, QuiddlerState)
        assert len(run.state.results) == 8


def test_a_table_that_replaces_the_dictionary_is_played_with_its_words() -> None:
    words = sorted(default_words().words(20))
    options = {"pause_ms": 0, "extra_words": words, "replace_words": True}
    run = play_game("quiddler", 4, 3, ["easy", "medium", "hard"], options)
    assert run.refused == 0
    allowed = set(words)
    laid = [word for inp in run.record.inputs for word in inp.action.get("words", [])]
    assert len(laid) > 20
    assert all("".join(word) in allowed for word in laid)


def test_the_replaced_dictionary_restricted_to_common_words() -> None:
    common = vocabulary(("quit", "zax", "qat", "the"), True, 35).words
    # zax and qat are rare (SCOWL 80); quit and the are common.
    assert list(common.words()) == ["quit", "the"]
    full = vocabulary(("quit", "zax"), True, None).words
    assert list(full.words()) == ["quit", "zax"]


# ---------------------------------------------------------------- determinism


def test_the_same_seed_plays_the_same_game() -> None:
    levels = ["hard", "medium", "easy"]
    first = play_game("quiddler", 9, 3, levels, FAST)
    again = play_game("quiddler", 9, 3, levels, FAST)
    assert first.record == again.record
    # The bots' own seeds matter too (easy's misses, hard's samples, think times).
    reseeded = [bot(level, seat, derive_seed(9, seat) + 1) for seat, level in enumerate(levels)]
    other = play_game("quiddler", 9, 3, reseeded, FAST)
    assert other.record.inputs != first.record.inputs


# ----------------------------------------------------------------- easy words


class Recorder:
    """Wraps a level bot and keeps each plan with the bot's draws so far this round."""

    def __init__(self, inner: LevelBot) -> None:
        self.inner = inner
        self.plans: list[tuple[int, JSONDict]] = []

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        plan = self.inner.plan(view, now)
        if plan is not None:
            self.plans.append((self.inner._draws, plan.action))
        return plan

    def refused(self, error: RuleError, now: int) -> None:
        self.inner.refused(error, now)


def test_easy_lays_down_only_common_words() -> None:
    words = default_words()
    tiers: Counter[int] = Counter()
    for seed in range(4):
        easy = [Recorder(bot("easy", s, derive_seed(seed, s))) for s in range(3)]
        run = play_game("quiddler", seed, 3, easy, FAST)
        assert run.refused == 0
        for recorder in easy:
            for draws, action in recorder.plans:
                if draws > STUCK_TURNS:
                    continue  # it widened its words to end the round
                for word in action.get("words", []):
                    tier = words.tier("".join(word))
                    assert tier is not None
                    tiers[tier] += 1
    assert sum(tiers.values()) > 50
    assert LEVELS["easy"].max_tier == 35
    assert max(tiers) <= 35


def test_medium_and_hard_know_rarer_words() -> None:
    # "zax" is SCOWL 80: only hard knows it; "ax" (20) is known to all.
    state = position([["z", "a", "x", "q"], ["e", "e", "e"]], step="discard")
    assert planned("hard", state) == {
        "type": "go_out",
        "words": [["z", "a", "x"]],
        "discard": "q",
    }
    # Medium keeps "ax" and drops the dearest card it cannot use.
    assert planned("medium", state) == {"type": "discard", "card": "q"}


def test_easy_sometimes_misses_a_word_that_medium_always_sees() -> None:
    state = position([["qu", "i", "t", "x"], ["e", "e", "e"]], step="discard")
    outs = Counter(planned("easy", state, seed=seed)["type"] for seed in range(40))
    assert planned("medium", state)["type"] == "go_out"
    # Easy sees "quit" with probability 3/4: some go out, some discard.
    assert outs["go_out"] >= 20 and outs["discard"] >= 3


def test_a_stuck_easy_bot_widens_its_words() -> None:
    state = position([["z", "a", "x", "q"], ["e", "e", "e"]], step="discard")
    view = GAME.view(state, 0)
    easy = bot("easy")
    easy._round = view["round"]
    plan = easy.plan(view, 0)
    assert plan is not None and plan.action["type"] == "discard"
    easy._draws = STUCK_TURNS + 1
    plan = easy.plan(view, 0)
    assert plan is not None
    assert plan.action == {"type": "go_out", "words": [["z", "a", "x"]], "discard": "q"}


# ------------------------------------------------------------ greedy drawing


def test_greedy_levels_take_the_top_card_that_lets_them_go_out() -> None:
    state = position([["qu", "i", "x"], ["e", "e", "e"]], pile=["t"])
    for level in ("medium", "hard"):
        assert planned(level, state) == {"type": "draw", "source": "discard"}


def test_greedy_levels_draw_from_the_deck_when_the_top_does_not_help() -> None:
    # "quit" goes out whatever is drawn; the j adds nothing to it (z would: "quiz").
    state = position([["qu", "i", "t"], ["e", "e", "e"]], pile=["j"])
    assert planned("medium", state) == {"type": "draw", "source": "deck"}
    assert planned("hard", state) == {"type": "draw", "source": "deck"}


def test_greedy_discard_is_the_card_that_hurts_the_best_play_least() -> None:
    # Medium cannot go out ("von" is SCOWL 80); "on" stays, and of v (11) and j (13) it
    # drops j, so that the unused v costs less.
    state = position([["o", "n", "v", "j"], ["e", "e", "e"]], step="discard")
    assert planned("medium", state) == {"type": "discard", "card": "j"}
    assert planned("hard", state)["type"] == "go_out"


# ------------------------------------------------------------------ hard


def test_unseen_cards_leave_out_everything_the_seat_has_seen() -> None:
    state = position(
        [["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]],
        pile=["o", "o"],
        words=[[], [], [["g", "h", "i"]]],
        known=[["a"], ["e"], []],
    )
    state.hands[2] = []
    unseen = unseen_cards(GAME.view(state, 0))
    expected = Counter(DECK)
    expected.subtract(["a", "b", "c", "o", "o", "g", "h", "i", "e"])
    assert unseen == +expected
    assert sum(unseen.values()) == 118 - 9


def test_hard_lays_down_the_exact_best_in_its_last_turn() -> None:
    state = position(
        [["qu", "i", "t", "e", "z"], ["a", "t", "e"]],
        step="lay_down",
        went_out=1,
        words=[[], [["a", "t", "e"]]],
    )
    state.hands[1] = []
    view = GAME.view(state, 0)
    best = view_table(view).best_lay_down(tuple(view["hand"]))
    action = planned("hard", state)
    assert action["type"] == "lay_down"
    assert action["words"] == [list(w) for w in best.words]
    assert action["discard"] == best.discard
    assert action["unused"] == sorted(best.unused)


def test_the_old_hard_keeps_back_a_card_that_makes_a_word_with_the_next_players_cards() -> None:
    # Of b and c (8 each, neither usable), the solver drops b; b is also the rarer letter,
    # so hard drops it too, unless the next seat took u and s from the pile: b makes "bus"
    # and "sub" with them, c nothing. (The old hard, kept for bench/quiddler_hard.py.)
    play = Best(score=-8, words=(), unused=("c",), discard="b")
    for known, dropped in (([], "b"), (["s", "u"], "c")):
        state = position([["b", "c", "x"], ["s", "u", "e"]], step="discard", known=[[], known])
        hard = LevelBot(GAME, 0, 1, LEVELS["hard"])
        assert hard._hard_discard(GAME.view(state, 0), play) == dropped


def test_plans_are_timed_after_a_think_and_never_before_now() -> None:
    state = position([["qu", "i", "t"], ["e", "e", "e"]], pile=["z"])
    for level in ("easy", "medium", "hard"):
        plan = bot(level).plan(GAME.view(state, 0), 1000)
        assert plan is not None and plan.time > 1000
    plan = BOTS["random"](GAME, 0, 1).plan(GAME.view(state, 0), 1000)
    assert plan is not None and plan.time == 1000


def test_challenges_come_before_the_window_closes() -> None:
    options = {"challenge": True, "challenge_ms": 5, "pause_ms": 0}
    state = position([["qu", "i", "t", "x"], ["e", "e", "e"]], step="discard", options=options)
    GAME.apply(state, Input(0, {"type": "go_out", "words": [["qu", "i", "t"]], "discard": "x"}, 0))
    view = GAME.view(state, 1)
    assert view["phase"] == "challenge"
    for level in ("easy", "medium", "hard"):
        plan = bot(level, 1).plan(view, 0)
        assert plan is not None and 0 <= plan.time < view["deadline"]
        assert plan.action == {"type": "accept"}


# ------------------------------------------------------------------ strength


def test_hard_beats_easy_in_most_of_20_seeded_games() -> None:
    wins = 0
    for seed in range(20):
        run = play_game("quiddler", 100 + seed, 2, ["hard", "easy"], FAST)
        wins += run.outcome.ranks[0] == 1 and run.outcome.ranks[1] == 2
    assert wins >= 16


def test_every_level_is_registered() -> None:
    assert set(BOTS) == {"random", "easy", "medium", "hard"}
    assert set(registry.entry("quiddler").bots) == set(BOTS)
