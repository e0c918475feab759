"""Ratings through a real server, on SQLite and PostgreSQL: player keys on join, a rated
table rated exactly once (also across a restart that finishes it again), bad keys
refused without a change, practice and unrated tables left out, the rate limit."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import delete, update
from tests.server.live import (
    LiveServer,
    RandomLegal,
    Session,
    connect_table,
    create_table,
    live_fixture,  # noqa: F401 (the live fixture)
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    play_session,
    play_to_end,
    running_server,
    start,
    start_server,
)
from tests.server.ratings_seed import seed_board

from quintet.server.ratings import is_rated
from quintet.server.storage import SeatRow, Store, TableRow, models
from quintet.server.storage.rows import SeatKind

QUASHARS_FAST = {"pause_ms": 0}
AT = datetime(2026, 12, 1, tzinfo=UTC)


def new_key(http: httpx.Client) -> tuple[str, str]:
    response = http.post("/api/players")
    assert response.status_code == 201, response.text
    body = response.json()
    return body["key_id"], body["key"]


def join_with(http: httpx.Client, table_id: str, seat: int, nickname: str, key: str) -> Any:
    return http.post(
        f"/api/tables/{table_id}/seats/{seat}/join",
        json={"nickname": nickname},
        headers={"X-Player-Key": key},
    )


def play_table(live: LiveServer, key: str, nickname: str = "ann", **extra: Any) -> str:
    """A Quashars table of the key's person and two bots, played to the end."""
    with live.http() as http:
        table = create_table(http, "quashars", ["human", "basic", "random"], QUASHARS_FAST, **extra)
        table_id: str = table["id"]
        joined = join_with(http, table_id, 0, nickname, key)
        assert joined.status_code == 200, joined.text
        start(http, table_id, joined.json()["token"])
    with connect_table(live, table_id, joined.json()["token"]) as ws:
        assert play_to_end(ws, RandomLegal(seed=3)).last["status"] == "finished"
    return table_id


def board(http: httpx.Client, game: str = "quashars") -> list[dict[str, Any]]:
    response = http.get(f"/api/ratings/{game}")
    assert response.status_code == 200, response.text
    rows: list[dict[str, Any]] = response.json()["ratings"]
    return rows


def test_a_rated_table_rates_each_seat_once_and_a_restart_finishing_it_again_does_not(
    live: LiveServer, tmp_path: Path
) -> None:
    with live.http() as http:
        key_id, key = new_key(http)
    table_id = play_table(live, key, "ann")
    with live.http() as http:
        after = board(http)
        player = http.get(f"/api/players/{key_id}").json()
    assert sorted(r["subject"] for r in after) == ["ann", "bot: basic", "bot: random"]
    assert [r["rank"] for r in after] == [1, 2, 3]
    assert all(r["games"] == 1 for r in after)
    assert all(abs(r["ordinal"] - (r["mu"] - 3 * r["sigma"])) < 1e-9 for r in after)
    mine = next(r for r in after if r["key_id"] == key_id)
    assert player["nickname"] == "ann" and player["ratings"]["quashars"]["mu"] == mine["mu"]
    assert [(h["table_id"], h["mu"]) for h in player["history"]] == [(table_id, mine["mu"])]
    assert key not in str(player) and key.split(".")[1] not in str(after)
    live.stop()

    async def unfinish(store: Store, *, forget_rating: bool) -> None:
        """Put the table back as a kill before its finish would leave it: running, no
        result (its inputs all stored); with `forget_rating`, without its rating too."""
        t = models.tables
        async with store.engine.begin() as c:
            await c.execute(
                update(t).where(t.c.id == table_id).values(status="running", result=None)
            )
            if forget_rating:
                for table in (models.ratings, models.rating_history, models.rated_tables):
                    await c.execute(delete(table))

    async def on_db(forget_rating: bool) -> None:
        store = await Store.open(live.db_url)
        try:
            await unfinish(store, forget_rating=forget_rating)
        finally:
            await store.close()

    # The replay finishes the table again: the ratings stay as they were ...
    asyncio.run(on_db(forget_rating=False))
    with running_server(live.db_url, tmp_path / "again") as server, server.http() as http:
        assert http.get(f"/api/tables/{table_id}").json()["status"] == "finished"
        assert board(http) == after
    # ... and had the kill come before the one commit of result and rating, the replay
    # stores both, the same.
    asyncio.run(on_db(forget_rating=True))
    with running_server(live.db_url, tmp_path / "third") as server, server.http() as http:
        assert http.get(f"/api/tables/{table_id}").json()["status"] == "finished"
        assert board(http) == after


