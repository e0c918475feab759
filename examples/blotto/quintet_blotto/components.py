"""Splits of troops over fields: drawing one at random, checking one that was sent."""

from __future__ import annotations

from typing import Any, Final

from quintet.core import BadInput, Rng

#: Field values are drawn from 1 to this, each round, from the state's generator.
MAX_VALUE: Final = 9


def random_split(troops: int, fields: int, rng: Rng) -> list[int]:
    """A split of `troops` over `fields`, every split as likely (stars and bars).

    There are C(troops + fields - 1, fields - 1) splits (4,598,126 of 100 troops over
    5 fields): too many to list, so the game draws one instead.
    """
    slots = troops + fields - 1
    bars: set[int] = set()
    while len(bars) < fields - 1:
        bars.add(rng.below(slots))
    split, last = [], -1
    for bar in sorted(bars):
        split.append(bar - last - 1)
        last = bar
    split.append(slots - last - 1)
    return split


def parse_split(value: Any, troops: int, fields: int) -> list[int]:
    """The split a seat sent; raises `BadInput` naming what is wrong with it."""
    if not isinstance(value, list) or len(value) != fields:
        raise BadInput(f"'troops' must be a list of {fields} whole numbers, not {value!r}")
    for count in value:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise BadInput(f"each field takes a whole number of troops >= 0, not {count!r}")
    if sum(value) != troops:
        raise BadInput(f"the troops must add up to {troops}, not {sum(value)}")
    return list(value)


def winners(splits: list[list[int]], fields: int) -> list[int | None]:
    """Per field, the one seat with the most troops there; None on a tie for the most."""
    won: list[int | None] = []
    for field in range(fields):
        counts = [split[field] for split in splits]
        best = max(counts)
        won.append(counts.index(best) if counts.count(best) == 1 else None)
    return won
