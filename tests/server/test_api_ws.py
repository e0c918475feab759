"""End to end against a real `quintet serve` (uvicorn on 127.0.0.1), on SQLite and PostgreSQL:
the HTTP API and the WebSocket protocol, from creating a table to its replay."""

from __future__ import annotations

import contextlib
import itertools
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tests.server.live import (
    TEST_BOT_PACE,
    BotClient,
    LiveServer,
    RandomLegal,
    Session,
    SteadyBotClient,
    Transcript,
    connect_seats,
    connect_table,
    create_table,
    in_thread,
    join,
    joined,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    play_session,
    play_to_end,
    receive,
    receive_until,
    seated,
    send,
    settle,
    start,
    start_server,
)
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from quintet.core import SPECTATOR, Record, registry, replay
from quintet.server.served import served_view

QUASHARS_FAST = {"pause_ms": 0}
#: Closed hands (spectators see counts only), short sit-outs, and a stall limit that ends
#: the race even if the bots stop finding claims.
QUICLO_FAST = {"open_hands": False, "sit_out_ms": 250, "stall_ms": 3000}


def outcome_of(record: dict[str, Any]) -> dict[str, Any]:
    """The outcome of a replay record, computed here from the rules alone."""
    state, _ = replay(Record.from_json(record))
    outcome = registry.get(record["game"]).outcome(state)
    assert outcome is not None, "the replayed game is not over"
    return outcome.to_json()


def views_by_seq(record: dict[str, Any], viewer: int) -> list[dict[str, Any]]:
    """What `viewer` may see after each input of the record (index = seq), as the server
    sends it: the rules' view without the rules' help (`served_view`)."""
    rules = registry.get(record["game"])
    state = rules.new(record["seed"], record["players"], record["options"])
    views = [served_view(rules, rules.view(state, viewer))]
    for inp in Record.from_json(record).inputs:
        rules.apply(state, inp)
        views.append(served_view(rules, rules.view(state, viewer)))
    return views


def check_views(messages: list[dict[str, Any]], record: dict[str, Any], viewer: int) -> None:
    """Each view a connection got is exactly its viewer's view at that seq: no more, no less."""
    views = views_by_seq(record, viewer)
    for message in messages:
        if message.get("view") is not None:
            assert message["view"] == views[message["seq"]], f"{message['type']} {message['seq']}"


def check_seqs(messages: list[dict[str, Any]]) -> None:
    """Every accepted input reaches every connection: seqs go up by exactly one."""
    seqs = [m["seq"] for m in messages if m["type"] in ("welcome", "update")]
    steps = {b - a for a, b in itertools.pairwise(seqs)}
    assert steps <= {0, 1}, f"updates skipped inputs: {seqs}"


def closing_code(ws: ClientConnection) -> int | None:
    """Read until the server closes; its close code."""
    try:
        while True:
            ws.recv(timeout=30)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


# ------------------------------------------------------------------ metadata


def test_health_and_games(live_module: LiveServer) -> None:
    with live_module.http() as http:
        health = http.get("/api/health").json()
        games = {game["name"]: game for game in http.get("/api/games").json()}
        schema = http.get("/openapi.json").json()
    assert "/api/tables/{table_id}/seats/{seat}/join" in schema["paths"]
    assert health["status"] == "ok"
    assert health["db"] == ("sqlite" if live_module.db_url.startswith("sqlite") else "postgresql")
    assert {"quashars", "quiclo", "quiddler"} <= set(games)
    quashars = games["quashars"]
    assert (quashars["min_players"], quashars["max_players"]) == (3, 4)
    assert quashars["bots"] == ["random", "basic", "expert"]
    pause = next(o for o in quashars["options"] if o["name"] == "pause_ms")
    assert pause["default"] == 5000 and pause["type"] == "integer" and pause["description"]
    assert games["quiclo"]["real_time"] is True
    # Double Quick! can't list its moves (a tile on any cell): the generic board samples.
    assert games["double-quick"]["lists_actions"] is False
    assert games["quashars"]["lists_actions"] is True


# ------------------------------------------------------------- full games


