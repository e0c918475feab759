"""A stranger's attacks on the newer paths of a real server (SQLite and PostgreSQL): each
refusal is specific and changes nothing, and nobody takes what is another person's.

- `POST /api/tutorials/{game}` with a nickname the lobby refuses leaves no table behind
  (it once made the open tutorial table first, listed for anyone to take).
- Play again: the next table keeps each person's seat for them a while; a stranger who
  reads the next table's id (the finished table names it) cannot take it.
- A refused bot level or seat quotes at most 32 characters of it (the documented bound).
- A body that is not JSON names the body and where it broke, not a field "0".
- Play again after an aborted (abandoned) table says so, rather than "once it ends".
- Hints run the game's strongest bot (up to about a second of CPU each), and anyone has a
  practice table in one request (a tutorial): they are rate limited per address.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tests.server.live import (
    RECEIVE_TIMEOUT,
    LiveServer,
    connect_table,
    create_table,
    join,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    receive,
    receive_until,
    running_server,
    seat_post,
    send,
    start,
)

from quintet.server.checks import HELD, held_until
from quintet.server.errors import HubError
from quintet.server.hub import Hub
from quintet.server.storage import TableRow


def open_tables(live: LiveServer, game: str) -> list[dict[str, Any]]:
    with live.http() as http:
        response = http.get("/api/tables", params={"status": "open", "game": game})
    assert response.status_code == 200, response.text
    tables: list[dict[str, Any]] = response.json()["tables"]
    return tables


@pytest.mark.parametrize("nickname", ["", "   ", "x" * 25, "a\u0001b"])
def test_a_refused_nickname_makes_no_tutorial_table(live_module: LiveServer, nickname: str) -> None:
    with live_module.http() as http:
        response = http.post("/api/tutorials/quashars", json={"nickname": nickname})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "bad_nickname" and "1 to 24 printable" in body["detail"], body
    assert [t["id"] for t in open_tables(live_module, "quashars") if t["tutorial"]] == []


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (b"nope", "body: JSON decode error: Expecting value"),
        (
            b'{"nickname": NaN}',
            "body: JSON decode error: NaN is not a JSON number",
        ),
    ],
)
def test_a_body_that_is_no_json_is_named_as_the_body(
    live_module: LiveServer, body: bytes, detail: str
) -> None:
    with live_module.http() as http:
        response = http.post(
            "/api/tutorials/quiclo", content=body, headers={"content-type": "application/json"}
        )
    assert response.status_code == 422, response.text
    assert response.json() == {"code": "bad_request", "detail": detail}
    assert [t["id"] for t in open_tables(live_module, "quiclo") if t["tutorial"]] == []


@pytest.mark.parametrize(
    ("seat", "code"),
    [
        ({"kind": "bot", "level": "w" * 64}, "bot/unknown"),
        ({"kind": "human", "level": "w" * 64}, "seat/invalid"),
    ],
)
def test_a_refused_seat_quotes_at_most_32_characters_of_it(
    live_module: LiveServer, seat: dict[str, str], code: str
) -> None:
    body = {"game": "quiclo", "seats": [{"kind": "human"}, seat]}
    with live_module.http() as http:
        response = http.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    refused = response.json()
    assert refused["code"] == code and "seat 1:" in refused["detail"], refused
    assert "w" * 33 not in refused["detail"] and "(64 characters)" in refused["detail"], refused


# ------------------------------------------------------------------------ play again


def finished_table(live: LiveServer) -> tuple[str, list[str]]:
    """A finished Quiclo table of two people (both voted "no more claims") and their tokens."""
    with live.http() as http:
        table_id = create_table(http, "quiclo", ["human", "human"])["id"]
        tokens = [join(http, table_id, 0, "Anna"), join(http, table_id, 1, "Ben")]
        start(http, table_id, tokens[0])
    with (
        connect_table(live, table_id, tokens[0]) as anna,
        connect_table(live, table_id, tokens[1]) as ben,
    ):
        receive_until(anna, "welcome")
        receive_until(ben, "welcome")
        for ws in (anna, ben):
            send(ws, {"type": "act", "action": {"type": "no_more_claims"}})
        while receive(anna).get("status") != "finished":
            pass
    return table_id, tokens


def test_a_stranger_cannot_take_a_players_seat_at_the_next_table(live_module: LiveServer) -> None:
    """The next table is public (the finished table names it, the lobby lists it); each
    person's seat there is kept for them, so a stranger who reads it cannot take it."""
    table_id, tokens = finished_table(live_module)
    status, first = seat_post(live_module, table_id, "again", tokens[0])
    assert status == 200, first
    with live_module.http() as http:
        new_id = http.get(f"/api/tables/{table_id}").json()["again"]
        assert new_id == first["table"]
        response = http.post(f"/api/tables/{new_id}/seats/1/join", json={"nickname": "Mallory"})
        assert response.status_code == 409, response.text
        body = response.json()
        assert body["code"] == "seat_held", body
        assert "seat 1 is kept for its player" in body["detail"] and table_id in body["detail"]
        assert "open seats: none" in body["detail"], body
        # Nothing changed: the seat is still kept for Ben, and the description says so
        # (a stranger is not offered it as a free seat).
        described = http.get(f"/api/tables/{new_id}").json()
        assert (described["free_seats"], described["held_seats"]) == ([], [1]), described
        assert described["held_until"] is not None
        listed = {t["id"]: t for t in http.get("/api/tables").json()["tables"]}
        assert listed[new_id]["free_seats"] == []
    status, second = seat_post(live_module, table_id, "again", tokens[1])
    assert status == 200 and (second["table"], second["seat"]) == (new_id, 1), second
    with live_module.http() as http:
        described = http.get(f"/api/tables/{new_id}").json()
        assert (described["free_seats"], described["held_seats"]) == ([], []), described
        assert described["held_until"] is None


