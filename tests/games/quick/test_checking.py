"""The 72 cards and the checking of stacks, against an independent reference written here.

The reference reads RULINGS §1 afresh: the card formula, the colour card's order and
"sorted by the criteria in order, smallest first", with no code from the game.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.quick.helpers import klaar_all, set_tables, sorting, tick_until

from quintet.games.quick import GAME
from quintet.games.quick.components import (
    COLOUR,
    COLOUR_NAMES,
    FLAMES,
    LETTER,
    LETTER_NAMES,
    CriteriaError,
    card_json,
    first_wrong,
    groups,
    order,
    parse_criteria,
)

COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]


def reference_card(n: int) -> tuple[str, str, int]:
    i = ((n - 1) * 29) % 72
    return "ABCDEFGHIJKL"[i % 12], COLOURS[i // 12], ((i % 12) + (i // 12)) % 6 + 1


def reference_value(card: int, criterion: str) -> int:
    letter, colour, flames = reference_card(card)
    name = criterion.lstrip("-")
    value = {
        "letter": ord(letter),
        "colour": COLOURS.index(colour),
        "flames": flames,
        "number": card,
    }[name]
    return -value if criterion.startswith("-") else value


def reference_first_wrong(stack: list[int], criteria: list[str]) -> int | None:
    """Turn the cards one by one; the first that must lie above the one before it."""
    for place in range(1, len(stack)):
        for criterion in criteria:
            above = reference_value(stack[place - 1], criterion)
            here = reference_value(stack[place], criterion)
            if here != above:
                if here < above:
                    return place
                break
    return None


# ------------------------------------------------------------------------- cards


def test_the_cards_follow_the_editions_formula() -> None:
    for n in range(1, 73):
        letter, colour, flames = reference_card(n)
        assert (LETTER_NAMES[LETTER[n]], COLOUR_NAMES[COLOUR[n]], FLAMES[n]) == (
            letter,
            colour,
            flames,
        )
        assert card_json(n) == {"number": n, "letter": letter, "colour": colour, "flames": flames}


def test_the_rulings_examples() -> None:
    assert reference_card(1) == ("A", "red", 1)
    assert card_json(1) == {"number": 1, "letter": "A", "colour": "red", "flames": 1}
    assert card_json(2) == {"number": 2, "letter": "F", "colour": "yellow", "flames": 2}
    assert card_json(13) == {"number": 13, "letter": "A", "colour": "purple", "flames": 6}


def test_every_letter_colour_pair_once_and_even_counts() -> None:
    cards = [card_json(n) for n in range(1, 73)]
    assert len({(c["letter"], c["colour"]) for c in cards}) == 72
    assert set(Counter(c["letter"] for c in cards).values()) == {6}
    assert set(Counter(c["colour"] for c in cards).values()) == {12}
    assert set(Counter(c["flames"] for c in cards).values()) == {12}


def test_the_rulebooks_example_stack() -> None:
    criteria = parse_criteria(["number"])
    assert order([70, 33, 4, 65, 22], criteria) == [4, 22, 33, 65, 70]
    assert first_wrong([4, 22, 33, 65, 70], criteria) is None
    assert first_wrong([70, 65, 33, 22, 4], criteria) == 1


def test_criteria_rules() -> None:
    assert [c.text for c in parse_criteria(["flames", "-colour", "letter", "number"])] == [
        "flames",
        "-colour",
        "letter",
        "number",
    ]
    for bad in (["letter"], [], ["number", "number"], ["-", "number"]):
        try:
            parse_criteria(bad)
        except CriteriaError:
            continue
        raise AssertionError(f"{bad} was accepted")


# --------------------------------------------------------------------- checking

ALL_CRITERIA = [
    [*chosen, last]
    for k in range(4)
    for chosen in permutations(["letter", "-letter", "colour", "-colour", "flames", "-flames"], k)
    if len({c.lstrip("-") for c in chosen}) == k
    for last in ("number", "-number")
]

stacks = st.lists(st.integers(1, 72), min_size=1, max_size=10, unique=True)


@settings(max_examples=300)
@given(stack=stacks, criteria=st.sampled_from(ALL_CRITERIA))
def test_first_wrong_matches_the_reference(stack: list[int], criteria: list[str]) -> None:
    parsed = parse_criteria(criteria)
    assert first_wrong(stack, parsed) == reference_first_wrong(stack, criteria)
    right = order(stack, parsed)
    assert reference_first_wrong(right, criteria) is None
    assert sorted(right) == sorted(stack)


@settings(max_examples=200)
@given(
    stack=stacks,
    criteria=st.lists(
        st.sampled_from(["letter", "-letter", "colour", "-colour", "flames", "-flames"]),
        min_size=1,
        max_size=3,
        unique_by=lambda c: c.lstrip("-"),
    ),
)
def test_simplified_groups_hold_cards_equal_on_every_criterion(
    stack: list[int], criteria: list[str]
) -> None:
    parsed = parse_criteria(criteria, simplified=True)
    found = groups(stack, parsed)
    assert sorted(c for g in found for c in g) == sorted(stack)
    for group in found:
        values = {tuple(reference_value(c, k) for k in criteria) for c in group}
        assert len(values) == 1
    # Any order inside the groups is correct.
    flat = [c for g in found for c in reversed(g)]
    assert reference_first_wrong(flat, criteria) is None
    assert first_wrong(flat, parsed) is None


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    criteria=st.sampled_from(ALL_CRITERIA),
    players=st.integers(2, 6),
)
def test_a_checked_round_matches_the_reference(
    data: st.DataObject, criteria: list[str], players: int
) -> None:
    cards = data.draw(st.permutations(list(range(1, 73))))
    stacks = [list(cards[5 * s : 5 * s + 5]) for s in range(players)]
    # Some stacks correct, as sorted by the reference; the others as dealt.
    for seat in range(players):
        if data.draw(st.booleans()):
            stacks[seat].sort(key=lambda c: [reference_value(c, k) for k in criteria])
    klaar = data.draw(st.permutations(list(range(players))))
    state = sorting(players, criteria=criteria, stall_rounds=0)
    set_tables(state, {seat: [stack] for seat, stack in enumerate(stacks)})
    klaar_all(state, klaar)
    events = tick_until(state, "scored")

    pot = max(players - 2, 1)
    chips = [0] * players
    turned: list[tuple[int, int]] = []
    for seat in klaar:
        if pot == 0:
            break
        wrong = reference_first_wrong(stacks[seat], criteria)
        last = len(stacks[seat]) if wrong is None else wrong + 1
        turned += [(seat, c) for c in stacks[seat][:last]]
        if wrong is None:
            chips[seat] += 1
            pot -= 1
    assert state.chips == chips
    assert [(e.data["seat"], e.data["card"]["number"]) for e in events if e.type == "revealed"] == (
        turned
    )
    assert GAME.view(state, 0)["pot"] == pot
