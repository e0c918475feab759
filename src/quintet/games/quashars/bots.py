"""Quashars bots. `random` plays uniformly among legal moves."""

from __future__ import annotations

from typing import Any, Final

from quintet.core import BotFactory, JSONDict, Plan, Rng, RuleError, Seat


class RandomBot:
    """Uniform over the legal actions in its own view."""

    def __init__(self, game: Any, seat: Seat, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        legal = view.get("legal") or []
        if not legal:
            return None
        return Plan(now, legal[self.rng.below(len(legal))])

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(f"a legal action was refused: {error}")


BOTS: Final[dict[str, BotFactory]] = {"random": RandomBot}
