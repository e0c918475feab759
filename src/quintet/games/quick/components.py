"""Quick's 72 sorting cards (RULINGS §1) as ints with lookup tables, and the sort order.

Card n (1..72) has the number n and, by the edition's formula with i = ((n - 1) * 29)
mod 72: the letter "ABCDEFGHIJKL"[i mod 12], the colour [red, orange, yellow, green,
blue, purple][i div 12] and ((i mod 12) + (i div 12)) mod 6 + 1 flames. Every
letter/colour pair occurs once.

A criterion is one of `letter`, `colour`, `flames` and `number` (the 1-72 card); a
`-` before it means the card lies turned, which reverses that criterion's order.

>>> describe(1), describe(2), describe(13)
('1 A red 1', '2 F yellow 2', '13 A purple 6')
>>> order([4, 22, 33, 65, 70], parse_criteria(["number"]))
[4, 22, 33, 65, 70]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from quintet.core import JSONDict

CARD_COUNT: Final = 72
CARDS: Final = tuple(range(1, CARD_COUNT + 1))
LETTER_NAMES: Final = "ABCDEFGHIJKL"
#: The colour card shows this order: red first, purple last.
COLOUR_NAMES: Final = ("red", "orange", "yellow", "green", "blue", "purple")
MAX_FLAMES: Final = 6


def _index(card: int) -> int:
    return ((card - 1) * 29) % CARD_COUNT


#: Per card (index 0 unused): the letter (0..11), the colour (0..5) and the flames (1..6).
LETTER: Final = (0, *(_index(n) % 12 for n in CARDS))
COLOUR: Final = (0, *(_index(n) // 12 for n in CARDS))
FLAMES: Final = (0, *(((_index(n) % 12) + (_index(n) // 12)) % 6 + 1 for n in CARDS))

#: The criteria, in the words of the rules tools and the options.
LETTER_C: Final = "letter"
COLOUR_C: Final = "colour"
FLAMES_C: Final = "flames"
NUMBER_C: Final = "number"
#: The criterion cards besides the 1-72 card: zero to three of them lie in play.
PROPERTIES: Final = (LETTER_C, COLOUR_C, FLAMES_C)
CRITERIA: Final = (*PROPERTIES, NUMBER_C)
_VALUES: Final = {
    LETTER_C: LETTER,
    COLOUR_C: COLOUR,
    FLAMES_C: FLAMES,
    NUMBER_C: (0, *CARDS),
}


def is_card(value: object) -> bool:
    """Whether `value` is a card number: an int (not a bool) in 1..72."""
    return type(value) is int and 1 <= value <= CARD_COUNT


def card_name(card: int) -> str:
    """How a text names a card: "card 33"."""
    return f"card {card}"


def describe(card: int) -> str:
    """The card's four properties in one line: "13 A purple 6" (number, letter, colour, flames)."""
    return f"{card} {LETTER_NAMES[LETTER[card]]} {COLOUR_NAMES[COLOUR[card]]} {FLAMES[card]}"


def card_json(card: int) -> JSONDict:
    """The card as views and the rules tools show it."""
    return {
        "number": card,
        "letter": LETTER_NAMES[LETTER[card]],
        "colour": COLOUR_NAMES[COLOUR[card]],
        "flames": FLAMES[card],
    }


def value_name(criterion: str, card: int) -> str:
    """The card's value on one criterion as a person reads it ("B", "orange", "3", "40")."""
    if criterion == LETTER_C:
        return LETTER_NAMES[LETTER[card]]
    if criterion == COLOUR_C:
        return COLOUR_NAMES[COLOUR[card]]
    if criterion == FLAMES_C:
        return f"{FLAMES[card]} flames"
    return str(card)


class CriteriaError(ValueError):
    """Criteria that break the rules of the instruction cards; the message says which rule."""


