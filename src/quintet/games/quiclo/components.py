"""Quiclo's cards and the deal (RULINGS §3).

A card is its number, the int 1..144. The deck has six continents of 24 cards:
card n belongs to continent (n - 1) // 24. Each player gets 12 cards, two from
each continent; three result stacks start with one card each from the rest; all
other cards stay out of play, hidden from every seat and spectator.
"""

from __future__ import annotations

from typing import Final

from quintet.core import Rng

LOWEST: Final = 1
HIGHEST: Final = 144
CARD_COUNT: Final = HIGHEST
#: Every card, ascending: the order each deal shuffles from.
CARDS: Final = tuple(range(LOWEST, HIGHEST + 1))

CONTINENT_SIZE: Final = 24
#: The six continents in card order (the rulebook's Europa 1-24 ... Australien/Ozeanien 121-144).
CONTINENTS: Final = (
    "Europe",
    "Africa",
    "Asia",
    "North America",
    "South America",
    "Australia/Oceania",
)
#: Each player's cards per continent, and so per hand.
PER_CONTINENT: Final = 2
HAND_SIZE: Final = PER_CONTINENT * len(CONTINENTS)
STACK_COUNT: Final = 3

#: `CONTINENT_CARDS[c]`: the cards of continent c, ascending.
CONTINENT_CARDS: Final = tuple(
    tuple(range(c * CONTINENT_SIZE + 1, (c + 1) * CONTINENT_SIZE + 1)) for c in range(6)
)


def continent(card: int) -> int:
    """The continent (0-5) of a card: 0 Europe 1-24, ..., 5 Australia/Oceania 121-144."""
    return (card - 1) // CONTINENT_SIZE


def is_card(value: object) -> bool:
    """Whether `value` is a card number: an int (not a bool) from 1 to 144."""
    return type(value) is int and LOWEST <= value <= HIGHEST


def card_name(card: int) -> str:
    """How a card is named in text, and in `hidden_cards`: "card 33".

    A bare "33" would be no name: numbers fill every message (seats, times,
    counts; the core's own "there is no seat 2"), so a leak check looking for
    them would find cards everywhere. Messages name every card they mention as
    "card 33", except when they quote back a number the sender wrote; views and
    events carry cards as ints.
    """
    return f"card {card}"


def deal(
    rng: Rng, players: int
) -> tuple[list[tuple[int, ...]], tuple[int, int, int], tuple[int, ...]]:
    """Deal a table: (hands, the three starting tops, the out-of-play cards).

    Each continent's 24 cards are shuffled and each seat in turn takes two;
    the cards left over are pooled and shuffled, the first three start the
    stacks and the rest are out of play. Hands and out-of-play cards are sorted.
    Unchecked: `players` must be 2 to 6.

    >>> hands, tops, out = deal(Rng(1), 3)
    >>> [len(hand) for hand in hands], len(tops), len(out)
    ([12, 12, 12], 3, 105)
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    rest: list[int] = []
    taken = PER_CONTINENT * players
    for cards in CONTINENT_CARDS:
        shuffled = list(cards)
        rng.shuffle(shuffled)
        for seat in range(players):
            hands[seat] += shuffled[seat * PER_CONTINENT : (seat + 1) * PER_CONTINENT]
        rest += shuffled[taken:]
    rng.shuffle(rest)
    tops = (rest[0], rest[1], rest[2])
    return [tuple(sorted(hand)) for hand in hands], tops, tuple(sorted(rest[STACK_COUNT:]))
