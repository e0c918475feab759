"""Every word that a multiset of cards can spell: Quiddler's cards and Double Quick!'s tiles.

A card is a string of lowercase letters a-z that it spells, in order ("e", and Quiddler's
two-letter cards "qu", "in", "er", "th", "cl"), or the wild card ``"*"`` (Double Quick!) that
stands for any one letter a-z. A word is formable when a sequence of the cards, each used at
most as often as it is given, spells exactly that word. "quit" is spelled q-u-i-t or qu-i-t:
two card sequences of one word.

>>> trie = CardTrie(frozenset({"quit", "quite", "tie", "it", "suit"}))
>>> list(trie.words_from(["qu", "i", "t", "q", "u"], all_spellings=True))
[('it', ('i', 't')), ('quit', ('q', 'u', 'i', 't')), ('quit', ('qu', 'i', 't'))]
>>> for word, cards in trie.words_from(["*", "u", "i", "t"]):
...     print(word, "-".join(cards))
it i-t
quit *-u-i-t
suit *-u-i-t
tie t-i-*

How it is fast. The trie is stored as one dict from each node's path (every prefix of every
word, and every word) to two flags: the path is a word, and a longer word goes on from it.
A walk adds one card at a time to the path and follows it only while the path is in the dict,
so a hand's search costs about the number of prefixes its cards can spell (about a thousand
for 11 Quiddler cards), whatever the size of the list; a two-letter card is one lookup, since a
path is in the dict only if all its prefixes are. Building the dict for the 250,000-word list
takes a fraction of a second, so `card_trie` builds it once per word list and keeps it.
"""

from __future__ import annotations

import string
import sys
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from typing import Final, Protocol, runtime_checkable

__all__ = ["WILD", "CardTrie", "WordSource", "card_trie"]

#: The wild card (Double Quick!'s wild tile): any one letter a-z.
WILD: Final = "*"
#: The letters a wild card can stand for, in the order the walk tries them.
LETTERS: Final = string.ascii_lowercase
#: The fewest cards in a word in both games.
MIN_CARDS: Final = 2
#: How many tries `card_trie` keeps: a table's list, the bots' shorter lists and the shipped one
#: (whose trie holds about 32 MiB beside the list's own 16 MiB).
CACHE_SIZE: Final = 6

# The flags of a path in the trie's dict.
_WORD: Final = 1  # the path is a word
_PREFIX: Final = 2  # some longer word starts with the path

Spelling = tuple[str, tuple[str, ...]]


@runtime_checkable
class WordSource(Protocol):
    """A word list such as `quintet.words.WordList`: anything whose ``words()`` gives its words."""

    def words(self) -> Iterable[str]: ...


def _word_iterable(words: WordSource | Iterable[str]) -> Iterable[str]:
    if isinstance(words, str):
        raise TypeError("words: give a word list or a collection of words, not one string")
    if isinstance(words, WordSource):
        return words.words()
    return words


