"""The codecs of the turn-based games: Quashars and Quiddler (layouts in docs/rl.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from quintet.core import JSONDict
from quintet.core.registry import AnyGame
from quintet.core.rng import Rng
from quintet.games.quashars import fast as quashars_fast
from quintet.games.quashars import state as quashars_state
from quintet.games.quashars.components import CONDITIONS, MAX_PREDICTION
from quintet.games.quashars.scoring import chips as quashars_chips
from quintet.games.quiddler import state as quiddler_state
from quintet.games.quiddler.components import NAMES as QUIDDLER_CARDS
from quintet.rl.codec import Codec, ListedCodec, Vector, Writer, around, relative

_COLOURS: Final = "RYGB"
_CONDITION_INDEX: Final = {c.id: i for i, c in enumerate(CONDITIONS)}
_QUASHARS_PHASES: Final = ("predict", "play", "scored", "over")
#: Quashars' dense ids (`quintet.games.quashars.fast`): 48 cards, then 2 per prediction.
QUASHARS_IDS: Final = quashars_fast.PREDICT_BASE + 2 * (MAX_PREDICTION + 1)


def card_index(card: str) -> int:
    """A Quashars card's index 0-47: colour (R, Y, G, B) * 12 + number - 1."""
    return _COLOURS.index(card[0]) * 12 + int(card[1:]) - 1


class QuasharsCodec(Codec):
    """Slot 1 + id for each of the rules' dense action ids (0-47 a card, 48 + 2 * chips + flex
    a prediction)."""

    game = "quashars"
    slots = QUASHARS_IDS

    def size(self, players: int) -> int:
        return 48 + 48 + players * 48 + len(CONDITIONS) + 4 + 2 + players * 10 + 1

    def encode(self, view: JSONDict, players: int) -> Vector:
        me = view["viewer"]
        out = Writer(self.size(players))
        hand = [0.0] * 48
        for card in view["hand"]:
            hand[card_index(card)] = 1.0
        out.many(hand)
        played = [0.0] * 48
        for trick in view["tricks"]:
            for card in trick["cards"]:
                played[card_index(card)] = 1.0
        out.many(played)
        trick = [0.0] * (players * 48)
        for play in view["trick"]:
            trick[relative(play["seat"], me, players) * 48 + card_index(play["card"])] = 1.0  # type: ignore[operator]
        out.many(trick)
        shown = [0.0] * len(CONDITIONS)
        for condition in view["conditions"]:
            shown[_CONDITION_INDEX[condition["id"]]] = 1.0
        out.many(shown)
        out.one_hot(_QUASHARS_PHASES.index(view["phase"]), 4)
        out.put(1.0 if view["to_act"] == me else 0.0)
        out.put(view["game_no"] / view["games"])
        predictions = around(view["predictions"], me)
        chips = around(view["chips"], me)
        for seat, (said, left) in enumerate(zip(predictions, chips, strict=True)):
            out.put(0.0 if said is None else 1.0)
            out.put(0.0 if said is None else said["chips"] / 12)
            out.put(1.0 if said is not None and said["flex"] else 0.0)
            out.put(0.0 if left is None else left["left"] / 12)
            out.put(0.0 if left is None else left["taken"] / 12)
            out.put(around(view["tricks_won"], me)[seat] / 12)
            out.put(around(view["met"], me)[seat] / 12)
            out.put(around(view["hand_sizes"], me)[seat] / 12)
            out.put(around(view["totals"], me)[seat] / 50)
            out.put(1.0 if relative(view["leader"], me, players) == seat else 0.0)
        out.put(len(view["trick"]) / players)
        return out.done()

    lane_ids = True

    def menu(self, game: AnyGame, state: Any, seat: int, rng: Rng) -> Mapping[int, JSONDict]:
        if not game.can_act(state, seat):
            return {}
        return IdMenu(quashars_fast.legal_action_ids(state))

    def fill_mask(self, menu: Mapping[int, JSONDict], mask: npt.NDArray[np.int8]) -> None:
        if isinstance(menu, IdMenu):
            mask[np.fromiter(menu.listed, dtype=np.intp, count=len(menu.listed)) + 1] = 1
        else:
            super().fill_mask(menu, mask)

    def score(self, state: Any, seat: int) -> float:
        return float(sum(game[seat] for game in state.scores))

    def scores(self, state: Any, seats: list[int]) -> list[float]:
        totals = _totals(state)
        return [float(totals[seat]) for seat in seats]

    def encode_state(self, state: Any, seat: int) -> Vector:
        """`encode` from the state: the same numbers, read from the parts the view shows."""
        players = state.players
        out = Writer(self.size(players))
        data = out.data
        data[0:48] = _bits(state.hands[seat])
        played = 0
        for _, cards, _, _ in state.tricks:
            for card in cards:
                played |= 1 << card
        data[48:96] = _bits(played)
        base = 96
        leader = state.leader
        for i, card in enumerate(state.trick):
            data[base + ((leader + i - seat) % players) * 48 + card] = 1.0
        base += players * 48
        for condition in state.conditions:
            data[base + condition] = 1.0
        base += len(CONDITIONS)
        data[base + state.phase] = 1.0
        acting = state.phase in (quashars_state.PREDICT, quashars_state.PLAY)
        data[base + 4] = 1.0 if acting and state.to_act == seat else 0.0
        data[base + 5] = state.game_no / state.games_total
        base += 6
        totals = _totals(state)
        seats: list[float] = []
        for rel in range(players):
            s = (seat + rel) % players
            predicted = state.predicted[s]
            if predicted >= 0:
                left, _, taken = quashars_chips(predicted, state.flex[s], state.met[s])
                flex = 1.0 if state.flex[s] else 0.0
                seats += (1.0, predicted / 12, flex, left / 12, taken / 12)
            else:
                seats += (0.0, 0.0, 0.0, 0.0, 0.0)
            seats += (
                state.tricks_won[s] / 12,
                state.met[s] / 12,
                state.hands[s].bit_count() / 12,
                totals[s] / 50,
                1.0 if leader == s else 0.0,
            )
        data[base : base + 10 * players] = seats
        base += 10 * players
        data[base] = len(state.trick) / players
        out.at = base + 1
        return out.done()


