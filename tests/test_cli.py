"""The `quintet` command line: every verb, every argument error, and `main`'s exit codes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from quintet import __version__
from quintet.cli import _game_cli, app, build_app, main
from quintet.core import BadInput, registry

runner = CliRunner()
QUINTET = Path(sys.executable).parent / "quintet"
RANDOM4 = "random,random,random,random"


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"quintet {__version__}"


def test_no_arguments_show_the_verbs() -> None:
    result = runner.invoke(app, [])
    assert "simulate" in result.output and "games" in result.output


def test_games_as_a_table() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "quashars" in result.stdout
    assert "3-4" in result.stdout
    assert "random" in result.stdout


def test_games_as_json() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    games = json.loads(result.stdout)
    assert [game["name"] for game in games] == registry.names()
    quashars = next(game for game in games if game["name"] == "quashars")
    assert quashars["min_players"] == 3 and quashars["max_players"] == 4
    assert quashars["real_time"] is False
    assert "random" in quashars["bots"]
    assert quashars["summary"]


def test_simulate_json_is_one_object_with_the_summary() -> None:
    result = runner.invoke(
        app,
        ["simulate", "quashars", "--games", "6", "--players", "4", "--bots", RANDOM4, "--json"],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary) == {"games", "seconds", "games_per_second", "seats", "mean_game_seconds"}
    # Quashars bots think on the virtual clock too, so its games last a while.
    assert summary["mean_game_seconds"] > 0
    assert summary["games"] == 6
    assert [seat["bot"] for seat in summary["seats"]] == ["random"] * 4
    assert all(set(seat) == {"bot", "wins", "mean_score"} for seat in summary["seats"])
    assert sum(seat["wins"] for seat in summary["seats"]) >= 6
    assert result.stderr == ""  # no progress bar with --json


def test_simulate_defaults_to_the_most_players_and_random_bots() -> None:
    result = runner.invoke(app, ["simulate", "quashars", "-n", "2", "--json"])
    assert result.exit_code == 0, result.output
    seats = json.loads(result.stdout)["seats"]
    assert [seat["bot"] for seat in seats] == ["random"] * 4


def test_simulate_is_the_same_for_the_same_seed_whatever_the_jobs() -> None:
    base = ["simulate", "quashars", "-n", "9", "-p", "3", "--seed", "5", "--json"]
    one = json.loads(runner.invoke(app, base).stdout)
    two = json.loads(runner.invoke(app, [*base, "--jobs", "2"]).stdout)
    assert one["seats"] == two["seats"]
    assert one["mean_game_seconds"] == two["mean_game_seconds"]


def test_simulate_prints_a_table_and_the_speed() -> None:
    result = runner.invoke(
        app, ["simulate", "quashars", "--games", "3", "--players", "3", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "Mean score" in result.stdout
    assert "games per second" in result.stdout
    assert "on the virtual clock" in result.stdout
    assert result.stdout.count("random") == 3
    assert "3/3" in result.stderr  # the progress bar's last frame


def test_simulate_takes_options() -> None:
    result = runner.invoke(
        app, ["simulate", "quashars", "-n", "2", "--options", '{"flex_chip": false}', "--json"]
    )
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("arguments", "named", "says"),
    [
        (["chess"], "'GAME'", "unknown game 'chess'"),
        (["quashars", "--players", "5"], "'--players'", "3 to 4 players, not 5"),
        (["quashars", "--players", "2", "--bots", "random,random"], "'--players'", "not 2"),
        (["quashars", "--players", "many"], "'--players'", "integer"),
        (["quashars", "--players", "3", "--bots", "random,random"], "'--bots'", "3 bots"),
        (["quashars", "--bots", RANDOM4 + ",random"], "'--bots'", "not 5"),
        (["quashars", "--bots", "random,random,wizard,random"], "'--bots'", "unknown bot 'wizard'"),
        (["quashars", "--games", "0"], "'--games'", "at least 1, not 0"),
        (["quashars", "--games", "-3"], "'--games'", "not -3"),
        (["quashars", "--jobs", "0"], "'--jobs'", "at least 1, not 0"),
        (["quashars", "--seed", "x"], "'--seed'", "integer"),
        (["quashars", "--options", "{oops"], "'--options'", "not JSON"),
        (["quashars", "--options", "[1]"], "'--options'", "JSON object"),
        (["quashars", "--options", '{"pause_ms": -1}'], "'--options'", "pause_ms"),
        (["quashars", "--options", '{"colour": 1}'], "'--options'", "colour"),
    ],
)
def test_simulate_argument_errors_exit_2_naming_the_argument(
    arguments: list[str], named: str, says: str
) -> None:
    usage_error(["simulate", *arguments, "--json"], named, says)


def usage_error(arguments: list[str], named: str, says: str) -> None:
    """The command exits 2 with a message naming the argument and the rule, and prints
    nothing on stdout (no traceback either)."""
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2, result.output
    # Rich may wrap the message over lines and box it; compare the words.
    words = " ".join(result.output.replace("│", " ").split())
    assert named in words
    assert says in words
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_simulate_needs_a_game() -> None:
    result = runner.invoke(app, ["simulate"])
    assert result.exit_code == 2
    assert "GAME" in result.output


def test_every_game_with_a_cli_module_is_mounted() -> None:
    for name in registry.names():
        module = _game_cli(name)
        if module is None:
            continue
        if hasattr(module, "app"):
            result = runner.invoke(app, [name, "--help"])
            assert result.exit_code == 0, result.output
        if hasattr(module, "play"):
            result = runner.invoke(app, ["play", name, "--help"])
            assert result.exit_code == 0, result.output
            assert "play" in result.output


def test_quashars_verbs_are_mounted() -> None:
    result = runner.invoke(
        app, ["quashars", "score", "--game", "2", "--predicted", "1", "--met", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"points": 4}
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    assert "quashars" in result.output


def test_a_game_without_a_cli_module_is_skipped() -> None:
    assert _game_cli("no_such_game") is None
    # Building the app again mounts the same verbs: nothing is left over.
    assert runner.invoke(build_app(), ["games", "--json"]).exit_code == 0


# ------------------------------------------------------------------------ main


def test_main_returns_the_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"quintet {__version__}"
    assert main(["simulate", "quashars", "--players", "9"]) == 2
    assert "'--players'" in capsys.readouterr().err


def _failing_app(error: BaseException) -> typer.Typer:
    failing = typer.Typer()

    @failing.command()
    def go() -> None:
        raise error

    return failing


def test_main_turns_a_rule_error_into_exit_2_with_its_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main([], application=_failing_app(BadInput("unknown card 'Q13'")))
    captured = capsys.readouterr()
    assert code == 2
    assert "unknown card 'Q13'" in captured.err
    assert "Traceback" not in captured.err + captured.out


def test_main_turns_ctrl_c_into_exit_130_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main([], application=_failing_app(KeyboardInterrupt()))
    captured = capsys.readouterr()
    assert code == 130
    assert "Traceback" not in captured.err + captured.out


# ------------------------------------------------------------------ real runs


def test_the_installed_command_prints_json() -> None:
    done = subprocess.run(
        [
            str(QUINTET),
            "simulate",
            "quashars",
            "--games",
            "20",
            "--players",
            "4",
            "--bots",
            RANDOM4,
            "--seed",
            "7",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 20
    assert len(summary["seats"]) == 4
    assert summary["games_per_second"] > 0


def test_python_dash_m_quintet_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "quintet", "simulate", "quashars", "--games", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "'--games'" in done.stderr
    assert "Traceback" not in done.stderr


def _children(pid: int) -> str:
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().strip()


def test_ctrl_c_stops_a_run_in_processes_with_exit_130() -> None:
    # A run far too long to finish; Ctrl-C must stop it, workers included.
    process = subprocess.Popen(
        [str(QUINTET), "simulate", "quashars", "--games", "1000000", "--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # A shell that runs the tests in the background ignores SIGINT; undo that
        # (the tests start no threads, so preexec_fn is safe here).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        # Wait until the worker processes exist, so the interrupt reaches a running pool.
        for _ in range(600):
            if process.poll() is not None or _children(process.pid):
                break
            time.sleep(0.05)
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert out == ""
