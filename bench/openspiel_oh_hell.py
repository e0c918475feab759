"""OpenSpiel yardstick for the benchmark: random-playout games/s of OpenSpiel's ``oh_hell``.

OpenSpiel (PyPI ``open-spiel``, module ``pyspiel``) is optional: this module imports without it,
``available()`` reports whether it can be used, and ``pyspiel`` is imported only inside functions.

The game is 4 players, a 52-card deck (4 suits of 13) and a fixed 12 tricks. In OpenSpiel a game
of it is 51 chance actions (number of tricks: 1 outcome; dealer: 4; 48 cards dealt one by one;
the trump card) and 52 player actions (4 bids, then 12 tricks of 4 cards).

Two drivers pick the chance actions. ``"uniform"`` picks uniformly among ``legal_actions()``,
which is exact for this game because every one of its chance nodes is uniform
(``chance_is_uniform`` checks it); it is the fastest correct driver and the benchmark's headline.
``"weighted"`` samples ``chance_outcomes()`` by probability, as a driver for any game must; its
Python loop over up to 52 outcomes per dealt card costs OpenSpiel about a third of its speed.
"""

from __future__ import annotations

import random
import time
from typing import Any

OH_HELL_PARAMS: dict[str, int] = {
    "players": 4,
    "num_suits": 4,
    "num_cards_per_suit": 13,
    "num_tricks_fixed": 12,
}


def available() -> bool:
    """True when OpenSpiel's ``pyspiel`` module imports."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def load_oh_hell() -> Any:
    """Load OpenSpiel's ``oh_hell`` with ``OH_HELL_PARAMS`` (ImportError without OpenSpiel)."""
    import pyspiel

    return pyspiel.load_game("oh_hell", dict(OH_HELL_PARAMS))


def _sample_chance(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """Pick an outcome's action by its probability."""
    r = rng.random()
    acc = 0.0
    for action, prob in outcomes:
        acc += prob
        if r < acc:
            return action
    return outcomes[-1][0]  # rounding: the sum may fall just short of 1.0


def play_random_game(game: Any, rng: random.Random) -> tuple[int, int]:
    """Play one game with uniformly random legal actions; return (chance, player) action counts."""
    state = game.new_initial_state()
    chance_actions = 0
    player_actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = _sample_chance(state.chance_outcomes(), rng)
            chance_actions += 1
        else:
            action = rng.choice(state.legal_actions())
            player_actions += 1
        state.apply_action(action)
    return chance_actions, player_actions


#: The ways to pick chance actions (see the module docstring).
CHANCE_DRIVERS: tuple[str, ...] = ("uniform", "weighted")


def chance_is_uniform(game: Any, seed: int, games: int = 3) -> bool:
    """True when, in ``games`` random games, every chance node's outcomes are the node's legal
    actions, all equally likely: then ``choice(legal_actions())`` samples chance exactly."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if [action for action, _ in outcomes] != state.legal_actions():
                    return False
                if max(p for _, p in outcomes) - min(p for _, p in outcomes) > 1e-12:
                    return False
            state.apply_action(rng.choice(state.legal_actions()))
    return True


def random_games(game: Any, games: int, seed: int, chance: str = "uniform") -> float:
    """Seconds to play ``games`` random games of ``game`` driven from Python.

    Player actions are ``random.Random(seed).choice(state.legal_actions())``; chance actions
    are picked as ``chance`` says (one of ``CHANCE_DRIVERS``). The state's methods are bound
    once per game, as the Quashars benchmark binds its functions once.
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    if chance not in CHANCE_DRIVERS:
        raise ValueError(f"chance must be one of {', '.join(CHANCE_DRIVERS)}, not {chance!r}")
    rng = random.Random(seed)
    choice = rng.choice
    new_initial_state = game.new_initial_state
    start = time.perf_counter()
    if chance == "uniform":
        for _ in range(games):
            state = new_initial_state()
            legal_actions = state.legal_actions
            apply_action = state.apply_action
            is_terminal = state.is_terminal
            while not is_terminal():
                apply_action(choice(legal_actions()))
    else:
        for _ in range(games):
            state = new_initial_state()
            legal_actions = state.legal_actions
            apply_action = state.apply_action
            is_terminal = state.is_terminal
            is_chance_node = state.is_chance_node
            while not is_terminal():
                if is_chance_node():
                    apply_action(_sample_chance(state.chance_outcomes(), rng))
                else:
                    apply_action(choice(legal_actions()))
    return time.perf_counter() - start


def oh_hell_games_per_second(games: int, seed: int) -> dict[str, float]:
    """Time ``games`` random playouts of OpenSpiel's oh_hell driven from Python.

    Returns ``{"games": n, "seconds": s, "games_per_second": n / s}``. Loading the game is not
    timed. Raises ImportError when OpenSpiel is not installed (check ``available()`` first).
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    game = load_oh_hell()
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = _sample_chance(state.chance_outcomes(), rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    seconds = time.perf_counter() - start
    return {"games": games, "seconds": seconds, "games_per_second": games / seconds}


def main() -> None:
    """Print measurements (about 3 seconds of games each); a note when OpenSpiel is missing."""
    if not available():
        print("open-spiel is not installed: pip install 'open-spiel>=1.5,<3'")
        return
    game = load_oh_hell()
    chance_actions, player_actions = play_random_game(game, random.Random(0))
    print(f"oh_hell {game.get_parameters()}")
    print(f"actions per game: chance={chance_actions} player={player_actions}")
    warm = oh_hell_games_per_second(50, seed=1)
    games = max(1, int(3.0 * warm["games_per_second"]))
    result = oh_hell_games_per_second(games, seed=2)
    print(
        f"{result['games']:.0f} games in {result['seconds']:.2f} s: "
        f"{result['games_per_second']:.1f} games/s"
    )
    print(f"every chance node uniform: {chance_is_uniform(game, seed=3)}")
    for chance in CHANCE_DRIVERS:
        seconds = random_games(game, games, seed=4, chance=chance)
        print(f"driver with {chance} chance: {games / seconds:.1f} games/s")


if __name__ == "__main__":
    main()
