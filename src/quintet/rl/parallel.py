"""The Parallel environment of any game: every agent answers each step at once.

In a race (Quiclo, Quick, Double Quick!) a step is `step_ms` of the virtual clock: each
agent acts or waits; the actions arrive at the step's start, among the bots' plans and
the host's ticks by the scheduler's tie rule (tick first, then the lowest seat), and then
the clock runs to the next step. In a turn-based game a step is one decision: the agent
whose turn it is acts and every other agent waits (slot 0).
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from quintet.core import JSONDict, RuleError, derive_seed
from quintet.rl.setup import Episode, EpisodeHolder, Setup, agent_name, spaces_for


class StepEnv(EpisodeHolder, ParallelEnv[str, dict[str, Any], int]):
    """A Quintet game as a PettingZoo Parallel environment (see docs/rl.md)."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.metadata = {
            "name": f"quintet_{setup.game.name.replace('-', '_')}_v0",
            "render_modes": [],
        }
        self.render_mode = None
        self.possible_agents = [agent_name(seat) for seat in setup.seats]
        self.agents: list[str] = []
        self._seats = dict(zip(self.possible_agents, setup.seats, strict=True))
        made = {agent: spaces_for(setup) for agent in self.possible_agents}
        self.observation_spaces = {agent: pair[0] for agent, pair in made.items()}
        self.action_spaces = {agent: pair[1] for agent, pair in made.items()}
        self.race = setup.game.real_time
        self._episodes = 0
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new game (seeded as in the AEC environment); `options` is ignored."""
        if seed is None:
            seed = derive_seed(self.setup.seed, self._episodes)
        self._episodes += 1
        self.episode = Episode(self.setup, seed)
        if not self.race:
            self.episode.table.settle(self.setup.seats)
        self.agents = self.possible_agents[:]
        return self._observe_all()

    def _observe_all(self) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        episode = self._live()
        observations: dict[str, Any] = {}
        infos: dict[str, dict[str, Any]] = {}
        for agent in self.agents:
            seat = self._seats[agent]
            wait = self.race or not episode.table.can_act(seat)
            observations[agent], infos[agent] = episode.observe(seat, wait=wait)
        return observations, infos

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every agent's action slot (a missing agent waits). Raises `ValueError` naming the
        agent, the slot and the rule for a masked slot, before anything changes."""
        episode = self._live()
        unknown = set(actions) - set(self.agents)
        if unknown:
            raise ValueError(f"no such live agent: {', '.join(sorted(unknown))}")
        moves: list[tuple[int, JSONDict]] = []
        for agent in self.agents:
            seat = self._seats[agent]
            wait = self.race or not episode.table.can_act(seat)
            move = episode.chosen(seat, actions.get(agent, 0), wait=wait)
            if move is not None:
                moves.append((seat, move))
        refused: dict[int, RuleError] = {}
        if self.race:
            table = episode.table
            refused = table.race(moves, table.clock + self.setup.step_ms)
        else:
            for seat, move in moves:
                episode.table.act(seat, move)
            episode.table.settle(self.setup.seats)
        episode.steps += 1
        change = episode.rewards()
        rewards = {agent: change[self._seats[agent]] for agent in self.agents}
        over = episode.table.is_over()
        cut = (
            not over and self.setup.max_steps is not None and episode.steps >= self.setup.max_steps
        )
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        observations, infos = self._observe_all()
        for agent in self.agents:
            error = refused.get(self._seats[agent])
            if error is not None:
                infos[agent]["refused"] = error.to_json()
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
