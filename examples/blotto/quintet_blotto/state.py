"""Blotto's options and its state (everything, hidden parts included)."""

from __future__ import annotations

from pydantic import Field

from quintet.core import JSONDict, Options, Rng, State


class BlottoOptions(Options):
    rounds: int = Field(3, ge=1, le=9, description="Rounds in a game")
    troops: int = Field(100, ge=1, le=1000, description="Troops each seat splits every round")
    fields: int = Field(5, ge=2, le=8, description="Fields to fight over")
    round_ms: int = Field(30_000, ge=1000, description="Time to send a split (ms)")


class BlottoState(State):
    """`sealed[seat]` is the split a seat sent this round (None: not yet), hidden from the
    others until every seat has sent one or the round's time is up."""

    __slots__ = ("deadline", "history", "options", "rng", "round", "scores", "sealed", "values")

    def __init__(self, players: int, options: BlottoOptions, rng: Rng) -> None:
        super().__init__(players)
        self.options = options
        self.rng = rng
        self.round = 0  # 1-based once the game starts; rounds + 1 when it is over
        self.values: list[int] = []
        self.sealed: list[list[int] | None] = [None] * players
        self.scores = [0] * players
        #: Each finished round: its values, every seat's split and the winner per field.
        self.history: list[JSONDict] = []
        self.deadline: int | None = None

    def clone(self) -> BlottoState:
        other = BlottoState(self.players, self.options, self.rng.copy())
        other.now, other.round, other.deadline = self.now, self.round, self.deadline
        other.values, other.scores = self.values[:], self.scores[:]
        other.sealed = [None if s is None else s[:] for s in self.sealed]
        other.history = [self._round_copy(done) for done in self.history]
        return other

    @staticmethod
    def _round_copy(done: JSONDict) -> JSONDict:
        return {
            "values": done["values"][:],
            "splits": [split[:] for split in done["splits"]],
            "won": done["won"][:],
        }

    def to_json(self) -> JSONDict:
        return {
            "players": self.players,
            "now": self.now,
            "options": self.options.to_json(),
            "rng": self.rng.state,
            "round": self.round,
            "values": self.values[:],
            "sealed": [None if s is None else s[:] for s in self.sealed],
            "scores": self.scores[:],
            "history": [self._round_copy(done) for done in self.history],
            "deadline": self.deadline,
        }

    @classmethod
    def from_json(cls, data: JSONDict) -> BlottoState:
        state = cls(data["players"], BlottoOptions.parse(data["options"]), Rng(int(data["rng"])))
        state.now, state.round, state.deadline = data["now"], data["round"], data["deadline"]
        state.values, state.scores = list(data["values"]), list(data["scores"])
        state.sealed = [None if s is None else list(s) for s in data["sealed"]]
        state.history = [cls._round_copy(done) for done in data["history"]]
        return state
