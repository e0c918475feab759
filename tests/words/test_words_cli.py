"""`quintet words check|export`: output, exit statuses, --words/--replace, argument errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from quintet.cli import app as quintet_app
from quintet.cli import main
from quintet.words import PLAYER_TIER, default_words
from quintet.words.cli import EXIT_ALL_VALID, EXIT_SOME_NOT_VALID, app

RUNNER = CliRunner()
QUINTET = Path(sys.executable).parent / "quintet"


def flat(text: str) -> str:
    """The text without rich's box drawing and line wrapping, so messages read as one line."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def run(*args: str) -> Any:
    return RUNNER.invoke(app, list(args))


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    path = tmp_path / "mine.txt"
    path.write_text("# house words\nzyzzyva\nQWXZ\nquit\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------------- check


def test_check_plain() -> None:
    result = run("check", "Quit", "qwxz", "don't", "zax")
    assert result.exit_code == EXIT_SOME_NOT_VALID == 1
    lines = [line.split(None, 1) for line in result.stdout.splitlines()]
    assert lines == [
        ["quit", "valid, tier 10"],
        ["qwxz", "not in the list"],
        ["don't", "not a word: use only the letters a-z (no apostrophes, hyphens, digits, "
         "accents or spaces)"],
        ["zax", "valid, tier 80"],
    ]  # fmt: skip


def test_the_rulebooks_capitalised_adjectives_pass_and_names_do_not() -> None:
    # Issue 13: the Quiddler rulebook allows Iraqi and Scottish; proper nouns,
    # abbreviations and hyphenated words stay out.
    allowed = run("check", "Iraqi", "scottish", "american", "VICTORIAN")
    assert allowed.exit_code == EXIT_ALL_VALID, allowed.stdout
    refused = run("check", "london", "nato", "exwife", "ex-wife")
    assert refused.exit_code == EXIT_SOME_NOT_VALID
    lines = [line.split(None, 1) for line in refused.stdout.splitlines()]
    assert [line[1].split(":")[0] for line in lines] == [
        "not in the list", "not in the list", "not in the list", "not a word",
    ]  # fmt: skip


def test_check_all_valid_exits_0() -> None:
    result = run("check", "the", "quixotic")
    assert result.exit_code == EXIT_ALL_VALID == 0
    assert "valid, tier 40" in result.stdout


def test_check_json_is_a_list_in_the_order_given() -> None:
    result = run("check", "zax", "QUIT", "qwxz", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"word": "zax", "valid": True, "tier": 80},
        {"word": "quit", "valid": True, "tier": 10},
        {"word": "qwxz", "valid": False, "tier": None},
    ]


def test_check_needs_a_word() -> None:
    result = run("check")
    assert result.exit_code == 2
    assert "Missing argument 'WORD'" in flat(result.output)


def test_check_with_a_players_words(mine: Path) -> None:
    result = run("check", "zyzzyva", "qwxz", "quit", "--json", "--words", str(mine))
    assert result.exit_code == 0, result.output
    assert [(r["word"], r["tier"]) for r in json.loads(result.stdout)] == [
        ("zyzzyva", 80),  # in SCOWL already: keeps its tier
        ("qwxz", PLAYER_TIER),
        ("quit", 10),
    ]


def test_check_with_replace_uses_only_the_file(mine: Path) -> None:
    result = run("check", "qwxz", "the", "--json", "--words", str(mine), "--replace")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"word": "qwxz", "valid": True, "tier": PLAYER_TIER},
        {"word": "the", "valid": False, "tier": None},
    ]


def test_several_word_files(mine: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.txt"
    other.write_text("blorf\n", encoding="utf-8")
    result = run("check", "qwxz", "blorf", "--words", str(mine), "--words", str(other))
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------------- export


def test_export_all() -> None:
    result = run("export")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines == list(default_words().words())
    assert result.stdout.endswith("\n")


def test_export_max_tier() -> None:
    result = run("export", "--max-tier", "10")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines == list(default_words().words(10))
    assert "the" in lines and "zebra" not in lines and len(lines) == 4031
    assert "american" in lines, "a capitalised adjective at tier 10 (docs/words.md)"


def test_export_with_replace(mine: Path) -> None:
    result = run("export", "--words", str(mine), "--replace")
    assert result.stdout == "quit\nqwxz\nzyzzyva\n"
    result = run("export", "--words", str(mine), "--replace", "--max-tier", "80")
    assert result.exit_code == 0 and result.stdout == ""


def test_export_adds_a_players_words(mine: Path) -> None:
    lines = run("export", "--words", str(mine)).stdout.splitlines()
    assert "qwxz" in lines and len(lines) == len(default_words()) + 1
    assert "qwxz" not in run("export", "--words", str(mine), "--max-tier", "80").stdout


# ------------------------------------------------------------------ argument errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export", "--max-tier", "-1"], "Invalid value for '--max-tier'"),
        (["export", "--max-tier", "ten"], "Invalid value for '--max-tier'"),
        (["export", "--replace"], "Invalid value for '--replace': needs at least one --words"),
        (["check", "quit", "--replace"], "Invalid value for '--replace'"),
        (["check", "quit", "--words", "/no/such.txt"], "'--words': /no/such.txt: no such file"),
        (["export", "--words", "/no/such.txt"], "'--words': /no/such.txt: no such file"),
        (["export", "--words"], "'--words' requires an argument"),
    ],
)  # fmt: skip
def test_argument_errors_exit_2_naming_the_argument(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert message in flat(result.output)
    assert "Traceback" not in result.output


def test_a_bad_line_in_a_word_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A short relative path: the error panel cuts a long one (a worker's tmp_path is).
    monkeypatch.chdir(tmp_path)
    path = Path("bad.txt")
    path.write_text("quit\nice-cream\n", encoding="utf-8")
    result = run("check", "quit", "--words", str(path))
    assert result.exit_code == 2
    assert f"Invalid value for '--words': {path}, line 2: 'ice-cream' is not a word" in flat(
        result.output
    )


# ----------------------------------------------------------------- the top level


def test_mounted_as_quintet_words() -> None:
    result = RUNNER.invoke(quintet_app, ["words", "check", "quit", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == [{"word": "quit", "valid": True, "tier": 10}]
    assert main(["words", "check", "qwxz"]) == 1


def test_subprocess_check_and_a_closed_pipe() -> None:
    done = subprocess.run(
        [str(QUINTET), "words", "check", "quit", "qwxz", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout)[1] == {"word": "qwxz", "valid": False, "tier": None}
    # `quintet words export | head -1`: the reader leaves early; no traceback, no error.
    export = subprocess.Popen(
        [str(QUINTET), "words", "export"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert export.stdout is not None and export.stderr is not None
    assert export.stdout.readline() == b"aah\n"
    export.stdout.close()
    assert export.wait(timeout=60) == 0
    assert export.stderr.read() == b""
    export.stderr.close()
