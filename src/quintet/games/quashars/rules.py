"""Quashars: trick taking where you predict how many conditions you will meet.

Rules: RULINGS §4. Facts first, then the state, then the game. Two entry
points change a state: `QuasharsGame.apply` (checked, for anything from a
person or a network) and the unchecked fast path `predict`, `play` and
`deal_next` (for bots and playouts; they trust their caller). Both run the same
mutation code, and tests check that they agree.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import Field, field_validator

from quintet.core import (
    HOST,
    SPECTATOR,
    BadInput,
    BadOptions,
    Event,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    NotYourTurn,
    Options,
    Outcome,
    Rng,
    Seat,
    State,
    Viewer,
    private,
    public,
)
from quintet.games.quashars.components import (
    BIT,
    CARD_BY_CODE,
    CARD_COUNT,
    CHUNK_CARDS,
    CODES,
    COLOUR_MASK,
    COLOURS,
    CONDITION_BY_ID,
    CONDITIONS,
    DECKS,
    FIRST_OR_LAST,
    FOUR_TRICKS,
    HAND_SIZE,
    IN_A_ROW,
    MAX_PREDICTION,
    NO_RED,
    NO_TRICKS,
    PILES,
    THREE_TRICKS,
    TRICKS,
    TRUMP,
    WINNING_CARD_MASK,
    cards_of,
    deck_mask,
    mask_of,
    name,
)
from quintet.games.quashars.scoring import chips, score

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 4

PREDICT, PLAY, SCORED, OVER = 0, 1, 2, 3
PHASES: Final = ("predict", "play", "scored", "over")

_RED_MASK: Final = COLOUR_MASK[0]


class QuasharsOptions(Options):
    conditions: tuple[str, str, str, str] | None = Field(
        None,
        description="Fixed condition cards for a teaching table, one per pile in pile order "
        "(e.g. odd,yellow,in_a_row,three_tricks); unset draws them every game",
    )
    flex_chip: bool = Field(
        True, description="Players may add the flex chip: P or P+1, half points"
    )
    first_player: int | None = Field(
        None, ge=0, le=3, description="Seat that starts game 1; unset draws it from the seed"
    )
    pause_ms: int = Field(
        5000,
        ge=0,
        le=600_000,
        description="Pause after each game's scoring before the next deal (ms)",
    )

    @field_validator("conditions")
    @classmethod
    def _conditions_one_per_pile(
        cls, value: tuple[str, str, str, str] | None
    ) -> tuple[str, str, str, str] | None:
        if value is None:
            return None
        for number, cond in enumerate(value, start=1):
            if cond not in CONDITION_BY_ID:
                raise ValueError(f"unknown condition card {cond!r}")
            if CONDITIONS[CONDITION_BY_ID[cond]].pile != number:
                raise ValueError(f"{cond!r} is not a pile-{number} card")
        return value


class QuasharsState(State):
    """The whole table. Cards are ints (see `components`); hands are bitmasks."""

    __slots__ = (
        "conditions",
        "deadline",
        "flex",
        "game_no",
        "games_total",
        "hands",
        "leader",
        "met",
        "options",
        "phase",
        "piles",
        "predicted",
        "rng",
        "scores",
        "start_player",
        "to_act",
        "trick",
        "tricks",
        "tricks_won",
    )

    options: QuasharsOptions
    rng: Rng
    game_no: int
    games_total: int
    start_player: int
    phase: int
    piles: list[list[int]]
    conditions: list[int]
    hands: list[int]
    predicted: list[int]
    flex: list[bool]
    met: list[int]
    tricks_won: list[int]
    to_act: int
    leader: int
    trick: list[int]
    #: Completed tricks of this game: (leader, cards in play order, winner, conditions met).
    tricks: list[tuple[int, tuple[int, ...], int, tuple[int, ...]]]
    #: Points per finished game, per seat.
    scores: list[list[int]]
    deadline: int | None

    def clone(self) -> QuasharsState:
        other = QuasharsState.__new__(QuasharsState)
        other.players = self.players
        other.now = self.now
        other.options = self.options
        other.rng = self.rng.copy()
        other.game_no = self.game_no
        other.games_total = self.games_total
        other.start_player = self.start_player
        other.phase = self.phase
        other.piles = [p[:] for p in self.piles]
        other.conditions = self.conditions[:]
        other.hands = self.hands[:]
        other.predicted = self.predicted[:]
        other.flex = self.flex[:]
        other.met = self.met[:]
        other.tricks_won = self.tricks_won[:]
        other.to_act = self.to_act
        other.leader = self.leader
        other.trick = self.trick[:]
        other.tricks = self.tricks[:]
        other.scores = [s[:] for s in self.scores]
        other.deadline = self.deadline
        return other

    def to_json(self) -> JSONDict:
        return {
            "players": self.players,
            "now": self.now,
            "options": self.options.to_json(),
            "rng": self.rng.state,
            "game_no": self.game_no,
            "games_total": self.games_total,
            "start_player": self.start_player,
            "phase": PHASES[self.phase],
            "piles": [[CONDITIONS[c].id for c in p] for p in self.piles],
            "conditions": [CONDITIONS[c].id for c in self.conditions],
            "hands": [[CODES[c] for c in cards_of(h)] for h in self.hands],
            "predicted": self.predicted[:],
            "flex": self.flex[:],
            "met": self.met[:],
            "tricks_won": self.tricks_won[:],
            "to_act": self.to_act,
            "leader": self.leader,
            "trick": [CODES[c] for c in self.trick],
            "tricks": [
                [lead, [CODES[c] for c in cards], win, [CONDITIONS[m].id for m in met]]
                for lead, cards, win, met in self.tricks
            ],
            "scores": [s[:] for s in self.scores],
            "deadline": self.deadline,
        }


def _from_json(data: JSONDict) -> QuasharsState:
    state = QuasharsState.__new__(QuasharsState)
    state.players = int(data["players"])
    state.now = int(data["now"])
    state.options = QuasharsOptions.parse(data["options"])
    state.rng = Rng(int(data["rng"]))
    state.game_no = int(data["game_no"])
    state.games_total = int(data["games_total"])
    state.start_player = int(data["start_player"])
    state.phase = PHASES.index(data["phase"])
    state.piles = [[CONDITION_BY_ID[c] for c in p] for p in data["piles"]]
    state.conditions = [CONDITION_BY_ID[c] for c in data["conditions"]]
    state.hands = [mask_of([CARD_BY_CODE[c] for c in h]) for h in data["hands"]]
    state.predicted = [int(p) for p in data["predicted"]]
    state.flex = [bool(f) for f in data["flex"]]
    state.met = [int(m) for m in data["met"]]
    state.tricks_won = [int(t) for t in data["tricks_won"]]
    state.to_act = int(data["to_act"])
    state.leader = int(data["leader"])
    state.trick = [CARD_BY_CODE[c] for c in data["trick"]]
    state.tricks = [
        (
            int(lead),
            tuple(CARD_BY_CODE[c] for c in cards),
            int(win),
            tuple(CONDITION_BY_ID[m] for m in met),
        )
        for lead, cards, win, met in data["tricks"]
    ]
    state.scores = [[int(x) for x in s] for s in data["scores"]]
    state.deadline = None if data["deadline"] is None else int(data["deadline"])
    return state


# --------------------------------------------------------------------- fast path
#
# These functions trust their caller: they check nothing, and an action that is
# not legal (a card not in hand, a move out of phase) corrupts the state without
# an error. Use them only with actions from `legal_action_ids` or `legal_cards`;
# anything from a person or a network goes through `QuasharsGame.apply`.


def new_state(seed: int, players: int, options: QuasharsOptions) -> QuasharsState:
    """A new match (as many games as players), dealt and ready for predictions.

    Unchecked: `players` must be 3 or 4 and the options must fit them
    (`QuasharsGame.new` checks both).
    """
    state = QuasharsState.__new__(QuasharsState)
    State.__init__(state, players)
    state.options = options
    rng = state.rng = Rng(seed)
    state.games_total = players
    state.game_no = 1
    first = options.first_player
    state.start_player = rng.below(players) if first is None else first
    state.piles = []
    for cards in PILES[players]:
        shuffled = list(cards)
        rng.shuffle(shuffled)
        state.piles.append(shuffled)
    state.scores = []
    deal_next(state, None)
    return state


def deal_next(state: QuasharsState, events: list[Event] | None) -> None:
    """Deal game `state.game_no`: shuffle, reveal conditions, open predictions."""
    players = state.players
    cards = list(DECKS[players])
    state.rng.shuffle(cards)
    # Adding distinct powers of two is OR-ing them; sum and map run in C.
    bit = BIT.__getitem__
    state.hands = [
        sum(map(bit, cards[i : i + HAND_SIZE])) for i in range(0, players * HAND_SIZE, HAND_SIZE)
    ]
    fixed = state.options.conditions
    if fixed is None:
        state.conditions = [p.pop() for p in state.piles]
    else:
        state.conditions = [CONDITION_BY_ID[c] for c in fixed]
    state.phase = PREDICT
    state.predicted = [-1] * players
    state.flex = [False] * players
    state.met = [0] * players
    state.tricks_won = [0] * players
    state.to_act = state.leader = state.start_player
    state.trick = []
    state.tricks = []
    state.deadline = None
    if events is not None:
        events.append(
            public(
                "game_started",
                game_no=state.game_no,
                conditions=[CONDITIONS[c].id for c in state.conditions],
                start_player=state.start_player,
            )
        )
        for seat in range(players):
            events.append(
                private(seat, "dealt", hand=[CODES[c] for c in cards_of(state.hands[seat])])
            )


def predict(
    state: QuasharsState, chips_: int, flex: bool, events: list[Event] | None = None
) -> None:
    """Unchecked: the seat to act predicts."""
    seat = state.to_act
    state.predicted[seat] = chips_
    state.flex[seat] = flex
    state.to_act = (seat + 1) % state.players
    if events is not None:
        events.append(public("predicted", seat=seat, chips=chips_, flex=flex))
    if state.to_act == state.start_player:
        state.phase = PLAY


#: `_TRICK_RANK[led colour][card]` orders a trick's cards: red is trump, so the highest red
#: wins; with no red, the highest card of the led colour. The other colours never win.
_TRICK_RANK: Final = tuple(
    tuple(
        CARD_COUNT + c if c // 12 == TRUMP else c if c // 12 == led else -1
        for c in range(CARD_COUNT)
    )
    for led in range(4)
)

#: `_MET_BY_BEST[pile-1 card][pile-2 card][best card]`: the conditions of piles 1 and 2 that
#: the trick's winning card meets, in pile order. Those two piles hold conditions 0-7 only.
_MET_BY_BEST: Final = tuple(
    tuple(
        tuple(
            tuple(cond for cond in (first, second) if WINNING_CARD_MASK[cond] >> best & 1)
            for best in range(CARD_COUNT)
        )
        for second in range(8)
    )
    for first in range(8)
)


def legal_cards(state: QuasharsState) -> int:
    """Bitmask of the cards the seat to act may play (in the play phase)."""
    hand = state.hands[state.to_act]
    if state.trick:
        follow = hand & COLOUR_MASK[state.trick[0] // 12]
        if follow:
            return follow
    return hand


def play(
    state: QuasharsState, card_id: int, now: int = 0, events: list[Event] | None = None
) -> None:
    """Unchecked: the seat to act plays `card_id`; resolves the trick when it is full.

    Warning: `card_id` must be a legal card of the seat to act in the play phase
    (see `legal_cards`); anything else corrupts the state without an error.
    """
    seat = state.to_act
    state.hands[seat] &= ~(1 << card_id)
    trick = state.trick
    trick.append(card_id)
    if events is not None:
        events.append(public("played", seat=seat, card=CODES[card_id]))
    players = state.players
    if len(trick) < players:
        state.to_act = (seat + 1) % players
        return
    rank = _TRICK_RANK[trick[0] // 12]
    best = trick[0]
    for card in trick:
        if rank[card] > rank[best]:
            best = card
    leader = state.leader
    winner = (leader + trick.index(best)) % players
    tricks = state.tricks
    trick_no = len(tricks)
    # conditions[i] is always the card of pile i + 1 (see `deal_next`).
    first, second, third, _ = state.conditions
    met = _MET_BY_BEST[first][second][best]
    if third == IN_A_ROW:
        hit = trick_no > 0 and tricks[-1][2] == winner
    elif third == FIRST_OR_LAST:
        hit = trick_no == 0 or trick_no == TRICKS - 1
    elif third == NO_RED:
        hit = best >= 12  # the best card is red whenever the trick holds a red
    else:  # ALL_COLOURS
        hit = len({c // 12 for c in trick}) == 4
    if hit:
        met += (third,)
    cards = tuple(trick)
    tricks.append((leader, cards, winner, met))
    state.tricks_won[winner] += 1
    state.met[winner] += len(met)
    state.trick = []
    state.leader = state.to_act = winner
    if events is not None:
        events.append(
            public(
                "trick_won",
                seat=winner,
                trick_no=trick_no + 1,
                card=CODES[best],
                cards=[CODES[c] for c in cards],
                met=[CONDITIONS[m].id for m in met],
            )
        )
    if trick_no + 1 == TRICKS:
        _finish_game(state, now, events)


def _finish_game(state: QuasharsState, now: int, events: list[Event] | None) -> None:
    """After the last trick: pile-4 totals, then scoring."""
    won = state.tricks_won
    cond = state.conditions[3]
    for seat in range(state.players):
        mine = won[seat]
        if cond == THREE_TRICKS:
            hit = mine == 3
        elif cond == FOUR_TRICKS:
            hit = mine == 4
        elif cond == NO_TRICKS:
            hit = mine == 0
        else:  # MOST_TRICKS
            hit = all(mine > won[o] for o in range(state.players) if o != seat)
        if hit:
            state.met[seat] += 1
            if events is not None:
                events.append(public("totals_met", seat=seat, met=[CONDITIONS[cond].id]))
    points = [
        score(state.game_no, state.predicted[s], state.flex[s], state.met[s])
        for s in range(state.players)
    ]
    state.scores.append(points)
    last = state.game_no == state.games_total
    state.phase = OVER if last else SCORED
    state.deadline = None if last else now + state.options.pause_ms
    if events is not None:
        events.append(
            public(
                "game_scored",
                game_no=state.game_no,
                predicted=state.predicted[:],
                flex=state.flex[:],
                met=state.met[:],
                points=points,
                totals=totals(state),
            )
        )
        if last:
            result = Outcome.from_scores(totals(state))
            events.append(public("match_over", **result.to_json()))


def next_game(state: QuasharsState, events: list[Event] | None = None) -> None:
    """Unchecked: after a game's scoring, deal the next with the start player moved left."""
    state.game_no += 1
    state.start_player = (state.start_player + 1) % state.players
    deal_next(state, events)


