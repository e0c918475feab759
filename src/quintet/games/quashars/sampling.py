"""Determinization: one full, playable table consistent with what a seat has seen.

Search bots (determinized playouts, information-set MCTS) need complete states,
but a seat only sees its own view. `determinize` deals the cards that seat has
not seen to the other seats, exactly uniformly over every deal that fits the
view: each seat gets as many cards as its hand shows, and a seat that once
failed to follow a colour gets no card of that colour (it showed it had none).

How: all 36 or 48 cards are dealt, so the unseen cards are exactly the other
hands. Colours are grouped by the set of seats that may still hold them. The
number of deals giving each seat `x` cards of each group is a product of
multinomials, so a small recursion over the groups counts the deals for every
split, a split is drawn with probability proportional to its count, and the
cards inside each group are shuffled. That is exact and needs no retries.

>>> from quintet.core import Rng
>>> from quintet.games.quashars import GAME
>>> state = GAME.new(seed=1, players=4)
>>> guess = determinize(GAME.view(state, 0), Rng(5))
>>> GAME.view(guess, 0) == GAME.view(state, 0)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from math import factorial

from quintet.core import JSONDict, Rng
from quintet.games.quashars.components import (
    CARD_BY_CODE,
    COLOUR_MASK,
    COLOURS,
    CONDITION_BY_ID,
    cards_of,
    deck_mask,
    mask_of,
    pile,
)
from quintet.games.quashars.state import PHASES, QuasharsOptions, QuasharsState

__all__ = ["determinize", "unseen_cards", "voids"]


def _cards(codes: list[str]) -> list[int]:
    return [CARD_BY_CODE[c] for c in codes]


def voids(view: JSONDict) -> list[int]:
    """Per seat, a bitmask of the colours (bit c for colour c) it has shown it lacks.

    A seat that played another colour than the one led holds none of the led
    colour, for the rest of this game: cards only ever leave a hand.
    """
    players = int(view["players"])
    lacking = [0] * players
    tricks: list[tuple[int, list[int]]] = [
        (int(t["leader"]), _cards(t["cards"])) for t in view["tricks"]
    ]
    if view["trick"]:
        tricks.append((int(view["leader"]), _cards([p["card"] for p in view["trick"]])))
    for leader, cards in tricks:
        led = cards[0] // 12
        for i, card in enumerate(cards[1:], start=1):
            if card // 12 != led:
                lacking[(leader + i) % players] |= 1 << led
    return lacking


def unseen_cards(view: JSONDict) -> int:
    """Bitmask of the cards the viewing seat has not seen: the other seats' hands."""
    seen = mask_of(_cards(view["hand"]))
    for trick in view["tricks"]:
        seen |= mask_of(_cards(trick["cards"]))
    seen |= mask_of(_cards([p["card"] for p in view["trick"]]))
    return deck_mask(int(view["players"])) & ~seen


