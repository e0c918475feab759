"""Player keys and ratings in the store, on both backends: keys stored hashed and checked,
a rated table's result and rating updates in one transaction, rated once only."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select, text
from tests.server.test_store import new_table, run

from quintet.server.storage import SeatRow, StorageError, Store, models
from quintet.server.storage.ratings import BadPlayerKey, rate

AT = datetime(2026, 12, 1, 12, tzinfo=UTC)
RESULT = {"scores": [5, 1, 3], "ranks": [1, 3, 2]}
SEATS = (SeatRow(0, "human"), SeatRow(1, "human"), SeatRow(2, "bot", level="medium"))


async def rated_table(store: Store, table_id: str) -> tuple[str, str]:
    """A running table of two keyed people and a medium bot; returns the two key_ids."""
    await store.create_table(new_table(table_id, seats=SEATS))
    ids = []
    for seat, name in ((0, "Anna"), (1, "Bo")):
        key_id, key = await store.create_player()
        assert await store.verify_player(key) == key_id
        await store.claim_seat(table_id, seat, name, f"hash{seat}")
        await store.link_seat(table_id, seat, key_id)
        ids.append(key_id)
    await store.set_status(table_id, "running")
    return ids[0], ids[1]


async def snapshot(store: Store) -> list[Any]:
    async with store.engine.begin() as c:
        rows = await c.execute(select(models.ratings).order_by(models.ratings.c.subject))
        history = await c.execute(select(models.rating_history))
        return [tuple(r) for r in rows] + [tuple(h) for h in history]


def test_a_rated_table_stores_its_result_and_rates_its_seats_once(db_url: str) -> None:
    async def go(store: Store) -> None:
        anna, bo = await rated_table(store, "t")
        assert await store.finish_rated("t", RESULT, [1, 3, 2], AT) is True
        row = await store.table("t")
        assert row is not None and row.status == "finished" and row.result == RESULT
        board = await store.ratings("quashars")
        assert [r.subject for r in board] == [anna, "bot:medium", bo]
        assert [r.nickname for r in board] == ["Anna", None, "Bo"]
        assert all(r.games == 1 for r in board)
        expected = rate({}, {anna: 1, "bot:medium": 2, bo: 3})
        assert {r.subject: (r.mu, r.sigma) for r in board} == expected
        before = await snapshot(store)
        # A replayed finish (after a restart) stores the result again, rates nothing.
        assert await store.finish_rated("t", RESULT, [1, 3, 2], AT) is False
        assert await snapshot(store) == before
        player = await store.player(anna)
        assert player is not None
        nickname, ratings, history = player
        assert nickname == "Anna" and list(ratings) == ["quashars"]
        assert [(h.table_id, h.mu) for h in history] == [("t", expected[anna][0])]
        assert await store.player("nobody") is None

    run(go, db_url)


def test_a_second_table_starts_from_the_first_ones_ratings(db_url: str) -> None:
    async def go(store: Store) -> None:
        anna, bo = await rated_table(store, "t1")
        await store.finish_rated("t1", RESULT, [1, 3, 2], AT)
        first = {r.subject: (r.mu, r.sigma) for r in await store.ratings("quashars")}
        await store.create_table(new_table("t2", seats=SEATS))
        await store.claim_seat("t2", 0, "Bo2", "h")
        await store.link_seat("t2", 0, bo)  # Bo, now at seat 0, renamed
        await store.set_status("t2", "running")
        await store.finish_rated("t2", RESULT, [1, 2, 2], AT)  # seat 1 has no key
        board = {r.subject: r for r in await store.ratings("quashars")}
        assert board[bo].games == 2 and board[bo].nickname == "Bo2"
        assert board[anna].games == 1 and (board[anna].mu, board[anna].sigma) == first[anna]
        want = rate({bo: first[bo], "bot:medium": first["bot:medium"]}, {bo: 1, "bot:medium": 2})
        assert (board[bo].mu, board[bo].sigma) == want[bo]
        player = await store.player(bo)
        assert player is not None and [h.table_id for h in player[2]] == ["t1", "t2"]

    run(go, db_url)


def test_a_table_with_fewer_than_two_rated_subjects_changes_no_rating(db_url: str) -> None:
    async def go(store: Store) -> None:
        await store.create_table(new_table("t", seats=SEATS[:2]))
        await store.set_status("t", "running")
        assert await store.finish_rated("t", RESULT, [1, 2], AT) is True
        assert await store.ratings("quashars") == []
        row = await store.table("t")
        assert row is not None and row.status == "finished"

    run(go, db_url)


def test_a_finish_that_fails_midway_stores_neither_result_nor_rating(db_url: str) -> None:
    """The crash between result and rating: the transaction that would rate fails after
    setting the result (here: a rank list too short), and nothing of it is stored."""

    async def go(store: Store) -> None:
        await rated_table(store, "t")
        with pytest.raises(IndexError):
            await store.finish_rated("t", RESULT, [1, 2], AT)
        row = await store.table("t")
        assert row is not None and row.status == "running" and row.result is None
        assert await snapshot(store) == []
        async with store.engine.begin() as c:
            assert (await c.execute(select(models.rated_tables))).all() == []
        # The replay after the restart finishes and rates it.
        assert await store.finish_rated("t", RESULT, [1, 3, 2], AT) is True
        assert len(await store.ratings("quashars")) == 3

    run(go, db_url)


def test_an_unknown_table_is_refused(db_url: str) -> None:
    async def go(store: Store) -> None:
        with pytest.raises(StorageError, match="no table 'nope'"):
            await store.finish_rated("nope", RESULT, [1], AT)

    run(go, db_url)


@pytest.mark.parametrize(
    ("key", "malformed"),
    [
        ("", True),
        ("abc", True),
        ("x" * 12 + "." + "y" * 42, True),
        ("x" * 12 + "." + "y" * 43 + "\n", True),
        ("x" * 12 + "." + "y" * 43, False),  # well formed, no such player
    ],
)
def test_bad_keys_are_refused(db_url: str, key: str, malformed: bool) -> None:
    async def go(store: Store) -> None:
        with pytest.raises(BadPlayerKey) as refused:
            await store.verify_player(key)
        assert refused.value.malformed is malformed

    run(go, db_url)


def test_a_forged_secret_for_a_real_id_is_refused_and_the_key_is_stored_hashed(
    db_url: str,
) -> None:
    async def go(store: Store) -> None:
        key_id, key = await store.create_player()
        forged = key[:-1] + ("A" if key[-1] != "A" else "B")
        with pytest.raises(BadPlayerKey, match="fits no player"):
            await store.verify_player(forged)
        async with store.engine.begin() as c:
            stored = (await c.execute(select(models.players))).one()
        assert stored.key_id == key_id and key.split(".")[1] not in str(tuple(stored))

    run(go, db_url)


def test_a_claim_with_a_key_links_it_in_the_same_write(db_url: str) -> None:
    """`claim_seat(key_id=...)` stores the claim, the seat's key and the key's nickname
    together; with `one_seat_per_key`, of two claims of one key at once exactly one wins,
    and a refused claim stores nothing."""

    async def go(store: Store) -> None:
        await store.create_table(new_table("t", seats=SEATS))
        key_id, _ = await store.create_player()
        other, _ = await store.create_player()
        wins = await asyncio.gather(
            *(
                store.claim_seat("t", seat, f"Ann{seat}", "h", key_id=key_id, one_seat_per_key=True)
                for seat in (0, 1)
            )
        )
        assert sorted(wins) == [False, True]
        won, lost = (0, 1) if wins[0] else (1, 0)
        assert await store.seat_key("t", won) == key_id
        assert await store.seat_key("t", lost) is None
        row = await store.table("t")
        assert row is not None and row.seats[lost].nickname is None
        player = await store.player(key_id)
        assert player is not None and player[0] == f"Ann{won}"
        # Another key takes the free seat; without the rule, one key takes two seats.
        assert await store.claim_seat("t", lost, "Bo", "h", key_id=other, one_seat_per_key=True)
        await store.create_table(new_table("free", seats=SEATS))
        for seat in (0, 1):
            assert await store.claim_seat("free", seat, "Ann", "h", key_id=key_id)
            assert await store.seat_key("free", seat) == key_id

    run(go, db_url)


def test_two_claims_of_one_key_take_turns_on_postgresql(pg_url: str) -> None:
    """On PostgreSQL two claims of one key on two seats update different rows, so nothing
    made them wait for each other: both could see no other seat with the key and both
    win. Made certain here: the table's seats are held locked (FOR SHARE) while both
    claims are sent, so both wait whatever they do first; once let go, claims that take
    turns end with one winner, claims that do not both win (each one's check ran on a
    snapshot from before the other's commit)."""

    async def main() -> None:
        store = await Store.open(pg_url)
        try:
            table = new_table(seats=SEATS)
            await store.create_table(table)
            key_id, _ = await store.create_player()
            seats = models.seats
            async with store.engine.connect() as holder:
                await holder.begin()
                await holder.execute(
                    select(seats.c.seat)
                    .where(seats.c.table_id == table.id)
                    .with_for_update(read=True)
                )
                claims = [
                    asyncio.ensure_future(
                        store.claim_seat(
                            table.id, seat, "Ann", "h", key_id=key_id, one_seat_per_key=True
                        )
                    )
                    for seat in (0, 1)
                ]
                await _until_both_wait_or_end(store, claims)
                await holder.rollback()
            wins = await asyncio.gather(*claims)
            assert sorted(wins) == [False, True], wins
        finally:
            await store.close()

    asyncio.run(main())


async def _until_both_wait_or_end(store: Store, claims: list[asyncio.Future[bool]]) -> None:
    """Return once both claims have ended, or both wait for a lock (PostgreSQL's view of
    its sessions); a wait for a condition, not for a time."""
    waiting = text(
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    for _ in range(10_000):
        if all(claim.done() for claim in claims):
            return
        async with store.engine.connect() as look:
            if (await look.execute(waiting)).scalar_one() >= 2:
                return
        await asyncio.sleep(0.005)
    raise AssertionError("the two claims neither ended nor waited for a lock")
