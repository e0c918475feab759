"""The hub in process, on a real store (SQLite and PostgreSQL): what the API cannot reach
because it validates first, e.g. a stored table whose runner cannot be built."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from quintet.server.errors import ErrorCode, HubError
from quintet.server.hub import Hub
from quintet.server.lobby import Lobby, SeatSpec
from quintet.server.settings import Settings
from quintet.server.storage import NewTable, SeatRow, Store, new_table_id
from quintet.server.tutorials import start_tutorial


def test_a_table_whose_runner_fails_to_build_stays_open(db_url: str) -> None:
    async def main() -> None:
        store = await Store.open(db_url)
        hub = Hub(store, Settings(db_url=db_url))
        try:
            table_id = new_table_id()
            bots = tuple(SeatRow(seat, "bot", "basic") for seat in range(3))
            # What finding 5 sent through the API before it bounded the number: the
            # runner's zombie timer overflows.
            await store.create_table(
                NewTable(table_id, "quashars", {}, 7, bots, {"zombie_after_s": 1e306})
            )
            with pytest.raises(HubError) as refused:
                await hub.start(table_id, None)
            assert refused.value.code == ErrorCode.SERVER_ERROR
            assert "stays open" in refused.value.message
            row = await store.table(table_id)
            assert row is not None and row.status == "open" and row.started_at is None
            assert table_id not in hub.runners
        finally:
            await hub.close()
            await store.close()

    asyncio.run(main())


def test_open_tables_nobody_joins_expire(db_url: str) -> None:
    async def main() -> None:
        store = await Store.open(db_url)
        hub = Hub(store, Settings(db_url=db_url, open_table_ttl_s=3600))
        now = datetime.now(UTC)
        old = now - timedelta(hours=2)
        humans = tuple(SeatRow(seat, "human") for seat in range(3))
        try:
            ids = {name: new_table_id() for name in ("idle", "joined", "new", "running")}
            for name, created in (("idle", old), ("joined", old), ("new", now), ("running", old)):
                await store.create_table(
                    NewTable(ids[name], "quashars", {}, 7, humans, created_at=created)
                )
            recently = now - timedelta(minutes=10)
            assert await store.claim_seat(ids["joined"], 0, "ann", "h" * 64, joined_at=recently)
            await store.set_status(ids["running"], "running", only_from="open")
            assert await hub.expire_open() == [ids["idle"]]
            assert await store.table(ids["idle"]) is None
            for name in ("joined", "new", "running"):
                assert await store.table(ids[name]) is not None, name
        finally:
            await hub.close()
            await store.close()

    asyncio.run(main())


def test_the_listing_pages_in_order(db_url: str) -> None:
    async def main() -> None:
        store = await Store.open(db_url)
        try:
            start = datetime.now(UTC) - timedelta(minutes=5)
            humans = tuple(SeatRow(seat, "human") for seat in range(3))
            made = []
            for number in range(7):
                table_id = new_table_id()
                # Two tables per instant: the id breaks the tie.
                created = start + timedelta(seconds=number // 2)
                await store.create_table(
                    NewTable(table_id, "quashars", {}, 7, humans, created_at=created)
                )
                made.append((created, table_id))
            full = new_table_id()
            await store.create_table(
                NewTable(full, "quashars", {}, 7, (SeatRow(0, "human"),), created_at=start)
            )
            assert await store.claim_seat(full, 0, "ann", "h" * 64)
            seen: list[str] = []
            after = None
            while True:
                page = await store.page("open", free_only=True, limit=3, after=after)
                assert len(page) <= 3
                seen += [row.id for row in page]
                if len(page) < 3:
                    break
                after = page[-1].id
            assert seen == [table_id for _, table_id in sorted(made)], "oldest first, no gaps"
            assert await store.page("open", after="no-such-table") == []
        finally:
            await store.close()

    asyncio.run(main())


def test_a_stranger_cannot_take_a_tutorial_seat_before_its_person(db_url: str) -> None:
    """The tutorial table is open (and listed) between its creation and its person's
    join: a stranger who joins in that moment is refused, and the person gets the seat."""

    async def main() -> None:
        store = await Store.open(db_url)
        hub = Hub(store, Settings(db_url=db_url))
        create = hub.create_table
        strangers: list[str] = []

        async def create_then_race(*args: object, **kwargs: object) -> object:
            row = await create(*args, **kwargs)  # type: ignore[arg-type]
            try:
                await hub.join(row.id, 0, "Mallory")
            except HubError as error:
                strangers.append(error.code)
            return row

        hub.create_table = create_then_race  # type: ignore[method-assign,assignment]
        try:
            row, seat, _token = await start_tutorial(hub, "quashars", "Anna")
            assert strangers == [ErrorCode.SEAT_HELD]
            stored = await store.table(row.id)
            assert stored is not None and stored.seats[seat].nickname == "Anna"
            assert stored.status == "running"
        finally:
            await hub.close()
            await store.close()

    asyncio.run(main())


def test_a_join_on_the_creating_server_still_sees_what_another_server_did(db_url: str) -> None:
    """The creating hub checks a join against the row it created (no read); the claim
    itself says whether the seat is still free and the table still open, whatever
    another hub on the same store did meanwhile, and the refusal names which."""

    async def main() -> None:
        store = await Store.open(db_url)
        mine, other = Hub(store, Settings(db_url=db_url)), Hub(store, Settings(db_url=db_url))
        try:
            humans = [SeatSpec("human")] * 3
            row = await mine.create_table("quashars", {}, humans)
            assert row == await mine.row(row.id)  # the row it holds is the stored one
            token = await other.join(row.id, 0, "ann")
            with pytest.raises(HubError) as taken:
                await mine.join(row.id, 0, "bob")
            assert taken.value.code == ErrorCode.SEAT_TAKEN
            assert "open seats: 1, 2" in taken.value.message
            for seat in (1, 2):
                await other.join(row.id, seat, f"p{seat}")
            await other.start(row.id, token)
            with pytest.raises(HubError) as started:
                await mine.join(row.id, 1, "bob")
            assert started.value.code == ErrorCode.NOT_OPEN
            with pytest.raises(HubError) as no_seat:
                await mine.join(row.id, 5, "bob")
            assert no_seat.value.code == ErrorCode.NO_SEAT
        finally:
            await mine.close()
            await other.close()
            await store.close()

    asyncio.run(main())


def test_a_start_on_the_creating_server_checks_its_claims_and_the_store(db_url: str) -> None:
    """The creating hub starts a table it saw fully joined from the claims it kept (no
    read): they are the stored seats, tokens included. What another hub did meanwhile
    still decides: a start there first, or the table gone."""

    async def main() -> None:
        store = await Store.open(db_url)
        mine, other = Hub(store, Settings(db_url=db_url)), Hub(store, Settings(db_url=db_url))
        humans = [SeatSpec("human")] * 3
        try:
            row = await mine.create_table("quashars", {}, humans)
            tokens = [await mine.join(row.id, seat, f"p{seat}") for seat in range(3)]
            with pytest.raises(HubError) as stranger:
                await mine.start(row.id, "not-a-seat-token")
            assert stranger.value.code == ErrorCode.BAD_TOKEN
            started = await mine.start(row.id, tokens[2])
            stored = await store.table(row.id)
            assert stored is not None and started.seats == stored.seats
            assert (started.status, stored.status) == ("running", "running")

            first = await mine.create_table("quashars", {}, humans)
            tokens = [await mine.join(first.id, seat, f"p{seat}") for seat in range(3)]
            await other.start(first.id, tokens[0])
            with pytest.raises(HubError) as late:
                await mine.start(first.id, tokens[1])
            assert late.value.code == ErrorCode.NOT_OPEN

            gone = await mine.create_table("quashars", {}, humans)
            tokens = [await mine.join(gone.id, seat, f"p{seat}") for seat in range(3)]
            # Another process's expiry deletes it (as if nobody had joined for a day).
            assert gone.id in await store.expire_open(datetime.now(UTC) + timedelta(days=1))
            with pytest.raises(HubError) as missing:
                await mine.start(gone.id, tokens[0])
            assert missing.value.code == ErrorCode.NO_TABLE

            # Joined partly elsewhere: the kept claims are not all, so the store is read.
            mixed = await mine.create_table("quashars", {}, humans)
            await mine.join(mixed.id, 0, "ann")
            elsewhere = await other.join(mixed.id, 1, "bob")
            await mine.join(mixed.id, 2, "cy")
            assert (await mine.start(mixed.id, elsewhere)).status == "running"
        finally:
            await mine.close()
            await other.close()
            await store.close()

    asyncio.run(main())


class _NoticedLock(asyncio.Lock):
    """A lock that says when someone first asks for it."""

    def __init__(self, asked: asyncio.Event) -> None:
        super().__init__()
        self.asked = asked

    async def acquire(self) -> bool:
        self.asked.set()
        return await super().acquire()


def test_two_joins_leave_the_waiting_room_with_the_newer_seats(db_url: str) -> None:
    """Ann's join reads the seats for her waiting room before Bob's claim and is answered
    after Bob's join has read them too: the room must not end on Ann's older seats."""

    async def main() -> None:
        store = await Store.open(db_url)
        hub = Hub(store, Settings(db_url=db_url))
        try:
            row = await hub.create_table("quashars", {}, [SeatSpec("human")] * 3)
            hub.lobby[row.id] = Lobby(row, [])  # someone waits for the table here
            read_the_seats, hand_back, bob_claimed, bob_asks = (asyncio.Event() for _ in "1234")
            lock = hub._locks[row.id] = _NoticedLock(bob_asks)
            real_table, real_claim = store.table, store.claim_seat

            async def table(table_id: str) -> Any:
                found = await real_table(table_id)
                if not read_the_seats.is_set():  # Ann's read: taken now, answered late
                    read_the_seats.set()
                    await hand_back.wait()
                return found

            async def claim_seat(table_id: str, seat: int, *args: Any, **kwargs: Any) -> bool:
                claimed = await real_claim(table_id, seat, *args, **kwargs)
                if seat == 1:
                    bob_claimed.set()
                return claimed

            store.table = table  # type: ignore[method-assign]
            store.claim_seat = claim_seat  # type: ignore[method-assign]
            ann = asyncio.ensure_future(hub.join(row.id, 0, "ann"))
            await read_the_seats.wait()
            lock.asked.clear()  # Ann's own turn at the lock is not Bob's
            bob = asyncio.ensure_future(hub.join(row.id, 1, "bob"))
            await bob_claimed.wait()
            # Bob has read the seats himself, or waits for his turn behind Ann's read.
            await asyncio.wait(
                [bob, asyncio.ensure_future(bob_asks.wait())],
                return_when=asyncio.FIRST_COMPLETED,
            )
            hand_back.set()
            await asyncio.gather(ann, bob)
            shown = {seat.seat: seat.nickname for seat in hub.lobby[row.id].row.seats}
            assert shown == {0: "ann", 1: "bob", 2: None}, shown
            assert not lock.locked()
        finally:
            await hub.close()
            await store.close()

    asyncio.run(main())
