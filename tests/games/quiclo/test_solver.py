"""Quiclo's solver against a plain brute force, and every promise of its API.

The brute force tries every ordered sequence of 2-4 distinct operands (own cards and the other
two tops, at least one own) with every operator sequence, and evaluates each chain with a
reference evaluator written here from RULINGS §3. That evaluator is itself checked against
`arithmetic.evaluate`, and every claim the solver returns is checked with `arithmetic.evaluate`
and `arithmetic.explain` too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, fields
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quintet.core import BadInput, Rng
from quintet.games.quiclo import _solver_engine, components, solver
from quintet.games.quiclo.arithmetic import OPERATORS, ChainError, evaluate, explain
from quintet.games.quiclo.solver import Claim, Claims

Key = tuple[int, tuple[int, ...], tuple[str, ...]]


# ----------------------------------------------------------------- the reference


def reference_value(operands: Sequence[int], operators: Sequence[str]) -> int | None:
    """RULINGS §3 read literally: the chain's value, or None if it breaks a rule.

    x and / before + and -, otherwise left to right; every division exact; no value met is
    negative: each partial product or quotient, and the running total after every + or -.
    """
    # Split into terms: each is a product/quotient evaluated left to right.
    terms: list[tuple[str, int]] = []
    sign, value = "+", operands[0]
    for op, operand in zip(operators, operands[1:], strict=True):
        if op == "*":
            value *= operand
        elif op == "/":
            if value % operand != 0:
                return None
            value //= operand
        else:
            terms.append((sign, value))
            sign, value = op, operand
        if value < 0:
            return None
    terms.append((sign, value))
    total = 0
    for sign, value in terms:
        total = total + value if sign == "+" else total - value
        if total < 0:
            return None
    return total


def brute_force(hand: Sequence[int], tops: Sequence[int]) -> set[Key]:
    """Every valid claim by trying every chain."""
    own = set(hand)
    found: set[Key] = set()
    for stack, result in enumerate(tops):
        pool = [*hand, *(top for top in tops if top != result)]
        for length in (2, 3, 4):
            for operands in permutations(pool, length):
                if own.isdisjoint(operands):
                    continue
                for operators in product(OPERATORS, repeat=length - 1):
                    if reference_value(operands, operators) == result:
                        found.add((stack, operands, operators))
    return found


def key(claim: Claim) -> Key:
    return claim.stack, claim.operands, claim.operators


def order_key(claim: Claim) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """The documented order: stack, number of operands, operands, operators as in OPERATORS."""
    ops = tuple(OPERATORS.index(op) for op in claim.operators)
    return claim.stack, len(claim.operands), claim.operands, ops


def check_claim(claim: Claim, hand: Sequence[int], tops: Sequence[int]) -> None:
    """Everything a single claim must be, checked with the project's arithmetic."""
    assert 0 <= claim.stack <= 2
    assert claim.result == tops[claim.stack]
    assert 2 <= len(claim.operands) <= 4
    assert len(claim.operators) == len(claim.operands) - 1
    assert len(set(claim.operands)) == len(claim.operands)
    assert claim.result not in claim.operands
    usable = set(hand) | {top for top in tops if top != claim.result}
    assert set(claim.operands) <= usable
    assert claim.own == tuple(card for card in claim.operands if card in set(hand))
    assert claim.own
    assert evaluate(claim.operands, claim.operators) == claim.result
    assert explain(claim.operands, claim.operators, claim.result).valid


def cards(draw: st.DrawFn, own: int) -> tuple[list[int], list[int]]:
    """A hand of ``own`` cards and three tops, all distinct; small numbers are frequent so
    that products and exact quotients come up often."""
    card = st.one_of(st.integers(1, 16), st.integers(1, 48), st.integers(1, 144))
    drawn = draw(st.lists(card, min_size=own + 3, max_size=own + 3, unique=True))
    return drawn[3:], drawn[:3]


