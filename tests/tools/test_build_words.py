"""tools/build_words.py on a tiny SCOWL tree: what it reads, what it keeps, and its output.

The fixture imitates /usr/share/dict/scowl (`<spelling>-<category>.<size>` files) and
/usr/share/doc/scowl (README.gz, copyright), so these tests need no `scowl` package.
"""

from __future__ import annotations

import gzip
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from quintet.words.wordlist import WordList, decode

ROOT = Path(__file__).resolve().parent.parent.parent


def load_script() -> ModuleType:
    # tools/ is not a package: load the script from its path.
    spec = importlib.util.spec_from_file_location("build_words", ROOT / "tools" / "build_words.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_words"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


bw = load_script()

FILES = {
    # the words lists that are read
    "english-words.10": "cat\nthe\nit\nbs\nDog\ndon't\ncat's\nx\n",
    "english-words.35": "cat\nzebra\nufo\ncs\nqi\n",
    "american-words.20": "color\nco-op\n",
    "british-words.20": "colour\ncafé\n",
    "canadian-words.50": "toque\nmp3\n",
    "variant_1-words.35": "briars\n",
    "british_variant_2-words.60": "haloes\n",
    "english-words.80": "zax\nhhd\n",
    # read only up to the chosen size
    "english-words.95": "blizz\n",
    # capitalised words: read only for WordNet's adjectives (Iraqi, Scottish), lowercased
    "english-upper.10": "London\nlondon\nNATO\nCat\n",
    "english-upper.50": "Iraqi\nIraqis\nHollywood\nScottish\nUfo\n",
    "english-upper.60": "Iraqi\n",
    "british-upper.40": "Scottish\nEx-wife\n",
    "australian-upper.10": "Tasmanian\n",
    "english-upper.95": "Aberdonian\n",
    # never read: other categories, other spellings, variant level 3, special lists
    "english-proper-names.50": "paris\n",
    "english-abbreviations.10": "etc\n",
    "english-contractions.10": "dont\n",
    "australian-words.10": "arvo\n",
    "british_z-words.10": "colorize\n",
    "variant_3-words.35": "gaol\n",
    "special-roman-numerals.35": "xiv\n",
    "special-hacker.50": "grok\n",
}
README = """Spell Checking Oriented Word Lists (SCOWL)
Version 2020.12.07

COPYRIGHT, SOURCES, and CREDITS:

The collective work is Copyright 2000-2018 by Kevin Atkinson.

FUTURE PLANS:

Not part of the notice.
"""


#: WordNet's data.adj: its licence lines, then synsets (offset, file, type, word count in hex,
#: then each word and its lex id). Adjectives here: Iraqi (and Iraki), Scottish, Hollywood,
#: Cat (made up, to show a word already in the list), Ufo, Tasmanian, Aberdonian, and
#: lowercase or marked ones; London and NATO are not adjectives.
DATA_ADJ = """  1 This software and database is being provided to you, the LICENSEE, by  
  2 WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved.  
00000001 01 a 02 Iraqi 0 Iraki 0 000 | of Iraq  
00000002 01 a 01 Scottish 0 000 | of Scotland  
00000003 00 s 01 Hollywood 0 000 | flashy  
00000004 01 a 03 Cat 0 Ufo 0 Tasmanian(a) 0 000 | made up  
00000005 00 a 02 Aberdonian 0 dog 0 000 | made up  
"""  # noqa: W291 (WordNet's lines end in two blanks)


@pytest.fixture
def wordnet(tmp_path: Path) -> tuple[Path, Path]:
    data, doc = tmp_path / "wordnet", tmp_path / "wordnet-doc"
    data.mkdir()
    doc.mkdir()
    (data / "data.adj").write_text(DATA_ADJ, encoding="utf-8")
    (doc / "copyright").write_text("Debian's WordNet copyright file.\n", encoding="utf-8")
    return data, doc


def paths(scowl: tuple[Path, Path], wordnet: tuple[Path, Path], out: Path) -> list[str]:
    """The command line naming the fixtures."""
    return [
        *("--scowl", str(scowl[0]), "--doc", str(scowl[1])),
        *("--wordnet", str(wordnet[0]), "--wordnet-doc", str(wordnet[1]), "--out", str(out)),
    ]


@pytest.fixture
def scowl(tmp_path: Path) -> tuple[Path, Path]:
    lists, doc = tmp_path / "scowl", tmp_path / "doc"
    lists.mkdir()
    doc.mkdir()
    for name, text in FILES.items():
        (lists / name).write_text(text, encoding="utf-8")
    (doc / "README.gz").write_bytes(gzip.compress(README.encode()))
    (doc / "copyright").write_text("Debian's copyright file.\n", encoding="utf-8")
    return lists, doc


def test_reads_only_the_words_of_the_chosen_spellings(scowl: tuple[Path, Path]) -> None:
    collected = bw.collect(scowl[0], 80)
    names = sorted(f.path.name for f in collected.files)
    assert names == sorted(
        name
        for name in FILES
        if name.split("-")[0] in bw.SPELLINGS + bw.VARIANTS
        and "-words." in name
        and not name.endswith(".95")
    )
    assert set(collected.tiers) == {
        "cat", "the", "it", "zebra", "qi", "color", "colour", "toque", "briars", "haloes", "zax",
    }  # fmt: skip


def test_tier_is_the_smallest_size(scowl: tuple[Path, Path]) -> None:
    tiers = bw.collect(scowl[0], 80).tiers
    assert tiers["cat"] == 10  # in sizes 10 and 35
    assert (tiers["zebra"], tiers["color"], tiers["briars"], tiers["zax"]) == (35, 20, 35, 80)


def test_max_size_cuts(scowl: tuple[Path, Path]) -> None:
    assert "zax" not in bw.collect(scowl[0], 70).tiers
    assert bw.collect(scowl[0], 95).tiers["blizz"] == 95
    with pytest.raises(bw.BuildError, match="SCOWL sizes"):
        bw.collect(scowl[0], 75)


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (b"Dog", "capital letter"),
        (b"don't", "apostrophe"),
        (b"co-op", "hyphen"),
        ("café".encode(), "accented letter"),
        (b"mp3", "digit"),
        (b"x", "one letter"),
        (b"bs", "two letters, not in the reviewed list"),
        (b"ufo", "denied after review"),
        (b"hhd", "denied after review"),
        (b"kike", "a slur, denied after review"),
        (b"chink", None),
        (b"tes", "plural of a refused two-letter word"),
        (b"ess", None),
        (b"cat", None),
        (b"qi", None),
    ],
)
def test_why_dropped(entry: bytes, reason: str | None) -> None:
    assert bw.why_dropped(entry) == reason


