"""Quick: the real-time sorting race (RULINGS §1; docs/rules/quick.md).

The game's facts first, then reading an action, then the checked entry point
`QuickGame.apply`, views and hidden information. Everyone sorts at once, one card at
a time, on their own table: `take` a pile's top card into the hand, `place` it on the
top or the bottom of a pile, or start a `new_pile` at a position; `klaar` when done.
Time is an input: the countdown, the dealer's choice, the last player's clock, each
card turned while checking and the pause after it are deadlines in the state, ended
by the host's tick. The round flow itself is in `flow`.
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Any, Final

from quintet.core import (
    HOST,
    BadInput,
    Event,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    Outcome,
    Rng,
    Seat,
    TooLate,
    Viewer,
)
from quintet.core.fields import check_fields
from quintet.core.game import check_seat
from quintet.games.quick.components import (
    PROPERTIES,
    CriteriaError,
    card_json,
    card_name,
    parse_criteria,
)
from quintet.games.quick.flow import (
    CHIPS_TO_WIN,
    chips_per_round,
    klaar,
    new_pile,
    new_state,
    outcome_of,
    place,
    set_criteria,
    take,
    tick,
)
from quintet.games.quick.state import (
    CHECK,
    CHOOSE,
    CLOCK,
    PHASES,
    READY,
    SCORED,
    SORT,
    WRONG,
    QuickOptions,
    QuickState,
)

# ------------------------------------------------------------------- game facts

#: 3 to 6 officially; 2 is the variant with one chip a round (RULINGS §1).
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
ENDS: Final = ("top", "bottom")

#: The fields of each seat action besides "type"; "table" (optional everywhere) names the
#: table acted on, which must be the sender's own.
_FIELDS: Final[dict[str, dict[str, type]]] = {
    "take": {"pile": int},
    "place": {"pile": int, "end": str},
    "new_pile": {"at": int},
    "klaar": {},
    "criteria": {"criteria": list},
}
#: Optional on every seat action: "table" (see above) and "round", the round the move was
#: meant for. A move on its way while the round ended and the next began cannot otherwise
#: be told from a move in the new round (short checking and pauses), so one that names
#: an earlier round is "too late", never a broken rule of the new one.
_TABLE: Final = {"table": int, "round": int}


def all_criteria(simplified: bool) -> list[tuple[str, ...]]:
    """Every choice of instruction cards: 0-3 of letter, colour, flames in any order, each
    turned or not, then number turned or not (simplified: 1-3, no number)."""
    found: list[tuple[str, ...]] = []
    for count in range(len(PROPERTIES) + 1):
        for chosen in permutations(PROPERTIES, count):
            for turns in product(("", "-"), repeat=count):
                found.append(tuple(sign + name for sign, name in zip(turns, chosen, strict=True)))
    if simplified:
        return [c for c in found if c]
    return [(*c, sign + "number") for c in found for sign in ("", "-")]


_CHOICES: Final = {flag: all_criteria(flag) for flag in (False, True)}


def _error(message: str, code: str) -> IllegalAction:
    return IllegalAction(message, f"quick/{code}")


# --------------------------------------------------------------------- the game


class QuickGame(Game[QuickState, QuickOptions]):
    name = "quick"
    title = "Quick"
    summary = (
        "Everyone at once: sort your face-down stack one card at a time by the instruction "
        "cards and call KLAAR; correct stacks win chips, six chips win (3-6 players, or 2 "
        "with one chip a round)."
    )
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = QuickOptions
    real_time = True
    option_examples = (
        {},
        {"criteria": ["letter", "-colour", "number"], "round_end": "clock", "last_player_ms": 4000},
        {"simplified": True, "criteria": ["flames"], "round_end": "all_but_one"},
        {"chooser": "dealer", "choose_ms": 5000, "criteria": ["-number"], "stall_rounds": 2},
    )

    def _new(self, seed: int, players: int, options: QuickOptions) -> QuickState:
        return new_state(seed, players, options)

    # ----------------------------------------------------------------- the way in

    def _apply(self, state: QuickState, inp: Input) -> list[Event]:
        action = inp.action
        kind = action["type"]
        events: list[Event] = []
        if kind == "tick":
            check_fields(action)
            tick(state, inp.time, events)
            return events
        fields = _FIELDS.get(kind)
        if fields is None:
            raise BadInput(
                f"unknown action {kind!r}: Quick takes 'take', 'place', 'new_pile', 'klaar' and "
                "'criteria' from a seat, and 'tick' from the host",
                "input/unknown_action",
            )
        seat = inp.seat
        if seat is None:
            raise BadInput(f"the host cannot {kind!r}; only seats act", "quick/host_cannot_act")
        check_fields(action, fields, _TABLE)
        table = action.get("table", seat)
        if table != seat:
            raise _error(
                f"'table' {table} is not yours: you act only on your own table ({seat})",
                "not_your_table",
            )
        meant = action.get("round", state.round)
        if meant < state.round:
            raise TooLate(f"too late: the move was for round {meant}; round {state.round} is on")
        if meant > state.round:
            raise _error(f"round {meant} has not begun: this is round {state.round}", "bad_round")
        if kind == "criteria":
            self._choose(state, seat, action["criteria"], inp.time, events)
            return events
        self._check_sorting(state, seat)
        hand = state.hand[seat]
        piles = len(state.tables[seat])
        if kind == "take":
            if hand is not None:
                raise _error(
                    "your hand already holds a card: place it before you take another",
                    "hand_full",
                )
            self._check_pile(action["pile"], piles, "pile")
            take(state, seat, action["pile"], events)
        elif kind == "place":
            self._check_hand(hand)
            end = action["end"]
            if end not in ENDS:
                # The value is not quoted back: a refusal repeats nothing it was not asked.
                raise BadInput("'end' must be 'top' or 'bottom'", "quick/bad_end")
            self._check_pile(action["pile"], piles, "pile")
            place(state, seat, action["pile"], end == "bottom", events)
        elif kind == "new_pile":
            self._check_hand(hand)
            at = action["at"]
            if not 0 <= at <= piles:
                raise _error(
                    f"a new pile goes at a position 0 to {piles} (before pile 0 .. after the "
                    f"last), not {at}",
                    "no_such_position",
                )
            new_pile(state, seat, at, events)
        else:
            if hand is not None:
                raise _error(
                    "KLAAR needs an empty hand: place the card you hold first", "klaar_hand"
                )
            if piles != 1:
                raise _error(
                    f"KLAAR needs all your cards in one pile; you have {piles} piles",
                    "klaar_piles",
                )
            klaar(state, seat, inp.time, events)
        return events

    @staticmethod
    def _check_sorting(state: QuickState, seat: int) -> None:
        if state.phase in (CHECK, SCORED):
            # A race: the move was on its way when the last KLAAR (or the clock) ended the
            # sorting. Like Quiclo's covered card, that is "too late", not a broken rule.
            raise TooLate(f"too late: the round's sorting has ended (now {PHASES[state.phase]!r})")
        if state.phase in (CHOOSE, READY) and state.round > 1:
            # The same race when checking and the pause were short: by the time the move
            # arrived the next round was being chosen or counted down. A move cannot say
            # which round it was meant for, so the message names both possibilities.
            raise TooLate(
                f"too late for round {state.round - 1}'s sorting, and round {state.round}'s "
                f"has not begun (now {PHASES[state.phase]!r})"
            )
        if state.phase != SORT:
            raise _error(
                f"nothing can be moved now: the round is in its {PHASES[state.phase]!r} phase, "
                "not sorting",
                "not_sorting",
            )
        if seat in state.klaar:
            raise _error(
                "you called KLAAR: your stack can no longer be touched this round",
                "after_klaar",
            )
        if seat == state.stopped:
            raise _error("your time ran out: your stack can no longer be touched", "stopped")

    @staticmethod
    def _check_hand(hand: int | None) -> None:
        if hand is None:
            raise _error("your hand is empty: take a card before you place one", "hand_empty")

    @staticmethod
    def _check_pile(pile: int, piles: int, field: str) -> None:
        if not 0 <= pile < piles:
            raise _error(
                f"there is no {field} {pile}: your piles are 0 to {piles - 1}"
                if piles
                else f"there is no {field} {pile}: you have no pile",
                "no_such_pile",
            )

    def _choose(
        self, state: QuickState, seat: int, items: list[Any], now: int, events: list[Event]
    ) -> None:
        if state.phase != CHOOSE:
            raise _error(
                "the criteria are chosen only before a round, by the dealer, with the option "
                "chooser 'dealer'",
                "not_choosing",
            )
        if seat != state.dealer:
            raise _error(
                f"seat {state.dealer} deals this round and chooses the criteria, not you",
                "not_dealer",
            )
        try:
            parsed = parse_criteria(items, simplified=state.options.simplified)
        except CriteriaError as error:
            raise BadInput(str(error), "quick/bad_criteria") from None
        set_criteria(state, tuple(c.text for c in parsed), now, events, default=False)

    # ---------------------------------------------------------------- the way out

    def _view(self, state: QuickState, viewer: Viewer) -> JSONDict:
        over = state.end is not None
        result = outcome_of(state) if over else None
        players = state.players
        clock = (
            state.deadline
            if state.phase == SORT and state.options.round_end == CLOCK and state.deadline
            else None
        )
        tables = []
        for seat in range(players):
            piles = state.tables[seat]
            shown = state.shown[seat]
            tables.append(
                {
                    "piles": [len(p) for p in piles],
                    "holding": state.hand[seat] is not None,
                    "klaar": state.klaar.index(seat) + 1 if seat in state.klaar else None,
                    "stopped": seat == state.stopped,
                    "shown": [card_json(c) for c in piles[0][:shown]] if shown else [],
                    "verdict": state.verdict[seat],
                    # A wrong stack stops at its first wrong card: the last one turned.
                    "first_wrong": shown - 1 if state.verdict[seat] == WRONG else None,
                    "chips": state.chips[seat],
                }
            )
        view: JSONDict = {
            "game": self.name,
            "viewer": viewer,
            "players": players,
            "now": state.now,
            "options": state.options.to_json(),
            "phase": PHASES[state.phase],
            "round": state.round,
            "dealer": state.dealer,
            "criteria": list(state.criteria),
            "simplified": state.options.simplified,
            "deadline": state.deadline,
            "clock": clock,
            "chips": state.chips[:],
            "chips_to_win": CHIPS_TO_WIN,
            "chips_per_round": chips_per_round(players),
            "pot": state.pot,
            "klaar": state.klaar[:],
            "checking": state.checking,
            "tables": tables,
            "over": over,
            "end": state.end,
            "winners": [] if result is None else list(result.winners),
            "outcome": None if result is None else result.to_json(),
        }
        if viewer >= 0:
            card = state.hand[viewer]
            view["hand"] = None if card is None else card_json(card)
            view["can_act"] = self.can_act(state, viewer)
        if viewer == HOST:
            view["stacks"] = [[list(p) for p in t] for t in state.tables]
            view["hands"] = state.hand[:]
            view["stock"] = list(state.stock)
        return view

    def next_deadline(self, state: QuickState) -> int | None:
        return state.deadline

    def legal_actions(self, state: QuickState, seat: Seat) -> list[JSONDict]:
        """Every action of the seat now: a take per pile (and KLAAR with one pile) with an
        empty hand; with a card, top and bottom of each pile and a new pile at each gap;
        for the choosing dealer, every choice of criteria."""
        check_seat(state, seat)
        if not self.can_act(state, seat):
            return []
        if state.phase == CHOOSE:
            return [
                {"type": "criteria", "criteria": list(c)}
                for c in _CHOICES[state.options.simplified]
            ]
        piles = len(state.tables[seat])
        if state.hand[seat] is None:
            # KLAAR first: a driver that always picks the first action ends the round.
            actions: list[JSONDict] = [{"type": "klaar"}] if piles == 1 else []
            return actions + [{"type": "take", "pile": p} for p in range(piles)]
        actions = [{"type": "place", "pile": p, "end": end} for p in range(piles) for end in ENDS]
        actions += [{"type": "new_pile", "at": k} for k in range(piles + 1)]
        return actions

    def sample_action(self, state: QuickState, seat: Seat, rng: Rng) -> JSONDict | None:
        """The same draw as from `legal_actions` (one `rng.below` over the same list), made
        without building the list: the simulator's random bots draw at every move."""
        check_seat(state, seat)
        if not self.can_act(state, seat):
            return None
        if state.phase == CHOOSE:
            choices = _CHOICES[state.options.simplified]
            return {"type": "criteria", "criteria": list(choices[rng.below(len(choices))])}
        piles = len(state.tables[seat])
        if state.hand[seat] is None:
            klaar_first = piles == 1
            index = rng.below(piles + klaar_first)
            if klaar_first and index == 0:
                return {"type": "klaar"}
            return {"type": "take", "pile": index - klaar_first}
        index = rng.below(3 * piles + 1)
        if index < 2 * piles:
            return {"type": "place", "pile": index // 2, "end": ENDS[index % 2]}
        return {"type": "new_pile", "at": index - 2 * piles}

    def can_act(self, state: QuickState, seat: Seat) -> bool:
        if state.phase == SORT:
            return seat not in state.klaar and seat != state.stopped
        return state.phase == CHOOSE and seat == state.dealer

    def is_over(self, state: QuickState) -> bool:
        return state.end is not None

    def outcome(self, state: QuickState) -> Outcome | None:
        return None if state.end is None else outcome_of(state)

    # ------------------------------------------------------- hidden information

    @staticmethod
    def _hidden_slots(state: QuickState, viewer: Viewer) -> list[int]:
        """Every card the viewer may not know: face-down cards in every pile (the viewer's
        own too), the others' hands and the cards not dealt."""
        hidden: list[int] = []
        for seat, table in enumerate(state.tables):
            for number, pile in enumerate(table):
                hidden += pile[state.shown[seat] :] if number == 0 else pile
            card = state.hand[seat]
            if card is not None and seat != viewer:
                hidden.append(card)
        hidden += state.stock
        return hidden

    def hidden_cards(self, state: QuickState, viewer: Viewer) -> frozenset[str]:
        """Named as in text ("card 33"): every face-down card, the viewer's own included,
        and every hand but the viewer's."""
        if viewer == HOST:
            return frozenset()
        return frozenset(map(card_name, self._hidden_slots(state, viewer)))

    def _scramble_hidden(self, state: QuickState, viewer: Viewer, rng: Rng) -> QuickState:
        """A copy with every card this viewer may not know dealt anew into the same places
        (same pile sizes, face-up cards kept); the PRNG is replaced. Host: a plain clone."""
        other = state.clone()
        if viewer == HOST:
            return other
        pool = self._hidden_slots(state, viewer)
        rng.shuffle(pool)
        cards = iter(pool)
        tables = []
        for seat, table in enumerate(state.tables):
            piles = []
            for number, pile in enumerate(table):
                keep = state.shown[seat] if number == 0 else 0
                piles.append((*pile[:keep], *(next(cards) for _ in pile[keep:])))
            tables.append(tuple(piles))
        other.tables = tables
        other.hand = [
            None if card is None else card if seat == viewer else next(cards)
            for seat, card in enumerate(state.hand)
        ]
        other.stock = tuple(sorted(next(cards) for _ in state.stock))
        other.rng = rng.fork()
        return other

    def state_from_json(self, data: JSONDict) -> QuickState:
        return QuickState.from_json(data)


GAME: Final = QuickGame()
