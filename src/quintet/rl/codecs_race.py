"""The codecs of the real-time games: Quiclo, Quick and Double Quick! (layouts in docs/rl.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from quintet.core import JSONDict
from quintet.core.registry import AnyGame
from quintet.core.rng import Rng
from quintet.games.double_quick import play as double_quick_play
from quintet.games.quick.components import COLOUR_NAMES, CRITERIA, LETTER_NAMES
from quintet.games.quick.state import PHASES as QUICK_PHASES
from quintet.rl.codec import Codec, ListedCodec, Vector, Writer, around

_QUICLO_CARDS: Final = 144
#: Quiclo's fixed slots before the claims.
QUICLO_FIXED: Final = (
    {"type": "no_more_claims"},
    {"type": "hand", "open": True},
    {"type": "hand", "open": False},
)


class QuicloCodec(Codec):
    """Slot 1 votes "no more claims", 2 lays the hand open, 3 keeps it hidden; slots 4 .. 32
    are the first 29 valid claims of the game's solver order."""

    game = "quiclo"
    slots = 32

    def size(self, players: int) -> int:
        return _QUICLO_CARDS * players + 3 * _QUICLO_CARDS + 3 + players * 6 + 3

    def encode(self, view: JSONDict, players: int) -> Vector:
        me = view["viewer"]
        out = Writer(self.size(players))
        hands = view.get("hands") or [None] * players
        hands = [view["hand"], *around(hands, me)[1:]]
        for hand in hands:
            cards = [0.0] * _QUICLO_CARDS
            for card in hand or ():
                cards[card - 1] = 1.0
            out.many(cards)
        for top in view["tops"]:
            out.one_hot(None if top is None else top - 1, _QUICLO_CARDS)
        out.many([height / 50 for height in view["heights"]])
        for count, sitting, shown, voted, hand in zip(
            around(view["hand_counts"], me),
            around(view["sitting_out"], me),
            around(view["shown"], me),
            around(view["voted"], me),
            hands,
            strict=True,
        ):
            out.many([count / 12, 0.0 if sitting is None else 1.0, 1.0 if voted else 0.0])
            out.many([1.0 if shown is True else 0.0, 1.0 if shown is False else 0.0])
            out.put(0.0 if hand is None else 1.0)
        out.many([1.0 if view.get("can_claim") else 0.0, 1.0 if view.get("can_vote") else 0.0])
        out.put(1.0 if view["over"] else 0.0)
        return out.done()

    def menu(self, game: AnyGame, state: Any, seat: int, rng: Rng) -> Mapping[int, JSONDict]:
        if not game.can_act(state, seat):
            return {}
        found: dict[int, JSONDict] = {}
        claims = 0
        for action in game.legal_actions(state, seat):
            if action in QUICLO_FIXED:
                found[1 + QUICLO_FIXED.index(action)] = action
            elif claims < self.slots - len(QUICLO_FIXED):
                found[1 + len(QUICLO_FIXED) + claims] = action
                claims += 1
        return found

    def score(self, state: Any, seat: int) -> float:
        return -float(len(state.hands[seat]))


_MAX_PILES: Final = 12


