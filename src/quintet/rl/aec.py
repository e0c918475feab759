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
        self._agents_by_seat = {seat: agent for agent, seat in self._seats.items()}
        self._by_id = setup.codec.lane_ids
        self._rewarded = False
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
        turn = self.episode.table.settle(self.setup.seats)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._observations = {}
        self._rewarded = False
        self._select(turn)

    def _select(self, turn: int | None) -> None:
        """Point at the agent to act and show it its observation (or at the first agent
        once the game is over). `turn`: what `Table.settle` returned."""
        episode = self._live()
        table = episode.table
        self._observations = {}
        if table.lane is not None:
            # The lane named the one seat that may act: no scan over the agents.
            found = None if turn is None else self._agents_by_seat.get(turn)
        else:
            found = next((a for a in self.agents if table.can_act(self._seats[a])), None)
        if found is None or found not in self.agents:
            self.agent_selection = self.agents[0]
            return
        agent = self.agent_selection = found
        observation, info = episode.observe(self._seats[agent], wait=False)
        self._observations[agent] = observation
        self.infos[agent] = info

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
        table = episode.table
        seat = self._seats[agent]
        slot = episode.slot(seat, action, wait=False)
        assert slot is not None
        if self._by_id and table.lane is not None:
            table.act_id(seat, slot - 1)
        else:
            try:
                table.act(seat, episode.menus[seat][slot])
            except RuleError as error:  # pragma: no cover - the menu comes from the rules
                raise ValueError(f"{agent}: action {action} was refused: {error}") from None
        turn = table.settle(self.setup.seats)
        episode.steps += 1
        self._cumulative_rewards[agent] = 0.0
        change = episode.score_change()
        if change is not None:
            for name in self.agents:
                self.rewards[name] = change[self._seats[name]]
            self._rewarded = True
            self._accumulate_rewards()
        elif self._rewarded:
            # The last step's rewards were not all 0: this step's are.
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if table.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.setup.max_steps is not None and episode.steps >= self.setup.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select(turn)
