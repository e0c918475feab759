"""Several server processes on one PostgreSQL database and one Redis (docs/scaling.md):
real `quintet serve` processes, a throwaway PostgreSQL cluster and redis-server.

- Three processes, the clients of each table spread over all three: whole Quashars and
  Quiclo games, the leak check on every connection, and the HTTP operations that need the
  table's owner (start, the seats' presence, sample, hint) asked of other processes.
- The owner of a running game killed with `kill -9` three times, each time replaced, and
  once paused (SIGSTOP) until its table moved, then woken: the game finishes, every
  acknowledged input is in the record, and the record's fencing shows one owner at a
  time.
- redis-server restarted in the middle of a game: the game goes on to its end.
- A waiting room (a table not started) whose people are on different processes is told
  of each join, leave and start made through any process, message for message as on one.
- PostgreSQL stopped at once (as `pg_ctl stop -m immediate`) in the middle of a game,
  then started again: a clear error for the players and the HTTP requests, one line per
  failure in the logs, nothing acknowledged lost, and the game goes on to its end.

No test asserts a time: each waits on a condition with a generous bound.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from tests.server.cluster_live import (
    LEASE_TTL_S,
    SHORT_LEASE_TTL_S,
    LiveCluster,
    check_seat,
    play_reconnecting,
)
from tests.server.live import (
    TEST_BOT_PACE,
    LiveServer,
    Replayed,
    Session,
    SteadyBotClient,
    connect_table,
    create_table,
    in_thread,
    join,
    receive,
    receive_until,
    running_server,
    seat_post,
    seated,
    start,
)
from tests.server.pg import PgCluster
from tests.server.redis_server import RedisServer
from typer.testing import CliRunner

from quintet.cli import app

QUASHARS = {"pause_ms": 0}
QUICLO = {"open_hands": False, "sit_out_ms": 250, "stall_ms": 0}
#: Bound for a condition the tests wait on (only turns a hang into a failure).
WAIT_S = 60.0


@pytest.fixture
def cluster(
    request: pytest.FixtureRequest, pg_cluster: Any, redis_server: RedisServer, tmp_path: Path
) -> Iterator[LiveCluster]:
    """Processes a, b and c on a fresh database (the lease time: the test's indirect
    parameter, else `LEASE_TTL_S`); each must stop cleanly at the end."""
    ttl = getattr(request, "param", LEASE_TTL_S)
    live = LiveCluster(pg_cluster.create_database(), redis_server, tmp_path, ttl)
    try:
        live.add_all(["a", "b", "c"])
        yield live
        live.stop_all()
    finally:
        for server in [*live.servers.values(), *live.dead.values()]:
            server.kill()


def watch(_view: dict[str, Any]) -> None:
    return None


class Gated:
    """A client chooser that waits for `gate` before each choice (the view it decides
    on is the latest when the gate opens: messages queue meanwhile)."""

    def __init__(self, inner: Any, gate: threading.Event) -> None:
        self.inner = inner
        self.gate = gate

    def __call__(self, view: dict[str, Any]) -> Any:
        assert self.gate.wait(WAIT_S * 2), "the gate stayed closed"
        return self.inner(view)

    def refused(self, message: dict[str, Any]) -> None:
        self.inner.refused(message)


class Table:
    """A table of human seats (and perhaps bots), its players spread over the processes,
    played by client bots that reconnect; `sessions[seat]` (None: a spectator)."""

    def __init__(self, cluster: LiveCluster, game: str, seats: list[str], options: Any) -> None:
        self.cluster = cluster
        servers = cluster.live()
        with servers[0].http() as http:
            self.id: str = create_table(http, game, seats, options, seed=len(seats))["id"]
        humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
        self.tokens: dict[int | None, str | None] = {None: None}
        for seat in humans:  # each seat joins through the next process
            with servers[seat % len(servers)].http() as http:
                self.tokens[seat] = join(http, self.id, seat, f"p{seat}")
        level = "basic" if game == "quashars" else "easy"
        #: Open: the players act. Closed: they hold their next action (a table of people
        #: only, without timers, then stands still), so a test acts at a chosen seq.
        self.gate = threading.Event()
        self.gate.set()
        self.choosers: dict[int | None, Any] = {None: watch}
        for seat in humans:
            bot = SteadyBotClient(game, level, seat, seat, TEST_BOT_PACE)
            self.choosers[seat] = Gated(bot, self.gate)
        self.sessions: dict[int | None, list[Session]] = {}
        #: Every connection's session as it starts (the play threads add them).
        self.seen: list[Session] = []
        self._threads: dict[int | None, Any] = {}

    def play(self, stack: contextlib.ExitStack, start_on: int) -> None:
        """Connect every seat and the spectator, each to the next process, wait for each
        to be seated, start the table through process `start_on`, and play in threads."""
        servers = self.cluster.live()
        first: dict[int | None, tuple[Any, Session]] = {}
        for number, (seat, token) in enumerate(self.tokens.items()):
            ws = stack.enter_context(connect_table(servers[number % len(servers)], self.id, token))
            session = Session(seat)
            seated(ws, session)
            first[seat] = (ws, session)
        self.check_presence(servers[-1])
        with servers[start_on].http() as http:
            start(http, self.id, self.tokens[min(s for s in self.tokens if s is not None)])
        for number, (seat, (ws, session)) in enumerate(first.items()):
            play = functools.partial(
                play_reconnecting, first=(ws, session), turn=number + 1, seen=self.seen
            )
            self._threads[seat] = in_thread(
                play, self.cluster, self.id, self.tokens[seat], self.choosers[seat]
            )

    def check_presence(self, server: Any) -> None:
        """Every seat shows connected in the table's description from any process (the
        owner's waiting room knows the connections of the others)."""
        with server.http() as http:
            give_up = time.monotonic() + WAIT_S
            while True:
                seats = http.get(f"/api/tables/{self.id}").json()["seats"]
                if all(seat["connected"] for seat in seats):
                    return
                assert time.monotonic() < give_up, seats
                time.sleep(0.02)

    def progress(self) -> int:
        """The highest seq any connection of the table has seen so far."""
        return max((session.high for session in list(self.seen)), default=-1)

    def client_failures(self) -> dict[int | None, str]:
        """What ended each client thread that failed."""
        return {
            seat: repr(out[0])
            for seat, (_, out) in self._threads.items()
            if out and isinstance(out[0], BaseException)
        }

    def reach(self, seq: int) -> None:
        """Wait until a client has seen `seq`."""
        give_up = time.monotonic() + WAIT_S * 2
        while self.progress() < seq:
            assert time.monotonic() < give_up, (
                f"the game did not reach seq {seq}; the clients: {self.client_failures()}"
            )
            time.sleep(0.01)

    def finish(self, errors: frozenset[str] | set[str] = frozenset({"stopped"})) -> Replayed:
        """Wait for every client; check each connection against the record (`check_seat`;
        `errors`: the error codes a client may have got)."""
        failed = []
        for seat, (thread, out) in self._threads.items():
            thread.join(240.0)
            assert not thread.is_alive(), f"seat {seat}'s client did not finish"
            if isinstance(out[0], BaseException):
                failed.append(f"seat {seat}: {out[0]!r}")
            else:
                self.sessions[seat] = out[0]
        assert not failed, "; ".join(failed)
        with self.cluster.live()[0].http() as http:
            record = http.get(f"/api/tables/{self.id}/replay").json()
        replayed = Replayed(record)
        for seat, sessions in self.sessions.items():
            check_seat(replayed, seat, sessions, errors)
        return replayed