def test_asking_to_play_again_twice_gives_the_same_seat_back(live_module: LiveServer) -> None:
    """The first answer may be lost on its way (or a second tab asks): asking again gives
    the same seat and token, not "seat taken"; a token of no seat still gets nothing."""
    table_id, tokens = finished_table(live_module)
    status, first = seat_post(live_module, table_id, "again", tokens[0])
    assert status == 200, first
    status, again = seat_post(live_module, table_id, "again", tokens[0])
    assert status == 200, again
    assert (again["table"], again["seat"], again["token"]) == (
        first["table"],
        first["seat"],
        first["token"],
    )
    # Ben's ask, twice too, gets his own seat; the two tokens differ.
    ben = [seat_post(live_module, table_id, "again", tokens[1]) for _ in range(2)]
    assert [status for status, _ in ben] == [200, 200], ben
    assert ben[0][1] == ben[1][1] and ben[0][1]["seat"] == 1
    assert ben[0][1]["token"] != first["token"]
    # The tokens work at the new table: Anna (its host) starts it.
    status, started = seat_post(live_module, first["table"], "start", first["token"])
    assert status == 200, started
    # After the start, asking again still returns the seat (nothing else changes).
    status, later = seat_post(live_module, table_id, "again", tokens[1])
    assert status == 200 and later == ben[0][1], later
    status, forged = seat_post(live_module, table_id, "again", "not-a-token")
    assert (status, forged["code"]) == (403, "bad_token"), forged


def open_row(game: str, players: int, held: dict[str, Any]) -> TableRow:
    """An open table's row with no seat taken, whose settings hold `held` (`HELD`)."""
    return TableRow(
        id="next",
        game=game,
        options={},
        seed=1,
        players=players,
        status="open",
        settings={HELD: held},
        result=None,
        created_at=datetime(2026, 1, 1, 12, tzinfo=UTC),
        started_at=None,
        finished_at=None,
        seats=(),
    )


