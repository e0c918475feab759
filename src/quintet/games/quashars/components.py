"""Quashars' cards as small ints, with lookup tables built at import.

A trick card is `colour * 12 + (number - 1)`: red 0-11, yellow 12-23,
green 24-35, blue 36-47. Hands are int bitmasks over these 48 bits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
COLOURS: Final = ("red", "yellow", "green", "blue")
COLOUR_LETTERS: Final = "RYGB"
#: A symbol per colour, so colour is never the only cue.
COLOUR_SYMBOLS: Final = ("♦", "☀", "♣", "♠")
TRUMP: Final = RED

NUMBERS_BY_PLAYERS: Final = {3: 9, 4: 12}
CARD_COUNT: Final = 48
HAND_SIZE: Final = 12
TRICKS: Final = 12


def card(colour: int, number: int) -> int:
    return colour * 12 + number - 1


def colour_of(card_id: int) -> int:
    return card_id // 12


def number_of(card_id: int) -> int:
    return card_id % 12 + 1


def code(card_id: int) -> str:
    """The short name of a card: "Y9" is the yellow 9."""
    return f"{COLOUR_LETTERS[card_id // 12]}{card_id % 12 + 1}"


def name(card_id: int) -> str:
    """The long name of a card: "yellow 9"."""
    return f"{COLOURS[card_id // 12]} {card_id % 12 + 1}"


CODES: Final = tuple(code(c) for c in range(CARD_COUNT))
CARD_BY_CODE: Final = {c: i for i, c in enumerate(CODES)}

#: Bitmask of every card of a colour.
COLOUR_MASK: Final = tuple(((1 << 12) - 1) << (12 * c) for c in range(4))


def deck_mask(players: int) -> int:
    """The cards in play: numbers 1-9 with 3 players, 1-12 with 4."""
    top = NUMBERS_BY_PLAYERS[players]
    return sum(((1 << top) - 1) << (12 * c) for c in range(4))


def deck(players: int) -> list[int]:
    mask = deck_mask(players)
    return [c for c in range(CARD_COUNT) if mask >> c & 1]


#: The deck of each player count, ascending: the order every deal shuffles from.
DECKS: Final = {players: tuple(deck(players)) for players in NUMBERS_BY_PLAYERS}
#: `BIT[c] == 1 << c`: a card's bit in a hand mask.
BIT: Final = tuple(1 << c for c in range(CARD_COUNT))


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


#: The cards of a mask, ascending, by colour and 12-bit chunk: four lookups list any hand,
#: one lists a hand's cards of one colour.
CHUNK_CARDS: Final = tuple(
    tuple(tuple(12 * colour + i for i in range(12) if bits >> i & 1) for bits in range(1 << 12))
    for colour in range(4)
)


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a bitmask, ascending."""
    return (
        CHUNK_CARDS[0][mask & 0xFFF]
        + CHUNK_CARDS[1][mask >> 12 & 0xFFF]
        + CHUNK_CARDS[2][mask >> 24 & 0xFFF]
        + CHUNK_CARDS[3][mask >> 36 & 0xFFF]
    )


# ----------------------------------------------------------------- condition cards


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition card. `pile` is 1-4; pile-4 cards are checked after the last trick."""

    id: str
    pile: int
    text: str
    four_players_only: bool = False


#: The 16 condition cards of this edition (RULINGS §4), in pile order.
CONDITIONS: Final = (
    Condition("odd", 1, "Win with an odd number"),
    Condition("even", 1, "Win with an even number"),
    Condition("low", 1, "Win with a 1, 2 or 3"),
    Condition("high", 1, "Win with a 10, 11 or 12", four_players_only=True),
    Condition("yellow", 2, "Win with yellow"),
    Condition("green", 2, "Win with green"),
    Condition("blue", 2, "Win with blue"),
    Condition("red", 2, "Win with red"),
    Condition("in_a_row", 3, "Win two tricks in a row"),
    Condition("first_or_last", 3, "Win the first or the last trick"),
    Condition("no_red", 3, "Win a trick that holds no red card"),
    Condition("all_colours", 3, "Win a trick that holds all four colours", four_players_only=True),
    Condition("three_tricks", 4, "Win exactly 3 tricks"),
    Condition("four_tricks", 4, "Win exactly 4 tricks"),
    Condition("no_tricks", 4, "Win no tricks"),
    Condition("most_tricks", 4, "Win more tricks than every other player"),
)
CONDITION_BY_ID: Final = {c.id: i for i, c in enumerate(CONDITIONS)}
(
    ODD, EVEN, LOW, HIGH, YELLOW_WIN, GREEN_WIN, BLUE_WIN, RED_WIN,
    IN_A_ROW, FIRST_OR_LAST, NO_RED, ALL_COLOURS,
    THREE_TRICKS, FOUR_TRICKS, NO_TRICKS, MOST_TRICKS,
) = range(16)  # fmt: skip


def pile(number: int, players: int) -> list[int]:
    """The condition cards of pile 1-4 for this player count, in table order."""
    return [
        i
        for i, c in enumerate(CONDITIONS)
        if c.pile == number and (players == 4 or not c.four_players_only)
    ]


#: `PILES[players][n]`: the cards of pile n + 1 for this player count, in table order.
PILES: Final = {
    players: tuple(tuple(pile(number, players)) for number in range(1, 5))
    for players in NUMBERS_BY_PLAYERS
}


def _winning_card_mask(condition: int) -> int:
    """For piles 1 and 2: the cards that meet the condition by winning a trick."""
    tests = {
        ODD: lambda c: number_of(c) % 2 == 1,
        EVEN: lambda c: number_of(c) % 2 == 0,
        LOW: lambda c: number_of(c) <= 3,
        HIGH: lambda c: number_of(c) >= 10,
        YELLOW_WIN: lambda c: colour_of(c) == YELLOW,
        GREEN_WIN: lambda c: colour_of(c) == GREEN,
        BLUE_WIN: lambda c: colour_of(c) == BLUE,
        RED_WIN: lambda c: colour_of(c) == RED,
    }
    return mask_of([c for c in range(CARD_COUNT) if tests[condition](c)])


#: For conditions of piles 1 and 2, the winning cards that meet them.
WINNING_CARD_MASK: Final = {cond: _winning_card_mask(cond) for cond in range(8)}

#: A fixed prediction above this can never be met: three piles per trick, plus pile 4.
MAX_PREDICTION: Final = 3 * TRICKS + 1
