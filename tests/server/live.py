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
import re
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
from tests.server.pg import backend_url, free_port
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from quintet.core import Event, Input, Record, RuleError, errors, events_for, registry
from quintet.core.testing import first_difference, string_leaks, strings_in
from quintet.core.viewer import describe
from quintet.server.served import served_view
from quintet.server.ws import SUBPROTOCOL, TOKEN_PREFIX

#: Seconds to wait for a server to answer /api/health, or for a message. Generous: these
#: only turn a hang into a failure; no test asserts how long anything takes.
START_TIMEOUT = 60.0
RECEIVE_TIMEOUT = 30.0
#: Bot think times x this on test servers: a 4-player Quashars match takes a few seconds.
TEST_BOT_PACE = 0.01


def closed_by_server(raw: socket.socket) -> bytes:
    """Everything the server sends on `raw` until it closes the connection (fails after
    RECEIVE_TIMEOUT: a connection it never closes)."""
    raw.settimeout(RECEIVE_TIMEOUT)
    data = b""
    try:
        while chunk := raw.recv(4096):
            data += chunk
    except TimeoutError:
        raise AssertionError(f"the server kept the connection open; sent {data!r}") from None
    return data


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
        # Seats show away as soon as they are (the presence grace's own tests set it).
        "QUINTET_PRESENCE_GRACE": "0",
        # Tests create tables fast from one address; the limit's own test sets it.
        "QUINTET_CREATE_PER_MINUTE": "0",
        # The same for hints (the browser tests ask many); the limit's own test sets it.
        "QUINTET_HINTS_PER_MINUTE": "0",
        # Tests seat the games' test-only bots (Quiclo's perfect); the refusal has its test.
        "QUINTET_TEST_BOTS": "1",
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
    with running_server(backend_url(request, folder), folder) as server:
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


def seat_post(
    live: LiveServer, table_id: str, verb: str, token: str | None
) -> tuple[int, dict[str, Any]]:
    """POST /api/tables/{id}/{verb} as the token's seat (Bearer): the status and the JSON."""
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    with live.http() as http:
        response = http.post(f"/api/tables/{table_id}/{verb}", headers=headers)
    body: dict[str, Any] = response.json()
    return response.status_code, body


def connect_table(
    server: LiveServer, table_id: str, token: str | None = None, origin: str | None = None
) -> ClientConnection:
    """A WebSocket to the table (no token: a spectator), the token offered as a
    subprotocol as the browser does.

    Its queue of received messages has no bound: with websockets' default (16) the
    client stops reading from the network once 16 wait unread, and closing a connection
    that a test left unread a while (a seat's second connection beside its page) then
    waited for the server's close frame behind them until the 10 s close timeout."""
    return connect(
        f"{server.ws_url}/ws/tables/{table_id}",
        origin=origin,  # type: ignore[arg-type]
        subprotocols=subprotocols(token),  # type: ignore[arg-type]
        open_timeout=RECEIVE_TIMEOUT,
        max_queue=None,
    )


