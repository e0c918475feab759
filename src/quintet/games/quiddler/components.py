"""Quiddler's cards (RULINGS §5): 118 cards, each named by the letters it spells.

A card is named by its lowercase letters: "a".."z" and the five two-letter cards "qu",
"in", "er", "th", "cl", which always spell both letters, in that order. Cards of the same
name are interchangeable, so a hand is a multiset of names.

>>> len(DECK), value("qu"), CARDS["e"]
(118, 9, (2, 12))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

#: name -> (value, count in the deck), in the rulebook's order.
CARDS: Final[dict[str, tuple[int, int]]] = {
    "a": (2, 10),
    "b": (8, 2),
    "c": (8, 2),
    "d": (5, 4),
    "e": (2, 12),
    "f": (6, 2),
    "g": (6, 4),
    "h": (7, 2),
    "i": (2, 8),
    "j": (13, 2),
    "k": (8, 2),
    "l": (3, 4),
    "m": (5, 2),
    "n": (5, 6),
    "o": (2, 8),
    "p": (6, 2),
    "q": (15, 2),
    "r": (5, 6),
    "s": (3, 4),
    "t": (3, 6),
    "u": (4, 6),
    "v": (11, 2),
    "w": (10, 2),
    "x": (12, 2),
    "y": (4, 4),
    "z": (14, 2),
    "er": (7, 2),
    "cl": (10, 2),
    "in": (7, 2),
    "th": (9, 2),
    "qu": (9, 2),
}

#: Every card of the deck, each name as many times as the deck holds it (118 names).
DECK: Final[tuple[str, ...]] = tuple(
    name for name, (_, count) in CARDS.items() for _ in range(count)
)


def value(card: str) -> int:
    """The points of a card; a `KeyError` for a name that is no Quiddler card."""
    return CARDS[card][0]


# --------------------------------------------------------------- for the rules
#
# Added by the rules (`rules.py`): the order hands are shown in, and the small facts
# about a card that the rules and the scoring need.

#: Every card name in the order hands, piles and legal actions list them: alphabetical, so a
#: two-letter card sits after the letter it starts with ("c", "cl", "d").
NAMES: Final[tuple[str, ...]] = tuple(sorted(CARDS))
#: Rounds in a game; round r deals r + 2 cards (3 .. 10).
ROUNDS: Final = 8


def is_card(name: object) -> bool:
    """Whether `name` is the name of a Quiddler card ("qu" is, "u " and "Q" are not)."""
    return isinstance(name, str) and name in CARDS


def hand_size(round_no: int) -> int:
    """Cards dealt to each seat in round `round_no` (1-based): 3 in round 1, 10 in round 8."""
    return round_no + 2


def points(cards: Iterable[str]) -> int:
    """The sum of the cards' values."""
    return sum(CARDS[card][0] for card in cards)


def letters(cards: Iterable[str]) -> int:
    """How many letters the cards spell: a two-letter card counts 2 (the longest-word bonus)."""
    return sum(len(card) for card in cards)


def spell(cards: Iterable[str]) -> str:
    """The word the cards spell, in order: ("qu", "i", "t") spells "quit"."""
    return "".join(cards)
