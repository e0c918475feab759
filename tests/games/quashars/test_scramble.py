"""`QuasharsGame.scramble_hidden`: what each viewer may not know, dealt anew.

The conformance kit checks that no view changes under it; these tests check that
it deals exactly what it should: the other seats' hands (every hand for the
spectator) with their sizes kept, the order of each condition pile, and the
PRNG; and nothing else.
"""

from __future__ import annotations

from collections import Counter

import pytest

from quintet.core import HOST, SPECTATOR, BadInput, Rng, canonical
from quintet.core.testing import RandomDriver
from quintet.games.quashars import GAME, QuasharsState
from quintet.games.quashars.components import cards_of


def _mid_game(seed: int, players: int, inputs: int) -> QuasharsState:
    state = GAME.new(seed, players)
    driver = RandomDriver.seeded(GAME, seed)
    for _ in range(inputs):
        inp = driver.next_input(state)
        assert inp is not None
        GAME.apply(state, inp)
    return state


@pytest.mark.parametrize(("players", "inputs"), [(3, 0), (4, 0), (3, 20), (4, 31)])
def test_a_seat_keeps_its_hand_and_the_others_are_redealt_with_their_sizes(
    players: int, inputs: int
) -> None:
    state = _mid_game(5, players, inputs)
    before = canonical(state.to_json())
    for viewer in range(players):
        moved = False
        for seed in range(8):
            other = GAME.scramble_hidden(state, viewer, Rng(seed))
            assert other.hands[viewer] == state.hands[viewer], "its own hand changed"
            others = [s for s in range(players) if s != viewer]
            assert [other.hands[s].bit_count() for s in others] == [
                state.hands[s].bit_count() for s in others
            ]
            pooled = sorted(c for s in others for c in cards_of(state.hands[s]))
            assert sorted(c for s in others for c in cards_of(other.hands[s])) == pooled
            moved |= other.hands != state.hands
            # The table, the trick and everything played are public: untouched.
            assert (other.trick, other.tricks, other.conditions) == (
                state.trick,
                state.tricks,
                state.conditions,
            )
            assert (other.predicted, other.scores, other.to_act) == (
                state.predicted,
                state.scores,
                state.to_act,
            )
        assert moved, f"8 scrambles for seat {viewer} never moved a card"
    assert canonical(state.to_json()) == before, "scrambling changed the original"


def test_the_spectator_gets_every_hand_redealt() -> None:
    state = _mid_game(9, 4, 10)
    owners = {c: s for s in range(4) for c in cards_of(state.hands[s])}
    seats_seen: dict[int, set[int]] = {c: set() for c in owners}
    for seed in range(40):
        other = GAME.scramble_hidden(state, SPECTATOR, Rng(seed))
        assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in state.hands]
        for seat in range(4):
            for card in cards_of(other.hands[seat]):
                seats_seen[card].add(seat)
    # Every card can land with every seat, its own owner's included.
    assert all(seen == {0, 1, 2, 3} for seen in seats_seen.values()), seats_seen


def test_a_card_of_another_seat_lands_with_each_other_seat_about_as_often() -> None:
    state = GAME.new(2, 4)
    card = cards_of(state.hands[1])[0]
    landed: Counter[int] = Counter()
    for seed in range(600):
        other = GAME.scramble_hidden(state, 0, Rng(seed))
        (seat,) = [s for s in range(4) if other.hands[s] >> card & 1]
        landed[seat] += 1
    assert set(landed) == {1, 2, 3}
    # 200 expected each; fixed seeds, so this cannot flake.
    assert all(150 <= n <= 250 for n in landed.values()), landed


def test_the_piles_are_reshuffled_and_the_prng_replaced() -> None:
    state = GAME.new(4, 4)
    orders = set()
    prngs = set()
    for seed in range(10):
        other = GAME.scramble_hidden(state, 2, Rng(seed))
        assert [sorted(p) for p in other.piles] == [sorted(p) for p in state.piles]
        orders.add(tuple(tuple(p) for p in other.piles))
        prngs.add(other.rng.state)
    assert len(orders) > 1, "the condition piles were never reshuffled"
    assert len(prngs) == 10 and state.rng.state not in prngs


def test_the_host_gets_a_plain_independent_clone() -> None:
    state = _mid_game(6, 3, 12)
    other = GAME.scramble_hidden(state, HOST, Rng(1))
    assert other is not state
    assert canonical(other.to_json()) == canonical(state.to_json())
    other.hands[0] = 0
    assert state.hands[0] != 0


def test_the_same_rng_seed_gives_the_same_scramble_and_it_plays_on() -> None:
    state = _mid_game(8, 4, 25)
    one = GAME.scramble_hidden(state, 1, Rng(77))
    two = GAME.scramble_hidden(state, 1, Rng(77))
    assert canonical(one.to_json()) == canonical(two.to_json())
    rebuilt = GAME.state_from_json(one.to_json())
    assert canonical(rebuilt.to_json()) == canonical(one.to_json())
    RandomDriver.seeded(GAME, 3).play(one)
    assert GAME.is_over(one) and GAME.outcome(one) is not None


@pytest.mark.parametrize("viewer", [3, 7, -3, True])
def test_a_viewer_that_is_not_at_the_table_is_refused(viewer: int) -> None:
    state = GAME.new(1, 3)
    with pytest.raises(BadInput, match=f"no such viewer {viewer!r}"):
        GAME.scramble_hidden(state, viewer, Rng(0))
