"""`bench.server_cpu` runs and prints its line (its figures are never asserted)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.server_cpu import main  # noqa: E402


def test_server_cpu_plays_whole_games_and_prints_its_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--games", "1", "--extra", "1", "--seats", "human,human,basic"])
    line = json.loads(capsys.readouterr().out)
    assert line["benchmark"] == "server_cpu" and line["games"] == 1
    assert line["inputs"] > 10 and line["cpu_ms_per_input"] > 0
