"""The result of a finished game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from quintet.core.types import JSONDict, Seat


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores and ranks. Rank 1 is first; tied seats share a rank
    (standard competition ranking: 1, 1, 3)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: Sequence[int], higher_wins: bool = True) -> Outcome:
        sign = -1 if higher_wins else 1
        ranks = tuple(1 + sum(1 for o in scores if sign * o < sign * s) for s in scores)
        return cls(tuple(scores), ranks)

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> JSONDict:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
        }
