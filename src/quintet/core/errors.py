"""The one error hierarchy of the rules: every refused input raises a `RuleError`.

Each class carries a stable `code` (the wire code a client sees) and a plain
message that names the offending input and the rule it broke. Messages never
mention a card that the player who sent the input may not know.
"""

from __future__ import annotations


class RuleError(ValueError):
    """An input was refused; the state is exactly as it was before it."""

    code = "rule"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0])

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class BadInput(RuleError):
    """The input is malformed: unknown action type, missing field, wrong type."""

    code = "input/malformed"


class NotYourTurn(RuleError):
    """The seat may not act now."""

    code = "action/not_your_turn"


class IllegalAction(RuleError):
    """The action is well-formed but the rules forbid it here."""

    code = "action/illegal"


class TooLate(RuleError):
    """The action names a thing that has changed since (someone was faster); no penalty."""

    code = "action/too_late"


class GameOver(RuleError):
    """The game has ended; it takes no more inputs."""

    code = "game/over"


class TimeWentBack(RuleError):
    """An input's time is earlier than the last accepted input's time."""

    code = "input/time_went_back"


class BadOptions(RuleError):
    """The options or the player count do not fit the game."""

    code = "options/invalid"


def quoted(text: str, limit: int = 32) -> str:
    """`text` quoted for an error message, cut to `limit` characters: an error never
    echoes unbounded input.

    >>> quoted("Anna"), quoted("x" * 40, 8)
    ("'Anna'", "'xxxxxxxx...' (40 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"...' ({len(text)} characters)"
