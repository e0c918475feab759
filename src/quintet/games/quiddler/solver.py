"""The best play of a Quiddler hand, found exactly (RULINGS §5; issue 4 §3).

A play lays cards down as words of two or more cards, each in the word list, and leaves the
other cards unused. Its score is the value of the cards in words minus the value of the
unused cards. With ``discard=True`` one card is also discarded (a turn ends with a discard):
it counts neither way and is chosen together with the words. A hand *goes out* when every card
but the discard is in a word.

>>> words = frozenset({"quit", "quite", "tie", "it", "ire"})
>>> best(["qu", "i", "t", "e", "r"], words)
Best(score=11, words=(('qu', 'i', 't', 'e'),), unused=('r',), discard=None)
>>> play = best(["qu", "i", "t", "e", "r"], words, discard=True)
>>> play.words, play.discard, play.score, play.goes_out
((('qu', 'i', 't', 'e'),), 'r', 16, True)
>>> can_go_out(["qu", "i", "t", "e", "r", "x"], words) is None
True

How. The words the hand can spell come from `quintet.words.search.CardTrie` (every card
sequence of each); only which cards a word uses matters from then on. The best play is a
dynamic programme over what is left of the hand, a multiset of card names (at most 2^11
states for 11 cards, fewer with repeated names), held as one int with a 5-bit field per name:
a word fits in the state when subtracting its fields borrows from none, which one addition,
one subtraction and one mask test tell. Each state decides only its lowest card (in name
order): it goes into a word (only words whose lowest card it is can fit, so each state looks
at one short list), or it is discarded, or it is left unused. Only states reachable that way
from the whole hand are visited (about 500 for 11 cards). Cost: a few ms per 11-card hand
(`bench/quiddler_best.py`, docs/benchmarks.md).

Ties between plays of equal score are broken, in order, by:

1. more cards in words (so, at equal score, a play that goes out wins);
2. the first in this order of choices: the hand's cards are taken in name order
   (``"a" < "b" < "c" < "cl" < "d" < ... < "in" < ... < "qu" < "r" < ...``), and each time
   the lowest card left is put in a word before it is discarded, and discarded before it is
   left unused; words for it are tried longest first (in letters), then by their cards in
   name order.

So the same hand always gives the same play, whatever the order of its cards. ``words`` lists
the words in that order of choices (by their lowest card) and ``unused`` is in name order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from quintet.core import JSONDict
from quintet.core.errors import BadInput
from quintet.games.quiddler.components import CARDS
from quintet.words.search import CardTrie, WordSource, card_trie

__all__ = ["MAX_CARDS", "Best", "best", "can_go_out"]

#: The most cards the solver takes. A Quiddler hand holds at most 11 (10 dealt, 1 drawn); the
#: work grows about threefold with each further card of a new name (15 common letters take
#: about a second, 20 took minutes), so larger hands are refused rather than left to run.
MAX_CARDS: Final = 15

#: Bits per card name in a state: 4 for the count (the deck holds at most 12 of a name) and
#: a guard bit, which a subtraction clears when a word needs more of the name than is left.
_FIELD: Final = 5
_GUARD: Final = 1 << (_FIELD - 1)
#: A play is ranked by one int: score * _SCALE + cards in words (never more than 118 cards).
_SCALE: Final = 256
#: The value of a state that cannot end as asked (no discard left to make, or a card that
#: may not stay unused when going out).
_IMPOSSIBLE: Final = -(1 << 62)
# The choices besides a word (a word is recorded as its fields, always > 0).
_DISCARD: Final = -1
_UNUSED: Final = -2


@dataclass(frozen=True, slots=True)
class Best:
    """A play of a hand: its score, its words (each a tuple of cards), unused cards, discard."""

    score: int
    words: tuple[tuple[str, ...], ...]
    unused: tuple[str, ...]
    discard: str | None

    @property
    def goes_out(self) -> bool:
        """Whether a card is discarded and every other card is in a word."""
        return self.discard is not None and not self.unused

    def to_json(self) -> JSONDict:
        """The play as ``{"score", "words": [[card, ...], ...], "unused", "discard"}``."""
        return {
            "score": self.score,
            "words": [list(word) for word in self.words],
            "unused": list(self.unused),
            "discard": self.discard,
        }


def best(
    hand: Sequence[str],
    words: WordSource | Iterable[str],
    *,
    discard: bool = False,
    word_weight: int = 0,
) -> Best:
    """The play of ``hand`` with the highest score (ties: see the module's docstring).

    ``hand``: card names, with repeats (``["qu", "i", "t"]``). ``words``: a
    `quintet.words.WordList`, or any collection of words; its search trie is built on first use
    and kept (`quintet.words.search.card_trie`). With ``discard`` one card is discarded, counting
    neither way (an empty hand has nothing to discard: its play is empty, score 0).
    ``word_weight`` counts each word that many points more in the choice (not in the score):
    a play with more words for the most-words bonus.

    Raises `BadInput` for a name that is no Quiddler card, more cards of a name than the deck
    holds, or more than `MAX_CARDS` cards.
    """
    counts = _hand_counts(hand)
    if not counts:
        return Best(0, (), (), None)
    play = _search(counts, card_trie(words), discard=discard, go_out=False, weight=word_weight)
    assert play is not None  # leaving every card unused (and one discarded) is always a play
    return play


def can_go_out(
    hand: Sequence[str], words: WordSource | Iterable[str], *, word_weight: int = 0
) -> Best | None:
    """The best way for ``hand`` to go out, or None when it cannot.

    A hand of n cards goes out when n - 1 of them form words and the last one is discarded;
    among such plays the one with the highest score (the cheapest discard) is given, ties
    broken as in `best`; ``word_weight`` as in `best`. Raises `BadInput` as `best` does.
    """
    counts = _hand_counts(hand)
    if not counts:
        return None
    return _search(counts, card_trie(words), discard=True, go_out=True, weight=word_weight)


def _hand_counts(hand: Sequence[str]) -> dict[str, int]:
    """Name -> count of a hand, or `BadInput` naming the card that is wrong."""
    if isinstance(hand, str):
        raise BadInput(
            f"the hand must be a sequence of card names such as ['qu', 'i', 't'], "
            f"not one string ({hand!r})"
        )
    counts: dict[str, int] = {}
    for card in hand:
        if not isinstance(card, str) or card not in CARDS:
            raise BadInput(
                f"{card!r} is not a Quiddler card; the cards are {', '.join(sorted(CARDS))}"
            )
        counts[card] = counts.get(card, 0) + 1
    if len(hand) > MAX_CARDS:
        raise BadInput(
            f"the hand has {len(hand)} cards; the solver takes at most {MAX_CARDS} (a Quiddler "
            f"hand holds at most 11)"
        )
    for card, count in counts.items():
        in_deck = CARDS[card][1]
        if count > in_deck:
            raise BadInput(
                f"the hand holds {count} {card!r} cards, but the deck has only {in_deck}"
            )
    return counts


def _search(
    counts: dict[str, int], trie: CardTrie, *, discard: bool, go_out: bool, weight: int = 0
) -> Best | None:
    """The best play of a non-empty hand; ``go_out``: no card may stay unused (None if none).
    ``weight``: points each word adds to the choice, not to the score."""
    names = sorted(counts)
    index = {name: place for place, name in enumerate(names)}
    units = [1 << (_FIELD * place) for place in range(len(names))]
    guard = _GUARD * sum(units)
    values = [CARDS[name][0] for name in names]
    full = sum(counts[name] * unit for name, unit in zip(names, units, strict=True))
    # The lowest name left in a state, from the bit length of the state's lowest set bit.
    lowest = [0] + [place for place in range(len(names)) for _ in range(_FIELD)]

    # Each multiset of cards that spells a word, with its first spelling in the order of
    # choices (longest, then by cards), filed under its lowest card.
    spelled: dict[int, tuple[tuple[int, tuple[str, ...]], int, int]] = {}
    for word, cards in trie.words_from(counts, all_spellings=True):
        fields = points = 0
        low = len(names)
        for card in cards:
            place = index[card]
            fields += units[place]
            points += values[place]
            low = min(low, place)
        rank = (-len(word), cards)
        known = spelled.get(fields)
        if known is None or rank < known[0]:
            spelled[fields] = (rank, (points + weight) * _SCALE + len(cards), low)
    ranked: list[list[tuple[tuple[int, tuple[str, ...]], int, int]]] = [[] for _ in names]
    for fields, (rank, gain, low) in spelled.items():
        ranked[low].append((rank, fields, gain))
    options = [[(fields, gain) for _, fields, gain in sorted(bucket)] for bucket in ranked]

    memo: dict[int, int] = {}  # state << 1 | discard still to make -> value of the best play
    choice: dict[int, int] = {}  # the same key -> the choice for its lowest card

    def solve(state: int, to_discard: int) -> int:
        key = state << 1 | to_discard
        known = memo.get(key)
        if known is not None:
            return known
        if not state:
            memo[key] = _IMPOSSIBLE if to_discard else 0
            return memo[key]
        low = lowest[(state & -state).bit_length()]
        top, pick = _IMPOSSIBLE, 0
        room = state + guard
        # Strictly better only: the first of equals, in the order of choices, stays.
        for fields, gain in options[low]:
            if (room - fields) & guard == guard:
                # Most states are met again: look them up before paying for a call.
                rest = memo.get((state - fields) << 1 | to_discard)
                if rest is None:
                    rest = solve(state - fields, to_discard)
                if rest != _IMPOSSIBLE and gain + rest > top:
                    top, pick = gain + rest, fields
        if to_discard:
            rest = solve(state - units[low], 0)
            if rest != _IMPOSSIBLE and rest > top:
                top, pick = rest, _DISCARD
        if not go_out:
            rest = solve(state - units[low], to_discard)
            if rest != _IMPOSSIBLE and rest - values[low] * _SCALE > top:
                top, pick = rest - values[low] * _SCALE, _UNUSED
        memo[key] = top
        choice[key] = pick
        return top

    total = solve(full, int(discard))
    if total == _IMPOSSIBLE:
        return None
    cards_of = {fields: rank[1] for fields, (rank, _, _) in spelled.items()}
    laid: list[tuple[str, ...]] = []
    unused: list[str] = []
    dropped: str | None = None
    state, to_discard = full, int(discard)
    while state:
        low = lowest[(state & -state).bit_length()]
        pick = choice[state << 1 | to_discard]
        if pick == _DISCARD:
            dropped, to_discard = names[low], 0
            state -= units[low]
        elif pick == _UNUSED:
            unused.append(names[low])
            state -= units[low]
        else:
            laid.append(cards_of[pick])
            state -= pick
    # total = score * _SCALE + cards in words, the latter in [0, _SCALE): floor division.
    score = total // _SCALE - weight * len(laid)
    return Best(score, tuple(laid), tuple(unused), dropped)
