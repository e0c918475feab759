"""The table runner alone: an in-memory store and fake connections, run with asyncio.run."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from quintet.core import SPECTATOR, Input, Plan, Record, registry, replay
from quintet.server.bot_seats import BotSeat as _BotSeat
from quintet.server.runner import TableRunner, zombie_level
from quintet.server.storage import SeatRow, StorageError, TableRow
from quintet.sim.engine import play_game

#: Enough for any of these games at the paces used here; only a hang reaches it.
PATIENCE_S = 60.0


class FakeStore:
    """The part of `Store` the runner uses, in memory; `fail_at` makes that append fail."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.log: list[Input] = []
        self.status: str = "running"
        self.result: Any = None
        self.fail_at = fail_at

    async def append_input(self, table_id: str, seq: int, inp: Input) -> None:
        if seq == self.fail_at:
            raise StorageError(f"storing input {seq} of table {table_id!r}: disk full")
        assert seq == len(self.log), "seqs must be contiguous"
        self.log.append(inp)

    async def set_status(self, table_id: str, status: str, **fields: Any) -> bool:
        self.status = status
        self.result = fields.get("result", self.result)
        return True


class FakeWatcher:
    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.messages: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def send(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def close(self, code: int, message: str) -> None:
        self.closed = (code, message)


def table(game: str, seats: list[str], options: dict[str, Any], seed: int = 1) -> TableRow:
    """A running table row; `seats` holds "human" or a bot level per seat."""
    return TableRow(
        id="t1",
        game=game,
        options=registry.get(game).parse_options(options).to_json(),
        seed=seed,
        players=len(seats),
        status="running",
        settings={},
        created_at=datetime.now(UTC),
        started_at=datetime.now(UTC),
        finished_at=None,
        result=None,
        seats=tuple(
            SeatRow(seat=n, kind="human", nickname=f"p{n}")
            if kind == "human"
            else SeatRow(seat=n, kind="bot", level=kind)
            for n, kind in enumerate(seats)
        ),
    )


async def until(condition: Callable[[], bool]) -> None:
    """Let the runner work until `condition` holds (fails instead of hanging)."""
    async with asyncio.timeout(PATIENCE_S):
        while not condition():
            await asyncio.sleep(0.002)


def check_views(row: TableRow, log: list[Input], watcher: FakeWatcher) -> None:
    """Every view the watcher got is its viewer's view at that seq, and seqs never skip."""
    game = registry.get(row.game)
    viewer = SPECTATOR if watcher.seat is None else watcher.seat
    state = game.new(row.seed, row.players, row.options)
    views = [game.view(state, viewer)]
    for inp in log:
        game.apply(state, inp)
        views.append(game.view(state, viewer))
    seqs = [m["seq"] for m in watcher.messages]
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(seqs)), seqs
    for message in watcher.messages:
        assert message["view"] == views[message["seq"]]


# --------------------------------------------------------------------- games


