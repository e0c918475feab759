"""How a game's view becomes numbers and a slot number becomes an action: the base codec.

Every game gets a `Codec`: a fixed-length float32 vector per seat (its `encode` reads the
seat's JSON view and nothing else), a fixed number of action slots (slot 0 is always
"wait"; `menu` says which action each other slot stands for now), and the running score
the rewards are the changes of. docs/rl.md lists each game's layout.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from quintet.core import JSONDict
from quintet.core.registry import AnyGame
from quintet.core.rng import Rng

Vector = npt.NDArray[np.float32]

#: The action slot that does nothing (a real-time game's agent lets the step pass).
WAIT = 0


class Codec(ABC):
    """One game's observation encoding, action slots and running score."""

    #: The game's registry name.
    game: str
    #: Action slots besides "wait": the Discrete space has `1 + slots` actions.
    slots: int

    @abstractmethod
    def size(self, players: int) -> int:
        """The length of the observation vector at a table of `players`."""

    @abstractmethod
    def encode(self, view: JSONDict, players: int) -> Vector:
        """The seat's view as a vector of `size(players)` (the seat is `view["viewer"]`)."""

    @abstractmethod
    def menu(self, game: AnyGame, state: Any, seat: int, rng: Rng) -> Mapping[int, JSONDict]:
        """The actions the seat may take now, by slot (1 .. slots); empty when it cannot act.

        Reads only what the seat may know (the game's own `legal_actions` or
        `sample_action`); `rng` is for games whose actions cannot be listed.
        """

    @abstractmethod
    def score(self, state: Any, seat: int) -> float:
        """The seat's running score (public); a reward is its change over a step."""

    def scores(self, state: Any, seats: list[int]) -> list[float]:
        """`score` of each of `seats` (a codec may compute them together, faster)."""
        return [self.score(state, seat) for seat in seats]

    #: True when slot `1 + a` is the game's fast-lane action id `a` (`quintet.core.fast_lane`),
    #: so an agent's move can go through the lane, as the simulator's moves do.
    lane_ids: bool = False

    def encode_state(self, state: Any, seat: int) -> Vector | None:
        """`encode(view of seat)` computed from the state without building the view, or None
        when the codec has no such shortcut. It must read only what that view shows (the
        tests compare the two and run the redeal check on it)."""
        return None

    def encode_state_and_mask(
        self, state: Any, seat: int, menu: Mapping[int, JSONDict], wait: bool
    ) -> tuple[Vector, npt.NDArray[np.int8]] | None:
        """`encode_state` and `mask` together (a codec may build both in one go); None
        when the codec has no `encode_state` shortcut."""
        vector = self.encode_state(state, seat)
        return None if vector is None else (vector, self.mask(menu, wait))

    def score_version(self, state: Any) -> object:
        """Something that changes whenever a seat's `score` may have changed, or None (ask
        every step); while it stays equal, the rewards are 0 without computing scores."""
        return None

    def mask(self, menu: Mapping[int, JSONDict], wait: bool) -> npt.NDArray[np.int8]:
        """The action mask (int8, `1 + slots`): 1 for slot 0 when `wait` is legal and for
        every slot of `menu`."""
        mask = np.zeros(1 + self.slots, dtype=np.int8)
        mask[WAIT] = 1 if wait else 0
        for slot in menu:
            mask[slot] = 1
        return mask


class ListedCodec(Codec, ABC):
    """Slots 1 .. slots are the game's `legal_actions`, in the game's own order (truncated)."""

    def menu(self, game: AnyGame, state: Any, seat: int, rng: Rng) -> Mapping[int, JSONDict]:
        if not game.can_act(state, seat):
            return {}
        listed = game.legal_actions(state, seat)[: self.slots]
        return {slot: action for slot, action in enumerate(listed, start=1)}


class Writer:
    """Fills a vector left to right; `done` checks the length came out as documented."""

    __slots__ = ("at", "data")

    def __init__(self, size: int) -> None:
        self.data: Vector = np.zeros(size, dtype=np.float32)
        self.at = 0

    def put(self, value: float) -> None:
        self.data[self.at] = value
        self.at += 1

    def many(self, values: Sequence[float]) -> None:
        end = self.at + len(values)
        self.data[self.at : end] = values
        self.at = end

    def one_hot(self, index: int | None, width: int) -> None:
        """`width` zeros with a 1 at `index` (none for None or an index out of range)."""
        if index is not None and 0 <= index < width:
            self.data[self.at + index] = 1.0
        self.at += width

    def done(self) -> Vector:
        if self.at != len(self.data):  # pragma: no cover - a codec's layout bug
            raise AssertionError(f"encoded {self.at} numbers, the layout says {len(self.data)}")
        return self.data


def around(values: Sequence[Any], me: int) -> list[Any]:
    """Per-seat values turned so that the viewer comes first, then the seats after it."""
    return [*values[me:], *values[:me]]


def relative(seat: int | None, me: int, players: int) -> int | None:
    """A seat as seen from `me` (0 is me, 1 the next seat), None stays None."""
    return None if seat is None else (seat - me) % players