class QuickCodec(ListedCodec):
    """Slots 1 .. 160: the seat's legal actions in the game's order (KLAAR, takes; places at
    top and bottom of each pile, new piles; the dealer's 158 choices of criteria)."""

    game = "quick"
    slots = 160

    def size(self, players: int) -> int:
        return (
            len(QUICK_PHASES)
            + len(CRITERIA)
            + 4
            + (1 + 1 + 12 + 6 + 1)
            + _MAX_PILES
            + 3
            + players * 5
        )

    def encode(self, view: JSONDict, players: int) -> Vector:
        me = view["viewer"]
        out = Writer(self.size(players))
        out.one_hot(QUICK_PHASES.index(view["phase"]), len(QUICK_PHASES))
        used = {c.lstrip("-") for c in view["criteria"]}
        out.many([1.0 if c in used else 0.0 for c in CRITERIA])
        out.many([view["round"] / 20, view["pot"] / 6, view["chips_to_win"] / 6])
        out.put(1.0 if view.get("can_act") else 0.0)
        card = view.get("hand")
        out.put(0.0 if card is None else 1.0)
        out.put(0.0 if card is None else card["number"] / 72)
        out.one_hot(None if card is None else LETTER_NAMES.index(card["letter"]), 12)
        out.one_hot(None if card is None else COLOUR_NAMES.index(card["colour"]), 6)
        out.put(0.0 if card is None else card["flames"] / 6)
        tables = around(view["tables"], me)
        piles = tables[0]["piles"][:_MAX_PILES]
        out.many([size / 72 for size in piles] + [0.0] * (_MAX_PILES - len(piles)))
        out.many([len(tables[0]["piles"]) / _MAX_PILES, 1.0 if tables[0]["holding"] else 0.0])
        out.put(1.0 if tables[0]["stopped"] else 0.0)
        for chips, table in zip(around(view["chips"], me), tables, strict=True):
            out.many([chips / 6, len(table["piles"]) / _MAX_PILES])
            out.many([1.0 if table["holding"] else 0.0, 1.0 if table["klaar"] else 0.0])
            out.put(1.0 if table["stopped"] else 0.0)
        return out.done()

    def score(self, state: Any, seat: int) -> float:
        return float(state.chips[seat])


_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz*"
_DOUBLE_QUICK_PHASES: Final = ("play", "review", "between", "over")
#: Draws of the game's `sample_action` behind Double Quick!'s slots.
DOUBLE_QUICK_DRAWS: Final = 16


def _letters(tiles: list[JSONDict]) -> list[float]:
    counts = [0.0] * len(_LETTERS)
    for tile in tiles:
        counts[len(_LETTERS) - 1 if tile["wild"] else _LETTERS.index(tile["letter"])] += 1.0
    return counts


class DoubleQuickCodec(Codec):
    """Slots 1 .. 16: distinct actions drawn by the game's own `sample_action` (a tile
    placed, moved or taken back, the red button, a challenge), in the order drawn."""

    game = "double-quick"
    slots = DOUBLE_QUICK_DRAWS

    def size(self, players: int) -> int:
        return len(_DOUBLE_QUICK_PHASES) + 4 + 2 * len(_LETTERS) + 4 + players * 5

    def encode(self, view: JSONDict, players: int) -> Vector:
        me = view["viewer"]
        out = Writer(self.size(players))
        out.one_hot(_DOUBLE_QUICK_PHASES.index(view["phase"]), len(_DOUBLE_QUICK_PHASES))
        out.many([view["turn"] / view["last_turn"], view["game_no"] / view["games"]])
        out.put(0.0 if view["presser"] is None else 1.0)
        out.put(1.0 if view["presser"] == me else 0.0)
        seats = around(view["seats"], me)
        mine = seats[0]
        out.many(_letters(mine["rack"]))
        out.many(_letters(mine["crossword"]))
        out.many([mine["needed"] / 22, len(mine["problems"]) / 5, mine["penalties"] / 50])
        out.put(0.0 if mine["problems"] else 1.0)
        for seat, total in zip(seats, around(view["totals"], me), strict=True):
            out.many([len(seat["crossword"]) / 22, len(seat["rack"]) / 22])
            out.many([seat["face_down"] / 22, total / 100, seat["penalties"] / 50])
        return out.done()

    def menu(self, game: AnyGame, state: Any, seat: int, rng: Rng) -> Mapping[int, JSONDict]:
        if not game.can_act(state, seat):
            return {}
        found: dict[str, JSONDict] = {}
        for _ in range(self.slots):
            action = game.sample_action(state, seat, rng)
            if action is not None:
                found.setdefault(json.dumps(action, sort_keys=True), action)
        return {slot: action for slot, action in enumerate(found.values(), start=1)}

    def score(self, state: Any, seat: int) -> float:
        return float(double_quick_play.totals(state)[seat])
