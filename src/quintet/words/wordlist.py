"""The word list: an immutable, sorted set of words, each with a commonness tier.

A tier is a SCOWL size (10, 20, 35, 40, 50, 55, 60, 70, 80): a smaller tier is a more common
word. Words a player adds get the tier their caller gives, by default `PLAYER_TIER`.

The shipped list (`default_words()`) is about 254,000 words. It is held as one sorted tuple
of strings and one byte of tier per word, and looked up by bisection (about 18 string
comparisons, in C): no hash table to build, so it loads in 30-50 ms and holds about 16 MiB
(`make bench`, line `words_load`; docs/words.md).

>>> words = default_words()
>>> "quit" in words, words.tier("quit"), "qwxz" in words
(True, 10, False)
>>> mine = WordList.from_lines(["zax", "# a comment", "", "Quoz"], tier=0)
>>> list(mine.words())
['quoz', 'zax']
"""

from __future__ import annotations

import itertools
import zlib
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Final

#: The tier of a word a player adds, unless the caller gives another: rarer than every SCOWL
#: size (the largest is 95), so `restricted(80)` and the bots' common-word cuts leave a
#: player's words out, while a word that is also in the list keeps its smaller SCOWL tier.
PLAYER_TIER: Final = 100
#: Tiers are stored one byte a word.
MAX_TIER: Final = 255
#: A word is 2 or more of these letters: the games need words of 2+ cards or tiles.
LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
MIN_LENGTH: Final = 2

DATA_PACKAGE: Final = "quintet.words"
DATA_FILE: Final = "data/words.txt.gz"
NOTICE_FILE: Final = "data/SCOWL-COPYRIGHT.txt"
#: WordNet chose the capitalised adjectives in the list (tools/build_words.py).
WORDNET_NOTICE_FILE: Final = "data/WORDNET-LICENSE.txt"