class CardTrie:
    """A trie over the letters of a word list that finds every word a multiset of cards spells.

    ``CardTrie(words)`` takes a `WordSource` (``words.words()`` gives the words, as
    `quintet.words.WordList` does) or any iterable of words, such as a frozenset. It copies
    what it needs: changing the collection afterwards does not change the trie.
    """

    __slots__ = ("_nodes", "_size")

    def __init__(self, words: WordSource | Iterable[str]) -> None:
        nodes: dict[str, int] = {}
        get = nodes.get
        size = 0
        for word in _word_iterable(words):
            if not isinstance(word, str) or not word:
                raise ValueError(f"words: {word!r} is not a word (a non-empty string)")
            flags = get(word, 0)
            if not flags & _WORD:
                size += 1
            nodes[word] = flags | _WORD
            # Proper prefixes, longest first: the first one already present had its own
            # prefixes added with it, so the loop stops there (each prefix is added once).
            for end in range(len(word) - 1, 0, -1):
                prefix = word[:end]
                found = get(prefix)
                if found is not None:
                    if not found & _PREFIX:
                        nodes[prefix] = found | _PREFIX
                    break
                nodes[prefix] = _PREFIX
        self._nodes = nodes
        self._size = size

    def __len__(self) -> int:
        """The number of distinct words."""
        return self._size

    def __repr__(self) -> str:
        return f"<CardTrie of {self._size} words>"

    def memory_bytes(self) -> int:
        """About how many bytes the trie holds: its dict and the prefixes that are no word.

        The words themselves are not counted: the trie shares their strings with the word
        list it was built from.
        """
        own = sum(sys.getsizeof(path) for path, flags in self._nodes.items() if flags == _PREFIX)
        return sys.getsizeof(self._nodes) + own

    def words_from(
        self,
        cards: Mapping[str, int] | Iterable[str],
        *,
        all_spellings: bool = False,
        min_cards: int = MIN_CARDS,
    ) -> Iterator[Spelling]:
        """Every word the cards can spell, with a card sequence that spells it.

        ``cards``: card names with repeats (``["e", "e", "qu"]``) or name -> count. Each word
        uses every card at most as often as it is given, and at least ``min_cards`` cards
        (default 2: a word in both games). Gives ``(word, cards)`` pairs sorted by word, then
        by card sequence. With ``all_spellings`` every distinct card sequence of each word is
        given (``qu-i-t`` and ``q-u-i-t``); without it, one per word: the one with the fewest
        wild cards, then the first in order of card names.

        Raises `ValueError` for a name that is no card (or a negative count) and `TypeError`
        for a single string instead of a collection of names.
        """
        counts = _card_counts(cards)
        if isinstance(min_cards, bool) or not isinstance(min_cards, int) or min_cards < 1:
            raise ValueError(f"min_cards must be a whole number of at least 1, not {min_cards!r}")
        names = sorted(name for name, count in counts.items() if count and name != WILD)
        left = [counts[name] for name in names]
        wilds = counts.get(WILD, 0)
        get = self._nodes.get
        found: list[Spelling] = []
        sequence: list[str] = []  # the cards of the path, in order
        steps = list(enumerate(names))

        def walk(path: str) -> None:
            nonlocal wilds
            for index, name in steps:
                if left[index]:
                    step = path + name
                    flags = get(step)
                    if flags:
                        sequence.append(name)
                        if flags & _WORD and len(sequence) >= min_cards:
                            found.append((step, tuple(sequence)))
                        if flags & _PREFIX:
                            left[index] -= 1
                            walk(step)
                            left[index] += 1
                        sequence.pop()
            if wilds:
                # One wild card, whichever letter it becomes: taken once around the letters.
                wilds -= 1
                sequence.append(WILD)
                for letter in LETTERS:
                    step = path + letter
                    flags = get(step)
                    if flags:
                        if flags & _WORD and len(sequence) >= min_cards:
                            found.append((step, tuple(sequence)))
                        if flags & _PREFIX:
                            walk(step)
                sequence.pop()
                wilds += 1

        walk("")
        if all_spellings:
            found.sort()
            return iter(found)
        # One spelling per word: the fewest wild cards, then the first by card names.
        chosen: dict[str, tuple[str, ...]] = {}
        for word, spelled in found:
            old = chosen.get(word)
            if old is None or (spelled.count(WILD), spelled) < (old.count(WILD), old):
                chosen[word] = spelled
        return iter(sorted(chosen.items()))


def _is_card(name: object) -> bool:
    return name == WILD or (
        isinstance(name, str) and name.isascii() and name.isalpha() and name.islower()
    )


def _not_a_card(name: object) -> ValueError:
    return ValueError(
        f"{name!r} is not a card: a card is one or more lowercase letters a-z, which it spells "
        f"in order, or {WILD!r}, the wild card"
    )


def _card_counts(cards: Mapping[str, int] | Iterable[str]) -> dict[str, int]:
    """Name -> count of the cards given as a mapping or as names with repeats."""
    if isinstance(cards, str):
        raise TypeError(
            f"cards: give a list of card names or a mapping name -> count, not one string "
            f"({cards!r}); for example {cards.split()!r}"
        )
    counts: dict[str, int] = {}
    if isinstance(cards, Mapping):
        for name, count in cards.items():
            if not _is_card(name):
                raise _not_a_card(name)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(
                    f"card {name!r}: the count must be a whole number >= 0, not {count!r}"
                )
            counts[name] = count
        return counts
    for name in cards:
        if not _is_card(name):
            raise _not_a_card(name)
        counts[name] = counts.get(name, 0) + 1
    return counts


_CACHE: OrderedDict[object, CardTrie] = OrderedDict()


def card_trie(words: WordSource | Iterable[str]) -> CardTrie:
    """The `CardTrie` of a word list, built on the first call for it and then kept.

    The last `CACHE_SIZE` lists used are kept, keyed by the list's value: an immutable
    `WordList` or frozenset, or an equal one (``wl.restricted(50)`` twice), finds its trie
    again. A collection that cannot be a dict key (a set, a list) gets a new trie each call.
    """
    try:
        trie = _CACHE.get(words)
    except TypeError:  # unhashable, so possibly changing: never kept
        return CardTrie(words)
    if trie is None:
        trie = CardTrie(words)
        _CACHE[words] = trie
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(words)
    return trie
