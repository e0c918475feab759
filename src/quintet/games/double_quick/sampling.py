"""A random legal action from what a seat sees: for `sample_action` and the random bot.

Moves cannot be listed (a tile may go on any free cell, a wild tile be any letter), so
one is drawn: a kind of action, then a tile, then a cell beside the crossword (or near
the middle of an empty grid) and, for a wild tile, a letter.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from quintet.core import JSONDict, Rng
from quintet.games.double_quick.components import MAX_COORD

#: Relative weights of the kinds of action a random seat draws: mostly building.
WEIGHTS: Final = {"place": 6, "move": 2, "lift": 1, "pass": 1, "press": 6}
#: Every kind of action alike (the random bot's draw).
EVEN: Final = dict.fromkeys(WEIGHTS, 1)


@dataclass(frozen=True, slots=True)
class Seen:
    """What a seat knows of its own table: enough to draw a legal action."""

    rack: tuple[str, ...]
    #: (tile code, row, col) of each tile in the crossword.
    crossword: tuple[tuple[str, int, int], ...]
    limit: int
    can_pass: bool
    can_press: bool


def _is_wild(code: str) -> bool:
    return code.startswith("WILD")


def _free_cells(seen: Seen) -> list[tuple[int, int]]:
    taken = {(r, c) for _, r, c in seen.crossword}
    if not taken:
        return [(r, c) for r in range(-1, 2) for c in range(-1, 2)]
    free = {
        (r + dr, c + dc)
        for r, c in taken
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
        if abs(r + dr) <= MAX_COORD and abs(c + dc) <= MAX_COORD
    }
    return sorted(free - taken)


def _with_letter(action: JSONDict, code: str, rng: Rng) -> JSONDict:
    if _is_wild(code):
        action["letter"] = string.ascii_lowercase[rng.below(26)]
    return action


def random_action(seen: Seen, rng: Rng, weights: Mapping[str, int] = WEIGHTS) -> JSONDict | None:
    """A legal action drawn from `rng`, the kinds by `weights`, or None when the seat has
    nothing to do."""
    kinds = []
    if seen.rack and len(seen.crossword) < seen.limit:
        kinds.append("place")
    if seen.crossword:
        kinds += ["move", "lift"]
    if seen.can_pass and seen.rack:
        kinds.append("pass")
    if seen.can_press:
        kinds.append("press")
    if not kinds:
        return None
    drawn = [weights[k] for k in kinds]
    pick = rng.below(sum(drawn))
    kind = kinds[-1]
    for k, w in zip(kinds, drawn, strict=True):
        if pick < w:
            kind = k
            break
        pick -= w
    if kind == "press":
        return {"type": "press"}
    if kind == "pass":
        return {"type": "pass", "tile": seen.rack[rng.below(len(seen.rack))]}
    if kind == "lift":
        return {"type": "lift", "tile": seen.crossword[rng.below(len(seen.crossword))][0]}
    if kind == "place":
        code = seen.rack[rng.below(len(seen.rack))]
        free = _free_cells(seen)
        row, col = free[rng.below(len(free))]
        return _with_letter({"type": "place", "tile": code, "row": row, "col": col}, code, rng)
    code, _, _ = seen.crossword[rng.below(len(seen.crossword))]
    others = Seen(
        seen.rack,
        tuple(t for t in seen.crossword if t[0] != code),
        seen.limit,
        seen.can_pass,
        seen.can_press,
    )
    free = [cell for cell in _free_cells(others) if cell not in _cells(seen)]
    if not free:
        return {"type": "lift", "tile": code}
    row, col = free[rng.below(len(free))]
    return _with_letter({"type": "move", "tile": code, "row": row, "col": col}, code, rng)


def _cells(seen: Seen) -> set[tuple[int, int]]:
    return {(r, c) for _, r, c in seen.crossword}
