"""`quintet quiddler best`: the solver's verb, run through Typer's CliRunner on the game's `app`.

Exact answers use a tiny word list given with `--words FILE --replace`, so they do not depend
on the shipped list; one test checks the shipped list's answer for consistency only.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from quintet.games.quiddler.cli import app
from quintet.games.quiddler.components import CARDS
from quintet.games.quiddler.solver import MAX_CARDS
from quintet.words import default_words

RUNNER = CliRunner()
WORDS = ["quit", "quite", "tie", "it", "ire", "ax", "ate", "# a comment", ""]


def flat(text: str) -> str:
    """The text without rich's box drawing and line wrapping, so messages read as one line."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def run(*args: str) -> Any:
    return RUNNER.invoke(app, list(args))


@pytest.fixture
def words_file(tmp_path: Path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return str(path)


def mine(words_file: str, *args: str) -> Any:
    """`best` with only the tiny list."""
    return run("best", *args, "--words", words_file, "--replace")


@pytest.mark.parametrize(
    ("hand", "discard", "expected"),
    [
        (
            "qu i t e r",
            False,
            {"score": 11, "words": [["qu", "i", "t", "e"]], "unused": ["r"], "discard": None},
        ),
        (
            "qu i t e r",
            True,
            {"score": 16, "words": [["qu", "i", "t", "e"]], "unused": [], "discard": "r"},
        ),
        ("x a t e", True, {"score": 12, "words": [["a", "x"]], "unused": ["e"], "discard": "t"}),
        ("b c", False, {"score": -16, "words": [], "unused": ["b", "c"], "discard": None}),
        ("b", True, {"score": 0, "words": [], "unused": [], "discard": "b"}),
    ],
)
def test_json_is_exactly_the_promised_object(
    words_file: str, hand: str, discard: bool, expected: dict[str, Any]
) -> None:
    done = mine(words_file, "--hand", hand, "--json", *(["--discard"] if discard else []))
    assert done.exit_code == 0, done.output
    assert done.output.count("\n") == 1  # one line, nothing else
    printed = json.loads(done.output)
    assert printed == expected
    assert list(printed) == ["score", "words", "unused", "discard"]


@pytest.mark.parametrize("hand", ["QU I T E R", "qu,i,t,e,r", " r, e  ,qu,,T I ", "Qu\ti\nt e r"])
def test_the_hand_is_any_case_space_or_comma_separated(words_file: str, hand: str) -> None:
    done = mine(words_file, "--hand", hand, "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["score"] == 11


def test_plain_output_of_a_hand_that_goes_out(words_file: str) -> None:
    done = mine(words_file, "--hand", "qu i t e r", "--discard")
    assert done.exit_code == 0, done.output
    assert done.output.splitlines() == [
        "hand: e i qu r t (5 cards, 21 points)",
        "words: quite (qu-i-t-e, 16)",
        "unused: none",
        "discard: r",
        "score: 16",
        "goes out: yes",
    ]


def test_plain_output_without_a_discard_says_how_to_go_out(words_file: str) -> None:
    done = mine(words_file, "--hand", "qu i t e r")
    assert done.exit_code == 0, done.output
    assert done.output.splitlines() == [
        "hand: e i qu r t (5 cards, 21 points)",
        "words: quite (qu-i-t-e, 16)",
        "unused: r (-5)",
        "score: 11",
        "goes out: yes, as quite (qu-i-t-e, 16), discarding r, for 16",
    ]


def test_plain_output_when_going_out_scores_less(words_file: str) -> None:
    done = mine(words_file, "--hand", "x a t e", "--discard")
    assert done.exit_code == 0, done.output
    assert done.output.splitlines() == [
        "hand: a e t x (4 cards, 19 points)",
        "words: ax (a-x, 14)",
        "unused: e (-2)",
        "discard: t",
        "score: 12",
        "goes out: yes, but for less: ate (a-t-e, 7), discarding x, for 7",
    ]


def test_plain_output_of_a_hand_without_words(words_file: str) -> None:
    done = mine(words_file, "--hand", "b c qu", "--discard")
    assert done.exit_code == 0, done.output
    assert done.output.splitlines() == [
        "hand: b c qu (3 cards, 25 points)",
        "words: none",
        "unused: b c (-16)",
        "discard: qu",
        "score: -16",
        "goes out: no",
    ]


def test_several_words_are_listed_by_their_lowest_card(words_file: str) -> None:
    done = mine(words_file, "--hand", "t i e x a")
    assert done.exit_code == 0, done.output
    assert "words: ax (a-x, 14), tie (t-i-e, 7)" in done.output.splitlines()
    printed = json.loads(mine(words_file, "--hand", "t i e x a", "--json").output)
    assert printed["words"] == [["a", "x"], ["t", "i", "e"]]
    # With a discard, e goes and i-t replaces t-i-e: 19, going out.
    printed = json.loads(mine(words_file, "--hand", "t i e x a", "--json", "--discard").output)
    assert printed == {"score": 19, "words": [["a", "x"], ["i", "t"]], "unused": [], "discard": "e"}


def test_words_adds_to_the_shipped_list(tmp_path: Path) -> None:
    extra = tmp_path / "extra.txt"
    extra.write_text("qzxj\n", encoding="utf-8")
    shipped = json.loads(run("best", "--hand", "q z x j", "--json").output)
    assert ["q", "z", "x", "j"] not in shipped["words"]
    added = json.loads(run("best", "--hand", "q z x j a t", "--json", "--words", str(extra)).output)
    assert ["q", "z", "x", "j"] in added["words"]
    assert ["a", "t"] in added["words"]  # the shipped "at" is still there
    alone = run("best", "--hand", "q z x j a t", "--json", "--words", str(extra), "--replace")
    assert json.loads(alone.output) == {
        "score": 54 - 5,
        "words": [["q", "z", "x", "j"]],
        "unused": ["a", "t"],
        "discard": None,
    }


def test_the_shipped_list_by_default() -> None:
    done = run("best", "--hand", "qu i t e r", "--discard", "--json")
    assert done.exit_code == 0, done.output
    printed = json.loads(done.output)
    words = default_words()
    assert printed["words"] and all("".join(word) in words for word in printed["words"])
    used = [card for word in printed["words"] for card in word] + printed["unused"]
    assert Counter([*used, printed["discard"]]) == Counter(["qu", "i", "t", "e", "r"])
    # "quite" alone, discarding r, scores 16: the best is at least that.
    assert printed["score"] >= 16


_NAMES = "a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, "
_NAMES += "cl, er, in, qu, th"
_NO_CARDS = f'no cards given; write the cards like "qu i t e r" (the cards: {_NAMES})'


@pytest.mark.parametrize(
    ("args", "hint", "message"),
    [
        (["--hand", "a zz"], "'--hand'", f"'zz' is not a Quiddler card; the cards are: {_NAMES}"),
        (["--hand", "a 7"], "'--hand'", "'7' is not a Quiddler card"),
        (["--hand", "a c-l"], "'--hand'", "'c-l' is not a Quiddler card"),
        (["--hand", ""], "'--hand'", _NO_CARDS),
        (["--hand", " , ,"], "'--hand'", "no cards given"),
        (["--hand", "q q Q"], "'--hand'", "3 'q' cards, but the deck has only 2"),
        (
            ["--hand", " ".join("abcdefghijklmnopq")],
            "'--hand'",
            f"17 cards; the solver takes at most {MAX_CARDS}",
        ),
        (["--hand", "a t", "--replace"], "'--replace'", "needs at least one --words FILE"),
        (["--hand", "a t", "--words", "/no/such.txt"], "'--words'", "/no/such.txt: no such file"),
    ],
)  # fmt: skip
def test_bad_arguments_exit_2_naming_the_option(args: list[str], hint: str, message: str) -> None:
    done = run("best", *args)
    assert done.exit_code == 2
    text = flat(done.output)
    assert f"Invalid value for {hint}: {message}" in text
    assert "Traceback" not in done.output


def test_a_bad_word_file_names_the_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A short relative path: the error panel cuts a long one (a worker's tmp_path is).
    monkeypatch.chdir(tmp_path)
    bad = Path("bad.txt")
    bad.write_text("quit\ndon't\n", encoding="utf-8")
    done = run("best", "--hand", "a t", "--words", str(bad))
    assert done.exit_code == 2
    assert f"Invalid value for '--words': {bad}, line 2: \"don't\" is not a word" in flat(
        done.output
    )


def test_the_most_cards_is_accepted() -> None:
    hand = " ".join(sorted(CARDS)[:MAX_CARDS])
    done = run("best", "--hand", hand, "--json", "--discard")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["discard"] is not None


def test_the_app_lists_best() -> None:
    done = run()
    assert "best" in done.output
    assert done.exit_code == 2  # no command: help, as for every game's verbs
