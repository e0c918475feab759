"""Double Quick!'s transitions, unchecked: the deal, the bong, the buzzer, the scoring.

`rules.DoubleQuickGame.apply` checks an input completely and then calls these; they
assume what it checked.
"""

from __future__ import annotations

from typing import Final

from quintet.core import Event, Rng
from quintet.core.events import private, public
from quintet.games.double_quick.components import (
    CODES,
    FIRST_UP,
    LAST_TURN,
    LATER_UP,
    LETTER,
    NO_CELL,
    POINTS,
    TILE_COUNT,
    TILES_EACH,
    WILD,
    WILD_TILES,
)
from quintet.games.double_quick.crossword import Scored, problems, score
from quintet.games.double_quick.state import (
    BETWEEN,
    GAMES_IN_MATCH,
    OVER,
    PLAY,
    REVIEW,
    DoubleQuickOptions,
    DoubleQuickState,
    is_word_for,
)

#: Warning beeps sound this long before the final buzzer (ms): its last 30 s.
BEEPS_BEFORE_END_MS: Final = (30_000, 20_000, 10_000)
PENALTY: Final = 10
ENDER_BONUS: Final = 20
ALL_TILES_BONUS: Final = 10


def letter_of(state: DoubleQuickState, tile: int) -> str:
    letter = LETTER[tile]
    return state.wild[WILD_TILES.index(tile)] if letter == WILD else letter


def grid_of(state: DoubleQuickState, seat: int) -> dict[int, tuple[str, int]]:
    """The seat's crossword: cell -> (letter, points)."""
    cell = state.cell
    return {cell[t]: (letter_of(state, t), POINTS[t]) for t in state.up[seat] if cell[t] >= 0}


def placed(state: DoubleQuickState, seat: int) -> list[int]:
    return [t for t in state.up[seat] if state.cell[t] != NO_CELL]


def unused(state: DoubleQuickState, seat: int) -> list[int]:
    return [t for t in state.up[seat] if state.cell[t] == NO_CELL]


def limit(state: DoubleQuickState, seat: int) -> int:
    """The most tiles the seat's crossword may hold now: every face-up tile but one
    before the last turn (so one is left to pass), all of them in it."""
    up = len(state.up[seat])
    return up if state.turn == LAST_TURN else up - 1


def press_problems(state: DoubleQuickState, seat: int) -> list[str]:
    """Why the seat's press would be invalid now; [] when it is valid."""
    options = state.options
    return problems(
        grid_of(state, seat), lambda word: is_word_for(options, word), limit(state, seat)
    )


def score_of(state: DoubleQuickState, seat: int) -> Scored:
    options = state.options
    return score(grid_of(state, seat), lambda word: is_word_for(options, word))


# ------------------------------------------------------------------------ new game


def new_state(seed: int, players: int, options: DoubleQuickOptions) -> DoubleQuickState:
    state = DoubleQuickState(players)
    state.options = options
    state.rng = Rng(seed)
    state.game_no = 0
    state.games_total = GAMES_IN_MATCH if options.match else 1
    state.scores = []
    state.acted = [-1] * players
    deal(state, 0, [])
    return state


def deal(state: DoubleQuickState, now: int, events: list[Event]) -> None:
    """Shuffle the bag, deal 22 face down to each seat and turn up 6 (turn 1)."""
    players = state.players
    bag = list(range(TILE_COUNT))
    state.rng.shuffle(bag)
    state.game_no += 1
    state.phase = PLAY
    state.turn = 1
    state.turn_started = now
    state.turn_end = now + state.options.turn_seconds * 1000
    state.beep = 0
    state.owner = [-1] * TILE_COUNT
    state.down = [bag[s * TILES_EACH : (s + 1) * TILES_EACH] for s in range(players)]
    state.out = sorted(bag[players * TILES_EACH :])
    state.up = [[] for _ in range(players)]
    for seat, tiles in enumerate(state.down):
        for tile in tiles:
            state.owner[tile] = seat
    state.cell = [NO_CELL] * TILE_COUNT
    state.wild = ["" for _ in WILD_TILES]
    state.passing = [-1] * players
    state.penalties = [0] * players
    state.ender = -1
    state.presser = -1
    state.review_end = None
    state.pressed = []
    state.next_deal = None
    for seat in range(players):
        _turn_up(state, seat, FIRST_UP)
    events.append(
        public(
            "deal",
            game=state.game_no,
            turn=1,
            turn_end=state.turn_end,
            up=[_codes(state.up[s]) for s in range(players)],
        )
    )