def test_a_held_seat_is_open_to_anyone_once_its_time_is_over() -> None:
    held = {"seats": [1], "until": "2026-01-01T12:05:00+00:00", "from": "old"}
    row = open_row("quiclo", 2, held)
    before = datetime(2026, 1, 1, 12, 4, 59, tzinfo=UTC)
    assert held_until(row, 1, before) == datetime(2026, 1, 1, 12, 5, tzinfo=UTC)
    assert held_until(row, 0, before) is None, "a seat that was nobody's is not held"
    assert held_until(row, 1, datetime(2026, 1, 1, 12, 5, tzinfo=UTC)) is None


def test_a_tutorials_seat_is_kept_for_its_person_from_its_creation() -> None:
    """Between creating a tutorial table and seating its person the table is open (and
    listed): its person's seat is held, so nobody else can take it in that moment."""
    held = {"seats": [0], "until": "2999-01-01T00:00:00+00:00", "from": None}
    row = open_row("quashars", 3, held)
    with pytest.raises(HubError) as refused:
        Hub._check_not_held(row, 0)
    assert refused.value.code == "seat_held"
    assert "the seat of the person this tutorial is for" in refused.value.message


def test_play_again_after_an_abandoned_table_says_it_was_aborted(
    db_url: str, tmp_path: Path
) -> None:
    env = {"QUINTET_ABANDON_AFTER": "0.01"}  # past at the first look: nobody connects
    with running_server(db_url, tmp_path, env=env) as server, server.http() as http:
        response = http.post("/api/tutorials/quashars", json={"nickname": "ann"})
        assert response.status_code == 201, response.text
        table_id, token = response.json()["table"]["id"], response.json()["token"]
        give_up = time.monotonic() + RECEIVE_TIMEOUT  # only turns a hang into a failure
        while http.get(f"/api/tables/{table_id}").json()["status"] != "aborted":
            assert time.monotonic() < give_up, "the tutorial was never abandoned"
            time.sleep(0.1)
        status, body = seat_post(server, table_id, "again", token)
        assert status == 409 and body["code"] == "not_finished", body
        assert "was ended without a result (aborted)" in body["detail"], body
        assert http.get(f"/api/tables/{table_id}").json()["again"] is None


# ---------------------------------------------------------------------------- hints


def test_hints_are_rate_limited_per_address(db_url: str, tmp_path: Path) -> None:
    # A burst of 2, then one more a thousand minutes later: the 3rd is refused.
    env = {"QUINTET_HINTS_PER_MINUTE": "0.001", "QUINTET_HINTS_BURST": "2"}
    with running_server(db_url, tmp_path, env=env) as server, server.http() as http:
        response = http.post("/api/tutorials/quiddler", json={"nickname": "ann"})
        assert response.status_code == 201, response.text
        started = response.json()
        path = f"/api/tables/{started['table']['id']}/hint"
        headers = {"Authorization": f"Bearer {started['token']}"}
        for _ in range(2):
            answer = http.post(path, headers=headers)
            assert answer.status_code == 200, answer.text
        refused = http.post(path, headers=headers)
        assert refused.status_code == 429, refused.text
        assert refused.json() == {
            "code": "rate_limited",
            "detail": "at most 2 hints at once and 0.001 a minute from one address; "
            "try again later",
        }


@pytest.mark.parametrize("table_id", ["%00", "a%00b", "x" * 65])
def test_an_id_no_table_can_have_is_no_table_without_asking_the_database(
    live_module: LiveServer, table_id: str
) -> None:
    """PostgreSQL refuses a NUL byte: asked, it would answer a stranger 503 storage_failed
    (and log a storage alarm). Such an id is simply no table, over HTTP and WebSocket."""
    with live_module.http() as http:
        for response in (
            http.get(f"/api/tables/{table_id}"),
            http.post(f"/api/tables/{table_id}/sample"),
        ):
            assert response.status_code == 404, response.text
            assert response.json()["code"] == "no_table"
    with connect_table(live_module, table_id, None) as ws:
        error = receive(ws)
        assert error["code"] == "no_table", error
    assert "storage failed" not in live_module.log()
