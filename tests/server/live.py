"""A real server for end-to-end tests: `python -m quintet serve` in a subprocess.

Start one with `start_server(db_url, log_dir)` (or the `running_server` context manager),
or use a fixture: `live` (a fresh database and server per test, on each backend of
`db_url`) or `live_module` (one server per test module and backend, shared by its tests).
Test modules import the fixture's function, which pytest then finds by its name:

    from tests.server.live import LiveServer, live_module_fixture  # noqa: F401
    def test_something(live_module: LiveServer) -> None: ...

Client helpers drive it the way a browser would: `create_table`, `join`, `start`,
`connect` (a `websockets.sync.client` connection), `receive` (the next JSON message, with
a generous timeout so a broken server fails a test instead of hanging it), and
`BotClient`, which plays a seat with a registry bot on the seat's own view.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from quintet.core import RuleError, errors, registry

#: Seconds to wait for a server to answer /api/health, or for a message. Generous: these
#: only turn a hang into a failure; no test asserts how long anything takes.
START_TIMEOUT = 60.0
RECEIVE_TIMEOUT = 30.0
#: Bot think times x this on test servers: a 4-player Quashars match takes a few seconds.
TEST_BOT_PACE = 0.01


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class LiveServer:
    """A running `quintet serve` subprocess on 127.0.0.1."""

    port: int
    db_url: str
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=RECEIVE_TIMEOUT)

    def log(self) -> str:
        """What the server printed so far (stdout and stderr)."""
        return self.log_path.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30.0) -> int:
        """Send `sig` and wait for the exit; returns the exit code (killed if it hangs)."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError(
                    f"the server did not stop within {timeout} s of signal {sig}; log:\n"
                    + self.log()
                ) from None
        return self.process.returncode

    def kill(self) -> None:
        """kill -9: no shutdown at all (for crash tests)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def start_server(
    db_url: str,
    log_dir: Path,
    *,
    bot_pace: float = TEST_BOT_PACE,
    zombie_after: float = 0.0,
    env: dict[str, str] | None = None,
    args: Sequence[str] = (),
    port: int | None = None,
) -> LiveServer:
    """Start `python -m quintet serve` on a free port and wait until /api/health answers.

    `zombie_after` 0 means no zombie bots (tests that want them set it). `env` adds
    variables; `args` adds command-line flags. Raises AssertionError with the server's
    log when it exits or does not answer within START_TIMEOUT.
    """
    port = free_port() if port is None else port
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / f"server-{port}.log"
    environment = {
        **os.environ,
        "QUINTET_BOT_PACE": str(bot_pace),
        "QUINTET_ZOMBIE_AFTER": str(zombie_after),
        "PYTHONUNBUFFERED": "1",
        **(env or {}),
    }
    command = [sys.executable, "-m", "quintet", "serve", "--port", str(port), "--db", db_url]
    command += ["--log-level", "warning", *args]
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env=environment, start_new_session=True
        )
    server = LiveServer(port, db_url, process, log_path)
    give_up = time.monotonic() + START_TIMEOUT
    while True:
        if process.poll() is not None:
            raise AssertionError(f"the server exited ({process.returncode}); log:\n{server.log()}")
        try:
            if httpx.get(f"{server.base_url}/api/health", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        if time.monotonic() > give_up:
            server.kill()
            raise AssertionError(f"no /api/health within {START_TIMEOUT} s; log:\n{server.log()}")
        time.sleep(0.05)


@contextlib.contextmanager
def running_server(db_url: str, log_dir: Path, **options: Any) -> Iterator[LiveServer]:
    """A server for the block; stopped with SIGTERM after it, which must exit cleanly
    without having logged a traceback (a bot, runner or handler that failed)."""
    server = start_server(db_url, log_dir, **options)
    try:
        yield server
    finally:
        code = server.stop()
    log = server.log()
    assert code == 0, f"the server exited {code} after SIGTERM; log:\n{log}"
    assert "Traceback" not in log, f"the server logged an error:\n{log}"


def _backend_url(request: pytest.FixtureRequest, folder: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    cluster = request.getfixturevalue("pg_cluster")
    url: str = cluster.create_database()
    return url


@pytest.fixture(name="live")
def live_fixture(db_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    """A server on a fresh database, for one test, on each backend (`db_url`)."""
    with running_server(db_url, tmp_path) as server:
        yield server


@pytest.fixture(name="live_module", scope="module", params=["sqlite", "postgresql"])
def live_module_fixture(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """One server per test module and backend, shared by the module's tests (each makes
    its own tables, so they do not see each other's)."""
    folder = tmp_path_factory.mktemp(f"live-{request.param}")
    with running_server(_backend_url(request, folder), folder) as server:
        yield server


