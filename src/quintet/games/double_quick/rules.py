"""Double Quick!: a race to build a crossword of all your 22 tiles.

Rules: RULINGS §2; docs/rules/double-quick.md. The game's facts first, then the checked
entry point `DoubleQuickGame.apply` (anything from a person or a network), views,
sampled actions and hidden information. The options and the state are in `state`, the
unchecked transitions in `play`; `apply` checks an input completely and then calls them.
"""

from __future__ import annotations

import string
from typing import Final

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
    Viewer,
)
from quintet.core.events import public
from quintet.core.fields import check_fields
from quintet.games.double_quick import play
from quintet.games.double_quick.components import (
    CODES,
    COLOUR,
    LAST_TURN,
    LETTER,
    MAX_COORD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_CELL,
    POINTS,
    TILE_BY_CODE,
    WILD,
    WILD_TILES,
    cell_of,
    row_col,
)
from quintet.games.double_quick.sampling import Seen, random_action
from quintet.games.double_quick.state import (
    BETWEEN,
    OVER,
    PHASES,
    PLAY,
    REVIEW,
    DoubleQuickOptions,
    DoubleQuickState,
)

ACTIONS: Final = ("place", "move", "lift", "pass", "press", "challenge")
_CODE: Final = "double-quick"


def _tile(action: JSONDict) -> int:
    code = action["tile"]
    tile = TILE_BY_CODE.get(code) if isinstance(code, str) else None
    if tile is None:
        raise BadInput(
            f"unknown tile {code!r}: a tile is its capital letter followed by its number among "
            "that letter's tiles, or WILD and 1 or 2 for the wild tiles",
            f"{_CODE}/unknown_tile",
        )
    return tile


