"""Quiddler's guided first game: two players, the person at seat 0 first, one scripted bot.

The deal (seed 13, found by `tools/tutorial_deals.py quiddler`) gives the person D, M and
M, with a U on the discard pile: drawing the U from the discard pile makes MUD, so the
person goes out on their first turn, discarding the other M. The bot takes its last turn
(it draws that M and finds no word), and round 1 is scored: the tutorial ends there.

Hints are built from the person's own view (`HintFor`): their hand and the discard pile.
Message keys: `tutorial.quiddler.*` in `web/app/boards/quiddler/tutorial.<lang>.js`.
"""

from __future__ import annotations

from typing import Final

from quintet.core import JSONDict
from quintet.core.tutorial import BotMove, Hint, Tutorial, You

SEED: Final = 13
PLAYERS: Final = 2
#: Seat 1 deals, so the person plays first; the first scoring stays while it is explained.
OPTIONS: Final[JSONDict] = {"first_dealer": 1, "pause_ms": 600_000}
WORD: Final = ("m", "u", "d")
DISCARD: Final = "m"


def _goes_out(action: JSONDict) -> bool:
    # Any arrangement the rules accept (they check the words) with this discard: the bot's
    # last turn takes that card.
    return action.get("type") == "go_out" and action.get("discard") == DISCARD


def _draw_hint(view: JSONDict) -> Hint:
    return Hint(
        "tutorial.quiddler.draw",
        {"top": view["discard_top"], "hand": " ".join(view["hand"]).upper()},
        ("pile:discard",),
    )


def _end(view: JSONDict) -> Hint:
    """Round 1's scoring, from the public scores of the person's view."""
    parts = view["last_round"]
    return Hint(
        "tutorial.quiddler.end",
        {
            "words": parts["words"][0],
            "longest": parts["longest"][0],
            "total": parts["total"][0],
            "other": parts["total"][1],
            "unused": -parts["unused"][1],
        },
    )


TUTORIAL: Final = Tutorial(
    game="quiddler",
    seed=SEED,
    players=PLAYERS,
    options=OPTIONS,
    steps=(
        You(
            {"type": "draw", "source": "discard"},
            _draw_hint,
            Hint("tutorial.quiddler.draw_wrong", {"top": "u"}),
        ),
        You(
            {"type": "go_out", "words": [list(WORD)], "discard": DISCARD},
            Hint(
                "tutorial.quiddler.go_out",
                {"word": "".join(WORD).upper(), "discard": DISCARD.upper()},
                tuple(f"card:{card}" for card in (*WORD, DISCARD)),
            ),
            Hint(
                "tutorial.quiddler.go_out_wrong",
                {"word": "".join(WORD).upper(), "discard": DISCARD.upper()},
            ),
            _goes_out,
        ),
        BotMove(1, {"type": "draw", "source": "discard"}, note=Hint("tutorial.quiddler.last_turn")),
        BotMove(
            1,
            {"type": "lay_down", "words": [], "unused": ["l", "l", "m"], "discard": "f"},
            note=Hint("tutorial.quiddler.last_turn"),
        ),
    ),
    end=_end,
    fallback="easy",
)
