"""Quick's guided first game: two players, the person at seat 0, one scripted bot.

The deal (seed 54, found by `tools/tutorial_deals.py quick`) with the instruction cards
colour, then 1-72: the person's five cards are the orange 9, the blue 3, the red 6, the
orange 44 and the blue 25 (top down). The person sorts them as a player would: warm
colours (red, orange, yellow) on one new pile, cool ones (green, blue, purple) on
another, each card on the top or the bottom of its pile (the red 6 before the orange 9,
the orange 44 after it: colour first, then the number), then merges the cool pile under
the warm one and calls KLAAR. The bot calls KLAAR first with its stack unsorted: its
stack is checked first and stops at its first wrong card; the person's is right and
wins the round's chip. The tutorial ends with that first scoring.

Timers: the person's steps pause the clock (`You(..., pause=True)`); the countdown and
the checking run (the person cannot act then, so nothing is lost by it). `round_end`
stays "all", so no last-player clock ever runs; the results stay `pause_ms` (the most
the option allows) while the scoring is explained.

Hints are built from the person's own view: the card in hand (the only card a player
sees while sorting), pile numbers and the public checking. Message keys:
`tutorial.quick.*` in `web/app/boards/quick/tutorial.<lang>.js`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from quintet.core import JSONDict
from quintet.core.tutorial import BotMove, Hint, HintFor, Step, Tutorial, You

SEED: Final = 54
PLAYERS: Final = 2
OPTIONS: Final[JSONDict] = {"criteria": ["colour", "number"], "pause_ms": 120_000}
#: The person's moves, each with the hint key that explains it.
MOVES: Final[tuple[tuple[JSONDict, str], ...]] = (
    ({"type": "take", "pile": 0}, "first_take"),
    ({"type": "new_pile", "at": 1}, "warm_pile"),
    ({"type": "take", "pile": 0}, "take"),
    ({"type": "new_pile", "at": 2}, "cool_pile"),
    ({"type": "take", "pile": 0}, "take"),
    ({"type": "place", "pile": 1, "end": "top"}, "place_top"),
    ({"type": "take", "pile": 0}, "take"),
    ({"type": "place", "pile": 1, "end": "bottom"}, "place_bottom"),
    ({"type": "take", "pile": 0}, "take_last"),
    ({"type": "place", "pile": 1, "end": "bottom"}, "place_bottom_same"),
    ({"type": "take", "pile": 1}, "merge_take"),
    ({"type": "place", "pile": 0, "end": "bottom"}, "merge_place"),
    ({"type": "take", "pile": 1}, "merge_take_last"),
    ({"type": "place", "pile": 0, "end": "bottom"}, "merge_place"),
    ({"type": "klaar"}, "klaar"),
)
#: The bot calls KLAAR, unsorted, after this many of the person's moves.
BOT_KLAAR_AFTER: Final = 4
#: Where the checking finds the bot's stack wrong (counted from 1, the top).
BOT_WRONG_AT: Final = 3


def _marks(action: JSONDict) -> tuple[str, ...]:
    if action["type"] == "new_pile":
        return (f"gap:{action['at']}",)
    if action["type"] in ("take", "place"):
        return (f"pile:{action['pile']}",)
    return ()


def _params(action: JSONDict, view: JSONDict) -> JSONDict:
    """The move's public facts: the card in the person's hand, the pile (counted from 1)."""
    params: JSONDict = {}
    hand = view.get("hand")
    if isinstance(hand, dict):
        params["number"] = hand["number"]
        params["colour"] = hand["colour"]
    if "pile" in action:
        params["pile"] = action["pile"] + 1
    if "at" in action:
        params["pile"] = action["at"] + 1
    return params


def _hint(action: JSONDict, key: str) -> HintFor:
    def hint(view: JSONDict) -> Hint:
        if view["phase"] == "ready":
            return Hint("tutorial.quick.countdown")
        return Hint(f"tutorial.quick.{key}", _params(action, view), _marks(action))

    return hint


def _wrong(action: JSONDict) -> HintFor:
    def wrong(view: JSONDict) -> Hint:
        return Hint(f"tutorial.quick.wrong_{action['type']}", _params(action, view))

    return wrong


def _end(view: JSONDict) -> Hint:
    """The checking while it runs, then the round's scoring, from the public view."""
    tables = view["tables"]
    if view["round"] > 1:  # round 2 is dealt after `pause_ms`: round 1 stays explained
        return Hint("tutorial.quick.end", {"wrong_place": BOT_WRONG_AT, "chips": 1, "to_win": 6})
    if view["phase"] not in ("scored", "over"):
        return Hint("tutorial.quick.checking", final=False)
    return Hint(
        "tutorial.quick.end",
        {
            "wrong_place": tables[1]["first_wrong"] + 1,
            "chips": tables[0]["chips"],
            "to_win": view["chips_to_win"],
        },
    )


def _steps() -> tuple[Step, ...]:
    steps: list[Step] = []
    for number, (action, key) in enumerate(MOVES):
        if number == BOT_KLAAR_AFTER:
            steps.append(
                BotMove(1, {"type": "klaar"}, note=Hint("tutorial.quick.bot_klaar"), delay_ms=1500)
            )
        steps.append(
            You(action, _hint(action, key), _wrong(action), accepts=_same_move(action), pause=True)
        )
    return tuple(steps)


def _same_move(expected: JSONDict) -> Callable[[JSONDict], bool]:
    """The board sends the round with each move (a late one is then too late, see the
    rules' `_TABLE`); the move is the same with or without it."""

    def accepts(action: JSONDict) -> bool:
        return {k: v for k, v in action.items() if k != "round"} == expected

    return accepts


TUTORIAL: Final = Tutorial(
    game="quick",
    seed=SEED,
    players=PLAYERS,
    options=OPTIONS,
    steps=_steps(),
    end=_end,
    fallback="easy",
)
