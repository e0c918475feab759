"""The leak check (issue 5 §7): record every message every seat and a spectator receive
during whole games on a real server, then replay the stored record with the core and
check each message against it (`live.check_stream`):

(a) every update's view is exactly `game.view(state after seq n, viewer)` and its events
    exactly `events_for(events of input n, viewer)`: the server sends what the core
    decides for that viewer, nothing more, nothing less;
(b) no string in any message (welcome, update, refused, error; views, events, seats,
    texts) names a card in `game.hidden_cards(state after seq n, viewer)`.

Games: Quashars with four client-side bots (all connected in the lobby before the start)
and with one client and two server bots; Quiclo with closed hands, two clients, two
server bots and probes that draw refusals and errors. A spectator watches each. The
checker is shown to catch a planted card, in a message built from the core and in a
real recording.
"""

from __future__ import annotations

import contextlib
import copy
import functools
from typing import Any

import pytest
from tests.server.live import (
    TEST_BOT_PACE,
    LiveServer,
    Replayed,
    Session,
    SteadyBotClient,
    check_stream,
    connect_table,
    create_table,
    in_thread,
    join,
    joined,
    leaked_cards,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    play_session,
    seated,
    start,
)

from quintet.core import SPECTATOR, events_for, registry
from quintet.core.record import Record
from quintet.server.messages import log_for
from quintet.sim.engine import play_game

QUASHARS = {"pause_ms": 0}
QUICLO_CLOSED = {"open_hands": False, "sit_out_ms": 250, "stall_ms": 0}


def watch(_view: dict[str, Any]) -> None:
    """The chooser of a connection that only watches."""
    return None


class Probing:
    """A client chooser that first sends `probes` (each built from the current view: actions
    the server must refuse), then plays with `inner`. A probe is dropped once refused (a
    newer message may come before it is sent: it is built again); the inner bot hears
    only the refusals of its own actions."""

    def __init__(self, inner: Any, probes: list[Any]) -> None:
        self.inner = inner
        self.probes = list(probes)
        self.probing = False

    def __call__(self, view: dict[str, Any]) -> tuple[float, dict[str, Any]] | None:
        self.probing = False
        if self.probes and self._ready(view):
            self.probing = True
            return 0.0, self.probes[0](view)
        result: tuple[float, dict[str, Any]] | None = self.inner(view)
        return result

    @staticmethod
    def _ready(view: dict[str, Any]) -> bool:
        return bool(view.get("can_claim", True))

    def refused(self, message: dict[str, Any]) -> None:
        if self.probing:
            self.probing = False
            self.probes.pop(0)
            return
        heard = getattr(self.inner, "refused", None)
        if heard is not None:
            heard(message)

    def errored(self, message: dict[str, Any]) -> None:
        self.refused(message)


def someone_elses_card(view: dict[str, Any]) -> dict[str, Any]:
    """A Quiclo claim with an operand that is neither in the hand nor a top: a card this
    seat may not see (another hand or out of play). The refusal must not say where it is."""
    hand, tops = view["hand"], view["tops"]
    stranger = next(card for card in range(1, 145) if card not in hand and card not in tops)
    return {
        "type": "claim",
        "stack": 0,
        "expect": tops[0],
        "operands": [hand[0], stranger],
        "operators": ["+"],
    }


def unknown_field(view: dict[str, Any]) -> dict[str, Any]:
    return {**someone_elses_card(view), "peek": "hands"}


def play_table(
    server: LiveServer,
    table_id: str,
    players: dict[int | None, tuple[str | None, Any]],
    *,
    before_start: str | None = None,
) -> dict[int | None, Session]:
    """Connect each entry (seat or None for the spectator: token, chooser), play until the
    game is finished and return every connection's session. With `before_start` (a seat
    token), everyone connects in the lobby and the table is started after that."""
    sessions = {seat: Session(seat) for seat in players}
    with contextlib.ExitStack() as stack:
        threads = []
        for seat, (token, choose) in players.items():
            ws = stack.enter_context(connect_table(server, table_id, token))
            if before_start is not None:
                seated(ws, sessions[seat])
            threads.append(
                in_thread(
                    functools.partial(play_session, errors_ok=True),
                    ws,
                    choose,
                    sessions[seat],
                    f"r{seat}-",
                )
            )
        if before_start is not None:
            with server.http() as http:
                start(http, table_id, before_start)
        for thread in threads:
            joined(*thread)
    for session in sessions.values():
        assert session.ended == "finished", (session.seat, session.ended)
    return sessions


