"""`quintet serve` as `make run` starts it: the address it prints, --open without a
browser, and a clean stop. The API and WebSocket flows are in test_api_ws.py."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from tests.server.live import START_TIMEOUT, start_server

from quintet.server.main import address, browser_available
from quintet.server.settings import Settings


def test_make_runs_command_prints_the_address_and_says_when_no_browser_can_open(
    tmp_path: Path,
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'run.sqlite3'}"
    server = start_server(
        db,
        tmp_path,
        args=("--open",),
        env={"DISPLAY": "", "WAYLAND_DISPLAY": "", "BROWSER": ""},
    )
    try:
        with server.http() as http:
            assert http.get("/api/health").json()["status"] == "ok"
        # The announcement comes from a thread once uvicorn listens, so it may follow the
        # health check: wait for it (the limit only turns a hang into a failure).
        give_up = time.monotonic() + START_TIMEOUT
        while "Quintet is running" not in server.log() and time.monotonic() < give_up:
            time.sleep(0.05)
        log = server.log()
        assert f"Quintet is running: open http://127.0.0.1:{server.port}/ in your browser" in log
        assert "No browser to open here" in log
    finally:
        assert server.stop(signal.SIGTERM) == 0
    assert "Traceback" not in server.log()


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000/"),
        ("0.0.0.0", "http://127.0.0.1:8000/"),
        ("::1", "http://[::1]:8000/"),
        ("example.org", "http://example.org:8000/"),
    ],
)
def test_the_address_to_open(host: str, expected: str) -> None:
    settings = Settings.build(db_url="sqlite:///x.sqlite3", host=host, port=8000)
    assert address(settings) == expected


def test_no_browser_without_a_desktop_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert browser_available() is False