@st.composite
def small_tables(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    return cards(draw, draw(st.integers(0, 5)))


def dealt(seed: int, players: int = 6) -> tuple[list[tuple[int, ...]], tuple[int, int, int]]:
    """A table dealt as the game deals it."""
    hands, tops, _ = components.deal(Rng(seed), players)
    return hands, tops


# ----------------------------------------------------------------- the reference itself


@given(
    st.lists(st.integers(1, 30), min_size=2, max_size=5),
    st.data(),
)
def test_the_reference_evaluator_agrees_with_the_arithmetic_module(
    operands: list[int], data: st.DataObject
) -> None:
    operators = data.draw(
        st.lists(st.sampled_from(OPERATORS), min_size=len(operands) - 1, max_size=len(operands) - 1)
    )
    try:
        expected: int | None = evaluate(operands, operators)
    except ChainError:
        expected = None
    assert reference_value(operands, operators) == expected


@pytest.mark.parametrize(
    ("operands", "operators", "value"),
    [
        ((12, 7, 3), ("+", "*"), 33),  # x before +
        ((3, 5, 10), ("-", "+"), None),  # the running total is -2 after 3 - 5
        ((10, 3, 4), ("-", "*"), None),  # 10 - 12 < 0 once the term 3 x 4 is complete
        ((7, 2, 4), ("/", "*"), None),  # 7 / 2 leaves a remainder, though 7 x 4 / 2 would not
        ((7, 4, 2), ("*", "/"), 14),
        ((5, 5, 9), ("-", "+"), 9),  # zero on the way is allowed
        ((20, 5, 2, 3), ("/", "/", "-"), None),  # 4 / 2 is fine, 20 / 5 / 2 = 2, 2 - 3 < 0
    ],
)
def test_reference_examples(
    operands: tuple[int, ...], operators: tuple[str, ...], value: int | None
) -> None:
    assert reference_value(operands, operators) == value


# ----------------------------------------------------------------- against the brute force


@settings(max_examples=150)
@given(small_tables())
def test_small_hands_give_exactly_the_brute_force_claims(
    table: tuple[list[int], list[int]],
) -> None:
    hand, tops = table
    claims = solver.solve(hand, tops)
    assert {key(claim) for claim in claims} == brute_force(hand, tops)
    assert len({key(claim) for claim in claims}) == len(claims)  # no claim twice
    assert solver.count(hand, tops) == len(claims)
    assert solver.has_claim(hand, tops) == bool(claims)
    for claim in claims:
        check_claim(claim, hand, tops)


@pytest.mark.parametrize("seed", range(40))
def test_dealt_hands_of_up_to_six_cards_match_the_brute_force(seed: int) -> None:
    # Real deals (cards spread over 1..144 as in play), cut down to late-game sizes.
    rng = random.Random(seed)
    hands, tops = dealt(seed)
    hand = rng.sample(hands[0], rng.randint(1, 6))
    claims = solver.solve(hand, tops)
    assert {key(claim) for claim in claims} == brute_force(hand, tops)
    assert len(claims) == solver.count(hand, tops)


#: Small and composite numbers: many products and exact quotients of 3 and 4 operands.
COMPOSITE_HAND = (1, 2, 3, 4, 6, 8, 12, 18, 36, 48, 72, 144)
COMPOSITE_TOPS = (24, 9, 16)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hand", "tops"),
    [
        # A dealt hand, as at the start of a real game.
        pytest.param(dealt(2024)[0][0], dealt(2024)[1], id="dealt"),
        pytest.param(COMPOSITE_HAND, COMPOSITE_TOPS, id="composite"),
    ],
)
def test_a_full_hand_gives_exactly_the_brute_force_claims(
    hand: tuple[int, ...], tops: tuple[int, int, int]
) -> None:
    # 12 own cards and 2 tops: about 4.6 million chains, a few seconds.
    claims = solver.solve(hand, tops)
    assert len(claims) > 500
    assert {key(claim) for claim in claims} == brute_force(hand, tops)
    assert len(claims) == solver.count(hand, tops)
    for claim in claims:
        check_claim(claim, hand, tops)


def test_every_kind_of_chain_is_found_in_the_composite_hand() -> None:
    # Each of the 4 + 16 + 64 operator sequences has at least one claim here, so the
    # brute-force comparison above covers every branch of the search.
    seen = {claim.operators for claim in solver.solve(COMPOSITE_HAND, COMPOSITE_TOPS)}
    assert seen == {ops for length in (1, 2, 3) for ops in product(OPERATORS, repeat=length)}