def test_bad_keys_are_refused_and_change_nothing(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human", "random", "random"], QUASHARS_FAST)[
            "id"
        ]
        key_id, key = new_key(http)
        forged = key[:-1] + ("A" if key[-1] != "A" else "B")
        for bad, status, code in (
            ("not a key", 400, "player_key/malformed"),
            (key + "x", 400, "player_key/malformed"),
            (forged, 401, "player_key/unknown"),
        ):
            refused = join_with(http, table_id, 0, "eve", bad)
            assert refused.status_code == status, refused.text
            assert refused.json()["code"] == code
            assert "X-Player-Key" in refused.json()["detail"]
            assert bad not in refused.text
            assert http.get(f"/api/tables/{table_id}").json()["free_seats"] == [0]
        assert http.get(f"/api/players/{key_id}").json()["nickname"] is None


def test_a_player_key_takes_one_seat_at_a_rated_table(live_module: LiveServer) -> None:
    seats = ["human", "human", "random"]
    with live_module.http() as http:
        key_id, key = new_key(http)
        rated = create_table(http, "quashars", seats, QUASHARS_FAST)["id"]
        assert join_with(http, rated, 0, "ann", key).status_code == 200
        second = join_with(http, rated, 1, "ann again", key)
        assert second.status_code == 409, second.text
        assert second.json()["code"] == "player_key/seated"
        assert "at a rated table one player key takes one seat" in second.json()["detail"]
        assert http.get(f"/api/tables/{rated}").json()["free_seats"] == [1]  # nothing stored
        assert http.get(f"/api/players/{key_id}").json()["nickname"] == "ann"
        _, other = new_key(http)
        assert join_with(http, rated, 1, "bo", other).status_code == 200
        # Unrated and practice tables take one key in several seats, as before.
        for extra in ({"rated": False}, {"practice": True}):
            table_id = create_table(http, "quashars", seats, QUASHARS_FAST, **extra)["id"]
            for seat in (0, 1):
                joined = join_with(http, table_id, seat, "ann", key)
                assert joined.status_code == 200, (extra, joined.text)


def test_a_key_is_checked_without_joining(live_module: LiveServer) -> None:
    with live_module.http() as http:
        key_id, key = new_key(http)
        forged = key[:-1] + ("A" if key[-1] != "A" else "B")
        good = http.post("/api/players/check", headers={"X-Player-Key": key})
        assert good.status_code == 200 and good.json() == {"key_id": key_id}
        for headers, status, code in (
            ({"X-Player-Key": forged}, 401, "player_key/unknown"),
            ({"X-Player-Key": "not a key"}, 400, "player_key/malformed"),
            ({}, 400, "player_key/malformed"),
        ):
            refused = http.post("/api/players/check", headers=headers)
            assert refused.status_code == status, refused.text
            assert refused.json()["code"] == code and "X-Player-Key" in refused.json()["detail"]
            assert forged not in refused.text


def test_practice_and_unrated_tables_change_no_rating(live_module: LiveServer) -> None:
    with live_module.http() as http:
        key_id, key = new_key(http)
    play_table(live_module, key, practice=True)
    play_table(live_module, key, rated=False)
    with live_module.http() as http:
        assert http.get(f"/api/players/{key_id}").json()["history"] == []
        mine = [r for r in board(http) if r["key_id"] == key_id]
    assert mine == []