@dataclass(frozen=True, slots=True)
class Criterion:
    """One instruction card: its criterion and whether it lies turned (reversed order)."""

    name: str
    turned: bool = False

    @property
    def text(self) -> str:
        return ("-" if self.turned else "") + self.name

    def value(self, card: int) -> int:
        value = _VALUES[self.name][card]
        return -value if self.turned else value


Criteria = tuple[Criterion, ...]


def parse_criteria(items: Iterable[str], *, simplified: bool = False) -> Criteria:
    """Read criteria such as ["letter", "-colour", "number"]; raises `CriteriaError`.

    The rules: each name is one of letter, colour, flames, number, at most once; a
    leading "-" turns it. Without `simplified` the 1-72 card (`number`) lies last and
    must be there; with `simplified` there is no 1-72 card and at least one criterion.
    """
    parsed: list[Criterion] = []
    for place, raw in enumerate(items, 1):
        # Only a known name is quoted back: an unknown one is named by its place.
        text = raw.strip().lower() if isinstance(raw, str) else ""
        turned = text.startswith("-")
        name = text[1:].strip() if turned else text
        if name not in CRITERIA:
            raise CriteriaError(
                f"criterion {place} is not one of letter, colour, flames and number "
                "(each turned with a leading '-')"
            )
        if any(c.name == name for c in parsed):
            raise CriteriaError(f"the criterion {name!r} is given twice; each card lies once")
        parsed.append(Criterion(name, turned))
    if simplified:
        if any(c.name == NUMBER_C for c in parsed):
            raise CriteriaError(
                "the simplified game has no 1-72 card: leave 'number' out of the criteria"
            )
        if not parsed:
            raise CriteriaError("the simplified game needs at least one criterion")
    elif not parsed or parsed[-1].name != NUMBER_C:
        raise CriteriaError(
            "the 1-72 card ('number' or '-number') always lies last, after zero to three of "
            "letter, colour and flames"
        )
    return tuple(parsed)


def criteria_texts(criteria: Criteria) -> list[str]:
    return [c.text for c in criteria]


def sort_key(card: int, criteria: Criteria) -> tuple[int, ...]:
    """The card's place in the order: smaller keys lie higher in the stack."""
    return tuple(c.value(card) for c in criteria)


def order(cards: Iterable[int], criteria: Criteria) -> list[int]:
    """The correct stack from the top down (ties, in the simplified game, by number)."""
    return sorted(cards, key=lambda card: (sort_key(card, criteria), card))


def groups(cards: Iterable[int], criteria: Criteria) -> list[list[int]]:
    """The correct stack from the top down as groups of cards equal on every criterion."""
    found: list[list[int]] = []
    last: tuple[int, ...] | None = None
    for card in order(cards, criteria):
        key = sort_key(card, criteria)
        if found and key == last:
            found[-1].append(card)
        else:
            found.append([card])
        last = key
    return found


def first_wrong(stack: Sequence[int], criteria: Criteria) -> int | None:
    """The position (0 = the top) of the first card that sorts before the card above it,
    or None when the stack, read from the top, is correct."""
    for place in range(1, len(stack)):
        if sort_key(stack[place], criteria) < sort_key(stack[place - 1], criteria):
            return place
    return None


def why_wrong(stack: Sequence[int], place: int, criteria: Criteria) -> str:
    """Why the card at `place` may not lie below the card above it (the deciding criterion)."""
    above, card = stack[place - 1], stack[place]
    equal: list[str] = []
    for criterion in criteria:
        if criterion.value(card) == criterion.value(above):
            equal.append(criterion.name)
            continue
        way = "turned: highest first" if criterion.turned else "lowest first"
        same = f"equal on {', '.join(equal)}; " if equal else ""
        return (
            f"card {card} lies below card {above} but must lie above it: {same}"
            f"{criterion.name} ({way}) puts {value_name(criterion.name, card)} before "
            f"{value_name(criterion.name, above)}"
        )
    raise ValueError(f"card {card} may lie below card {above}")  # pragma: no cover