# ----------------------------------------------------------------- a whole table


def test_solve_table_is_solve_per_hand() -> None:
    hands, tops = dealt(7)
    table = solver.solve_table(hands, tops)
    assert len(table) == len(hands)
    for hand, claims in zip(hands, table, strict=True):
        alone = solver.solve(hand, tops)
        assert isinstance(claims, Claims)
        assert len(claims) == len(alone) > 0  # len needs no building
        assert claims == alone
        assert list(claims) == alone
        assert claims[0] == alone[0] and claims[-1] == alone[-1]
        assert claims[3:9] == alone[3:9]
        assert alone[5] in claims
    assert table[0] != table[1]
    assert "claims of hand" in repr(table[0])


def test_claims_compare_like_lists() -> None:
    empty = solver.solve_table([[]], [1, 2, 3])[0]
    assert len(empty) == 0
    assert empty == []
    assert empty != [Claim(0, 1, (2, 3), ("-",), (2,))]
    assert empty != "not a sequence of claims"
    with pytest.raises(TypeError):
        hash(empty)


def test_a_card_in_two_hands_is_refused() -> None:
    with pytest.raises(BadInput, match="card 5 is in hand 1") as refused:
        solver.solve_table([[1, 5], [5, 7]], [10, 11, 12])
    assert refused.value.code == "quiclo/duplicate_card"


def test_has_claim_at_dealt_tables_agrees_with_solve_table() -> None:
    for seed in range(5):
        hands, tops = dealt(seed)
        table = solver.solve_table(hands, tops)
        assert [solver.has_claim(hand, tops) for hand in hands] == [bool(c) for c in table]


@settings(max_examples=300)
@given(small_tables())
def test_has_claim_agrees_with_count(table: tuple[list[int], list[int]]) -> None:
    hand, tops = table
    assert solver.has_claim(hand, tops) == (solver.count(hand, tops) > 0)


