"""`make bench` (`python -m bench`): it runs, and every line it prints is JSON with the keys the
docs name. Speed is never asserted here; the figures live in docs/benchmarks.md.

The quick mode plays a handful of games per benchmark, so these tests take about a second,
except the two server lines: a real server and load process, about 8 s a run each (the load,
and the capacity's two short steps). They run for real once, in
the `python -m bench` process of `test_python_dash_m_bench_runs`;
the other runs of the whole bench, which test other lines, put stand-ins in their place.
The PostgreSQL + Redis capacity line (`server_capacity_cluster`) takes 20-40 s even quick
(starting PostgreSQL, Redis and the servers): the whole-bench runs leave it out, and
`test_capacity_of_two_processes_on_postgresql_and_redis` runs its two-process half.
The speed work on the fast path must not change what a seed produces: the lane-parallel
shuffle is checked against the plain Fisher-Yates it replaces.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from quintet.core.rng import Rng
from quintet.games.quashars import fast
from quintet.games.quiclo import solver
from quintet.games.quiddler.components import DECK

# `bench` is a folder at the repository root, not part of the installed package.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import __main__ as bench_main  # noqa: E402
from bench import (  # noqa: E402
    compare,
    openspiel_oh_hell,
    quashars_expert,
    quashars_playouts,
    quiclo_solver,
    quiddler_best,
    quiddler_hard,
    server_capacity,
    server_capacity_cluster,
    server_cpu,
    server_load,
    simulate_games,
    store_busy_loop,
    words_load,
)
from bench.quashars_playouts import (  # noqa: E402
    checked_games,
    clones,
    mid_game_state,
    random_games,
)

import quintet.rl as quintet_rl  # noqa: E402

NAMES = [
    "quashars_random_games",
    "openspiel_oh_hell_random_games",
    "openspiel_oh_hell_random_games_weighted_chance",
    "simulate_random_games",
    "quashars_checked_games",
    "quashars_clone",
    "quashars_expert",
    "quiclo_solver_full_table",
    "words_load",
    "quiddler_best_hand",
    "quiddler_hard",
    "double_quick_solver",
    "rl_steps",
    "server_load",
    "server_capacity",
    "server_capacity_cluster",
]
OPENSPIEL_NAMES = NAMES[1:3]
COMMON_KEYS = {"benchmark", "python", "cpus", "quick"}
RATE_KEYS = {"repeats", "seconds", "cpu_seconds"}
KEYS: dict[str, set[str]] = {
    "quashars_random_games": COMMON_KEYS
    | RATE_KEYS
    | {"players", "tricks", "game_unit", "games", "games_per_second", "interleaved_with"},
    "openspiel_oh_hell_random_games": COMMON_KEYS
    | RATE_KEYS
    | {"players", "tricks", "games", "games_per_second", "params"}
    | {"ratio_quintet_to_openspiel", "ratio_by_cpu_time", "ratio_each_round"},
    "quashars_checked_games": COMMON_KEYS
    | RATE_KEYS
    | {"players", "tricks", "game_unit", "games", "games_per_second", "fast_path_speedup"},
    "quashars_clone": COMMON_KEYS | RATE_KEYS | {"clones", "clones_per_second"},
    "simulate_random_games": COMMON_KEYS
    | RATE_KEYS
    | {"command", "players", "game_unit", "games", "games_per_second", "games_per_cpu_second"}
    | {"path", "general_loop"},
    "quiclo_solver_full_table": COMMON_KEYS
    | {"positions", "players", "cards_per_player", "median_ms", "p99_ms", "claims_median"}
    | {"build_median_ms", "has_claim_median_ms", "has_claim_p99_ms", "has_claim_end_median_ms"},
}
KEYS["words_load"] = COMMON_KEYS | {
    "words",
    "file_bytes",
    "rounds",
    "load_median_ms",
    "first_load_ms",
    "retained_mib",
    "peak_mib",
    "rss_delta_mib",
}
KEYS["quiddler_best_hand"] = COMMON_KEYS | {
    "hands",
    "cards",
    "median_ms",
    "p99_ms",
    "cpu_median_ms",
    "go_out_median_ms",
    "go_out_p99_ms",
    "trie_build_ms",
    "trie_mib",
    "words",
}
KEYS["quiddler_hard"] = COMMON_KEYS | {
    "players",
    "pairs",
    "turns_3_cards",
    "go_out_rate_3_cards",
    "go_out_bound_3_cards",
    "old_go_out_rate_3_cards",
    "win_share",
    "win_share_interval",
    "score_difference",
    "score_difference_interval",
    "decision_cpu_median_ms",
    "decision_cpu_p99_ms",
}
KEYS["double_quick_solver"] = COMMON_KEYS | {
    "hands",
    "complete_share",
    "first_median_ms",
    "first_p99_ms",
    "first_max_ms",
    "score_mean",
    "index_build_ms",
}
KEYS["quashars_expert"] = COMMON_KEYS | {
    "players",
    "matches",
    "points_over_basic_mean",
    "points_over_basic_ci95",
    "decisions_per_cpu_second",
    "cpu_per_decision_median_s",
    "cpu_per_searched_decision_median_s",
}
KEYS["rl_steps"] = COMMON_KEYS | {
    "games",
    "quashars_aec_steps_per_second",
    "simulator_decisions_per_second",
    "ratio_aec_to_simulator",
    "goal_ratio",
    "pettingzoo_floor_steps_per_second",
    "ratio_floor_to_simulator",
}
KEYS["openspiel_oh_hell_random_games_weighted_chance"] = KEYS["openspiel_oh_hell_random_games"]
KEYS["server_load"] = COMMON_KEYS | {
    "game",
    "tables",
    "seats",
    "levels",
    "pace",
    "tables_prepared",
    "server_cpu_ms_per_table_setup",
    "actions",
    "actions_per_second",
    "sent",
    "refused",
    "refused_codes",
    "errors",
    "p50_ms",
    "p90_ms",
    "p99_ms",
    "max_ms",
    "server_cpu_ms_per_action",
    "server_cpu_percent",
    "load_cpu_percent",
    "bots_cpu_percent",
    "games_started_in_window",
    "tables_made_in_window",
    "window_s",
    "echo_connections",
    "echo_messages",
    "echo_messages_per_second",
    "echo_p50_ms",
    "echo_p99_ms",
    "echo_server_cpu_ms_per_message",
    "ratio_p99_game_to_echo",
    "goal_ratio_p99",
    "goal_met",
    "server_exit_code",
    "server_tracebacks",
}
KEYS["server_capacity"] = COMMON_KEYS | {
    "game",
    "steps",
    "knee_actions_per_second",
    "knee_tables",
    "goal_knee_actions_per_second",
    "server_cpu_ms_per_action",
    "goal_cpu_ms_per_action",
    "goal_p99_ms",
    "tables_prepared",
    "server_cpu_ms_per_table_setup",
    "goal_setup_ms",
    "ratio_p99_game_to_echo_at_50_tables",
    "server_exit_code",
    "server_tracebacks",
}
KEYS["server_capacity_cluster"] = COMMON_KEYS | {
    "game",
    "processes_1",
    "processes_2",
    "knee_actions_per_second_1",
    "knee_actions_per_second_2",
    "capacity_ratio_2_to_1",
    "goal_capacity_ratio",
}
#: What the whole-bench runs that test other lines print in place of the server lines.
STAND_IN = {"benchmark": "server_load", "stand_in": True}
CAPACITY_STAND_IN = {"benchmark": "server_capacity", "stand_in": True}
CLUSTER_STAND_IN = {"benchmark": "server_capacity_cluster", "stand_in": True}
SERVER_LINES = ("server_load", "server_capacity", "server_capacity_cluster")


@pytest.fixture(name="no_server_load")
def no_server_load_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_load, "measure", lambda *args, **kwargs: dict(STAND_IN))
    monkeypatch.setattr(server_capacity, "measure", lambda *args, **kwargs: dict(CAPACITY_STAND_IN))
    monkeypatch.setattr(
        server_capacity_cluster, "measure_or_skip", lambda *args, **kwargs: dict(CLUSTER_STAND_IN)
    )


def lines_of(text: str) -> list[dict[str, Any]]:
    """Every stdout line must be one JSON object."""
    lines = [json.loads(line) for line in text.splitlines()]
    assert all(isinstance(line, dict) for line in lines)
    return lines


def check_measured(line: dict[str, Any]) -> None:
    if line.get("stand_in"):
        assert line["benchmark"] in SERVER_LINES
        return
    assert KEYS[line["benchmark"]] <= set(line), line["benchmark"]
    if line["benchmark"] == "quiclo_solver_full_table":
        check_quiclo(line)
        return
    if line["benchmark"] == "words_load":
        check_words_load(line)
        return
    if line["benchmark"] == "quiddler_best_hand":
        check_quiddler(line)
        return
    if line["benchmark"] == "server_load":
        check_server_load(line)
        return
    if line["benchmark"] == "server_capacity":
        check_server_capacity(line)
        return
    if line["benchmark"] == "server_capacity_cluster":
        check_server_capacity_cluster(line)
        return
    if line["benchmark"] == "quiddler_hard":
        check_quiddler_hard(line)
        return
    if line["benchmark"] == "quashars_expert":
        low, high = line["points_over_basic_ci95"]
        assert line["matches"] >= 1 and low <= line["points_over_basic_mean"] <= high
        assert line["decisions_per_cpu_second"] > 0 and line["cpu_per_decision_median_s"] >= 0
        return
    if line["benchmark"] == "rl_steps":
        assert all(game["steps_per_second"] > 0 for game in line["games"].values())
        assert line["ratio_aec_to_simulator"] > 0
        assert line["pettingzoo_floor_steps_per_second"] > 0
        return
    if line["benchmark"] == "double_quick_solver":
        assert line["hands"] >= 1 and 0 <= line["complete_share"] <= 1
        assert line["first_max_ms"] >= line["first_p99_ms"] >= line["first_median_ms"] > 0
        return
    unit = "clones" if line["benchmark"] == "quashars_clone" else "games"
    assert isinstance(line[unit], int) and line[unit] >= 1
    assert line[f"{unit}_per_second"] > 0
    assert line["seconds"] > 0
    assert line["repeats"] >= 1


def check_quiddler_hard(line: dict[str, Any]) -> None:
    assert line["pairs"] >= 2 and line["turns_3_cards"] >= 1
    for key in ("go_out_rate_3_cards", "go_out_bound_3_cards", "old_go_out_rate_3_cards"):
        assert 0 <= line[key] <= 1
    low, high = line["win_share_interval"]
    assert 0 <= line["win_share"] <= 1 and low <= line["win_share"] <= high
    low, high = line["score_difference_interval"]
    assert low <= line["score_difference"] <= high
    assert line["decision_cpu_p99_ms"] >= line["decision_cpu_median_ms"] >= 0


def check_quiclo(line: dict[str, Any]) -> None:
    assert (line["players"], line["cards_per_player"]) == (6, 12)
    assert line["positions"] >= 1
    assert line["p99_ms"] >= line["median_ms"] > 0
    assert line["has_claim_median_ms"] > 0 and line["build_median_ms"] > 0
    # A dealt table has thousands of claims (about 1,200 per player).
    assert line["claims_median"] > 1000


def check_words_load(line: dict[str, Any]) -> None:
    # The shipped list has about 254,000 words (docs/words.md); a broken load has far fewer.
    assert line["words"] > 200_000
    assert line["file_bytes"] > 100_000
    assert line["rounds"] >= 1
    assert line["first_load_ms"] > 0 and line["load_median_ms"] > 0
    # 254,000 strings cannot take less than a few MiB: zero would mean nothing was measured.
    assert line["peak_mib"] >= line["retained_mib"] > 5


def check_quiddler(line: dict[str, Any]) -> None:
    assert line["cards"] == 11 and line["hands"] >= 1
    assert line["p99_ms"] >= line["median_ms"] > 0 and line["go_out_median_ms"] > 0
    # The shipped list's trie: hundreds of thousands of prefixes cannot fit in 5 MiB.
    assert line["words"] > 200_000 and line["trie_mib"] > 5 and line["trie_build_ms"] > 0
    # Dealt 11-card hands nearly always lay down most of their cards with 250,000 words.
    assert line["cards_in_words_median"] >= 5 and line["score_median"] > 0


def check_server_load(line: dict[str, Any], tables: int = 5) -> None:
    assert (line["game"], line["tables"], line["seats"]) == ("quiclo", tables, 4 * tables)
    assert line["tables_prepared"] >= tables and line["server_cpu_ms_per_table_setup"] > 0
    # The bots played: actions were acknowledged, each with its latency.
    assert line["actions"] >= 1 and line["actions_per_second"] > 0
    assert line["sent"] >= 1 and 0 <= line["refused"] <= line["sent"]
    assert sum(line["refused_codes"].values()) == line["refused"]
    assert line["games_started_in_window"] >= 1
    assert line["max_ms"] >= line["p99_ms"] >= line["p90_ms"] >= line["p50_ms"] > 0
    # The server did the work: CPU time was spent on it, and the load process's is beside.
    assert line["server_cpu_ms_per_action"] > 0 and line["server_cpu_percent"] > 0
    assert line["load_cpu_percent"] > 0 and line["bots_cpu_percent"] > 0
    # The echo ran on as many connections, at about the game's rate.
    assert line["echo_connections"] == line["seats"] and line["echo_messages"] >= 1
    assert line["echo_max_ms"] >= line["echo_p99_ms"] >= line["echo_p50_ms"] > 0
    ratio = round(line["p99_ms"] / line["echo_p99_ms"], 2)
    assert line["ratio_p99_game_to_echo"] == ratio
    assert line["goal_met"] is (ratio <= line["goal_ratio_p99"] == 2.0)
    # Nothing went wrong on either side.
    assert line["errors"] == {} and line["bot_failures"] == {}
    assert line["games_closed_early"] == 0
    assert line["server_exit_code"] == 0 and line["server_tracebacks"] == 0


def check_server_capacity(line: dict[str, Any]) -> None:
    assert line["game"] == "quashars"
    check_capacity_steps(line)
    assert line["server_exit_code"] == 0 and line["server_tracebacks"] == 0
    assert all("others_cpu_percent" not in step for step in line["steps"])  # SQLite: in-process


def check_server_capacity_cluster(
    line: dict[str, Any], processes: tuple[int, ...] = (1, 2)
) -> None:
    """The runs on PostgreSQL (1 process, and 2 with Redis) measured, and their ratio."""
    assert line["game"] == "quashars"
    for count in processes:
        run = line[f"processes_{count}"]
        assert run["processes"] == count
        check_capacity_steps(run)
        assert run["server_exit_codes"] == [0] * count and run["server_tracebacks"] == 0
        assert line[f"knee_actions_per_second_{count}"] == run["knee_actions_per_second"]
        # PostgreSQL's (and Redis') CPU beside the servers': every action is committed there.
        assert all(step["others_cpu_percent"] > 0 for step in run["steps"])
        peak = max(step["actions_per_second"] for step in run["steps"])
        assert line[f"peak_actions_per_second_{count}"] == peak
        # How the cores were shared in the fastest step: the parts are that step's own.
        shared = line[f"cpu_at_peak_{count}"]
        fastest = next(s for s in run["steps"] if s["actions_per_second"] == peak)
        assert shared["servers"] == fastest["server_cpu_percent"] > 0
        assert shared["postgresql_and_redis"] == fastest["others_cpu_percent"]
        assert shared["machine_total"] == 100 * line["cores"]
        assert 0 < shared["machine_busy"] <= shared["machine_total"] + 5  # ticks round
        per_second = round(1000 / run["server_cpu_ms_per_action"], 1)
        assert line[f"actions_per_server_cpu_second_{count}"] == per_second
    assert line["goal_capacity_ratio"] == 1.7
    if processes != (1, 2):
        assert "scaling_efficiency_2_to_1" not in line
        return
    one, two = line["actions_per_server_cpu_second_1"], line["actions_per_server_cpu_second_2"]
    assert line["scaling_efficiency_2_to_1"] == round(two / one, 2)
    assert line["cpu_bound_ratio_2_to_1"] == round(2 * two / one, 2)
    one, two = line["knee_actions_per_second_1"], line["knee_actions_per_second_2"]
    ratio = round(two / one, 2) if one and two else None
    assert line["capacity_ratio_2_to_1"] == ratio
    one, two = line["peak_actions_per_second_1"], line["peak_actions_per_second_2"]
    assert line["peak_ratio_2_to_1"] == round(two / one, 2)


def check_capacity_steps(line: dict[str, Any]) -> None:
    """The figures of one capacity run (one server, or several): its quick steps."""
    assert [step["tables"] for step in line["steps"]] == list(server_capacity.QUICK.steps)
    assert line["tables_prepared"] >= sum(server_capacity.QUICK.steps)
    assert line["server_cpu_ms_per_table_setup"] > 0
    for step in line["steps"]:
        # The seats played: actions acknowledged, none refused (each sends a legal one).
        assert step["actions"] >= 1 and step["actions_per_second"] > 0
        assert step["refused"] == 0 and step["errors"] == {}
        assert step["max_ms"] >= step["p99_ms"] >= step["p50_ms"] > 0
        assert step["server_cpu_ms_per_action"] > 0 and step["load_cpu_percent"] > 0
        # The echo ran at about the same rate, and its ratio is the two p99s'.
        assert step["echo_max_ms"] >= step["echo_p99_ms"] >= step["echo_p50_ms"] > 0
        assert step["ratio_p99_game_to_echo"] == round(step["p99_ms"] / step["echo_p99_ms"], 2)
    # The knee is the fastest step within the p99 goal (None when none is).
    within = [s for s in line["steps"] if s["p99_ms"] <= line["goal_p99_ms"]]
    best = max((s["actions_per_second"] for s in within), default=None)
    assert line["knee_actions_per_second"] == best
    assert line["ratio_p99_game_to_echo_at_50_tables"] is None  # no step of 50 in quick
    # Over all the windows: between the steps' own figures.
    each = [step["server_cpu_ms_per_action"] for step in line["steps"]]
    assert min(each) - 0.001 <= line["server_cpu_ms_per_action"] <= max(each) + 0.001


@pytest.mark.usefixtures("no_server_load")
def test_without_openspiel_its_lines_say_skipped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Quick mode from the environment rather than --quick: the same run checks both.
    monkeypatch.setenv(bench_main.QUICK_ENV, "1")
    monkeypatch.setattr(openspiel_oh_hell, "available", lambda: False)
    bench_main.main([])
    lines = lines_of(capsys.readouterr().out)
    assert [line["benchmark"] for line in lines] == NAMES
    assert all(line["quick"] is True for line in lines)
    assert lines[0]["games"] == 20
    for line in lines:
        if line["benchmark"] in OPENSPIEL_NAMES:
            assert line["skipped"] == ("open-spiel is not installed (pip install -e '.[bench]')")
            assert "games_per_second" not in line
        else:
            check_measured(line)
    assert lines[0]["interleaved_with"] == []
    simulated = lines[NAMES.index("simulate_random_games")]
    assert simulated["openspiel"] == bench_main.SKIPPED
    assert "ratio_quintet_to_openspiel" not in simulated
    assert "ratio_quintet_to_openspiel" not in simulated["general_loop"]
    assert simulated["general_loop"]["games_per_second"] > 0


# `make setup` installs the `bench` extra, so OpenSpiel is always here under `make test`.
@pytest.mark.usefixtures("no_server_load")
def test_with_openspiel_the_ratio_pairs_the_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    bench_main.main(["--quick", "--rounds", "2"])
    lines = {line["benchmark"]: line for line in lines_of(capsys.readouterr().out)}
    ours = lines["quashars_random_games"]
    assert ours["interleaved_with"] == ["openspiel/uniform", "openspiel/weighted"]
    for name in OPENSPIEL_NAMES:
        theirs = lines[name]
        assert theirs["repeats"] == ours["repeats"] == 2
        assert len(theirs["ratio_each_round"]) == 2
        assert theirs["params"] == openspiel_oh_hell.OH_HELL_PARAMS
        assert (theirs["chance_actions_per_game"], theirs["player_actions_per_game"]) == (51, 52)
    simulated = lines["simulate_random_games"]
    assert simulated["repeats"] == 2 and len(simulated["ratio_each_round"]) == 2
    assert simulated["games"] % 4 == 0  # whole matches of 4 deals
    assert simulated["openspiel_games_per_second"] > 0 and simulated["ratio_by_cpu_time"] > 0
    general = simulated["general_loop"]
    assert general["repeats"] == 2 and len(general["ratio_each_round"]) == 2
    assert general["games_per_cpu_second"] > 0 and general["ratio_by_cpu_time"] > 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--rounds", "0"], "--rounds must be at least 1"), (["--seconds", "0"], "--seconds")],
)
def test_bad_arguments_are_refused_by_name(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench_main.main(argv)
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err


def test_python_dash_m_bench_runs() -> None:
    """The command `make bench --quick` runs, from the repository root, as a new process: one
    JSON line per benchmark on stdout, progress on stderr, both server lines measured."""
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        # The PostgreSQL + Redis line has its own test (it takes 20-40 s).
        env={**os.environ, bench_main.NO_CLUSTER_ENV: "1"},
    )
    assert done.returncode == 0, done.stderr
    lines = lines_of(done.stdout)
    assert [line["benchmark"] for line in lines] == NAMES
    assert "Traceback" not in done.stderr
    assert "bench:" in done.stderr  # progress goes to stderr, never into the JSON
    assert "bench: server_load:" in done.stderr  # the load process's progress is passed on
    assert "bench: server_capacity:" in done.stderr
    for line in lines[:-1]:
        assert line["quick"] is True
        assert "stand_in" not in line
        if line["benchmark"] in OPENSPIEL_NAMES and not openspiel_oh_hell.available():
            assert line["skipped"] == bench_main.SKIPPED
        else:
            check_measured(line)
    ours = lines[0]
    assert (ours["players"], ours["tricks"], ours["actions_per_game"]) == (4, 12, 52)
    assert "a match of 4 deals counts as 4 games" in ours["game_unit"]
    check_server_load(lines[-3])
    check_server_capacity(lines[-2])
    assert lines[-1]["skipped"] == f"{bench_main.NO_CLUSTER_ENV} is set"


@pytest.mark.slow
def test_capacity_of_two_processes_on_postgresql_and_redis(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--db postgresql --processes 2 --quick`: a durable PostgreSQL, a redis-server and two
    servers, the quick steps through both (1 process alone is the same code with one port;
    `--compare` runs both, about twice as long)."""
    server_capacity.main(["--quick", "--db", "postgresql", "--processes", "2"])
    line = json.loads(capsys.readouterr().out)
    check_server_capacity_cluster(line, processes=(2,))
    assert line["capacity_ratio_2_to_1"] is None  # no 1-process run to compare with


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tables", "0"], "tables must be >= 1, not 0"),
        (["--seconds", "0"], "the window must be > 0 s, not 0.0"),
        (["--pace", "0"], "pace must be above 0"),
    ],
)
def test_server_load_refuses_bad_arguments_by_name(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        server_load.main(argv)
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err


def test_server_load_figures() -> None:
    assert server_load.percentile([5.0, 1.0, 4.0, 2.0, 3.0], 0.5) == 3.0
    assert server_load.percentile([float(x) for x in range(1, 101)], 0.99) == 99.0
    assert server_load.percentile([7.0], 0.99) == 7.0
    with pytest.raises(ValueError, match="no values"):
        server_load.percentile([], 0.5)
    summary = server_load.latency_summary([0.001 * x for x in range(1, 201)], "echo_")
    assert summary == {
        "echo_p50_ms": 100.0,
        "echo_p90_ms": 180.0,
        "echo_p99_ms": 198.0,
        "echo_max_ms": 200.0,
    }
    assert server_load.latency_summary([])["p99_ms"] is None
    before = server_load.cpu_seconds()
    sum(x * x for x in range(300_000))  # some CPU, so the counter (10 ms ticks) moves
    assert server_load.cpu_seconds(os.getpid()) >= before >= 0
    # Enough tables for every slot through the warm-up and the window, more for longer ones.
    quick, full = server_load.QUICK, server_load.FULL
    assert full.tables_to_prepare() > quick.tables_to_prepare() > 2 * quick.tables
    assert full.levels(1) == ["medium", "hard", "medium", "hard"]
    assert full.options == {"sit_out_ms": 3000}  # Quiclo's 15 s sit-out, times the pace


def test_quiclo_solver_bench_alone() -> None:
    line = quiclo_solver.measure(positions=3, seed=4)
    assert line["positions"] == 3
    check_quiclo(line)
    with pytest.raises(ValueError, match=">= 1"):
        quiclo_solver.measure(positions=0)


def test_words_load_bench_alone(capsys: pytest.CaptureFixture[str]) -> None:
    line = words_load.measure(rounds=2)
    assert KEYS["words_load"] - COMMON_KEYS <= set(line)
    assert line["rounds"] == 2
    check_words_load(line)
    with pytest.raises(ValueError, match=">= 1"):
        words_load.measure(rounds=0)
    words_load.main(["--rounds", "1"])
    (printed,) = lines_of(capsys.readouterr().out)
    assert printed["benchmark"] == "words_load" and printed["rounds"] == 1


def test_server_cpu_bench_stores_its_inputs_in_sqlite_when_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    server_cpu.main(["--games", "1", "--extra", "0", "--db", "sqlite"])
    (line,) = lines_of(capsys.readouterr().out)
    assert (line["benchmark"], line["db"], line["games"]) == ("server_cpu", "sqlite", 1)
    assert line["inputs"] > 0
    assert line["cpu_ms_per_input"] > 0
    assert line["user_ms_per_input"] + line["system_ms_per_input"] == pytest.approx(
        line["cpu_ms_per_input"], abs=0.002
    )


def test_quiddler_best_bench_alone(capsys: pytest.CaptureFixture[str]) -> None:
    line = quiddler_best.measure(hands=4, seed=2, builds=1)
    assert KEYS["quiddler_best_hand"] - COMMON_KEYS <= set(line)
    assert line["hands"] == 4
    check_quiddler(line)
    with pytest.raises(ValueError, match=">= 1"):
        quiddler_best.measure(hands=0)
    quiddler_best.main(["--hands", "2"])
    (printed,) = lines_of(capsys.readouterr().out)
    assert printed["benchmark"] == "quiddler_best_hand" and printed["hands"] == 2
    with pytest.raises(SystemExit):
        quiddler_best.main(["--hands", "0"])


def test_quiddler_hard_bench_alone(capsys: pytest.CaptureFixture[str]) -> None:
    quiddler_hard.main(["--games", "2", "--deals", "10"])
    line = json.loads(capsys.readouterr().out)
    assert line["benchmark"] == "quiddler_hard" and line["pairs"] == 2
    check_quiddler_hard({**line, "python": "", "cpus": 1, "quick": True})
    with pytest.raises(SystemExit):
        quiddler_hard.main(["--games", "1"])


def test_quiddler_bench_deals_11_cards_from_the_real_deck() -> None:
    hands = quiddler_best.deal(50, seed=3)
    assert [len(hand) for hand in hands] == [11] * 50
    assert all(Counter(hand) <= Counter(DECK) for hand in hands)
    assert len({tuple(sorted(hand)) for hand in hands}) == 50  # fresh shuffles, not one deal
    assert quiddler_best.deal(50, seed=3) == hands  # seeded


def test_quiclo_bench_tables_are_dealt_and_end_tables_have_no_claim() -> None:
    for hands, tops in quiclo_solver.full_tables(3, seed=2):
        assert [len(hand) for hand in hands] == [12] * 6
        cards = [card for hand in hands for card in hand] + list(tops)
        assert len(set(cards)) == 6 * 12 + 3
    for hands, tops in quiclo_solver.end_tables(3, seed=2):
        assert len(hands) == 6 and all(2 <= len(hand) <= 4 for hand in hands)
        assert not any(solver.count(hand, tops) for hand in hands)


def test_quiclo_bench_command_prints_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    quiclo_solver.main(["--positions", "2"])
    (line,) = lines_of(capsys.readouterr().out)
    assert line["benchmark"] == "quiclo_solver_full_table" and line["positions"] == 2
    with pytest.raises(SystemExit):
        quiclo_solver.main(["--positions", "0"])


def counting_rules() -> tuple[SimpleNamespace, dict[str, int]]:
    """The fast-path module with `new_state` and `next_game` counted."""
    calls = {"new_state": 0, "next_game": 0}

    def new_state(*args: Any) -> Any:
        calls["new_state"] += 1
        return fast.new_state(*args)

    def next_game(state: Any) -> None:
        calls["next_game"] += 1
        fast.next_game(state)

    fake = SimpleNamespace(**{name: getattr(fast, name) for name in dir(fast)})
    fake.new_state, fake.next_game = new_state, next_game
    return fake, calls


@pytest.mark.parametrize(("players", "games"), [(4, 9), (3, 3), (4, 1)])
def test_a_game_is_one_deal(players: int, games: int) -> None:
    # 9 games of 4 players: two whole matches and the first deal of a third.
    fake, calls = counting_rules()
    assert random_games(games, seed=5, players=players, rules=fake) > 0
    assert calls["new_state"] == -(-games // players)
    assert calls["new_state"] + calls["next_game"] == games


def test_checked_games_and_clones_run() -> None:
    assert checked_games(5, seed=2) > 0
    assert clones(10, seed=2) > 0
    for bad in (lambda: random_games(0, 1), lambda: checked_games(0, 1), lambda: clones(0, 1)):
        with pytest.raises(ValueError, match=">= 1"):
            bad()


def test_the_clone_benchmark_runs_alone(capsys: pytest.CaptureFixture[str]) -> None:
    quashars_playouts.main(["--rounds", "2", "--seconds", "0.01"])
    (line,) = lines_of(capsys.readouterr().out)
    assert line["benchmark"] == "quashars_clone" and line["repeats"] == 2
    assert line["clones_per_cpu_second"] > 0
    with pytest.raises(SystemExit):
        quashars_playouts.main(["--rounds", "0"])


def test_the_expert_benchmark_runs_alone(capsys: pytest.CaptureFixture[str]) -> None:
    quashars_expert.main(["--quick"])
    (line,) = lines_of(capsys.readouterr().out)
    check_measured({**line, "python": "3", "cpus": 1})
    assert line["matches"] == 1 and line["decisions"] == 52  # 4 predictions, 48 cards
    assert line["search"]["card_samples"] == quashars_expert.QUICK_SAMPLES
    with pytest.raises(SystemExit):
        quashars_expert.main(["--matches", "-1"])


def test_the_cloned_state_is_mid_game() -> None:
    state = mid_game_state(seed=3)
    assert (state.game_no, len(state.tricks), state.trick, state.phase) == (2, 6, [], fast.PLAY)


def reference_shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates as the Rng documents it, one `below` per draw."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15, 123456789])
def test_shuffle_is_the_plain_fisher_yates(seed: int) -> None:
    # Every size a deck or a pile can have, and past it: both branches of `shuffle`.
    for size in range(60):
        fast, plain = Rng(seed), Rng(seed)
        shuffled, expected = list(range(size)), list(range(size))
        fast.shuffle(shuffled)
        reference_shuffle(plain, expected)
        assert shuffled == expected, size
        assert fast.state == plain.state, size


def test_shuffle_keeps_the_stream_going() -> None:
    # Two shuffles in a row draw the same values as one long run of `below`.
    fast, plain = Rng(99), Rng(99)
    for size in (48, 4, 36, 3, 48):
        a, b = list(range(size)), list(range(size))
        fast.shuffle(a)
        reference_shuffle(plain, b)
        assert a == b
    assert fast.next64() == plain.next64()


def test_compare_loads_a_revision_beside_the_working_tree(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: bench.compare reads revisions with git show")
    old = compare.load_revision("HEAD", tmp_path)
    assert old is not fast
    assert old.Rng.__module__ == "_quintet_at_revision.core.rng"
    assert random_games(2, seed=1, rules=old) > 0
    with pytest.raises(ValueError, match="no-such-revision"):
        compare.load_revision("no-such-revision", tmp_path / "again")


def test_compare_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: bench.compare reads revisions with git show")
    compare.main(["HEAD", "--rounds", "1", "--games", "3"])
    (line,) = lines_of(capsys.readouterr().out)
    assert line["benchmark"] == "quashars_random_games_vs_revision"
    assert (line["revision"], line["games"], line["repeats"]) == ("HEAD", 3, 1)
    assert {"games_per_second_revision", "games_per_second_working_tree", "speedup"} <= set(line)


def test_compare_races_the_rl_environment_of_a_revision(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: bench.compare reads revisions with git show")
    old = compare.load_revision_rl("HEAD", tmp_path)
    assert old.__name__ == "_quintet_rl_at_revision" and old.env is not quintet_rl.env
    compare.main(["HEAD", "--rl", "--rounds", "1", "--steps", "30"])
    (line,) = lines_of(capsys.readouterr().out)
    assert line["benchmark"] == "rl_quashars_aec_steps_vs_revision"
    assert (line["steps"], line["repeats"]) == (30, 1) and line["speedup"] > 0
    with pytest.raises(SystemExit):
        compare.main(["no-such-revision", "--rl"])


def test_the_simulator_benchmark_runs_alone_for_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    simulate_games.main(
        ["--game", "quiclo", "--players", "2", "--rounds", "1", "--seconds", "0.01"]
    )
    (line,) = lines_of(capsys.readouterr().out)
    assert (line["benchmark"], line["game"], line["players"]) == ("simulate_games", "quiclo", 2)
    assert line["games"] >= 1 and line["games_per_cpu_second"] > 0
    assert simulate_games.quashars_deals(5, seed=1) > 0  # two matches: 8 deals
    assert simulate_games.general_loop_deals(4, seed=1) > 0
    with pytest.raises(ValueError, match=">= 1"):
        simulate_games.simulated_games(0, 1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--steps", "5,0"], "steps are table counts >= 1"),
        (["--seconds", "0"], "the windows must be > 0 s"),
        (["--processes", "2"], "--processes 2 needs --db postgresql"),
        (["--processes", "3", "--db", "postgresql"], "--processes: invalid choice: 3"),
    ],
)
def test_server_capacity_refuses_bad_arguments_by_name(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        server_capacity.main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_the_busy_loop_append_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    # The interval `quintet serve` uses: with Python's 5 ms, or even 2 ms, the starved
    # writer thread (what the benchmark shows) made these 20 appends take 100 s or more.
    store_busy_loop.main(["--quick", "--switch-interval", "0.0005"])
    (line,) = lines_of(capsys.readouterr().out)
    assert (line["benchmark"], line["appends"], line["quick"]) == ("store_busy_loop", 20, True)
    assert line["switch_interval_ms"] == 0.5
    assert 0 < line["p50_ms"] <= line["p90_ms"] <= line["p99_ms"] <= line["max_ms"]
    with pytest.raises(SystemExit):
        store_busy_loop.main(["--appends", "0"])
    assert "--appends must be >= 1" in capsys.readouterr().err