def test_unknown_games_and_players_are_404(live_module: LiveServer) -> None:
    with live_module.http() as http:
        game = http.get("/api/ratings/chess")
        assert game.status_code == 404 and game.json()["code"] == "game/unknown"
        long = http.get("/api/ratings/" + "x" * 5000)  # quoted short, with its length
        assert long.status_code == 404 and "x" * 33 not in long.text
        assert "(5000 characters)" in long.json()["detail"]
        nobody = http.get("/api/players/nobody")
        assert nobody.status_code == 404 and nobody.json()["code"] == "no_player"
        assert board(http, "quiclo") == []  # nobody played it here: an empty board, not 404


def test_key_creation_is_rate_limited_per_address(db_url: str, tmp_path: Path) -> None:
    env = {"QUINTET_CREATE_PER_MINUTE": "1", "QUINTET_CREATE_BURST": "2"}
    with running_server(db_url, tmp_path, env=env) as server, server.http() as http:
        assert [http.post("/api/players").status_code for _ in range(3)] == [201, 201, 429]
        assert http.post("/api/players").json()["code"] == "rate_limited"


def test_a_kill_9_in_a_rated_game_loses_neither_result_nor_rating(
    db_url: str, tmp_path: Path
) -> None:
    """kill -9 after the person's third action (in flight), restart, play to the end, then
    kill -9 again right after the end and restart: the table is rated once, its result
    and its ratings stored together."""
    server = start_server(db_url, tmp_path / "first")
    try:
        with server.http() as http:
            key_id, key = new_key(http)
            table = create_table(http, "quashars", ["human", "basic", "random"], QUASHARS_FAST)
            joined = join_with(http, table["id"], 0, "ann", key)
            token = joined.json()["token"]
            start(http, table["id"], token)
        sends = 0

        def kill_on_third() -> None:
            nonlocal sends
            sends += 1
            if sends == 3:
                server.kill()

        with connect_table(server, table["id"], token) as ws:
            first = play_session(ws, RandomLegal(seed=5), Session(seat=0), "a", kill_on_third)
        assert first.ended != "finished" and sends == 3
    finally:
        server.kill()
    server = start_server(db_url, tmp_path / "second")
    try:
        with connect_table(server, table["id"], token) as ws:
            assert play_to_end(ws, RandomLegal(seed=6)).last["status"] == "finished"
    finally:
        server.kill()  # right after the end: no clean shutdown either
    with running_server(db_url, tmp_path / "third") as server, server.http() as http:
        result = http.get(f"/api/tables/{table['id']}/result")
        assert result.status_code == 200
        rows = board(http)
        history = http.get(f"/api/players/{key_id}").json()["history"]
    assert sorted(r["subject"] for r in rows) == ["ann", "bot: basic", "bot: random"]
    assert all(r["games"] == 1 for r in rows)
    assert [h["table_id"] for h in history] == [table["id"]]


@pytest.mark.parametrize(
    ("kinds", "settings", "rated"),
    [
        (("human", "bot"), {}, True),
        (("bot", "bot"), {}, False),
        (("bot", "bot"), {"rated": True}, True),
        (("human", "bot"), {"rated": False}, False),
        (("human", "bot"), {"practice": True}, False),
        (("human", "bot"), {"practice": True, "rated": True}, False),
        (("human", "bot"), {"tutorial": True, "practice": True}, False),
        (("human", "bot"), {"tutorial": True}, False),
        (("human", "bot"), {"tutorial": True, "rated": True}, False),
    ],
)
def test_which_tables_are_rated(
    kinds: tuple[SeatKind, ...], settings: dict[str, Any], rated: bool
) -> None:
    seats = tuple(
        SeatRow(i, kind, level="basic" if kind == "bot" else None) for i, kind in enumerate(kinds)
    )
    row = TableRow(
        "t", "quashars", {}, 1, len(seats), "running", settings, AT, AT, None, None, seats
    )
    assert is_rated(row) is rated


