"""The checked arguments of an environment and what both APIs share: observing a seat,
checking an action slot, the rewards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from gymnasium import spaces

from quintet.core import JSONDict, LazyView, RuleError, derive_seed, registry
from quintet.core.errors import BadOptions
from quintet.core.registry import AnyGame
from quintet.core.rng import Rng
from quintet.rl.codec import WAIT, Codec
from quintet.rl.codecs_race import DoubleQuickCodec, QuickCodec, QuicloCodec
from quintet.rl.codecs_turns import QuasharsCodec, QuiddlerCodec
from quintet.rl.table import Opponents, Table, check_players, seat_levels

CODECS: Final[dict[str, Codec]] = {
    codec.game: codec
    for codec in (
        QuasharsCodec(),
        QuiddlerCodec(),
        QuicloCodec(),
        QuickCodec(),
        DoubleQuickCodec(),
    )
}
#: The default step of a race's virtual clock (ms).
STEP_MS: Final = 250
#: A label mixed into the episode seed for the draws behind sampled action slots.
_MENU_LABEL: Final = 0x6D656E75


def agent_name(seat: int) -> str:
    return f"player_{seat}"


@dataclass
class Setup:
    """An environment's checked arguments."""

    game: AnyGame
    codec: Codec
    players: int
    options: Any
    levels: dict[int, str]
    seed: int
    step_ms: int
    max_steps: int | None
    seats: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.seats = [s for s in range(self.players) if s not in self.levels]


def make_setup(
    game: str,
    *,
    players: Any,
    options: Any,
    opponents: Opponents,
    seed: Any,
    step_ms: Any,
    max_steps: Any,
) -> Setup:
    """Check every argument; raises `BadInput`/`BadOptions` (ValueErrors) naming the wrong one."""
    if not isinstance(game, str):
        raise BadOptions(f"game must be a game's name, not {game!r}")
    rules = registry.get(game)
    codec = CODECS.get(rules.name)
    if codec is None:
        raise BadOptions(
            f"{rules.title} has no learning environment; quintet.rl offers: "
            f"{', '.join(sorted(CODECS))}"
        )
    count = check_players(rules, players)
    parsed = rules.parse_options(options)
    rules.check_options(parsed, count)
    levels = seat_levels(rules, count, opponents)
    if type(seed) is not int:
        raise BadOptions(f"seed must be an integer, not {seed!r}")
    if type(step_ms) is not int or step_ms < 1:
        raise BadOptions(f"step_ms must be a whole number of ms >= 1, not {step_ms!r}")
    if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
        raise BadOptions(f"max_steps must be None or an integer >= 1, not {max_steps!r}")
    return Setup(rules, codec, count, parsed, levels, seed, step_ms, max_steps)


class Episode:
    """One game with its table, the menus the agents were last shown, and the scores."""

    def __init__(self, setup: Setup, seed: int) -> None:
        self.setup = setup
        self.seed = seed
        self.table = Table(setup.game, setup.players, setup.options, setup.levels, seed)
        self.rng = Rng(derive_seed(seed, _MENU_LABEL))
        self.menus: dict[int, Mapping[int, JSONDict]] = {}
        self.steps = 0
        self.scores = self.score_now()
        self.score_version = setup.codec.score_version(self.table.state)
        self.no_change = dict.fromkeys(setup.seats, 0.0)

    def score_now(self) -> dict[int, float]:
        seats = self.setup.seats
        return dict(zip(seats, self.setup.codec.scores(self.table.state, seats), strict=True))

    def score_change(self) -> dict[int, float] | None:
        """Each agent seat's score change since the last call; None when no score can have
        changed (the codec's `score_version` stayed), so every change is 0."""
        version = self.setup.codec.score_version(self.table.state)
        if version is not None and version == self.score_version:
            return None
        self.score_version = version
        now = self.score_now()
        change = {seat: now[seat] - self.scores[seat] for seat in now}
        self.scores = now
        return change

    def rewards(self) -> dict[int, float]:
        """Each agent seat's score change since the last call (a new dict)."""
        change = self.score_change()
        return dict(self.no_change) if change is None else change

    def observe(self, seat: int, *, wait: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        """The seat's observation (vector and mask) and info (its exact JSON view).

        `wait`: whether slot 0 is legal (a race's agent may always let the step pass).
        """
        setup, state, codec, game = self.setup, self.table.state, self.setup.codec, self.setup.game
        menu = codec.menu(game, state, seat, self.rng)
        self.menus[seat] = menu
        both = codec.encode_state_and_mask(state, seat, menu, wait)
        parts = None if both is None else game.view_parts(state, seat)
        if both is None or parts is None:
            view = game.view(state, seat)
            vector, mask = codec.encode(view, setup.players), codec.mask(menu, wait)
        else:
            vector, mask = both
            # Built when read, from a copy no step changes: most learners never read it.
            view = LazyView(state.clone(), seat, parts)
        return {"observation": vector, "action_mask": mask}, {"view": view}

    def slot(self, seat: int, action: Any, *, wait: bool) -> int | None:
        """The slot of an agent's action (None to wait), checked against the mask the
        agent was shown; raises `ValueError` naming the slot and the rule otherwise."""
        if type(action) is int:
            slot = action
        elif isinstance(action, np.integer):
            slot = int(action)
        else:
            raise ValueError(
                f"{agent_name(seat)}: the action must be an integer slot 0 to "
                f"{self.setup.codec.slots}, not {action!r}"
            )
        menu = self.menus.get(seat, _NO_MENU)
        if slot in menu:
            return slot
        slots = 1 + self.setup.codec.slots
        if not 0 <= slot < slots:
            raise ValueError(
                f"{agent_name(seat)}: action {slot} is not a slot; the slots are 0 to {slots - 1}"
            )
        if slot == WAIT:
            if wait:
                return None
            raise ValueError(
                f"{agent_name(seat)}: action 0 (wait) is masked: in a turn-based game the "
                "seat to act must act"
            )
        rule = (
            "it may not act now"
            if not menu
            else f"the rules allow only the slots whose mask is 1 ({len(menu)} now)"
        )
        raise ValueError(
            f"{agent_name(seat)}: action {slot} is masked (not a legal move now): {rule}"
        )

    def chosen(self, seat: int, action: Any, *, wait: bool) -> JSONDict | None:
        """The action behind an agent's slot (None to wait); raises `ValueError` naming the
        slot and the rule when the mask the agent was shown does not allow it."""
        slot = self.slot(seat, action, wait=wait)
        return None if slot is None else self.menus[seat][slot]


_NO_MENU: Final[Mapping[int, JSONDict]] = {}


def refused_info(error: RuleError) -> dict[str, str]:
    """What an agent's info says about its action the rules refused in a race."""
    return error.to_json()


def spaces_for(setup: Setup) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation space (vector and mask) and the action space of every agent."""
    size = setup.codec.size(setup.players)
    slots = 1 + setup.codec.slots
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(slots,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(slots)


class EpisodeHolder:
    """What both environments share about their current episode (None before `reset`)."""

    episode: Episode | None = None

    def _live(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def render(self) -> None:
        """Nothing to draw: the info's `view` is the seat's exact JSON view."""
        return None

    def close(self) -> None:
        self.episode = None
