"""The crash test (issue 5 §8): `kill -9` a real server in the middle of a Quiclo race while
actions are in flight, start it again on the same database, and check that the game goes
on from the same state with no acknowledged input lost, on SQLite and on PostgreSQL.

Three human seats are played by client-side bots over WebSockets and three by the
server's own bots. Each client records every message it gets, every action it sends (by
ref) and every acknowledgement (the seq of the update carrying its ref). The server is
killed from a client thread right after one of its sends, once enough inputs have been
acknowledged, so at least that action is in flight (other seats' may be too, and a
server bot's input may be half stored). After the restart the same tokens reconnect and
the game is played to its end; then the stored record (`/replay`) is the judge:

- the welcome after the restart is at least as far as any client had seen, and shows
  the view the record gives at its seq;
- every message any client saw, before and after the crash, is the record's (views and
  events as the core gives them at that seq): the clients saw one history, not two;
- every acknowledged action is in the record at the seq it was acknowledged with;
- `/result` is the outcome of replaying the record;
- the clock resumed from the last stored input: input times never go back, and the
  server's downtime did not count as game time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tests.server.live import (
    RECEIVE_TIMEOUT,
    TEST_BOT_PACE,
    LiveServer,
    Replayed,
    Session,
    SteadyBotClient,
    check_stream,
    connect_table,
    create_table,
    in_thread,
    join,
    joined,
    play_session,
    receive,
    seated,
    start,
    start_server,
)

from quintet.core import Record, registry, replay
from quintet.server.protocol import CloseCode
from quintet.server.storage import NewTable, SeatRow, Store, new_table_id
from quintet.server.ws import OUTBOX_LIMIT, Connection
from quintet.sim.engine import play_game

#: Six seats, so a race lasts some 25 inputs (at least 11 in 80 simulated games): the
#: kill points below come well before its end. Closed hands, short sit-outs, no stall
#: (a stall would end the race early), so the race ends when a hand empties.
SEATS = ["human", "easy", "human", "easy", "human", "easy"]
HUMANS = (0, 2, 4)
OPTIONS = {"open_hands": False, "sit_out_ms": 250, "stall_ms": 0}
#: Acknowledged client actions the kill waits for besides the seq (so acks are tested).
MIN_ACKS = 1
#: The server stays down this long, so a clock that counted downtime would show it.
DOWNTIME_S = 0.5


class Killer:
    """Called by every client right after each send; the first call that finds `after`
    inputs acknowledged (the highest seq any client saw) kills the server with SIGKILL
    and notes what was in flight."""

    def __init__(self, server: LiveServer, sessions: list[Session], after: int) -> None:
        self.server = server
        self.sessions = sessions
        self.after = after
        self.lock = threading.Lock()
        self.killed_at: float | None = None
        self.in_flight: dict[int | None, list[str]] = {}

    def __call__(self) -> None:
        with self.lock:
            if self.killed_at is not None:
                return
            seen = max(session.high for session in self.sessions)
            acks = sum(len(session.acks) for session in self.sessions)
            if seen < self.after or acks < MIN_ACKS:
                return
            self.server.kill()
            self.killed_at = time.monotonic()
            self.in_flight = {s.seat: s.in_flight for s in self.sessions}


def play_all(
    server: LiveServer,
    table_id: str,
    tokens: dict[int, str],
    clients: dict[int, SteadyBotClient],
    sessions: dict[int, Session],
    *,
    prefix: str,
    after_send: Any = None,
    start_open: bool = False,
) -> None:
    """Connect every human seat and play it with its client bot, recording into its
    session, until the game ends or the server goes away. With `start_open`, the table is
    open: it is started once every seat is seated, so the server's bots cannot end the
    race before the clients are in it."""
    with contextlib.ExitStack() as stack:
        threads = {}
        for seat, token in tokens.items():
            ws = stack.enter_context(connect_table(server, table_id, token))
            if start_open:
                seated(ws, sessions[seat])
            threads[seat] = in_thread(
                play_session, ws, clients[seat], sessions[seat], f"{prefix}{seat}-", after_send
            )
        if start_open:
            with server.http() as http:
                start(http, table_id, tokens[min(tokens)])
        for thread in threads.values():
            joined(*thread)


def check_acks(replayed: Replayed, session: Session) -> None:
    """Each acknowledged action is the record's input at the seq of its acknowledgement,
    for this seat, with the very action sent."""
    assert session.seat is not None
    for ref, seq in session.acks.items():
        assert 1 <= seq <= len(replayed.inputs), f"ref {ref}: seq {seq} is not in the record"
        stored = replayed.inputs[seq - 1]
        assert (stored.seat, stored.action) == (session.seat, session.sent[ref]), (
            f"ref {ref} was acknowledged at seq {seq}, but the record has {stored} there"
        )


@pytest.mark.parametrize("kill_after", [4, 10], ids=["early", "midgame"])
def test_kill_9_mid_race_loses_no_acknowledged_input(
    db_url: str, tmp_path: Path, kill_after: int
) -> None:
    clients = {
        seat: SteadyBotClient("quiclo", "easy", seat, 100 + seat, TEST_BOT_PACE) for seat in HUMANS
    }
    first = start_server(db_url, tmp_path)
    try:
        with first.http() as http:
            table_id = create_table(http, "quiclo", SEATS, OPTIONS, seed=kill_after)["id"]
            tokens = {seat: join(http, table_id, seat, f"p{seat}") for seat in HUMANS}
        before = {seat: Session(seat) for seat in HUMANS}
        killer = Killer(first, list(before.values()), kill_after)
        started = time.monotonic()  # at most the game's start: the bound below holds
        play_all(
            first, table_id, tokens, clients, before, prefix="a", after_send=killer, start_open=True
        )
    finally:
        first.kill()
    assert killer.killed_at is not None, (
        f"the race ended before {kill_after} inputs were acknowledged: "
        f"{[(s.seat, s.ended, s.high) for s in before.values()]}"
    )
    assert all(s.ended == "closed" for s in before.values())
    assert sum(len(refs) for refs in killer.in_flight.values()) >= 1, "nothing was in flight"
    seen = max(session.high for session in before.values())
    assert seen >= kill_after

    time.sleep(DOWNTIME_S)
    restarted = time.monotonic()
    again = start_server(db_url, tmp_path)
    try:
        after = {seat: Session(seat) for seat in HUMANS}
        play_all(again, table_id, tokens, clients, after, prefix="b")
        finished = time.monotonic()
        with again.http() as http:
            record = http.get(f"/api/tables/{table_id}/replay").json()
            result = http.get(f"/api/tables/{table_id}/result").json()
        assert again.stop() == 0, again.log()
    finally:
        again.kill()
    for server in (first, again):
        assert "Traceback" not in server.log(), server.log()
    assert all(s.ended == "finished" for s in after.values())

    replayed = Replayed(record)
    inputs = replayed.inputs
    for seat in HUMANS:
        welcome = after[seat].messages[0]
        assert welcome["type"] == "welcome" and welcome["seat"] == seat
        assert welcome["status"] == "running"
        # Nothing anyone saw acknowledged was lost: the restarted game is at least as far.
        assert welcome["seq"] >= seen, (welcome["seq"], seen)
        # Before and after: one history, the record's, as the core shows it to this seat
        # (the welcome's view included: the game resumed from the same state).
        check_stream(replayed, before[seat].messages, seat)
        check_stream(replayed, after[seat].messages, seat)
        check_acks(replayed, before[seat])
        check_acks(replayed, after[seat])
    assert any(before[seat].acks for seat in HUMANS)
    assert any(after[seat].acks for seat in HUMANS), "nobody acted after the restart"

    # The race went on to its end, and the result is the record's.
    state, _ = replay(Record.from_json(record))
    outcome = registry.get("quiclo").outcome(state)
    assert outcome is not None and outcome.to_json() == result
    assert all(after[seat].messages[-1]["outcome"] == result for seat in HUMANS)

    # The clock resumed from the last stored input: times never go back...
    times = [inp.time for inp in inputs]
    assert times == sorted(times), "an input is stamped before the one stored before it"
    # ...and the downtime did not count. Game time runs only while a server runs the
    # table, so the last input's time is at most the wall time the table was running:
    # from the start request to the kill, and from the restart to the end. A clock that
    # counted the downtime (DOWNTIME_S and more) breaks this; slowness cannot.
    running_ms = ((killer.killed_at - started) + (finished - restarted)) * 1000
    assert times[-1] <= running_ms, (times[-1], running_ms)


def test_a_crash_before_the_result_was_stored_finishes_the_table_on_restart(
    db_url: str, tmp_path: Path
) -> None:
    """The last input is stored before the table's result: a crash in between leaves a
    "running" table whose game is over. The restart must finish it from its inputs. The
    crash window is made by hand: a whole game's inputs stored, status still running."""
    run = play_game("quiclo", 5, 2, ["easy", "easy"], OPTIONS)
    table_id = new_table_id()

    async def crashed_table() -> None:
        store = await Store.open(db_url)
        try:
            seats = tuple(SeatRow(seat, "bot", "easy") for seat in range(2))
            options = run.record.options
            await store.create_table(NewTable(table_id, "quiclo", options, 5, seats))
            await store.set_status(table_id, "running", started_at=datetime.now(UTC))
            for seq, inp in enumerate(run.record.inputs):
                await store.append_input(table_id, seq, inp)
        finally:
            await store.close()

    asyncio.run(crashed_table())
    server = start_server(db_url, tmp_path)
    try:
        with server.http() as http:
            status = http.get(f"/api/tables/{table_id}").json()
            with connect_table(server, table_id) as watcher:
                welcome = receive(watcher)
            # The runner stores the result as it starts; a request may come first.
            give_up = time.monotonic() + RECEIVE_TIMEOUT
            answer = http.get(f"/api/tables/{table_id}/result")
            while answer.status_code == 409 and time.monotonic() < give_up:
                time.sleep(0.01)
                answer = http.get(f"/api/tables/{table_id}/result")
            result = answer.json()
            record = http.get(f"/api/tables/{table_id}/replay").json()
        assert server.stop() == 0, server.log()
    finally:
        server.kill()
    assert "Traceback" not in server.log(), server.log()
    outcome = run.outcome.to_json()
    assert status["status"] == "finished" and status["seq"] == len(run.record.inputs)
    assert (welcome["status"], welcome["outcome"]) == ("finished", outcome)
    assert result == outcome
    assert record == run.record.to_json()


