"""The AEC environment of a turn-based game: the agent whose turn it is acts, bots play
the other seats between the agents' turns (PettingZoo's agent-environment cycle)."""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from quintet.core import RuleError, derive_seed
from quintet.rl.setup import Episode, EpisodeHolder, Setup, agent_name, spaces_for


class TurnEnv(EpisodeHolder, AECEnv[str, dict[str, Any], int]):
    """A turn-based Quintet game as a PettingZoo AEC environment (see docs/rl.md)."""

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup
        self.metadata = {
            "name": f"quintet_{setup.game.name.replace('-', '_')}_v0",
            "render_modes": [],
            "is_parallelizable": False,
        }
        self.render_mode = None
        self.possible_agents = [agent_name(seat) for seat in setup.seats]
        self._seats = dict(zip(self.possible_agents, setup.seats, strict=True))
        made = {agent: spaces_for(setup) for agent in self.possible_agents}
        self.observation_spaces = {agent: pair[0] for agent, pair in made.items()}
        self.action_spaces = {agent: pair[1] for agent, pair in made.items()}
        self._episodes = 0
        self._observations: dict[str, dict[str, Any]] = {}
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with `seed` exactly that deal; without, the next of the env's seed.

        `options` is accepted for the API and ignored: the game's options are fixed when
        the environment is made.
        """
        if seed is None:
            seed = derive_seed(self.setup.seed, self._episodes)
        self._episodes += 1
        self.episode = Episode(self.setup, seed)
        self.episode.table.settle(self.setup.seats)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._observations = {}
        self._select()

    def _select(self) -> None:
        """Point at the agent to act and show it its observation (or at the first agent
        once the game is over)."""
        episode = self._live()
        self._observations = {}
        for agent in self.agents:
            if episode.table.can_act(self._seats[agent]):
                self.agent_selection = agent
                observation, info = episode.observe(self._seats[agent], wait=False)
                self._observations[agent] = observation
                self.infos[agent] = info
                return
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation: `observation` (its view encoded) and `action_mask`."""
        known = self._observations.get(agent)
        if known is not None:
            return known
        observation, _ = self._live().observe(self._seats[agent], wait=False)
        return observation

    def step(self, action: Any) -> None:
        """The selected agent takes the action slot `action` (None once it is done).

        Raises `ValueError` naming the slot and the rule for a masked slot; nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._live()
        seat = self._seats[agent]
        move = episode.chosen(seat, action, wait=False)
        assert move is not None
        if self.setup.codec.lane_ids and episode.table.lane is not None:
            episode.table.act_id(seat, int(action) - 1)
        else:
            try:
                episode.table.act(seat, move)
            except RuleError as error:  # pragma: no cover - the menu comes from the rules
                raise ValueError(f"{agent}: action {action} was refused: {error}") from None
        episode.table.settle(self.setup.seats)
        episode.steps += 1
        self._cumulative_rewards[agent] = 0.0
        change = episode.rewards()
        for name in self.agents:
            self.rewards[name] = change[self._seats[name]]
        if episode.table.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.setup.max_steps is not None and episode.steps >= self.setup.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