def test_playing_again_keeps_the_persons_player_key(live_module: LiveServer) -> None:
    with live_module.http() as http:
        key_id, key = new_key(http)
        table = create_table(http, "quashars", ["human", "basic", "random"], QUASHARS_FAST)
        token = join_with(http, table["id"], 0, "ann", key).json()["token"]
        start(http, table["id"], token)
    with connect_table(live_module, table["id"], token) as ws:
        assert play_to_end(ws, RandomLegal(seed=9)).last["status"] == "finished"
    with live_module.http() as http:
        again = http.post(
            f"/api/tables/{table['id']}/again", headers={"Authorization": f"Bearer {token}"}
        )
    assert again.status_code == 200, again.text
    next_table, seat = again.json()["table"], again.json()["seat"]

    async def keys() -> tuple[str | None, str | None]:
        store = await Store.open(live_module.db_url)
        try:
            return await store.seat_key(table["id"], 0), await store.seat_key(next_table, seat)
        finally:
            await store.close()

    assert asyncio.run(keys()) == (key_id, key_id)


def test_the_leaderboard_pages_through_every_rating_in_order(live_module: LiveServer) -> None:
    """250 people and 2 bot levels: pages of 100 (the default), then of 7, cover the whole
    board once, in the order of mu - 3 sigma (ties by subject), ranks counting on; a
    player's own rank names their row; an offset past the end is an empty page."""
    subjects = seed_board(live_module.db_url, "double-quick", 250)
    order = [s for s, _ in sorted(subjects, key=lambda one: (-one[1], one[0]))]
    with live_module.http() as http:
        pages = []
        for offset in (0, 100, 200):
            body = http.get("/api/ratings/double-quick", params={"offset": offset}).json()
            assert (body["total"], body["offset"], body["limit"]) == (252, offset, 100)
            pages.append(body["ratings"])
        assert [len(p) for p in pages] == [100, 100, 52]
        rows = [row for page in pages for row in page]
        assert [r["rank"] for r in rows] == list(range(1, 253))
        assert [r["key_id"] or f"bot:{r['bot']}" for r in rows] == order
        small = []
        for offset in range(0, 252, 7):
            page = http.get(f"/api/ratings/double-quick?offset={offset}&limit=7").json()
            small += page["ratings"]
        assert small == rows
        past = http.get("/api/ratings/double-quick?offset=252").json()
        assert (past["total"], past["ratings"]) == (252, [])
        somebody = order[137]
        player = http.get(f"/api/players/{somebody}").json()
        rank = player["ratings"]["double-quick"]["rank"]
        assert rank == 138 and rows[rank - 1]["key_id"] == somebody


@pytest.mark.parametrize(
    ("query", "field", "rule"),
    [
        ("offset=-1", "offset", "greater than or equal to 0"),
        ("offset=x", "offset", "valid integer"),
        ("offset=10000000000", "offset", "less than or equal to 1000000000"),
        ("limit=0", "limit", "greater than or equal to 1"),
        ("limit=101", "limit", "less than or equal to 100"),
        ("limit=2.5", "limit", "valid integer"),
        ("offset=1&offset=2", "offset", "at most once"),
        ("limit=5&limit=5", "limit", "at most once"),
        ("offset=%2B1", "offset", "plain digits 0-9 only"),
        ("offset=%201", "offset", "plain digits 0-9 only"),
        ("offset=1%20", "offset", "plain digits 0-9 only"),
        ("offset=1_000", "offset", "plain digits 0-9 only"),
        ("limit=%EF%BC%95", "limit", "valid integer"),  # a full-width 5
    ],
)
def test_a_bad_page_is_refused_by_name(
    live_module: LiveServer, query: str, field: str, rule: str
) -> None:
    with live_module.http() as http:
        refused = http.get(f"/api/ratings/quashars?{query}")
    assert refused.status_code == 422, refused.text
    body = refused.json()
    assert body["code"] == "bad_request"
    assert body["detail"].startswith(f"{field}: ") and rule in body["detail"]
