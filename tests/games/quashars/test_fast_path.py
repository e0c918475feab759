"""The unchecked fast path and the checked `GAME.apply` agree.

Bots and playouts use `legal_action_ids` / `apply_action_id` / `next_game`,
which trust their caller; people and the network go through `GAME.apply`.
Seeded random matches are played both ways in lockstep and the whole state is
compared after every step; then, at sampled positions, every possible card and
prediction is tried through `apply` to check that it accepts exactly
`legal_actions`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from quintet.core import Input, JSONDict, Record, RuleError, derive_seed, replay
from quintet.core.rng import Rng
from quintet.games.quashars import GAME, QuasharsOptions, QuasharsState
from quintet.games.quashars.fast import (
    action_of_id,
    apply_action_id,
    legal_action_ids,
    new_state,
    next_game,
)
from quintet.games.quashars.state import OVER, PLAY, PREDICT, SCORED

ALL_CARDS = [f"{colour}{number}" for colour in "RYGB" for number in range(1, 13)]

#: Options the lockstep runs cover; pause 0 lets every input carry time 0, so
#: even `now` and `deadline` must match between the two paths.
VARIANTS: list[tuple[int, JSONDict]] = [
    (4, {"pause_ms": 0}),
    (3, {"pause_ms": 0}),
    (4, {"pause_ms": 0, "flex_chip": False, "first_player": 1}),
    (3, {"pause_ms": 0, "conditions": ["low", "red", "no_red", "no_tricks"]}),
]


def _pick(rng: Rng, ids: tuple[int, ...]) -> int:
    # Most predictions drawn uniformly from 0-37 would be hopeless; half the
    # time keep them small so that the scoring paths of correct predictions run too.
    if ids[0] >= 48 and rng.below(2):
        small = [i for i in ids if (i - 48) >> 1 <= 4]
        return small[rng.below(len(small))]
    return ids[rng.below(len(ids))]


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_fast_path_and_apply_agree_in_lockstep(players: int, options: JSONDict) -> None:
    steps = 0
    for seed in range(12):
        checked = GAME.new(seed, players, options)
        fast = new_state(seed, players, QuasharsOptions.parse(options))
        rng = Rng(derive_seed(seed, players))
        inputs = []
        while True:
            assert fast.to_json() == checked.to_json(), (seed, steps)
            if fast.phase == OVER:
                assert GAME.is_over(checked)
                break
            if fast.phase == SCORED:
                assert legal_action_ids(fast) == ()
                next_game(fast)
                tick = Input.tick(0)
                GAME.apply(checked, tick)
                inputs.append(tick)
                continue
            seat = checked.to_act
            ids = legal_action_ids(fast)
            assert [action_of_id(i) for i in ids] == GAME.legal_actions(checked, seat)
            action_id = _pick(rng, ids)
            apply_action_id(fast, action_id)
            inp = Input(seat, action_of_id(action_id), 0)
            GAME.apply(checked, inp)
            inputs.append(inp)
            steps += 1
        # The checked inputs are also a record that replays to the same state.
        replayed, _ = replay(Record("quashars", seed, players, options, tuple(inputs)))
        assert replayed.to_json() == checked.to_json()
    assert steps > 12 * players * 12 * players  # every match was played to its end


def test_default_pause_differs_only_in_the_clock() -> None:
    # With the default 5 s pause the host's ticks advance the clock on the
    # checked path alone: the fast path keeps no clock, so its `now` stays 0 and
    # its pauses end at 0 + pause_ms. Everything but `now` and `deadline` agrees.
    clock = {"now", "deadline"}
    for seed in range(4):
        checked = GAME.new(seed, 4)
        fast = new_state(seed, 4, QuasharsOptions())
        rng = Rng(seed)
        while fast.phase != OVER:
            mine, theirs = fast.to_json(), checked.to_json()
            assert {k: v for k, v in mine.items() if k not in clock} == {
                k: v for k, v in theirs.items() if k not in clock
            }
            assert (mine["deadline"] is None) == (theirs["deadline"] is None)
            if fast.phase == SCORED:
                next_game(fast)
                deadline = GAME.next_deadline(checked)
                assert deadline is not None
                GAME.apply(checked, Input.tick(deadline))
                continue
            ids = legal_action_ids(fast)
            action_id = _pick(rng, ids)
            apply_action_id(fast, action_id)
            GAME.apply(checked, Input(checked.to_act, action_of_id(action_id), checked.now))
        assert GAME.outcome(checked) is not None


def test_a_clone_is_independent() -> None:
    state = GAME.new(3, 4)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    rng = Rng(1)
    while copy.phase != OVER:
        if copy.phase == SCORED:
            next_game(copy)
        else:
            apply_action_id(copy, _pick(rng, legal_action_ids(copy)))
    assert state.to_json() == before


def _positions(players: int, seed: int) -> Iterator[QuasharsState]:
    """Every 3rd position of a random match, predictions and plays, all games."""
    state = GAME.new(seed, players, {"pause_ms": 0})
    rng = Rng(seed + 100)
    step = 0
    while state.phase != OVER:
        if state.phase == SCORED:
            next_game(state)
            continue
        if step % 3 == 0:
            yield state
        apply_action_id(state, _pick(rng, legal_action_ids(state)))
        step += 1


def _accepted(state: QuasharsState, seat: int, action: JSONDict) -> bool:
    trial = state.clone()
    before = trial.to_json()
    try:
        GAME.apply(trial, Input(seat, action, state.now))
    except RuleError:
        assert trial.to_json() == before, action
        return False
    return True


@pytest.mark.parametrize("players", [3, 4])
def test_apply_accepts_exactly_the_legal_actions(players: int) -> None:
    positions = 0
    for seed in range(3):
        for state in _positions(players, seed):
            seat = state.to_act
            legal = GAME.legal_actions(state, seat)
            candidates: list[JSONDict]
            if state.phase == PLAY:
                candidates = [{"type": "play", "card": card} for card in ALL_CARDS]
                assert len(legal) >= 1
            else:
                assert state.phase == PREDICT
                candidates = [
                    {"type": "predict", "chips": chips, "flex": flex}
                    for chips in range(-2, 41)
                    for flex in (False, True)
                ]
            accepted = [a for a in candidates if _accepted(state, seat, a)]
            assert accepted == legal, (seed, GAME.view(state, seat))
            # Nobody else may do any of them.
            other = (seat + 1) % players
            assert GAME.legal_actions(state, other) == []
            assert not any(_accepted(state, other, a) for a in legal)
            positions += 1
    assert positions > 3 * players * (12 * players + players) // 3 - 3