def test_quashars_one_human_three_bots_to_the_end(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table = create_table(http, "quashars", ["human", "basic", "random", "basic"], QUASHARS_FAST)
        table_id = table["id"]
        assert table["status"] == "open" and table["free_seats"] == [0]
        token = join(http, table_id, 0, "ann")
        assert start(http, table_id, token)["status"] == "running"
        early = http.get(f"/api/tables/{table_id}/replay")
        assert early.status_code == 409 and "finished" in early.json()["detail"]
        assert http.get(f"/api/tables/{table_id}/result").status_code == 409

        with connect_table(live_module, table_id, token) as ws:
            transcript = play_to_end(ws, RandomLegal(seed=7))
        welcome, last = transcript.messages[0], transcript.last
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert welcome["seats"][0]["nickname"] == "ann"
        check_seqs(transcript.messages)
        assert transcript.acted > 0 and transcript.refused == 0
        acks = [m for m in transcript.messages if m.get("ref")]
        assert len(acks) == transcript.acted, "each action is acknowledged once, with its ref"
        assert last["status"] == "finished" and last["outcome"] is not None

        result = http.get(f"/api/tables/{table_id}/result").json()
        record = http.get(f"/api/tables/{table_id}/replay").json()
        frames = http.get(f"/api/tables/{table_id}/replay", params={"viewer": "0"}).json()
        status = http.get(f"/api/tables/{table_id}").json()
    assert result == last["outcome"]
    assert outcome_of(record) == result
    check_views(transcript.messages, record, 0)
    assert len(record["inputs"]) == last["seq"] == status["seq"]
    assert status["status"] == "finished"
    assert len(frames) == len(record["inputs"]) + 1
    assert frames[-1]["view"] == last["view"], "the seat's replay ends on the view it saw last"


def test_quiclo_client_bots_server_bots_and_a_spectator(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table = create_table(http, "quiclo", ["human", "easy", "human", "medium"], QUICLO_FAST, 3)
        table_id = table["id"]
        tokens = {seat: join(http, table_id, seat, f"p{seat}") for seat in (0, 2)}
        with contextlib.ExitStack() as stack:
            watcher = stack.enter_context(connect_table(live_module, table_id))
            players = connect_seats(stack, live_module, table_id, dict(tokens))
            sessions = {seat: Session(seat) for seat in players}
            watching = Session(None)
            # Everyone is seated in the lobby before the start: the server's bots could
            # end a race begun without the clients.
            seated(watcher, watching)
            for seat, ws in players.items():
                seated(ws, sessions[seat])
            start(http, table_id, tokens[2])
            levels = {0: "hard", 2: "medium"}
            threads = {
                seat: in_thread(
                    play_session,
                    ws,
                    SteadyBotClient("quiclo", levels[seat], seat, seat, TEST_BOT_PACE),
                    sessions[seat],
                )
                for seat, ws in players.items()
            }
            seen = in_thread(play_session, watcher, lambda view: None, watching)
            spectator = Transcript(joined(*seen).messages)
            transcripts = {
                seat: Transcript(session.messages, acted=len(session.sent))
                for seat, session in ((s, joined(*thread)) for s, thread in threads.items())
            }
        result = http.get(f"/api/tables/{table_id}/result").json()
        record = http.get(f"/api/tables/{table_id}/replay").json()

    assert spectator.messages[0]["seat"] is None
    assert outcome_of(record) == result
    for viewer, transcript in [(SPECTATOR, spectator), *transcripts.items()]:
        check_seqs(transcript.messages)
        check_views(transcript.messages, record, viewer)
        assert transcript.last["outcome"] == result
    # Who claims what is a race; the client bots (the faster levels) took part in it.
    assert sum(transcript.acted for transcript in transcripts.values()) > 0
    # Closed hands: the spectator never got a hand.
    assert all("hand" not in m["view"] for m in spectator.messages if m.get("view"))


#: Options that keep each game short on a test server (pauses off, short timers).
FAST_OPTIONS: dict[str, dict[str, Any]] = {
    "quashars": QUASHARS_FAST,
    "quiclo": QUICLO_FAST,
    "quiddler": {"pause_ms": 0},
    # A round ends when all but one have called KLAAR: the client bot's call (2 seats).
    "quick": {"countdown_ms": 1, "reveal_ms": 1, "pause_ms": 1, "round_end": "all_but_one"},
    "double-quick": {"turn_seconds": 5, "final_seconds": 10, "pause_seconds": 1},
}
#: The server bots beside the client's seat (default: random ones, as many as the game's
#: least players need). A Double Quick! turn ends at a valid press or at its timer (5 s
#: at least): against random bots alone, which never build a crossword, most of its nine
#: turns ran out the timer (about 45 s a game). A builder that presses turns the game
#: over in seconds; the random bot still plays (and presses at random) beside it.
SERVER_BOTS: dict[str, list[str]] = {"double-quick": ["hard", "random"]}
#: The client bot's level (default: the first non-random level by name). Double Quick!'s
#: first by name, easy, often finds no crossword in its step budget; hard does.
CLIENT_LEVEL: dict[str, str] = {"double-quick": "hard"}


@pytest.mark.parametrize("game", registry.names())
def test_every_game_plays_through_the_server(live_module: LiveServer, game: str) -> None:
    """No game-specific server code: a client-side bot and server bots finish any game."""
    found = registry.entry(game)
    rules = found.game
    players = max(2, rules.min_players)
    level = CLIENT_LEVEL.get(game) or next(name for name in sorted(found.bots) if name != "random")
    with live_module.http() as http:
        seats = ["human", *SERVER_BOTS.get(game, ["random"] * (players - 1))]
        table_id = create_table(http, game, seats, FAST_OPTIONS.get(game, {}), seed=11)["id"]
        token = join(http, table_id, 0)
        start(http, table_id, token)
        with connect_table(live_module, table_id, token) as ws:
            transcript = play_to_end(ws, BotClient(game, level, 0, 5, TEST_BOT_PACE))
        record = http.get(f"/api/tables/{table_id}/replay").json()
    assert outcome_of(record) == transcript.last["outcome"]
    check_views(transcript.messages, record, 0)


# ------------------------------------------------------------------ refusals


def three_humans(live: LiveServer) -> tuple[str, dict[int, str]]:
    """A started 3-player Quashars table of people only (nothing moves unless they act)."""
    with live.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 3, QUASHARS_FAST)["id"]
        tokens = {seat: join(http, table_id, seat, f"p{seat}") for seat in range(3)}
        start(http, table_id, tokens[0])
    return table_id, tokens


def test_refusals_go_to_their_sender_only(live_module: LiveServer) -> None:
    table_id, tokens = three_humans(live_module)
    with contextlib.ExitStack() as stack:
        sockets = connect_seats(stack, live_module, table_id, dict(tokens))
        welcomes = settle(sockets)
        mover = next(seat for seat, w in welcomes.items() if w["view"]["legal"])
        idle = next(seat for seat in sockets if seat != mover)
        other = next(seat for seat in sockets if seat not in (mover, idle))
        move = welcomes[mover]["view"]["legal"][0]

        send(sockets[idle], {"type": "act", "action": move, "ref": "early"})
        refused = receive(sockets[idle])
        assert refused == {
            "v": 1,
            "type": "refused",
            "ref": "early",
            "code": "action/not_your_turn",
            "message": refused["message"],
        }
        assert refused["message"]
        send(sockets[mover], {"type": "act", "action": {"type": "fly"}, "ref": "odd"})
        odd = receive(sockets[mover])
        assert (odd["type"], odd["ref"], odd["code"]) == ("refused", "odd", "input/unknown_action")
        # Naming a seat in the message is not a way to act for it.
        send(sockets[idle], {"type": "act", "action": move, "seat": mover, "ref": "sly"})
        sly = receive(sockets[idle])
        assert (sly["type"], sly["code"], sly["ref"]) == ("error", "bad_message", "sly")
        assert "seat" in sly["message"]
        # Nobody else heard of any of it: their next message is the answer to a ping.
        for seat in (mover, other):
            send(sockets[seat], {"type": "ping"})
            assert receive(sockets[seat])["type"] == "pong"

        send(sockets[mover], {"type": "act", "action": move, "ref": "ok"})
        for seat, ws in sockets.items():
            update = receive(ws)
            assert update["type"] == "update" and update["seq"] == welcomes[seat]["seq"] + 1
            assert update.get("ref") == ("ok" if seat == mover else None)
            assert ("ref" in update) == (seat == mover)


def test_a_spectator_cannot_act(live_module: LiveServer) -> None:
    table_id, _ = three_humans(live_module)
    with connect_table(live_module, table_id) as watcher:
        welcome = receive(watcher)
        assert welcome["seat"] is None and "legal" not in welcome["view"]
        send(watcher, {"type": "act", "action": {"type": "predict", "chips": 0}, "ref": "r"})
        error = receive(watcher)
        assert (error["type"], error["code"], error["ref"]) == ("error", "spectator", "r")


def test_malformed_messages_each_get_their_error(live_module: LiveServer) -> None:
    table_id, tokens = three_humans(live_module)
    cases: list[tuple[str, str]] = [
        ("not json at all", "bad_json"),
        ("[1, 2]", "bad_json"),
        (json.dumps({"v": 1, "type": "jump"}), "unknown_type"),
        (json.dumps({"v": 1}), "unknown_type"),
        (json.dumps({"type": "ping"}), "bad_version"),
        (json.dumps({"v": 2, "type": "ping"}), "bad_version"),
        (json.dumps({"v": 1, "type": "act"}), "bad_message"),
        (json.dumps({"v": 1, "type": "act", "action": {}, "ref": "x" * 65}), "bad_message"),
        (json.dumps({"v": 1, "type": "act", "action": [1]}), "bad_message"),
        ("x" * 20_000, "too_big"),
    ]
    with connect_table(live_module, table_id, tokens[1]) as ws:
        receive(ws)
        for text, code in cases:
            ws.send(text)
            error = receive(ws)
            assert (error["type"], error["code"]) == ("error", code), text[:60]
            assert error["message"]
        send(ws, {"type": "ping"})
        assert receive(ws)["type"] == "pong", "the connection survives bad messages"


def test_rate_limit(live_module: LiveServer) -> None:
    table_id, _ = three_humans(live_module)
    with connect_table(live_module, table_id) as ws:
        receive(ws)
        # Far more than the burst (40) and than 20/s could refill while they are sent.
        for _ in range(400):
            send(ws, {"type": "ping"})
        answers = [receive(ws) for _ in range(400)]
    kinds = {m["type"] for m in answers}
    limited = [m for m in answers if m["type"] == "error"]
    assert kinds == {"pong", "error"}
    assert limited and all(m["code"] == "rate_limited" for m in limited)


def test_a_seats_connections_share_one_rate(live_module: LiveServer) -> None:
    # Eight connections of one seat (the most it may have) would, with a bucket each,
    # get 8 x 40 pings answered at once; together they get the one burst plus what the
    # rate refills in the time the test took (measured around it: an upper bound).
    table_id, tokens = three_humans(live_module)
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(connect_table(live_module, table_id, tokens[1])) for _ in range(8)
        ]
        for ws in sockets:
            receive(ws)
        began = time.monotonic()
        for ws in sockets:
            for _ in range(50):
                send(ws, {"type": "ping"})
        answers = [receive(ws) for ws in sockets for _ in range(50)]
        took = time.monotonic() - began
    pongs = sum(m["type"] == "pong" for m in answers)
    limited = [m for m in answers if m["type"] == "error"]
    assert pongs <= 40 + 20 * took + 1, (pongs, took)
    assert limited and "this seat's connections together" in limited[0]["message"]


