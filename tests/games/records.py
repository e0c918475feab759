"""Stored records: games played once and kept with what they must replay to.

Each file under `tests/games/<game>/records/` holds a `Record` (game, seed, players, options,
the accepted inputs), the inputs the rules refused on the way (a Quiclo claim that came too
late) with the error code each must raise again, and the fingerprints of the end: the
outcome, the sha256 of the final state's canonical JSON and of every event with its
audience. `test_records.py` replays them; a change that moves code without changing the
rules leaves every fingerprint as it was.

    .venv/bin/python -m tests.games.records   # (re)write the files; only when a rule changes
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quintet.core import Event, Input, Record, RuleError, canonical, registry
from quintet.core.testing import random_record
from quintet.core.types import JSONDict

HERE = Path(__file__).parent


def record_dir(game: str) -> Path:
    return HERE / game / "records"


def sha256(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()


def events_json(events: list[Event]) -> list[Any]:
    """Events with their audience (the host's view of them), for a fingerprint."""
    return [[e.type, e.data, None if e.audience is None else sorted(e.audience)] for e in events]


@dataclass(frozen=True)
class Refused:
    """An input the rules refused, tried after `at` accepted inputs."""

    at: int
    input: Input
    code: str


@dataclass(frozen=True)
class Replayed:
    outcome: JSONDict | None
    state_sha256: str
    events_sha256: str


def replay_stored(record: Record, refused: list[Refused]) -> Replayed:
    """Replay a record, trying each refused input at its place.

    Raises AssertionError when a refused input is accepted, raises another code or
    changes the state; a `RuleError` when an accepted input no longer applies.
    """
    game = registry.get(record.game)
    state = game.new(record.seed, record.players, record.options)
    history: list[Any] = []
    pending = sorted(refused, key=lambda r: r.at)
    for index, inp in enumerate([*record.inputs, None]):
        while pending and pending[0].at == index:
            tried = pending.pop(0)
            before = canonical(state.to_json())
            try:
                game.apply(state, tried.input)
            except RuleError as error:
                assert error.code == tried.code, (index, error.code, tried.code, str(error))
            else:
                raise AssertionError(f"input {tried.input} before #{index} was accepted")
            assert canonical(state.to_json()) == before, f"refused input #{index} changed state"
        if inp is not None:
            history.append(events_json(game.apply(state, inp)))
    assert not pending, f"refused inputs after the end: {pending}"
    outcome = game.outcome(state)
    return Replayed(
        None if outcome is None else outcome.to_json(),
        sha256(state.to_json()),
        sha256(history),
    )


def load(path: Path) -> tuple[Record, list[Refused], Replayed]:
    data = json.loads(path.read_text())
    refused = [
        Refused(int(r["at"]), Input.from_json(r["input"]), str(r["code"])) for r in data["refused"]
    ]
    expected = Replayed(data["outcome"], data["state_sha256"], data["events_sha256"])
    return Record.from_json(data["record"]), refused, expected


def store(name: str, record: Record, refused: Sequence[Refused] = ()) -> Path:
    result = replay_stored(record, list(refused))
    data = {
        "record": record.to_json(),
        "refused": [{"at": r.at, "input": r.input.to_json(), "code": r.code} for r in refused],
        "outcome": result.outcome,
        "state_sha256": result.state_sha256,
        "events_sha256": result.events_sha256,
    }
    path = record_dir(record.game) / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    return path


class _Refusals:
    """A game that notes every input it refuses (the simulator drops them from its record)."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.accepted = 0
        self.refused: list[Refused] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, state: Any, inp: Input) -> list[Event]:
        try:
            events = self._game.apply(state, inp)
        except RuleError as error:
            self.refused.append(Refused(self.accepted, inp, error.code))
            raise
        self.accepted += 1
        return events


def bot_game(
    game: str, seed: int, levels: list[str], options: JSONDict | None = None
) -> tuple[Record, list[Refused]]:
    from quintet.sim.engine import play_game

    watched = _Refusals(registry.get(game))
    run = play_game(watched, seed, len(levels), levels, options)  # type: ignore[arg-type]
    return run.record, watched.refused


def with_too_late(record: Record) -> list[Refused]:
    """Claims other seats could make just before each valid claim, sent just after it: too
    late when they aim at the stack that moved (each is refused; the code is stored)."""
    game = registry.get(record.game)
    state = game.new(record.seed, record.players, record.options)
    refused: list[Refused] = []
    for index, inp in enumerate(record.inputs):
        late: list[Input] = []
        if inp.seat is not None and inp.action["type"] == "claim":
            for seat in range(state.players):
                if seat != inp.seat:
                    aimed = [
                        a
                        for a in game.legal_actions(state, seat)
                        if a["stack"] == inp.action["stack"]
                    ]
                    late += [Input(seat, a, inp.time) for a in aimed[:1]]
        events = game.apply(state, inp)
        if not any(e.type == "claimed" for e in events):
            continue
        for tried in late:
            if game.is_over(state):
                break
            try:
                game.apply(state.clone(), tried)
            except RuleError as error:
                refused.append(Refused(index + 1, tried, error.code))
    return refused


def last_call_game(seed: int, players: int) -> Record:
    """Quiddler with no reshuffle, nobody going out while the draw pile lasts: round 1 ends
    with the last call; then the first legal action (going out when it can) to the end."""
    game = registry.get("quiddler")
    options: JSONDict = {"reshuffles": 0, "pause_ms": 0}
    state = game.new(seed, players, options)
    inputs: list[Input] = []
    now = 0
    while not game.is_over(state):
        now += 1000
        deadline = game.next_deadline(state)
        if deadline is not None and deadline <= now:
            inp = Input.tick(now)
        else:
            seat = next(s for s in range(players) if game.can_act(state, s))
            legal = game.legal_actions(state, seat)
            if state.round_no == 1 and not state.last_call:
                legal = [a for a in legal if a["type"] != "go_out"]
                legal.sort(key=lambda a: a.get("source") != "deck")
            inp = Input(seat, legal[0], now)
        game.apply(state, inp)
        inputs.append(inp)
    return Record("quiddler", seed, players, options, tuple(inputs))


def main() -> None:
    for game in ("quashars", "quiclo", "quiddler"):
        for old in record_dir(game).glob("*.json"):
            old.unlink()
    # Quashars: bots and random play, 3 and 4 players, every option example.
    store("bots_basic_4p", *bot_game("quashars", 11, ["basic"] * 4))
    store("bots_mixed_3p", *bot_game("quashars", 12, ["basic", "random", "basic"]))
    quashars = registry.get("quashars")
    for number, options in enumerate(quashars.option_examples):
        for players in (3, 4):
            try:
                quashars.check_options(quashars.parse_options(options), players)
            except RuleError:
                continue
            store(
                f"random_options{number}_{players}p",
                random_record("quashars", 100 + number, players, options),
            )
    # Quiclo: races among bots that make wrong claims and come too late, and random play.
    for seed, levels in ((15, ["easy", "easy", "medium", "easy"]), (6, ["easy", "medium"])):
        record, refused = bot_game("quiclo", seed, levels)
        store(f"bots_race_{len(levels)}p", record, refused + with_too_late(record))
    record, refused = bot_game("quiclo", 26, ["easy"] * 6, {"sit_out_ms": 2000})
    store("bots_race_6p", record, refused + with_too_late(record))
    quiclo = registry.get("quiclo")
    for number, options in enumerate(quiclo.option_examples):
        players = 2 + number
        store(
            f"random_options{number}_{players}p",
            random_record("quiclo", 200 + number, players, options),
        )
    # Quiddler: bots (auto-check and challenge mode) and random play.
    store("bots_2p", *bot_game("quiddler", 31, ["medium", "hard"]))
    store(
        "bots_challenge_3p",
        *bot_game("quiddler", 32, ["easy", "medium", "hard"], {"challenge": True, "pause_ms": 0}),
    )
    store("last_call_2p", last_call_game(33, 2))
    quiddler = registry.get("quiddler")
    for number, options in enumerate(quiddler.option_examples):
        players = (2, 3, 2)[number]
        store(
            f"random_options{number}_{players}p",
            random_record("quiddler", 300 + number, players, options),
        )


if __name__ == "__main__":
    main()
