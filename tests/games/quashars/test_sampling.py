"""Determinization: a full Quashars state consistent with one seat's view."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from math import factorial, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quintet.core import HOST, SPECTATOR, Input, JSONDict, Rng, derive_seed
from quintet.core.testing import RandomDriver
from quintet.games.quashars import GAME, QuasharsState, fast
from quintet.games.quashars.components import (
    CARD_BY_CODE,
    COLOUR_MASK,
    CONDITIONS,
    PILES,
    cards_of,
    deck_mask,
    mask_of,
    pile,
)
from quintet.games.quashars.sampling import _Dealer, determinize, unseen_cards, voids


def position(seed: int, players: int, options: JSONDict | None = None) -> QuasharsState:
    """A random position of a random match: anywhere from the first prediction to the end."""
    rng = Rng(seed)
    state = GAME.new(seed, players, options)
    stop = rng.below(4 * (players + 12 * players + 1))
    driver = RandomDriver.seeded(GAME, rng.fork())
    for count, _ in enumerate(driver.steps(state), start=1):
        if count >= stop:
            break
    return state


def positions(count: int) -> Iterator[tuple[QuasharsState, int]]:
    """(state, seat) pairs over `count` random positions, both player counts, every seat."""
    for i in range(count):
        players = 3 + i % 2
        state = position(derive_seed(2024, i), players)
        for seat in range(players):
            yield state, seat


def played(view: JSONDict) -> int:
    """The cards the view shows as played this game (completed tricks and the trick)."""
    cards = [c for t in view["tricks"] for c in t["cards"]]
    cards += [p["card"] for p in view["trick"]]
    return mask_of([CARD_BY_CODE[c] for c in cards])


def play_out(state: QuasharsState, seed: int) -> None:
    """Play to the end of the match through the checked entry point."""
    for _ in RandomDriver.seeded(GAME, seed).steps(state):
        pass


# ------------------------------------------------------------------ consistency


def test_determinized_state_is_consistent_with_the_view() -> None:
    checked = set()
    for state, seat in positions(120):
        view = GAME.view(state, seat)
        guess = determinize(view, Rng(derive_seed(seat, state.now)), now=state.now)
        checked.add(view["phase"])
        # Every field of the state is set, and the seat cannot tell the two tables apart.
        assert all(hasattr(guess, field) for field in QuasharsState.__slots__)
        assert GAME.view(guess, seat) == view
        # Every other hand has the size its owner shows, and no card the seat
        # holds or saw played; together the hands hold exactly the unseen cards.
        own = mask_of([CARD_BY_CODE[c] for c in view["hand"]])
        seen = own | played(view)
        assert guess.hands[seat] == own
        others = 0
        for other, hand in enumerate(guess.hands):
            assert hand.bit_count() == view["hand_sizes"][other]
            if other != seat:
                assert hand & seen == 0
                assert hand & others == 0
                others |= hand
        assert others == deck_mask(state.players) & ~seen == unseen_cards(view)
        # A seat that showed a void holds none of that colour.
        for other, lacking in enumerate(voids(view)):
            for colour in range(4):
                if lacking >> colour & 1:
                    assert guess.hands[other] & COLOUR_MASK[colour] == 0
        # Later games draw condition cards from those not on the table.
        for number, (drawn, showing) in enumerate(
            zip(guess.piles, guess.conditions, strict=True), start=1
        ):
            assert showing not in drawn
            assert set(drawn) <= set(pile(number, state.players))
            assert len(drawn) == len(pile(number, state.players)) - guess.game_no
    assert checked == {"predict", "play", "scored", "over"}


def test_voids_are_read_from_the_tricks() -> None:
    state = GAME.new(5, 3, {"first_player": 0})
    for _ in range(3):
        GAME.apply(state, Input(state.to_act, {"type": "predict", "chips": 1, "flex": False}))
    # Give seat 1 no yellow, so it cannot follow a yellow lead.
    state.hands = [
        mask_of([CARD_BY_CODE[c] for c in hand.split()])
        for hand in (
            "Y1 Y2 Y3 Y4 Y5 Y6 R1 R2 R3 G1 G2 G3",
            "R4 R5 R6 G4 G5 G6 B1 B2 B3 B4 B5 B6",
            "Y7 Y8 Y9 R7 R8 R9 G7 G8 G9 B7 B8 B9",
        )
    ]
    GAME.apply(state, Input(0, {"type": "play", "card": "Y1"}))
    GAME.apply(state, Input(1, {"type": "play", "card": "B1"}))
    view = GAME.view(state, 2)
    assert voids(view) == [0, 1 << 1, 0]
    for i in range(50):
        guess = determinize(view, Rng(i))
        assert guess.hands[1] & COLOUR_MASK[1] == 0
        # Seat 0 must then hold every unseen yellow: Y2-Y6.
        assert guess.hands[0] & COLOUR_MASK[1] == mask_of(
            [CARD_BY_CODE[f"Y{n}"] for n in range(2, 7)]
        )


def forced_position() -> tuple[QuasharsState, JSONDict]:
    """A 3-player table where seat 1 has shown it lacks yellow, green and blue,
    so seat 0 knows every card seat 1 holds: the unseen reds."""
    state = GAME.new(8, 3, {"first_player": 0})
    for _ in range(3):
        GAME.apply(state, Input(state.to_act, {"type": "predict", "chips": 0, "flex": False}))
    state.hands = [
        mask_of([CARD_BY_CODE[c] for c in hand.split()])
        for hand in (
            "Y1 Y2 Y3 Y4 G1 G2 G3 G4 B1 B2 B3 B5",
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 Y5 G5 B4",
            "Y6 Y7 Y8 Y9 G6 G7 G8 G9 B6 B7 B8 B9",
        )
    ]
    for trick in ("Y1 Y5 Y6", "Y2 G5 Y7", "G1 B4 G6", "B1 R1 B6"):
        # Seat 2 wins the first three; seat 0 leads each again (a test table).
        state.leader = state.to_act = 0
        for card in trick.split():
            GAME.apply(state, Input(state.to_act, {"type": "play", "card": card}))
    assert state.tricks[-1][2] == 1
    return state, GAME.view(state, 0)


def test_a_deal_forced_by_voids_is_found() -> None:
    state, view = forced_position()
    assert voids(view)[1] == 0b1110
    for i in range(20):
        guess = determinize(view, Rng(i))
        assert guess.hands == state.hands
        assert GAME.view(guess, 0) == view


def fitting_deals(view: JSONDict) -> list[tuple[int, ...]]:
    """Brute force: for each unseen card in ascending order, its owner, over every
    deal that gives each seat its hand size and nobody a colour it showed it lacks."""
    seat = view["viewer"]
    unseen = cards_of(unseen_cards(view))
    sizes = Counter({s: n for s, n in enumerate(view["hand_sizes"]) if s != seat and n})
    lacking = voids(view)
    return [
        owners
        for owners in itertools.product(sorted(sizes), repeat=len(unseen))
        if Counter(owners) == sizes
        and all(not lacking[s] >> (c // 12) & 1 for c, s in zip(unseen, owners, strict=True))
    ]


def test_deals_are_drawn_uniformly() -> None:
    """In a late position with voids, every deal that fits is equally likely: the
    number of cards of each colour each seat gets follows the exact counts."""

    def signature(owners: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(Counter((s, c // 12) for c, s in zip(unseen, owners, strict=True))))

    for state, seat in positions(400):
        view = GAME.view(state, seat)
        unseen = cards_of(unseen_cards(view))
        if state.phase != fast.PLAY or not 6 <= len(unseen) <= 8:
            continue
        fits = fitting_deals(view)
        exact = Counter(signature(f) for f in fits)
        sizes = [n for s, n in enumerate(view["hand_sizes"]) if s != seat]
        unconstrained = factorial(len(unseen)) // prod(factorial(n) for n in sizes)
        if len(fits) < unconstrained and len(exact) >= 4:
            break  # voids cut the deals down and leave several shapes
    else:
        pytest.fail("no position with voids and several deal shapes")
    rng = Rng(99)
    draws = 4000
    drawn: Counter[tuple[tuple[int, int], ...]] = Counter()
    for _ in range(draws):
        guess = determinize(view, rng)
        owners = tuple(
            next(s for s in range(state.players) if guess.hands[s] >> c & 1) for c in unseen
        )
        assert owners in fits
        drawn[signature(owners)] += 1
    # Chi-square against the exact shares: with this fixed seed the value is fixed;
    # the bound is far above what exact draws give and below what a sampler that
    # ignores how many deals each shape has gives.
    chi2 = sum(
        (drawn[shape] - draws * n / len(fits)) ** 2 / (draws * n / len(fits))
        for shape, n in exact.items()
    )
    assert chi2 < 3 * len(exact), (chi2, len(exact))


def test_counts_of_fitting_deals_match_brute_force() -> None:
    """The dealer's count of the deals that fit equals a brute-force count."""
    tried = 0
    for state, seat in positions(200):
        view = GAME.view(state, seat)
        unseen = cards_of(unseen_cards(view))
        if not 0 < len(unseen) <= 8:
            continue
        sizes = tuple(0 if s == seat else n for s, n in enumerate(view["hand_sizes"]))
        lacking = voids(view)
        brute = 0
        for owners in itertools.product(range(state.players), repeat=len(unseen)):
            if Counter(owners) != Counter({s: n for s, n in enumerate(sizes) if n}):
                continue
            brute += all(
                not lacking[s] >> (c // 12) & 1 for c, s in zip(unseen, owners, strict=True)
            )
        groups: dict[tuple[int, ...], list[int]] = {}
        for card in unseen:
            seats = tuple(
                s for s in range(state.players) if sizes[s] and not lacking[s] >> (card // 12) & 1
            )
            groups.setdefault(seats, []).append(card)
        assert _Dealer(sorted(groups.items())).count(0, sizes) == brute
        tried += 1
    assert tried >= 20


# ------------------------------------------------------------------ playable


def test_determinized_state_plays_to_the_end() -> None:
    for i, (state, seat) in enumerate(positions(60)):
        guess = determinize(GAME.view(state, seat), Rng(i), now=state.now)
        twin = guess.clone()
        play_out(guess, derive_seed(7, i))
        assert GAME.is_over(guess)
        # The fast path plays it to the end too, without the checks of `apply`.
        rng = Rng(i)
        while not GAME.is_over(twin):
            ids = fast.legal_action_ids(twin)
            if ids:
                fast.apply_action_id(twin, ids[rng.below(len(ids))])
            else:
                fast.next_game(twin)
        assert len(twin.scores) == twin.players


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]), flex=st.booleans())
def test_any_position_of_any_table(seed: int, players: int, flex: bool) -> None:
    state = position(seed, players, {"flex_chip": flex})
    seat = seed % players
    view = GAME.view(state, seat)
    guess = determinize(view, Rng(seed), now=state.now)
    assert GAME.view(guess, seat) == view
    assert guess.options.flex_chip is flex
    play_out(guess, seed)