class DoubleQuickGame(Game[DoubleQuickState, DoubleQuickOptions]):
    name = "double-quick"
    title = "Double Quick!"
    summary = "A race: build one crossword from your tiles as they are turned up, 22 in the end."
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = DoubleQuickOptions
    real_time = True
    lists_actions = False
    penalty_events = frozenset({"press_refused"})
    option_examples = (
        {},
        {"turn_seconds": 5, "final_seconds": 10},
        {"challenge_mode": True, "challenge_seconds": 2, "match": True, "pause_seconds": 1},
        {"extra_words": ["qxz", "zzq"], "match": True, "pause_seconds": 1},
    )

    def _new(self, seed: int, players: int, options: DoubleQuickOptions) -> DoubleQuickState:
        return play.new_state(seed, players, options)

    # ---------------------------------------------------------------- the way in

    def _apply(self, state: DoubleQuickState, inp: Input) -> list[Event]:
        action = inp.action
        kind = action["type"]
        events: list[Event] = []
        if kind == "tick":
            check_fields(action)
            self._tick(state, inp.time, events)
            return events
        if kind not in ACTIONS:
            raise BadInput(
                f"unknown action {kind!r}: Double Quick! takes "
                + ", ".join(repr(a) for a in ACTIONS),
                "input/unknown_action",
            )
        seat = inp.seat
        if seat is None:
            raise BadInput(f"the host cannot {kind}; only seats can")
        self._check_phase(state, seat, kind)
        if kind == "challenge":
            check_fields(action)
            play.challenge(state, seat, inp.time, events)
        elif kind == "press":
            check_fields(action)
            self._press(state, seat, inp.time, events)
        elif kind == "pass":
            check_fields(action, {"tile": object})
            self._pass(state, seat, action, events)
        elif kind == "lift":
            check_fields(action, {"tile": object})
            self._lift(state, seat, action, events)
        else:
            check_fields(action, {"tile": object, "row": int, "col": int}, {"letter": object})
            self._place_or_move(state, seat, action, events)
        state.acted[seat] = inp.time
        return events

    @staticmethod
    def _tick(state: DoubleQuickState, now: int, events: list[Event]) -> None:
        if state.phase == REVIEW:
            play.end_review(state, now, events)
        elif state.phase == BETWEEN:
            play.deal(state, now, events)
        else:
            beep = play.next_beep(state)
            if beep is not None and beep <= now and beep < state.turn_end:
                play.beep(state, now, events)
            elif state.turn == LAST_TURN:
                events.append(public("buzzer"))
                play.end_game(state, now, events, -1)
            else:
                play.bong(state, now, events, None)

    @staticmethod
    def _check_phase(state: DoubleQuickState, seat: int, kind: str) -> None:
        if state.phase == BETWEEN:
            raise IllegalAction(
                f"cannot {kind}: the buzzer has sounded and game {state.game_no} is over; "
                f"the next deal is at {state.next_deal} ms",
                f"{_CODE}/after_buzzer",
            )
        if state.phase == REVIEW:
            if kind != "challenge":
                raise IllegalAction(
                    f"cannot {kind}: play is paused for a challenge of seat {state.presser}'s "
                    f"press until {state.review_end} ms",
                    f"{_CODE}/paused",
                )
            if seat == state.presser:
                raise IllegalAction("you cannot challenge your own press", f"{_CODE}/own_press")
        elif kind == "challenge":
            reason = (
                "this table plays with auto-check, which checks every press itself"
                if not state.options.challenge_mode
                else "there is no press to challenge now"
            )
            raise IllegalAction(f"cannot challenge: {reason}", f"{_CODE}/no_press")

    @staticmethod
    def _own_tile(state: DoubleQuickState, seat: int, action: JSONDict) -> int:
        tile = _tile(action)
        if tile not in state.up[seat]:
            raise IllegalAction(
                f"{CODES[tile]} is not one of your face-up tiles", f"{_CODE}/not_your_tile"
            )
        return tile

    @staticmethod
    def _press(state: DoubleQuickState, seat: int, now: int, events: list[Event]) -> None:
        if state.options.challenge_mode:
            play.start_review(state, seat, now, events)
            return
        found = play.press_problems(state, seat)
        if found:
            play.refuse_press(state, seat, found, events)
        else:
            play.valid_press(state, seat, now, events)

    def _pass(
        self, state: DoubleQuickState, seat: int, action: JSONDict, events: list[Event]
    ) -> None:
        if state.turn == LAST_TURN:
            raise IllegalAction(
                "no tile is passed after the last turn (turn 9)", f"{_CODE}/no_pass_in_last_turn"
            )
        if action["tile"] is None:
            play.pass_choice(state, seat, -1, events)
            return
        tile = self._own_tile(state, seat, action)
        if state.cell[tile] != NO_CELL:
            row, col = row_col(state.cell[tile])
            raise IllegalAction(
                f"{CODES[tile]} is in your crossword (row {row}, column {col}); "
                "only an unused tile can be passed",
                f"{_CODE}/pass_placed_tile",
            )
        play.pass_choice(state, seat, tile, events)

    def _lift(
        self, state: DoubleQuickState, seat: int, action: JSONDict, events: list[Event]
    ) -> None:
        tile = self._own_tile(state, seat, action)
        if state.cell[tile] == NO_CELL:
            raise IllegalAction(
                f"{CODES[tile]} is not in your crossword, so it cannot be lifted",
                f"{_CODE}/not_placed",
            )
        row, col = row_col(state.cell[tile])
        state.cell[tile] = NO_CELL
        if LETTER[tile] == WILD:
            state.wild[WILD_TILES.index(tile)] = ""
        events.append(public("lifted", seat=seat, tile=CODES[tile], row=row, col=col))

    def _place_or_move(
        self, state: DoubleQuickState, seat: int, action: JSONDict, events: list[Event]
    ) -> None:
        kind = action["type"]
        tile = self._own_tile(state, seat, action)
        code = CODES[tile]
        here = state.cell[tile]
        if kind == "place" and here != NO_CELL:
            row, col = row_col(here)
            raise IllegalAction(
                f"{code} is already in your crossword at row {row}, column {col}; "
                "use 'move' to move it",
                f"{_CODE}/already_placed",
            )
        if kind == "move" and here == NO_CELL:
            raise IllegalAction(
                f"{code} is not in your crossword; use 'place' to put it there",
                f"{_CODE}/not_placed",
            )
        row, col = action["row"], action["col"]
        for name, value in (("row", row), ("col", col)):
            if not -MAX_COORD <= value <= MAX_COORD:
                raise IllegalAction(
                    f"{name} {value} is off the table: rows and columns run from "
                    f"{-MAX_COORD} to {MAX_COORD}",
                    f"{_CODE}/off_the_table",
                )
        cell = cell_of(row, col)
        holder = next((t for t in state.up[seat] if state.cell[t] == cell), None)
        # A wild tile "moved" onto its own cell changes its letter.
        if holder is not None and holder != tile:
            raise IllegalAction(
                f"row {row}, column {col} of your crossword is taken by {CODES[holder]}",
                f"{_CODE}/cell_taken",
            )
        letter = self._letter(tile, action, kind == "move")
        if kind == "place":
            count = len(play.placed(state, seat))
            most = play.limit(state, seat)
            if count >= most:
                raise IllegalAction(
                    f"your crossword holds {count} tiles, the most allowed in turn {state.turn}"
                    + (
                        ""
                        if state.turn == LAST_TURN
                        else " (every face-up tile but one, so one is left to pass)"
                    ),
                    f"{_CODE}/too_many_tiles",
                )
        state.cell[tile] = cell
        if letter is not None:
            state.wild[WILD_TILES.index(tile)] = letter
        shown = play.letter_of(state, tile)
        events.append(
            public(
                "placed" if kind == "place" else "moved",
                seat=seat,
                tile=code,
                row=row,
                col=col,
                letter=shown,
            )
        )
        if kind == "place" and state.passing[seat] == tile:
            # The tile chosen to pass went into the crossword: nothing is chosen now.
            play.pass_choice(state, seat, -1, events)

    @staticmethod
    def _letter(tile: int, action: JSONDict, optional: bool) -> str | None:
        letter = action.get("letter")
        code = CODES[tile]
        if LETTER[tile] != WILD:
            if letter is not None:
                raise BadInput(
                    f"{code} is no wild tile: only a wild tile takes a 'letter'",
                    f"{_CODE}/letter_for_plain_tile",
                )
            return None
        if letter is None:
            if optional:
                return None
            raise BadInput(
                f"{code} is a wild tile: say which letter it is ('letter', a to z)",
                f"{_CODE}/wild_needs_letter",
            )
        if not isinstance(letter, str) or len(letter) != 1 or letter not in string.ascii_lowercase:
            raise BadInput(
                f"the wild tile's letter must be one lower-case letter a to z, not {letter!r}",
                f"{_CODE}/bad_letter",
            )
        return letter

    # ---------------------------------------------------------------- the way out

    def _view(self, state: DoubleQuickState, viewer: Viewer) -> JSONDict:
        players = state.players
        ended = state.phase in (BETWEEN, OVER)
        seats = []
        for seat in range(players):
            crossword = [
                {
                    **self._tile_json(state, t),
                    "row": row_col(state.cell[t])[0],
                    "col": row_col(state.cell[t])[1],
                }
                for t in play.placed(state, seat)
            ]
            entry: JSONDict = {
                "seat": seat,
                "crossword": crossword,
                "rack": [self._tile_json(state, t) for t in play.unused(state, seat)],
                "face_down": len(state.down[seat]),
                "needed": play.limit(state, seat),
                "problems": play.press_problems(state, seat),
                "penalties": state.penalties[seat],
            }
            if ended:
                scored = play.score_of(state, seat)
                entry["result"] = {
                    "points": scored.points,
                    "tiles": scored.tiles,
                    "words": [run.to_json() for run in scored.words],
                    "non_words": [run.to_json() for run in scored.non_words],
                    "doubled": sorted([list(row_col(c)) for c in scored.doubled]),
                }
            seats.append(entry)
        view: JSONDict = {
            "game": self.name,
            "viewer": viewer,
            "players": players,
            "phase": PHASES[state.phase],
            "game_no": state.game_no,
            "games": state.games_total,
            "turn": state.turn,
            "last_turn": LAST_TURN,
            "turn_started": state.turn_started,
            "turn_end": state.turn_end,
            "next_beep": play.next_beep(state),
            "deadline": self.next_deadline(state),
            "now": state.now,
            "options": state.options.to_json(),
            "seats": seats,
            "presser": None if state.presser < 0 else state.presser,
            "challenge_until": state.review_end,
            "ended_by": None if state.ender < 0 or not ended else state.ender,
            "scores": [s[:] for s in state.scores],
            "totals": play.totals(state),
        }
        if viewer == HOST:
            view["face_down"] = [[CODES[t] for t in pile] for pile in state.down]
            view["out_of_play"] = [CODES[t] for t in state.out]
            view["passing"] = [None if t < 0 else CODES[t] for t in state.passing]
        elif viewer >= 0:
            tile = state.passing[viewer]
            view["passing"] = None if tile < 0 else CODES[tile]
        return view

    @staticmethod
    def _tile_json(state: DoubleQuickState, tile: int) -> JSONDict:
        wild = LETTER[tile] == WILD
        return {
            "tile": CODES[tile],
            "letter": play.letter_of(state, tile) or None,
            "wild": wild,
            "colour": COLOUR[tile],
            "points": POINTS[tile],
        }

    def next_deadline(self, state: DoubleQuickState) -> int | None:
        if state.phase == PLAY:
            beep = play.next_beep(state)
            return state.turn_end if beep is None else min(beep, state.turn_end)
        if state.phase == REVIEW:
            return state.review_end
        return state.next_deal

    def can_act(self, state: DoubleQuickState, seat: Seat) -> bool:
        if state.phase == PLAY:
            return True
        return state.phase == REVIEW and seat != state.presser

    def sample_action(self, state: DoubleQuickState, seat: Seat, rng: Rng) -> JSONDict | None:
        if not self.can_act(state, seat) or state.acted[seat] == state.now:
            # A person does one thing at a time: a seat that has just acted waits a moment
            # (so random play, and hypothesis' smallest game, moves on in time).
            return None
        if state.phase == REVIEW:
            return {"type": "challenge"}
        return random_action(self.seen(state, seat), rng)

    @staticmethod
    def seen(state: DoubleQuickState, seat: int) -> Seen:
        """What the seat knows of its own table, for drawing an action."""
        return Seen(
            tuple(CODES[t] for t in play.unused(state, seat)),
            tuple((CODES[t], *row_col(state.cell[t])) for t in play.placed(state, seat)),
            play.limit(state, seat),
            state.turn < LAST_TURN,
            state.options.challenge_mode or not play.press_problems(state, seat),
        )

    def is_over(self, state: DoubleQuickState) -> bool:
        return state.phase == OVER

    def outcome(self, state: DoubleQuickState) -> Outcome | None:
        return Outcome.from_scores(play.totals(state)) if state.phase == OVER else None

    def hidden_cards(self, state: DoubleQuickState, viewer: Viewer) -> frozenset[str]:
        if viewer == HOST:
            return frozenset()
        return frozenset(CODES[t] for pile in (*state.down, state.out) for t in pile)

    def _scramble_hidden(
        self, state: DoubleQuickState, viewer: Viewer, rng: Rng
    ) -> DoubleQuickState:
        """A copy with every face-down tile and every tile out of play dealt anew, the
        other seats' choices of a tile to pass drawn anew, and the PRNG replaced.

        Nobody knows a face-down tile, not even its holder, so for a seat and the
        spectator alike all of them are pooled with the tiles out of play and redealt
        with the same sizes. The host knows everything: a plain clone.
        """
        other = state.clone()
        if viewer == HOST:
            return other
        pool = [t for pile in (*state.down, state.out) for t in pile]
        rng.shuffle(pool)
        start = 0
        for seat, pile in enumerate(state.down):
            other.down[seat] = pool[start : start + len(pile)]
            start += len(pile)
            for tile in other.down[seat]:
                other.owner[tile] = seat
        other.out = sorted(pool[start:])
        for tile in other.out:
            other.owner[tile] = -1
        for seat in range(state.players):
            if seat != viewer:
                free = [-1, *play.unused(state, seat)]
                other.passing[seat] = free[rng.below(len(free))] if state.turn < LAST_TURN else -1
        other.rng = rng.fork()
        return other

    def state_from_json(self, data: JSONDict) -> DoubleQuickState:
        return DoubleQuickState.from_json(data)


GAME: Final = DoubleQuickGame()