def test_dropped_entries_are_counted(scowl: tuple[Path, Path]) -> None:
    collected = bw.collect(scowl[0], 80)
    assert collected.dropped["apostrophe"] == 2
    assert collected.dropped["two letters, not in the reviewed list"] == 2  # bs, cs
    assert collected.dropped["denied after review"] == 2  # ufo, hhd
    # bs and cs are refused for a stated reason; a new unknown pair would be reported.
    assert collected.unreviewed_two == set()


def test_an_unreviewed_two_letter_word_is_reported(scowl: tuple[Path, Path]) -> None:
    (scowl[0] / "english-words.40").write_text("qz\n", encoding="utf-8")
    collected = bw.collect(scowl[0], 80)
    assert collected.unreviewed_two == {"qz"}
    assert "qz" not in collected.tiers
    assert any("WARNING" in line and "qz" in line for line in bw.statistics(collected, b""))


def test_the_reviewed_lists_do_not_overlap() -> None:
    assert not bw.TWO_LETTER_WORDS & set(bw.TWO_LETTER_REFUSED)
    assert all(len(word) == 2 for word in bw.TWO_LETTER_WORDS | set(bw.TWO_LETTER_REFUSED))
    assert all(reason for reason in bw.DENIED.values())
    assert all(word.isalpha() and word.islower() for word in bw.DENIED)
    assert all(word.isalpha() and word.islower() for word in bw.SLURS)
    assert not bw.SLURS & set(bw.DENIED)


def test_encoded_list_loads_back(scowl: tuple[Path, Path]) -> None:
    collected, data = bw.build(scowl[0], scowl[1], 80)
    words = decode(data)
    assert isinstance(words, WordList)
    assert dict(zip(words.words(), map(words.tier, words.words()), strict=True)) == (
        collected.tiers
    )
    text = gzip.decompress(data).decode("ascii")
    assert "SCOWL 2020.12.07" in text.split("%tiers")[0]


def test_output_is_reproducible(scowl: tuple[Path, Path]) -> None:
    assert bw.build(scowl[0], scowl[1], 80)[1] == bw.build(scowl[0], scowl[1], 80)[1]