def fetch_record(server: LiveServer, table_id: str) -> dict[str, Any]:
    with server.http() as http:
        record: dict[str, Any] = http.get(f"/api/tables/{table_id}/replay").json()
    return record


def check_all(replayed: Replayed, sessions: dict[int | None, Session]) -> None:
    """The leak check on every connection; the spectator never holds a hand."""
    for seat, session in sessions.items():
        viewer = SPECTATOR if seat is None else seat
        check_stream(replayed, session.messages, viewer, session.sent)
        assert session.messages[-1]["seq"] == len(replayed.inputs), "a connection missed the end"
    for message in sessions[None].messages:
        view = message.get("view") or {}
        assert not {"hand", "hands", "legal"} & set(view), f"the spectator got {message}"
        assert all(event["type"] != "dealt" for event in message.get("events", []))


# ----------------------------------------------------------------- Quashars


def test_quashars_four_clients_and_a_spectator_from_the_lobby(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 4, QUASHARS, seed=21)["id"]
        tokens = {seat: join(http, table_id, seat, f"p{seat}") for seat in range(4)}
    players: dict[int | None, tuple[str | None, Any]] = {
        seat: (token, SteadyBotClient("quashars", "basic", seat, seat, TEST_BOT_PACE))
        for seat, token in tokens.items()
    }
    players[None] = (None, watch)
    sessions = play_table(live_module, table_id, players, before_start=tokens[1])
    replayed = Replayed(fetch_record(live_module, table_id))
    check_all(replayed, sessions)
    # Every connection saw the lobby (no view) and then the whole match.
    for session in sessions.values():
        assert session.messages[0]["type"] == "welcome" and session.messages[0]["view"] is None
    assert all(session.acks for seat, session in sessions.items() if seat is not None)

    # (b) can fail on this very recording: a hand card planted in a sentence of a message
    # (where no view or event comparison looks) is caught.
    spectator = copy.deepcopy(sessions[None].messages)
    planted, seq = next(
        (i, m["seq"])
        for i, m in enumerate(spectator)
        if m.get("seq", 0) >= 5 and replayed.hidden(m["seq"], SPECTATOR)
    )
    card = sorted(replayed.hidden(seq, SPECTATOR))[0]
    spectator[planted]["seats"] = [{"seat": 0, "nickname": f"holds {card} now"}]
    with pytest.raises(AssertionError, match=r"names cards hidden from it: \['" + card):
        check_stream(replayed, spectator, SPECTATOR)


def test_quashars_one_client_two_server_bots(live_module: LiveServer) -> None:
    # Three players (a shorter match; the four-seat deal is covered above).
    with live_module.http() as http:
        seats = ["human", "basic", "random"]
        table_id = create_table(http, "quashars", seats, QUASHARS, seed=22)["id"]
        token = join(http, table_id, 0, "ann")
        start(http, table_id, token)
    sessions = play_table(
        live_module,
        table_id,
        {
            0: (token, SteadyBotClient("quashars", "basic", 0, 5, TEST_BOT_PACE)),
            None: (None, watch),
        },
    )
    record = fetch_record(live_module, table_id)
    replayed = Replayed(record)
    check_all(replayed, sessions)
    assert {inp.seat for inp in replayed.inputs} == {None, 0, 1, 2}

    # The replay viewer of a finished table (`?viewer=`) shows each viewer no more either.
    for viewer, name in ((0, "0"), (2, "2"), (SPECTATOR, "spectator")):
        with live_module.http() as http:
            frames = http.get(f"/api/tables/{table_id}/replay", params={"viewer": name}).json()
        assert len(frames) == len(replayed.inputs) + 1
        as_updates = [{"type": "update", "status": "", **frame} for frame in frames]
        check_stream(replayed, as_updates, viewer)


