"""The crossword solver: lay every tile of a hand in one valid crossword, fast, then score.

Method. The crossword grows as a tree of words: the first word across, then each new
word laid through one letter already on the grid (its anchor), at right angles, with no
other tile beside it, so every run is a word by construction and every anchor is a
crossing (its points count twice). A depth-first search picks, at each step, among the
words the rack spells with one anchor letter (`quintet.words.letters.LetterIndex`, bit
sets over the whole word list, a few dozen big-int operations a step), longest first
and those that use hard letters (J, Q, X, Z, K, V, then the green ones) first, keeping
the wild tiles for last. A step is abandoned when a letter left on the rack fits no
word through any free anchor, and a rack already explored (the same letters left, the
same anchor letters free) is not explored again. The search stops at the first
complete crossword unless time is left (`seconds`), which it spends on a higher score;
without a complete one it returns the best-scoring crossword it built.
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from quintet.games.double_quick.components import (
    ACROSS,
    DOWN,
    LETTER,
    POINTS,
    WILD,
    cell_of,
    row_col,
)
from quintet.games.double_quick.crossword import runs
from quintet.words import default_words
from quintet.words.letters import LetterIndex, letter_index

#: Points of a tile by its letter ("*" the wild tile).
LETTER_POINTS: Final = {letter: POINTS[tile] for tile, letter in enumerate(LETTER)}
#: How much a letter is worth getting rid of early: hard letters first.
_HARD: Final = {
    **dict.fromkeys("qjxz", 5.0),
    **dict.fromkeys("kv", 3.0),
    **dict.fromkeys("bcfghmpwy", 1.5),
    "u": 0.8,
}
_WILD_COST: Final = 4.0
#: Moves tried at each step of the search, by depth (the first word, then the rest).
_BRANCHES: Final = (8, 4, 3)


@dataclass
class Solution:
    """A crossword found for a hand."""

    complete: bool
    tiles_used: int
    score: int
    #: Rows of the crossword: "." an empty cell, a wild tile in lower case.
    grid: list[str]
    words: list[str]
    #: Seconds until the first complete crossword, None when none was found.
    first_complete: float | None = None
    nodes: int = 0
    letters: dict[int, tuple[str, bool]] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, object]:
        return {
            "complete": self.complete,
            "tiles_used": self.tiles_used,
            "score": self.score,
            "grid": self.grid,
            "words": self.words,
        }


class _Stop(Exception):
    pass


def parse_tiles(text: str) -> list[str]:
    """Tiles from text such as "AEEIRSTTNDLOMBC*" (letters, "*" a wild tile); raises
    ValueError naming anything else."""
    tiles = []
    for ch in text.replace(" ", "").replace(",", ""):
        if ch == WILD or (ch.isascii() and ch.isalpha()):
            tiles.append(ch.lower())
        else:
            raise ValueError(f"{ch!r} is no tile: give letters A-Z and * for a wild tile")
    if not tiles:
        raise ValueError("no tiles given")
    return tiles


@lru_cache(maxsize=1)
def default_index() -> LetterIndex:
    """The letter index of the shared dictionary, built once (a few seconds)."""
    return letter_index(default_words())


class _Search:
    """One pass of the depth-first search, with its grid, rack and best crossword so far;
    `search` raises `_Stop` when its time, steps or first complete crossword end it."""

    def __init__(
        self,
        tiles: Sequence[str],
        index: LetterIndex,
        deadline: float,
        started: float,
        style: _Style,
    ) -> None:
        self.index = index
        self.deadline = deadline
        self.started = started
        self.style = style
        self.rack: Counter[str] = Counter(t for t in tiles if t != WILD)
        self.wilds = sum(1 for t in tiles if t == WILD)
        self.total = len(tiles)
        self.grid: dict[int, str] = {}
        self.wild_cells: set[int] = set()
        self.score = 0
        self.best: tuple[int, int] = (-1, -1)  # (tiles, score) of the best crossword yet
        self.best_grid: dict[int, tuple[str, bool]] = {}
        self.first_complete: float | None = None
        self.seen: set[tuple[object, ...]] = set()
        self.nodes = 0
        self.stop_at_complete = False
        #: Steps left of the whole solve (all passes), for a search that must not depend
        #: on the clock (the bots).
        self.budget = 1 << 62

    # ------------------------------------------------------------ the grid

    def _fits(self, word: str, at: int, cell: int, step: int) -> bool:
        grid = self.grid
        perp = DOWN if step == ACROSS else ACROSS
        start = cell - at * step
        if start - step in grid or start + len(word) * step in grid:
            return False
        for j in range(len(word)):
            if j == at:
                continue
            c = start + j * step
            if c in grid or c + perp in grid or c - perp in grid:
                return False
        return True

    def _lay(self, word: str, at: int, cell: int, step: int) -> list[int]:
        """Lay the word (its letter `at` on `cell`, already on the grid); returns the cells
        filled, wild cells marked."""
        filled = []
        start = cell - at * step
        rack = self.rack
        for j, letter in enumerate(word):
            c = start + j * step
            if j == at and c in self.grid:
                continue
            if rack[letter] > 0:
                rack[letter] -= 1
                self.score += LETTER_POINTS[letter]
            else:
                self.wilds -= 1
                self.wild_cells.add(c)
                self.score += LETTER_POINTS[WILD]
            self.grid[c] = letter
            filled.append(c)
        if cell in self.grid and len(filled) < len(word):
            self.score += self._points(cell)  # the anchor is now in two words
        return filled

    def _lift(self, filled: list[int], anchor: int | None) -> None:
        for c in filled:
            letter = self.grid.pop(c)
            if c in self.wild_cells:
                self.wild_cells.discard(c)
                self.wilds += 1
                self.score -= LETTER_POINTS[WILD]
            else:
                self.rack[letter] += 1
                self.score -= LETTER_POINTS[letter]
        if anchor is not None:
            self.score -= self._points(anchor)

    def _points(self, cell: int) -> int:
        return LETTER_POINTS[WILD] if cell in self.wild_cells else LETTER_POINTS[self.grid[cell]]

    # ------------------------------------------------------------ the search

    def _left(self) -> int:
        return sum(self.rack.values()) + self.wilds

    def _note(self) -> None:
        used = len(self.grid)
        if (used, self.score) > self.best:
            self.best = (used, self.score)
            self.best_grid = {c: (ch, c in self.wild_cells) for c, ch in self.grid.items()}
            if used == self.total and self.first_complete is None:
                self.first_complete = time.perf_counter() - self.started

    def _weight(self, word: str, at: int | None) -> float:
        rack = dict(self.rack)
        style = self.style
        weight = style.length * len(word)
        if style.noise:
            weight += style.rng.random() * style.noise
        for j, letter in enumerate(word):
            if j == at:
                continue
            if rack.get(letter, 0) > 0:
                rack[letter] -= 1
                weight += _HARD.get(letter, 0.0)
            else:
                weight -= _WILD_COST
        return weight

    def _first_moves(self) -> list[tuple[float, str, int, int, int]]:
        bits = self.index.spellable(self.rack, self.wilds)
        moves = []
        # Pass 0 takes the longest words; a pass for score takes some of every length.
        cap = 25 if self.style.spread else None
        for word in self.index.iter_words(bits, per_length=cap):
            moves.append((self._weight(word, None), word, 0, cell_of(0, 0), ACROSS))
            if len(moves) >= 400:
                break
        moves.sort(key=lambda m: -m[0])
        return moves[: _BRANCHES[0]]

    def _anchors(self) -> dict[str, list[tuple[int, int]]]:
        grid = self.grid
        found: dict[str, list[tuple[int, int]]] = {}
        for cell, letter in grid.items():
            for step in (ACROSS, DOWN):
                if cell - step not in grid and cell + step not in grid:
                    found.setdefault(letter, []).append((cell, step))
        return found

    def _moves(self) -> list[tuple[float, str, int, int, int]]:
        anchors = self._anchors()
        if not anchors:
            return []
        index = self.index
        bits = index.anchored(self.rack, self.wilds, anchors)
        every = 0
        for b in bits.values():
            every |= b
        for letter, count in self.rack.items():
            if count and not every & index.needing_more(letter, 0):
                return []  # this letter fits no word through any free anchor
        style = self.style
        moves: list[tuple[float, str, int, int, int]] = []
        wanted = 10_000 if style.spread else _BRANCHES[-1] * 4
        each = 12 if style.spread else 60
        longest = self._left() + 1
        for length in range(longest, 1, -1):
            for letter, letter_bits in bits.items():
                of_length = letter_bits & index.of_length(length)
                for word in index.iter_words(of_length, per_length=each):
                    for at, ch in enumerate(word):
                        if ch != letter:
                            continue
                        for cell, step in anchors[letter]:
                            if self._fits(word, at, cell, step):
                                weight = self._weight(word, at) + style.anchor * self._points(cell)
                                moves.append((weight, word, at, cell, step))
            if len(moves) >= wanted:
                break
        moves.sort(key=lambda m: -m[0])
        return moves

    def _key(self) -> tuple[object, ...]:
        free = tuple(sorted(self._anchors()))
        return (tuple(sorted(+self.rack)), self.wilds, free)

    def search(self, depth: int = 0) -> None:
        self.nodes += 1
        if (
            self.nodes > self.style.nodes
            or self.nodes > self.budget
            or time.perf_counter() > self.deadline
        ):
            raise _Stop
        self._note()
        if not self._left():
            return
        key = self._key()
        if key in self.seen:
            return
        self.seen.add(key)
        moves = self._first_moves() if not self.grid else self._moves()
        branches = _BRANCHES[min(depth, len(_BRANCHES) - 1)]
        tried: set[tuple[str, int]] = set()
        for _, word, at, cell, step in moves:
            if len(tried) >= branches:
                break
            if (word, cell) in tried:
                continue
            tried.add((word, cell))
            anchor = cell if self.grid else None
            filled = self._lay(word, at, cell, step)
            self.search(depth + 1)
            self._lift(filled, anchor if anchor is not None and len(filled) < len(word) else None)
            if self.stop_at_complete and self.best[0] == self.total:
                raise _Stop


@dataclass(frozen=True)
class _Style:
    """How one pass of the search orders its moves: by word length, by the points of the
    crossing (which count twice), with some noise so that later passes differ."""

    length: float
    anchor: float
    noise: float
    rng: random.Random
    #: Words of every length are weighed, not only the longest.
    spread: bool = False
    #: Steps of the search before the pass gives up.
    nodes: int = 1_000_000


def _style(number: int) -> _Style:
    if number == 0:
        # Long words first: the quickest way to a complete crossword.
        return _Style(1.0, 0.1, 0.0, random.Random(0))
    rng = random.Random(number)
    return _Style(rng.uniform(-0.3, 1.0), rng.uniform(0.2, 1.2), 2.5, rng, spread=True, nodes=60)


#: Passes of the search at most, within its time.
_PASSES: Final = 400


def solve(
    tiles: Sequence[str],
    seconds: float | None = 0.2,
    index: LetterIndex | None = None,
    *,
    until_complete: bool = False,
    max_nodes: int | None = None,
) -> Solution:
    """The best crossword found for the tiles ("a".."z", "*" a wild tile) within `seconds`.

    The first pass looks for a complete crossword, long words first; later passes (each
    its own search, with other orders) look for a higher score until the time is up.
    With `until_complete`, it stops at the first complete crossword instead. With
    `max_nodes`, it also stops after that many search steps in all: a search that ends
    that way gives the same answer on any machine (the bots use it). With `seconds`
    None the clock never ends the search: only the steps or a complete crossword do, so
    the answer cannot depend on the machine's load; it then needs `max_nodes` (raises
    ValueError without it).
    """
    if seconds is None and max_nodes is None:
        raise ValueError("solve without a time limit (seconds=None) needs max_nodes")
    index = index or default_index()
    started = time.perf_counter()
    deadline = math.inf if seconds is None else started + seconds
    best: _Search | None = None
    first: float | None = None
    nodes = 0
    for number in range(_PASSES):
        search = _Search(tiles, index, deadline, started, _style(number))
        search.stop_at_complete = number == 0 or until_complete
        if max_nodes is not None:
            search.budget = max_nodes - nodes
        with contextlib.suppress(_Stop):
            search.search()
        nodes += search.nodes
        if first is None:
            first = search.first_complete
        if best is None or search.best > best.best:
            best = search
        complete = best.best[0] == len(tiles)
        out_of_steps = max_nodes is not None and nodes >= max_nodes
        if (until_complete and complete) or out_of_steps or time.perf_counter() >= deadline:
            break
    assert best is not None
    found = _solution(best)
    found.first_complete = first
    found.nodes = nodes
    return found


def _solution(search: _Search) -> Solution:
    cells = search.best_grid
    used, score = search.best
    return Solution(
        complete=used == search.total,
        tiles_used=max(used, 0),
        score=max(score, 0),
        grid=render(cells),
        words=sorted(_words(cells)),
        first_complete=search.first_complete,
        nodes=search.nodes,
        letters=dict(cells),
    )


def render(cells: dict[int, tuple[str, bool]]) -> list[str]:
    """Rows of the crossword, "." for an empty cell and a wild tile in lower case."""
    if not cells:
        return []
    places = {row_col(c): v for c, v in cells.items()}
    rows = [r for r, _ in places]
    cols = [c for _, c in places]
    lines = []
    for r in range(min(rows), max(rows) + 1):
        line = ""
        for c in range(min(cols), max(cols) + 1):
            if (r, c) not in places:
                line += "."
            else:
                letter, wild = places[(r, c)]
                line += letter if wild else letter.upper()
        lines.append(line)
    return lines


def _words(cells: dict[int, tuple[str, bool]]) -> Iterable[str]:
    return [run.word.upper() for run in runs({c: (ch, 0) for c, (ch, _) in cells.items()})]