# --------------------------------------------------------------------- clients


def create_table(
    http: httpx.Client,
    game: str,
    seats: Sequence[str],
    options: dict[str, Any] | None = None,
    seed: int | None = 1,
    **extra: Any,
) -> dict[str, Any]:
    """Create a table; `seats` holds "human" or a bot level per seat. Returns the table."""
    body: dict[str, Any] = {
        "game": game,
        "options": options or {},
        "seats": [
            {"kind": "human"} if s == "human" else {"kind": "bot", "level": s} for s in seats
        ],
        "seed": seed,
        **extra,
    }
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def join(http: httpx.Client, table_id: str, seat: int, nickname: str = "ann") -> str:
    """Claim a seat; returns its token."""
    response = http.post(f"/api/tables/{table_id}/seats/{seat}/join", json={"nickname": nickname})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def start(http: httpx.Client, table_id: str, token: str | None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = http.post(f"/api/tables/{table_id}/start", headers=headers)
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()
    return table


def connect_table(
    server: LiveServer, table_id: str, token: str | None = None, origin: str | None = None
) -> ClientConnection:
    """A WebSocket to the table (no token: a spectator)."""
    url = f"{server.ws_url}/ws/tables/{table_id}" + ("" if token is None else f"?token={token}")
    return connect(url, origin=origin, open_timeout=RECEIVE_TIMEOUT)  # type: ignore[arg-type]


def connect_seats(
    stack: contextlib.ExitStack,
    server: LiveServer,
    table_id: str,
    tokens: dict[int, str | None],
) -> dict[int, ClientConnection]:
    """One connection per entry of `tokens` (None: a spectator), closed with `stack`."""
    return {
        seat: stack.enter_context(connect_table(server, table_id, token))
        for seat, token in tokens.items()
    }


def settle(sockets: dict[int, ClientConnection]) -> dict[int, dict[str, Any]]:
    """Each connection's welcome, once the others' arrivals (seat updates) are read too.

    A welcome means that connection has joined its table, so after every welcome all seat
    updates are queued; a ping's pong then marks the end of them.
    """
    welcomes = {seat: receive_until(ws, "welcome") for seat, ws in sockets.items()}
    for ws in sockets.values():
        send(ws, {"type": "ping"})
        receive_until(ws, "pong")
    return welcomes


def receive(ws: ClientConnection, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
    """The next message as JSON (fails the test after `timeout` s instead of hanging)."""
    try:
        text = ws.recv(timeout=timeout)
    except TimeoutError:
        raise AssertionError(f"no message within {timeout} s") from None
    message: dict[str, Any] = json.loads(text)
    return message


def send(ws: ClientConnection, message: dict[str, Any]) -> None:
    ws.send(json.dumps({"v": 1, **message}))


def receive_until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """Skip messages until one of type `kind` (e.g. past seat updates)."""
    while True:
        message = receive(ws)
        if message["type"] == kind:
            return message


#: RuleError subclasses by wire code, so a client-side bot hears the error it expects.
_ERRORS: dict[str, type[RuleError]] = {
    cls.code: cls
    for cls in vars(errors).values()
    if isinstance(cls, type) and issubclass(cls, RuleError)
}


def rule_error(code: str, message: str) -> RuleError:
    """The `RuleError` a `refused` message stands for."""
    return _ERRORS.get(code, RuleError)(message, code)


@dataclass
class Transcript:
    """Every message one connection received, in order."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    refused: int = 0
    acted: int = 0

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1]


def play_to_end(ws: ClientConnection, choose: Any) -> Transcript:
    """Play one seat until the game is finished; returns everything received.

    After each message with a view, `choose(view)` returns `(delay_s, action)` or None;
    the action is sent after the delay unless a newer message comes first. One action is
    in flight at a time: the next is chosen once the server has answered it (the update
    carrying its `ref`, or `refused`). `choose.refused(message)`, when it exists, hears
    each refusal.
    """
    transcript = Transcript()
    view: dict[str, Any] | None = None
    due: float | None = None
    action: dict[str, Any] | None = None
    waiting: str | None = None
    while True:
        wait = RECEIVE_TIMEOUT if due is None else max(0.0, due - time.monotonic())
        try:
            text = ws.recv(timeout=wait)
        except TimeoutError:
            if due is None:
                raise AssertionError(f"no message within {RECEIVE_TIMEOUT} s") from None
            transcript.acted += 1
            waiting = f"a{transcript.acted}"
            send(ws, {"type": "act", "action": action, "ref": waiting})
            due = action = None
            continue
        message = json.loads(text)
        transcript.messages.append(message)
        kind = message["type"]
        if kind == "error":
            raise AssertionError(f"the server sent an error: {message}")
        if message.get("view") is not None:
            view = message["view"]
        if waiting is not None and message.get("ref") == waiting:
            waiting = None
        if kind == "refused":
            transcript.refused += 1
            heard = getattr(choose, "refused", None)
            if heard is not None:
                heard(message)
        if message.get("status") == "finished":
            return transcript
        due = action = None
        if waiting is None and view is not None:
            picked = choose(view)
            if picked is not None:
                delay, action = picked
                due = time.monotonic() + delay


class BotClient:
    """Plays a seat from the client side with a registry bot on the seat's own view.

    The bot's think time (ms of game time from the view's `now`) is scaled by `pace` into
    a wall-clock delay, as the server does for its own bots.
    """

    def __init__(self, game: str, level: str, seat: int, seed: int, pace: float) -> None:
        self.bot = registry.make_bot(game, level, seat, seed)
        self.pace = pace
        self.view: dict[str, Any] | None = None

    def __call__(self, view: dict[str, Any]) -> tuple[float, dict[str, Any]] | None:
        self.view = view
        now = view["now"]
        plan = self.bot.plan(view, now)
        if plan is None:
            return None
        return max(0, plan.time - now) * self.pace / 1000, plan.action

    def refused(self, message: dict[str, Any]) -> None:
        now = 0 if self.view is None else self.view["now"]
        self.bot.refused(rule_error(message["code"], message["message"]), now)


class RandomLegal:
    """Plays a seat by choosing at random among the legal actions its view lists."""

    def __init__(self, seed: int, key: str = "legal") -> None:
        self.rng = random.Random(seed)
        self.key = key

    def __call__(self, view: dict[str, Any]) -> tuple[float, dict[str, Any]] | None:
        legal = view.get(self.key) or []
        return (0.0, self.rng.choice(legal)) if legal else None


def in_thread(target: Any, *args: Any) -> tuple[threading.Thread, list[Any]]:
    """Run `target(*args)` in a daemon thread; the list gets its result or its exception."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(target(*args))
        except BaseException as error:
            out.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, out


def joined(thread: threading.Thread, out: list[Any], timeout: float = 120.0) -> Any:
    """Wait for an `in_thread` thread; returns its result or raises its exception."""
    thread.join(timeout)
    if thread.is_alive():
        raise AssertionError(f"the client thread did not finish within {timeout} s")
    if isinstance(out[0], BaseException):
        raise out[0]
    return out[0]
