"""`quintet.words.search`: the card trie against a brute force, and every promise of its API.

The brute force tries every ordered sequence of distinct cards (every permutation of every
sub-multiset of the hand), spells it, with each wild card matching any letter, and looks the
result up in a small word list. Hands are small (up to 6 cards) so that this stays quick.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quintet.words import WordList, default_words, search
from quintet.words.search import WILD, CardTrie, card_trie

Spelling = tuple[str, tuple[str, ...]]

#: Words over few letters, with Quiddler's two-letter cards in them, so hands hit often.
WORDS = frozenset(
    {
        "at", "ate", "eat", "tea", "tee", "it", "tie", "tin", "tine", "in", "inn", "quit",
        "quite", "quiet", "quin", "the", "then", "thin", "thine", "her", "here", "there",
        "tree", "clan", "clean", "cleaner", "lean", "ran", "rain", "train", "trait", "an",
        "net", "ten", "teen", "inter", "quitter", "latte", "teat", "tat", "tact", "act",
    }
)  # fmt: skip
#: Card names built from those letters; the two-letter ones are Quiddler's.
NAMES = ("a", "c", "e", "h", "i", "l", "n", "q", "r", "t", "u", "qu", "th", "er", "in", "cl")


def fits(pattern: str, word: str) -> bool:
    """Whether the letters (WILD for any one letter) spell exactly ``word``."""
    return len(pattern) == len(word) and all(
        p in (WILD, w) for p, w in zip(pattern, word, strict=True)
    )


def brute_force(hand: list[str], words: Iterable[str], min_cards: int = 2) -> set[Spelling]:
    """Every (word, card sequence) by trying every sequence of distinct cards of the hand."""
    listed = set(words)
    found: set[Spelling] = set()
    sequences = {
        tuple(hand[i] for i in order)
        for size in range(min_cards, len(hand) + 1)
        for order in permutations(range(len(hand)), size)
    }
    for cards in sequences:
        letters = "".join(cards)  # a wild card is its own one character, "*"
        if WILD not in cards:
            if letters in listed:
                found.add((letters, cards))
            continue
        found.update((word, cards) for word in listed if fits(letters, word))
    return found


def fewest_wilds(spellings: set[Spelling]) -> list[Spelling]:
    """One spelling per word, as documented: fewest wild cards, then by card names."""
    chosen: dict[str, tuple[str, ...]] = {}
    for word, cards in spellings:
        old = chosen.get(word)
        if old is None or (cards.count(WILD), cards) < (old.count(WILD), old):
            chosen[word] = cards
    return sorted(chosen.items())


hands = st.lists(st.sampled_from(NAMES), min_size=0, max_size=6)
wild_hands = st.tuples(
    st.lists(st.sampled_from(NAMES), min_size=0, max_size=3), st.integers(1, 2)
).map(lambda pair: pair[0] + [WILD] * pair[1])


@settings(max_examples=150)
@given(hand=hands)
def test_all_spellings_equal_the_brute_force(hand: list[str]) -> None:
    trie = CardTrie(WORDS)
    found = list(trie.words_from(hand, all_spellings=True))
    assert found == sorted(brute_force(hand, WORDS))


@settings(max_examples=100)
@given(hand=wild_hands)
def test_wild_cards_equal_the_brute_force(hand: list[str]) -> None:
    trie = CardTrie(WORDS)
    expected = brute_force(hand, WORDS)
    assert list(trie.words_from(hand, all_spellings=True)) == sorted(expected)
    assert list(trie.words_from(hand)) == fewest_wilds(expected)


@settings(max_examples=100)
@given(
    hand=hands,
    words=st.frozensets(st.text(alphabet="acehilnqrtu", min_size=1, max_size=5), max_size=40),
    min_cards=st.integers(1, 3),
)
def test_random_lists_and_minimum_sizes_equal_the_brute_force(
    hand: list[str], words: frozenset[str], min_cards: int
) -> None:
    trie = CardTrie(words)
    found = list(trie.words_from(hand, all_spellings=True, min_cards=min_cards))
    expected = brute_force(hand, words, min_cards)
    assert found == sorted(expected)
    assert list(trie.words_from(hand, min_cards=min_cards)) == fewest_wilds(expected)


def test_quit_has_two_spellings() -> None:
    trie = CardTrie(WORDS)
    hand = ["qu", "i", "t", "q", "u", "e"]
    quits = [cards for word, cards in trie.words_from(hand, all_spellings=True) if word == "quit"]
    assert quits == [("q", "u", "i", "t"), ("qu", "i", "t")]
    # One spelling per word: the first in card-name order ("q" sorts before "qu").
    assert dict(trie.words_from(hand))["quit"] == ("q", "u", "i", "t")
    assert dict(trie.words_from(["qu", "i", "t"])) == {"it": ("i", "t"), "quit": ("qu", "i", "t")}


def test_a_two_letter_card_spells_both_letters_in_order() -> None:
    trie = CardTrie(frozenset({"the", "het", "eth", "he", "eh"}))
    # "th" cannot be split into t-h, nor read as h-t.
    assert dict(trie.words_from(["th", "e"])) == {"the": ("th", "e"), "eth": ("e", "th")}
    assert list(trie.words_from(["h", "e", "t"])) == [
        ("eh", ("e", "h")),
        ("eth", ("e", "t", "h")),
        ("he", ("h", "e")),
        ("het", ("h", "e", "t")),
        ("the", ("t", "h", "e")),
    ]


def test_the_wild_card_prefers_real_cards() -> None:
    trie = CardTrie(frozenset({"at", "it", "tat"}))
    assert list(trie.words_from(["a", "t", WILD])) == [
        ("at", ("a", "t")),
        ("it", (WILD, "t")),
        ("tat", (WILD, "a", "t")),  # one wild either way: then "*" sorts first
    ]
    both = [cards for word, cards in trie.words_from(["a", "t", WILD], all_spellings=True)]
    assert both.count(("a", WILD)) == 1  # "at" with the wild as t
    assert ("a", "t") in both and (WILD, "t") in both


def test_counts_and_repeats() -> None:
    trie = CardTrie(frozenset({"tee", "te", "et"}))
    as_list = list(trie.words_from(["t", "e", "e"]))
    assert as_list == list(trie.words_from({"t": 1, "e": 2}))
    assert as_list == list(trie.words_from({"t": 1, "e": 2, "q": 0}))
    assert dict(as_list) == {"et": ("e", "t"), "te": ("t", "e"), "tee": ("t", "e", "e")}
    # One "e" spells no "tee"; no card at all spells nothing.
    assert "tee" not in dict(trie.words_from(["t", "e"]))
    assert list(trie.words_from([])) == [] == list(trie.words_from({}))


def test_min_cards_counts_cards_not_letters() -> None:
    trie = CardTrie(frozenset({"in", "qu", "a", "ta"}))
    assert list(trie.words_from(["in", "qu", "a", "t"])) == [("ta", ("t", "a"))]
    assert list(trie.words_from(["in", "qu", "a", "t"], min_cards=1)) == [
        ("a", ("a",)),
        ("in", ("in",)),
        ("qu", ("qu",)),
        ("ta", ("t", "a")),
    ]


def test_prefixes_that_are_not_words_are_not_found() -> None:
    trie = CardTrie(frozenset({"quite"}))
    assert list(trie.words_from(["qu", "i", "t"])) == []
    assert list(trie.words_from(["qu", "i", "t", "e"])) == [("quite", ("qu", "i", "t", "e"))]


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        (["Q"], ValueError, "'Q' is not a card"),
        ([""], ValueError, "'' is not a card"),
        (["q u"], ValueError, "'q u' is not a card"),
        (["é"], ValueError, "'é' is not a card"),
        ([3], ValueError, "3 is not a card"),
        (["**"], ValueError, "'\\*\\*' is not a card"),
        ({"q": -1}, ValueError, "count must be a whole number >= 0, not -1"),
        ({"q": True}, ValueError, "not True"),
        ({"q": 1.0}, ValueError, "not 1.0"),
        ("quit", TypeError, "not one string"),
    ],
)
def test_bad_cards_are_refused_by_name(cards: object, error: type[Exception], message: str) -> None:
    trie = CardTrie(WORDS)
    with pytest.raises(error, match=message):
        trie.words_from(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("min_cards", [0, -1, True, 1.5])
def test_bad_min_cards_is_refused(min_cards: object) -> None:
    with pytest.raises(ValueError, match="min_cards must be a whole number of at least 1"):
        CardTrie(WORDS).words_from(["a"], min_cards=min_cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("words", "error", "message"),
    [
        ("quit", TypeError, "not one string"),
        (["quit", ""], ValueError, "'' is not a word"),
        (["quit", 7], ValueError, "7 is not a word"),
    ],
)
def test_bad_word_lists_are_refused(words: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        CardTrie(words)  # type: ignore[arg-type]


class Source:
    """A word source other than a WordList: only `words()`."""

    def __init__(self, words: Iterable[str]) -> None:
        self._words = sorted(words)

    def words(self) -> Iterator[str]:
        return iter(self._words)


def test_any_word_source_and_its_size() -> None:
    listed = WordList.from_lines(["quit", "it", "tie", "quite"])
    for trie in (CardTrie(listed), CardTrie(Source(listed.words())), CardTrie(list(listed))):
        assert len(trie) == 4
        assert dict(trie.words_from(["qu", "i", "t", "e"])) == {
            "it": ("i", "t"),
            "quit": ("qu", "i", "t"),
            "quite": ("qu", "i", "t", "e"),
            "tie": ("t", "i", "e"),
        }
    assert len(CardTrie(["it", "it", "i"])) == 2  # repeats count once; "i" is a word here
    assert repr(CardTrie(["it"])) == "<CardTrie of 1 words>"


def test_the_trie_copies_its_words() -> None:
    words = {"at"}
    trie = CardTrie(words)
    words.add("ta")
    assert list(trie.words_from(["a", "t"])) == [("at", ("a", "t"))]


def test_card_trie_keeps_one_trie_per_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "_CACHE", type(search._CACHE)())
    listed = WordList.from_lines(["quit", "it"])
    first = card_trie(listed)
    assert card_trie(listed) is first
    # An equal list (a new object) finds the same trie; a different list gets its own.
    assert card_trie(WordList.from_lines(["it", "quit"])) is first
    other = card_trie(frozenset({"it"}))
    assert other is not first and len(other) == 1
    # A set can change, so it is never kept.
    loose = {"it"}
    assert card_trie(loose) is not card_trie(loose)
    # Only the last CACHE_SIZE lists are kept.
    for size in range(search.CACHE_SIZE):
        card_trie(frozenset({"ab" * (size + 1)}))
    assert card_trie(listed) is not first
    assert len(search._CACHE) == search.CACHE_SIZE


def test_the_shipped_list() -> None:
    trie = card_trie(default_words())
    assert len(trie) == len(default_words())
    found = dict(trie.words_from(["qu", "i", "t", "e", "r"], all_spellings=True))
    assert {"quit", "quite", "quiet", "tie", "tire"} <= set(found)
    with_wild = dict(trie.words_from(["qu", "i", "t", WILD]))
    assert with_wild["quite"] == ("qu", "i", "t", WILD)
    assert with_wild["quit"] == ("qu", "i", "t")
