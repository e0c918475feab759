"""What the server sends of the rules' answers: never the rules' own help.

A game may list help among its legal actions for bots and tools in process (Quiddler
lists the solver's best way to go out; `Game.lists_help`). A person must find their
own words, so every view the server sends (updates, welcomes, replays) and every
sample it draws leave such actions out; the rules accept them all the same when a
client builds one itself.
"""

from __future__ import annotations

from typing import Any

from quintet.core import JSONDict, Rng
from quintet.core.registry import AnyGame


def served_view(game: AnyGame, view: JSONDict) -> JSONDict:
    """`view` as the server sends it: its `legal` without the game's help (a new top-level
    dict when something is dropped; views may share their parts)."""
    if not game.lists_help:
        return view
    legal = view.get("legal")
    if not legal:
        return view
    is_help = game.is_help
    return {**view, "legal": [action for action in legal if not is_help(action)]}


def served_sample(game: AnyGame, state: Any, seat: int, rng: Rng) -> JSONDict | None:
    """A random legal action for `seat` that is not help (`Game.is_help`), drawn from `rng`;
    None when it has none. For a game without help, the game's own `sample_action`."""
    if not game.lists_help:
        return game.sample_action(state, seat, rng)
    if not game.can_act(state, seat):
        return None
    actions = [action for action in game.legal_actions(state, seat) if not game.is_help(action)]
    return actions[rng.below(len(actions))] if actions else None