# -------------------------------------------------------------------- Quiclo


def test_quiclo_closed_hands_clients_bots_probes_and_a_spectator(
    live_module: LiveServer,
) -> None:
    with live_module.http() as http:
        seats = ["human", "easy", "human", "medium"]
        table_id = create_table(http, "quiclo", seats, QUICLO_CLOSED, seed=23)["id"]
        tokens = {seat: join(http, table_id, seat, f"q{seat}") for seat in (0, 2)}

    def spectator_claims(view: dict[str, Any]) -> dict[str, Any]:
        return {"type": "claim", "stack": 0, "expect": view["tops"][0]}

    sessions = play_table(
        live_module,
        table_id,
        {
            0: (
                tokens[0],
                Probing(
                    SteadyBotClient("quiclo", "medium", 0, 7, TEST_BOT_PACE),
                    [someone_elses_card, unknown_field],
                ),
            ),
            2: (tokens[2], SteadyBotClient("quiclo", "easy", 2, 8, TEST_BOT_PACE)),
            None: (None, Probing(watch, [spectator_claims])),
        },
        # Seated before the start: the server's bots could end a race begun without them.
        before_start=tokens[0],
    )
    replayed = Replayed(fetch_record(live_module, table_id))
    check_all(replayed, sessions)
    # The probes were answered, and those answers went through the leak check above.
    # (A stranger card may have been covered on a stack, or the top moved on: too late.)
    probes = sessions[0].refusals
    assert probes["r0-0"]["code"] in ("quiclo/not_your_card", "action/too_late"), probes
    assert probes["r0-1"]["code"] == "quiclo/unknown_field", probes
    assert [e["code"] for e in sessions[None].errors.values()] == ["spectator"]
    # The claimer's cards were hidden from the others (closed hands), so (b) had cards
    # to look for, and the clients took part in the race.
    assert all(replayed.hidden(0, seat) for seat in (0, 2, SPECTATOR))
    assert sessions[0].acks or sessions[2].acks


# ------------------------------------------------------------ the checker itself


def core_messages(record: Record, viewer: int) -> list[dict[str, Any]]:
    """The messages a connection would get for `record`, built from the core alone."""
    game = registry.get(record.game)
    state = game.new(record.seed, record.players, record.options)
    messages = [{"type": "welcome", "seq": 0, "view": game.view(state, viewer)}]
    for seq, inp in enumerate(record.inputs, 1):
        events = game.apply(state, inp)
        messages.append(
            {
                "type": "update",
                "seq": seq,
                "view": game.view(state, viewer),
                "events": events_for(events, viewer),
            }
        )
    return messages


def test_the_checker_catches_planted_cards() -> None:
    run = play_game("quashars", 5, 4, ["random"] * 4, {"pause_ms": 0})
    replayed = Replayed(run.record.to_json())
    clean = core_messages(run.record, 1)
    check_stream(replayed, clean, 1)  # what the core sends passes

    seq = 3  # early in game 1: every other hand is full
    hand_of_0 = replayed.view(seq, 0)["hand"]
    card = hand_of_0[0]
    assert card in replayed.hidden(seq, 1)

    def planted(where: str) -> list[dict[str, Any]]:
        messages = copy.deepcopy(clean)
        message = messages[seq]
        if where == "event":
            message["events"].append({"type": "played", "seat": 0, "card": card})
        elif where == "view":
            message["view"]["hand"].append(card)
        elif where == "key":
            message["view"][card] = True
        elif where == "refusal":
            messages.insert(seq + 1, {"type": "refused", "message": f"seat 0 holds {card}."})
        return messages

    for where in ("event", "view", "key", "refusal"):
        with pytest.raises(AssertionError, match="seat 1's message"):
            check_stream(replayed, planted(where), 1)
    # The refusal has no view or event to compare: the string walk alone catches it, and
    # forgives a card quoted back from the sender's own action.
    with pytest.raises(AssertionError, match=rf"names cards hidden from it: \['{card}'\]"):
        check_stream(replayed, planted("refusal"), 1)
    answer = planted("refusal")
    answer[seq + 1]["ref"] = "x"
    check_stream(replayed, answer, 1, {"x": {"type": "play", "card": card}})
    # An input skipped, or a view of the wrong seq, is caught too.
    with pytest.raises(AssertionError, match="skips inputs"):
        check_stream(replayed, clean[:seq] + clean[seq + 1 :], 1)
    shifted = copy.deepcopy(clean)
    shifted[seq]["view"] = clean[seq + 1]["view"]
    with pytest.raises(AssertionError, match="not the core's view"):
        check_stream(replayed, shifted, 1)


