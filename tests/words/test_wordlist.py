"""`quintet.words`: the shipped list's contents, and the WordList API."""

from __future__ import annotations

import functools
import gzip
import importlib.util
import itertools
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quintet.words import PLAYER_TIER, WordList, WordListError, default_words, notice
from quintet.words import wordlist as wl_module

SCOWL_SIZES = {10, 20, 35, 40, 50, 55, 60, 70, 80}
ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def build_words() -> ModuleType:
    """tools/build_words.py, which imports the reviewed lists (tools/reviewed_words.py);
    tools/ is not a package."""
    spec = importlib.util.spec_from_file_location("build_words", ROOT / "tools" / "build_words.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_words"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def words() -> WordList:
    return default_words()


# ------------------------------------------------------------------ the shipped list


def test_default_is_loaded_once(words: WordList) -> None:
    assert default_words() is words


def test_size_and_tiers(words: WordList) -> None:
    # docs/words.md gives 254,366 words; a regenerated list may move a little, not a lot.
    assert 240_000 < len(words) < 270_000
    counts = words.tiers()
    assert set(counts) == SCOWL_SIZES
    assert sum(counts.values()) == len(words)
    # Most words are rare: size 80 alone is over half of the list.
    assert counts[80] > len(words) / 2 and counts[10] > 3000


def test_every_word_is_lowercase_a_to_z_and_sorted(words: WordList) -> None:
    every = list(words.words())
    assert every == sorted(every)
    assert len(set(every)) == len(every)
    assert all(word.isascii() and word.isalpha() and word.islower() for word in every)
    assert min(map(len, every)) == 2
    assert not any("'" in word or "-" in word for word in every)


@pytest.mark.parametrize(
    ("word", "tier"),
    [
        ("the", 10),
        ("quit", 10),
        ("water", 10),
        ("zebra", 35),
        ("colour", 10),  # British
        ("color", 10),  # American
        ("toque", 50),  # Canadian
        ("briars", 50),  # a spelling variant (briers is the main spelling)
        ("qi", 70),
        ("zax", 80),
        ("quixotic", 40),
        # adjectives written with a capital letter (the Quiddler rulebook allows them)
        ("american", 10),
        ("scottish", 40),
        ("iraqi", 50),
        ("victorian", 50),
    ],
)
def test_known_words_and_their_tiers(words: WordList, word: str, tier: int) -> None:
    assert word in words
    assert words.tier(word) == tier


def test_common_words_are_common(words: WordList) -> None:
    for word in ["and", "cat", "house", "think", "quick", "word", "game", "play", "card"]:
        assert (words.tier(word) or 99) <= 20, word


@pytest.mark.parametrize(
    "word",
    [
        # proper names: SCOWL lists them capitalised (upper, proper-names); the nouns of
        # peoples are not adjectives either
        "london", "april", "monday", "canada", "kevin", "iraq", "iraqis", "americans",
        # capitalised adjectives denied after review, abbreviations, hyphenated words
        "hollywood", "briton", "nato", "exwife",
        # two-letter abbreviations and plurals of letters
        "bb", "bc", "cs", "kb", "mb", "tv", "ok", "uk", "lm",
        # three-letter abbreviations that SCOWL files as words, and the denied longer ones
        "ufo", "dui", "gif", "hhd", "csc", "ecu", "awol", "teflon",
        # contractions with their apostrophe dropped
        "dont", "hes", "shes", "isnt",
        # plurals of refused two-letter words
        "tes", "zos", "ugs",
        # roman numerals and single letters
        "xiv", "a", "i", "x",
        # beyond size 80
        "blizz", "sarcoptidae",
    ],
)  # fmt: skip
def test_words_that_are_not_in_the_list(words: WordList, word: str) -> None:
    assert word not in words
    assert words.tier(word) is None


def test_no_reviewed_slur_is_shipped_and_ordinary_senses_stay(words: WordList) -> None:
    slurs = build_words().SLURS
    assert len(slurs) > 40
    assert not [word for word in slurs if word in words]
    # Words with an ordinary chief sense are kept (tools/reviewed_words.py, SLURS).
    assert all(word in words for word in ("chink", "dyke", "queer", "crackers", "niggardly"))


def test_proper_names_only_when_scowl_calls_them_proper(words: WordList) -> None:
    # SCOWL lists these as lowercase words too, so they stay: john (a toilet), english (spin
    # on a billiard ball), paris (a plant), bill, mark, march. "london" is absent because
    # SCOWL only has London, capitalised.
    for word in ["john", "english", "paris", "bill", "mark", "march"]:
        assert word in words, word


def test_two_letter_words_are_the_reviewed_ones(words: WordList) -> None:
    twos = {word for word in words.words() if len(word) == 2}
    assert {"qi", "xu", "za", "ya", "cs"} & twos == {"qi", "xu", "za"}
    assert {"am", "an", "at", "be", "go", "it", "ox", "pi", "re", "mu", "em"} <= twos
    # Every kept two-letter word is on the reviewed list in tools/reviewed_words.py.
    assert twos <= build_words().TWO_LETTER_WORDS
    assert not twos & set(build_words().TWO_LETTER_REFUSED)


def test_denied_words_are_absent(words: WordList) -> None:
    denied = set(build_words().DENIED)
    assert len(denied) > 20
    assert not any(word in words for word in denied)


def test_the_notice_ships_beside_the_list() -> None:
    text = notice()
    assert "SCOWL" in text and "Kevin Atkinson" in text
    assert "Permission to use, copy, modify, distribute and sell these word" in text
    assert "UK Advanced Cryptics Dictionary" in text
    # WordNet's licence, for the capitalised adjectives it chose.
    assert "WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved." in text
    assert "Permission to use, copy, modify and distribute this software and" in text


def test_capitalised_adjectives_are_in_and_the_denied_ones_out(words: WordList) -> None:
    denied = set(build_words().ADJECTIVES_DENIED)
    assert len(denied) >= 4
    assert not [word for word in denied if word in words]
    for word in ["scottish", "iraqi", "french", "christian", "elizabethan", "kafkaesque"]:
        assert word in words, word


def test_the_data_file_says_where_it_came_from() -> None:
    data = (Path(wl_module.__file__).parent / wl_module.DATA_FILE).read_bytes()
    head = gzip.decompress(data).decode("ascii").split("%words")[0]
    assert "tools/build_words.py" in head and "SCOWL" in head


# ------------------------------------------------------------------------ the API


SMALL = {"cat": 10, "zebra": 35, "quixotic": 50, "zax": 80, "qi": 70}


def small() -> WordList:
    return WordList(SMALL)


def test_lookups() -> None:
    wl = small()
    assert "cat" in wl and "dog" not in wl
    assert "Cat" not in wl  # exact lowercase words only
    assert 3 not in wl and None not in wl
    assert wl.tier("zax") == 80 and wl.tier("dog") is None
    assert len(wl) == 5
    assert list(wl) == sorted(SMALL)


def test_words_by_tier() -> None:
    wl = small()
    assert list(wl.words()) == ["cat", "qi", "quixotic", "zax", "zebra"]
    assert list(wl.words(35)) == ["cat", "zebra"]
    assert list(wl.words(9)) == []
    assert list(wl.words(1000)) == list(wl.words())


def test_restricted() -> None:
    wl = small()
    common = wl.restricted(50)
    assert list(common.words()) == ["cat", "quixotic", "zebra"]
    assert common.tier("quixotic") == 50 and "zax" not in common
    assert wl.restricted(10_000) == wl
    assert len(wl.restricted(0)) == 0
    with pytest.raises(WordListError, match="max_tier"):
        wl.restricted(-1)


def test_with_words_adds_and_keeps_the_smaller_tier() -> None:
    wl = small()
    more = wl.with_words(["Dog", "zax", "cat"], tier=40)
    assert more.tier("dog") == 40  # lowercased, new
    assert more.tier("zax") == 40  # 80 before: the smaller tier wins
    assert more.tier("cat") == 10  # 10 before: kept
    assert len(more) == 6
    assert wl.tier("zax") == 80 and "dog" not in wl  # the original is unchanged
    assert wl.with_words(["qi"]).tier("qi") == 70  # PLAYER_TIER is above every SCOWL size
    assert wl.with_words(["newt"]).tier("newt") == PLAYER_TIER


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["ok", "don't"], '"don\'t" is not a word: use only the letters a-z'),
        (["x"], "at least 2 letters"),
        ([""], "use only the letters a-z"),
        (["two words"], "use only the letters a-z"),
        (["caf\u00e9"], "use only the letters a-z"),
        ([3], "a word is a string"),
        ("quit", "not the string 'quit'"),
    ],
)
def test_with_words_refuses_non_words(words: object, message: str) -> None:
    with pytest.raises(WordListError, match=message):
        small().with_words(words, 10)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("tier", "message"),
    [(-1, "from 0 to 255"), (256, "from 0 to 255"), (True, "whole"), ("9", "whole")],
)
def test_bad_tiers(tier: object, message: str) -> None:
    with pytest.raises(WordListError, match=message):
        small().with_words(["dog"], tier)  # type: ignore[arg-type]
    with pytest.raises(WordListError, match=message):
        WordList({"dog": tier})  # type: ignore[dict-item]


