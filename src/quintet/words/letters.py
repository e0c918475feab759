"""Which words a rack of letter tiles can spell, for every word of a list at once.

`LetterIndex(words)` numbers the words by length (shortest first) and keeps, for each
letter and count k, the set of words holding that letter at least k times, as one
Python int used as a bit set (bit i: word i). A rack's spellable words are then a few
dozen big-int operations, whatever the list's size: the words that need more of some
letter than the rack holds are ORed together, and wild tiles forgive that many
missing letters (counted with saturating bit-set counters). Double Quick!'s crossword
search asks this at every step, with an anchor letter already on the grid.

>>> index = LetterIndex(["cat", "act", "taxi", "at", "tax"])
>>> index.words_of(index.spellable({"a": 1, "c": 1, "t": 1}))
['at', 'act', 'cat']
>>> index.words_of(index.spellable({"a": 1, "t": 1, "x": 1}, wilds=1, max_length=4))
['at', 'act', 'cat', 'tax', 'taxi']
>>> index.words_of(index.spellable({"t": 1}, anchor="a"))
['at']
>>> {a: index.words_of(bits) for a, bits in index.anchored({"t": 1, "c": 1}, 0, "ax").items()}
{'a': ['at', 'act', 'cat'], 'x': []}
"""

from __future__ import annotations

import string
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Final

__all__ = ["LetterIndex", "letter_index"]

LETTERS: Final = string.ascii_lowercase