def test_three_processes_play_whole_games_with_each_tables_clients_spread(
    cluster: LiveCluster, tmp_path: Path
) -> None:
    quashars = Table(cluster, "quashars", ["human"] * 4, QUASHARS)
    quiclo = Table(cluster, "quiclo", ["human"] * 4, QUICLO)
    with contextlib.ExitStack() as stack:
        quashars.play(stack, start_on=1)
        quiclo.play(stack, start_on=2)
        for table in (quashars, quiclo):
            table.finish()
            # Nobody was sent away: one connection per seat, for the whole game.
            assert all(len(sessions) == 1 for sessions in table.sessions.values())
            assert all(sessions[0].acks for s, sessions in table.sessions.items() if s is not None)

    # Play again, asked of one process: the finished table's watchers on every process
    # (its owner's, and those that rebuilt it to show its end) are all told.
    a, b, c = cluster.live()
    with contextlib.ExitStack() as stack:
        watchers = [
            stack.enter_context(connect_table(server, quashars.id, token))
            for server in (a, b, c)
            for token in (quashars.tokens[0], None)
        ]
        for ws in watchers:
            assert receive_until(ws, "welcome")["status"] == "finished"
        status, again = seat_post(b, quashars.id, "again", quashars.tokens[0])
        assert status == 200, again
        for ws in watchers:
            assert receive_until(ws, "again")["table"] == again["table"]

    # A practice table owned by a: sample and hint asked of b and c reach its runner.
    with a.http() as http:
        seats = ["human", "basic", "basic", "basic"]
        practice = create_table(http, "quashars", seats, QUASHARS, practice=True)["id"]
        token = join(http, practice, 0)
    with b.http() as http:
        start(http, practice, token)
    assert cluster.owner(practice) == "a"
    status, body = seat_post(c, practice, "hint", token)
    assert status == 200 and body["level"] == "expert", body
    status, body = seat_post(b, practice, "sample", token)
    assert status == 200 or body["code"] == "cannot_act", body
    status, body = seat_post(c, practice, "sample", None)
    assert (status, body["code"]) == (401, "no_token")

    # A waiting room whose people are on all three processes hears exactly what it hears
    # on one server (a lone server on SQLite plays the same script).
    spread = waiting_room([a, b, c])
    with running_server(f"sqlite+aiosqlite:///{tmp_path / 'alone.sqlite3'}", tmp_path) as alone:
        assert spread == waiting_room([alone] * 3)


