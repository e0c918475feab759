"""Zombie mode and reconnecting (issue 5 §6) on a real server, SQLite and PostgreSQL.

The server runs with a short zombie time (`zombie_after=ZOMBIE_S`). A Quashars seat left
without a connection that long is played by a bot, and every connection is told so
(`zombie: true`); its player coming back with the token gets the current view at once,
`zombie: false`, and the bot stops: from then on the seat's only inputs are the
player's own acknowledged actions, even while the player holds the seat and does
nothing for longer than the zombie time. A table's own `zombie_after_s` overrides the
server's (0: never). A page reload (a second connection with the same token, then the
first one closing) keeps the seat: both connections are the seat while both are open,
either may act, and the seat never counts as empty.

Nothing here asserts how long anything took: the waits only give a zombie the time it
would need to show up, and the record says whether it did.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.server.live import (
    RECEIVE_TIMEOUT,
    LiveServer,
    RandomLegal,
    Replayed,
    Session,
    check_stream,
    connect_table,
    create_table,
    in_thread,
    join,
    joined,
    module_server,
    play_session,
    receive,
    receive_until,
    seated,
    send,
    start,
)
from websockets.sync.client import ClientConnection

from quintet.core import SPECTATOR

#: The server's zombie time (s): short, so the tests are quick.
ZOMBIE_S = 1.0
#: How long a seat is held, or left, without a zombie showing up: well past the zombie
#: time, by which a zombie bot (thinking at the test pace) would long have moved.
HOLD_S = 1.5 * ZOMBIE_S
QUASHARS = {"pause_ms": 0}
#: Three seats: a shorter match than four, and zombies do not depend on the count.
SEATS = ["human", "basic", "basic"]
MOVES = ("predicted", "played")


@pytest.fixture(name="zombie_server", scope="module", params=["sqlite", "postgresql"])
def zombie_server_fixture(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """One server per backend for this module, with the short zombie time."""
    yield from module_server(request, tmp_path_factory, zombie_after=ZOMBIE_S)


def wait_for(what: str, condition: Callable[[], bool]) -> None:
    """Poll until `condition()` (a generous limit only turns a hang into a failure)."""
    give_up = time.monotonic() + RECEIVE_TIMEOUT
    while not condition():
        if time.monotonic() > give_up:
            raise AssertionError(f"waited {RECEIVE_TIMEOUT} s for {what}")
        time.sleep(0.01)


def zombie_flags(messages: list[dict[str, Any]], seat: int) -> list[tuple[int, bool]]:
    """(seq, zombie) of `seat` in every message that carried the seat list."""
    return [(m["seq"], m["seats"][seat]["zombie"]) for m in messages if m.get("seats")]


def moves_of(messages: list[dict[str, Any]], seat: int, after: int) -> int:
    """How many moves (predictions, plays) of `seat` the updates after seq `after` showed."""
    return sum(
        1
        for m in messages
        if m["type"] == "update" and m["seq"] > after
        for event in m["events"]
        if event["type"] in MOVES and event.get("seat") == seat
    )


def watch(_view: dict[str, Any]) -> None:
    return None


class HoldThenPlay:
    """A player back at the table: when its turn first comes it holds the seat, doing
    nothing for `hold` seconds, then plays random legal moves at once."""

    def __init__(self, seed: int, hold: float) -> None:
        self.random = RandomLegal(seed)
        self.hold = hold
        self.until: float | None = None

    def __call__(self, view: dict[str, Any]) -> tuple[float, dict[str, Any]] | None:
        picked = self.random(view)
        if picked is None:
            return None
        if self.until is None:
            self.until = time.monotonic() + self.hold
        return max(0.0, self.until - time.monotonic()), picked[1]


def open_table(server: LiveServer, seed: int, **extra: Any) -> tuple[str, str]:
    """A started Quashars table of one person (seat 0) and two bots: (id, seat 0's token)."""
    with server.http() as http:
        table_id = create_table(http, "quashars", SEATS, QUASHARS, seed=seed, **extra)["id"]
        token = join(http, table_id, 0, "ann")
        start(http, table_id, token)
    return table_id, token


def test_an_absent_seat_is_played_by_a_bot_until_its_player_returns(
    zombie_server: LiveServer,
) -> None:
    server = zombie_server
    with server.http() as http:
        table_id = create_table(http, "quashars", SEATS, QUASHARS, seed=31)["id"]
        token = join(http, table_id, 0, "ann")
    spectator = Session(None)
    with contextlib.ExitStack() as stack:
        # The spectator is seated before the start, so it sees the zombie come: a table
        # started first could have its zombie (and its moves) before the spectator's welcome.
        watcher = stack.enter_context(connect_table(server, table_id))
        seated(watcher, spectator)
        with server.http() as http:
            start(http, table_id, token)
        watching = in_thread(play_session, watcher, watch, spectator)
        # The player connects, then leaves without a move.
        with connect_table(server, table_id, token) as ws:
            first = receive(ws)
        assert first["type"] == "welcome" and first["seats"][0]["zombie"] is False

        def zombie_seq() -> int | None:
            return next((seq for seq, on in zombie_flags(spectator.messages, 0) if on), None)

        wait_for("the zombie to take seat 0", lambda: zombie_seq() is not None)
        became = zombie_seq()
        assert became is not None
        wait_for("two zombie moves", lambda: moves_of(spectator.messages, 0, became) >= 2)

        # The player comes back: the current view at once, and the seat is theirs again.
        player = Session(0)
        ws = stack.enter_context(connect_table(server, table_id, token))
        playing = in_thread(play_session, ws, HoldThenPlay(3, HOLD_S), player)
        joined(*playing)
        joined(*watching)
    with server.http() as http:
        record = http.get(f"/api/tables/{table_id}/replay").json()
        result = http.get(f"/api/tables/{table_id}/result").json()

    welcome = player.messages[0]
    back = welcome["seq"]
    assert welcome["type"] == "welcome" and welcome["status"] == "running"
    assert welcome["seats"][0] | {"connected": True, "zombie": False} == welcome["seats"][0]
    replayed = Replayed(record)
    check_stream(replayed, player.messages, 0)  # the welcome's view is the view at its seq
    check_stream(replayed, spectator.messages, SPECTATOR)
    assert player.messages[-1]["outcome"] == result

    seat0 = [seq for seq, inp in enumerate(replayed.inputs, 1) if inp.seat == 0]
    # Nobody moved for the absent seat until the zombie came; then the zombie did.
    assert all(seq > became for seq in seat0), (became, seat0)
    assert [seq for seq in seat0 if seq <= back], f"no zombie move before seq {back}"
    # After the player came back, every move of seat 0 is one the player made (acked by
    # ref): the zombie stopped, although the player held the seat past the zombie time.
    # The one exception allowed is a zombie move already being stored as the player came
    # back (seq back + 1, shown right after the welcome).
    acked = sorted(player.acks.values())
    assert acked and len(acked) == len(player.sent)
    stray = [seq for seq in seat0 if seq > back and seq not in acked]
    assert stray in ([], [back + 1]), (back, stray, acked)
    # Every connection was told: zombie on, then off once the player was back.
    flags = [on for _, on in zombie_flags(spectator.messages, 0)]
    assert True in flags and flags[-1] is False
    off = [seq for seq, on in zombie_flags(spectator.messages, 0) if not on and seq >= back]
    assert off, "the spectator was not told that seat 0 is no longer a zombie"


def test_a_table_can_turn_zombies_off(zombie_server: LiveServer) -> None:
    """`zombie_after_s: 0` on the table beats the server's short zombie time."""
    server = zombie_server
    table_id, _ = open_table(server, seed=32, zombie_after_s=0)
    with connect_table(server, table_id) as watcher:
        messages = [receive(watcher)]
        # The bots play until it is seat 0's turn; then nothing can happen without it.
        while messages[-1]["view"]["to_act"] != 0:
            messages.append(receive_until(watcher, "update"))
        blocked = messages[-1]["seq"]
        # Left empty past the zombie time: no zombie, no move, no message at all.
        with pytest.raises(TimeoutError):
            watcher.recv(timeout=HOLD_S)
    with server.http() as http:
        table = http.get(f"/api/tables/{table_id}").json()
    assert table["seq"] == blocked and table["status"] == "running"
    assert table["seats"][0] | {"connected": False, "zombie": False} == table["seats"][0]
    assert all(not on for _, on in zombie_flags(messages, 0))


def next_with_view(ws: ClientConnection) -> dict[str, Any]:
    return receive_until(ws, "update")


def test_a_page_reload_keeps_the_seat(zombie_server: LiveServer) -> None:
    """A second connection with the same token is the seat too; the first stays open and
    keeps getting the seat's updates until it closes; either may act; the seat is never
    empty, so no zombie comes."""
    server = zombie_server
    with server.http() as http:
        table_id = create_table(http, "quashars", SEATS, QUASHARS, seed=33)["id"]
        token = join(http, table_id, 0, "ann")
    with contextlib.ExitStack() as stack:
        # Seated before the start, so the seat is never empty: a table started first
        # could give it a zombie (and a zombie's move) before this connection arrives.
        old = stack.enter_context(connect_table(server, table_id, token))
        assert receive(old)["status"] == "open"
        with server.http() as http:
            start(http, table_id, token)
        view = next_with_view(old)["view"]
        while not view or not view["legal"]:
            view = next_with_view(old)["view"]
        # The reload: a new page connects with the same token while the old one is open.
        new = stack.enter_context(connect_table(server, table_id, token))
        welcome = receive(new)
        assert (welcome["seat"], welcome["view"]) == (0, view)
        assert welcome["seats"][0] | {"connected": True, "zombie": False} == welcome["seats"][0]
        send(old, {"type": "ping"})
        assert receive(old)["type"] == "pong"  # nothing was sent to the old page meanwhile
        # The old page may still act: its update carries its ref, the new one's does not.
        send(old, {"type": "act", "action": view["legal"][0], "ref": "old"})
        from_old, to_new = receive(old), receive(new)
        assert (from_old["ref"], "ref" in to_new) == ("old", False)
        assert from_old["seq"] == to_new["seq"] == welcome["seq"] + 1
        assert from_old["view"] == to_new["view"]
        # The old page goes away; the seat still has the new one.
        old.close()
        update = to_new
        while not update["view"]["legal"]:
            update = next_with_view(new)
        # Held past the zombie time: no zombie, nothing at all happens without the player.
        with pytest.raises(TimeoutError):
            new.recv(timeout=HOLD_S)
        send(new, {"type": "act", "action": update["view"]["legal"][0], "ref": "new"})
        acked = receive(new)
        assert (acked["type"], acked["ref"], acked["seq"]) == ("update", "new", update["seq"] + 1)
