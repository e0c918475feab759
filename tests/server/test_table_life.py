"""A table's life around its game (issue 13, part 3) on a real server, SQLite and PostgreSQL:
the log a reload gets back, presence without blips and the countdown to a zombie, the
host who starts, and playing again at the same seats.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from tests.server.live import (
    LiveServer,
    RandomLegal,
    connect_table,
    create_table,
    in_thread,
    join,
    joined,
    module_server,
    play_to_end,
    receive,
    receive_until,
    seat_post,
    send,
    start,
)
from websockets.sync.client import ClientConnection

QUASHARS = {"pause_ms": 0}
#: The zombie time of these servers: long, so no zombie ever plays during a test.
ZOMBIE_S = 600.0


@pytest.fixture(name="grace_server", scope="module", params=["sqlite", "postgresql"])
def grace_server_fixture(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A server whose seats show away only after a grace far longer than any test."""
    yield from module_server(
        request,
        tmp_path_factory,
        zombie_after=ZOMBIE_S,
        env={"QUINTET_PRESENCE_GRACE": "600"},
    )


@pytest.fixture(name="away_server", scope="module", params=["sqlite", "postgresql"])
def away_server_fixture(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A server whose seats show away at once (no grace), with zombies on."""
    yield from module_server(request, tmp_path_factory, zombie_after=ZOMBIE_S)


def events_by_seq(messages: list[dict[str, Any]], upto: int) -> list[tuple[int, dict[str, Any]]]:
    """Every event of the updates up to seq `upto`, with its seq."""
    return [
        (m["seq"], event)
        for m in messages
        if m["type"] == "update" and m["seq"] <= upto
        for event in m["events"]
    ]


def read_until_seq(ws: ClientConnection, messages: list[dict[str, Any]], seq: int) -> None:
    while not messages or messages[-1].get("seq", -1) < seq or messages[-1]["type"] != "update":
        messages.append(receive(ws))


def a_table_of(
    server: LiveServer, seats: list[str], names: list[str], game: str = "quashars"
) -> tuple[str, list[str]]:
    """A table (Quashars by default) with people at the first seats (`names`), not started."""
    with server.http() as http:
        options = QUASHARS if game == "quashars" else {}
        table_id = create_table(http, game, seats, options, seed=5)["id"]
        tokens = [join(http, table_id, seat, name) for seat, name in enumerate(names)]
    return table_id, tokens


# ---------------------------------------------------------------- the log after a reload


def test_a_reload_gets_back_the_whole_log_its_seat_may_see(away_server: LiveServer) -> None:
    """A welcome's `log` holds every event the connection's viewer was sent since the
    start, in order and by seq: the seat's own (the cards it drew) but no other seat's
    hidden ones. Quiddler: every turn draws a card only its seat may see."""
    table_id, (token,) = a_table_of(away_server, ["human", "easy"], ["ann"], "quiddler")
    with contextlib.ExitStack() as stack:
        seat = stack.enter_context(connect_table(away_server, table_id, token))
        watcher = stack.enter_context(connect_table(away_server, table_id))
        seen: dict[str, list[dict[str, Any]]] = {"seat": [receive(seat)], "spectator": []}
        seen["spectator"].append(receive(watcher))
        with away_server.http() as http:
            start(http, table_id, token)
        choose = RandomLegal(seed=3)
        # Play a while (a few of seat 0's moves, the bots' in between).
        moves, waiting = 0, False
        while moves < 6:
            message = receive(seat)
            seen["seat"].append(message)
            if message["type"] == "refused" or message.get("ref"):
                waiting = False
            view = message.get("view")
            if message["type"] == "update" and view and view.get("legal") and not waiting:
                picked = choose(view)
                if picked is not None:
                    send(seat, {"type": "act", "action": picked[1], "ref": f"m{moves}"})
                    moves, waiting = moves + 1, True
        again_seat = stack.enter_context(connect_table(away_server, table_id, token))
        again_watcher = stack.enter_context(connect_table(away_server, table_id))
        for ws, name, welcome in (
            (seat, "seat", receive(again_seat)),
            (watcher, "spectator", receive(again_watcher)),
        ):
            assert welcome["type"] == "welcome" and welcome["seq"] > 0
            read_until_seq(ws, seen[name], welcome["seq"])
            sent = events_by_seq(seen[name], welcome["seq"])
            logged = [
                (entry["seq"], event) for entry in welcome["log"] for event in entry["events"]
            ]
            assert logged == sent, f"the {name}'s log differs from what it was sent"
            assert all(entry["events"] for entry in welcome["log"])

    # The seat saw the cards it drew; the spectator saw no card drawn.
    def hidden(name: str) -> list[dict[str, Any]]:
        return [e for _, e in events_by_seq(seen[name], 10**9) if e["type"] == "drew_card"]

    assert hidden("seat"), "the seat drew cards from the pile"
    assert not hidden("spectator")


# ---------------------------------------------------------------------------- presence


def no_seat_away(messages: list[dict[str, Any]]) -> bool:
    return all(s["connected"] for m in messages if m.get("seats") for s in m["seats"])


def test_a_replaced_connection_and_the_start_are_no_coming_and_going(
    grace_server: LiveServer,
) -> None:
    """Both people wait, the table starts, then Ben's page reloads (a new connection, the
    old one closes): Anna is never told Ben left, at the start nor at the reload."""
    server = grace_server
    table_id, (anna, ben) = a_table_of(server, ["human", "human", "basic"], ["Anna", "Ben"])
    with contextlib.ExitStack() as stack:
        first = stack.enter_context(connect_table(server, table_id, anna))
        messages = [receive(first)]
        leaving = contextlib.ExitStack()
        old = leaving.enter_context(connect_table(server, table_id, ben))
        receive(old)
        with server.http() as http:
            start(http, table_id, anna)
        # The first message after the start already has both people connected.
        started = receive_until(first, "update")
        while started["status"] != "running":
            messages.append(started)
            started = receive_until(first, "update")
        assert started["seats"] and no_seat_away([started])
        messages = [started]
        new = stack.enter_context(connect_table(server, table_id, ben))
        assert receive(new)["seats"][1]["connected"] is True
        leaving.close()
        # A table of three seats: Ben's seat has no move until its turn; Anna's pong marks
        # the end of what the reload could have caused.
        send(first, {"type": "ping"})
        while (message := receive(first))["type"] != "pong":
            messages.append(message)
        assert no_seat_away(messages), "a replaced connection showed as leaving"
        with server.http() as http:
            table = http.get(f"/api/tables/{table_id}").json()
        assert table["seats"][1]["connected"] is True and table["seats"][1]["zombie_in"] is None


def test_a_person_who_leaves_shows_a_countdown_to_the_bot(away_server: LiveServer) -> None:
    """Past the grace (none on this server) the others see the seat away with the game
    time until its bot takes over (`zombie_in`, at most the zombie time); back, it
    is connected again with no countdown."""
    server = away_server
    table_id, (anna, ben) = a_table_of(server, ["human", "human", "basic"], ["Anna", "Ben"])
    with contextlib.ExitStack() as stack:
        first = stack.enter_context(connect_table(server, table_id, anna))
        receive(first)
        leaving = contextlib.ExitStack()
        second = leaving.enter_context(connect_table(server, table_id, ben))
        receive(second)
        with server.http() as http:
            start(http, table_id, anna)
        before = receive_until(first, "update")
        while before["status"] != "running":
            before = receive_until(first, "update")
        leaving.close()
        message = receive_until(first, "update")
        while not message.get("seats") or message["seats"][1]["connected"]:
            message = receive_until(first, "update")
        away = message["seats"][1]
        assert away["zombie"] is False and away["zombie_in"] is not None
        # It has just left: its bot comes at most a zombie time from now, and not at once.
        assert 0 < away["zombie_in"] <= ZOMBIE_S * 1000
        back = stack.enter_context(connect_table(server, table_id, ben))
        assert receive(back)["seats"][1]["connected"] is True
        seats = receive_seats(first)
        assert seats[1]["connected"] is True and seats[1]["zombie_in"] is None


def receive_seats(ws: ClientConnection) -> list[dict[str, Any]]:
    message = receive_until(ws, "update")
    while not message.get("seats"):
        message = receive_until(ws, "update")
    seats: list[dict[str, Any]] = message["seats"]
    return seats


def test_a_person_not_there_at_the_start_is_away_from_it(away_server: LiveServer) -> None:
    table_id, (anna, _ben) = a_table_of(away_server, ["human", "human", "basic"], ["Anna", "Ben"])
    with connect_table(away_server, table_id, anna) as ws:
        receive(ws)
        with away_server.http() as http:
            start(http, table_id, anna)
        seats = receive_seats(ws)
    assert seats[0]["connected"] and seats[0]["zombie_in"] is None
    assert not seats[1]["connected"] and 0 < seats[1]["zombie_in"] <= ZOMBIE_S * 1000


# -------------------------------------------------------------------------------- host


def test_the_host_is_who_sat_down_first(away_server: LiveServer) -> None:
    with away_server.http() as http:
        table_id = create_table(http, "quashars", ["human", "human", "basic"], QUASHARS)["id"]
        assert http.get(f"/api/tables/{table_id}").json()["host"] is None
        join(http, table_id, 1, "Ben")
        join(http, table_id, 0, "Anna")
        assert http.get(f"/api/tables/{table_id}").json()["host"] == 1


# -------------------------------------------------------------------------- play again


def test_play_again_offers_everyone_their_seat_at_one_new_table(away_server: LiveServer) -> None:
    server = away_server
    table_id, tokens = a_table_of(server, ["human", "human", "basic"], ["Anna", "Ben"])
    status, body = seat_post(server, table_id, "again", tokens[0])
    assert status == 409 and body["code"] == "not_finished"
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect_table(server, table_id, t)) for t in tokens]
        watcher = stack.enter_context(connect_table(server, table_id))
        with server.http() as http:
            start(http, table_id, tokens[0])
        threads = [in_thread(play_to_end, ws, RandomLegal(seat)) for seat, ws in enumerate(sockets)]
        for thread, out in threads:
            assert joined(thread, out).last["status"] == "finished"
        receive_until(watcher, "welcome")
        status, body = seat_post(server, table_id, "again", None)
        assert status == 401 and body["code"] == "no_token"
        status, first = seat_post(server, table_id, "again", tokens[1])
        assert status == 200, first
        new_id = first["table"]
        assert new_id != table_id and first["seat"] == 1 and first["invite"].endswith(new_id)
        # Everyone at the finished table is told, the spectator too.
        offer = {"v": 1, "type": "again", "table": new_id, "by": 1}
        for ws in [*sockets, watcher]:
            assert receive_until(ws, "again") == offer
        status, second = seat_post(server, table_id, "again", tokens[0])
        assert status == 200 and (second["table"], second["seat"]) == (new_id, 0)
        # Asked again (a lost answer, a second tab): the same seat and token come back.
        status, body = seat_post(server, table_id, "again", tokens[0])
        assert status == 200 and body == second, body
        send(sockets[0], {"type": "ping"})
        assert receive(sockets[0])["type"] == "pong", "only the first ask tells the table"
    with server.http() as http:
        old = http.get(f"/api/tables/{table_id}").json()
        new = http.get(f"/api/tables/{new_id}").json()
    assert old["again"] == new_id and new["again"] is None
    assert new["status"] == "open" and new["host"] == 1 and new["options"] == old["options"]
    assert [(s["kind"], s["level"], s["nickname"]) for s in new["seats"]] == [
        ("human", None, "Anna"),
        ("human", None, "Ben"),
        ("bot", "basic", None),
    ]
    # Both tokens are seats of the new table: either may start it.
    with server.http() as http:
        assert start(http, new_id, second["token"])["status"] == "running"