def waiting_room(servers: list[LiveServer]) -> dict[str, list[dict[str, Any]]]:
    """A table not started, made through `servers[0]` (its owner), its people and a
    spectator connected through the others, told of a join, a leave, a return and the
    start, each made through another of `servers` than the connections told: what each
    connection heard, by name (the table's id replaced by "T"), in order. Each step
    waits for the message that tells it."""
    first, second, third = servers
    with first.http() as http:
        table = create_table(http, "quashars", ["human", "human", "basic"], QUASHARS, seed=7)["id"]
        token0 = join(http, table, 0, "p0")
    heard: dict[str, list[dict[str, Any]]] = {}
    sockets: dict[str, Any] = {}

    def until(name: str, wanted: Any) -> None:
        while True:
            message = receive(sockets[name])
            heard[name].append(message)
            if wanted(message):
                return

    def arrive(name: str, server: LiveServer, token: str | None, stack: Any) -> None:
        sockets[name] = stack.enter_context(connect_table(server, table, token))
        heard[name] = []
        until(name, lambda m: m["type"] == "welcome")

    def seat1(**shown: Any) -> Any:
        def told(message: dict[str, Any]) -> bool:
            seat = message["type"] == "update" and message["seats"][1]
            return bool(seat) and all(seat[k] == v for k, v in shown.items())

        return told

    with contextlib.ExitStack() as stack:
        arrive("seat 0", second, token0, stack)
        arrive("spectator", third, None, stack)
        until("seat 0", lambda m: m["type"] == "update")  # the spectator arrived
        with third.http() as http:
            token1 = join(http, table, 1, "p1")
        for name in ("seat 0", "spectator"):
            until(name, seat1(nickname="p1", connected=False))
        with contextlib.ExitStack() as leaving:
            arrive("seat 1", third, token1, leaving)
            for name in ("seat 0", "spectator"):
                until(name, seat1(connected=True))
        for name in ("seat 0", "spectator"):  # seat 1 left
            until(name, seat1(connected=False))
        arrive("seat 1 again", first, token1, stack)
        for name in ("seat 0", "spectator"):
            until(name, seat1(connected=True))
        with second.http() as http:
            start(http, table, token0)
        for name in ("seat 0", "spectator", "seat 1 again"):
            until(name, lambda m: m["type"] == "update" and m["view"] is not None)
    text = json.dumps(heard).replace(table, "T")
    told: dict[str, list[dict[str, Any]]] = json.loads(text)
    return told


