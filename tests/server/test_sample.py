"""POST /api/tables/{id}/sample, end to end on SQLite and PostgreSQL: one random legal
action for the asking seat, which the rules then accept; refusals in the usual JSON."""

from __future__ import annotations

import json
from typing import Any

from tests.server.live import (
    LiveServer,
    connect_table,
    create_table,
    join,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    receive,
    receive_until,
    seat_post,
    send,
    start,
)

from quintet.core import registry
from quintet.server.sample import sample_action


def sample(live: LiveServer, table_id: str, token: str | None) -> tuple[int, dict[str, Any]]:
    return seat_post(live, table_id, "sample", token)


def test_a_sample_is_a_legal_action_for_the_asking_seat(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table = create_table(http, "quashars", ["human", "human", "basic"], {"first_player": 0})
        table_id = table["id"]
        tokens = [join(http, table_id, 0, "ann"), join(http, table_id, 1, "bob")]
        assert sample(live_module, table_id, tokens[0])[1]["code"] == "not_running"
        start(http, table_id, tokens[0])
    status, body = sample(live_module, table_id, tokens[0])
    assert status == 200, body
    action = body["action"]
    # Seat 1 is not on turn: nothing to sample.
    status, other = sample(live_module, table_id, tokens[1])
    assert (status, other["code"]) == (409, "cannot_act"), other
    with connect_table(live_module, table_id, tokens[0]) as ws:
        welcome = receive_until(ws, "welcome")
        assert action in welcome["view"]["legal"]
        send(ws, {"type": "act", "action": action, "ref": "s1"})
        while (message := receive(ws)).get("ref") != "s1":
            pass
        assert message["type"] == "update", message


def test_samples_are_refused_without_a_seat_or_a_list(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human", "basic", "basic"])["id"]
        token = join(http, table_id, 0)
        start(http, table_id, token)
    assert sample(live_module, table_id, None)[0] == 401
    status, body = sample(live_module, table_id, "not-a-token")
    assert (status, body["code"]) == (403, "bad_token")
    assert sample(live_module, "no-such-table", token)[1]["code"] == "no_table"


def test_sample_action_draws_among_the_legal_actions() -> None:
    game = registry.get("quashars")
    state = game.new(seed=5, players=4)
    seat = next(s for s in range(4) if game.can_act(state, s))
    legal = game.legal_actions(state, seat)
    drawn = [sample_action(game, state, seat) for _ in range(200)]
    assert all(action in legal for action in drawn), "only legal actions are drawn"
    assert len({json.dumps(a, sort_keys=True) for a in drawn}) > 1, "the draw is not fixed"
    idle = next(s for s in range(4) if not game.can_act(state, s))
    assert sample_action(game, state, idle) is None