def subprotocols(token: str | None) -> list[str]:
    """What a client offers in `Sec-WebSocket-Protocol`: the protocol, and its token."""
    return [SUBPROTOCOL] + ([] if token is None else [TOKEN_PREFIX + token])


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
    each refusal. (`play_session` below does the playing and records more.)
    """
    session = play_session(ws, choose, Session(seat=None))
    if session.ended != "finished":
        raise AssertionError(f"the connection ended ({session.ended}) before the game did")
    return Transcript(session.messages, refused=len(session.refusals), acted=len(session.sent))


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


# ------------------------------------------------- recorded play (crash, leaks, zombies)


@dataclass
class Session:
    """One connection's play, recorded as it goes so another thread may watch it.

    `sent` maps each ref to the action sent with it; `acks` maps a ref to the seq of the
    update that acknowledged it (the sender's copy carries the ref); `refusals` maps a
    ref to its `refused` message, `errors` to its `error` message. `high` is the highest
    seq seen (-1: none yet).
    """

    seat: int | None
    messages: list[dict[str, Any]] = field(default_factory=list)
    sent: dict[str, dict[str, Any]] = field(default_factory=dict)
    acks: dict[str, int] = field(default_factory=dict)
    refusals: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: dict[str, dict[str, Any]] = field(default_factory=dict)
    high: int = -1
    #: How the session ended: "finished" (the game is over) or "closed" (the server went).
    ended: str | None = None
    #: The close code the server sent when it closed the connection (None: no close frame).
    close_code: int | None = None

    @property
    def in_flight(self) -> list[str]:
        """Refs sent and not answered (neither acknowledged nor refused). Safe to call from
        another thread: the dicts are copied in one step each (under the GIL) first."""
        answered = set(self.acks) | set(self.refusals) | set(self.errors)
        return [ref for ref in list(self.sent) if ref not in answered]


def seated(ws: ClientConnection, session: Session) -> None:
    """Read a new connection's welcome into `session`, as `play_session` would record it.

    Once it has come the server has seated the connection; an open socket alone does not
    mean that. A test that connects people to a lobby and then starts the table calls
    this for each before the start, so none of them arrives after the game has begun.
    """
    welcome = receive(ws)
    assert welcome["type"] == "welcome", welcome
    session.messages.append(welcome)
    session.high = max(session.high, welcome["seq"])


def play_session(
    ws: ClientConnection,
    choose: Any,
    session: Session,
    prefix: str = "a",
    after_send: Any = None,
    *,
    errors_ok: bool = False,
) -> Session:
    """Play a seat like `play_to_end`, recording into `session` as it goes.

    `choose(view)` returns `(delay_s, action)` or None (pass `lambda view: None` to only
    watch). Each action gets the ref `f"{prefix}{n}"`; `after_send()` runs right after each
    send (a crash test kills the server there, so that action is in flight). Returns the
    session when the game is finished or when the server goes away (`ended` says which).
    An `error` message fails the test, unless `errors_ok` (a test that provokes them).
    `choose.refused(message)` and `choose.errored(message)`, when they exist, hear the
    refusals and errors answering its actions.
    """
    view: dict[str, Any] | None = None
    due: float | None = None
    action: dict[str, Any] | None = None
    waiting: str | None = None
    try:
        while True:
            wait = RECEIVE_TIMEOUT if due is None else max(0.0, due - time.monotonic())
            try:
                text = ws.recv(timeout=wait)
            except TimeoutError:
                if due is None:
                    raise AssertionError(f"no message within {RECEIVE_TIMEOUT} s") from None
                waiting = f"{prefix}{len(session.sent)}"
                session.sent[waiting] = action or {}
                send(ws, {"type": "act", "action": action, "ref": waiting})
                if after_send is not None:
                    after_send()
                due = action = None
                continue
            message = json.loads(text)
            session.messages.append(message)
            kind = message["type"]
            if kind == "error" and not errors_ok:
                raise AssertionError(f"seat {session.seat} got an error: {message}")
            session.high = max(session.high, message.get("seq", -1))
            if message.get("view") is not None:
                view = message["view"]
            ref = message.get("ref")
            if ref is not None and ref in session.sent:
                if kind == "update":
                    session.acks[ref] = message["seq"]
                elif kind == "refused":
                    session.refusals[ref] = message
                    heard = getattr(choose, "refused", None)
                    if heard is not None:
                        heard(message)
                elif kind == "error":
                    session.errors[ref] = message
                    heard = getattr(choose, "errored", None)
                    if heard is not None:
                        heard(message)
                if ref == waiting:
                    waiting = None
            if message.get("status") == "finished":
                session.ended = "finished"
                return session
            due = action = None
            if waiting is None and view is not None:
                picked = choose(view)
                if picked is not None:
                    delay, action = picked
                    due = time.monotonic() + delay
    except ConnectionClosed as closed:
        session.ended = "closed"
        session.close_code = None if closed.rcvd is None else closed.rcvd.code
        return session


def module_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, **options: Any
) -> Iterator[LiveServer]:
    """The body of a module-scoped server fixture parametrized over the backends (like
    `live_module`), with `start_server` options (e.g. `zombie_after=1.0`)."""
    folder = tmp_path_factory.mktemp(f"live-{request.param}")
    with running_server(backend_url(request, folder), folder, **options) as server:
        yield server


class Replayed:
    """A finished table's record replayed input by input: the state after each seq (0: the
    deal), each input's events, and what a viewer may see and may not know at each seq."""

    def __init__(self, record: dict[str, Any]) -> None:
        parsed = Record.from_json(record)
        self.record = parsed
        self.game = registry.get(parsed.game)
        state = self.game.new(parsed.seed, parsed.players, parsed.options)
        self.states = [state.clone()]
        self.events: list[list[Event]] = [[]]
        for inp in parsed.inputs:
            self.events.append(self.game.apply(state, inp))
            self.states.append(state.clone())
        self._views: dict[tuple[int, int], dict[str, Any]] = {}
        self._hidden: dict[tuple[int, int], frozenset[str]] = {}

    @property
    def inputs(self) -> tuple[Input, ...]:
        return self.record.inputs

    def view(self, seq: int, viewer: int) -> dict[str, Any]:
        key = (seq, viewer)
        if key not in self._views:
            self._views[key] = served_view(self.game, self.game.view(self.states[seq], viewer))
        return self._views[key]

    def events_for(self, seq: int, viewer: int) -> list[dict[str, Any]]:
        return events_for(self.events[seq], viewer)

    def hidden(self, seq: int, viewer: int) -> frozenset[str]:
        key = (seq, viewer)
        if key not in self._hidden:
            self._hidden[key] = self.game.hidden_cards(self.states[seq], viewer)
        return self._hidden[key]


