"""A crossword's runs, parts, validity and score (RULINGS §2), for the rules, the referee
CLI and the solver.

A crossword is a dict from packed cell (`components.cell_of`) to (letter, points): the
letter a tile shows (a wild tile's chosen letter) and what it is worth.

>>> from quintet.games.double_quick.components import cell_of
>>> grid = {cell_of(0, c): (ch, 1) for c, ch in enumerate("cat")}
>>> grid[cell_of(1, 0)] = ("o", 1)
>>> [run.word for run in runs(grid)]
['cat', 'co']
>>> score(grid, {"cat", "co"}.__contains__).points
5
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from quintet.games.double_quick.components import ACROSS, DOWN, row_col

Grid = Mapping[int, tuple[str, int]]
IsWord = Callable[[str], bool]


@dataclass(frozen=True, slots=True)
class Run:
    """A maximal line of 2+ tiles across or down."""

    cells: tuple[int, ...]
    word: str
    across: bool

    def where(self) -> str:
        row, col = row_col(self.cells[0])
        return f"{'across' if self.across else 'down'} from row {row}, column {col}"

    def to_json(self) -> dict[str, object]:
        row, col = row_col(self.cells[0])
        return {"word": self.word, "row": row, "col": col, "across": self.across}


def runs(grid: Grid) -> list[Run]:
    """Every maximal run of 2+ tiles, across ones first, each in reading order."""
    found: list[Run] = []
    for step, across in ((ACROSS, True), (DOWN, False)):
        line: list[Run] = []
        for cell in grid:
            if cell - step in grid or cell + step not in grid:
                continue
            cells = [cell]
            nxt = cell + step
            while nxt in grid:
                cells.append(nxt)
                nxt += step
            word = "".join(grid[c][0] for c in cells)
            line.append(Run(tuple(cells), word, across))
        line.sort(key=lambda run: row_col(run.cells[0]))
        found += line
    return found


def parts(cells: set[int] | Mapping[int, object]) -> list[set[int]]:
    """The connected parts (side by side, across or down), largest first."""
    left = set(cells)
    found: list[set[int]] = []
    while left:
        start = left.pop()
        part = {start}
        stack = [start]
        while stack:
            cell = stack.pop()
            for nxt in (cell + ACROSS, cell - ACROSS, cell + DOWN, cell - DOWN):
                if nxt in left:
                    left.remove(nxt)
                    part.add(nxt)
                    stack.append(nxt)
        found.append(part)
    found.sort(key=lambda p: (-len(p), min(p)))
    return found


def problems(grid: Grid, is_word: IsWord, needed: int | None = None) -> list[str]:
    """Why this crossword is not valid (tiles missing, not connected, runs that are not
    words), in that order; [] when it is valid. `needed`: the tiles a press needs."""
    found: list[str] = []
    if needed is not None and len(grid) != needed:
        found.append(
            f"the crossword holds {len(grid)} tile{'s' * (len(grid) != 1)}; "
            f"the press needs {needed}"
        )
    count = len(parts(grid))
    if count > 1:
        found.append(f"the tiles are not connected: they lie in {count} separate parts")
    if len(grid) == 1:
        found.append("a single tile is no word")
    for run in runs(grid):
        if not is_word(run.word):
            found.append(f"{run.word.upper()} ({run.where()}) is not a word")
    return found


@dataclass(frozen=True, slots=True)
class Scored:
    """A crossword's score: points, the part that counted, its words and non-words."""

    points: int
    part: frozenset[int]
    words: tuple[Run, ...]
    non_words: tuple[Run, ...]
    doubled: frozenset[int] = frozenset()

    @property
    def tiles(self) -> int:
        return len(self.part)


def _score_part(grid: Grid, part: set[int], is_word: IsWord) -> Scored:
    sub = {cell: grid[cell] for cell in part}
    good: list[Run] = []
    bad: list[Run] = []
    across: set[int] = set()
    down: set[int] = set()
    for run in runs(sub):
        if is_word(run.word):
            good.append(run)
            (across if run.across else down).update(run.cells)
        else:
            bad.append(run)
    doubled = across & down
    points = sum(grid[c][1] for c in across | down) + sum(grid[c][1] for c in doubled)
    return Scored(points, frozenset(part), tuple(good), tuple(bad), frozenset(doubled))


def score(grid: Grid, is_word: IsWord) -> Scored:
    """The crossword's points: only the largest connected part counts (on a tie of size,
    the one that scores more); in it, each tile in a valid word scores its points, twice
    when it is in a valid word across and a valid word down."""
    best = Scored(0, frozenset(), (), ())
    size = 0
    for part in parts(grid):
        if len(part) < size:
            break
        size = len(part)
        scored = _score_part(grid, part, is_word)
        if not best.part or scored.points > best.points:
            best = scored
    return best
