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
        if seat != state.to_act or state.phase not in _ACTING:
            return _NO_IDS
        if state.phase == quashars_state.PLAY:
            return BitMenu(quashars_fast.legal_cards(state))
        return BitMenu(_PREDICT_BITS if state.options.flex_chip else _PREDICT_BITS_NO_FLEX)

    def mask(self, menu: Mapping[int, JSONDict], wait: bool) -> npt.NDArray[np.int8]:
        if not isinstance(menu, BitMenu):
            return super().mask(menu, wait)
        # Slot s is bit s: one C call unpacks the ids' bitmask into the 125 entries.
        bits = menu.bits << 1 | (1 if wait else 0)
        packed = np.frombuffer(bits.to_bytes(_MASK_BYTES, "little"), dtype=np.uint8)
        unpacked = np.unpackbits(packed, count=_MASK_SLOTS, bitorder="little")
        return unpacked.view(np.int8)

    def score(self, state: Any, seat: int) -> float:
        return float(sum(game[seat] for game in state.scores))

    def scores(self, state: Any, seats: list[int]) -> list[float]:
        totals = _totals(state)
        return [float(totals[seat]) for seat in seats]

    def score_version(self, state: Any) -> int:
        # The scores change only when a deal is scored: a row is appended to `scores`.
        return len(state.scores)

    def encode_state(self, state: Any, seat: int) -> Vector:
        """`encode` from the state: the same numbers, read from the parts the view shows."""
        return self._encode(state, seat, None)[0]

    def encode_state_and_mask(
        self, state: Any, seat: int, menu: Mapping[int, JSONDict], wait: bool
    ) -> tuple[Vector, npt.NDArray[np.int8]]:
        if not isinstance(menu, BitMenu):
            return self.encode_state(state, seat), self.mask(menu, wait)
        vector, mask = self._encode(state, seat, menu.bits << 1 | (1 if wait else 0))
        assert mask is not None
        return vector, mask

    def _encode(
        self, state: Any, seat: int, mask_bits: int | None
    ) -> tuple[Vector, npt.NDArray[np.int8] | None]:
        """The vector and, given the mask's bits (slot s is bit s), the mask too.

        Every 0/1 entry of the vector (hand, cards played, the trick, the conditions, the
        phase, "my turn") is one bit of a Python int; with the mask's bits below them, one
        numpy call unpacks both; the vector's other numbers follow from a list.
        """
        players = state.players
        size, flags, bit_bytes, conditions_at = _LAYOUT[players]
        leader = state.leader
        bits = state.hands[seat] | _played(state.tricks) << 48
        for i, card in enumerate(state.trick):
            bits |= 1 << (96 + ((leader + i - seat) % players) * 48 + card)
        bits |= _condition_bits(state.conditions) << conditions_at
        phase = state.phase
        phase_at = conditions_at + len(CONDITIONS)
        bits |= 1 << (phase_at + phase)
        if phase in _ACTING and state.to_act == seat:
            bits |= 1 << (phase_at + 4)
        data: Vector = np.empty(size, dtype=np.float32)
        mask = None
        if mask_bits is None:
            packed = np.frombuffer(bits.to_bytes(bit_bytes, "little"), dtype=np.uint8)
            data[:flags] = np.unpackbits(packed, count=flags, bitorder="little")
        else:
            both = mask_bits | bits << _MASK_SLOTS
            packed = np.frombuffer(both.to_bytes(bit_bytes + _MASK_BYTES, "little"), np.uint8)
            unpacked = np.unpackbits(packed, count=_MASK_SLOTS + flags, bitorder="little")
            data[:flags] = unpacked[_MASK_SLOTS:]
            mask = unpacked[:_MASK_SLOTS].view(np.int8)
        totals = _totals(state)
        predicted_all, flex_all, met_all = state.predicted, state.flex, state.met
        won, hands = state.tricks_won, state.hands
        rest: list[float] = [state.game_no / state.games_total]
        for s in _AROUND[players][seat]:
            predicted, met = predicted_all[s], met_all[s]
            # After the prediction, the chips as `scoring.chips` counts them (inlined: this
            # runs for every seat at every step): the prediction's chips not yet returned,
            # and those taken once the conditions met exceed prediction and flex chip.
            if predicted >= 0:
                flex = flex_all[s]
                left = predicted - met if met < predicted else 0
                taken = met - predicted - flex
                rest += (
                    1.0,
                    predicted / 12,
                    1.0 if flex else 0.0,
                    left / 12,
                    taken / 12 if taken > 0 else 0.0,
                    won[s] / 12,
                    met / 12,
                    hands[s].bit_count() / 12,
                    totals[s] / 50,
                    1.0 if leader == s else 0.0,
                )
            else:
                rest += (
                    0.0,
                    0.0,
                    0.0,
                    0.0,
                    0.0,
                    won[s] / 12,
                    met / 12,
                    hands[s].bit_count() / 12,
                    totals[s] / 50,
                    1.0 if leader == s else 0.0,
                )
        rest.append(len(state.trick) / players)
        data[flags:] = rest
        return data, mask


