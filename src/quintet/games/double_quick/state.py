"""Double Quick!'s options and state (RULINGS §2): the whole table, its clone and its JSON.

Tiles are ints (see `components`). Who holds a tile, where it lies and which are face
down are a few flat lists of ints, so a clone copies a few hundred ints. The JSON writes
tiles by their codes ("E3") and cells as packed ints.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from pydantic import Field as OptionField
from pydantic import field_validator

from quintet.core import Options, Rng
from quintet.core.serial import INT, INT_LISTS, INTS, OPTIONAL_INT, RNG, Field, SerialState
from quintet.core.serial import names as names_field
from quintet.core.serial import options as options_field
from quintet.games.double_quick.components import CODES, TILE_BY_CODE
from quintet.words import WordList, default_words
from quintet.words.wordlist import word_problem

#: Phases: a turn is running; play is paused while a press waits for challenges
#: (challenge mode); a game of a match is over and the next deal waits; the end.
PLAY, REVIEW, BETWEEN, OVER = 0, 1, 2, 3
PHASES: Final = ("play", "review", "between", "over")
GAMES_IN_MATCH: Final = 3


class DoubleQuickOptions(Options):
    turn_seconds: int = OptionField(
        30, ge=5, le=600, description="Turns 1-8 end by themselves after this many seconds"
    )
    final_seconds: int = OptionField(
        120,
        ge=10,
        le=1800,
        description="Turn 9 ends the game at the final buzzer after this many seconds "
        "(warning beeps in its last 30 s)",
    )
    challenge_mode: bool = OptionField(
        False,
        description="Presses are accepted unchecked and any other player may challenge "
        "(the yellow button); off: auto-check refuses an invalid press at a cost of 10 points",
    )
    challenge_seconds: int = OptionField(
        10,
        ge=1,
        le=120,
        description="Challenge mode: how long play pauses after a press for a challenge",
    )
    extra_words: list[str] = OptionField(
        default_factory=list,
        description="The table's extra words, accepted besides the shared dictionary",
    )
    match: bool = OptionField(False, description="Play a match of three games and add the scores")
    pause_seconds: int = OptionField(
        10, ge=1, le=600, description="Match: the pause between a game's end and the next deal"
    )

    @field_validator("extra_words")
    @classmethod
    def _words_are_words(cls, value: list[str]) -> list[str]:
        for word in value:
            problem = word_problem(word)
            if problem:
                raise ValueError(f"extra word {word!r}: {problem}")
        return sorted(set(value))


@lru_cache(maxsize=8)
def _table(extra: tuple[str, ...]) -> tuple[WordList, frozenset[str]]:
    return default_words(), frozenset(extra)


def is_word_for(options: DoubleQuickOptions, word: str) -> bool:
    """Whether `word` is in the shared dictionary or the table's extra words."""
    words, extra = _table(tuple(options.extra_words))
    return word in extra or word in words


def _codes(tiles: list[int]) -> list[str]:
    return [CODES[t] for t in tiles]


def _tiles(codes: list[str]) -> list[int]:
    return [TILE_BY_CODE[c] for c in codes]


TILE_LISTS: Final = Field(
    "lists",
    lambda lists: [_codes(tiles) for tiles in lists],
    lambda data: [_tiles(codes) for codes in data],
)

#: The state's slots in JSON order: how each is cloned and written (see `core.serial`).
FIELDS: Final = {
    "options": options_field(DoubleQuickOptions),
    "rng": RNG,
    "game_no": INT,
    "games_total": INT,
    "phase": names_field(PHASES),
    "turn": INT,
    "turn_started": INT,
    "turn_end": INT,
    "beep": INT,
    "owner": INTS,
    "down": TILE_LISTS,
    "up": TILE_LISTS,
    "out": Field("list", _codes, _tiles),
    "cell": INTS,
    "wild": Field("list", list, lambda data: [str(x) for x in data]),
    "passing": INTS,
    "penalties": INTS,
    "scores": INT_LISTS,
    "ender": INT,
    "presser": INT,
    "review_end": OPTIONAL_INT,
    "pressed": Field("list", list, lambda data: [[int(c), str(ch), int(p)] for c, ch, p in data]),
    "next_deal": OPTIONAL_INT,
    "acted": INTS,
}


class DoubleQuickState(SerialState):
    """The whole table."""

    __slots__ = tuple(FIELDS)
    FIELDS = FIELDS

    options: DoubleQuickOptions
    rng: Rng
    game_no: int
    games_total: int
    phase: int
    #: 1..9 while a game runs.
    turn: int
    turn_started: int
    #: When the turn ends by itself (turn 9: the final buzzer), ms.
    turn_end: int
    #: Warning beeps of turn 9 already sounded (see `rules.BEEPS_BEFORE_END_MS`).
    beep: int
    #: The seat holding each tile, -1 for a tile out of play.
    owner: list[int]
    #: Each seat's face-down tiles; the last is turned up next.
    down: list[list[int]]
    #: Each seat's face-up tiles, in the order they came (in the crossword or not).
    up: list[list[int]]
    #: Tiles out of play (2 or 3 players).
    out: list[int]
    #: Each tile's cell in its owner's crossword, or NO_CELL.
    cell: list[int]
    #: The letter each wild tile shows in a crossword ("" when it lies in none), by
    #: its place in `components.WILD_TILES`.
    wild: list[str]
    #: The tile each seat has chosen to pass, or -1.
    passing: list[int]
    #: Points lost this game (refused presses, lost challenges), per seat.
    penalties: list[int]
    #: Points per finished game, per seat.
    scores: list[list[int]]
    #: The seat whose valid press ended this game, or -1.
    ender: int
    #: Challenge mode: the seat whose press play is paused for, or -1.
    presser: int
    review_end: int | None
    #: The presser's crossword at the press: [cell, letter, points] per tile.
    pressed: list[list[object]]
    next_deal: int | None
    #: When each seat last acted (ms), -1 before it has: a person does one thing at a time.
    acted: list[int]