class WordListError(ValueError):
    """A word, a word file or a tier was refused. The message names it and the rule.

    `path` and `line` say where, when the word came from a file.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None):
        where = path if line is None else f"{path}, line {line}"
        super().__init__(message if where is None else f"{where}: {message}")
        self.path = path
        self.line = line


def check_tier(tier: object, name: str = "tier") -> int:
    """The tier, if it is an int from 0 to `MAX_TIER`; else WordListError naming `name`."""
    if isinstance(tier, bool) or not isinstance(tier, int):
        raise WordListError(f"{name} must be a whole number, not {tier!r}")
    if not 0 <= tier <= MAX_TIER:
        raise WordListError(f"{name} must be from 0 to {MAX_TIER}, not {tier}")
    return tier


def word_problem(word: str) -> str | None:
    """Why `word` cannot be in a word list, or None when it can. It must be lowercase.

    >>> word_problem("quit") is None
    True
    >>> word_problem("don't")
    'use only the letters a-z (no apostrophes, hyphens, digits, accents or spaces)'
    """
    if not word or not LETTERS.issuperset(word):
        return "use only the letters a-z (no apostrophes, hyphens, digits, accents or spaces)"
    if len(word) < MIN_LENGTH:
        return f"a word has at least {MIN_LENGTH} letters"
    return None


class WordList:
    """An immutable set of words (lowercase a-z, 2+ letters), each with a tier.

    `word in wl` and `wl.tier(word)` take exact lowercase words; anything else is simply
    not in the list. Build one with `from_file`, `from_lines`, `WordList(mapping)`, or from
    another with `restricted` and `with_words`.
    """

    __slots__ = ("_hash", "_tiers", "_words")

    _words: tuple[str, ...]
    _tiers: bytes
    _hash: int | None

    def __init__(self, tiers: Mapping[str, int] | None = None) -> None:
        """A list of the given words with their tiers; every word and tier is checked.

        Raises WordListError naming the first bad word or tier.
        """
        checked: dict[str, int] = {}
        for word, tier in (tiers or {}).items():
            problem = word_problem(word) if isinstance(word, str) else "a word is a string"
            if problem is not None:
                raise WordListError(f"{word!r} is not a word: {problem}")
            checked[word] = check_tier(tier, f"the tier of {word!r}")
        words = tuple(sorted(checked))
        self._set(words, bytes(checked[word] for word in words))

    def _set(self, words: tuple[str, ...], tiers: bytes) -> None:
        # Only the constructors call this, once: the list never changes afterwards.
        object.__setattr__(self, "_words", words)
        object.__setattr__(self, "_tiers", tiers)
        object.__setattr__(self, "_hash", None)

    @classmethod
    def _trusted(cls, words: tuple[str, ...], tiers: bytes) -> WordList:
        """A list from sorted, unique, valid words and their tiers, without checking them."""
        made = cls.__new__(cls)
        made._set(words, tiers)
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a WordList is immutable: cannot set {name!r}")

    # -------------------------------------------------------------- constructors

    @classmethod
    def from_lines(
        cls, lines: Iterable[str], tier: int = PLAYER_TIER, *, source: str = "<words>"
    ) -> WordList:
        """A list from text lines: one word per line, lowercased; `#` starts a comment, blank
        lines are skipped. Raises WordListError naming `source`, the line and the rule."""
        tier = check_tier(tier)
        found: dict[str, int] = {}
        for number, line in enumerate(lines, start=1):
            text = line.split("#", 1)[0].strip().lower()
            if not text:
                continue
            if len(text.split()) > 1:
                raise WordListError(
                    f"{text!r} is more than one word: write one word per line",
                    path=source,
                    line=number,
                )
            problem = word_problem(text)
            if problem is not None:
                raise WordListError(f"{text!r} is not a word: {problem}", path=source, line=number)
            found[text] = tier
        words = tuple(sorted(found))
        return cls._trusted(words, bytes([tier]) * len(words))

    @classmethod
    def from_file(cls, path: str | Path, tier: int = PLAYER_TIER) -> WordList:
        """A list from a UTF-8 text file, one word per line (see `from_lines`), all of tier
        `tier`. Raises WordListError naming the file (and the line) when it cannot be read
        or a line is not a word."""
        tier = check_tier(tier)
        name = str(path)
        try:
            data = Path(path).read_bytes()
        except FileNotFoundError:
            raise WordListError("no such file", path=name) from None
        except IsADirectoryError:
            raise WordListError("is a directory, not a file of words", path=name) from None
        except OSError as error:
            raise WordListError(f"cannot be read ({error.strerror})", path=name) from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise WordListError("is not UTF-8 text", path=name, line=line) from None
        return cls.from_lines(text.splitlines(), tier, source=name)

    # ------------------------------------------------------------------- queries

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        at = bisect_left(self._words, word)
        return at < len(self._words) and self._words[at] == word

    def tier(self, word: str) -> int | None:
        """The word's tier (smaller = more common), or None when it is not in the list."""
        at = bisect_left(self._words, word)
        if at < len(self._words) and self._words[at] == word:
            return self._tiers[at]
        return None

    def words(self, max_tier: int | None = None) -> Iterator[str]:
        """The words in alphabetical order; only those of tier <= `max_tier` if given."""
        if max_tier is None:
            return iter(self._words)
        return itertools.compress(self._words, self._tiers.translate(_keep_table(max_tier)))

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)

    def tiers(self) -> dict[int, int]:
        """How many words each tier has, by tier."""
        counts = {tier: self._tiers.count(tier) for tier in set(self._tiers)}
        return dict(sorted(counts.items()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WordList):
            return NotImplemented
        return self._words == other._words and self._tiers == other._tiers

    def __hash__(self) -> int:
        # Hashing 254,000 words takes milliseconds; a list used as a cache key keeps its hash.
        cached = self._hash
        if cached is None:
            cached = hash((self._words, self._tiers))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __repr__(self) -> str:
        if not self._words:
            return "<WordList: empty>"
        return (
            f"<WordList: {len(self._words):,} words, tiers {min(self._tiers)}-{max(self._tiers)}>"
        )

    # ---------------------------------------------------------- derived lists

    def restricted(self, max_tier: int) -> WordList:
        """The words of tier <= `max_tier` only (e.g. a bot's vocabulary)."""
        if isinstance(max_tier, bool) or not isinstance(max_tier, int) or max_tier < 0:
            raise WordListError(f"max_tier must be a whole number >= 0, not {max_tier!r}")
        words = tuple(self.words(max_tier))
        above = bytes(range(min(max_tier + 1, 256), 256))
        return WordList._trusted(words, self._tiers.translate(None, above))

    def with_words(self, words: Iterable[str], tier: int = PLAYER_TIER) -> WordList:
        """This list and `words` (lowercased), the new ones with tier `tier`. A word already
        here keeps the smaller of its tier and `tier`. Raises WordListError naming the first
        word that is not a word."""
        tier = check_tier(tier)
        if isinstance(words, str):
            raise WordListError(f"words must be a collection of words, not the string {words!r}")
        adding: set[str] = set()
        for raw in words:
            word = raw.lower() if isinstance(raw, str) else raw
            problem = word_problem(word) if isinstance(word, str) else "a word is a string"
            if problem is not None:
                raise WordListError(f"{raw!r} is not a word: {problem}")
            adding.add(word)
        known, tiers = self._words, bytearray(self._tiers)
        new: list[str] = []
        for word in adding:
            at = bisect_left(known, word)
            if at < len(known) and known[at] == word:
                tiers[at] = min(tiers[at], tier)
            else:
                new.append(word)
        if not new:
            return WordList._trusted(known, bytes(tiers))
        # Merge the sorted new words into the sorted list by slices: C copies, not a re-sort.
        new.sort()
        merged: list[str] = []
        merged_tiers = bytearray()
        start = 0
        for word in new:
            at = bisect_left(known, word, start)
            merged.extend(known[start:at])
            merged_tiers += tiers[start:at]
            merged.append(word)
            merged_tiers.append(tier)
            start = at
        merged.extend(known[start:])
        merged_tiers += tiers[start:]
        return WordList._trusted(tuple(merged), bytes(merged_tiers))


@lru_cache(maxsize=64)
def _keep_table(max_tier: int) -> bytes:
    """A `bytes.translate` table: 1 for a tier <= max_tier, 0 above it."""
    return bytes(1 if tier <= max_tier else 0 for tier in range(256))


# --------------------------------------------------------------- the shipped list


def decode(data: bytes) -> WordList:
    """The list from the shipped file's bytes (gzip; the format is in tools/build_words.py).

    Raises WordListError when the data is not in that format.
    """
    # zlib with wbits 31 reads the gzip format, a little faster than gzip.decompress.
    text = zlib.decompress(data, 31).decode("ascii")
    try:
        head, words_part = text.split("\n%words ", 1)
        count_text, words_part = words_part.split("\n", 1)
        words_part, letters = words_part.split("%tier-letters\n", 1)
        legend = head.rsplit("%tiers ", 1)[1].split()
    except (ValueError, IndexError):
        raise WordListError("the word list file is not in the expected format") from None
    table = bytearray(range(256))
    for entry in legend:
        letter, _, tier = entry.partition("=")
        table[ord(letter)] = int(tier)
    words = tuple(words_part.split("\n")[:-1])
    tiers = letters.rstrip("\n").encode("ascii").translate(table)
    if not len(words) == len(tiers) == int(count_text):
        raise WordListError(
            f"the word list file is damaged: {count_text} words announced, "
            f"{len(words)} words and {len(tiers)} tiers found"
        )
    return WordList._trusted(words, tiers)


def load_default() -> WordList:
    """Read the shipped list from the package (uncached: `default_words` caches it)."""
    return decode(resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_bytes())


@cache
def default_words() -> WordList:
    """The shipped English word list (SCOWL up to size 80), loaded once and cached."""
    return load_default()


def notice() -> str:
    """SCOWL's copyright and licence notice, then WordNet's, both shipped beside the list."""
    files = resources.files(DATA_PACKAGE)
    return "\n".join(
        files.joinpath(name).read_text(encoding="utf-8")
        for name in (NOTICE_FILE, WORDNET_NOTICE_FILE)
    )