def test_same_seed_same_deal() -> None:
    state = position(11, 4)
    view = GAME.view(state, 2)
    one = determinize(view, Rng(3)).to_json()
    assert determinize(view, Rng(3)).to_json() == one
    others = {str(determinize(view, Rng(s)).to_json()["hands"]) for s in range(10)}
    assert len(others) > 1


# ------------------------------------------------------------------ bad input


def test_only_a_seat_view_can_be_determinized() -> None:
    state = GAME.new(1, 4)
    for viewer in (SPECTATOR, HOST):
        with pytest.raises(ValueError, match="seat's view"):
            determinize(GAME.view(state, viewer), Rng(1))


def test_a_view_no_deal_fits_is_refused() -> None:
    _, view = forced_position()
    # Seat 1 can hold only reds, and all eight unseen reds are already its eight cards:
    # a ninth card for it cannot be found, whatever seat 2 gets.
    sizes = list(view["hand_sizes"])
    tampered = dict(view, hand_sizes=[sizes[0], sizes[1] + 1, sizes[2] - 1])
    with pytest.raises(ValueError, match="no deal fits the view"):
        determinize(tampered, Rng(1))
    # With seat 2's hand said to be empty, the unseen yellows have nowhere to go.
    emptied = dict(view, hand_sizes=[sizes[0], sizes[1] + sizes[2], 0])
    with pytest.raises(ValueError, match="no other seat may hold yellow"):
        determinize(emptied, Rng(1))
    # A hand that does not match its size, and sizes that do not add up.
    with pytest.raises(ValueError, match="hand size"):
        determinize(dict(view, hand=view["hand"][1:]), Rng(1))
    with pytest.raises(ValueError, match="unseen"):
        determinize(dict(view, hand_sizes=[sizes[0], sizes[1] + 1, sizes[2]]), Rng(1))


# ------------------------------------------------------- later games and options


def test_later_games_draw_only_conditions_not_yet_revealed() -> None:
    """The view lists every condition revealed this match; a sample's piles hold the rest."""
    for i, (state, seat) in enumerate(positions(30)):
        view = GAME.view(state, seat)
        revealed = {CONDITIONS[c].id for p in PILES[state.players] for c in p} - {
            CONDITIONS[c].id for p in state.piles for c in p
        }
        assert set(view["conditions_drawn"]) == revealed
        assert {c["id"] for c in view["conditions"]} <= revealed
        sample = determinize(view, Rng(i))
        assert sorted(map(sorted, sample.piles)) == sorted(map(sorted, state.piles))


def test_a_sample_keeps_the_table_options_and_clock() -> None:
    options = {"flex_chip": False, "pause_ms": 1234, "first_player": 2}
    state = position(99, 4, options)
    view = GAME.view(state, 1)
    assert view["options"]["pause_ms"] == 1234
    sample = determinize(view, Rng(5))
    assert sample.options == state.options
    assert sample.now == state.now == view["now"]
