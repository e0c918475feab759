"""Quashars random playouts: the fast path, the checked path, and clones.

A "game" here is one deal: 4 predictions and 12 tricks of 4 cards with 4 players (52 actions),
dealing included. A Quashars match is as many deals as players, so a 4-player match counts as 4
games; that is the unit OpenSpiel's ``oh_hell`` game has (one deal, one bidding round, 12 tricks).

Every function plays uniformly random legal actions chosen by Python's ``random.Random`` from
the rules' own list of legal actions, as a playout bot would, and returns the wall time of the
loop only (building the chooser is not timed).
"""

from __future__ import annotations

import random
import time
from types import ModuleType
from typing import Any

from quintet.core import Input
from quintet.games.quashars import fast as quashars_fast
from quintet.games.quashars.rules import GAME

#: How a game is counted, stated in every result line.
GAME_UNIT = (
    "one deal (predictions + 12 tricks, dealing included); a match of 4 deals counts as 4 games"
)

#: A fixed offset keeps the seeds of matches apart from the chooser's seed.
_MATCH_SEED_BASE = 1_000_003


def random_games(
    games: int, seed: int, players: int = 4, rules: ModuleType = quashars_fast
) -> float:
    """Seconds to play ``games`` random deals through the unchecked fast path.

    Matches are started with ``rules.new_state`` and continued with ``rules.next_game``; each
    deal is ``while ids: apply_action_id(state, choice(ids))`` over ``legal_action_ids``. The
    last match may stop before its last deal. ``rules`` is the fast-path module, so an older
    revision can be raced against this one (see ``bench.compare``); it is ``quashars.fast``,
    or ``quashars.rules`` of a revision from before the fast path had a module of its own.
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    options = rules.QuasharsOptions()
    new_state = rules.new_state
    next_game = rules.next_game
    legal_action_ids = rules.legal_action_ids
    apply_action_id = rules.apply_action_id
    scored = rules.SCORED
    choice = random.Random(seed).choice
    match_seed = _MATCH_SEED_BASE * seed
    played = 0
    start = time.perf_counter()
    state = new_state(match_seed, players, options)
    while True:
        ids = legal_action_ids(state)
        while ids:
            apply_action_id(state, choice(ids))
            ids = legal_action_ids(state)
        played += 1
        if played == games:
            break
        if state.phase == scored:
            next_game(state)
        else:
            match_seed += 1
            state = new_state(match_seed, players, options)
    return time.perf_counter() - start


def checked_games(games: int, seed: int, players: int = 4) -> float:
    """Seconds to play ``games`` random deals through ``game.apply``, as the server will.

    Each action is a JSON dict applied with ``Input(seat, action, time)`` and returns its
    events; the next deal is dealt by the host's tick at the deadline. Matches start with
    ``game.new`` (options parsed and checked).
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    game = GAME
    legal_action_ids = quashars_fast.legal_action_ids
    action_of_id = quashars_fast.action_of_id
    choice = random.Random(seed).choice
    match_seed = _MATCH_SEED_BASE * seed
    played = 0
    start = time.perf_counter()
    state = game.new(match_seed, players)
    now = 0
    while True:
        ids = legal_action_ids(state)
        while ids:
            now += 1000
            game.apply(state, Input(state.to_act, action_of_id(choice(ids)), now))
            ids = legal_action_ids(state)
        played += 1
        if played == games:
            break
        deadline = game.next_deadline(state)
        if deadline is not None:
            now = deadline
            game.apply(state, Input.tick(now))
        else:  # the match is over
            match_seed += 1
            state = game.new(match_seed, players)
            now = 0
    return time.perf_counter() - start


def mid_game_state(seed: int, players: int = 4, tricks: int = 6) -> Any:
    """A state in the play phase of a match's second deal, ``tricks`` tricks in."""
    rules = quashars_fast
    choice = random.Random(seed).choice
    state = rules.new_state(_MATCH_SEED_BASE * seed, players, rules.QuasharsOptions())
    while state.game_no == 1 or len(state.tricks) < tricks:
        ids = rules.legal_action_ids(state)
        if ids:
            rules.apply_action_id(state, choice(ids))
        else:
            rules.next_game(state)
    return state


def clones(count: int, seed: int) -> float:
    """Seconds to make ``count`` clones of a mid-game 4-player state (see ``mid_game_state``)."""
    if count < 1:
        raise ValueError(f"count must be >= 1, got {count}")
    clone = mid_game_state(seed).clone
    start = time.perf_counter()
    for _ in range(count):
        clone()
    return time.perf_counter() - start