def test_bad_token_origin_and_table_are_refused(live_module: LiveServer) -> None:
    table_id, tokens = three_humans(live_module)
    with connect_table(live_module, table_id, "not-a-token") as ws:
        assert receive(ws)["code"] == "bad_token"
        assert closing_code(ws) == 4001
    with connect_table(live_module, table_id, tokens[0], origin="https://evil.example") as ws:
        assert receive(ws)["code"] == "bad_origin"
        assert closing_code(ws) == 4003
    with connect_table(live_module, "no-such-table") as ws:
        assert receive(ws)["code"] == "no_table"
        assert closing_code(ws) == 4004
    own = f"http://127.0.0.1:{live_module.port}"
    with connect_table(live_module, table_id, tokens[0], origin=own) as ws:
        assert receive(ws)["type"] == "welcome"


# --------------------------------------------------------------- reconnecting


def test_reconnect_gets_the_current_view_at_once(live_module: LiveServer) -> None:
    table_id, tokens = three_humans(live_module)
    with contextlib.ExitStack() as stack:
        sockets = connect_seats(stack, live_module, table_id, dict(tokens))
        views = {seat: welcome["view"] for seat, welcome in settle(sockets).items()}
        with connect_table(live_module, table_id, tokens[0]) as second:
            receive(second)
        # Play three moves while seat 0's second connection is away.
        for _ in range(3):
            mover = next(seat for seat, view in views.items() if view["legal"])
            send(sockets[mover], {"type": "act", "action": views[mover]["legal"][-1]})
            for seat, ws in sockets.items():
                views[seat] = receive_until(ws, "update")["view"]
        latest = views[0]
        with connect_table(live_module, table_id, tokens[0]) as again:
            welcome = receive(again)
        with live_module.http() as http:
            status = http.get(f"/api/tables/{table_id}").json()
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    assert welcome["view"] == latest
    assert welcome["seq"] == status["seq"] >= 3


