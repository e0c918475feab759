"""Quiddler: word rummy over eight rounds of growing hands (RULINGS §5).

The game's facts first, then the checked entry point (`QuiddlerGame.apply`, for anything
from a person or a network), views, legal actions and hidden information. The state and
the options are in `state`, the unchecked transitions (the fast path for bots: `draw`,
`discard`, `go_out`, `lay_down`, `challenge`, `accept`, `next_round`) in `fast`, and the
checks of an action's cards and words in `actions`; `apply` checks an input completely and
then calls the fast path. docs/rules/quiddler.md describes it all.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Final

from quintet.core import (
    HOST,
    BadInput,
    BadOptions,
    Event,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    NotYourTurn,
    Outcome,
    Rng,
    Seat,
    TooLate,
    Viewer,
)
from quintet.core.fields import check_fields
from quintet.games.quiddler.actions import (
    check_dictionary,
    check_hand,
    read_card,
    read_cards,
    read_words,
    short,
)
from quintet.games.quiddler.components import CARDS, ROUNDS, hand_size
from quintet.games.quiddler.fast import (
    accept,
    can_draw_deck,
    challenge,
    discard,
    draw,
    go_out,
    lay_down,
    new_state,
    next_round,
    open_words,
)
from quintet.games.quiddler.scoring import Word, parts_json
from quintet.games.quiddler.state import (
    ACTIONS,
    CHALLENGE,
    DISCARD,
    DRAW,
    LAY_DOWN,
    OVER,
    PHASES,
    PLAY,
    ROUND_TURN_LIMIT,
    SOURCES,
    STEPS,
    QuiddlerOptions,
    QuiddlerState,
    options_json,
    table_of,
    totals,
    turn_limit_reached,
)

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 8

#: Each action's fields and their types; cards and words are checked further in `actions`.
_FIELDS: Final[dict[str, dict[str, type]]] = {
    "draw": {"source": object},
    "discard": {"card": object},
    "go_out": {"words": object, "discard": object},
    "lay_down": {"words": object, "unused": object, "discard": object},
    "challenge": {"seat": int, "word": int},
    "accept": {},
}


#: The names `hidden_cards` gives the copies of each card: "e1" .. "e12". One word (letters
#: and digits), like the other games' card names ("Y9"), so the conformance kit reads it as
#: a name when a sender writes it and a refusal echoes it.
_COPIES: Final = {
    name: tuple(f"{name}{n}" for n in range(1, count + 1)) for name, (_, count) in CARDS.items()
}


# --------------------------------------------------------------------- the game


class QuiddlerGame(Game[QuiddlerState, QuiddlerOptions]):
    name = "quiddler"
    title = "Quiddler"
    summary = "Word rummy: spell words with your cards over eight rounds of 3 to 10 cards."
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = QuiddlerOptions
    # The listed way to go out is the solver's: a server never sends it to a person.
    lists_help = True
    option_examples = (
        {},
        {"challenge": True, "challenge_ms": 50, "pause_ms": 0},
        {"two_player_bonus": "most", "first_dealer": 0, "extra_words": ["qwxz", "Zzt"]},
        # (Rounds that end by the last call take thousands of inputs, too slow for the kit's
        # every check; test_rules checks that state's round trips and scrambles.)
    )

    def check_options(self, options: QuiddlerOptions, players: int) -> None:
        if options.first_dealer is not None and options.first_dealer >= players:
            raise BadOptions(f"first_dealer {options.first_dealer} is not a seat of {players}")
        if options.challenge and players == 1:
            raise BadOptions("challenge mode needs 2 players or more: nobody would challenge")

    def _new(self, seed: int, players: int, options: QuiddlerOptions) -> QuiddlerState:
        return new_state(seed, players, options)

    # ------------------------------------------------------------------ the way in

    def _apply(self, state: QuiddlerState, inp: Input) -> list[Event]:
        action = inp.action
        kind = action["type"]
        events: list[Event] = []
        if kind == "tick":
            check_fields(action)
            if state.phase == CHALLENGE:
                accept(state, now=inp.time, events=events, timed_out=True)
            else:
                next_round(state, events=events)
            return events
        if kind not in ACTIONS:
            raise BadInput(
                f"unknown action {kind!r}: Quiddler takes {', '.join(ACTIONS)}",
                "input/unknown_action",
            )
        seat = inp.seat
        if seat is None:
            raise BadInput(f"the host cannot {kind}; only seats can")
        check_fields(action, _FIELDS[kind])
        if kind in ("challenge", "accept"):
            self._challenge_or_accept(state, seat, inp, events)
            return events
        self._turn(state, seat, inp, events)
        return events

    def _turn(self, state: QuiddlerState, seat: int, inp: Input, events: list[Event]) -> None:
        """draw, discard, go_out or lay_down: checked completely, then done."""
        action = inp.action
        kind = action["type"]
        source = card = None
        words: list[Word] = []
        unused: list[str] = []
        if kind == "draw":
            source = action["source"]
            if source not in SOURCES:
                raise BadInput(
                    f"'source' {short(source)} is not a pile: draw from 'deck' or 'discard'",
                    "quiddler/unknown_source",
                )
        elif kind == "discard":
            card = read_card(action["card"], "'card'")
        else:
            card = read_card(action["discard"], "'discard'")
            words = read_words(action["words"])
            if kind == "lay_down":
                unused = read_cards(action["unused"], "unused")
        self._check_turn(state, seat, kind)
        if kind == "draw":
            if source == "discard" and not state.pile:
                raise IllegalAction("the discard pile is empty", "quiddler/empty_pile")
            if source == "deck" and not can_draw_deck(state):
                raise IllegalAction(
                    "the draw pile is empty and cannot be refilled (no card under the discard "
                    "pile's top, or no reshuffle left this round): draw from the discard pile",
                    "quiddler/empty_pile",
                )
            draw(state, source == "discard", events=events)
            return
        assert card is not None
        check_hand(state.hands[seat], words, unused, card, kind)
        if kind == "discard":
            discard(state, card, now=inp.time, events=events)
            return
        check_dictionary(state, words)
        if kind == "go_out":
            go_out(state, words, card, now=inp.time, events=events)
        else:
            lay_down(state, words, unused, card, now=inp.time, events=events)

    def _check_turn(self, state: QuiddlerState, seat: int, kind: str) -> None:
        if state.phase != PLAY:
            raise IllegalAction(f"cannot {kind} now: {self._pause(state)}", "quiddler/wrong_phase")
        if seat != state.to_act:
            raise NotYourTurn(f"seat {seat} cannot {kind}: it is seat {state.to_act}'s turn")
        step = state.step
        if kind == "draw":
            if step != DRAW:
                raise IllegalAction(
                    "you have drawn already: now "
                    + ("lay down (your last turn)" if step == LAY_DOWN else "discard or go out"),
                    "quiddler/wrong_step",
                )
            return
        if step == DRAW:
            raise IllegalAction(
                f"cannot {kind} yet: a turn starts with a draw from the deck or the discard pile",
                "quiddler/wrong_step",
            )
        if step == LAY_DOWN and kind != "lay_down":
            if state.went_out >= 0:
                why = f"seat {state.went_out} went out"
            elif turn_limit_reached(state):
                why = f"the round has lasted {ROUND_TURN_LIMIT} turns, the most a round may"
            else:
                why = "the draw pile ran out with no reshuffle left"
            raise IllegalAction(
                f"{why}, so this is your last turn: lay down what you "
                "can with 'lay_down' (its words may be empty), which also discards",
                "quiddler/last_turn",
            )
        if step == DISCARD and kind == "lay_down":
            raise IllegalAction(
                "'lay_down' is for the last turn after someone went out; "
                "to go out yourself use 'go_out'",
                "quiddler/no_one_out",
            )

    @staticmethod
    def _pause(state: QuiddlerState) -> str:
        if state.phase == CHALLENGE:
            return (
                f"seat {state.challenger} may challenge seat {state.owner}'s words "
                f"until {state.deadline} ms"
            )
        return f"round {state.round_no} is scored; the next is dealt at {state.deadline} ms"

    def _challenge_or_accept(
        self, state: QuiddlerState, seat: int, inp: Input, events: list[Event]
    ) -> None:
        action = inp.action
        kind = action["type"]
        owner = index = -1
        if kind == "challenge":
            owner, index = action["seat"], action["word"]
        if not state.options.challenge:
            raise IllegalAction(
                f"cannot {kind}: this table plays auto-check, so every word was checked "
                "when it was laid down",
                "quiddler/challenge_off",
            )
        if state.phase != CHALLENGE:
            raise IllegalAction(
                f"cannot {kind}: no challenge window is open", "quiddler/wrong_phase"
            )
        assert state.deadline is not None
        if inp.time >= state.deadline:
            raise TooLate(
                f"cannot {kind} at {inp.time} ms: seat {state.challenger}'s challenge window "
                f"closed at {state.deadline} ms"
            )
        if seat != state.challenger:
            raise NotYourTurn(f"seat {seat} cannot {kind}: the window is seat {state.challenger}'s")
        if kind == "accept":
            accept(state, now=inp.time, events=events)
            return
        count = len(state.words[state.owner])
        if owner != state.owner or not 0 <= index < count:
            raise IllegalAction(
                f"there is no word {index} of seat {owner} to challenge: open to challenge "
                f"are seat {state.owner}'s words 0 to {count - 1}",
                "quiddler/no_such_word",
            )
        if index not in open_words(state):
            raise IllegalAction(
                f"word {index} of seat {owner} was challenged already",
                "quiddler/already_challenged",
            )
        challenge(state, index, now=inp.time, events=events)

    # ------------------------------------------------------------------ the way out

    def _view(self, state: QuiddlerState, viewer: Viewer) -> JSONDict:
        phase = state.phase
        view: JSONDict = {
            "game": self.name,
            "viewer": viewer,
            "players": state.players,
            "phase": PHASES[phase],
            "round": state.round_no,
            "rounds": ROUNDS,
            "hand_size": hand_size(state.round_no),
            "dealer": state.dealer,
            "to_act": state.to_act if phase == PLAY else None,
            "step": STEPS[state.step] if phase == PLAY else None,
            "went_out": state.went_out if state.went_out >= 0 else None,
            "last_call": state.last_call,
            "reshuffled": state.reshuffled,
            "turns": state.turns,
            "done": state.done[:],
            "challenge": (
                {"seat": state.owner, "challenger": state.challenger, "open": open_words(state)}
                if phase == CHALLENGE
                else None
            ),
            "deadline": state.deadline,
            "now": state.now,
            "options": options_json(state.options),
            "hand_sizes": [len(h) for h in state.hands],
            "draw_pile": len(state.deck),
            "discard_pile": state.pile[:],
            "discard_top": state.pile[-1] if state.pile else None,
            "known": [k[:] for k in state.known],
            "words": [[list(w) for w in ws] for ws in state.words],
            "unused": [u[:] for u in state.unused],
            "challenges": [
                {"challenger": c, "seat": o, "word": i, "valid": v}
                for c, o, i, v in state.challenges
            ],
            "scores": [[s.total for s in r] for r in state.results],
            # The parts of the last scored round's points, for the round's summary; the
            # totals of every round are in "scores".
            "last_round": parts_json(state.results[-1]) if state.results else None,
            "totals": totals(state),
        }
        if viewer == HOST:
            view["hands"] = [h[:] for h in state.hands]
        elif viewer >= 0:
            view["hand"] = state.hands[viewer][:]
            view["legal"] = self.legal_actions(state, viewer)
        return view

    def next_deadline(self, state: QuiddlerState) -> int | None:
        return state.deadline

    def is_help(self, action: JSONDict) -> bool:
        """The solver's words: a way to go out or a last turn's lay-down with words."""
        return bool(action.get("words"))

    def legal_actions(self, state: QuiddlerState, seat: Seat) -> list[JSONDict]:
        """The plain actions and the solver's best lay-down (see docs/rules/quiddler.md).

        Draws, every discard, and, when the hand can go out, the best way to do it; in a
        last turn a lay-down without words for each discard, and the best lay-down. `apply`
        also takes every other valid arrangement of words, which no list could hold.
        """
        phase = state.phase
        if phase == CHALLENGE:
            if seat != state.challenger:
                return []
            owner = state.owner
            return [{"type": "accept"}] + [
                {"type": "challenge", "seat": owner, "word": index} for index in open_words(state)
            ]
        if phase != PLAY or seat != state.to_act:
            return []
        step = state.step
        if step == DRAW:
            actions: list[JSONDict] = []
            if can_draw_deck(state):
                actions.append({"type": "draw", "source": "deck"})
            if state.pile:
                actions.append({"type": "draw", "source": "discard"})
            return actions
        hand = state.hands[seat]
        names = sorted(set(hand))
        # The action that ends the round soonest comes first, so that always taking the first
        # legal action (the smallest game hypothesis tries) plays a short game.
        actions = []
        if step == DISCARD:
            found = table_of(state).go_out(tuple(hand))
            if found is not None:
                actions.append(
                    {
                        "type": "go_out",
                        "words": [list(w) for w in found.words],
                        "discard": found.discard,
                    }
                )
            actions.extend({"type": "discard", "card": card} for card in names)
            return actions
        found_best = table_of(state).best_lay_down(tuple(hand))
        if found_best.words:
            actions.append(
                {
                    "type": "lay_down",
                    "words": [list(w) for w in found_best.words],
                    "unused": sorted(found_best.unused),
                    "discard": found_best.discard,
                }
            )
        for card in names:
            rest = hand[:]
            rest.remove(card)
            actions.append({"type": "lay_down", "words": [], "unused": rest, "discard": card})
        return actions

    def can_act(self, state: QuiddlerState, seat: Seat) -> bool:
        if state.phase == PLAY:
            return seat == state.to_act
        return state.phase == CHALLENGE and seat == state.challenger

    def is_over(self, state: QuiddlerState) -> bool:
        return state.phase == OVER

    def outcome(self, state: QuiddlerState) -> Outcome | None:
        return Outcome.from_scores(totals(state)) if state.phase == OVER else None

    # ------------------------------------------------------------ hidden information

    def hidden_cards(self, state: QuiddlerState, viewer: Viewer) -> frozenset[str]:
        """Each copy of a card this viewer cannot see, named "e3" (the third hidden "e").

        Not card names: names repeat (ten "a"s), so "a" in a view may be a card the viewer
        sees while another "a" is hidden, and a name alone says nothing hidden. Views never
        write these copy names, so the kit's string walk has nothing to find here; what
        guards the hands is the non-interference check (`_scramble_hidden`). The set is still
        real: the draw pile and the other hands' cards that nobody saw taken, counted per
        name, so it is the same after a scramble and grows from a seat to the spectator.
        """
        if viewer == HOST:
            return frozenset()
        hidden = Counter(state.deck)
        for seat in range(state.players):
            if seat != viewer:
                hidden.update(state.hands[seat])
                hidden.subtract(state.known[seat])
        return frozenset(
            chain.from_iterable(_COPIES[name][:count] for name, count in hidden.items())
        )

    def _scramble_hidden(self, state: QuiddlerState, viewer: Viewer, rng: Rng) -> QuiddlerState:
        """A copy with every card this viewer cannot see dealt anew, and the PRNG replaced.

        The draw pile and the other seats' hands, less the cards each is known to hold
        (taken from the discard pile), are pooled, shuffled and redealt with the same
        sizes; the discard pile, laid-down words and the viewer's own hand stay. For the
        spectator every hand is redealt. The host knows everything: a plain clone.
        """
        other = state.clone()
        if viewer == HOST:
            return other
        others = [seat for seat in range(state.players) if seat != viewer]
        pool = state.deck[:]
        for seat in others:
            unseen = Counter(state.hands[seat])
            unseen.subtract(state.known[seat])
            pool.extend(unseen.elements())
        rng.shuffle(pool)
        start = 0
        for seat in others:
            size = len(state.hands[seat]) - len(state.known[seat])
            other.hands[seat] = sorted(state.known[seat] + pool[start : start + size])
            start += size
        other.deck = pool[start:]
        other.rng = rng.fork()
        return other

    def state_from_json(self, data: JSONDict) -> QuiddlerState:
        return QuiddlerState.from_json(data)


GAME: Final = QuiddlerGame()
