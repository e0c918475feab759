"""Quashars: trick taking where you predict how many conditions you will meet.

Rules: RULINGS §4; docs/rules/quashars.md. The game's facts first, then the checked
entry point `QuasharsGame.apply` (for anything from a person or a network), views,
legal actions and hidden information. The options and the state are in `state`, the
unchecked transitions (the fast path for bots and playouts) in `fast`; `apply` checks an
input completely and then calls them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, Final

from quintet.core import (
    HOST,
    SPECTATOR,
    BadInput,
    BadOptions,
    Event,
    FastLane,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    NotYourTurn,
    Outcome,
    Rng,
    Seat,
    Viewer,
    ViewPart,
)
from quintet.core.fields import check_fields
from quintet.games.quashars import views
from quintet.games.quashars.components import (
    CARD_BY_CODE,
    CODES,
    COLOURS,
    CONDITION_BY_ID,
    CONDITIONS,
    MAX_PREDICTION,
    cards_of,
    deck_mask,
    mask_of,
    name,
)
from quintet.games.quashars.fast import (
    action_of_id,
    apply_action_id,
    legal_action_ids,
    legal_cards,
    new_state,
    next_game,
    play,
    predict,
    tick,
    totals,
)
from quintet.games.quashars.state import OVER, PHASES, PLAY, PREDICT, QuasharsOptions, QuasharsState

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 4
#: The deck of each player count as a mask, and each action's fields: made once, as
#: `apply` runs for every input the simulator plays.
_DECK_MASKS: Final = {players: deck_mask(players) for players in (MIN_PLAYERS, MAX_PLAYERS)}
_PREDICT_FIELDS: Final = {"chips": int}
_PREDICT_OPTIONAL: Final = {"flex": bool}
_PLAY_FIELDS: Final = {"card": object}
#: The fast path as the simulator's fast lane (`quintet.core.fast_lane`): the view's
#: `legal` list is `legal_action_ids` in order (`views.legal`), and only `to_act` acts.
_FAST_LANE: Final[FastLane[QuasharsState]] = FastLane(
    legal_action_ids, attrgetter("to_act"), apply_action_id, action_of_id, tick
)


def _parse_card(value: Any) -> int:
    if type(value) is str and value in CARD_BY_CODE:  # the usual case, without `upper`
        return CARD_BY_CODE[value]
    if not isinstance(value, str) or value.upper() not in CARD_BY_CODE:
        raise BadInput(
            f"unknown card {value!r}: a card is a colour letter (R, Y, G or B) "
            "followed by a number from 1 to 12",
            "quashars/unknown_card",
        )
    return CARD_BY_CODE[value.upper()]


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
            check_fields(action)
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
            check_fields(action, _PREDICT_FIELDS, _PREDICT_OPTIONAL)
            chips_ = action["chips"]
            flex = action.get("flex", False)
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
        check_fields(action, _PLAY_FIELDS)
        card_id = _parse_card(action["card"])
        if not _DECK_MASKS[state.players] >> card_id & 1:
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
        return views.view(state, viewer)

    def _views(self, state: QuasharsState, viewers: Sequence[Viewer]) -> dict[Viewer, JSONDict]:
        return views.views(state, viewers)

    def view_parts(self, state: QuasharsState, viewer: Viewer) -> Mapping[str, ViewPart]:
        return views.parts(viewer)

    def fast_lane(self) -> FastLane[QuasharsState]:
        return _FAST_LANE

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
        return QuasharsState.from_json(data)


GAME: Final = QuasharsGame()
