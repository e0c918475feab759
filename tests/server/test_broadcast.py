"""The CPU an action and a connection cost: each distinct view is built and encoded once
per update, a bot reads a lazy view, and a running table's connections need no query."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import weakref
from collections import Counter
from typing import Any

import pytest
from tests.server.test_runner import PATIENCE_S, FakeStore, table, until

from quintet.core import SPECTATOR, JSONDict, LazyView, Plan, registry
from quintet.server.bot_seats import plan_on_lazy_view
from quintet.server.errors import ErrorCode, HubError
from quintet.server.hub import Hub
from quintet.server.runner import TableRunner
from quintet.server.settings import Settings
from quintet.server.storage import hash_token


class TextWatcher:
    """A connection that keeps the exact texts it was sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, message: str) -> None:
        raise AssertionError(f"closed: {code} {message}")


def test_one_update_builds_each_viewers_view_once_for_all_its_connections() -> None:
    row = table("quashars", ["human", "human", "human"], {"pause_ms": 0})
    tabs = {seat: [TextWatcher(seat) for _ in range(3)] for seat in (0, 1, 2)}
    spectators = [TextWatcher(None) for _ in range(4)]
    built: Counter[int] = Counter()

    async def main() -> TableRunner:
        runner = TableRunner(row, FakeStore())  # type: ignore[arg-type]
        view, views = runner.view, runner.views

        def counting(viewer: int) -> JSONDict:
            built[viewer] += 1
            return view(viewer)

        def counting_together(viewers: list[int]) -> dict[int, JSONDict]:
            built.update(viewers)
            return views(viewers)

        runner.view = counting  # type: ignore[method-assign]
        runner.views = counting_together  # type: ignore[method-assign]
        for watcher in [*spectators, *(w for ws in tabs.values() for w in ws)]:
            runner.attach(watcher)
        runner.start()
        seat = runner.state.to_act
        action = runner.game.legal_actions(runner.state, seat)[0]
        built.clear()
        runner.submit(tabs[seat][1], action, "c1")
        await until(lambda: runner.seq == 1)  # broadcast at once once stored
        await runner.stop()
        return runner

    runner = asyncio.run(asyncio.wait_for(main(), PATIENCE_S))
    # 13 connections, 4 distinct viewers: 4 views, one each.
    assert built == {0: 1, 1: 1, 2: 1, SPECTATOR: 1}
    # Every connection of a viewer got the same text, except the sender's own copy, which
    # differs only by its ref.
    for seat, watchers in tabs.items():
        updates = [w.texts[-1] for w in watchers]
        acked = [json.loads(t) for t in updates if '"ref"' in t]
        plain = [t for t in updates if '"ref"' not in t]
        assert len(set(plain)) == 1
        if acked:
            assert [a["ref"] for a in acked] == ["c1"] and len(plain) == 2
            assert {k: v for k, v in acked[0].items() if k != "ref"} == json.loads(plain[0])
            assert json.loads(plain[0])["view"] == runner.game.view(runner.state, seat)
    assert len({w.texts[-1] for w in spectators}) == 1
    assert json.loads(spectators[0].texts[-1])["view"] == runner.game.view(runner.state, SPECTATOR)


class _Keeper:
    """A bot that reads one part of its view and keeps the view."""

    def __init__(self) -> None:
        self.views: list[Any] = []

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        self.views.append(view)
        assert view["phase"]
        return None


class _Reader:
    """A bot that reads one part of its view and lets it go."""

    def __init__(self) -> None:
        self.view: weakref.ref[Any] | None = None

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        self.view = weakref.ref(view)
        assert view["phase"]
        return None


def test_a_bot_seat_gets_a_lazy_view_made_whole_when_kept() -> None:
    game = registry.get("quashars")
    state = game.new(1, 3, game.parse_options({}))
    keeper = _Keeper()
    plan_on_lazy_view(game, state, keeper, 0, 0)  # type: ignore[arg-type]
    (kept,) = keeper.views
    assert isinstance(kept, LazyView)
    # Made a full snapshot of that state: every part built, nothing left to build later.
    assert dict.__len__(kept) == len(game.view(state, 0))
    assert kept == game.view(state, 0)
    reader = _Reader()
    plan_on_lazy_view(game, state, reader, 1, 0)  # type: ignore[arg-type]
    assert reader.view is not None and reader.view() is None, "a view not kept is dropped"


class _NoQueries(FakeStore):
    """A store that fails any lookup of a table: the hub must not need one."""

    async def table(self, table_id: str) -> None:
        raise AssertionError(f"table {table_id!r} was queried")


def test_a_connection_to_a_running_table_is_authenticated_without_a_query() -> None:
    row = table("quashars", ["human", "human", "human"], {"pause_ms": 0})
    seats = tuple(
        dataclasses.replace(s, token_hash=hash_token(f"token{s.seat}")) for s in row.seats
    )
    row = dataclasses.replace(row, seats=seats)
    store = _NoQueries()

    async def main() -> list[int | None]:
        hub = Hub(store, Settings(db_url="sqlite+aiosqlite:///unused"))  # type: ignore[arg-type]
        hub.runners[row.id] = TableRunner(row, store)  # type: ignore[arg-type]
        found = [await hub.authenticate(row.id, f"token{n}") for n in (2, 0)]
        found.append(await hub.authenticate(row.id, None))
        with pytest.raises(HubError) as refused:
            await hub.authenticate(row.id, "token9")
        assert refused.value.code == ErrorCode.BAD_TOKEN
        return found

    assert asyncio.run(main()) == [2, 0, None]