def totals(state: QuasharsState) -> list[int]:
    return [sum(game[s] for game in state.scores) for s in range(state.players)]


# Dense action ids for bots and playouts: 0-47 play that card; 48 + 2 * chips + flex predicts.
PREDICT_BASE: Final = CARD_COUNT
_PREDICT_IDS: Final = tuple(range(PREDICT_BASE, PREDICT_BASE + 2 * (MAX_PREDICTION + 1)))
_PREDICT_IDS_NO_FLEX: Final = _PREDICT_IDS[::2]


def legal_action_ids(state: QuasharsState) -> tuple[int, ...]:
    """The legal dense action ids of the seat to act (empty between games and at the end)."""
    phase = state.phase
    if phase == PLAY:
        # `cards_of(legal_cards(state))`, but a follower's cards are one lookup.
        hand = state.hands[state.to_act]
        trick = state.trick
        if trick:
            led = trick[0] // 12
            follow = CHUNK_CARDS[led][hand >> 12 * led & 0xFFF]
            if follow:
                return follow
        return cards_of(hand)
    if phase == PREDICT:
        return _PREDICT_IDS if state.options.flex_chip else _PREDICT_IDS_NO_FLEX
    return ()


def apply_action_id(state: QuasharsState, action_id: int) -> None:
    """Unchecked: apply a dense action id from `legal_action_ids`."""
    if action_id < PREDICT_BASE:
        play(state, action_id)
    else:
        offset = action_id - PREDICT_BASE
        predict(state, offset >> 1, bool(offset & 1))


