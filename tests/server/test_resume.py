"""The table runner alone: a resumed game waits for its people; a seat changes hands mid-store."""

from __future__ import annotations

import asyncio

from tests.server.test_runner import FakeStore, FakeWatcher, SlowStore, table, until

from quintet.server.runner import TableRunner
from quintet.sim.engine import play_game

#: Event-loop turns given to a runner that must not move: far more than its bots (at pace
#: 0, under a clock that does not move) need to make their next move.
TURNS = 200


def test_a_resumed_game_holds_its_clock_and_bots_until_a_person_is_back() -> None:
    row = table("quiclo", ["human", "easy", "easy"], {"sit_out_ms": 50})
    run = play_game(row.game, row.seed, row.players, ["easy"] * 3, row.options)
    history = list(run.record.inputs[:2])
    clock = [1000.0]
    store = FakeStore()
    store.log = list(history)

    async def main() -> None:
        runner = TableRunner(row, store, history, bot_pace=0.0, clock=lambda: clock[0])  # type: ignore[arg-type]
        runner.start()
        spectator = FakeWatcher(None)
        runner.attach(spectator)  # a spectator is not one of its people
        clock[0] += 120.0  # the people take two minutes to reconnect
        for _ in range(TURNS):
            await asyncio.sleep(0)
        assert store.log == history, "the bots played while nobody could"
        runner.attach(FakeWatcher(0))
        assert runner.now() == history[-1].time, "the wait counted as game time"
        await until(lambda: len(store.log) > len(history))
        assert store.log[len(history)].time == history[-1].time
        await runner.stop()

    asyncio.run(main())


def test_a_new_game_and_a_game_of_bots_do_not_wait() -> None:
    row = table("quiclo", ["easy"] * 3, {"sit_out_ms": 50})
    run = play_game(row.game, row.seed, row.players, ["easy"] * 3, row.options)
    history = list(run.record.inputs[:2])
    store = FakeStore()
    store.log = list(history)

    async def main() -> None:
        runner = TableRunner(row, store, history, bot_pace=0.0)  # type: ignore[arg-type]
        runner.start()
        await until(lambda: len(store.log) > len(history))
        await runner.stop()

    asyncio.run(main())


def test_a_player_back_while_their_zombies_move_is_stored_keeps_the_table_running() -> None:
    """The zombie's slot leaves with it while its input is being stored; the runner must
    still finish that input (it once looked the seat up again, and stopped the table)."""
    row = table("quashars", ["human"] * 3, {"pause_ms": 0, "first_player": 0})

    async def main() -> None:
        store = SlowStore()
        runner = TableRunner(row, store, bot_pace=0.0, zombie_after_s=0.01)  # type: ignore[arg-type]
        others = [FakeWatcher(1), FakeWatcher(2)]
        for watcher in others:
            runner.attach(watcher)
        runner.start()
        await until(lambda: store.waiting)  # seat 0's zombie made its move: it is stored
        assert runner.zombies == {0}
        player = FakeWatcher(0)
        runner.attach(player)
        assert runner.zombies == set() and 0 not in runner.bots
        store.release.set()
        await until(lambda: len(store.log) == 1 and player.messages[-1]["seq"] == 1)
        assert runner.running and runner.status == "running"
        assert player.closed is None and all(w.closed is None for w in others)
        await runner.stop()

    asyncio.run(main())