def _totals(state: Any) -> list[int]:
    """Each seat's match total (`quashars.fast.totals`, summed column by column)."""
    return [sum(column) for column in zip(*state.scores, strict=True)] or [0] * state.players


_BYTE_BITS: Final = np.unpackbits(
    np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little"
)


def _bits(mask: int) -> npt.NDArray[np.uint8]:
    """The 48 bits of a hand's bitmask, card 0 first."""
    return _BYTE_BITS[np.frombuffer(mask.to_bytes(6, "little"), dtype=np.uint8)].reshape(48)


class IdMenu(Mapping[int, JSONDict]):
    """Slots 1 + id of a list of dense ids, each action made only when asked for."""

    __slots__ = ("ids", "listed")

    def __init__(self, ids: Any) -> None:
        self.listed = tuple(ids)
        self.ids = frozenset(self.listed)

    def __getitem__(self, slot: int) -> JSONDict:
        if slot - 1 not in self.ids:
            raise KeyError(slot)
        return quashars_fast.action_of_id(slot - 1)

    def __contains__(self, slot: object) -> bool:
        return isinstance(slot, int) and slot - 1 in self.ids

    def __iter__(self) -> Any:
        return (i + 1 for i in sorted(self.ids))

    def __len__(self) -> int:
        return len(self.ids)


_QUIDDLER_INDEX: Final = {name: i for i, name in enumerate(QUIDDLER_CARDS)}
_QUIDDLER_PHASES: Final = ("play", "challenge", "scored", "over")
_QUIDDLER_STEPS: Final = ("draw", "discard")


class QuiddlerCodec(ListedCodec):
    """Slots 1 .. 32: the seat's `legal` list in the game's order (draws, discards, the
    solver's best lay-downs; challenges)."""

    game = "quiddler"
    slots = 32

    def size(self, players: int) -> int:
        cards = len(QUIDDLER_CARDS)
        return 2 * cards + 4 + 2 + 5 + players * 4

    def encode(self, view: JSONDict, players: int) -> Vector:
        me = view["viewer"]
        cards = len(QUIDDLER_CARDS)
        out = Writer(self.size(players))
        hand = [0.0] * cards
        for card in view.get("hand") or ():
            hand[_QUIDDLER_INDEX[card]] += 1.0
        out.many(hand)
        out.one_hot(_QUIDDLER_INDEX.get(view["discard_top"] or ""), cards)
        out.one_hot(
            _QUIDDLER_PHASES.index(view["phase"]) if view["phase"] in _QUIDDLER_PHASES else None,
            4,
        )
        step = view["step"]
        out.one_hot(_QUIDDLER_STEPS.index(step) if step in _QUIDDLER_STEPS else None, 2)
        out.put(view["round"] / view["rounds"])
        out.put(view["hand_size"] / 10)
        out.put(view["draw_pile"] / 118)
        out.put(1.0 if view["to_act"] == me else 0.0)
        out.put(1.0 if view["last_call"] else 0.0)
        went_out = relative(view["went_out"], me, players)
        for seat, (size, total, done) in enumerate(
            zip(
                around(view["hand_sizes"], me),
                around(view["totals"], me),
                around(view["done"], me),
                strict=True,
            )
        ):
            out.put(size / 10)
            out.put(total / 100)
            out.put(1.0 if done else 0.0)
            out.put(1.0 if went_out == seat else 0.0)
        return out.done()

    def score(self, state: Any, seat: int) -> float:
        return float(quiddler_state.totals(state)[seat])