@pytest.mark.parametrize("cluster", [SHORT_LEASE_TTL_S], indirect=True)
def test_killing_or_pausing_the_owner_loses_nothing_and_never_forks(cluster: LiveCluster) -> None:
    # The replacements run from the start, so that no kill waits for one to start while
    # the game runs on (it could end before the next kill).
    cluster.add_all(["r0", "r1", "r2"])
    table = Table(cluster, "quashars", ["human"] * 4, QUASHARS)
    kills: list[tuple[str, int]] = []
    with contextlib.ExitStack() as stack:
        table.play(stack, start_on=1)
        # Two kills while the players act (actions may be in flight): the game stands
        # still until the table is taken over, so the next seq is reached after it.
        for after in (20, 80):
            table.reach(after)
            kills.append(kill_the_owner(cluster, table))
        # A pause and a last kill while the players hold their actions: the game cannot
        # end before them.
        table.reach(125)
        table.gate.clear()
        paused = pause_the_owner(cluster, table)
        table.gate.set()
        table.reach(170)
        table.gate.clear()
        kills.append(kill_the_owner(cluster, table))
        table.gate.set()
        table.finish(errors={"stopped", "storage_failed"})
    # The paused owner found its lease taken when it woke: its table stopped there.
    if paused in cluster.servers:
        log = cluster.servers[paused].log()
        assert f"stops on {paused}: its lease was lost" in log or "LeaseLost" in log, log
    assert len(kills) == 3
    epochs, owners = cluster.fencing(table.id)
    assert None not in epochs, "an input was stored without its lease's epoch"
    assert epochs == sorted(epochs), f"epochs go back: {epochs}"
    # Each epoch has one owner (lease_history), a new holder always a new epoch; the
    # record's inputs never go back to an earlier epoch, so no owner that lost the table
    # (killed, or paused and woken) added to it after another had taken it over.
    used = sorted(set(epochs))
    assert len(used) >= 4, used
    assert all(epoch in owners for epoch in used)
    assert all(name in owners.values() for name, _ in kills)
    history = sorted(owners)
    assert history == list(range(1, len(history) + 1)), history
    for earlier, later in itertools.pairwise(history):
        assert owners[earlier] != owners[later], (earlier, later, owners)


def kill_the_owner(cluster: LiveCluster, table: Table) -> tuple[str, int]:
    """kill -9 the process that owns the table now; returns its name and the seq seen."""
    owner = cluster.owner(table.id)
    assert owner in cluster.servers, (owner, list(cluster.servers))
    cluster.kill(owner)
    return owner, table.progress()


def pause_the_owner(cluster: LiveCluster, table: Table) -> str:
    """Stop the table's owner (SIGSTOP: alive, holding its state, but silent) until
    another process has taken the table over, then let it go on: it must find its lease
    lost (or its next append fenced out) and stop the table, not fork the record.
    Returns its name."""
    owner = cluster.owner(table.id)
    assert owner is not None
    server = cluster.servers[owner]
    cluster.may_lose.add(owner)
    server.process.send_signal(signal.SIGSTOP)
    try:
        give_up = time.monotonic() + WAIT_S
        while cluster.owner(table.id) == owner:
            assert time.monotonic() < give_up, "nobody took the paused owner's table over"
            time.sleep(0.05)
    finally:
        server.process.send_signal(signal.SIGCONT)
    return owner


def test_a_redis_restart_mid_game_lets_the_game_go_on(cluster: LiveCluster) -> None:
    table = Table(cluster, "quashars", ["human"] * 4, QUASHARS)
    with contextlib.ExitStack() as stack:
        table.play(stack, start_on=2)
        table.reach(30)
        cluster.redis.restart()
        table.finish()
    logs = "".join(server.log() for server in cluster.live())
    assert "the cluster's Redis went away" in logs


def test_redis_with_sqlite_is_refused_naming_the_rule(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}"
    result = CliRunner().invoke(app, ["serve", "--db", db, "--redis", "redis://127.0.0.1:1/0"])
    assert result.exit_code == 2
    assert "--redis needs a PostgreSQL database" in result.output


