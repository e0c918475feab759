"""`bench.server_setup` runs a real server, sets tables up and prints its line, profiled on
request (its figures are never asserted: only that they are there and make sense)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.server_setup import main, py_spy_shares  # noqa: E402

FIGURES = ("setup_ms", "lobby_ms", "connect_ms", "user_ms", "system_ms", "main_thread_ms")


@pytest.mark.parametrize("phase", ["all", "connect"])
def test_server_setup_prints_each_rounds_cpu_and_the_profiles_top_lines(
    capsys: pytest.CaptureFixture[str], phase: str
) -> None:
    main(["--quick", "--profile", "--profile-phase", phase, "--top", "5"])
    line = json.loads(capsys.readouterr().out)
    assert line["benchmark"] == "server_setup" and line["profiled"] is True
    assert line["profiled_phase"] == phase
    assert (line["tables_per_round"], line["rounds"]) == (4, 2)
    for figure in FIGURES:
        assert len(line[f"{figure}_by_round"]) == 2 and line[f"median_{figure}"] >= 0
    assert line["median_setup_ms"] > 0, "setting tables up costs the server some CPU"
    assert line["server_exit_code"] == 0 and line["server_tracebacks"] == 0
    profile = line["profile"]
    assert len(profile["tottime"]) == 5 and len(profile["cumulative"]) == 5
    assert "quintet" in profile["by_package"] and abs(sum(profile["by_package"].values()) - 100) < 1


def test_py_spy_samples_are_summed_by_thread_and_package(tmp_path: Path) -> None:
    raw = tmp_path / "samples.txt"
    raw.write_text(
        "thread (1): MainThread;run (asyncio/base_events.py:1) 3\n"
        "thread (1): MainThread;join (quintet/server/hub.py:2);claim (sqlalchemy/x.py:3) 1\n"
        "thread (2): quintet-sqlite-writes_0;_transaction (quintet/server/y.py:4) 4\n"
    )
    shares = py_spy_shares(raw)
    assert shares["samples"] == 8
    assert shares["threads"] == {
        "thread (1): MainThread": 50.0,
        "thread (2): quintet-sqlite-writes_0": 50.0,
    }
    assert shares["main_thread_by_package"] == {"asyncio": 75.0, "sqlalchemy": 25.0}


def test_server_setup_parts_prints_each_part(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.server_setup_parts import main as parts

    parts(["--tables", "3", "--requests", "16"])
    line = json.loads(capsys.readouterr().out)
    assert line["benchmark"] == "server_setup_parts" and line["tables"] == 3
    for key in ("bare_request_ms", "app_ms_per_table", "create_ms", "claim_ms"):
        assert line[key] >= 0, key
    assert line["app_ms_per_table"] > 0, "a set-up in process costs this process CPU"
    assert set(line["route_match_us"]) == {"create", "join", "start", "websocket"}
    assert all(us > 0 for us in line["route_match_us"].values())