def action_of_id(action_id: int) -> JSONDict:
    if action_id < PREDICT_BASE:
        return {"type": "play", "card": CODES[action_id]}
    offset = action_id - PREDICT_BASE
    return {"type": "predict", "chips": offset >> 1, "flex": bool(offset & 1)}


# --------------------------------------------------------------------- the game


def _parse_card(value: Any) -> int:
    if not isinstance(value, str) or value.upper() not in CARD_BY_CODE:
        raise BadInput(
            f"unknown card {value!r}: a card is a colour letter (R, Y, G or B) "
            "followed by a number from 1 to 12",
            "quashars/unknown_card",
        )
    return CARD_BY_CODE[value.upper()]


def _check_fields(action: JSONDict, allowed: set[str]) -> None:
    extra = set(action) - allowed
    if extra:
        raise BadInput(f"unknown field(s) in {action['type']!r}: {', '.join(sorted(extra))}")


class QuasharsGame(Game[QuasharsState, QuasharsOptions]):
    name = "quashars"
    title = "Quashars"
    summary = "Trick taking: predict how often you will meet the four revealed conditions."
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = QuasharsOptions
    option_examples = (
        {},
        {"flex_chip": False, "first_player": 1, "pause_ms": 0},
        {"conditions": ["even", "red", "no_red", "most_tricks"]},
        {"conditions": ["high", "blue", "all_colours", "no_tricks"]},  # 4 players only
    )

    def check_options(self, options: QuasharsOptions, players: int) -> None:
        if options.first_player is not None and options.first_player >= players:
            raise BadOptions(f"first_player {options.first_player} is not a seat of {players}")
        if options.conditions and players == 3:
            for cond in options.conditions:
                if CONDITIONS[CONDITION_BY_ID[cond]].four_players_only:
                    raise BadOptions(f"condition {cond!r} is for 4 players only")

    def _new(self, seed: int, players: int, options: QuasharsOptions) -> QuasharsState:
        return new_state(seed, players, options)

    def _apply(self, state: QuasharsState, inp: Input) -> list[Event]:
        action = inp.action
        kind = action["type"]
        events: list[Event] = []
        if kind == "tick":
            _check_fields(action, {"type"})
            next_game(state, events)
            return events
        if kind not in ("predict", "play"):
            raise BadInput(
                f"unknown action {kind!r}: Quashars takes 'predict' and 'play'",
                "input/unknown_action",
            )
        seat = inp.seat
        if seat is None:
            raise BadInput(f"the host cannot {kind}; only seats can")
        wanted = PREDICT if kind == "predict" else PLAY
        if state.phase != wanted:
            raise IllegalAction(
                f"cannot {kind} now: the game is in its {PHASES[state.phase]} phase",
                "quashars/wrong_phase",
            )
        if seat != state.to_act:
            raise NotYourTurn(f"seat {seat} cannot {kind}: it is seat {state.to_act}'s turn")
        if kind == "predict":
            _check_fields(action, {"type", "chips", "flex"})
            chips_ = action.get("chips")
            flex = action.get("flex", False)
            if not isinstance(chips_, int) or isinstance(chips_, bool):
                raise BadInput(f"'chips' must be a whole number, not {chips_!r}")
            if not isinstance(flex, bool):
                raise BadInput(f"'flex' must be true or false, not {flex!r}")
            if not 0 <= chips_ <= MAX_PREDICTION:
                raise IllegalAction(
                    f"a prediction of {chips_} chips is outside 0-{MAX_PREDICTION} "
                    "(at most three conditions a trick, plus one after the last)",
                    "quashars/prediction_range",
                )
            if flex and not state.options.flex_chip:
                raise IllegalAction("this table plays without the flex chip", "quashars/no_flex")
            predict(state, chips_, flex, events)
            return events
        _check_fields(action, {"type", "card"})
        card_id = _parse_card(action.get("card"))
        if not deck_mask(state.players) >> card_id & 1:
            raise IllegalAction(
                f"{CODES[card_id]} is not in the {state.players}-player deck",
                "quashars/not_in_deck",
            )
        hand = state.hands[seat]
        if not hand >> card_id & 1:
            raise IllegalAction(f"you do not hold {CODES[card_id]}", "quashars/not_in_hand")
        if not legal_cards(state) >> card_id & 1:
            led = COLOURS[state.trick[0] // 12]
            raise IllegalAction(
                f"you must follow suit: {led} was led and you hold {led}, "
                f"so you cannot play {name(card_id)}",
                "quashars/must_follow_suit",
            )
        play(state, card_id, inp.time, events)
        return events

    def _view(self, state: QuasharsState, viewer: Viewer) -> JSONDict:
        players = state.players
        view: JSONDict = {
            "game": self.name,
            "viewer": viewer,
            "players": players,
            "phase": PHASES[state.phase],
            "game_no": state.game_no,
            "games": state.games_total,
            "start_player": state.start_player,
            "to_act": state.to_act if state.phase in (PREDICT, PLAY) else None,
            "deadline": state.deadline,
            "now": state.now,
            "options": state.options.to_json(),
            "flex_chip": state.options.flex_chip,
            # Every condition card revealed so far this match: public, and what a
            # search bot needs to know which cards later games can still draw.
            "conditions_drawn": [
                CONDITIONS[c].id
                for full, left in zip(PILES[players], state.piles, strict=True)
                for c in full
                if c not in left
            ],
            "conditions": [
                {"id": CONDITIONS[c].id, "pile": CONDITIONS[c].pile, "text": CONDITIONS[c].text}
                for c in state.conditions
            ],
            "predictions": [
                None
                if state.predicted[s] < 0
                else {"chips": state.predicted[s], "flex": state.flex[s]}
                for s in range(players)
            ],
            "hand_sizes": [h.bit_count() for h in state.hands],
            "leader": state.leader,
            "trick": [
                {"seat": (state.leader + i) % players, "card": CODES[c]}
                for i, c in enumerate(state.trick)
            ],
            "tricks": [
                {
                    "leader": lead,
                    "cards": [CODES[c] for c in cards],
                    "winner": win,
                    "met": [CONDITIONS[m].id for m in met],
                }
                for lead, cards, win, met in state.tricks
            ],
            "tricks_won": state.tricks_won[:],
            "met": state.met[:],
            "chips": [self._chips(state, s) for s in range(players)],
            "scores": [s[:] for s in state.scores],
            "totals": totals(state),
        }
        if viewer == HOST:
            view["hands"] = [[CODES[c] for c in cards_of(h)] for h in state.hands]
        elif viewer >= 0:
            view["hand"] = [CODES[c] for c in cards_of(state.hands[viewer])]
            view["legal"] = self.legal_actions(state, viewer) if state.to_act == viewer else []
        return view

    @staticmethod
    def _chips(state: QuasharsState, seat: int) -> JSONDict | None:
        if state.predicted[seat] < 0:
            return None
        left, flex_left, taken = chips(state.predicted[seat], state.flex[seat], state.met[seat])
        return {"left": left, "flex_left": flex_left, "taken": taken}

    def next_deadline(self, state: QuasharsState) -> int | None:
        return state.deadline

    def legal_actions(self, state: QuasharsState, seat: Seat) -> list[JSONDict]:
        if seat != state.to_act or state.phase not in (PREDICT, PLAY):
            return []
        return [action_of_id(a) for a in legal_action_ids(state)]

    def can_act(self, state: QuasharsState, seat: Seat) -> bool:
        return seat == state.to_act and state.phase in (PREDICT, PLAY)

    def is_over(self, state: QuasharsState) -> bool:
        return state.phase == OVER

    def outcome(self, state: QuasharsState) -> Outcome | None:
        return Outcome.from_scores(totals(state)) if state.phase == OVER else None

    def hidden_cards(self, state: QuasharsState, viewer: Viewer) -> frozenset[str]:
        if viewer == HOST:
            return frozenset()
        return frozenset(
            CODES[c]
            for seat, hand in enumerate(state.hands)
            if seat != viewer or viewer == SPECTATOR
            for c in cards_of(hand)
        )

    def _scramble_hidden(self, state: QuasharsState, viewer: Viewer, rng: Rng) -> QuasharsState:
        """A copy with the hands this viewer may not see redealt, and the future reshuffled.

        A seat keeps its own hand and the others' hands are pooled and redealt with
        the same sizes; for the spectator every hand is. Nobody at the table knows the
        order of the condition piles or the PRNG state (the next deals), so each pile is
        shuffled and the PRNG replaced. The host knows everything: a plain clone.
        """
        other = state.clone()
        if viewer == HOST:
            return other
        others = [seat for seat in range(state.players) if seat != viewer]
        pool = [card for seat in others for card in cards_of(state.hands[seat])]
        rng.shuffle(pool)
        start = 0
        for seat in others:
            size = state.hands[seat].bit_count()
            other.hands[seat] = mask_of(pool[start : start + size])
            start += size
        for pile in other.piles:
            rng.shuffle(pile)
        other.rng = rng.fork()
        return other

    def state_from_json(self, data: JSONDict) -> QuasharsState:
        return _from_json(data)


GAME: Final = QuasharsGame()
