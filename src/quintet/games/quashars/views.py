"""Quashars' views, part by part: the full JSON view is every part, in this order.

`PARTS` builds one part each, so a bot's lazy view (`Game.lazy_view`) builds only what
the bot reads; `view` builds them all, which is what the server sends. Every builder
returns fresh data, never a list the state keeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from quintet.core import HOST, SPECTATOR, JSONDict, Viewer, ViewPart
from quintet.games.quashars.components import CODES, CONDITIONS, MAX_PREDICTION, PILES, cards_of
from quintet.games.quashars.fast import PREDICT_BASE, action_of_id, legal_action_ids, totals
from quintet.games.quashars.scoring import chips
from quintet.games.quashars.state import PHASES, PLAY, PREDICT, QuasharsState


def _chips(state: QuasharsState, seat: int) -> JSONDict | None:
    predicted = state.predicted[seat]
    if predicted < 0:
        return None
    left, flex_left, taken = chips(predicted, state.flex[seat], state.met[seat])
    return {"left": left, "flex_left": flex_left, "taken": taken}


#: Every action as JSON, by its dense id (`fast.action_of_id`): a view copies them.
_ACTIONS: Final = tuple(action_of_id(a) for a in range(PREDICT_BASE + 2 * (MAX_PREDICTION + 1)))


def legal(state: QuasharsState, seat: int) -> list[JSONDict]:
    """The seat's legal actions as JSON; [] when it is not its turn."""
    if seat != state.to_act or state.phase not in (PREDICT, PLAY):
        return []
    actions = _ACTIONS
    return [actions[a].copy() for a in legal_action_ids(state)]


def _conditions_drawn(state: QuasharsState, viewer: Viewer) -> list[str]:
    # Every condition card revealed so far this match: public, and what a search bot
    # needs to know which cards later games can still draw.
    return [
        CONDITIONS[c].id
        for full, left in zip(PILES[state.players], state.piles, strict=True)
        for c in full
        if c not in left
    ]


def _predictions(state: QuasharsState, viewer: Viewer) -> list[JSONDict | None]:
    flex = state.flex
    return [
        None if chips_ < 0 else {"chips": chips_, "flex": flex[s]}
        for s, chips_ in enumerate(state.predicted)
    ]


def _trick(state: QuasharsState, viewer: Viewer) -> list[JSONDict]:
    leader, players = state.leader, state.players
    return [{"seat": (leader + i) % players, "card": CODES[c]} for i, c in enumerate(state.trick)]


def _tricks(state: QuasharsState, viewer: Viewer) -> list[JSONDict]:
    return [
        {
            "leader": lead,
            "cards": [CODES[c] for c in cards],
            "winner": win,
            "met": [CONDITIONS[m].id for m in met],
        }
        for lead, cards, win, met in state.tricks
    ]


#: The parts every viewer sees, in the view's order.
_PUBLIC: Final[dict[str, ViewPart]] = {
    "game": lambda state, viewer: "quashars",
    "viewer": lambda state, viewer: viewer,
    "players": lambda state, viewer: state.players,
    "phase": lambda state, viewer: PHASES[state.phase],
    "game_no": lambda state, viewer: state.game_no,
    "games": lambda state, viewer: state.games_total,
    "start_player": lambda state, viewer: state.start_player,
    "to_act": lambda state, viewer: state.to_act if state.phase in (PREDICT, PLAY) else None,
    "deadline": lambda state, viewer: state.deadline,
    "now": lambda state, viewer: state.now,
    "options": lambda state, viewer: state.options.to_json(),
    "flex_chip": lambda state, viewer: state.options.flex_chip,
    "conditions_drawn": _conditions_drawn,
    "conditions": lambda state, viewer: [
        {"id": CONDITIONS[c].id, "pile": CONDITIONS[c].pile, "text": CONDITIONS[c].text}
        for c in state.conditions
    ],
    "predictions": _predictions,
    "hand_sizes": lambda state, viewer: [h.bit_count() for h in state.hands],
    "leader": lambda state, viewer: state.leader,
    "trick": _trick,
    "tricks": _tricks,
    "tricks_won": lambda state, viewer: state.tricks_won[:],
    "met": lambda state, viewer: state.met[:],
    "chips": lambda state, viewer: [_chips(state, s) for s in range(state.players)],
    "scores": lambda state, viewer: [s[:] for s in state.scores],
    "totals": lambda state, viewer: totals(state),
}
#: A seat's view: the public parts, its hand and its legal actions.
_SEAT: Final[dict[str, ViewPart]] = {
    **_PUBLIC,
    "hand": lambda state, seat: [CODES[c] for c in cards_of(state.hands[seat])],
    "legal": legal,
}
#: The parts only a seat's own view has (after the public ones).
_OWN: Final = {key: part for key, part in _SEAT.items() if key not in _PUBLIC}
#: The host's view: the public parts and every hand.
_HOST: Final[dict[str, ViewPart]] = {
    **_PUBLIC,
    "hands": lambda state, viewer: [[CODES[c] for c in cards_of(h)] for h in state.hands],
}


def parts(viewer: Viewer) -> Mapping[str, ViewPart]:
    """The builders of this (checked) viewer's view, in its order."""
    if viewer == HOST:
        return _HOST
    return _SEAT if viewer >= 0 else _PUBLIC


def view(state: QuasharsState, viewer: Viewer) -> JSONDict:
    """The full view of a (checked) viewer: every part."""
    built: dict[str, Any] = {key: part(state, viewer) for key, part in parts(viewer).items()}
    return built


def views(state: QuasharsState, viewers: Sequence[Viewer]) -> dict[Viewer, JSONDict]:
    """The full views of several (checked) viewers, each equal to `view`: the public
    parts (all but "viewer", which use no viewer) are built once and shared, read-only."""
    found: dict[Viewer, JSONDict] = {}
    public: JSONDict | None = None
    for viewer in viewers:
        if viewer == HOST:
            found[viewer] = view(state, viewer)
            continue
        if public is None:
            public = {key: part(state, SPECTATOR) for key, part in _PUBLIC.items()}
        built = public.copy()  # the same key order; "viewer" keeps its place
        built["viewer"] = viewer
        if viewer >= 0:
            for key, part in _OWN.items():
                built[key] = part(state, viewer)
        found[viewer] = built
    return found
