"""Quiddler's fast path (RULINGS §5): the unchecked transitions, for bots and playouts.

`rules.QuiddlerGame.apply` checks an input completely and then calls these, so the
checked and the fast path run the same mutation code.

A round: deal, turns (draw, then discard or go out) until someone goes out, then one last
turn for every other seat (draw, lay down what it can, discard), then scoring. With the
`challenge` option each lay-down is followed by a challenge window that passes clockwise
round the other seats, one seat at a time (see `accept`).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from quintet.core import Event, Outcome, Rng, State, private, public
from quintet.games.quiddler.components import DECK, ROUNDS, hand_size, points
from quintet.games.quiddler.scoring import Word, bonuses_for, parts_json, score_round
from quintet.games.quiddler.state import (
    CHALLENGE,
    DISCARD,
    DRAW,
    LAY_DOWN,
    OVER,
    PLAY,
    ROUND_TURN_LIMIT,
    SCORED,
    QuiddlerOptions,
    QuiddlerState,
    last_turns,
    table_of,
    totals,
    turn_limit_reached,
)

# --------------------------------------------------------------------- fast path
#
# These functions trust their caller: they check nothing, and an action that is not legal
# (a card not in hand, a move out of turn) corrupts the state without an error. Use them
# only with actions from `QuiddlerGame.legal_actions` or checked like `QuiddlerGame._apply`;
# anything from a person or a network goes through `QuiddlerGame.apply`.


def new_state(seed: int, players: int, options: QuiddlerOptions) -> QuiddlerState:
    """A new game, round 1 dealt. Unchecked: the player count and options must fit."""
    state = QuiddlerState.__new__(QuiddlerState)
    State.__init__(state, players)
    state.options = options
    state.rng = Rng(seed)
    first = options.first_dealer
    state.dealer = state.rng.below(players) if first is None else first
    state.round_no = 1
    state.results = []
    deal_round(state, None)
    return state


def deal_round(state: QuiddlerState, events: list[Event] | None) -> None:
    """Shuffle all 118 cards, deal `state.round_no + 2` to each seat and turn one card up."""
    players = state.players
    cards = list(DECK)
    state.rng.shuffle(cards)
    size = hand_size(state.round_no)
    state.hands = [sorted(cards[s * size : (s + 1) * size]) for s in range(players)]
    rest = cards[players * size :]
    state.pile = [rest.pop()]
    state.deck = rest
    state.known = [[] for _ in range(players)]
    state.phase = PLAY
    state.step = DRAW
    state.to_act = (state.dealer + 1) % players
    state.went_out = -1
    state.reshuffled = 0
    state.turns = 0
    state.last_call = False
    state.done = [False] * players
    state.words = [[] for _ in range(players)]
    state.unused = [[] for _ in range(players)]
    state.challenges = []
    state.owner = state.challenger = -1
    state.deadline = None
    if events is not None:
        events.append(
            public(
                "round_started",
                round=state.round_no,
                dealer=state.dealer,
                hand_size=size,
                discard_top=state.pile[-1],
                draw_pile=len(state.deck),
                to_act=state.to_act,
            )
        )
        for seat in range(players):
            events.append(private(seat, "dealt", hand=state.hands[seat][:]))


def can_reshuffle(state: QuiddlerState) -> bool:
    """Whether an empty draw pile may be replaced by the discard pile but its top: there is
    a card under the top, and the `reshuffles` option allows another one this round."""
    limit = state.options.reshuffles
    return len(state.pile) > 1 and (limit is None or state.reshuffled < limit)


def can_draw_deck(state: QuiddlerState) -> bool:
    """Whether the draw pile has a card, or can get one by reshuffling the discard pile."""
    return bool(state.deck) or can_reshuffle(state)


def draw(state: QuiddlerState, from_discard: bool, *, events: list[Event] | None = None) -> None:
    """Unchecked: the seat to act draws the top of the discard pile or of the draw pile.

    An empty draw pile is first replaced by the discard pile but its top, shuffled.
    """
    seat = state.to_act
    state.turns += 1
    if from_discard:
        card = state.pile.pop()
        insort(state.known[seat], card)
    else:
        if not state.deck:
            _reshuffle(state, events)
        card = state.deck.pop()
    insort(state.hands[seat], card)
    state.step = LAY_DOWN if last_turns(state) else DISCARD
    if events is not None:
        if from_discard:
            events.append(public("drew", seat=seat, source="discard", card=card))
        else:
            events.append(public("drew", seat=seat, source="deck"))
            events.append(private(seat, "drew_card", card=card))


def _reshuffle(state: QuiddlerState, events: list[Event] | None) -> None:
    top = state.pile.pop()
    deck = state.pile
    state.rng.shuffle(deck)
    state.deck, state.pile = deck, [top]
    state.reshuffled += 1
    if events is not None:
        events.append(public("reshuffled", draw_pile=len(deck)))


def _give_up(state: QuiddlerState, seat: int, card: str) -> None:
    """The seat's card goes onto the discard pile."""
    state.hands[seat].remove(card)
    known = state.known[seat]
    if card in known:
        known.remove(card)
    state.pile.append(card)


