"""Double Quick!'s guided first game: two players, the person at seat 0, one scripted bot.

The deal (seed 5, found by `tools/tutorial_deals.py double-quick`) turns up W, E, D, C, O
and one more tile for the person: they build WED across and COW down, crossing at the
green W, and press the red button with 5 tiles (all face-up tiles but one): a valid press
ends turn 1 for everyone (the bong). Then the person watches the bot play turns 2 to 9
(its moves, recorded once from the `hard` bot, are in `tutorial_moves`) until it presses
with all 22 tiles, which ends the game. The tutorial ends with that scoring: the person's
W lies in two words and counts twice (18 points).

Timers: the person's steps pause the clock (`You(..., pause=True)`), so turn 1 never ends
while they read. The bot's turns run the clock, so `turn_seconds` and `final_seconds` are
the most the options allow (600 s, 1800 s): no turn ends and no beep sounds while the bot
plays its ~15 s. Challenge mode stays off (a press is checked at once, and the board's
button only presses a valid crossword), so no challenge time runs.

Hints are built from the person's own view (their tiles are face up, hence public).
Message keys: `tutorial.double-quick.*` in `web/app/boards/double-quick/tutorial.<lang>.js`.
"""

from __future__ import annotations

from typing import Final

from quintet.core import JSONDict
from quintet.core.tutorial import BotMove, Hint, HintFor, Step, Tutorial, You
from quintet.games.double_quick.tutorial_moves import BOT_MOVES

SEED: Final = 5
PLAYERS: Final = 2
OPTIONS: Final[JSONDict] = {"turn_seconds": 600, "final_seconds": 1800}
#: The person's tiles in the order they are placed, each with its cell and hint key:
#: WED across from (0, 0), then COW down through the W.
PLACES: Final = (
    ("W1", 0, 0, "first"),
    ("E11", 0, 1, "across"),
    ("D4", 0, 2, "across_done"),
    ("O4", -1, 0, "cross"),
    ("C1", -2, 0, "cross_done"),
)
#: A scripted bot move's pace: quick, so the person watches eight turns in some 15 s.
BOT_DELAY_MS: Final = 120


def _letter(tile: str) -> str:
    return tile.rstrip("0123456789").lower()


def _place(tile: str, row: int, col: int, key: str) -> You:
    action: JSONDict = {"type": "place", "tile": tile, "row": row, "col": col}
    params: JSONDict = {"letter": _letter(tile)}
    marks = (f"tile:{tile}", f"cell:{row},{col}")
    return You(
        action,
        Hint(f"tutorial.double-quick.{key}", params, marks),
        Hint("tutorial.double-quick.place_wrong", params),
        pause=True,
    )


def _bot_move(text: str) -> JSONDict:
    """One recorded move (see `tutorial_moves`) as an action."""
    kind, *rest = text.split()
    if kind == "press":
        return {"type": "press"}
    if kind == "lift":
        return {"type": "lift", "tile": rest[0]}
    if kind == "pass":
        return {"type": "pass", "tile": None if rest[0] == "-" else rest[0]}
    action: JSONDict = {"type": kind, "tile": rest[0], "row": int(rest[1]), "col": int(rest[2])}
    if len(rest) > 3:
        action["letter"] = rest[3]
    return action


def _watch(view: JSONDict) -> Hint:
    """What to watch while the bot plays its turn (public: the turn and the tiles needed)."""
    turn = view["turn"]
    return Hint(
        "tutorial.double-quick.watch" if turn < view["last_turn"] else "tutorial.double-quick.last",
        {"turn": turn, "needed": view["seats"][1]["needed"]},
    )


def _end(view: JSONDict) -> Hint:
    """The scoring, from the public results (the script's last move, the bot's press, ends
    the game: the results are there as soon as the script is done)."""
    mine = view["seats"][0]["result"]
    totals = view["totals"]
    return Hint(
        "tutorial.double-quick.end",
        {"points": mine["points"], "doubled": len(mine["doubled"]), "other": totals[1]},
    )


def _steps() -> tuple[Step, ...]:
    steps: list[Step] = [_place(*place) for place in PLACES]
    steps.append(
        You(
            {"type": "press"},
            Hint("tutorial.double-quick.press"),
            Hint("tutorial.double-quick.press_wrong"),
            pause=True,
        )
    )
    watch: HintFor = _watch
    steps += [BotMove(1, _bot_move(move), watch, BOT_DELAY_MS) for move in BOT_MOVES]
    return tuple(steps)


TUTORIAL: Final = Tutorial(
    game="double-quick",
    seed=SEED,
    players=PLAYERS,
    options=OPTIONS,
    steps=_steps(),
    end=_end,
    fallback="easy",
)
