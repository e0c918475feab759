"""Quiclo's guided first game: two players, the person at seat 0, one scripted bot.

The deal (seed 141, found by `tools/tutorial_deals.py quiclo`) shows the game's ideas in
six claims: the person's 72 + 9 = 81 (a plain sum of two own cards); the bot's 61 - 44
= 17; the person's 27 + 7 * 9 = 90 (* before +, with the 9 now on top of another stack);
then a chain the hint asks for on purpose, 59 - 96 + 44 = 7, which is wrong because
59 - 96 goes below zero on the way; the bot's 144 / 16 = 9 (an exact division) ends the
person's short sit-out; and the person's 59 + 44 - 96 = 7, the same cards in a valid
order with 44 the top of another stack. Then both vote "no more claims": the game ends,
and the fewest cards win (the person, 6 cards against 8). The tutorial ends there.

Timers: the person's steps pause the clock (`You(..., pause=True)`). The only clock that
can punish is the sit-out after a wrong chain: the tutorial's `sit_out_ms` is 3 s (15 s
by default), and the wrong chain it asks for is followed at once by the bot's valid
claim, which ends every sit-out. A wrong chain the person sends off the script is
refused by the tutorial before it counts (`tutorial/off_script`): no sit-out at all, the
explanation says why, and the person tries again. The stall safeguard stays off.

Hints are built from the person's own view: their hand and the three tops. Message keys:
`tutorial.quiclo.*` in `web/app/boards/quiclo/tutorial.<lang>.js`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from quintet.core import JSONDict
from quintet.core.tutorial import BotMove, Hint, HintFor, Step, Tutorial, You

SEED: Final = 141
PLAYERS: Final = 2
OPTIONS: Final[JSONDict] = {"sit_out_ms": 3000}
VOTE: Final[JSONDict] = {"type": "no_more_claims"}


def _claim(stack: int, expect: int, operands: list[int], operators: list[str]) -> JSONDict:
    return {
        "type": "claim",
        "stack": stack,
        "expect": expect,
        "operands": operands,
        "operators": operators,
    }


SUM: Final = _claim(0, 81, [72, 9], ["+"])
BOT_FIRST: Final = _claim(1, 17, [61, 44], ["-"])
TIMES: Final = _claim(2, 90, [27, 7, 9], ["+", "*"])
WRONG: Final = _claim(2, 7, [59, 96, 44], ["-", "+"])
BOT_SECOND: Final = _claim(0, 9, [144, 16], ["/"])
TOP: Final = _claim(2, 7, [59, 44, 96], ["+", "-"])


def _same_claim(expected: JSONDict, own: tuple[int, ...]) -> Callable[[JSONDict], bool]:
    """The claim as the board sends it: the same chain on the same top, the `own` cards
    going onto the stack in chain order (an `order` that says so, or none), so the new
    top is the script's."""

    def allows(action: JSONDict) -> bool:
        fields = ("type", "stack", "expect", "operands", "operators")
        if any(action.get(name) != expected[name] for name in fields):
            return False
        order = action.get("order")
        return order is None or order == list(own)

    return allows


def _chain(claim: JSONDict) -> str:
    # As the board writes them: the minus, times and division signs.
    signs = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}
    parts = [str(claim["operands"][0])]
    for sign, card in zip(claim["operators"], claim["operands"][1:], strict=True):
        parts += [signs[sign], str(card)]
    return " ".join(parts)


def _claim_hint(key: str, claim: JSONDict) -> HintFor:
    def hint(view: JSONDict) -> Hint:
        tops = view["tops"]
        marks = tuple(f"card:{card}" for card in claim["operands"])
        return Hint(
            f"tutorial.quiclo.{key}",
            {"chain": _chain(claim), "top": tops[claim["stack"]], "stack": claim["stack"] + 1},
            (*marks, f"card:{tops[claim['stack']]}"),
        )

    return hint


def _claim_wrong(key: str, claim: JSONDict) -> Hint:
    return Hint(f"tutorial.quiclo.{key}", {"chain": _chain(claim), "top": claim["expect"]})


def _end(view: JSONDict) -> Hint:
    counts = view["hand_counts"]
    return Hint("tutorial.quiclo.end", {"mine": counts[0], "other": counts[1]})


def _you(key: str, claim: JSONDict, own: tuple[int, ...], wrong: str = "claim_wrong") -> You:
    return You(
        claim,
        _claim_hint(key, claim),
        _claim_wrong(wrong, claim),
        _same_claim(claim, own),
        pause=True,
    )


STEPS: Final[tuple[Step, ...]] = (
    _you("sum", SUM, (72, 9)),
    BotMove(1, BOT_FIRST, note=Hint("tutorial.quiclo.bot_claims"), delay_ms=1500),
    _you("times", TIMES, (27, 7)),
    _you("try_wrong", WRONG, (59, 96), "try_wrong_again"),
    BotMove(1, BOT_SECOND, note=Hint("tutorial.quiclo.sitting_out"), delay_ms=1500),
    _you("other_top", TOP, (59, 96)),
    BotMove(1, VOTE, note=Hint("tutorial.quiclo.bot_votes"), delay_ms=1200),
    You(VOTE, Hint("tutorial.quiclo.vote"), Hint("tutorial.quiclo.vote_wrong"), pause=True),
)

TUTORIAL: Final = Tutorial(
    game="quiclo",
    seed=SEED,
    players=PLAYERS,
    options=OPTIONS,
    steps=STEPS,
    end=_end,
    fallback="easy",
)
