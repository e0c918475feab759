"""Quashars' options and state (RULINGS §4): the whole table, its clone and its JSON.

Cards are ints and hands bitmasks (see `components`); the JSON writes them as codes
("Y9") and condition cards by their ids. The state changes only through `fast`
(unchecked) and `rules.QuasharsGame.apply` (checked).
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import Field as OptionField
from pydantic import field_validator

from quintet.core import Options, Rng
from quintet.core.options import SEAT_OPTION
from quintet.core.serial import (
    BOOLS,
    INT,
    INT_LISTS,
    INTS,
    OPTIONAL_INT,
    RNG,
    Field,
    SerialState,
    names,
    options,
)
from quintet.games.quashars.components import (
    CARD_BY_CODE,
    CODES,
    CONDITION_BY_ID,
    CONDITIONS,
    cards_of,
    mask_of,
)

PREDICT, PLAY, SCORED, OVER = 0, 1, 2, 3
PHASES: Final = ("predict", "play", "scored", "over")


def _name_each_pile(schema: dict[str, Any]) -> None:
    """Give each pile's place in the JSON schema its cards (`enum`), so a client offers the
    conditions as a choice per pile (the lobby's picker); validation stays the model's."""
    for part in schema.get("anyOf", []):
        for number, item in enumerate(part.get("prefixItems", []), start=1):
            item["enum"] = [c.id for c in CONDITIONS if c.pile == number]


class QuasharsOptions(Options):
    conditions: tuple[str, str, str, str] | None = OptionField(
        None,
        description="Fixed condition cards for a teaching table, one per pile in pile order "
        "(e.g. odd,yellow,in_a_row,three_tricks); unset draws them every game",
        json_schema_extra=_name_each_pile,
    )
    flex_chip: bool = OptionField(
        True, description="Players may add the flex chip: P or P+1, half points"
    )
    first_player: int | None = OptionField(
        None,
        ge=0,
        le=3,
        description="Seat that starts game 1; unset draws it from the seed",
        json_schema_extra=SEAT_OPTION,
    )
    pause_ms: int = OptionField(
        5000,
        ge=0,
        le=600_000,
        description="Pause after each game's scoring before the next deal (ms)",
    )

    @field_validator("conditions")
    @classmethod
    def _conditions_one_per_pile(
        cls, value: tuple[str, str, str, str] | None
    ) -> tuple[str, str, str, str] | None:
        if value is None:
            return None
        for number, cond in enumerate(value, start=1):
            if cond not in CONDITION_BY_ID:
                raise ValueError(f"unknown condition card {cond!r}")
            if CONDITIONS[CONDITION_BY_ID[cond]].pile != number:
                raise ValueError(f"{cond!r} is not a pile-{number} card")
        return value


def _condition_ids(conditions: list[int]) -> list[str]:
    return [CONDITIONS[c].id for c in conditions]


def _conditions(ids: list[str]) -> list[int]:
    return [CONDITION_BY_ID[c] for c in ids]


def _codes(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CODES[c] for c in cards]


def _cards(codes: list[str]) -> list[int]:
    return [CARD_BY_CODE[c] for c in codes]


Trick = tuple[int, tuple[int, ...], int, tuple[int, ...]]


def _tricks_json(tricks: list[Trick]) -> list[list[Any]]:
    return [
        [lead, _codes(cards), win, _condition_ids(list(met))] for lead, cards, win, met in tricks
    ]


def _tricks(data: list[Any]) -> list[Trick]:
    return [
        (int(lead), tuple(_cards(cards)), int(win), tuple(_conditions(met)))
        for lead, cards, win, met in data
    ]


#: The state's slots in JSON order: how each is cloned and written (see `core.serial`).
FIELDS: Final = {
    "options": options(QuasharsOptions),
    "rng": RNG,
    "game_no": INT,
    "games_total": INT,
    "start_player": INT,
    "phase": names(PHASES),
    "piles": Field(
        "lists",
        lambda piles: [_condition_ids(p) for p in piles],
        lambda data: [_conditions(p) for p in data],
    ),
    "conditions": Field("list", _condition_ids, _conditions),
    "hands": Field(
        "list",
        lambda hands: [_codes(cards_of(h)) for h in hands],
        lambda data: [mask_of(_cards(h)) for h in data],
    ),
    "predicted": INTS,
    "flex": BOOLS,
    "met": INTS,
    "tricks_won": INTS,
    "to_act": INT,
    "leader": INT,
    "trick": Field("list", _codes, _cards),
    "tricks": Field("list", _tricks_json, _tricks),
    "scores": INT_LISTS,
    "deadline": OPTIONAL_INT,
}


class QuasharsState(SerialState):
    """The whole table. Cards are ints (see `components`); hands are bitmasks."""

    __slots__ = tuple(FIELDS)
    FIELDS = FIELDS

    options: QuasharsOptions
    rng: Rng
    game_no: int
    games_total: int
    start_player: int
    phase: int
    #: The condition piles, each face down; the last card is drawn next.
    piles: list[list[int]]
    #: This game's condition cards, one per pile in pile order.
    conditions: list[int]
    hands: list[int]
    #: Each seat's prediction in chips, -1 before it predicts.
    predicted: list[int]
    flex: list[bool]
    met: list[int]
    tricks_won: list[int]
    to_act: int
    leader: int
    trick: list[int]
    #: Completed tricks of this game: (leader, cards in play order, winner, conditions met).
    tricks: list[Trick]
    #: Points per finished game, per seat.
    scores: list[list[int]]
    deadline: int | None
