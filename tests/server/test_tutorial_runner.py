"""A tutorial table's runner alone (in-memory store, fake connections, a fake clock): a
table rebuilt from its stored inputs continues at the same step with scripted bots that
wait (and are woken when the script reaches them, even after moves they cannot see), and a
race's pausing step stops the game's clock until the person's move."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
from tests.server.test_runner import FakeStore, FakeWatcher, table, until

from quintet.core import SPECTATOR, Input, registry
from quintet.core.tutorial import BotMove, Hint, ScriptRun, Tutorial, You, find
from quintet.server import tutorials
from quintet.server.runner import TableRunner
from quintet.server.tutorials import ScriptBot


def tutorial_table(tut: Tutorial, seats: list[str]) -> Any:
    row = table(tut.game, seats, tut.options, seed=tut.seed)
    return dataclasses.replace(row, settings={"tutorial": True, "practice": True})


def script_inputs(tut: Tutorial) -> list[Input]:
    return [
        Input(tut.person if isinstance(step, You) else step.seat, step.action, 100 * n)
        for n, step in enumerate(tut.steps)
    ]


def test_a_rebuilt_tutorial_continues_at_the_same_step_and_its_bots_wait() -> None:
    tut = find("quashars")
    assert tut is not None
    row = tutorial_table(tut, ["human", "basic", "basic"])
    inputs = script_inputs(tut)
    # Stored up to the person's first card: the prediction and the bots' first two cards.
    cut = next(n for n, s in enumerate(tut.steps) if isinstance(s, You) and n > 3)
    runner = TableRunner(row, FakeStore(), inputs[:cut])  # type: ignore[arg-type]
    info = runner.view(0)["tutorial"]
    assert info["turn"] == "you" and info["step"] == 1
    assert info["hint"]["key"] == "tutorial.quashars.first_trick"
    assert info["hint"]["marks"] == ["card:B9"]
    assert "tutorial" not in runner.view(1) and "tutorial" not in runner.view(SPECTATOR)
    for seat in (1, 2):
        bot = runner.bots[seat].bot
        assert isinstance(bot, ScriptBot)
        # It is the person's move: the bots wait, whatever they are asked.
        assert bot.plan(runner.view(seat), runner.now()) is None
    # Once the script reaches a bot's move, that bot plays it at a person's pace.
    later = next(n for n, s in enumerate(tut.steps) if isinstance(s, BotMove) and n > cut)
    runner = TableRunner(row, FakeStore(), inputs[:later])  # type: ignore[arg-type]
    step = tut.steps[later]
    assert isinstance(step, BotMove)
    bot = runner.bots[step.seat].bot
    plan = bot.plan(runner.view(step.seat), runner.now())
    assert plan is not None and plan.action == step.action
    assert plan.time == runner.now() + step.delay_ms


def stored_up_to(tut: Tutorial, row: Any, steps: int) -> tuple[list[Input], Any]:
    """The inputs a table stores for the script's first `steps` steps, the host's ticks
    a race needs among them (Quick's countdown), and the game's state after them."""
    rules = registry.get(tut.game)
    state = rules.new(row.seed, row.players, row.options)
    stored: list[Input] = []
    for step in tut.steps[:steps]:
        seat = tut.person if isinstance(step, You) else step.seat
        while not rules.can_act(state, seat):
            deadline = rules.next_deadline(state)
            assert deadline is not None, f"seat {seat} can never act"
            stored.append(Input.tick(max(deadline, state.now)))
            rules.apply(state, stored[-1])
        stored.append(Input(seat, step.action, state.now))
        rules.apply(state, stored[-1])
    return stored, state


@pytest.mark.parametrize("game", ["double-quick", "quashars", "quick", "quiclo", "quiddler"])
def test_every_tutorial_rebuilt_halfway_from_its_store_continues_at_the_same_step(
    game: str,
) -> None:
    # A reload after a restart: the runner is rebuilt from the stored inputs alone.
    tut = find(game)
    assert tut is not None
    row = tutorial_table(tut, ["human", *[tut.fallback] * (tut.players - 1)])
    mine = [n for n, step in enumerate(tut.steps) if isinstance(step, You)]
    done = len(mine) // 2
    assert done > 0, "too short a script to stop halfway"
    stored, state = stored_up_to(tut, row, mine[done])
    run = ScriptRun.replayed(tut, stored)
    runner = TableRunner(row, FakeStore(), stored)  # type: ignore[arg-type]
    info = runner.view(tut.person)["tutorial"]
    assert (info["step"], info["turn"], info["done"]) == (done, "you", False)
    assert info["hint"] == run.info(registry.get(game).view(state, tut.person))["hint"]


def test_a_tutorial_table_runs_to_its_first_scoring_with_the_person() -> None:
    tut = find("quiddler")
    assert tut is not None
    row = tutorial_table(tut, ["human", "easy"])
    store = FakeStore()
    me = FakeWatcher(0)

    async def main() -> None:
        runner = TableRunner(row, store, bot_pace=0.0)  # type: ignore[arg-type]
        runner.attach(me)
        runner.start()
        runner.submit(me, {"type": "draw", "source": "discard"}, "wrong")
        await until(lambda: any(m.get("ref") == "wrong" for m in me.messages))
        assert me.messages[-1]["code"] == "tutorial/off_script" and store.log == []
        runner.submit(me, {"type": "draw", "source": "deck"}, "a1")
        runner.submit(me, {"type": "discard", "card": "x"}, "a2")
        # The bot's turn: it takes the X and discards, then waits for the person again.
        await until(lambda: len(store.log) == 4)
        runner.submit(me, {"type": "draw", "source": "discard"}, "a3")
        runner.submit(me, {"type": "go_out", "words": [["h", "u", "b"]], "discard": "s"}, "a4")
        await until(lambda: len(store.log) == 8)
        assert runner.view(0)["tutorial"]["done"] is True
        await runner.stop()

    asyncio.run(main())
    assert [inp.seat for inp in store.log] == [0, 0, 1, 1, 0, 0, 1, 1]
    assert ScriptRun.replayed(tut, store.log).done


# ------------------------------------------------------------------ a race's pause

#: A race tutorial for Quick, made for this test: the bot calls KLAAR, and the person, who
#: then has `last_player_ms` to finish, reads a hint that stops the clock.
QUICK = Tutorial(
    game="quick",
    seed=1,
    players=2,
    options={"round_end": "clock", "last_player_ms": 10_000},
    steps=(
        BotMove(1, {"type": "klaar"}),
        You(
            {"type": "take", "pile": 0},
            Hint("tutorial.quick.take"),
            Hint("tutorial.quick.take"),
            pause=True,
        ),
    ),
    end=Hint("tutorial.quick.end"),
    fallback="easy",
)


def test_a_pausing_hint_stops_a_races_clock_until_the_persons_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tutorials, "find", lambda game: QUICK if game == "quick" else None)
    row = tutorial_table(QUICK, ["human", "easy"])
    # Stored: the countdown's tick (the start signal) and the bot's KLAAR.
    history = [Input.tick(3000), Input(1, {"type": "klaar"}, 3100)]
    store = FakeStore()
    store.log = list(history)
    clock = [500.0]
    me = FakeWatcher(0)

    # Before the start signal the person cannot act: the countdown runs.
    fresh = TableRunner(row, FakeStore(), (), clock=lambda: clock[0])  # type: ignore[arg-type]
    assert fresh.view(0)["tutorial"]["pause"] is False
    clock[0] += 1.0
    assert fresh.now() == 1000

    async def main() -> None:
        runner = TableRunner(row, store, history, clock=lambda: clock[0])  # type: ignore[arg-type]
        deadline = runner.game.next_deadline(runner.state)
        assert deadline == 3100 + 10_000, "the person has 10 s after the bot's KLAAR"
        assert runner.view(0)["tutorial"]["pause"] is True
        runner.attach(me)
        runner.start()
        # A minute of reading: the clock stands, and the deadline does not come.
        clock[0] += 60.0
        assert runner.now() == 3100
        runner.submit(me, {"type": "take", "pile": 0}, "a1")
        await until(lambda: len(store.log) == 3)
        assert store.log[2] == Input(0, {"type": "take", "pile": 0}, 3100)
        # The step is past: the clock runs again from where it stood.
        clock[0] += 0.25
        assert runner.now() == 3350
        assert runner.game.next_deadline(runner.state) == deadline
        await runner.stop()

    asyncio.run(main())
    assert all(inp.seat is not None for inp in store.log[1:]), "no tick while paused"


def test_a_scripted_bot_plays_its_move_after_the_persons_private_ones() -> None:
    # Quick's takes and places are seen by their mover only: the bot sees no event, yet
    # the script reaching its KLAAR must wake it.
    tut = find("quick")
    assert tut is not None
    row = tutorial_table(tut, ["human", "easy"])
    store = FakeStore()
    store.log = [Input.tick(3000)]  # the countdown is over: sorting has begun
    me = FakeWatcher(0)
    mine = [step for step in tut.steps if isinstance(step, You)]
    bot = next(n for n, step in enumerate(tut.steps) if isinstance(step, BotMove))

    async def main() -> None:
        runner = TableRunner(row, store, list(store.log), bot_pace=0.0)  # type: ignore[arg-type]
        runner.attach(me)
        runner.start()
        for number, step in enumerate(mine[:bot]):
            runner.submit(me, step.action, f"a{number}")
        await until(lambda: len(store.log) == 1 + bot + 1)
        await runner.stop()

    asyncio.run(main())
    assert store.log[-1].seat == 1 and store.log[-1].action == {"type": "klaar"}
