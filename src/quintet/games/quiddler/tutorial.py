"""Quiddler's guided first game: round 1 (3 cards each), the person at seat 0 first, one
scripted bot at seat 1.

The deal (seed 106, found by `tools/tutorial_deals.py quiddler`) shows a round's ideas:

1. An ordinary turn. The person holds B, H, X and the discard pile shows D, which makes
   no word with them: they draw from the draw pile (an S), and discard the X, which fits
   no word with their other cards and would cost 12 points if left in hand.
2. The bot takes that X from the discard pile and discards a U.
3. The U makes a word with the person's cards: they take it from the discard pile and go
   out, building HUB on the word rack themselves and discarding the S (any word the rules
   accept goes: SUB or BUS with the H discarded too).
4. The bot's last turn: it draws from the draw pile and lays down EX, keeping an O.
5. Round 1 is scored: the person's word and the longest-word bonus, the bot's word less
   its card left over. The tutorial ends there.

Hints are built from the person's own view (`HintFor`): their hand, the discard pile and
the words laid down. Message keys: `tutorial.quiddler.*` in
`web/app/boards/quiddler/tutorial.<lang>.js`.
"""

from __future__ import annotations

from typing import Final

from quintet.core import JSONDict
from quintet.core.tutorial import BotMove, Hint, Tutorial, You
from quintet.games.quiddler.components import spell, value

SEED: Final = 106
PLAYERS: Final = 2
#: Seat 1 deals, so the person plays first; the first scoring stays while it is explained.
OPTIONS: Final[JSONDict] = {"first_dealer": 1, "pause_ms": 600_000}
#: The discard pile's first card (it makes no word with the person's hand).
FIRST_TOP: Final = "d"
#: The card the person discards in their first turn, and the cards they keep.
MISFIT: Final = "x"
KEEP: Final = ("b", "h", "s")
#: The word the hints suggest for going out, and the card then discarded.
WORD: Final = ("h", "u", "b")
DISCARD: Final = "s"
#: The bot's turns: what it takes, what it discards, and its last turn's lay-down.
BOT_DISCARD: Final = "u"
BOT_LAY_DOWN: Final[JSONDict] = {
    "type": "lay_down",
    "words": [["e", "x"]],
    "unused": ["o"],
    "discard": "i",
}


def _upper(cards: list[str] | tuple[str, ...]) -> str:
    return " ".join(cards).upper()


def _first_draw(view: JSONDict) -> Hint:
    params = {"hand": _upper(view["hand"]), "top": view["discard_top"]}
    return Hint("tutorial.quiddler.draw_deck", params, ("pile:deck",))


def _discard(view: JSONDict) -> Hint:
    params: JSONDict = {
        "hand": _upper(view["hand"]),
        "card": MISFIT,
        "value": value(MISFIT),
        "keep": _upper(KEEP),
    }
    return Hint("tutorial.quiddler.discard", params, (f"card:{MISFIT}",))


def _take(view: JSONDict) -> Hint:
    params = {"top": view["discard_top"], "hand": _upper(view["hand"])}
    return Hint("tutorial.quiddler.take", params, ("pile:discard",))


def _go_out_params() -> JSONDict:
    return {"word": spell(WORD).upper(), "letters": _upper(WORD), "discard": DISCARD}


def _goes_out(action: JSONDict) -> bool:
    # Any arrangement the rules accept (they check the words; SUB or BUS are words too):
    # the bot's last turn draws from the draw pile, whatever the person discards.
    return action.get("type") == "go_out"


def _end(view: JSONDict) -> Hint:
    """Round 1's scoring, from the public words and scores of the person's view."""
    parts = view["last_round"]
    mine, other = view["words"][0], view["words"][1]
    return Hint(
        "tutorial.quiddler.end",
        {
            "word": " ".join(spell(word) for word in mine).upper(),
            "words": parts["words"][0],
            "longest": parts["longest"][0],
            "total": parts["total"][0],
            "other_word": " ".join(spell(word) for word in other).upper(),
            "other_words": parts["words"][1],
            "left": _upper(view["unused"][1]),
            "unused": -parts["unused"][1],
            "other": parts["total"][1],
            "misfit": MISFIT,
            "misfit_value": value(MISFIT),
        },
    )


_WAIT: Final = Hint("tutorial.quiddler.bot_turn")
_LAST: Final = Hint("tutorial.quiddler.last_turn")

TUTORIAL: Final = Tutorial(
    game="quiddler",
    seed=SEED,
    players=PLAYERS,
    options=OPTIONS,
    steps=(
        You(
            {"type": "draw", "source": "deck"},
            _first_draw,
            Hint("tutorial.quiddler.draw_deck_wrong", {"top": FIRST_TOP}),
        ),
        You(
            {"type": "discard", "card": MISFIT},
            _discard,
            Hint(
                "tutorial.quiddler.discard_wrong",
                {"card": MISFIT, "value": value(MISFIT), "keep": _upper(KEEP)},
            ),
        ),
        BotMove(1, {"type": "draw", "source": "discard"}, note=_WAIT),
        BotMove(1, {"type": "discard", "card": BOT_DISCARD}, note=_WAIT),
        You(
            {"type": "draw", "source": "discard"},
            _take,
            Hint("tutorial.quiddler.take_wrong", {"top": BOT_DISCARD}),
        ),
        You(
            {"type": "go_out", "words": [list(WORD)], "discard": DISCARD},
            Hint(
                "tutorial.quiddler.go_out",
                _go_out_params(),
                tuple(f"card:{card}" for card in WORD),
            ),
            Hint("tutorial.quiddler.go_out_wrong", _go_out_params()),
            _goes_out,
        ),
        BotMove(1, {"type": "draw", "source": "deck"}, note=_LAST),
        BotMove(1, BOT_LAY_DOWN, note=_LAST),
    ),
    end=_end,
    fallback="easy",
)