@settings(max_examples=300)
@given(small_tables())
def test_the_quick_try_finds_only_valid_claims(table: tuple[list[int], list[int]]) -> None:
    hand, tops = table
    found = _solver_engine.quick_claim(sorted(hand), tops)
    if found is None:
        return
    stack, found_key = found
    operands, code = _solver_engine.decode(found_key, 3)
    operators = (OPERATORS[code // 4], OPERATORS[code % 4])
    own = tuple(card for card in operands if card in hand)
    claim = Claim(stack, tops[stack], tuple(operands), operators, own)
    check_claim(claim, hand, tops)
    assert key(claim) in solver_keys(hand, tops)


# ----------------------------------------------------------------- claims as keys


def test_claim_keys_is_iter_claims_read_by_number_of_operands() -> None:
    hands, tops = dealt(17)
    for hand in hands[:3]:
        for longest, stacks in ((4, (0, 1, 2)), (3, (2, 0)), (2, (1,))):
            expected = list(solver.iter_claims(hand, tops, max_operands=longest, stacks=stacks))
            found = solver.claim_keys(hand, tops, max_operands=longest, stacks=stacks)
            assert len(found) == len(expected) > 0
            assert found.sizes == tuple(
                sum(len(c.operands) == n for c in expected) for n in range(5)
            )
            # By number of operands, then stack: claim i of a length is `at(length, i)`.
            for length in range(2, 5):
                of_length = [c for c in expected if len(c.operands) == length]
                assert found.sizes[length] == len(of_length)
                read = [found.claim(*found.at(length, i)) for i in range(found.sizes[length])]
                assert read == sorted(of_length, key=lambda c: c.stack)
                for stack in range(3):
                    keys = found.keys(stack, length)
                    assert list(keys) == sorted(keys)
                    assert len(keys) == sum(c.stack == stack for c in of_length)
                with pytest.raises(IndexError):
                    found.at(length, found.sizes[length])
                with pytest.raises(IndexError):
                    found.at(length, -1)
            assert found == expected  # as a sequence too
            assert list(found) == expected


def test_claim_keys_builds_only_the_claims_read() -> None:
    hands, tops = dealt(19)
    found = solver.claim_keys(hands[0], tops)
    assert len(found.keys(0, 4)) > 100
    claim = found.claim(*found.at(4, 100))
    assert found._built is None  # no Claim but the one read
    # Stack 0's 101st claim of 4 operands, after its claims of 2 and 3.
    assert claim == found[len(found.keys(0, 2)) + len(found.keys(0, 3)) + 100]
    assert found._built is not None  # reading the sequence built them all
    twin = Claim(claim.stack, claim.result, claim.operands, claim.operators, claim.own)
    assert twin == claim and hash(twin) == hash(claim)
    check_claim(claim, hands[0], tops)


# ----------------------------------------------------------------- the kept positions


@pytest.fixture
def cold() -> Iterator[None]:
    """Each test starts (and leaves) with nothing kept."""
    solver.clear_caches()
    yield
    solver.clear_caches()


def by_length(claims: Sequence[Claim], longest: int) -> set[Key]:
    return {key(claim) for claim in claims if len(claim.operands) <= longest}


#: Ways into one position before it is solved in full: each leaves part of it searched
#: (and kept) and the full search must extend it, never repeat or lose a part.
ROUTES: dict[str, Callable[[list[int], list[int]], object]] = {
    "has_claim": solver.has_claim,
    "three": lambda hand, tops: solver.claim_keys(hand, tops, max_operands=3),
    "two": lambda hand, tops: solver.claim_keys(hand, tops, max_operands=2),
    "stack 1": lambda hand, tops: solver.claim_keys(hand, tops, stacks=(1,)),
    "count": solver.count,
}


@settings(max_examples=120, deadline=None)
@given(small_tables(), st.lists(st.sampled_from(sorted(ROUTES)), max_size=3))
def test_every_route_into_a_kept_position_ends_with_the_brute_force_claims(
    table: tuple[list[int], list[int]], routes: list[str]
) -> None:
    hand, tops = table
    solver.clear_caches()
    everything = brute_force(hand, tops)
    for route in routes:
        ROUTES[route](hand, tops)
    three = solver.claim_keys(hand, tops, max_operands=3)
    assert {key(c) for c in three} == {k for k in everything if len(k[1]) <= 3}
    assert solver.has_claim(hand, tops) == bool(everything)
    assert {key(c) for c in solver.solve(hand, tops)} == everything
    assert solver.count(hand, tops) == len(everything)
    solver.clear_caches()


def test_the_end_check_of_a_hand_with_only_long_chains_keeps_a_correct_search(
    cold: None,
) -> None:
    # No chain of 2 or 3 operands: has_claim goes on to the 4-operand kinds (tables built
    # in two stages) and keeps what it searched in full; the claims read afterwards come
    # from that.
    hand, tops = (43, 56, 71), (91, 25, 83)
    assert solver.has_claim(hand, tops)
    assert not solver.claim_keys(hand, tops, max_operands=3)
    assert {key(c) for c in solver.solve(hand, tops)} == brute_force(hand, tops)
    # And where nothing is left at all (an end-of-game hand), the same: nothing.
    assert not solver.has_claim([108, 123], [115, 137, 134])
    assert solver.solve([108, 123], [115, 137, 134]) == []


def test_the_same_hand_against_new_tops_and_tops_against_new_hands(cold: None) -> None:
    # As in a game: one hand meets tops that change one at a time, and is then cut down.
    hands, tops = dealt(23)
    hand = hands[0]
    seen = []
    for new_top in (hands[1][0], hands[2][0], hands[3][0]):
        tops = (tops[0], new_top, tops[2])
        seen.append(solver.solve(hand, tops))
        hand = hand[1:] if len(hand) > 4 else hand
    solver.clear_caches()
    tops = dealt(23)[1]
    hand = hands[0]
    for index, new_top in enumerate((hands[1][0], hands[2][0], hands[3][0])):
        tops = (tops[0], new_top, tops[2])
        assert solver.solve(hand, tops) == seen[index]
        hand = hand[1:] if len(hand) > 4 else hand


def test_the_kept_positions_are_bounded(cold: None) -> None:
    for seed in range(solver.POSITIONS_KEPT // 6 + 4):
        hands, tops = dealt(seed)
        for hand in hands:
            solver.has_claim(hand[:3], tops)  # stops early, or keeps a little
            solver.claim_keys(hand, tops, max_operands=3)
    kept = solver._kept._items  # the least-recently-used store itself
    assert len(kept) == solver.POSITIONS_KEPT
    # The latest are the ones kept.
    hands, tops = dealt(solver.POSITIONS_KEPT // 6 + 3)
    assert (tuple(sorted(hands[-1])), tops) in kept
    solver.clear_caches()
    assert not kept


# ----------------------------------------------------------------- order, limit, filters


def test_order_is_the_documented_one_and_does_not_depend_on_the_hand_order() -> None:
    hands, tops = dealt(11)
    hand = list(hands[3])
    claims = solver.solve(hand, tops)
    assert claims == sorted(claims, key=order_key)
    assert [claim.stack for claim in claims] == sorted(claim.stack for claim in claims)
    assert solver.solve(hand[::-1], tops) == claims
    assert solver.solve(tuple(hand), list(tops)) == claims


def test_limit_gives_the_first_claims() -> None:
    hands, tops = dealt(3)
    claims = solver.solve(hands[0], tops)
    for limit in (0, 1, 7, len(claims), len(claims) + 5):
        assert solver.solve(hands[0], tops, limit=limit) == claims[:limit]
    for bad in (-1, 1.5, True):
        with pytest.raises(BadInput, match="limit") as refused:
            solver.solve(hands[0], tops, limit=bad)  # type: ignore[arg-type]
        assert refused.value.code == "quiclo/bad_limit"


def test_max_operands_and_stacks_filter_the_same_claims() -> None:
    hands, tops = dealt(5)
    hand = hands[2]
    claims = solver.solve(hand, tops)
    for longest in (2, 3, 4):
        for stacks in ((0, 1, 2), (1,), (2, 0), (0, 0), ()):
            got = list(solver.iter_claims(hand, tops, max_operands=longest, stacks=stacks))
            assert got == [c for c in claims if len(c.operands) <= longest and c.stack in stacks], (
                longest,
                stacks,
            )
    assert any(len(c.operands) == 2 for c in claims) or any(len(c.operands) == 3 for c in claims)


def test_iter_claims_is_lazy_and_stops_early() -> None:
    hands, tops = dealt(9)
    claims = solver.iter_claims(hands[1], tops)
    assert isinstance(claims, Iterator)
    first = next(claims)
    assert first == solver.solve(hands[1], tops)[0]


# ----------------------------------------------------------------- edge cases


def test_an_empty_hand_has_no_claim_even_when_the_tops_make_one() -> None:
    # 2 + 3 = 5 with the tops alone is no claim: it needs an own card.
    assert solver.solve([], [5, 2, 3]) == []
    assert not solver.has_claim([], [5, 2, 3])
    assert solver.count([], [5, 2, 3]) == 0


def test_one_card_claims_with_the_other_tops() -> None:
    claims = solver.solve([4], [10, 6, 100])
    assert [str(claim) for claim in claims] == [
        "4 + 6 = 10",
        "6 + 4 = 10",
        "10 - 4 = 6",
        "100 / 10 - 4 = 6",
    ]
    for claim in claims:
        check_claim(claim, [4], [10, 6, 100])
    assert [claim.own for claim in claims] == [(4,)] * len(claims)


def test_a_result_card_is_never_its_own_operand() -> None:
    # 6 = 6 * 1 would need the top 6 as an operand of stack 1's claim.
    claims = solver.solve([1, 5], [7, 6, 30])
    assert all(claim.result not in claim.operands for claim in claims)
    assert (1, (6, 1), ("*",)) not in {key(claim) for claim in claims}
    assert (0, (6, 1), ("+",)) in {key(claim) for claim in claims}  # 6 + 1 = 7 is fine


def test_rule_examples() -> None:
    found = {key(claim) for claim in solver.solve([12, 7, 3], [33, 140, 141])}
    assert (0, (12, 7, 3), ("+", "*")) in found  # 12 + 7 x 3 = 33
    assert (0, (7, 3, 12), ("*", "+")) in found
    # (12 + 7) x 3 = 57 is no chain: there are no parentheses.
    assert not [key for key in solver_keys([12, 7, 3], [57, 1, 2]) if key[0] == 0]
    # 3 - 5 + 10 = 8 runs below zero; 10 - 5 + 3 = 8 does not.
    keys = solver_keys([3, 5, 10], [8, 140, 141])
    assert (0, (3, 5, 10), ("-", "+")) not in keys
    assert (0, (10, 5, 3), ("-", "+")) in keys
    # 7 / 2 x 4 = 14 leaves a remainder at 7 / 2; 7 x 4 / 2 = 14 does not.
    keys = solver_keys([7, 2, 4], [14, 140, 141])
    assert (0, (7, 2, 4), ("/", "*")) not in keys
    assert (0, (7, 4, 2), ("*", "/")) in keys


def solver_keys(hand: list[int], tops: list[int]) -> set[Key]:
    return {key(claim) for claim in solver.solve(hand, tops)}


@pytest.mark.parametrize(
    ("hand", "tops", "code", "words"),
    [
        ([0, 5], [1, 2, 3], "quiclo/not_a_card", "hand: 0 is not a card"),
        ([145], [1, 2, 3], "quiclo/not_a_card", "145"),
        ([True, 5], [1, 2, 3], "quiclo/not_a_card", "True"),
        ([5, "6"], [1, 2, 3], "quiclo/not_a_card", "'6'"),
        ([5], [1, 2.0, 3], "quiclo/not_a_card", "tops: 2.0"),
        ([5, 5], [1, 2, 3], "quiclo/duplicate_card", "card 5 appears twice"),
        ([5], [1, 1, 3], "quiclo/duplicate_card", "tops: card 1 appears twice"),
        ([5, 2], [1, 2, 3], "quiclo/duplicate_card", "card 2 is both in the hand and on a stack"),
        ([5], [1, 2], "quiclo/bad_tops", "3 cards"),
        ([5], [1, 2, 3, 4], "quiclo/bad_tops", "not 4"),
    ],
)
def test_bad_cards_are_refused_by_name(
    hand: list[int], tops: list[int], code: str, words: str
) -> None:
    calls = (solver.solve, solver.count, solver.has_claim, solver.iter_claims, solver.claim_keys)
    for call in calls:
        with pytest.raises(BadInput) as refused:
            call(hand, tops)
        assert refused.value.code == code
        assert words in refused.value.message
    with pytest.raises(BadInput):
        solver.solve_table([hand], tops)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"max_operands": 1}, "quiclo/bad_max_operands"),
        ({"max_operands": 5}, "quiclo/bad_max_operands"),
        ({"stacks": (3,)}, "quiclo/bad_stack"),
        ({"stacks": (-1,)}, "quiclo/bad_stack"),
        ({"stacks": (True,)}, "quiclo/bad_stack"),
    ],
)
def test_bad_options_are_refused_at_the_call(options: dict[str, object], code: str) -> None:
    for call in (solver.iter_claims, solver.claim_keys):
        with pytest.raises(BadInput) as refused:
            call([5, 6], [11, 1, 30], **options)  # type: ignore[arg-type]
        assert refused.value.code == code