class HeldResultStore(FakeStore):
    """A store whose result commit waits until `release` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = asyncio.Event()
        self.release = asyncio.Event()

    async def set_status(self, table_id: str, status: str, **fields: Any) -> bool:
        self.asked.set()
        await self.release.wait()
        return await super().set_status(table_id, status, **fields)


def test_the_runner_says_finished_only_once_the_result_is_stored() -> None:
    # A client that reads "finished" in the table's description asks for the result at
    # once: while the result's commit is under way the runner still says "running".
    row = table("quashars", ["random", "random", "random"], {"pause_ms": 0})

    async def main() -> tuple[str, str]:
        store = HeldResultStore()
        runner = TableRunner(row, store, bot_pace=0.0)  # type: ignore[arg-type]
        runner.start()
        async with asyncio.timeout(PATIENCE_S):
            await store.asked.wait()
        during = runner.status
        store.release.set()
        await runner.wait()
        return during, runner.status

    assert asyncio.run(main()) == ("running", "finished")


def test_bots_play_a_table_to_the_end_through_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, dict[str, Any]]] = []
    make_bot = registry.make_bot

    def spied(game: str, level: str, seat: int, seed: int) -> Any:
        bot = make_bot(game, level, seat, seed)
        plan = bot.plan

        def looking(view: dict[str, Any], now: int) -> Plan | None:
            seen.append((seat, view))
            return plan(view, now)

        bot.plan = looking  # type: ignore[method-assign]
        return bot

    monkeypatch.setattr(registry, "make_bot", spied)
    # A short pause after each game: the host's ticks deal the next one.
    row = table("quashars", ["random", "basic", "random", "basic"], {"pause_ms": 5})
    store = FakeStore()
    spectator = FakeWatcher(None)

    async def main() -> TableRunner:
        runner = TableRunner(row, store, bot_pace=0.0)  # type: ignore[arg-type]
        runner.attach(spectator)
        runner.start()
        await runner.wait()
        return runner

    runner = asyncio.run(main())
    state, _ = replay(Record(row.game, row.seed, row.players, row.options, tuple(store.log)))
    outcome = registry.get(row.game).outcome(state)
    assert outcome is not None
    assert (runner.status, store.status, store.result) == (
        "finished",
        "finished",
        outcome.to_json(),
    )
    assert any(inp.seat is None for inp in store.log), "the pauses ended with the host's ticks"
    assert all(a.time <= b.time for a, b in itertools.pairwise(store.log))
    assert spectator.messages[0]["type"] == "welcome"
    assert spectator.messages[-1]["status"] == "finished"
    assert spectator.messages[-1]["outcome"] == outcome.to_json()
    check_views(row, store.log, spectator)
    # Bots never see more than their own seat's view.
    assert seen and all(view["viewer"] == seat for seat, view in seen)


def test_a_rebuilt_game_continues_from_its_inputs_and_its_clock() -> None:
    row = table("quiclo", ["medium", "hard", "easy"], {"sit_out_ms": 50})
    run = play_game(row.game, row.seed, row.players, ["medium", "hard", "easy"], row.options)
    history = list(run.record.inputs[: len(run.record.inputs) // 2])
    assert history, "the simulated game is too short to cut"
    last = history[-1].time
    clock = [1000.0]
    runner = TableRunner(row, FakeStore(), history, clock=lambda: clock[0])  # type: ignore[arg-type]
    expected, _ = replay(Record(row.game, row.seed, row.players, row.options, tuple(history)))
    assert runner.state.to_json() == expected.to_json()
    assert runner.seq == len(history)
    assert runner.now() == last, "downtime does not count"
    clock[0] += 0.25
    assert runner.now() == last + 250


def test_a_rebuilt_game_plays_on_to_its_end() -> None:
    row = table("quiclo", ["medium", "hard", "easy"], {"sit_out_ms": 50})
    run = play_game(row.game, row.seed, row.players, ["medium", "hard", "easy"], row.options)
    history = list(run.record.inputs[:2])
    store = FakeStore()
    store.log = list(history)

    async def main() -> None:
        runner = TableRunner(row, store, history, bot_pace=0.0)  # type: ignore[arg-type]
        runner.start()
        await runner.wait()

    asyncio.run(main())
    assert store.status == "finished"
    state, _ = replay(Record(row.game, row.seed, row.players, row.options, tuple(store.log)))
    assert registry.get(row.game).outcome(state).to_json() == store.result  # type: ignore[union-attr]


# ------------------------------------------------------------------ refusals


def test_a_refused_action_goes_to_its_sender_only() -> None:
    row = table("quashars", ["human"] * 3, {"pause_ms": 0})
    store = FakeStore()
    watchers = [FakeWatcher(seat) for seat in range(3)] + [FakeWatcher(None)]

    async def main() -> None:
        runner = TableRunner(row, store)  # type: ignore[arg-type]
        for watcher in watchers:
            runner.attach(watcher)
        runner.start()
        views = {w.seat: w.messages[-1]["view"] for w in watchers}
        mover = next(seat for seat in range(3) if views[seat]["legal"])
        idle = (mover + 1) % 3
        counts = [len(w.messages) for w in watchers]
        runner.submit(watchers[idle], views[mover]["legal"][0], "r1")
        await until(lambda: len(watchers[idle].messages) > counts[idle])
        refused = watchers[idle].messages[-1]
        assert refused["type"] == "refused" and refused["ref"] == "r1"
        assert refused["code"] == "action/not_your_turn"
        assert [len(w.messages) for w in watchers] == [
            c + (w is watchers[idle]) for c, w in zip(counts, watchers, strict=True)
        ]
        assert store.log == []
        runner.submit(watchers[mover], views[mover]["legal"][0], "r2")
        await until(lambda: len(store.log) == 1)
        await until(lambda: all(len(w.messages) > c for w, c in zip(watchers, counts, strict=True)))
        for watcher in watchers:
            update = watcher.messages[-1]
            assert update["type"] == "update" and update["seq"] == 1
            assert update.get("ref") == ("r2" if watcher is watchers[mover] else None)
        runner.submit(watchers[3], {"type": "predict", "chips": 0}, "r3")
        assert watchers[3].messages[-1]["code"] == "spectator"
        await runner.stop()

    asyncio.run(main())


def test_a_storage_failure_stops_the_table_without_a_word_of_the_input() -> None:
    row = table("quashars", ["human"] * 3, {"pause_ms": 0})
    store = FakeStore(fail_at=0)
    watchers = [FakeWatcher(seat) for seat in range(3)]
    ended: list[TableRunner] = []

    async def main() -> TableRunner:
        runner = TableRunner(row, store, on_end=ended.append)  # type: ignore[arg-type]
        for watcher in watchers:
            runner.attach(watcher)
        runner.start()
        mover = next(w for w in watchers if w.messages[-1]["view"]["legal"])
        runner.submit(mover, mover.messages[-1]["view"]["legal"][0], "r1")
        await until(lambda: not runner.running)
        return runner

    runner = asyncio.run(main())
    assert runner.status == "stopped" and ended == [runner]
    mover = next(w for w in watchers if w.messages[0]["view"]["legal"])
    failed = mover.messages[-1]
    assert (failed["type"], failed["code"], failed["ref"]) == ("error", "storage_failed", "r1")
    for watcher in watchers:
        assert not any(m["type"] == "update" and m["seq"] > 0 for m in watcher.messages)
        assert watcher.closed is not None and watcher.closed[0] == 1011
        assert "reconnect" in watcher.closed[1]


# -------------------------------------------------------------------- zombies


def test_a_zombie_plays_an_absent_seat_until_its_player_returns() -> None:
    row = table("quashars", ["human", "basic", "basic"], {"pause_ms": 0})
    store = FakeStore()
    spectator = FakeWatcher(None)

    def zombie_flags() -> list[bool]:
        return [s["zombie"] for m in spectator.messages if m.get("seats") for s in m["seats"][:1]]

    async def main() -> None:
        runner = TableRunner(row, store, bot_pace=0.002, zombie_after_s=0.02)  # type: ignore[arg-type]
        runner.attach(spectator)
        runner.start()
        await until(lambda: any(inp.seat == 0 for inp in store.log))
        assert runner.zombies == {0} and zombie_flags()[-1] is True
        player = FakeWatcher(0)
        runner.attach(player)
        assert runner.zombies == set() and 0 not in runner.bots
        assert player.messages[0]["type"] == "welcome"
        assert player.messages[0]["seats"][0] == {
            "seat": 0,
            "kind": "human",
            "level": None,
            "nickname": "p0",
            "connected": True,
            "zombie": False,
            "zombie_in": None,
        }
        assert zombie_flags()[-1] is False
        runner.detach(player)  # gone again: the zombie comes back and finishes the game
        await runner.wait()
        assert zombie_flags()[-1] is True

    asyncio.run(main())
    assert store.status == "finished"
    check_views(row, store.log, spectator)


def test_the_zombie_level_is_a_fair_stand_in() -> None:
    assert zombie_level(registry.entry("quashars").bots) == "basic"
    assert zombie_level(registry.entry("quiclo").bots) == "medium"
    assert zombie_level(["random"]) == "random"


# ---------------------------------------------------------------------- pace


def test_think_times_scale_with_the_pace_and_kept_plans_keep_their_slot() -> None:
    row = table("quashars", ["human"] * 3, {})
    runner = TableRunner(row, FakeStore(), bot_pace=0.1)  # type: ignore[arg-type]
    bot = _BotSeat(bot=None, observes=False)  # type: ignore[arg-type]
    plan = Plan(2000, {"type": "x"})
    runner._schedule(bot, plan, 1000)
    assert bot.due == 1100, "1000 ms of thinking at a tenth of the pace"
    runner._schedule(bot, Plan(2000, {"type": "x"}), 1050)
    assert bot.due == 1100, "the same plan handed back keeps its slot"
    bot.spent, bot.raw, bot.due = plan, None, None  # it ran at 1100
    runner._schedule(bot, plan, 1200)
    assert (bot.due, bot.reask) == (None, 2000), "a plan that ran is not run twice"
    runner._schedule(bot, Plan(1200, {"type": "x"}), 1200)
    assert bot.due == 1200, "the same action wanted again now is a new plan"


# ------------------------------------------------------------- in-flight inputs


class SlowStore(FakeStore):
    """Holds each append until `release` is set, as a slow disk would."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.waiting = False

    async def append_input(self, table_id: str, seq: int, inp: Input) -> None:
        self.waiting = True
        await self.release.wait()
        self.waiting = False
        await super().append_input(table_id, seq, inp)