def test_a_welcomes_log_is_judged_at_each_entrys_own_seq() -> None:
    """A reload late in a match gets a log naming cards played in an earlier deal, which
    today's deal may have dealt again to another seat: no leak (it was public then), yet a
    card hidden at its entry's own seq is caught. (Judged at the welcome's seq, such a log
    once failed a zombie test whose player came back in the match's second deal.)"""
    run = play_game("quashars", 5, 4, ["random"] * 4, {"pause_ms": 0})
    replayed = Replayed(run.record.to_json())
    viewer, last = 1, len(replayed.inputs)
    history = [(seq, replayed.events[seq]) for seq in range(1, last + 1)]
    # The first seq at which a card named in the log so far is hidden from the viewer again.
    named: set[str] = set()
    back = None
    for seq in range(1, last + 1):
        named.update(
            e["card"] for e in replayed.events_for(seq, viewer) if isinstance(e.get("card"), str)
        )
        if named & replayed.hidden(seq, viewer):
            back = seq
            break
    assert back is not None, "the match has no second deal"
    clean = core_messages(run.record, viewer)[back:]
    clean[0] = {**clean[0], "type": "welcome", "log": log_entries(history[:back], viewer)}
    del clean[0]["events"]
    check_stream(replayed, clean, viewer)

    card = sorted(named & replayed.hidden(back, viewer))[0]
    planted = copy.deepcopy(clean)
    planted[0]["log"][-1]["events"].append({"type": "played", "seat": 0, "card": card})
    with pytest.raises(AssertionError, match="the log at seq"):
        check_stream(replayed, planted, viewer)


def log_entries(history: list[tuple[int, Any]], viewer: int) -> list[dict[str, Any]]:
    """The welcome's log as the server builds it (`messages.log_for`), as JSON."""
    return [entry.model_dump() for entry in log_for(history, viewer)]


def test_card_names_inside_sentences_are_found_as_whole_words() -> None:
    hidden = frozenset({"card 3", "R1"})
    assert leaked_cards({"message": "too late: the top is now card 33"}, hidden) == []
    assert leaked_cards({"message": "R10 and R11 are out"}, hidden) == []
    assert leaked_cards({"message": "seat 2 holds card 3."}, hidden) == ["card 3"]
    assert leaked_cards({"message": "seat 2 holds R1, sadly"}, hidden) == ["R1"]
    assert leaked_cards({"hand": ["R1"]}, hidden) == ["R1"]
    assert leaked_cards({"R1": 1}, hidden) == ["R1"]
    # Ids are not sentences: a table id may hold "R1" by chance.
    assert leaked_cards({"table": "xR1-q"}, hidden) == []


def test_quiclo_hidden_hands_are_what_the_check_looks_for() -> None:
    """With closed hands, another seat's hand and the out-of-play cards are hidden (so a
    refusal naming one would be caught); the viewer's own hand and the tops are not."""
    run = play_game("quiclo", 3, 4, ["easy"] * 4, QUICLO_CLOSED)
    replayed = Replayed(run.record.to_json())
    state = replayed.states[0]
    hidden = replayed.hidden(0, 1)
    assert {f"card {c}" for c in state.hands[0]} <= hidden
    assert not {f"card {c}" for c in (*state.hands[1], *state.tops())} & hidden
    text = {"type": "refused", "message": f"card {state.hands[0][0]} is in seat 0's hand"}
    assert leaked_cards(text, hidden) == [f"card {state.hands[0][0]}"]
