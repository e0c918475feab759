"""Quick's options and state (RULINGS §1): the whole table, its clone and its JSON.

Cards are their numbers (1..72). Each seat's table is a tuple of piles, each pile a
tuple of cards from the top down, so a clone copies only the outer list (a move
builds that seat's tuple anew). The state changes only through `rules.QuickGame.apply`.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import Field as OptionField
from pydantic import field_validator, model_validator

from quintet.core import Options, Rng
from quintet.core.serial import (
    INT,
    INTS,
    OPTIONAL_INT,
    OPTIONAL_INTS,
    OPTIONAL_STR,
    RNG,
    Field,
    SerialState,
    names,
    options,
)
from quintet.games.quick.components import CriteriaError, parse_criteria

#: The phases of a round: the dealer chooses the criteria (option), the countdown to
#: "QUICK!", sorting, checking card by card, the results; then the next round or the end.
CHOOSE, READY, SORT, CHECK, SCORED, OVER = range(6)
PHASES: Final = ("choose", "ready", "sort", "check", "scored", "over")

#: How a round's sorting ends (RULINGS §1 "Round end").
ALL, ALL_BUT_ONE, CLOCK = "all", "all_but_one", "clock"
#: A seat's verdict after checking.
CHIP, WRONG, UNCHECKED, UNFINISHED = "chip", "wrong", "unchecked", "unfinished"
#: How the game ended: a sixth chip, or `stall_rounds` rounds in a row without a chip.
SIXTH_CHIP, STALLED = "sixth_chip", "stalled"

Table = tuple[tuple[int, ...], ...]


class QuickOptions(Options):
    criteria: tuple[str, ...] = OptionField(
        ("number",),
        description=(
            "The instruction cards after OBEN/UNTEN, in order: 0-3 of letter, colour, flames, "
            "then number (the 1-72 card, always last); '-' turns one (reverses it). "
            "First game: number only"
        ),
    )
    simplified: bool = OptionField(
        False,
        description="Simplified: no 1-72 card; cards equal on every criterion may lie in any order",
    )
    chooser: Literal["fixed", "dealer"] = OptionField(
        "fixed",
        description=(
            "Who sets the criteria: fixed for the whole game, or the dealer before each round "
            "(the dealer moves clockwise)"
        ),
    )
    choose_ms: int = OptionField(
        30_000,
        ge=1,
        le=600_000,
        description="The dealer's time to choose (ms); then the last round's criteria stay",
    )
    round_end: Literal["all", "all_but_one", "clock"] = OptionField(
        "all",
        description=(
            "When sorting ends: all called KLAAR; all but one (the last is not checked); "
            "or clock: the last player gets last_player_ms after the second-to-last KLAAR"
        ),
    )
    last_player_ms: int = OptionField(
        10_000,
        ge=1,
        le=600_000,
        description="round_end 'clock': the last player's time after the second-to-last KLAAR (ms)",
    )
    countdown_ms: int = OptionField(
        3_000, ge=1, le=60_000, description="From the deal to the start signal 'QUICK!' (ms)"
    )
    reveal_ms: int = OptionField(
        600, ge=1, le=10_000, description="Checking: the time between two turned cards (ms)"
    )
    pause_ms: int = OptionField(
        4_000, ge=1, le=120_000, description="After checking, the results stay this long (ms)"
    )
    stall_rounds: int = OptionField(
        3,
        ge=0,
        le=100,
        description=(
            "End the game after this many rounds in a row without a chip won (0: never); "
            "most chips win"
        ),
    )

    @field_validator("criteria", mode="before")
    @classmethod
    def _normalise(cls, value: Any) -> Any:
        # "-Colour " and "-colour" are the same card; the state keeps one spelling.
        if isinstance(value, list | tuple):
            return tuple("".join(v.split()).lower() if isinstance(v, str) else v for v in value)
        return value

    @model_validator(mode="after")
    def _criteria_fit(self) -> QuickOptions:
        try:
            parse_criteria(self.criteria, simplified=self.simplified)
        except CriteriaError as error:
            raise ValueError(f"criteria: {error}") from None
        return self


def _tables_load(data: Any) -> list[Table]:
    return [tuple(tuple(int(c) for c in pile) for pile in table) for table in data]


def _tables_dump(tables: list[Table]) -> list[list[list[int]]]:
    return [[list(pile) for pile in table] for table in tables]


#: The state's slots in JSON order: how each is cloned and written (see `core.serial`).
FIELDS: Final = {
    "options": options(QuickOptions),
    "rng": RNG,
    "round": INT,
    "dealer": INT,
    "phase": names(PHASES),
    "criteria": Field(dump=list, load=lambda data: tuple(str(c) for c in data)),
    "chips": INTS,
    "pot": INT,
    "tables": Field("list", _tables_dump, _tables_load),
    "hand": OPTIONAL_INTS,
    "klaar": INTS,
    "stopped": OPTIONAL_INT,
    "deadline": OPTIONAL_INT,
    "queue": INTS,
    "checking": OPTIONAL_INT,
    "shown": INTS,
    "verdict": Field("list", list, lambda data: [None if v is None else str(v) for v in data]),
    "stock": Field(dump=list, load=lambda data: tuple(int(c) for c in data)),
    "stall": INT,
    "end": OPTIONAL_STR,
}


class QuickState(SerialState):
    """The whole table, face-down cards included (host only)."""

    __slots__ = tuple(FIELDS)
    FIELDS = FIELDS

    options: QuickOptions
    #: Shuffles each round's deal.
    rng: Rng
    #: 1, 2, ...
    round: int
    #: Deals this round (and chooses the criteria with chooser 'dealer').
    dealer: int
    phase: int
    #: This round's criteria as written in the options ("-colour").
    criteria: tuple[str, ...]
    chips: list[int]
    #: Chips still on the OBEN/UNTEN card this round.
    pot: int
    #: Per seat: its piles, left to right, each from the top card down.
    tables: list[Table]
    #: Per seat: the card in its hand, or None.
    hand: list[int | None]
    #: The seats that called KLAAR, in order.
    klaar: list[int]
    #: The last player, stopped by the clock (round_end 'clock') or left out ('all_but_one').
    stopped: int | None
    #: When the host must tick next (ms), or None.
    deadline: int | None
    #: Seats still to check, in order.
    queue: list[int]
    #: The seat whose stack is being turned over.
    checking: int | None
    #: Per seat: how many cards of its stack lie face up (from the top).
    shown: list[int]
    #: Per seat: None until decided, then CHIP, WRONG, UNCHECKED or UNFINISHED.
    verdict: list[str | None]
    #: The cards not dealt this round (face down, out of play).
    stock: tuple[int, ...]
    #: Rounds in a row in which nobody won a chip.
    stall: int
    #: None while the game runs, else SIXTH_CHIP or STALLED.
    end: str | None