def _splits(total: int, caps: tuple[int, ...], seats: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to give `total` cards to `seats`, at most `caps[seat]` each."""
    if len(seats) == 1:
        if total <= caps[seats[0]]:
            yield (total,)
        return
    first, rest = seats[0], seats[1:]
    room = sum(caps[s] for s in rest)
    for x in range(max(0, total - room), min(total, caps[first]) + 1):
        for tail in _splits(total - x, caps, rest):
            yield (x, *tail)


class _Dealer:
    """Counts and draws the deals of card groups into seats with fixed hand sizes."""

    def __init__(self, groups: list[tuple[tuple[int, ...], list[int]]]) -> None:
        self.groups = groups
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self, k: int, caps: tuple[int, ...]) -> int:
        """Deals of groups k.. that fill every seat's remaining `caps` exactly."""
        if k == len(self.groups):
            return int(not any(caps))
        key = (k, caps)
        found = self.memo.get(key)
        if found is not None:
            return found
        seats, cards = self.groups[k]
        total = 0
        for split in _splits(len(cards), caps, seats):
            total += self._ways(split) * self.count(k + 1, self._after(caps, seats, split))
        self.memo[key] = total
        return total

    @staticmethod
    def _ways(split: tuple[int, ...]) -> int:
        # Multinomial: which of the group's cards go to which seat.
        ways = factorial(sum(split))
        for x in split:
            ways //= factorial(x)
        return ways

    @staticmethod
    def _after(
        caps: tuple[int, ...], seats: tuple[int, ...], split: tuple[int, ...]
    ) -> tuple[int, ...]:
        left = list(caps)
        for seat, x in zip(seats, split, strict=True):
            left[seat] -= x
        return tuple(left)

    def draw(self, caps: tuple[int, ...], rng: Rng) -> list[int]:
        """One deal, uniform over all deals; returns a hand bitmask per seat."""
        hands = [0] * len(caps)
        for k, (seats, cards) in enumerate(self.groups):
            options = []
            for split in _splits(len(cards), caps, seats):
                after = self._after(caps, seats, split)
                options.append((self._ways(split) * self.count(k + 1, after), split, after))
            pick = rng.below(sum(weight for weight, _, _ in options))
            chosen = 0
            while pick >= options[chosen][0]:
                pick -= options[chosen][0]
                chosen += 1
            _, split, after = options[chosen]
            shuffled = cards[:]
            rng.shuffle(shuffled)
            start = 0
            for seat, x in zip(seats, split, strict=True):
                hands[seat] |= mask_of(shuffled[start : start + x])
                start += x
            caps = after
        return hands


def determinize(
    view: JSONDict, rng: Rng, *, now: int | None = None, options: QuasharsOptions | None = None
) -> QuasharsState:
    """A full state that one seat's view cannot tell from the real one.

    Public facts, the viewer's hand and the deadline are copied from the view;
    the unseen cards are dealt to the other seats uniformly among the deals that
    fit their hand sizes and shown voids; the condition cards of later games are
    drawn from those not yet revealed, in random order. `now` and `options`
    default to the view's (the time of the last accepted input, and the table's
    options, which are public).

    Raises `ValueError` for a view that is not a seat's, or that no deal fits.
    """
    viewer = view.get("viewer")
    if view.get("game") != "quashars" or not isinstance(viewer, int) or "hand" not in view:
        raise ValueError("determinize needs a Quashars seat's view (with its 'hand')")
    players = int(view["players"])
    if viewer < 0 or viewer >= players:
        raise ValueError(f"the view's seat {viewer} is not a seat of {players}")
    sizes = [int(n) for n in view["hand_sizes"]]
    own = mask_of(_cards(view["hand"]))
    if own.bit_count() != sizes[viewer]:
        raise ValueError(
            f"the view's hand has {own.bit_count()} cards but its hand size says {sizes[viewer]}"
        )
    unseen = unseen_cards(view)
    caps = tuple(0 if seat == viewer else sizes[seat] for seat in range(players))
    if unseen.bit_count() != sum(caps):
        raise ValueError(
            f"{unseen.bit_count()} cards are unseen but the other hands hold {sum(caps)}"
        )
    lacking = voids(view)
    # Group the colours by the seats that may still hold them.
    by_seats: dict[tuple[int, ...], list[int]] = {}
    for colour in range(4):
        cards = list(cards_of(unseen & COLOUR_MASK[colour]))
        if not cards:
            continue
        seats = tuple(s for s in range(players) if caps[s] and not lacking[s] >> colour & 1)
        if not seats:
            raise ValueError(
                f"no deal fits the view: {len(cards)} {COLOURS[colour]} card(s) are unseen "
                f"but no other seat may hold {COLOURS[colour]}: each has shown it has none "
                "or has no cards left"
            )
        by_seats.setdefault(seats, []).extend(cards)
    # The most constrained groups first: their splits are few, so the memo stays small.
    groups = sorted(by_seats.items(), key=lambda g: (len(g[0]), g[0]))
    dealer = _Dealer(groups)
    if dealer.count(0, caps) == 0:
        raise ValueError("no deal fits the view: the shown voids leave some hand unfillable")
    hands = dealer.draw(caps, rng)
    hands[viewer] = own
    return _build(view, hands, rng, now, options)


def _build(
    view: JSONDict,
    hands: list[int],
    rng: Rng,
    now: int | None,
    options: QuasharsOptions | None,
) -> QuasharsState:
    players = int(view["players"])
    state = QuasharsState.__new__(QuasharsState)
    state.players = players
    state.now = int(view["now"]) if now is None else now
    state.options = options or QuasharsOptions.parse(view["options"])
    state.rng = rng.fork()
    state.game_no = int(view["game_no"])
    state.games_total = int(view["games"])
    state.start_player = int(view["start_player"])
    state.phase = PHASES.index(view["phase"])
    state.conditions = [CONDITION_BY_ID[c["id"]] for c in view["conditions"]]
    # Later games draw from the cards not yet revealed, in an order nobody has seen.
    drawn = {CONDITION_BY_ID[c] for c in view["conditions_drawn"]}
    state.piles = []
    for number in range(1, 5):
        rest = [c for c in pile(number, players) if c not in drawn]
        rng.shuffle(rest)
        state.piles.append(rest)
    state.hands = hands
    state.predicted = [-1 if p is None else int(p["chips"]) for p in view["predictions"]]
    state.flex = [False if p is None else bool(p["flex"]) for p in view["predictions"]]
    state.met = [int(m) for m in view["met"]]
    state.tricks_won = [int(t) for t in view["tricks_won"]]
    state.leader = int(view["leader"])
    to_act = view["to_act"]
    state.to_act = state.leader if to_act is None else int(to_act)
    state.trick = _cards([p["card"] for p in view["trick"]])
    state.tricks = [
        (
            int(t["leader"]),
            tuple(_cards(t["cards"])),
            int(t["winner"]),
            tuple(CONDITION_BY_ID[m] for m in t["met"]),
        )
        for t in view["tricks"]
    ]
    state.scores = [[int(x) for x in game] for game in view["scores"]]
    deadline = view["deadline"]
    state.deadline = None if deadline is None else int(deadline)
    return state