#: The phases in which the seat to act acts.
_ACTING: Final = (quashars_state.PREDICT, quashars_state.PLAY)
#: The seats in the order a viewer's vector lists them: the viewer first, then the next.
_AROUND: Final = {
    players: tuple(
        tuple((seat + rel) % players for rel in range(players)) for seat in range(players)
    )
    for players in (3, 4)
}
#: The prediction ids as a bitmask of ids: all of them, and those without the flex chip.
_PREDICT_BITS: Final = sum(1 << a for a in range(quashars_fast.PREDICT_BASE, QUASHARS_IDS))
_PREDICT_BITS_NO_FLEX: Final = sum(
    1 << a for a in range(quashars_fast.PREDICT_BASE, QUASHARS_IDS, 2)
)
#: The mask's entries: "wait" and a slot per dense id.
_MASK_SLOTS: Final = 1 + QUASHARS_IDS
_MASK_BYTES: Final = (_MASK_SLOTS + 7) // 8


def _layout(players: int) -> tuple[int, int, int, int]:
    """(vector size, count of 0/1 entries at its start, their bytes, where the conditions
    start) at a table of `players`."""
    conditions_at = 96 + players * 48
    flags = conditions_at + len(CONDITIONS) + 5  # the conditions, 4 phases, "my turn"
    size = QuasharsCodec().size(players)
    return size, flags, (flags + 7) // 8, conditions_at


_LAYOUT: Final = {players: _layout(players) for players in (3, 4)}

#: The last `_played` answer: (tricks list, tricks counted, mask). A deal's `tricks` list
#: only grows, and a new deal makes a new list, so the mask is extended, not recounted.
_played_memo: tuple[list[Any], int, int] = ([], 0, 0)


def _played(tricks: list[Any]) -> int:
    """The bitmask of the cards in the finished tricks (public: the view's `tricks`)."""
    global _played_memo
    known, counted, mask = _played_memo
    if known is not tricks or counted > len(tricks):
        counted, mask = 0, 0
    for _, cards, _, _ in tricks[counted:]:
        for card in cards:
            mask |= 1 << card
    # One tuple, swapped in whole: a reader never sees a list with another list's count.
    _played_memo = (tricks, len(tricks), mask)
    return mask


#: The last `_condition_bits` answer: (conditions list, bits). A deal makes a new list.
_conditions_memo: tuple[list[int], int] = ([], 0)


def _condition_bits(conditions: list[int]) -> int:
    """The conditions shown, as one bit per condition card."""
    global _conditions_memo
    known, bits = _conditions_memo
    if known is not conditions:
        bits = sum(1 << condition for condition in set(conditions))
        _conditions_memo = (conditions, bits)
    return bits


#: The last `_totals` answer: (scores list, rows summed, totals).
_totals_memo: tuple[list[Any], int, list[int]] = ([], 0, [])


def _totals(state: Any) -> list[int]:
    """Each seat's match total (`quashars.fast.totals`, summed column by column); the
    `scores` list only grows by a row per deal, so the last answer is kept."""
    global _totals_memo
    scores = state.scores
    known, rows, totals = _totals_memo
    if known is scores and rows == len(scores):
        return totals
    totals = [sum(column) for column in zip(*scores, strict=True)] or [0] * state.players
    _totals_memo = (scores, len(scores), totals)
    return totals


class BitMenu(Mapping[int, JSONDict]):
    """Slot 1 + id for each dense id set in a bitmask, each action made only when asked for."""

    __slots__ = ("bits",)

    def __init__(self, bits: int) -> None:
        self.bits = bits

    def __getitem__(self, slot: int) -> JSONDict:
        if slot not in self:
            raise KeyError(slot)
        return quashars_fast.action_of_id(slot - 1)

    def __contains__(self, slot: object) -> bool:
        return type(slot) is int and slot >= 1 and self.bits >> (slot - 1) & 1 == 1

    def __iter__(self) -> Any:
        bits, slot = self.bits, 1
        while bits:
            if bits & 1:
                yield slot
            bits >>= 1
            slot += 1

    def __len__(self) -> int:
        return self.bits.bit_count()


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


#: The menu of a seat that may not act.
_NO_IDS: Final = BitMenu(0)
