"""Records: (game, options, seed, players, ordered inputs).

This one format is the storage format, the replay format and the test format:
replaying a record rebuilds the state bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from quintet.core import registry
from quintet.core.errors import BadInput
from quintet.core.events import Event
from quintet.core.game import State
from quintet.core.inputs import Input
from quintet.core.types import JSONDict


@dataclass(frozen=True)
class Record:
    game: str
    seed: int
    players: int
    options: JSONDict = field(default_factory=dict)
    inputs: tuple[Input, ...] = ()

    def to_json(self) -> JSONDict:
        return {
            "game": self.game,
            "seed": self.seed,
            "players": self.players,
            "options": self.options,
            "inputs": [inp.to_json() for inp in self.inputs],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise BadInput("a record must be a JSON object")
        try:
            game, seed, players = data["game"], data["seed"], data["players"]
        except KeyError as missing:
            raise BadInput(f"a record needs the field {missing.args[0]!r}") from None
        if not isinstance(game, str) or not isinstance(seed, int) or not isinstance(players, int):
            raise BadInput("a record's game is a string; its seed and players are integers")
        if any(isinstance(v, bool) for v in (seed, players)):
            raise BadInput("a record's seed and players are integers, not true or false")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise BadInput(f"a record's options must be a JSON object, not {options!r}")
        inputs = data.get("inputs", [])
        if not isinstance(inputs, list):
            raise BadInput("a record's inputs must be a list")
        return cls(game, seed, players, dict(options), tuple(Input.from_json(i) for i in inputs))


def replay(record: Record) -> tuple[State, list[list[Event]]]:
    """Rebuild the state from a record; returns it with each input's events.

    Raises the `RuleError` of the first input that does not apply.
    """
    game = registry.get(record.game)
    state = game.new(record.seed, record.players, record.options)
    history = [game.apply(state, inp) for inp in record.inputs]
    return state, history