def discard(
    state: QuiddlerState, card: str, *, now: int = 0, events: list[Event] | None = None
) -> None:
    """Unchecked: the seat to act discards `card`, ending its turn."""
    seat = state.to_act
    _give_up(state, seat, card)
    if events is not None:
        events.append(public("discarded", seat=seat, card=card))
    _end_turn(state, seat, now, events)


def go_out(
    state: QuiddlerState,
    words: Sequence[Word],
    card: str,
    *,
    now: int = 0,
    events: list[Event] | None = None,
) -> None:
    """Unchecked: the seat to act lays down every card but `card` as `words` and discards it."""
    seat = state.to_act
    _give_up(state, seat, card)
    state.hands[seat] = []
    state.known[seat] = []
    state.words[seat] = list(words)
    state.went_out = seat
    state.done[seat] = True
    if events is not None:
        events.append(public("went_out", seat=seat, words=[list(w) for w in words], discard=card))
    _after_lay_down(state, seat, now, events)


def lay_down(
    state: QuiddlerState,
    words: Sequence[Word],
    unused: Sequence[str],
    card: str,
    *,
    now: int = 0,
    events: list[Event] | None = None,
) -> None:
    """Unchecked: in its last turn the seat to act lays down `words`, keeps `unused`
    (they count against it) and discards `card`."""
    seat = state.to_act
    _give_up(state, seat, card)
    state.hands[seat] = []
    state.known[seat] = []
    state.words[seat] = list(words)
    state.unused[seat] = sorted(unused)
    state.done[seat] = True
    if events is not None:
        events.append(
            public(
                "laid_down",
                seat=seat,
                words=[list(w) for w in words],
                unused=state.unused[seat][:],
                discard=card,
            )
        )
    _after_lay_down(state, seat, now, events)


def _after_lay_down(state: QuiddlerState, seat: int, now: int, events: list[Event] | None) -> None:
    """In challenge mode, words just laid down open a window for the next seat clockwise."""
    if state.options.challenge and state.words[seat] and state.players > 1:
        state.phase = CHALLENGE
        state.owner = seat
        _open_window(state, (seat + 1) % state.players, now, events)
    else:
        _end_turn(state, seat, now, events)


def _open_window(
    state: QuiddlerState, challenger: int, now: int, events: list[Event] | None
) -> None:
    state.challenger = challenger
    state.deadline = now + state.options.challenge_ms
    if events is not None:
        events.append(
            public(
                "challenge_window",
                seat=state.owner,
                challenger=challenger,
                deadline=state.deadline,
            )
        )


def open_words(state: QuiddlerState) -> list[int]:
    """In a challenge window: the indices of the owner's words nobody has challenged yet."""
    owner = state.owner
    taken = {index for _, seat, index, _ in state.challenges if seat == owner}
    return [index for index in range(len(state.words[owner])) if index not in taken]