def test_main_writes_the_list_and_the_notices(
    scowl: tuple[Path, Path],
    wordnet: tuple[Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "out"
    assert bw.main([*paths(scowl, wordnet, out), "--compare", "70,80"]) == 0
    printed = capsys.readouterr().out
    assert "words kept: 13" in printed
    assert "capitalised adjectives added (WordNet): 2" in printed
    assert "examples only in 80, not in 70: zax" in printed
    words = decode((out / bw.WORDS_FILE).read_bytes())
    assert len(words) == 13 and words.tier("iraqi") == 50
    notice = (out / bw.NOTICE_FILE).read_text(encoding="utf-8")
    assert "Copyright 2000-2018 by Kevin Atkinson" in notice
    assert "Debian's copyright file." in notice
    assert "Not part of the notice" not in notice
    wordnet_notice = (out / bw.WORDNET_NOTICE_FILE).read_text(encoding="utf-8")
    assert "WordNet 3.0 by Princeton University" in wordnet_notice
    assert "\nWordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved.\n" in (
        wordnet_notice
    ), "the licence as WordNet writes it, without its line numbers"
    assert "Debian's WordNet copyright file." in wordnet_notice


def test_dry_run_writes_nothing(
    scowl: tuple[Path, Path], wordnet: tuple[Path, Path], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert bw.main([*paths(scowl, wordnet, out), "--dry-run", "--review"]) == 0
    assert not out.exists()


# ------------------------------------------------------- capitalised adjectives


def test_wordnet_gives_its_one_word_capitalised_adjectives(wordnet: tuple[Path, Path]) -> None:
    assert bw.wordnet_adjectives(wordnet[0]) == {
        "Iraqi", "Iraki", "Scottish", "Hollywood", "Cat", "Ufo", "Tasmanian", "Aberdonian",
    }  # fmt: skip
    assert bw.wordnet_version(wordnet[0]) == "3.0"


def test_capitalised_adjectives_are_added_lowercased(
    scowl: tuple[Path, Path], wordnet: tuple[Path, Path]
) -> None:
    collected = bw.collect(scowl[0], 80, bw.wordnet_adjectives(wordnet[0]))
    # Iraqi at its smallest size (50, not 60); Scottish from the British list (40).
    assert collected.adjectives == {"iraqi": 50, "scottish": 40}
    assert collected.tiers["iraqi"] == 50 and collected.tiers["scottish"] == 40
    # London and NATO are no adjectives, Iraqis is a noun, Ex-wife has a hyphen; Hollywood
    # is denied after review, Ufo by the words' own deny-list; Tasmanian is in an unread
    # spelling, Aberdonian beyond size 80; Cat is a word already and keeps its tier (10).
    for word in ("london", "nato", "iraqis", "exwife", "hollywood", "ufo", "tasmanian"):
        assert word not in collected.tiers, word
    assert "aberdonian" not in collected.tiers
    assert collected.tiers["cat"] == 10
    assert collected.adjectives_dropped == {
        "already a word": 1,
        "denied after review": 2,
    }
    assert bw.collect(scowl[0], 95, bw.wordnet_adjectives(wordnet[0])).adjectives == {
        "iraqi": 50, "scottish": 40, "aberdonian": 95,
    }  # fmt: skip


def test_without_wordnet_no_adjective_is_added(scowl: tuple[Path, Path]) -> None:
    assert "iraqi" not in bw.build(scowl[0], scowl[1], 80)[0].tiers


def test_missing_wordnet_is_a_clear_error(
    scowl: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--scowl", str(scowl[0]), "--doc", str(scowl[1]), "--wordnet", str(tmp_path)]
    assert bw.main([*argv, "--dry-run"]) == 2
    assert "apt-get install wordnet-base" in capsys.readouterr().err


def test_the_adjective_deny_list_is_reviewed() -> None:
    assert all(word.isalpha() and word.islower() for word in bw.ADJECTIVES_DENIED)
    assert all(reason for reason in bw.ADJECTIVES_DENIED.values())


def test_missing_scowl_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bw.main(["--scowl", str(tmp_path / "none"), "--dry-run"]) == 2
    assert "apt-get install scowl" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(bw.BuildError, match="english-words"):
        bw.scowl_files(empty)


@pytest.mark.parametrize("which", ["scowl", "wordnet"])
def test_missing_notice_stops_the_build(
    scowl: tuple[Path, Path], wordnet: tuple[Path, Path], tmp_path: Path, which: str
) -> None:
    ((scowl if which == "scowl" else wordnet)[1] / "copyright").unlink()
    out = tmp_path / "out"
    assert bw.main(paths(scowl, wordnet, out)) == 2
    assert not (out / bw.WORDS_FILE).exists()
