"""Quashars `expert`: whole matches are legal, a seed plays the same match, predictions stay
in range, and what it does hangs on its view only, never on the cards it cannot see.

Its strength against `basic` is measured by `bench/quashars_expert.py` (docs/benchmarks.md):
too slow for a test. Most tests here shrink the search (fewer deals) to stay fast; the
rules it follows are the same at any size.
"""

from __future__ import annotations

import pytest
from tests.games.quashars.test_bots import last_to_a_yellow_trick, play_match, position, table

from quintet.bots import THINK_TIMES
from quintet.core import Input, Rng, derive_seed
from quintet.games.quashars import GAME, fast, search
from quintet.games.quashars.bots import BOTS, basic_prediction
from quintet.games.quashars.components import MAX_PREDICTION
from quintet.games.quashars.sampling import determinize
from quintet.games.quashars.search import ExpertBot


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """A smaller search: 3 deals per card decision, 2 per prediction."""
    monkeypatch.setattr(search, "CARD_SAMPLES", 3)
    monkeypatch.setattr(search, "PREDICT_SAMPLES", 2)


def expert(seat: int, seed: int) -> ExpertBot:
    return ExpertBot(GAME, seat, seed, basic_prediction, THINK_TIMES["instant"])


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize("players", [3, 4])
def test_expert_plays_whole_matches_legally(players: int) -> None:
    # Every input goes through the checked `GAME.apply`, which refuses anything illegal.
    levels = ["expert", "basic", "expert", "random"][:players]
    state, inputs = play_match(derive_seed(21, players), levels)
    assert GAME.is_over(state)
    predicted = [i.action for i in inputs if i.seat in (0, 2) and i.action["type"] == "predict"]
    assert len(predicted) == 2 * players  # a prediction per expert seat and game
    for action in predicted:
        assert 0 <= action["chips"] <= MAX_PREDICTION


@pytest.mark.usefixtures("small")
def test_expert_predicts_without_flex_where_the_table_has_none() -> None:
    for i in range(6):
        state = GAME.new(derive_seed(11, i), 3 + i % 2, {"flex_chip": False})
        while state.phase == fast.PREDICT:
            seat = state.to_act
            plan = expert(seat, i).plan(GAME.view(state, seat), state.now)
            assert plan is not None and plan.action["flex"] is False
            GAME.apply(state, Input(seat, plan.action, plan.time))


@pytest.mark.usefixtures("small")
def test_same_seed_same_match() -> None:
    one, first = play_match(4, ["expert", "basic", "basic", "expert"])
    two, second = play_match(4, ["expert", "basic", "basic", "expert"])
    assert first == second and one.to_json() == two.to_json()
    # Its seed matters: seeded otherwise, it searches other deals and plays otherwise.
    others = [BOTS["expert"](GAME, seat, 1000 + seat) for seat in range(4)]
    assert play_match(4, ["expert"] * 4, others)[1] != play_match(4, ["expert"] * 4)[1]


def test_hidden_cards_change_nothing() -> None:
    """States that differ only in cards the seat cannot see give it the same view, and the
    expert (full size) the same decision, at predictions and in play."""
    decided = differ = 0
    for i in range(8):
        state = position(derive_seed(31, i), 4, True)
        if state.phase not in (fast.PREDICT, fast.PLAY):
            continue
        seat = state.to_act
        view = GAME.view(state, seat)
        redealt = determinize(view, Rng(i))
        differ += redealt.hands != state.hands
        assert GAME.view(redealt, seat) == view
        actions = {str(expert(seat, 5).plan(GAME.view(s, seat), s.now)) for s in (state, redealt)}
        assert len(actions) == 1
        decided += 1
    assert decided >= 6 and differ >= 5


def test_expert_takes_a_persons_time_to_think() -> None:
    state = GAME.new(3, 4)
    seat = state.to_act
    view = GAME.view(state, seat)
    bot = ExpertBot(GAME, seat, 1, basic_prediction)
    times = {plan.time for plan in (bot.plan(view, 1000) for _ in range(5)) if plan}
    assert min(times) > 1000 and len(times) > 1
    # The decision itself does not hang on the think time drawn.
    assert len({str(bot.plan(view, 1000).action) for _ in range(3)}) == 1  # type: ignore[union-attr]


@pytest.mark.parametrize(("predicted", "card"), [(0, "Y2"), (3, "Y11")])
def test_it_wins_or_ducks_as_its_chips_require(predicted: int, card: str) -> None:
    # With nothing predicted it ducks; with 3 it takes them.
    state = last_to_a_yellow_trick(predicted)
    plan = expert(0, 1).plan(GAME.view(state, 0), state.now)
    assert plan is not None and plan.action == {"type": "play", "card": card}


def test_a_hand_that_cannot_win_predicts_what_no_tricks_brings() -> None:
    state = table(
        4, ("high", "blue", "all_colours", "no_tricks"), {0: "Y1 Y2 Y3 Y4 G1 G2 G3 G4 B1 B2 B3 B4"}
    )
    plan = expert(0, 1).plan(GAME.view(state, 0), state.now)
    assert plan is not None
    # Winning nothing meets no_tricks: 1 condition, which it predicts (or 0 or 1 with flex).
    assert plan.action["type"] == "predict"
    assert (plan.action["chips"], plan.action["flex"]) in ((1, False), (0, True))
