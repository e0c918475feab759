"""The seeded generator: every replay and every stored game depends on its exact stream."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quintet.core import Rng, derive_seed

MASK64 = (1 << 64) - 1

seeds = st.integers(-(2**70), 2**70)


def reference_stream(seed: int) -> Iterator[int]:
    """SplitMix64 as Vigna published it (splitmix64.c), kept apart from `Rng`."""
    x = seed % 2**64
    while True:
        x = (x + 0x9E3779B97F4A7C15) % 2**64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        yield z ^ (z >> 31)


def reference_shuffle(items: list[int], seed: int) -> list[int]:
    """Fisher-Yates from the top, each index by multiply-and-shift of the next draw."""
    stream = reference_stream(seed)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = (next(stream) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return out


# ----------------------------------------------------------------- fixed values
# A change of algorithm changes every stored game and replay: these catch it.


def test_the_stream_is_splitmix64_for_published_seeds() -> None:
    # The test vectors that come with the reference implementation.
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_and_shuffle_give_fixed_values_for_a_seed() -> None:
    rng = Rng(42)
    assert [rng.below(10) for _ in range(10)] == [7, 1, 2, 3, 0, 8, 2, 8, 3, 6]
    rng = Rng(42)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7]
    assert rng.state == 10372713005361028327
    rng = Rng(42)
    deck = list(range(52))
    rng.shuffle(deck)
    assert deck == [
        49, 4, 18, 41, 42, 0, 9, 5, 51, 27, 24, 48, 23, 45, 33, 47, 6, 11, 43, 12, 21, 28, 15, 32,
        37, 19, 44, 31, 29, 34, 2, 30, 22, 35, 17, 3, 7, 25, 39, 46, 20, 50, 26, 14, 36, 10, 40, 1,
        16, 13, 8, 38,
    ]  # fmt: skip


def test_derive_seed_gives_fixed_values() -> None:
    assert derive_seed(0) == 16294208416658607535
    assert derive_seed(1) == 10451216379200822465
    assert derive_seed(1, 2) == 6770037107723588774
    assert derive_seed(1, 2, 3) == 12403509836393295216


# ------------------------------------------------------------------ the stream


@given(seed=seeds)
def test_the_stream_matches_the_reference(seed: int) -> None:
    rng = Rng(seed)
    assert [rng.next64() for _ in range(8)] == list(itertools.islice(reference_stream(seed), 8))


@given(seed=seeds)
def test_the_same_seed_gives_the_same_stream(seed: int) -> None:
    one, two = Rng(seed), Rng(seed)
    assert [one.next64() for _ in range(20)] == [two.next64() for _ in range(20)]


def test_seeds_are_taken_modulo_two_to_the_64() -> None:
    assert Rng(-1).state == MASK64
    for seed in (-1, -(2**64) + 5, 2**64 + 5, 2**70 + 3):
        one, two = Rng(seed), Rng(seed % 2**64)
        assert [one.next64() for _ in range(5)] == [two.next64() for _ in range(5)]


def test_nearby_seeds_give_unrelated_streams() -> None:
    firsts = {Rng(seed).next64() for seed in range(1000)}
    assert len(firsts) == 1000


@given(seed=seeds)
def test_copy_is_independent_and_fork_advances(seed: int) -> None:
    rng = Rng(seed)
    rng.next64()
    copy = rng.copy()
    assert copy.state == rng.state
    assert copy.next64() == rng.next64()
    copy.next64()
    assert copy.state != rng.state
    before = rng.state
    child = rng.fork()
    assert rng.state != before, "fork must advance its parent"
    assert child.state == Rng(before).next64(), "a fork is seeded from the parent's next draw"


# ----------------------------------------------------------------------- below


@given(seed=seeds, n=st.integers(1, 2**70))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    for _ in range(5):
        assert 0 <= rng.below(n) < n


@given(seed=seeds, n=st.integers(1, 2**64))
def test_below_is_multiply_and_shift_of_the_next_draw(seed: int, n: int) -> None:
    rng, stream = Rng(seed), reference_stream(seed)
    for _ in range(3):
        assert rng.below(n) == (next(stream) * n) >> 64


def test_below_one_is_always_zero() -> None:
    rng = Rng(9)
    assert {rng.below(1) for _ in range(100)} == {0}


@pytest.mark.parametrize("n", [2, 6, 13])
def test_below_is_roughly_uniform(n: int) -> None:
    # A fixed seed, so this is exact and never flaky. The bound is about 6 sigma
    # for a fair die; a biased generator (e.g. modulo of a 16-bit value, or an
    # off-by-one) lands far outside it.
    rng = Rng(2024)
    draws = 6000 * n
    counts = Counter(rng.below(n) for _ in range(draws))
    assert sorted(counts) == list(range(n))
    expected = draws / n
    sigma = (draws * (1 / n) * (1 - 1 / n)) ** 0.5
    for value, count in counts.items():
        assert abs(count - expected) < 6 * sigma, f"{value} came {count} times of {draws}"


def test_below_uses_the_high_bits() -> None:
    # Multiply-and-shift reads the top bits, so even n = 2**k is not the low bits.
    rng, stream = Rng(77), reference_stream(77)
    for _ in range(100):
        assert rng.below(2**16) == next(stream) >> 48


# --------------------------------------------------------------------- shuffle


@given(seed=seeds, items=st.lists(st.integers(), max_size=80))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@given(seed=seeds, size=st.integers(0, 120))
def test_shuffle_is_fisher_yates_over_below(seed: int, size: int) -> None:
    # Whatever shortcut `shuffle` takes for speed, its result and the state it
    # leaves must be those of the plain loop over `below`.
    rng = Rng(seed)
    items = list(range(size))
    rng.shuffle(items)
    assert items == reference_shuffle(list(range(size)), seed)
    plain = Rng(seed)
    for i in range(size - 1, 0, -1):
        plain.below(i + 1)
    assert rng.state == plain.state, "shuffle leaves the generator where the loop would"


def test_every_size_from_zero_to_sixty_shuffles_like_the_loop() -> None:
    for size in range(61):
        for seed in (0, 1, MASK64, 2**63):
            items = list(range(size))
            Rng(seed).shuffle(items)
            assert items == reference_shuffle(list(range(size)), seed), f"size {size}"


def test_shuffle_works_on_any_mutable_sequence() -> None:
    letters = list("abcdefghijkl")
    Rng(3).shuffle(letters)
    assert sorted(letters) == list("abcdefghijkl")
    empty: list[int] = []
    Rng(3).shuffle(empty)
    assert empty == []


def test_shuffle_of_three_gives_every_order_about_equally() -> None:
    rng = Rng(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(850 < c < 1150 for c in counts.values()), counts


def test_a_long_shuffle_puts_each_item_anywhere_about_equally() -> None:
    rng = Rng(12)
    size, rounds = 20, 10000
    where: Counter[int] = Counter()
    last: Counter[int] = Counter()
    for _ in range(rounds):
        items = list(range(size))
        rng.shuffle(items)
        where[items.index(0)] += 1
        last[items[-1]] += 1
    for counts in (where, last):
        assert len(counts) == size
        assert all(380 < c < 620 for c in counts.values()), counts


# ---------------------------------------------------------------- derive_seed


@given(seed=seeds)
def test_derive_seed_without_labels_is_the_first_draw(seed: int) -> None:
    assert derive_seed(seed) == Rng(seed).next64()


@given(seed=seeds, labels=st.lists(st.integers(0, 2**40), max_size=4))
def test_derive_seed_is_stable_and_64_bit(seed: int, labels: list[int]) -> None:
    value = derive_seed(seed, *labels)
    assert value == derive_seed(seed, *labels)
    assert 0 <= value <= MASK64


def test_derive_seed_separates_labels_and_their_order() -> None:
    seen = {derive_seed(5, i) for i in range(2000)}
    assert len(seen) == 2000
    assert derive_seed(5, 1, 2) != derive_seed(5, 2, 1)
    assert derive_seed(5, 1) != derive_seed(5, 1, 0)
    assert derive_seed(5, 1) != derive_seed(6, 1)


def test_choice_is_the_item_below_draws() -> None:
    items = tuple(range(100, 137))
    chosen, drawn = Rng(9), Rng(9)
    for size in (1, 2, 5, 13, 26, 37) * 20:
        assert chosen.choice(items[:size]) == items[drawn.below(size)]
    assert chosen.state == drawn.state


def test_below_is_next64_scaled() -> None:
    fast, plain = Rng(4), Rng(4)
    for n in (1, 3, 48, 2**40):
        assert fast.below(n) == (plain.next64() * n) >> 64
