"""`quintet.words.letters.LetterIndex`: the words a rack spells, checked against a plain count."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from quintet.words.letters import LetterIndex

WORDS = [
    "at",
    "ta",
    "cat",
    "act",
    "tact",
    "attack",
    "zoo",
    "oz",
    "quiz",
    "quit",
    "it",
    "ti",
    "tattoo",
    "coat",
    "taco",
    "ox",
    "axe",
    "taxi",
    "ex",
    "exit",
    "eat",
    "tea",
    "ate",
    "eta",
    "aa",
    "aaa",
    "banana",
    "nab",
    "ban",
    "an",
    "na",
]


def spelled(word: str, rack: Counter[str], wilds: int) -> bool:
    short = sum(max(0, n - rack[ch]) for ch, n in Counter(word).items())
    return short <= wilds


def test_spellable_is_every_word_the_rack_and_its_wild_tiles_spell() -> None:
    index = LetterIndex(WORDS)
    rng = random.Random(3)
    letters = "aabcdeinoqtuxz"
    for _ in range(500):
        rack = Counter(rng.choice(letters) for _ in range(rng.randint(0, 7)))
        wilds = rng.randint(0, 2)
        found = set(index.words_of(index.spellable(rack, wilds)))
        size = sum(rack.values()) + wilds
        assert found == {w for w in WORDS if len(w) <= size and spelled(w, rack, wilds)}


def test_an_anchor_is_one_more_letter_the_word_must_hold() -> None:
    index = LetterIndex(WORDS)
    rng = random.Random(4)
    for _ in range(300):
        rack = Counter(rng.choice("aacenotxz") for _ in range(rng.randint(0, 6)))
        wilds = rng.randint(0, 1)
        anchors = "".join(rng.choice("atoxz") for _ in range(3))
        together = index.anchored(rack, wilds, anchors)
        for anchor in anchors:
            alone = index.spellable(rack, wilds, anchor=anchor)
            assert together[anchor] == alone
            plus = rack + Counter(anchor)
            expected = {
                w
                for w in WORDS
                if anchor in w and len(w) <= sum(plus.values()) + wilds and spelled(w, plus, wilds)
            }
            assert set(index.words_of(alone)) == expected


def test_words_come_by_length() -> None:
    index = LetterIndex(WORDS)
    every = index.below(99)
    longest = list(index.iter_words(every))
    assert [len(w) for w in longest] == sorted((len(w) for w in longest), reverse=True)
    assert set(longest) == set(WORDS)
    assert index.words_of(index.of_length(6)) == ["attack", "banana", "tattoo"]
    assert index.of_length(40) == 0


@pytest.mark.parametrize("bad", ["a", "don't", "Café"])
def test_words_that_cannot_be_spelled_by_tiles_are_left_out(bad: str) -> None:
    index = LetterIndex([*WORDS, bad])
    assert bad not in index.words