def test_constructor_checks_words() -> None:
    with pytest.raises(WordListError, match="'Dog' is not a word"):
        WordList({"Dog": 10})
    assert len(WordList()) == 0
    assert repr(WordList()) == "<WordList: empty>"
    assert repr(small()) == "<WordList: 5 words, tiers 10-80>"


def test_immutable_and_comparable() -> None:
    wl = small()
    with pytest.raises(AttributeError, match="immutable"):
        setattr(wl, "_words", ())  # noqa: B010
    assert wl == small() and hash(wl) == hash(small())
    assert wl != small().with_words(["dog"])
    assert wl != "cat"


def test_from_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(
        "\ufeff# my words\nZyzzyva\n\n  quoz  # a comment after the word\nzyzzyva\r\nqi\n",
        encoding="utf-8",
    )
    mine = WordList.from_file(path, tier=5)
    assert list(mine.words()) == ["qi", "quoz", "zyzzyva"]
    assert {mine.tier(word) for word in mine} == {5}
    assert WordList.from_file(str(path)).tier("qi") == PLAYER_TIER


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"cat\ndon't\n", 'line 2: "don\'t" is not a word: use only the letters a-z'),
        (b"cat\n\nice cream\n", "line 3: 'ice cream' is more than one word"),
        (b"# c\nx\n", "line 2: 'x' is not a word: a word has at least 2 letters"),
        (b"cat\nmp3\n", "line 2: 'mp3' is not a word"),
        (b"cat\ncaf\xe9\n", "line 2: is not UTF-8 text"),
        ("cat\ncafé\n".encode(), "line 2: 'café' is not a word"),
    ],
)
def test_from_file_bad_lines_name_the_file_and_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(WordListError, match=message) as raised:
        WordList.from_file(path)
    assert str(raised.value).startswith(f"{path}, line ")
    assert raised.value.path == str(path) and raised.value.line is not None