def _codes(tiles: list[int]) -> list[str]:
    return [CODES[t] for t in tiles]


def _turn_up(state: DoubleQuickState, seat: int, count: int) -> list[int]:
    pile = state.down[seat]
    turned = [pile.pop() for _ in range(min(count, len(pile)))]
    state.up[seat] += turned
    return turned


# ------------------------------------------------------------------- the bong


def bong(state: DoubleQuickState, now: int, events: list[Event], by: int | None) -> None:
    """End turns 1-8: everyone passes one unused tile right (the chosen one, else one at
    random), receives one from the left and turns up 2; the next turn begins."""
    players = state.players
    passes: list[int] = []
    chosen: list[bool] = []
    for seat in range(players):
        tile = state.passing[seat]
        free = unused(state, seat)
        chosen.append(tile in free)
        if tile not in free:
            tile = free[state.rng.below(len(free))]
        passes.append(tile)
    for seat, tile in enumerate(passes):
        state.up[seat].remove(tile)
    for seat, tile in enumerate(passes):
        right = (seat + 1) % players
        state.up[right].append(tile)
        state.owner[tile] = right
    turned = [_turn_up(state, seat, LATER_UP) for seat in range(players)]
    state.passing = [-1] * players
    state.turn += 1
    state.turn_started = now
    seconds = state.options.final_seconds if state.turn == LAST_TURN else state.options.turn_seconds
    state.turn_end = now + seconds * 1000
    state.beep = 0
    events.append(
        public(
            "bong",
            turn=state.turn,
            pressed_by=by,
            turn_end=state.turn_end,
            passes=[
                {
                    "from": seat,
                    "to": (seat + 1) % players,
                    "tile": CODES[tile],
                    "chosen": chosen[seat],
                }
                for seat, tile in enumerate(passes)
            ],
            up=[_codes(t) for t in turned],
        )
    )


def next_beep(state: DoubleQuickState) -> int | None:
    """When turn 9's next warning beep sounds, or None."""
    if state.phase != PLAY or state.turn != LAST_TURN:
        return None
    for index in range(state.beep, len(BEEPS_BEFORE_END_MS)):
        at = state.turn_end - BEEPS_BEFORE_END_MS[index]
        if at > state.turn_started:
            return at
    return None


def beep(state: DoubleQuickState, now: int, events: list[Event]) -> None:
    at = next_beep(state)
    assert at is not None
    state.beep = next(
        i + 1
        for i in range(state.beep, len(BEEPS_BEFORE_END_MS))
        if state.turn_end - BEEPS_BEFORE_END_MS[i] == at
    )
    events.append(public("beep", left_ms=state.turn_end - at))


# ------------------------------------------------------------------- the end