def test_a_process_name_in_use_is_refused(pg_cluster: Any, redis_server: RedisServer) -> None:
    """Two live processes with one name would take each other's messages and leases."""
    with redis.Redis.from_url(redis_server.url) as client:
        client.set("quintet:alive:web1", "1", px=60_000)
    db = pg_cluster.create_database()
    argv = ["serve", "--db", db, "--redis", redis_server.url, "--process-name", "web1"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2, result.output
    assert "a live process of this cluster is already named 'web1'" in result.output
    assert "Traceback" not in result.output


def test_an_unreachable_redis_is_one_clear_error(pg_cluster: Any) -> None:
    from tests.server.pg import free_port

    url = f"redis://127.0.0.1:{free_port()}/0"
    db = pg_cluster.create_database()
    result = CliRunner().invoke(app, ["serve", "--db", db, "--redis", url])
    assert result.exit_code == 2, result.output
    assert f"Error: --redis: cannot reach the cluster's Redis at {url}" in result.output
    assert "Traceback" not in result.output


class KeepsCommits(PgCluster):
    """The tests' throwaway cluster, but a commit is answered only once it is in the WAL
    (`synchronous_commit=on`, as in production): an immediate stop keeps every commit."""

    server_settings = tuple(
        "synchronous_commit=on" if s.startswith("synchronous_commit=") else s
        for s in PgCluster.server_settings
    )


def test_postgresql_going_away_mid_game_loses_nothing_and_the_game_goes_on(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    database = KeepsCommits.start()
    live = LiveCluster(database.create_database(), redis_server, tmp_path, SHORT_LEASE_TTL_S)
    try:
        live.add_all(["a", "b"])
        table = Table(live, "quashars", ["human"] * 4, QUASHARS)
        with contextlib.ExitStack() as stack:
            table.play(stack, start_on=1)
            table.reach(30)
            database.stop_server()
            # Down until an append has failed (the players go on acting meanwhile) and the
            # owner, unable to renew its lease for a lease time, has let the table go ...
            give_up = time.monotonic() + WAIT_S
            while not all(
                any(words in server.log() for server in live.live())
                for words in ("storing input", "its lease could not be renewed")
            ):
                assert time.monotonic() < give_up, "PostgreSQL's absence went unnoticed"
                time.sleep(0.05)
            # ... and an HTTP request says what failed.
            for server in live.live():
                with server.http() as http:
                    response = http.get(f"/api/tables/{table.id}")
                assert response.status_code == 503, response.text
                assert response.json()["code"] == "storage_failed", response.text
            database.start_server()
            table.finish(errors={"stopped", "storage_failed"})
        # The players were told (an error, then close 1011 and a reconnect); the logs
        # say it in one line each, without a traceback (stop_all checks that).
        errors = {
            m["code"]
            for sessions in table.sessions.values()
            for session in sessions
            for m in session.messages
            if m["type"] == "error"
        }
        assert errors & {"stopped", "storage_failed"}, errors
        assert len(table.sessions[0]) > 1, "seat 0 was never sent away"
        # Closed by the server with 1011 (its storage failed) or 1012 (the table moved).
        codes = {
            session.close_code
            for sessions in table.sessions.values()
            for session in sessions
            if session.ended == "closed"
        }
        assert 1011 in codes and codes <= {1011, 1012}, codes
        logs = "".join(server.log() for server in live.live())
        assert "storing input" in logs and "the table stops" in logs, logs
        assert "cluster: renew failed" in logs, logs
        assert "cluster: take over failed" in logs and "take over works again" in logs, logs
        assert "[SQL:" not in logs, "a database error was logged on more than one line"
        # ... and when it was back, the table was taken over and resumed (one owner at a
        # time: the epochs of the record never go back).
        epochs, owners = live.fencing(table.id)
        assert None not in epochs and epochs == sorted(epochs), epochs
        assert set(epochs) <= set(owners), (epochs, owners)
        live.stop_all()
    finally:
        for server in [*live.servers.values(), *live.dead.values()]:
            server.kill()
        database.stop()
