"""The server never sends the rules' help (`quintet.server.served`): Quiddler's legal
actions list the solver's best way to go out for bots in process, and a person must find
their own words, so no view the server sends and no sample it draws carries them.

A fixed deal makes the rules list a way out at the first player's first discard: the
test checks that the rules do list it there (so it can fail) and that the server's view
of that very moment does not, while the person may still go out with those words."""

from __future__ import annotations

import contextlib
from typing import Any

from tests.server.live import (
    LiveServer,
    connect_seats,
    create_table,
    join,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    receive,
    send,
    settle,
    start,
)

from quintet.core import Input, Rng, registry
from quintet.server.served import served_sample, served_view

QUIDDLER = registry.get("quiddler")
#: Seat 0 deals second and draws first; after drawing from the deck its four cards go
#: out as one word ("fini") and a discard (found by trying seeds in order).
SEED = 1


def first_discard() -> Any:
    """The fixed deal's state at seat 0's first discard, in process."""
    state = QUIDDLER.new(SEED, 2, {})
    assert state.to_act == 0
    QUIDDLER.apply(state, Input(0, {"type": "draw", "source": "deck"}, 0))
    return state


def test_the_rules_list_a_way_out_that_the_served_view_leaves_out() -> None:
    state = first_discard()
    view = QUIDDLER.view(state, 0)
    ways_out = [a for a in view["legal"] if a["type"] == "go_out"]
    assert ways_out and ways_out[0]["words"], "the deal no longer offers a way out"
    served = served_view(QUIDDLER, view)
    assert served["legal"] == [a for a in view["legal"] if a["type"] == "discard"]
    assert view["legal"][0]["type"] == "go_out", "the game's own view is not changed"
    assert {k: v for k, v in served.items() if k != "legal"} == {
        k: v for k, v in view.items() if k != "legal"
    }
    # A game without help gets its view back as it is (no copy on Quashars' hot path).
    quashars = registry.get("quashars")
    quashars_view = quashars.view(quashars.new(1, 4, {}), 0)
    assert served_view(quashars, quashars_view) is quashars_view


def test_a_sample_is_never_the_solvers_way_out() -> None:
    state = first_discard()
    drawn = [served_sample(QUIDDLER, state, 0, Rng(seed)) for seed in range(300)]
    assert all(action is not None and action["type"] == "discard" for action in drawn)
    # All the discards come up (the draw is uniform over what is left).
    assert {action["card"] for action in drawn if action} == {
        a["card"] for a in QUIDDLER.legal_actions(state, 0) if a["type"] == "discard"
    }
    assert served_sample(QUIDDLER, state, 1, Rng(1)) is None  # not seat 1's turn


def test_the_server_sends_no_way_out_yet_takes_the_persons(live_module: LiveServer) -> None:
    expected = QUIDDLER.view(first_discard(), 0)
    with live_module.http() as http:
        table = create_table(http, "quiddler", ["human", "human"], seed=SEED)
        tokens = {seat: join(http, table["id"], seat, f"p{seat}") for seat in (0, 1)}
    with contextlib.ExitStack() as stack:
        sockets = connect_seats(stack, live_module, table["id"], dict(tokens))
        settle(sockets)
        with live_module.http() as http:
            start(http, table["id"], tokens[0])
        send(sockets[0], {"type": "act", "action": {"type": "draw", "source": "deck"}})
        view = receive_view(sockets[0], lambda v: v["step"] == "discard" and v["to_act"] == 0)
        assert view["hand"] == expected["hand"], "the server dealt another game"
        assert view["legal"] == [a for a in expected["legal"] if a["type"] == "discard"]
        status, body = sample(live_module, table["id"], tokens[0])
        assert status == 200 and body["action"]["type"] == "discard", body
        # The person who finds the words goes out with them all the same.
        send(sockets[0], {"type": "act", "action": expected["legal"][0], "ref": "out"})
        went = receive_view(sockets[0], lambda v: v["went_out"] == 0)
        assert went["words"][0] == expected["legal"][0]["words"]


def receive_view(ws: Any, wanted: Any) -> dict[str, Any]:
    """Read updates until one whose view `wanted` accepts; every view read on the way
    must list no action with words."""
    while True:
        message = receive(ws)
        view = message.get("view")
        if message["type"] == "error":
            raise AssertionError(f"refused: {message}")
        if not view:
            continue
        assert not [a for a in view.get("legal", []) if a.get("words")], view["legal"]
        if wanted(view):
            return dict(view)


def sample(live: LiveServer, table_id: str, token: str) -> tuple[int, dict[str, Any]]:
    with live.http() as http:
        response = http.post(
            f"/api/tables/{table_id}/sample", headers={"Authorization": f"Bearer {token}"}
        )
    body: dict[str, Any] = response.json()
    return response.status_code, body