def end_game(state: DoubleQuickState, now: int, events: list[Event], ender: int) -> None:
    """The buzzer (ender -1) or a valid press in turn 9: score every crossword."""
    state.ender = ender
    table = []
    points = []
    for seat in range(state.players):
        scored = score_of(state, seat)
        complete = len(placed(state, seat)) == TILES_EACH and not press_problems(state, seat)
        bonus = ENDER_BONUS if seat == ender else ALL_TILES_BONUS if complete else 0
        total = scored.points + bonus - state.penalties[seat]
        points.append(total)
        table.append(
            {
                "seat": seat,
                "tiles": scored.tiles,
                "words": [run.word for run in scored.words],
                "non_words": [run.word for run in scored.non_words],
                "points": scored.points,
                "bonus": bonus,
                "penalties": state.penalties[seat],
                "total": total,
            }
        )
    state.scores.append(points)
    state.presser = -1
    state.review_end = None
    state.pressed = []
    state.passing = [-1] * state.players
    last = state.game_no >= state.games_total
    state.phase = OVER if last else BETWEEN
    state.next_deal = None if last else now + state.options.pause_seconds * 1000
    events.append(
        public(
            "game_over",
            game=state.game_no,
            ended_by=None if ender < 0 else ender,
            scores=table,
            totals=totals(state),
        )
    )


def totals(state: DoubleQuickState) -> list[int]:
    return [sum(game[seat] for game in state.scores) for seat in range(state.players)]


# ------------------------------------------------------------ presses and challenges


def valid_press(state: DoubleQuickState, seat: int, now: int, events: list[Event]) -> None:
    """A press that counts: the bong in turns 1-8, the end of the game in turn 9."""
    events.append(public("press", seat=seat, turn=state.turn))
    if state.turn == LAST_TURN:
        end_game(state, now, events, seat)
    else:
        bong(state, now, events, seat)


def refuse_press(state: DoubleQuickState, seat: int, found: list[str], events: list[Event]) -> None:
    """Auto-check: an invalid press costs 10 points and says why; play goes on."""
    state.penalties[seat] += PENALTY
    events.append(public("press_refused", seat=seat, penalty=PENALTY, reasons=found))


def start_review(state: DoubleQuickState, seat: int, now: int, events: list[Event]) -> None:
    """Challenge mode: the press is accepted and play pauses for a challenge."""
    state.phase = REVIEW
    state.presser = seat
    state.review_end = now + state.options.challenge_seconds * 1000
    state.pressed = [[c, letter, pts] for c, (letter, pts) in sorted(grid_of(state, seat).items())]
    events.append(public("press", seat=seat, turn=state.turn, challenge_until=state.review_end))


def _resume(state: DoubleQuickState, now: int) -> None:
    """Play goes on after a pause: the turn's clock lost the time it stood still."""
    assert state.review_end is not None
    paused = now - (state.review_end - state.options.challenge_seconds * 1000)
    state.turn_end += paused
    state.turn_started += paused
    state.phase = PLAY
    state.presser = -1
    state.review_end = None
    state.pressed = []


def end_review(state: DoubleQuickState, now: int, events: list[Event]) -> None:
    """No one challenged in time: the press counts."""
    seat = state.presser
    _resume(state, now)
    events.append(public("unchallenged", seat=seat))
    if state.turn == LAST_TURN:
        end_game(state, now, events, seat)
    else:
        bong(state, now, events, seat)


def challenge(state: DoubleQuickState, challenger: int, now: int, events: list[Event]) -> None:
    """The yellow button: the press is checked at once; the guilty side loses 10."""
    seat = state.presser
    grid = {int(str(c)): (str(letter), int(str(pts))) for c, letter, pts in state.pressed}
    options = state.options
    found = problems(grid, lambda word: is_word_for(options, word), limit(state, seat))
    guilty = seat if found else challenger
    state.penalties[guilty] += PENALTY
    _resume(state, now)
    events.append(
        public(
            "challenge",
            challenger=challenger,
            presser=seat,
            guilty=guilty,
            penalty=PENALTY,
            reasons=found,
        )
    )
    if not found:
        if state.turn == LAST_TURN:
            end_game(state, now, events, seat)
        else:
            bong(state, now, events, seat)


def pass_choice(state: DoubleQuickState, seat: int, tile: int, events: list[Event]) -> None:
    state.passing[seat] = tile
    events.append(private(seat, "pass_chosen", tile=None if tile < 0 else CODES[tile]))