def challenge(
    state: QuiddlerState, index: int, *, now: int = 0, events: list[Event] | None = None
) -> bool:
    """Unchecked: the challenger challenges word `index` of the window's owner; it is
    checked against the table's dictionary at once. Returns whether the word is valid.

    When no word is left to challenge the window closes.
    """
    owner, challenger = state.owner, state.challenger
    word = state.words[owner][index]
    valid = table_of(state).is_word(word)
    state.challenges.append((challenger, owner, index, valid))
    if events is not None:
        events.append(
            public(
                "challenged",
                challenger=challenger,
                seat=owner,
                word=index,
                cards=list(word),
                valid=valid,
                points=points(word),
            )
        )
    if not open_words(state):
        _close_window(state, now, events)
    return valid


def accept(
    state: QuiddlerState,
    *,
    now: int = 0,
    events: list[Event] | None = None,
    timed_out: bool = False,
) -> None:
    """Unchecked: the challenger challenges nothing more (or its time ran out): the window
    passes to the next seat clockwise, and closes after the last one before the owner."""
    if events is not None:
        events.append(public("accepted", seat=state.challenger, timed_out=timed_out))
    following = (state.challenger + 1) % state.players
    if following == state.owner:
        _close_window(state, now, events)
    else:
        _open_window(state, following, now, events)


def _close_window(state: QuiddlerState, now: int, events: list[Event] | None) -> None:
    owner = state.owner
    state.owner = state.challenger = -1
    state.deadline = None
    state.phase = PLAY
    _end_turn(state, owner, now, events)


def _end_turn(state: QuiddlerState, seat: int, now: int, events: list[Event] | None) -> None:
    """The next turn: the next seat clockwise; in the last turns (after someone went out,
    or once the draw pile ran out for good), the next seat that has not had its last turn,
    and when there is none the round ends."""
    players = state.players
    if not last_turns(state):
        pile_left = bool(state.deck) or can_reshuffle(state)
        if pile_left and not turn_limit_reached(state):
            state.to_act = (seat + 1) % players
            state.step = DRAW
            return
        # Nobody could go out before the draw pile ran out for good, or in the most turns a
        # round may last: without this a round of hands that never make words (a small
        # `replace_words` list), or of players who only take from the discard pile, would
        # never end.
        state.last_call = True
        if events is not None:
            # `turn_limit` only when the limit called it: the event is otherwise as it was.
            reason = {"turn_limit": ROUND_TURN_LIMIT} if pile_left else {}
            events.append(public("last_call", seat=seat, reshuffled=state.reshuffled, **reason))
    for offset in range(1, players + 1):
        following = (seat + offset) % players
        if not state.done[following]:
            state.to_act = following
            state.step = DRAW
            return
    _end_round(state, now, events)


def _end_round(state: QuiddlerState, now: int, events: list[Event] | None) -> None:
    options = state.options
    scores = score_round(
        state.words,
        state.unused,
        state.challenges,
        bonuses_for(state.players, options.two_player_bonus),
    )
    state.results.append(tuple(scores))
    last = state.round_no == ROUNDS
    if events is not None:
        events.append(
            public(
                "round_scored",
                round=state.round_no,
                words=[[list(w) for w in ws] for ws in state.words],
                unused=[u[:] for u in state.unused],
                scores=parts_json(scores),
                totals=totals(state),
            )
        )
        if last:
            events.append(public("game_over", **Outcome.from_scores(totals(state)).to_json()))
    if last:
        state.phase = OVER
        state.deadline = None
    elif options.pause_ms == 0:
        next_round(state, events=events)
    else:
        state.phase = SCORED
        state.deadline = now + options.pause_ms


def next_round(state: QuiddlerState, *, events: list[Event] | None = None) -> None:
    """Unchecked: after a round's scoring, the next dealer (to the left) deals the next round."""
    state.round_no += 1
    state.dealer = (state.dealer + 1) % state.players
    deal_round(state, events)
