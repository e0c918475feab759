"""Quashars' fast path (RULINGS §4): the unchecked transitions, for bots and playouts.

These functions trust their caller: they check nothing, and an action that is not legal
(a card not in hand, a move out of phase) corrupts the state without an error. Use them
only with actions from `legal_action_ids` or `legal_cards`; anything from a person or a
network goes through `rules.QuasharsGame.apply`, which checks an input completely and then
runs this same mutation code (tests check that both paths agree).
"""

from __future__ import annotations

from typing import Final

from quintet.core import Event, JSONDict, Outcome, Rng, State, private, public
from quintet.games.quashars.components import (
    BIT,
    CARD_COUNT,
    CHUNK_CARDS,
    CODES,
    COLOUR_MASK,
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
)
from quintet.games.quashars.scoring import score
from quintet.games.quashars.state import OVER, PLAY, PREDICT, SCORED, QuasharsOptions, QuasharsState


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


def tick(state: QuasharsState, now: int) -> None:
    """Unchecked: the host's tick at the deadline `now` (after a game's scoring): as
    `QuasharsGame.apply` with a tick does, the next game is dealt and the time kept."""
    next_game(state)
    state.now = now


def totals(state: QuasharsState) -> list[int]:
    if not state.scores:
        return [0] * state.players
    return [sum(column) for column in zip(*state.scores, strict=True)]


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


def apply_action_id(state: QuasharsState, action_id: int, now: int = 0) -> None:
    """Unchecked: apply a dense action id from `legal_action_ids` at `now` ms.

    `now` matters only for the last card of a game: the pause before the next deal
    starts then (the simulator's fast lane passes it; playouts may leave it at 0).
    """
    if action_id < PREDICT_BASE:
        play(state, action_id, now)
    else:
        offset = action_id - PREDICT_BASE
        predict(state, offset >> 1, bool(offset & 1))


def action_of_id(action_id: int) -> JSONDict:
    if action_id < PREDICT_BASE:
        return {"type": "play", "card": CODES[action_id]}
    offset = action_id - PREDICT_BASE
    return {"type": "predict", "chips": offset >> 1, "flex": bool(offset & 1)}