def _word_pattern(hidden: frozenset[str]) -> re.Pattern[str] | None:
    """A regex finding any of `hidden` as a whole word inside a longer text ("card 3" is
    not found in "card 33", nor "R1" in "R10")."""
    if not hidden:
        return None
    names = "|".join(re.escape(name) for name in sorted(hidden, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{names})(?!\w)")


_PATTERNS: dict[frozenset[str], re.Pattern[str] | None] = {}


def leaked_cards(message: Any, hidden: frozenset[str]) -> list[str]:
    """The card names of `hidden` that `message` holds anywhere: as a whole string (a card
    in a view or event, `string_leaks`), or named inside a sentence (a refusal's text)."""
    found = set(string_leaks(message, hidden))
    if hidden not in _PATTERNS:
        _PATTERNS[hidden] = _word_pattern(hidden)
    pattern = _PATTERNS[hidden]
    if pattern is not None:
        for text in strings_in(message):
            # Only sentences: ids and tokens are not text, and may hold "R1" by chance.
            if " " in text:
                found.update(pattern.findall(text))
    return sorted(found)


def check_stream(
    replayed: Replayed,
    messages: Sequence[dict[str, Any]],
    viewer: int,
    sent: dict[str, dict[str, Any]] | None = None,
) -> None:
    """Everything one connection received against the record replayed by the core:

    - seqs go up by one: no input skipped;
    - every view is exactly `game.view(state after seq n, viewer)`;
    - every update's events are exactly `events_for(events of input n, viewer)` the first
      time seq n arrives, and none in the later updates at the same seq (seat changes);
    - a welcome's log holds, by seq, the events `events_for` gave (the oldest entry may
      be cut to the log's limit), each judged at its own seq: a card played in an earlier
      deal of a match is named there, and may be hidden again in today's deal;
    - no string anywhere in any message (welcome, update, refused, error) names a card
      that `hidden_cards` says this viewer may not know at that seq; except that the
      answer to an action (`sent`: ref -> action) may quote a card that action named.

    Raises AssertionError naming the message and what is wrong.
    """
    seq: int | None = None
    for index, received in enumerate(messages):
        kind = received["type"]
        where = f"{describe(viewer)}'s message {index} ({kind}, after seq {seq})"
        message = received
        if kind == "welcome":
            check_log(replayed, received.get("log", []), viewer, received["seq"], where)
            message = {key: value for key, value in received.items() if key != "log"}
        if kind in ("welcome", "update"):
            number = message["seq"]
            if kind == "update" and seq is not None:
                assert number in (seq, seq + 1), f"{where}: seq {number} skips inputs"
            fresh = kind == "update" and seq is not None and number == seq + 1
            view = message.get("view")
            if view is not None:
                # first_difference, not ==: it also tells true from 1 (JSON types).
                differs = first_difference(view, replayed.view(number, viewer))
                assert differs is None, f"{where}: not the core's view at seq {number}: {differs}"
            if kind == "update":
                expected = replayed.events_for(number, viewer) if fresh else []
                differs = first_difference(message["events"], expected)
                assert differs is None, f"{where}: not the core's events: {differs}"
            seq = number
        hidden = replayed.hidden(seq or 0, viewer)
        ref = message.get("ref")
        if kind in ("refused", "error") and sent is not None and ref in sent:
            hidden = hidden - set(strings_in(sent[ref]))
        leaked = leaked_cards(message, hidden)
        assert not leaked, f"{where}: names cards hidden from it: {leaked}"


def check_log(
    replayed: Replayed, log: Sequence[dict[str, Any]], viewer: int, upto: int, where: str
) -> None:
    """A welcome's log against the record (see `check_stream`)."""
    seqs = [entry["seq"] for entry in log]
    assert seqs == sorted(set(seqs)) and all(0 < s <= upto for s in seqs), f"{where}: log {seqs}"
    for entry in log:
        expected = replayed.events_for(entry["seq"], viewer)
        events = entry["events"]
        assert events and events == expected[len(expected) - len(events) :], (
            f"{where}: the log at seq {entry['seq']} is not the events it may see"
        )
        leaked = leaked_cards(events, replayed.hidden(entry["seq"], viewer))
        assert not leaked, f"{where}: the log at seq {entry['seq']} names hidden cards: {leaked}"


class SteadyBotClient(BotClient):
    """A `BotClient` that keeps a plan's moment: when the bot hands back the same plan
    after a message that changed nothing for it, the action still goes at the time first
    set for it (as the server keeps its own bots' slots), instead of the whole think time
    starting again after every message; in a busy race that would starve the client."""

    def __init__(self, game: str, level: str, seat: int, seed: int, pace: float) -> None:
        super().__init__(game, level, seat, seed, pace)
        self._plan: Any = None
        self._due = 0.0

    def __call__(self, view: dict[str, Any]) -> tuple[float, dict[str, Any]] | None:
        self.view = view
        now = view["now"]
        plan = self.bot.plan(view, now)
        if plan is None:
            self._plan = None
            return None
        if plan != self._plan:
            self._plan = plan
            self._due = time.monotonic() + max(0, plan.time - now) * self.pace / 1000
        return max(0.0, self._due - time.monotonic()), plan.action