class LetterIndex:
    """Bit sets over a word list for rack queries (see the module's doc)."""

    __slots__ = ("_at_least", "_ends", "_starts", "lengths", "words")

    def __init__(self, words: Iterable[str], max_length: int = 32) -> None:
        # By length, then alphabetically: two sorts in C, the second stable.
        alphabet = frozenset(LETTERS)
        kept = sorted(
            sorted({w for w in words if 2 <= len(w) <= max_length and alphabet.issuperset(w)}),
            key=len,
        )
        self.words: tuple[str, ...] = tuple(kept)
        size = len(kept)
        self.lengths = tuple(len(w) for w in kept)
        longest = max(self.lengths, default=0)
        #: First index of each length (and of every longer one).
        self._starts = [0] * (longest + 2)
        self._ends = [0] * (longest + 2)
        for length in range(longest + 2):
            self._starts[length] = bisect_left(self.lengths, length)
        for length in range(longest + 1):
            self._ends[length] = self._starts[length + 1]
        exactly: dict[str, list[list[int]]] = {letter: [[]] for letter in LETTERS}
        for index, word in enumerate(kept):
            for letter in set(word):
                lists = exactly[letter]
                count = word.count(letter)
                while len(lists) <= count:
                    lists.append([])
                lists[count].append(index)
        #: _at_least[letter][k]: the words holding `letter` at least k times (k >= 1),
        #: then 0 (no word holds it more often).
        self._at_least: dict[str, list[int]] = {}
        for letter, lists in exactly.items():
            table = [-1] + [0] * len(lists)
            buffer = bytearray((size + 7) // 8)
            for k in range(len(lists) - 1, 0, -1):
                for i in lists[k]:
                    buffer[i >> 3] |= 1 << (i & 7)
                table[k] = int.from_bytes(buffer, "little")
            self._at_least[letter] = table

    def __len__(self) -> int:
        return len(self.words)

    def below(self, max_length: int) -> int:
        """The bit set of every word of at most `max_length` letters."""
        end = self._starts[min(max(max_length + 1, 0), len(self._starts) - 1)]
        return (1 << end) - 1

    def of_length(self, length: int) -> int:
        """The bit set of every word of exactly `length` letters."""
        if not 0 <= length < len(self._ends):
            return 0
        start, end = self._starts[length], self._ends[length]
        return ((1 << (end - start)) - 1) << start if end > start else 0

    def needing_more(self, letter: str, have: int) -> int:
        """The words that hold `letter` more than `have` times."""
        table = self._at_least[letter]
        return table[have + 1] if have + 1 < len(table) else 0

    def spellable(
        self,
        rack: Mapping[str, int],
        wilds: int = 0,
        max_length: int | None = None,
        anchor: str | None = None,
    ) -> int:
        """The bit set of the words the rack spells, each letter used at most as often as
        the rack holds it and `wilds` wild tiles standing for any letters; with `anchor`,
        the words that hold that letter and are spelled by the rack plus that one letter
        (a word laid through a letter already on the grid)."""
        if max_length is None:
            max_length = sum(rack.values()) + wilds + (anchor is not None)
        universe = self.below(max_length)
        if anchor is not None:
            universe &= self._at_least[anchor][1]
        # over[k]: words short of at least k+1 letters (k = 0 .. wilds), saturating.
        over = [0] * (wilds + 1)
        for letter in LETTERS:
            have = rack.get(letter, 0) + (letter == anchor)
            table = self._at_least[letter]
            if have + 1 >= len(table):
                continue
            for k in range(wilds, -1, -1):
                # Short of >= k+1 letters: already so, or short of >= k+1-j before and
                # of >= j of this letter.
                gained = 0
                for j in range(1, k + 2):
                    need = table[have + j] if have + j < len(table) else 0
                    if not need:
                        break
                    gained |= need if j == k + 1 else over[k - j] & need
                over[k] |= gained & universe
        return universe & ~over[wilds]

    def anchored(
        self, rack: Mapping[str, int], wilds: int, anchors: Iterable[str]
    ) -> dict[str, int]:
        """For each anchor letter, `spellable(rack, wilds, anchor=letter)`, computed together:
        the rack's shortfalls are counted once, and one letter more only forgives a word
        whose shortfall includes that letter."""
        size = sum(rack.values()) + wilds + 1
        universe = self.below(size)
        over = [0] * (wilds + 2)
        for letter in LETTERS:
            have = rack.get(letter, 0)
            table = self._at_least[letter]
            if have + 1 >= len(table):
                continue
            for k in range(wilds + 1, -1, -1):
                gained = 0
                for j in range(1, k + 2):
                    need = table[have + j] if have + j < len(table) else 0
                    if not need:
                        break
                    gained |= need if j == k + 1 else over[k - j] & need
                over[k] |= gained & universe
        fits = universe & ~over[wilds]
        one_short = over[wilds] & ~over[wilds + 1]
        found = {}
        for letter in dict.fromkeys(anchors):
            holds = self._at_least[letter][1] if len(self._at_least[letter]) > 1 else 0
            found[letter] = holds & (
                fits | (one_short & self.needing_more(letter, rack.get(letter, 0)))
            )
        return found

    def words_of(self, bits: int) -> list[str]:
        """The words of a bit set, by length, then alphabetically."""
        return sorted(self.iter_words(bits), key=lambda word: (len(word), word))

    def iter_words(
        self, bits: int, longest_first: bool = True, per_length: int | None = None
    ) -> Iterator[str]:
        """The words of a bit set, lazily, by length (longest first by default; within a
        length, last in the alphabet first), at most `per_length` of each length when given."""
        top = len(self._starts) - 2
        lengths = range(top, 1, -1) if longest_first else range(2, top + 1)
        words = self.words
        for length in lengths:
            start, end = self._starts[length], self._ends[length]
            if start >= end:
                continue
            part = (bits >> start) & ((1 << (end - start)) - 1)
            if not part:
                continue
            # The set bits, read from the binary text (in C) rather than bit by bit.
            text = bin(part)
            last = len(text) - 1
            at = text.find("1", 2)
            taken = 0
            while at >= 0:
                yield words[start + last - at]
                taken += 1
                if per_length is not None and taken >= per_length:
                    break
                at = text.find("1", at + 1)


@lru_cache(maxsize=4)
def letter_index(words: object) -> LetterIndex:
    """The `LetterIndex` of a hashable word list (a `WordList` or a frozenset), built once."""
    source = words.words() if hasattr(words, "words") else words
    return LetterIndex(source)  # type: ignore[arg-type]
