"""`quintet tournament`: the table, the JSON document, --jobs, --check-order, --report and
argument errors."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tests.test_cli import usage_error
from typer.testing import CliRunner

from quintet.cli import app
from quintet.core import registry

runner = CliRunner()
QUASHARS = ["tournament", "quashars", "--bots", "random,basic", "--games", "4"]


def run_json(*arguments: str) -> dict[str, Any]:
    result = runner.invoke(app, [*arguments, "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar with --json
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def test_json_is_one_document_with_the_pairs_and_the_table() -> None:
    document = run_json(*QUASHARS, "--players", "4", "--seed", "2")
    assert document["game"] == "quashars"
    assert (document["players"], document["seed"]) == (4, 2)
    assert document["levels"] == ["random", "basic"]
    (pair,) = document["pairs"]
    assert (pair["weaker"], pair["stronger"], pair["adjacent"]) == ("random", "basic", True)
    assert pair["games"] == 4 and pair["deals"] == 2
    shares = pair["win_share"]
    assert shares["random"]["value"] + shares["basic"]["value"] == pytest.approx(1)
    for estimate in [*shares.values(), pair["score_difference"]]:
        assert estimate["low"] <= estimate["value"] <= estimate["high"]
    assert pair["separated"] == (shares["basic"]["low"] > 0.5)
    assert document["ordered"] == pair["separated"]
    levels = [row["level"] for row in document["table"]["levels"]]
    assert levels == ["random", "basic"]
    # The whole table of two levels at four seats is their pair: played once.
    assert document["games_played"] == 4
    assert "Wilson" in document["intervals"]


def test_jobs_do_not_change_the_result() -> None:
    base = [*QUASHARS, "--players", "3", "--seed", "5"]
    one = run_json(*base)
    two = run_json(*base, "--jobs", "2")
    del one["seconds"], two["seconds"]
    assert one == two
    # The pair: 1 deal in 6 seatings. The table: 2 deals in 3 of those seatings, which
    # play one more deal each rather than the first one again.
    assert one["games_played"] == 6 + 3


def test_the_seed_changes_the_deals() -> None:
    base = [*QUASHARS, "--players", "4"]
    first = run_json(*base, "--seed", "1")["pairs"][0]["score_difference"]
    other = run_json(*base, "--seed", "9")["pairs"][0]["score_difference"]
    assert first != other


def test_the_table_names_the_pairs_and_the_separated_levels() -> None:
    result = runner.invoke(app, [*QUASHARS, "--players", "4"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "head to head: 4 players, 4 games a pair" in out
    assert "Stronger's win share" in out and "Score lead" in out
    assert "the whole table" in out and "Fair share" in out
    assert "Wilson" in " ".join(out.split())
    assert "4/4" in result.stderr  # the progress bar's last frame


def test_the_default_levels_are_the_games_own_and_players_its_least() -> None:
    # Quiclo's levels are quick to play (Quashars' expert searches: some 25 s of CPU).
    document = run_json("tournament", "quiclo", "--games", "1")
    assert document["levels"] == list(registry.entry("quiclo").bots.shown)
    assert document["levels"][0] == "random" and document["players"] == 2
    document = run_json("tournament", "quashars", "--bots", "random,basic", "--games", "1")
    assert document["players"] == 3  # two would be the default, but Quashars needs three


def test_check_order_passes_when_every_adjacent_pair_is_separated() -> None:
    document = run_json(*QUASHARS[:-1], "12", "--players", "4", "--check-order")
    assert document["ordered"] is True


def test_check_order_fails_with_status_1_naming_the_pair() -> None:
    # Listed the wrong way round: "basic" is the weaker one here, and random never beats it.
    result = runner.invoke(
        app, ["tournament", "quashars", "-b", "basic,random", "-n", "4", "-p", "4", "--check-order"]
    )
    assert result.exit_code == 1, result.output
    words = " ".join(result.stderr.split())
    assert "not strictly ordered" in words
    assert "random is not separated from basic" in words
    assert "Traceback" not in result.output
    assert "Not separated: basic and random" in " ".join(result.stdout.split())


@pytest.mark.parametrize(
    ("arguments", "named", "says"),
    [
        (["chess"], "'GAME'", "unknown game 'chess'"),
        (["quashars", "-b", "random,wizard"], "'--bots'", "unknown bot 'wizard'"),
        (["quashars", "-b", "basic"], "'--bots'", "at least 2 bot levels"),
        (["quashars", "-b", "basic,basic"], "'--bots'", "'basic' is listed twice"),
        (["quashars", "-b", "random,basic", "-p", "2"], "'--players'", "3 to 4 players, not 2"),
        (["quashars", "-b", "random,basic", "-p", "5"], "'--players'", "not 5"),
        (["quiddler", "-b", "easy,medium", "-p", "1"], "'--players'", "at least 2 players"),
        (["quashars", "--games", "0"], "'--games'", "at least 1, not 0"),
        (["quashars", "--jobs", "0"], "'--jobs'", "at least 1, not 0"),
        (["quashars", "--options", "{oops"], "'--options'", "not JSON"),
        (["quashars", "--options", "[1]"], "'--options'", "JSON object"),
        (["quashars", "--options", '{"colour": 1}'], "'--options'", "colour"),
    ],
)
def test_argument_errors_exit_2_naming_the_argument(
    arguments: list[str], named: str, says: str
) -> None:
    usage_error(["tournament", *arguments, "--json"], named, says)


# ------------------------------------------------------------------ --report

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_report_writes_the_page_and_its_plots(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "report"  # made, parents too
    result = runner.invoke(
        app,
        ["tournament", "quiclo", "-b", "random,beginner,easy", "-n", "6", "--report", str(folder)],
    )
    assert result.exit_code == 0, result.output
    assert f"Report: {folder / 'index.html'}" in " ".join(result.stdout.split())
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    for level in ("random", "beginner", "easy"):
        assert f"<td>{level}</td>" in page
    assert "mu - 3 sigma" in page and "Stronger's win share" in page and "Wilson" in page
    # Self-contained: the plots are the files beside it, nothing is fetched from elsewhere.
    assert re.findall(r'src="([^"]+)"', page) == ["ratings.png", "score-differences.png"]
    assert "http:" not in page and "https:" not in page and "<script" not in page
    for name in ("ratings.png", "score-differences.png"):
        data = (folder / name).read_bytes()
        assert data.startswith(PNG_SIGNATURE) and len(data) > 1000


def test_the_ratings_put_the_clearly_stronger_level_first() -> None:
    # basic never loses a game to random at 4 seats (see the --check-order test).
    document = run_json(*QUASHARS[:-1], "12", "--players", "4", "--seed", "3")
    ratings = document["ratings"]
    assert ratings["model"] == "openskill PlackettLuce"
    assert ratings["games"] == document["games_played"] == 12
    basic, random_ = ratings["table"]
    assert (basic["level"], random_["level"]) == ("basic", "random")
    assert basic["mu"] - basic["sigma"] > random_["mu"] + random_["sigma"]
    assert basic["ordinal"] == pytest.approx(basic["mu"] - 3 * basic["sigma"])
    assert basic["games"] == random_["games"] == 12


def test_the_same_seed_gives_the_same_ratings() -> None:
    base = ["tournament", "quiclo", "-b", "random,beginner,easy", "-n", "4", "-s", "7"]
    first = run_json(*base)["ratings"]
    assert run_json(*base)["ratings"] == first
    assert run_json(*base[:-1], "8")["ratings"] != first


def test_the_table_shows_the_ratings() -> None:
    result = runner.invoke(app, [*QUASHARS, "--players", "4"])
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "ratings over 4 games in the order played" in words
    assert "mu - 3 sigma" in words and "openskill PlackettLuce" in words


def test_a_report_folder_that_is_a_file_exits_2_naming_it(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("not a folder", encoding="utf-8")
    usage_error([*QUASHARS, "--report", str(taken)], "'--report'", "is a file, not a folder")
    assert taken.read_text(encoding="utf-8") == "not a folder"


def test_a_report_folder_that_cannot_be_made_exits_2_naming_it(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    usage_error(
        [*QUASHARS, "--report", str(tmp_path / "file" / "report")],
        "'--report'",
        "cannot write the report in",
    )


def test_report_with_json_still_prints_one_document(tmp_path: Path) -> None:
    # Not run_json: on a fresh machine matplotlib's first import logs to stderr that it
    # builds its font cache; stdout must still be the one document.
    result = runner.invoke(app, [*QUASHARS, "--players", "4", "--report", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [row["level"] for row in document["ratings"]["table"]] == ["basic", "random"]
    assert (tmp_path / "index.html").is_file()
