"""Tutorial tables end to end on SQLite and PostgreSQL (POST /api/tutorials/{game}): the
person plays the Quiddler tutorial over a real WebSocket; a wrong move is refused with
`tutorial/off_script` (or the rules' own code) and changes nothing; the hint is in the
person's view only and names no hidden card; a reconnection continues at the same step;
the scripted bots play their moves and the table ends at the first scoring, explained."""

from __future__ import annotations

from typing import Any

from tests.server.live import (
    LiveServer,
    connect_table,
    leaked_cards,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    receive,
    receive_until,
    send,
)
from websockets.sync.client import ClientConnection

from quintet.core import registry
from quintet.core.tutorial import find


def start_tutorial(live: LiveServer, game: str, nickname: str = "ann") -> dict[str, Any]:
    with live.http() as http:
        response = http.post(f"/api/tutorials/{game}", json={"nickname": nickname})
    assert response.status_code == 201, response.text
    started: dict[str, Any] = response.json()
    return started


def act(ws: ClientConnection, action: dict[str, Any], ref: str) -> dict[str, Any]:
    """Send an action; the answer to it (an update carrying the ref, or a refusal)."""
    send(ws, {"type": "act", "action": action, "ref": ref})
    while True:
        message = receive(ws)
        if message.get("ref") == ref:
            return message


def until_my_turn(ws: ClientConnection, view: dict[str, Any]) -> dict[str, Any]:
    """The person's view once the tutorial waits for the person (or is done)."""
    while view["tutorial"].get("turn") != "you" and not view["tutorial"]["done"]:
        message = receive(ws)
        if message["type"] == "update":
            view = message["view"]
    return view


def test_games_say_which_have_a_tutorial(live_module: LiveServer) -> None:
    with live_module.http() as http:
        games = {g["name"]: g["tutorial"] for g in http.get("/api/games").json()}
        assert games == {
            "double-quick": True,
            "quashars": True,
            "quick": True,
            "quiclo": True,
            "quiddler": True,
        }
        response = http.post("/api/tutorials/no_such_game", json={"nickname": "ann"})
        assert response.status_code == 404
        body = response.json()
        assert body["code"] == "no_tutorial"
        assert "tutorials: double-quick, quashars, quick, quiclo, quiddler" in body["detail"]
        response = http.post("/api/tutorials/quiddler", json={"nickname": " "})
        assert (response.status_code, response.json()["code"]) == (422, "bad_nickname")


def test_the_quiddler_tutorial_over_a_websocket(live_module: LiveServer) -> None:
    tutorial = find("quiddler")
    assert tutorial is not None
    started = start_tutorial(live_module, "quiddler")
    table, token = started["table"], started["token"]
    assert (table["tutorial"], table["practice"], table["status"]) == (True, True, "running")
    assert started["seat"] == 0 and table["seats"][1]["level"] == tutorial.fallback
    game = registry.get("quiddler")
    state = game.new(tutorial.seed, tutorial.players, tutorial.options)
    hidden = game.hidden_cards(state, 0)
    with connect_table(live_module, table["id"], token) as ws:
        welcome = receive_until(ws, "welcome")
        view = welcome["view"]
        info = view["tutorial"]
        assert info == {
            "step": 0,
            "steps": 4,
            "done": False,
            "lost": False,
            "turn": "you",
            "pause": False,
            "hint": {
                "key": "tutorial.quiddler.draw_deck",
                "params": {"hand": "B H X", "top": "d"},
                "marks": ["pile:deck"],
            },
            "wrong": {
                "key": "tutorial.quiddler.draw_deck_wrong",
                "params": {"top": "d"},
                "marks": [],
            },
        }
        # Not a word of the bot's hand, nor of the deck, in what the person is sent.
        assert not leaked_cards(welcome, hidden - set(view["hand"]) - {"d"})
        # Off the script (the rules allow it): refused, nothing changes.
        refused = act(ws, {"type": "draw", "source": "discard"}, "r1")
        assert refused["type"] == "refused" and refused["code"] == "tutorial/off_script"
        assert "tutorial.quiddler.draw_deck_wrong" in refused["message"]
        # Against the rules: the rules' own refusal.
        refused = act(ws, {"type": "discard", "card": "b"}, "r2")
        assert (refused["type"], refused["code"]) == ("refused", "quiddler/wrong_step")
        answer = act(ws, {"type": "draw", "source": "deck"}, "a1")
        assert answer["type"] == "update" and answer["seq"] == 1, answer
        assert answer["view"]["tutorial"]["hint"]["key"] == "tutorial.quiddler.discard"
        # Discarding a card the hint says to keep: refused, explained.
        refused = act(ws, {"type": "discard", "card": "b"}, "r3")
        assert refused["code"] == "tutorial/off_script", refused
        assert "tutorial.quiddler.discard_wrong" in refused["message"]
        answer = act(ws, {"type": "discard", "card": "x"}, "a2")
        assert answer["type"] == "update" and answer["seq"] == 2, answer
        # The bot takes the X and discards; then the person's turn again.
        view = until_my_turn(ws, answer["view"])
        assert view["tutorial"]["step"] == 2
        assert view["tutorial"]["hint"]["key"] == "tutorial.quiddler.take"
        assert view["known"][1] == ["x"] and view["discard_top"] == "u"
        answer = act(ws, {"type": "draw", "source": "discard"}, "a3")
        assert answer["view"]["tutorial"]["hint"]["key"] == "tutorial.quiddler.go_out"
    # A reconnection (a reload) continues at the same step.
    with (
        connect_table(live_module, table["id"], token) as ws,
        connect_table(live_module, table["id"]) as spectator,
    ):
        view = receive_until(ws, "welcome")["view"]
        assert view["tutorial"]["step"] == 3 and view["tutorial"]["turn"] == "you"
        # A spectator gets no tutorial at all.
        assert "tutorial" not in receive_until(spectator, "welcome")["view"]
        # A go-out with a word that is none: the rules' refusal.
        refused = act(ws, {"type": "go_out", "words": [["b", "u", "h"]], "discard": "s"}, "r4")
        assert refused["type"] == "refused" and refused["code"] != "tutorial/off_script"
        answer = act(ws, {"type": "go_out", "words": [["h", "u", "b"]], "discard": "s"}, "a4")
        assert answer["type"] == "update", answer
        assert answer["view"]["tutorial"]["turn"] == "bot"
        # The bot's two scripted moves come by themselves; then round 1 is scored.
        view = until_my_turn(ws, answer["view"])
        assert view["phase"] == "scored"
        assert view["words"][1] == [["e", "x"]] and view["unused"][1] == ["o"]
        assert view["tutorial"]["done"] is True
        end = view["tutorial"]["hint"]
        assert end["key"] == "tutorial.quiddler.end"
        assert end["params"]["total"] == view["totals"][0] == 29
        assert (end["params"]["word"], end["params"]["other"]) == ("HUB", view["totals"][1])
    with live_module.http() as http:
        described = http.get(f"/api/tables/{table['id']}").json()
    assert described["seq"] == 8 and described["tutorial"] is True
