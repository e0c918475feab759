"""Who is looking: a seat number, a spectator, or the host (who sees everything)."""

from typing import Final, TypeAlias

#: A seat number (>= 0), or one of the two constants below.
Viewer: TypeAlias = int

SPECTATOR: Final = -1
HOST: Final = -2


def describe(viewer: Viewer) -> str:
    if viewer == SPECTATOR:
        return "spectator"
    if viewer == HOST:
        return "host"
    return f"seat {viewer}"
