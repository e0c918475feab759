"""The table's dictionary, and the solver's answers for it, kept between calls.

A table's words are the shipped list plus the options' `extra_words`, or those words
alone with `replace_words`; `table_words` builds that list once per pair of options and
keeps it, so the solver's trie (cached by the list's identity) is built once too.

The rules ask the solver at every turn (the legal actions list the best way to go out),
and the conformance kit and the bots ask again for the same hands, so each `TableWords`
remembers its answers by hand. A hand is a sorted tuple of card names: the solver's
answer depends only on the multiset (see `solver`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from quintet.games.quiddler.components import spell
from quintet.games.quiddler.solver import Best, best, can_go_out
from quintet.words import PLAYER_TIER, WordList, default_words

#: Answers each `TableWords` keeps before it forgets them all (a hand is ~100 bytes).
_MEMO_SIZE: Final = 50_000
#: Dictionaries kept by `table_words`: a table's list costs ~20 MB when it adds words.
_TABLES: Final = 4


class TableWords:
    """One table's dictionary with memoised solver answers."""

    __slots__ = ("_best", "_go_out", "words")

    def __init__(self, words: WordList) -> None:
        self.words = words
        self._go_out: dict[tuple[str, ...], Best | None] = {}
        self._best: dict[tuple[str, ...], Best] = {}

    def is_word(self, cards: Iterable[str]) -> bool:
        """Whether the cards spell a word of this table's dictionary."""
        return spell(cards) in self.words

    def go_out(self, hand: tuple[str, ...]) -> Best | None:
        """`solver.can_go_out` for a sorted hand: the best way to go out, or None."""
        memo = self._go_out
        if hand in memo:
            return memo[hand]
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        found = memo[hand] = can_go_out(hand, self.words)
        return found

    def best_lay_down(self, hand: tuple[str, ...]) -> Best:
        """`solver.best` with a discard, for a sorted hand: the best last-turn lay-down."""
        memo = self._best
        found = memo.get(hand)
        if found is None:
            if len(memo) >= _MEMO_SIZE:
                memo.clear()
            found = memo[hand] = best(hand, self.words, discard=True)
        return found


@lru_cache(maxsize=_TABLES)
def table_words(extra_words: tuple[str, ...] = (), replace_words: bool = False) -> TableWords:
    """The dictionary of a table with these options (the words were checked by the options).

    Player words get `PLAYER_TIER`, as `WordList.from_file` gives them.
    """
    if replace_words:
        words = WordList.from_lines(extra_words, PLAYER_TIER, source="extra_words")
    elif extra_words:
        words = default_words().with_words(extra_words, PLAYER_TIER)
    else:
        words = default_words()
    return TableWords(words)
