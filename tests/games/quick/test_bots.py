"""Quick's bots: whole games without a refused move, hard never wrong, easy and medium now
and then wrong, memory that matches the table, the pace, and the levels in order."""

from __future__ import annotations

from collections import Counter

import pytest

from quintet.core import HOST, Input, JSONDict, Rng, canonical, registry
from quintet.games.quick import BOTS, GAME
from quintet.games.quick.bots import LEVELS, QuickBot, random_pick, think
from quintet.sim import play_game

from .helpers import act, new, set_tables, sorting


def verdicts(levels: list[str], games: int, **options: object) -> Counter[tuple[str, str]]:
    """(level, verdict) over seeded games among these levels."""
    found: Counter[tuple[str, str]] = Counter()
    for seed in range(games):
        run = play_game("quick", seed, len(levels), levels, dict(options))
        state = GAME.new(seed, len(levels), dict(options))
        for inp in run.record.inputs:
            for event in GAME.apply(state, inp):
                if event.type == "round_over":
                    for seat, verdict in enumerate(event.data["verdicts"]):
                        if verdict is not None:
                            found[levels[seat], verdict] += 1
    return found


def test_every_level_is_registered() -> None:
    assert set(registry.entry("quick").bots) == {"random", "easy", "medium", "hard"}
    assert set(BOTS) == {"random", "easy", "medium", "hard"}


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"criteria": ["flames", "-letter", "colour", "-number"]},
        {"simplified": True, "criteria": ["colour"], "round_end": "clock"},
        {"chooser": "dealer", "round_end": "all_but_one"},
    ],
)
def test_levels_play_whole_games_and_hard_is_never_wrong(options: dict[str, object]) -> None:
    # A refused move would raise in the bot (`QuickBot.refused`).
    found = verdicts(["hard", "medium", "easy", "random"], 4, **options)
    assert found["hard", "wrong"] == 0
    assert found["hard", "chip"] > 0


def test_easy_and_medium_now_and_then_call_klaar_on_a_wrong_stack() -> None:
    found = verdicts(["medium", "easy"], 12)
    for level in ("medium", "easy"):
        wrong, chip = found[level, "wrong"], found[level, "chip"]
        assert 0 < wrong < chip, (level, found)


def test_a_bots_memory_is_its_table() -> None:
    state = GAME.new(7, 2, {"countdown_ms": 1})
    GAME.apply(state, Input.tick(1))
    bot = QuickBot(GAME, 0, 3, LEVELS["hard"])
    while 0 not in state.klaar:
        plan = bot.plan(GAME.view(state, 0), state.now)
        assert plan is not None
        GAME.apply(state, Input(0, plan.action, max(plan.time, state.now)))
        bot.plan(GAME.view(state, 0), state.now)  # it sees what its move did
        memory = bot._memory
        assert memory is not None
        for remembered, pile in zip(memory.piles, GAME.view(state, HOST)["stacks"][0], strict=True):
            # What it has seen, it knows where it lies; the dealt cards it has not seen.
            assert [c for c in remembered.cards if c is not None] == [
                c for c, r in zip(pile, remembered.cards, strict=True) if r is not None
            ]
    assert state.tables[0][0] == tuple(sorted(state.tables[0][0]))


def test_thinking_takes_longer_with_more_piles_and_the_level_sets_the_pace() -> None:
    for level in LEVELS.values():
        assert level.pace.median(2) < level.pace.median(6)
        assert 300 <= level.pace.median(2) <= 1_500
    assert LEVELS["hard"].pace.median(3) < LEVELS["medium"].pace.median(3)
    assert LEVELS["medium"].pace.median(3) < LEVELS["easy"].pace.median(3)
    rng = Rng(1)
    times = [think(LEVELS["hard"], rng, 1) for _ in range(200)]
    assert min(times) >= LEVELS["hard"].pace.min_ms and max(times) <= LEVELS["hard"].pace.max_ms


@pytest.mark.parametrize(
    ("better", "worse"), [("hard", "medium"), ("medium", "easy"), ("easy", "random")]
)
def test_head_to_head_the_better_level_wins_most(better: str, worse: str) -> None:
    wins: Counter[str] = Counter()
    for seed in range(20):
        run = play_game("quick", seed, 2, [better, worse])
        for seat in run.outcome.winners:
            wins[(better, worse)[seat]] += 1
    assert wins[better] >= 14 > wins[worse], wins


def _drawn(view: JSONDict, draws: int) -> Counter[str]:
    rng = Rng(5)
    return Counter(canonical(random_pick(view, rng)) for _ in range(draws))


@pytest.mark.parametrize(
    "tables", [[[3, 1, 2]], [[3, 1], [2]], [[5], [1, 4], [2, 3]]], ids=["one", "two", "three"]
)
def test_random_draws_every_legal_move_alike_and_nothing_else(tables: list[list[int]]) -> None:
    state = sorting(2, seed=3)
    set_tables(state, {0: tables})
    for holding in (False, True):
        if holding:
            act(state, 0, {"type": "take", "pile": 0})
        legal = {canonical(a) for a in GAME.legal_actions(state, 0)}
        drawn = _drawn(GAME.view(state, 0), 200 * len(legal))
        assert set(drawn) == legal
        # A uniform draw: every legal move about equally often (a fixed seed, no flake).
        assert max(drawn.values()) < 1.3 * 200 and min(drawn.values()) > 0.7 * 200


def test_random_as_dealer_draws_any_criteria() -> None:
    state = new(2, seed=1, chooser="dealer")
    dealer = state.dealer
    legal = {canonical(a) for a in GAME.legal_actions(state, dealer)}
    assert len(legal) == 158
    assert set(_drawn(GAME.view(state, dealer), 20 * len(legal))) == legal
