"""Double Quick! bots. `random` draws a random legal action at a person's pace (1.5 to
3 s an action): a kind of action (place, move, lift, pass, press) with equal chances,
then a tile, a cell beside its crossword and a wild tile's letter, all at random. It
knows no words: it presses whether or not its crossword is valid (an invalid press is
legal and costs 10 points), so it never reads the view's `problems`. `easy`, `medium`
and `hard` build towards the solver's crossword (`builder`)."""

from __future__ import annotations

from typing import Final

from quintet.bots.random import RandomBot
from quintet.core import JSONDict, Rng
from quintet.core.levels import BotLevels
from quintet.games.double_quick.builder import LEVELS, factory
from quintet.games.double_quick.sampling import EVEN, Seen, random_action

#: A person needs this long to place a tile (ms), drawn uniformly.
PLACE_MS: Final = (1500, 3000)


def seen_in(view: JSONDict) -> Seen | None:
    """What `sampling.random_action` needs, read from a seat's view; None when the seat
    has nothing to do (not a seat, or play is not running). The red button is always
    there to press while play runs: whether the press would count is for the referee."""
    seat = view.get("viewer")
    if not isinstance(seat, int) or seat < 0 or view.get("phase") != "play":
        return None
    mine = view["seats"][seat]
    return Seen(
        tuple(t["tile"] for t in mine["rack"]),
        tuple((t["tile"], t["row"], t["col"]) for t in mine["crossword"]),
        mine["needed"],
        view["turn"] < view["last_turn"],
        True,
    )


def random_pick(view: JSONDict, rng: Rng) -> JSONDict | None:
    """A random legal action from the view, every kind alike; a challenge of any press in
    challenge mode (the only action there is then)."""
    seat = view.get("viewer")
    if view.get("phase") == "review" and view.get("presser") != seat:
        return {"type": "challenge"}
    seen = seen_in(view)
    return None if seen is None else random_action(seen, rng, EVEN)


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
