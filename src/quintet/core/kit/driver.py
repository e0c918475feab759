"""Random legal play of any registered game, for tests, smoke runs and benchmarks.

The driver asks only the public contract (`can_act`, `next_deadline`, and
`legal_actions` for a game that lists its actions or `sample_action` for one that
only draws them), so every game that registers is playable by it, real-time races
included: when several seats can act at once it picks the seat too. Each choice goes
through one `choose(n) -> 0..n-1` function, so a test can hand the choices to
hypothesis (which then shrinks a failing game) and anything else can use a seeded
`Rng`; a game that samples gets the seed of each draw through `choose` as well.

>>> from quintet.core import registry
>>> game = registry.get("quashars")
>>> state = game.new(seed=3, players=3)
>>> inputs = RandomDriver.seeded(game, 3).play(state)
>>> game.is_over(state)
True
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

from quintet.core.events import Event
from quintet.core.game import Game, State
from quintet.core.inputs import Input
from quintet.core.jsonutil import canonical
from quintet.core.record import Record
from quintet.core.registry import get
from quintet.core.rng import Rng
from quintet.core.types import JSONDict, Seat

#: Picks one of `n` choices (n >= 1): returns a value in 0 .. n-1.
Choose = Callable[[int], int]

#: More inputs than any game of the five needs; a game still running after this
#: many random inputs is taken to be stuck in a loop.
MAX_INPUTS = 20_000

#: Seeds of the draws a sampling game makes are chosen below this.
SEEDS = 2**64

#: A seat that can act now, with the actions offered to it: all of them for a game
#: that lists its actions, a few drawn at random for one that only samples.
Mover = tuple[int, list[JSONDict]]


def offered(
    game: Game[Any, Any], state: State, seat: Seat, rng: Rng, samples: int = 1
) -> list[JSONDict]:
    """The actions a test may try for `seat`: `legal_actions` when the game lists them,
    else up to `samples` different ones from `sample_action` (drawn from `rng`)."""
    if game.lists_actions:
        return game.legal_actions(state, seat)
    found: dict[str, JSONDict] = {}
    for _ in range(samples):
        action = game.sample_action(state, seat, rng)
        if action is None:
            break
        found.setdefault(canonical(action), action)
    return list(found.values())


def movers_of(game: Game[Any, Any], state: State, rng: Rng | None = None) -> list[Mover]:
    """The seats that can act now, each with its offered actions (seats with none left
    out). A game that only samples draws one action per seat from `rng` (Rng(0) if None)."""
    draws = Rng(0) if rng is None else rng
    movers: list[Mover] = []
    for seat in range(state.players):
        if game.can_act(state, seat):
            actions = offered(game, state, seat, draws)
            if actions:
                movers.append((seat, actions))
    return movers


class RandomDriver:
    """Chooses random legal inputs for a game's state.

    Each step chooses uniformly among the seats that can act and have a legal
    action, plus the host's tick when the rules have a deadline (so a race can
    still time out); then uniformly among that seat's legal actions (for a game
    that samples: the one action drawn for it). An action is stamped between now
    and `max_step_ms` later, always before the next deadline, because a host
    delivers a due tick before any later input. A deadline already reached is
    always ticked first.
    """

    def __init__(self, game: Game[Any, Any], choose: Choose, max_step_ms: int = 1000) -> None:
        if max_step_ms < 0:
            raise ValueError(f"max_step_ms must be >= 0, not {max_step_ms}")
        self.game = game
        self.choose = choose
        self.max_step_ms = max_step_ms
        #: The seats and actions the last `next_input` chose among, so a test can reuse
        #: them without asking the game again (a solver in some games); None when it
        #: did not ask (a due tick, or the game over).
        self.offered: list[Mover] | None = None

    @classmethod
    def seeded(cls, game: Game[Any, Any], seed: int | Rng, max_step_ms: int = 1000) -> RandomDriver:
        """A driver whose choices come from `Rng(seed)` (or the given `Rng`, which it advances)."""
        rng = seed if isinstance(seed, Rng) else Rng(seed)
        return cls(game, rng.below, max_step_ms)

    def _pick(self, n: int) -> int:
        index = self.choose(n)
        if not 0 <= index < n:
            raise ValueError(f"choose({n}) returned {index}, outside 0..{n - 1}")
        return index

    def movers(self, state: State) -> list[Mover]:
        """`movers_of` the state, a sampling game's draws seeded through `choose`."""
        rng = None if self.game.lists_actions else Rng(self._pick(SEEDS))
        return movers_of(self.game, state, rng)

    def next_input(self, state: State) -> Input | None:
        """A random legal input for `state`, or None when the game is over or nothing can happen."""
        game = self.game
        self.offered = None
        if game.is_over(state):
            return None
        now = state.now
        deadline: int | None = game.next_deadline(state)
        if deadline is not None and deadline <= now:
            return Input.tick(now)
        movers = self.offered = self.movers(state)
        choices = len(movers) + (deadline is not None)
        if choices == 0:
            return None
        pick = self._pick(choices)
        if pick == len(movers):
            assert deadline is not None  # the tick is only offered with a deadline
            return Input.tick(deadline)
        seat, actions = movers[pick]
        action = copy.deepcopy(actions[self._pick(len(actions))])
        step = self.max_step_ms if deadline is None else min(self.max_step_ms, deadline - 1 - now)
        return Input(seat, action, now + self._pick(step + 1))

    def steps(
        self, state: State, max_inputs: int = MAX_INPUTS
    ) -> Iterator[tuple[Input, list[Event]]]:
        """Apply random inputs to `state` until the game is over, yielding each with its events.

        Raises AssertionError when the game can go no further before its end
        (no seat can act and no deadline is set) or runs past `max_inputs`.
        """
        for _ in range(max_inputs):
            inp = self.next_input(state)
            if inp is None:
                if self.game.is_over(state):
                    return
                raise AssertionError(
                    f"{self.game.title} is stuck at {state.now} ms: no seat can act, "
                    "no deadline is set and the game is not over"
                )
            yield inp, self.game.apply(state, inp)
        if not self.game.is_over(state):
            raise AssertionError(f"{self.game.title} did not end within {max_inputs} random inputs")

    def play(self, state: State, max_inputs: int = MAX_INPUTS) -> list[Input]:
        """Play `state` to its end; returns the inputs applied (see `steps` for what it raises)."""
        return [inp for inp, _ in self.steps(state, max_inputs)]


def random_record(
    game_name: str,
    seed: int,
    players: int,
    options: JSONDict | None = None,
    choices_seed: int | None = None,
) -> Record:
    """The record of a random game to its end; choices come from `choices_seed` (default: seed)."""
    game = get(game_name)
    state = game.new(seed, players, options)
    driver = RandomDriver.seeded(game, seed if choices_seed is None else choices_seed)
    return Record(game_name, seed, players, dict(options or {}), tuple(driver.play(state)))
