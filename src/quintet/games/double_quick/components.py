"""Double Quick!'s 88 tiles (RULINGS §2) and the grid's cells.

A tile is an int 0..87 in a fixed bag order; its code is its letter and its number
among the tiles of that letter ("E3", the third E; "WILD1" and "WILD2" are the wild
tiles).
A cell is one int packing a row and a column, so a crossword is a few ints, cheap to
copy: `cell_of(row, col)` and `row_col(cell)`.

>>> CODES[0], LETTER[0], POINTS[TILE_BY_CODE["Q1"]], COLOUR[TILE_BY_CODE["WILD2"]]
('A1', 'a', 10, 'wild')
>>> row_col(cell_of(-3, 7))
(-3, 7)
"""

from __future__ import annotations

from typing import Final

#: The bag: (letters, copies of each, colour, points), RULINGS §2.
_BAG: Final = (
    ("a", 8, "black", 1),
    ("e", 12, "black", 1),
    ("i", 7, "black", 1),
    ("o", 6, "black", 1),
    ("u", 3, "black", 1),
    ("d", 4, "black", 1),
    ("l", 3, "black", 1),
    ("n", 5, "black", 1),
    ("r", 5, "black", 1),
    ("s", 4, "black", 1),
    ("t", 5, "black", 1),
    ("bcfghmpwy", 2, "green", 5),
    ("k", 1, "green", 5),
    ("v", 1, "green", 5),
    ("jqxz", 1, "red", 10),
    ("*", 2, "wild", 10),
)

#: The wild tile's letter in `LETTER`: it stands for any one letter a-z.
WILD: Final = "*"
TILES_EACH: Final = 22
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
#: Tiles turned up in turn 1, and at each later bong.
FIRST_UP: Final = 6
LATER_UP: Final = 2
LAST_TURN: Final = 9


def _build() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    letters: list[str] = []
    colours: list[str] = []
    points: list[int] = []
    for group, copies, colour, value in _BAG:
        for letter in group:
            letters += [letter] * copies
            colours += [colour] * copies
            points += [value] * copies
    seen: dict[str, int] = {}
    codes = []
    for letter in letters:
        seen[letter] = seen.get(letter, 0) + 1
        codes.append(f"{'WILD' if letter == WILD else letter.upper()}{seen[letter]}")
    return tuple(letters), tuple(codes), tuple(colours), tuple(points)


LETTER, CODES, COLOUR, POINTS = _build()
TILE_COUNT: Final = len(LETTER)
TILE_BY_CODE: Final = {code: tile for tile, code in enumerate(CODES)}
WILD_TILES: Final = tuple(t for t in range(TILE_COUNT) if LETTER[t] == WILD)
assert TILE_COUNT == 88 and len(WILD_TILES) == 2

#: Rows and columns run from -MAX_COORD to MAX_COORD: room for any 22-tile crossword
#: wherever a player starts it.
MAX_COORD: Final = 60
_SIDE: Final = 128
_OFFSET: Final = 64
#: `cell` of a tile that is not in a crossword.
NO_CELL: Final = -1


def cell_of(row: int, col: int) -> int:
    """The packed cell of (row, col); both must be within +-MAX_COORD."""
    return (row + _OFFSET) * _SIDE + col + _OFFSET


def row_col(cell: int) -> tuple[int, int]:
    """The (row, col) of a packed cell."""
    row, col = divmod(cell, _SIDE)
    return row - _OFFSET, col - _OFFSET


#: Moving one cell: across (one column right) and down (one row down).
ACROSS: Final = 1
DOWN: Final = _SIDE


def points_of(tile: int) -> int:
    return POINTS[tile]