class _Socket:
    """A stand-in for the server side of a WebSocket: records what is sent and the close."""

    def __init__(self) -> None:
        self.scope: dict[str, object] = {}  # no server's own `send` in it: `send` below
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send(self, message: dict[str, str]) -> None:
        assert message["type"] == "websocket.send", message
        self.sent.append(message["text"])

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


@pytest.mark.parametrize("backlog", [0, OUTBOX_LIMIT - 1, OUTBOX_LIMIT])
def test_a_stopping_table_closes_even_a_connection_far_behind(backlog: int) -> None:
    """When a table stops (storage failed), the runner closes every connection. A client
    whose outbox had room for only the "stopped" error, not the close after it, made
    `close` raise QueueFull (fixed): the runner's halt then failed half-way, leaving the
    other connections open on a dead table."""

    async def stop_with_backlog() -> _Socket:
        socket = _Socket()
        connection = Connection(socket, 0)  # type: ignore[arg-type]
        for number in range(backlog):
            connection.send(f"update {number}")
        connection.close(CloseCode.SERVER_ERROR, "storage failed; the table stopped")
        await asyncio.wait_for(connection.write(), RECEIVE_TIMEOUT)
        return socket

    socket = asyncio.run(stop_with_backlog())
    last = json.loads(socket.sent[-1])
    if backlog < OUTBOX_LIMIT:
        assert socket.closed == (CloseCode.SERVER_ERROR, "storage failed; the table stopped")
        assert (last["type"], last["code"]) == ("error", "stopped")
    else:  # the outbox was already full: the client counted as too slow before the stop
        assert socket.closed is not None and socket.closed[0] == CloseCode.TOO_SLOW
        assert (last["type"], last["code"]) == ("error", "too_slow")
