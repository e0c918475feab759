"""Double Quick! bots. `random` builds at random through the same actions a person uses,
at a person's pace (a tile takes 1.5 to 3 s), and presses only a valid crossword;
`easy`, `medium` and `hard` build towards the solver's crossword (`builder`)."""

from __future__ import annotations

from typing import Final

from quintet.bots.random import RandomBot
from quintet.core import JSONDict, Rng
from quintet.core.levels import BotLevels
from quintet.games.double_quick.builder import LEVELS, factory
from quintet.games.double_quick.sampling import Seen, random_action

#: A person needs this long to place a tile (ms), drawn uniformly.
PLACE_MS: Final = (1500, 3000)


def seen_in(view: JSONDict) -> Seen | None:
    """What `sampling.random_action` needs, read from a seat's view; None when the seat
    has nothing to do (not a seat, or play is not running)."""
    seat = view.get("viewer")
    if not isinstance(seat, int) or seat < 0 or view.get("phase") != "play":
        return None
    mine = view["seats"][seat]
    return Seen(
        tuple(t["tile"] for t in mine["rack"]),
        tuple((t["tile"], t["row"], t["col"]) for t in mine["crossword"]),
        mine["needed"],
        view["turn"] < view["last_turn"],
        not mine["problems"],
    )


def random_pick(view: JSONDict, rng: Rng) -> JSONDict | None:
    """A random legal action from the view; a challenge of any press in challenge mode."""
    seat = view.get("viewer")
    if view.get("phase") == "review" and view.get("presser") != seat:
        return {"type": "challenge"}
    seen = seen_in(view)
    return None if seen is None else random_action(seen, rng)


def human_pace(view: JSONDict, action: JSONDict, rng: Rng) -> int:
    """How long a person takes for the action: 1.5 to 3 s a tile."""
    low, high = PLACE_MS
    return low + rng.below(high - low + 1)


#: Weakest first (docs/benchmarks.md, "Double Quick! bot levels"). A new seat gets easy:
#: medium builds a crossword in the time a newcomer looks at the tiles.
BOTS: Final = BotLevels(
    {
        "random": RandomBot.using(random_pick, human_pace),
        **{level: factory(level) for level in LEVELS},
    },
    default="easy",
)