def test_a_connection_arriving_while_an_input_is_stored_sees_the_state_before_it() -> None:
    row = table("quashars", ["human"] * 3, {"pause_ms": 0})

    async def main() -> None:
        store = SlowStore()
        runner = TableRunner(row, store)  # type: ignore[arg-type]
        first = [FakeWatcher(seat) for seat in range(3)]
        for watcher in first:
            runner.attach(watcher)
        runner.start()
        mover = next(w for w in first if w.messages[0]["view"]["legal"])
        before = mover.messages[0]["view"]
        runner.submit(mover, before["legal"][0], "r1")
        await until(lambda: store.waiting)
        late = FakeWatcher(mover.seat)
        runner.attach(late)
        welcome = late.messages[0]
        assert (welcome["seq"], welcome["view"]) == (0, before), "not stored, so not shown"
        store.release.set()
        await until(lambda: len(store.log) == 1 and late.messages[-1]["seq"] == 1)
        assert late.messages[-1]["view"] == mover.messages[-1]["view"] != before
        await runner.stop()

    asyncio.run(main())


def test_a_bot_whose_plans_are_refused_does_not_spin(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    class Stubborn:
        def plan(self, view: dict[str, Any], now: int) -> Plan | None:
            asked.append(now)
            return Plan(now, {"type": "fly"})

        def refused(self, error: Any, now: int) -> None:
            pass

    monkeypatch.setattr(registry, "make_bot", lambda game, level, seat, seed: Stubborn())
    row = table("quashars", ["basic", "human", "human"], {"pause_ms": 0, "first_player": 0})

    async def main() -> TableRunner:
        runner = TableRunner(row, FakeStore())  # type: ignore[arg-type]
        runner.start()
        await until(lambda: runner.bots[0].refusals >= 20)
        for _ in range(50):  # room to spin, were it to
            await asyncio.sleep(0)
        await runner.stop()
        return runner

    runner = asyncio.run(main())
    assert len(asked) == 20, "asked again only once something new happens"
    assert runner.seq == 0
