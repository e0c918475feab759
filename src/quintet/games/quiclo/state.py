"""Quiclo's options and state (RULINGS §3): the whole table, its clone and its JSON.

Cards are their numbers; hands and stacks are tuples, so a clone copies only the lists.
The state changes only through `fast` (unchecked) and `rules.QuicloGame.apply` (checked).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pydantic import Field as OptionField

from quintet.core import JSONDict, Options, Rng
from quintet.core.serial import (
    BOOLS,
    OPTIONAL_INT,
    OPTIONAL_INTS,
    OPTIONAL_STR,
    RNG,
    Field,
    SerialState,
    options,
)

#: How a game ended: a claimer kept one card or none, no player had a claim left, every
#: player voted "no more claims" (claims may exist that nobody finds), or, with the
#: `stall_ms` option, nobody made a valid claim for that long.
EMPTIED: Final = "emptied"
NO_CLAIMS: Final = "no_claims"
VOTED: Final = "voted"
STALLED: Final = "stalled"


class QuicloOptions(Options):
    sit_out_ms: int = OptionField(
        15_000,
        ge=0,
        le=600_000,
        description=(
            "How long (ms) a player who calls a wrong chain may not claim; "
            "another player's valid claim ends it sooner"
        ),
    )
    open_hands: bool = OptionField(
        True,
        description=(
            "Each player's hand is laid open unless that player chooses to keep it hidden; "
            "off: hidden unless the player lays it open"
        ),
    )
    stall_ms: int = OptionField(
        0,
        ge=0,
        le=3_600_000,
        description=(
            "A safeguard: end the game when no valid claim has been made for this long "
            "(ms; 0: never, the rulebook's game); fewest cards win"
        ),
    )


@dataclass(frozen=True, slots=True)
class LastClaim:
    """The last valid claim: what every view shows as the latest play."""

    seat: int
    stack: int
    operands: tuple[int, ...]
    operators: tuple[str, ...]
    #: The claimer's cards in the order they went onto the stack; the last is the new top.
    order: tuple[int, ...]

    def to_json(self) -> JSONDict:
        return {
            "seat": self.seat,
            "stack": self.stack,
            "operands": list(self.operands),
            "operators": list(self.operators),
            "order": list(self.order),
            "top": self.order[-1],
        }

    @classmethod
    def from_json(cls, data: JSONDict) -> LastClaim:
        return cls(
            int(data["seat"]),
            int(data["stack"]),
            tuple(int(c) for c in data["operands"]),
            tuple(str(o) for o in data["operators"]),
            tuple(int(c) for c in data["order"]),
        )


def _tuples(data: list[Any]) -> list[tuple[int, ...]]:
    return [tuple(int(c) for c in cards) for cards in data]


#: The state's slots in JSON order: how each is cloned and written (see `core.serial`).
FIELDS: Final = {
    "options": options(QuicloOptions),
    "rng": RNG,
    "hands": Field("list", lambda hands: [list(h) for h in hands], _tuples),
    "stacks": Field("list", lambda stacks: [list(s) for s in stacks], _tuples),
    "out": Field(dump=list, load=lambda data: tuple(int(c) for c in data)),
    "sit_out": OPTIONAL_INTS,
    "end": OPTIONAL_STR,
    "last": Field(
        dump=lambda last: None if last is None else last.to_json(),
        load=lambda data: None if data is None else LastClaim.from_json(data),
    ),
    "stall_at": OPTIONAL_INT,
    "voted": BOOLS,
    "shown": Field("list", list, lambda data: [None if v is None else bool(v) for v in data]),
}


class QuicloState(SerialState):
    """The whole table. Hands and stacks are tuples, so a clone copies only the lists."""

    __slots__ = tuple(FIELDS)
    FIELDS = FIELDS

    options: QuicloOptions
    #: The generator after the deal; the rules draw nothing more, but it is part of the
    #: state so a table built from JSON is the same table.
    rng: Rng
    #: Each seat's cards, ascending.
    hands: list[tuple[int, ...]]
    #: Each result stack from the bottom up; the last card is its top.
    stacks: list[tuple[int, ...]]
    #: The cards out of play, ascending.
    out: tuple[int, ...]
    #: Per seat: the time (ms) its sit-out ends, or None when it may claim.
    sit_out: list[int | None]
    #: None while the game runs, else EMPTIED, NO_CLAIMS or STALLED.
    end: str | None
    last: LastClaim | None
    #: When the game stalls: the last valid claim's time (0 before the first) plus
    #: `stall_ms`; None with `stall_ms` 0. Kept as it was once the game is over.
    stall_at: int | None
    #: Per seat: whether it has voted "no more claims" since the last valid claim.
    voted: list[bool]
    #: Per seat: True when its hand lies open, False when it is held hidden, None while
    #: the seat has not chosen (the hand is dealt face down: only its owner sees it; the
    #: seat's first claim or vote chooses the table's default, `open_hands`).
    shown: list[bool | None]

    def tops(self) -> tuple[int, int, int]:
        first, second, third = self.stacks
        return first[-1], second[-1], third[-1]