# ----------------------------------------------------------------- the claim object


def test_claim_json_and_action() -> None:
    claim = next(solver.iter_claims([12, 7], [33, 3, 141]))
    assert claim.to_json() == {
        "stack": claim.stack,
        "result": claim.result,
        "operands": list(claim.operands),
        "operators": list(claim.operators),
        "own": list(claim.own),
    }
    action = claim.to_action()
    assert action == {
        "type": "claim",
        "stack": claim.stack,
        "expect": claim.result,
        "operands": list(claim.operands),
        "operators": list(claim.operators),
        "order": list(claim.own),
    }
    example = [c for c in solver.solve([12, 7], [33, 3, 141]) if c.operands == (12, 7, 3)]
    assert [str(c) for c in example] == ["12 + 7 * 3 = 33"]
    assert example[0].own == (12, 7)


def test_built_claims_equal_constructed_ones() -> None:
    hands, tops = dealt(13)
    claims = solver.solve(hands[4], tops)
    for claim in claims[::37]:
        twin = Claim(**asdict(claim))
        assert twin == claim and hash(twin) == hash(claim)
        assert [getattr(claim, f.name) for f in fields(Claim)] == list(asdict(claim).values())
    with pytest.raises(AttributeError):
        claims[0].stack = 2  # type: ignore[misc]
