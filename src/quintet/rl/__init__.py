"""Every Quintet game as a PettingZoo environment for learning agents (docs/rl.md).

    >>> import quintet.rl
    >>> env = quintet.rl.env("quashars", players=4, opponents={1: "basic", 2: "basic", 3: "basic"})
    >>> env.reset(seed=1)
    >>> observation, reward, terminated, truncated, info = env.last()
    >>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
    ((351,), True)

`env` gives the AEC API (a race through PettingZoo's `parallel_to_aec`), `parallel_env` the
Parallel API. Bad arguments raise a `ValueError` (`BadInput`/`BadOptions`) naming them.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils.conversions import parallel_to_aec

from quintet.core import registry
from quintet.rl.aec import TurnEnv
from quintet.rl.parallel import StepEnv
from quintet.rl.setup import CODECS, STEP_MS, Setup, make_setup
from quintet.rl.table import Opponents

__all__ = ["CODECS", "STEP_MS", "StepEnv", "TurnEnv", "env", "parallel_env"]


def parallel_env(
    game: str,
    players: int | None = None,
    options: Any = None,
    opponents: Opponents = None,
    seed: int = 0,
    *,
    step_ms: int = STEP_MS,
    max_steps: int | None = None,
) -> StepEnv:
    """The game as a PettingZoo Parallel environment.

    `players` defaults to the game's smallest table; `opponents` seats registry bots
    ({seat: level} or one entry per seat, None for an agent); the other seats are the
    agents `player_<seat>`. `seed` seeds the episodes that `reset()` starts without one;
    `step_ms` is a race's step of the virtual clock; `max_steps` truncates an episode.
    Raises `ValueError` (`BadInput`, `BadOptions`) naming the argument that does not fit.
    """
    return StepEnv(
        _setup(
            game,
            players=players,
            options=options,
            opponents=opponents,
            seed=seed,
            step_ms=step_ms,
            max_steps=max_steps,
        )
    )


def env(
    game: str,
    players: int | None = None,
    options: Any = None,
    opponents: Opponents = None,
    seed: int = 0,
    *,
    step_ms: int = STEP_MS,
    max_steps: int | None = None,
) -> AECEnv[str, Any, Any]:
    """The game as a PettingZoo AEC environment: a turn-based game natively, a race through
    `parallel_to_aec` of its Parallel environment. Arguments and errors as `parallel_env`."""
    setup = _setup(
        game,
        players=players,
        options=options,
        opponents=opponents,
        seed=seed,
        step_ms=step_ms,
        max_steps=max_steps,
    )
    if setup.game.real_time:
        return parallel_to_aec(StepEnv(setup))
    return TurnEnv(setup)


def _setup(
    game: str,
    *,
    players: int | None,
    options: Any,
    opponents: Opponents,
    seed: int,
    step_ms: int,
    max_steps: int | None,
) -> Setup:
    count = registry.get(game).min_players if players is None and isinstance(game, str) else players
    return make_setup(
        game,
        players=count,
        options=options,
        opponents=opponents,
        seed=seed,
        step_ms=step_ms,
        max_steps=max_steps,
    )