def test_from_file_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(WordListError, match="no such file") as raised:
        WordList.from_file(tmp_path / "missing.txt")
    assert raised.value.line is None and str(tmp_path / "missing.txt") in str(raised.value)
    with pytest.raises(WordListError, match="is a directory"):
        WordList.from_file(tmp_path)
    with pytest.raises(WordListError, match="tier must be from 0 to 255"):
        WordList.from_file(tmp_path / "missing.txt", tier=-5)


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# nothing\n", encoding="utf-8")
    assert len(WordList.from_file(path)) == 0


def test_damaged_data_is_refused() -> None:
    with pytest.raises(WordListError, match="expected format"):
        wl_module.decode(gzip.compress(b"no list here\n"))
    with pytest.raises(WordListError, match="damaged"):
        wl_module.decode(gzip.compress(b"%tiers a=10\n%words 3\ncat\ndog\n%tier-letters\naa\n"))


@given(
    st.dictionaries(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=6),
        st.integers(0, 255),
        max_size=30,
    ),
    st.integers(0, 255),
)
def test_queries_agree_with_a_dict(tiers: dict[str, int], cut: int) -> None:
    wl = WordList(tiers)
    assert len(wl) == len(tiers)
    assert list(wl.words()) == sorted(tiers)
    assert list(wl.words(cut)) == sorted(w for w, t in tiers.items() if t <= cut)
    assert list(wl.restricted(cut).words()) == list(wl.words(cut))
    for word, tier in tiers.items():
        assert word in wl and wl.tier(word) == tier
        assert wl.restricted(cut).tier(word) == (tier if tier <= cut else None)
    for word in ("".join(p) for p in itertools.product("ab", repeat=2)):
        assert (word in wl) == (word in tiers)


@given(
    st.dictionaries(st.sampled_from(["ab", "cd", "ef", "gh"]), st.integers(0, 100)),
    st.lists(st.sampled_from(["ab", "cd", "xy", "zz"])),
    st.integers(0, 100),
)
def test_with_words_agrees_with_a_dict(tiers: dict[str, int], added: list[str], tier: int) -> None:
    expected = dict(tiers)
    for word in added:
        expected[word] = min(expected.get(word, tier), tier)
    merged = WordList(tiers).with_words(added, tier)
    assert merged == WordList(expected)