def test_lobby_connections_see_the_start(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human", "human", "random"], QUASHARS_FAST)["id"]
        first = join(http, table_id, 0, "ann")
        with connect_table(live_module, table_id, first) as ws:
            welcome = receive(ws)
            assert (welcome["status"], welcome["view"], welcome["seat"]) == ("open", None, 0)
            join(http, table_id, 1, "bob")
            seats = receive(ws)
            assert seats["type"] == "update" and seats["seats"][1]["nickname"] == "bob"
            start(http, table_id, first)
            started = receive_until(ws, "update")
            while started["view"] is None:
                started = receive_until(ws, "update")
    assert started["status"] == "running" and started["view"]["viewer"] == 0


# ----------------------------------------------------------------- HTTP errors


def test_http_refusals_say_what_is_wrong(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human", "human", "basic"], QUASHARS_FAST)["id"]
        listed = http.get("/api/tables", params={"status": "open"}).json()["tables"]
        assert table_id in {t["id"] for t in listed}

        def refused(method: str, url: str, status: int, words: str, **kw: Any) -> None:
            response = http.request(method, url, **kw)
            assert response.status_code == status, (url, response.text)
            body = response.json()
            assert words in str(body["detail"]), (url, body)

        refused("GET", "/api/tables/nope", 404, "no table 'nope'")
        refused("GET", "/api/tables/nope/result", 404, "no table")
        refused("GET", "/api/tables/nope/replay", 404, "no table")
        refused("POST", "/api/tables/nope/start", 404, "no table")
        refused("POST", "/api/tables/nope/seats/0/join", 404, "no table", json={"nickname": "x"})
        refused(
            "POST",
            f"/api/tables/{table_id}/seats/7/join",
            404,
            "seats are 0 to 2",
            json={"nickname": "x"},
        )
        refused(
            "POST", f"/api/tables/{table_id}/seats/2/join", 409, "basic bot", json={"nickname": "x"}
        )
        refused(
            "POST", f"/api/tables/{table_id}/seats/0/join", 422, "nickname", json={"nickname": "  "}
        )
        refused(
            "POST",
            f"/api/tables/{table_id}/seats/0/join",
            422,
            "nickname",
            json={"nickname": "x" * 25},
        )
        token = join(http, table_id, 0, "  ann  ")
        assert http.get(f"/api/tables/{table_id}").json()["seats"][0]["nickname"] == "ann"
        refused(
            "POST",
            f"/api/tables/{table_id}/seats/0/join",
            409,
            "seat 0 is taken",
            json={"nickname": "y"},
        )
        refused("POST", f"/api/tables/{table_id}/start", 401, "Bearer")
        refused(
            "POST",
            f"/api/tables/{table_id}/start",
            403,
            "no seat's",
            headers={"Authorization": "Bearer nope"},
        )
        refused(
            "POST",
            f"/api/tables/{table_id}/start",
            409,
            "seats still open: 1",
            headers={"Authorization": f"Bearer {token}"},
        )
        refused("GET", f"/api/tables/{table_id}/result", 409, "open")
        refused("GET", f"/api/tables/{table_id}/replay", 409, "finished")

        refused(
            "POST",
            "/api/tables",
            422,
            "the games are",
            json={"game": "chess", "seats": [{"kind": "human"}]},
        )
        refused(
            "POST",
            "/api/tables",
            422,
            "pause_ms",
            json={
                "game": "quashars",
                "options": {"pause_ms": -1},
                "seats": [{"kind": "human"}] * 3,
            },
        )
        refused(
            "POST",
            "/api/tables",
            422,
            "unknown_option",
            json={
                "game": "quashars",
                "options": {"unknown_option": 1},
                "seats": [{"kind": "human"}] * 3,
            },
        )
        refused(
            "POST",
            "/api/tables",
            422,
            "3 to 4 players",
            json={"game": "quashars", "seats": [{"kind": "human"}] * 5},
        )
        refused(
            "POST",
            "/api/tables",
            422,
            "the levels are: random, basic, expert",
            json={"game": "quashars", "seats": [{"kind": "bot", "level": "genius"}] * 3},
        )
        response = http.post("/api/tables", json={"game": "quashars", "seats": []})
        assert response.status_code == 422


# ------------------------------------------------------------- stop and resume


def test_sigterm_stops_cleanly_and_the_game_resumes(db_url: str, tmp_path: Path) -> None:
    server = start_server(db_url, tmp_path)
    try:
        table_id, tokens = three_humans(server)
        with contextlib.ExitStack() as stack:
            sockets = connect_seats(stack, server, table_id, dict(tokens))
            views = {seat: welcome["view"] for seat, welcome in settle(sockets).items()}
            for _ in range(4):
                mover = next(seat for seat, view in views.items() if view["legal"])
                send(sockets[mover], {"type": "act", "action": views[mover]["legal"][0]})
                for seat, ws in sockets.items():
                    views[seat] = receive(ws)["view"]
            assert server.stop() == 0, server.log()
            for ws in sockets.values():
                assert closing_code(ws) is not None
    finally:
        server.kill()

    again = start_server(db_url, tmp_path)
    try:
        for seat, token in tokens.items():
            with connect_table(again, table_id, token) as ws:
                welcome = receive(ws)
                assert (welcome["seq"], welcome["status"]) == (4, "running")
                assert welcome["view"] == views[seat], "the game resumes where it stopped"
        mover = next(seat for seat, view in views.items() if view["legal"])
        with connect_table(again, table_id, tokens[mover]) as ws:
            receive(ws)
            send(ws, {"type": "act", "action": views[mover]["legal"][0], "ref": "go"})
            # Skips a seat update: the server may notice the seat's previous connection
            # (closed above) has gone only after this one came.
            update = receive_until(ws, "update")
            while update.get("ref") != "go":
                update = receive_until(ws, "update")
        assert (update["seq"], update["ref"]) == (5, "go")
        assert again.stop() == 0, again.log()
    finally:
        again.kill()


def test_serve_refuses_a_database_it_cannot_use(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "quintet", "serve", "--port", "1", "--db", "mysql://x/y"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "Error: cannot use the database: unsupported database URL 'mysql://x/y'" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_table_of_bots_starts_without_a_token_and_plays_itself(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["random"] * 3, QUASHARS_FAST)["id"]
        with connect_table(live_module, table_id) as watcher:
            assert receive(watcher)["status"] == "open"
            start(http, table_id, None)
            transcript = play_to_end(watcher, lambda view: None)
        record = http.get(f"/api/tables/{table_id}/replay").json()
    assert transcript.last["outcome"] == outcome_of(record)
    check_seqs(transcript.messages)
    check_views(transcript.messages[1:], record, SPECTATOR)
