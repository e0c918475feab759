"""The races' tutorials on a real server (SQLite and PostgreSQL, real WebSockets): while a
hint waits for the person, the game's clock stands still.

How that is seen without measuring time: the game stamps every input with its clock, and
a view's `now` is the stamp of the last input. The person reads a while (a real pause
between two moves of theirs, with no bot move between) and makes both moves: with the
clock stopped, both carry the same stamp, however long the reading took; with a running
clock the second would be later. Meanwhile no deadline of the race (Quick's countdown is
before the first hint; a sit-out, a turn) passes: the person's moves are accepted.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.server.live import (
    LiveServer,
    connect_table,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    receive,
    receive_until,
)
from tests.server.test_tutorials import act, start_tutorial
from websockets.sync.client import ClientConnection

from quintet.core.tutorial import You, find

#: Real time the person "reads" between two moves (long against the game's millisecond
#: stamps; nothing waits for it to run out).
READING_S = 0.3


def until_asked(ws: ClientConnection, view: dict[str, Any], step: int) -> dict[str, Any]:
    """The person's view once the tutorial waits for their move number `step` + 1 and they
    can make it (a countdown before it runs on: the clock stops only then)."""
    info = view["tutorial"]
    while not (info.get("turn") == "you" and info["step"] == step and info["pause"]):
        message = receive(ws)
        if message["type"] == "update":
            view = message["view"]
            info = view["tutorial"]
    return view


@pytest.mark.parametrize("game", ["quick", "quiclo", "double-quick"])
def test_the_clock_stands_still_while_a_hint_is_read(live_module: LiveServer, game: str) -> None:
    tutorial = find(game)
    assert tutorial is not None
    steps = tutorial.steps
    # The first two moves of the person in a row, with no bot move between.
    pair = next(
        n for n in range(len(steps) - 1) if all(isinstance(s, You) for s in steps[n : n + 2])
    )
    mine_before = sum(isinstance(s, You) for s in steps[:pair])
    started = start_tutorial(live_module, game)
    with connect_table(live_module, started["table"]["id"], started["token"]) as ws:
        view = receive_until(ws, "welcome")["view"]
        step = 0
        for number, scripted in enumerate(steps[: pair + 2]):
            if not isinstance(scripted, You):
                continue
            view = until_asked(ws, view, step)
            if step == mine_before + 1:
                stamp = view["now"]
                time.sleep(READING_S)
            answer = act(ws, scripted.action, f"s{number}")
            assert answer["type"] == "update", answer
            view = answer["view"]
            if step == mine_before + 1:
                assert view["now"] == stamp, "the person's reading moved the game's clock"
            step += 1
