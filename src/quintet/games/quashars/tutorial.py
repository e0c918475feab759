"""Quashars' guided first game: three players, the person at seat 0, two scripted bots.

The deal (seed 29, found by `tools/tutorial_deals.py quashars`) shows the game's ideas in
its first game: the person predicts 4 chips; in trick 1 blue is led and the person must
follow suit, and wins with the blue 9, meeting three conditions at once (odd, blue, the
first trick); they win exactly 3 tricks in all, the fourth condition, so the prediction is
met exactly and scores. The tutorial ends with that first scoring.

Hints are built from the person's own view (`HintFor`), so they name only the person's
cards and what lies on the table. Message keys: `tutorial.quashars.*` in
`web/app/boards/quashars/tutorial.<lang>.js`.
"""

from __future__ import annotations

from typing import Final

from quintet.core import JSONDict
from quintet.core.tutorial import BotMove, Hint, HintFor, Step, Tutorial, You

SEED: Final = 29
PLAYERS: Final = 3
OPTIONS: Final[JSONDict] = {
    "conditions": ["odd", "blue", "first_or_last", "three_tricks"],
    "flex_chip": False,
    "first_player": 1,
    # The first scoring stays on the table while it is explained.
    "pause_ms": 600_000,
}
#: The person's prediction: what they will meet in this deal.
PREDICTION: Final = 4
#: The bots' predictions, in turn order before the person's.
BOT_PREDICTIONS: Final = ((1, 5), (2, 3))
#: The twelve tricks: the leader and the cards in the order played.
TRICKS: Final = (
    (1, ("B8", "B2", "B9")),
    (0, ("R4", "R7", "R2")),
    (1, ("B7", "B4", "B6")),
    (1, ("G7", "G9", "G1")),
    (2, ("Y9", "Y8", "Y7")),
    (2, ("R3", "R8", "R9")),
    (1, ("Y5", "Y6", "Y1")),
    (2, ("Y3", "Y4", "Y2")),
    (0, ("G4", "G3", "G2")),
    (0, ("G5", "B1", "G6")),
    (2, ("G8", "B5", "R1")),
    (1, ("B3", "R6", "R5")),
)


def _predicts(action: JSONDict) -> bool:
    return (
        action.get("type") == "predict"
        and action.get("chips") == PREDICTION
        and not action.get("flex", False)
    )


def _plays(card: str) -> Step:
    def allows(action: JSONDict) -> bool:
        played = action.get("card")
        return action.get("type") == "play" and isinstance(played, str) and played.upper() == card

    return You(
        {"type": "play", "card": card},
        _play_hint(card),
        Hint("tutorial.quashars.play_wrong", {"card": card}),
        allows,
    )


def _play_hint(card: str) -> HintFor:
    """What to say about playing `card`, from the trick on the table and the person's hand."""

    def hint(view: JSONDict) -> Hint:
        marks = (f"card:{card}",)
        tricks = view["tricks"]
        if not tricks:
            return Hint("tutorial.quashars.first_trick", {"card": card}, marks)
        if len(tricks) == 1 and not view["trick"]:
            return Hint("tutorial.quashars.lead_trump", {"card": card}, marks)
        if len(tricks) == 11:
            return Hint("tutorial.quashars.last_trick", {"card": card}, marks)
        led = view["trick"][0]["card"] if view["trick"] else None
        if led is not None and card[0] != led[0]:
            return Hint("tutorial.quashars.void", {"card": card, "led": led}, marks)
        if view["tricks_won"][0] == 3:
            return Hint("tutorial.quashars.keep_three", {"card": card}, marks)
        if led is None:
            return Hint("tutorial.quashars.lead", {"card": card}, marks)
        return Hint("tutorial.quashars.follow", {"card": card, "led": led}, marks)

    return hint


def _end(view: JSONDict) -> Hint:
    """The first scoring, from the person's view (public scores and counts)."""
    return Hint(
        "tutorial.quashars.end",
        {
            "chips": PREDICTION,
            "met": view["met"][0],
            "tricks": view["tricks_won"][0],
            "points": view["scores"][0][0],
        },
    )


def _steps() -> tuple[Step, ...]:
    steps: list[Step] = [
        BotMove(seat, {"type": "predict", "chips": chips, "flex": False})
        for seat, chips in BOT_PREDICTIONS
    ]
    steps.append(
        You(
            {"type": "predict", "chips": PREDICTION, "flex": False},
            Hint("tutorial.quashars.predict", {"chips": PREDICTION}),
            Hint("tutorial.quashars.predict_wrong", {"chips": PREDICTION}),
            _predicts,
        )
    )
    for leader, cards in TRICKS:
        for place, card in enumerate(cards):
            seat = (leader + place) % PLAYERS
            steps.append(
                _plays(card) if seat == 0 else BotMove(seat, {"type": "play", "card": card})
            )
    return tuple(steps)


TUTORIAL: Final = Tutorial(
    game="quashars",
    seed=SEED,
    players=PLAYERS,
    options=OPTIONS,
    steps=_steps(),
    end=_end,
    fallback="basic",
)
