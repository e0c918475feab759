"""The Double Quick! bots that build: `easy`, `medium` and `hard`.

Each reads only its seat's view and builds through the actions a person uses, one tile
at a time. When its face-up tiles change (turn 1, each bong) it asks the solver for a
target crossword of as many tiles as a press needs, leaving out the tile it will pass
(a hard letter first), shifted to overlap its current crossword as much as it can; then
it moves, lifts and places tiles towards that target and presses the red button as soon
as its crossword is valid. Timing is a person's: a placed tile takes 1.5 to 3 s (hard),
a moved or lifted one longer (rebuilding), the press a short reaction.

The levels differ in what they know and how they work:

- `easy` knows common words only (SCOWL tier 35), is slow, and when new tiles come it
  rebuilds only half the time (else it keeps its old target and lets the new tiles wait),
  except in the last turn;
- `medium` knows more words (tier 50) at a middle pace;
- `hard` knows the whole list, is quickest, and re-solves whenever tiles come.

A bot keeps its planned action while nothing of its own table changed, so other
players' moves do not delay its hand. In challenge mode it challenges a press whose
crossword it can see is invalid, after a reaction time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from quintet.core import JSONDict, Plan, Rng, RuleError, Seat
from quintet.games.double_quick.components import WILD, row_col
from quintet.games.double_quick.solver import Solution, default_index, solve
from quintet.words import default_words
from quintet.words.letters import LetterIndex, letter_index

#: Letters a bot would rather pass than place: hard ones first.
_PASS_ORDER: Final = "qjxzvkwyfhbcgpm"
#: Tiles a bot tries to leave out before it settles for a partial crossword.
_LEAVE_OUT_TRIES: Final = 4


@dataclass(frozen=True, slots=True)
class Level:
    max_tier: int | None
    place_ms: tuple[int, int]
    rebuild_ms: tuple[int, int]
    press_ms: tuple[int, int]
    #: Per mille: the chance that new tiles make it rebuild this turn.
    rebuild_chance: int
    #: Steps of the solver's search for one target (a step budget, not a time, so that a
    #: simulation gives the same result on any machine).
    solve_steps: int


LEVELS: Final = {
    "easy": Level(35, (2500, 4500), (3500, 6000), (1500, 3000), 500, 60),
    "medium": Level(50, (2000, 3500), (3000, 5000), (1000, 2000), 1000, 150),
    "hard": Level(None, (1500, 3000), (2500, 4000), (500, 1000), 1000, 400),
}


@lru_cache(maxsize=4)
def _index(max_tier: int | None) -> LetterIndex:
    if max_tier is None:
        return default_index()
    return letter_index(default_words().restricted(max_tier))


def _between(rng: Rng, span: tuple[int, int]) -> int:
    low, high = span
    return low + rng.below(high - low + 1)


def _letter(code: str) -> str:
    return WILD if code.startswith("WILD") else code[0].lower()


class BuilderBot:
    """A bot of one level (see the module's doc)."""

    def __init__(self, game: Any, seat: Seat, seed: int, level: Level) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)
        self.level = level
        self.tiles_key: tuple[object, ...] | None = None
        #: The target: (row, col) -> (letter, wild); None when it waits this turn.
        self.target: dict[tuple[int, int], tuple[str, bool]] | None = None
        self.leave_out: str | None = None
        self.table_key: tuple[object, ...] | None = None
        self.pending: Plan | None = None

    # ------------------------------------------------------------------ planning

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        me = view["seats"][self.seat]
        key = (
            view["phase"],
            view["game_no"],
            view["turn"],
            view["presser"],
            tuple((t["tile"], t["row"], t["col"], t["letter"]) for t in me["crossword"]),
            tuple(t["tile"] for t in me["rack"]),
            view.get("passing"),
        )
        if key == self.table_key and self.pending is not None:
            return self.pending
        self.table_key = key
        self.pending = self._decide(view, me, now)
        return self.pending

    def _decide(self, view: JSONDict, me: JSONDict, now: int) -> Plan | None:
        level = self.level
        if view["phase"] == "review":
            presser = view["presser"]
            if presser != self.seat and view["seats"][presser]["problems"]:
                return Plan(now + _between(self.rng, level.press_ms), {"type": "challenge"})
            return None
        if view["phase"] != "play":
            return None
        if not me["problems"]:
            return Plan(now + _between(self.rng, level.press_ms), {"type": "press"})
        codes = tuple(sorted(t["tile"] for t in (*me["crossword"], *me["rack"])))
        tiles_key = (view["game_no"], view["turn"], codes)
        if tiles_key != self.tiles_key:
            self.tiles_key = tiles_key
            rebuild = (
                self.target is None
                or view["turn"] == view["last_turn"]
                or self.rng.below(1000) < level.rebuild_chance
            )
            if rebuild:
                self.target = self._target(me)
        if self.target is None:
            return None
        action, rebuilding = self._next_step(view, me)
        if action is None:
            return None
        span = level.rebuild_ms if rebuilding else level.place_ms
        return Plan(now + _between(self.rng, span), action)

    def refused(self, error: RuleError, now: int) -> None:
        # The table changed under the plan (a bong, the buzzer): think again next time.
        self.pending = None
        self.table_key = None
        self.tiles_key = None

    # ------------------------------------------------------------------ the target

    def _target(self, me: JSONDict) -> dict[tuple[int, int], tuple[str, bool]]:
        letters = [_letter(t["tile"]) for t in (*me["crossword"], *me["rack"])]
        needed = me["needed"]
        index = _index(self.level.max_tier)
        steps = self.level.solve_steps
        best: Solution | None = None
        self.leave_out = None
        if needed >= len(letters):
            best = solve(letters, None, index, until_complete=True, max_nodes=steps)
        else:
            order = sorted(
                set(letters),
                key=lambda x: (_PASS_ORDER.index(x) if x in _PASS_ORDER else 99, x == WILD, x),
            )
            for left in order[:_LEAVE_OUT_TRIES]:
                rest = list(letters)
                rest.remove(left)
                found = solve(rest, None, index, until_complete=True, max_nodes=steps)
                if best is None or found.tiles_used > best.tiles_used:
                    best, self.leave_out = found, left
                if found.complete:
                    break
        assert best is not None
        cells = {row_col(c): v for c, v in best.letters.items()}
        return self._aligned(cells, me)

    @staticmethod
    def _aligned(
        cells: dict[tuple[int, int], tuple[str, bool]], me: JSONDict
    ) -> dict[tuple[int, int], tuple[str, bool]]:
        """The target shifted to keep as many of the current tiles where they lie."""
        offsets: Counter[tuple[int, int]] = Counter()
        for tile in me["crossword"]:
            for (r, c), (letter, _) in cells.items():
                if letter == tile["letter"]:
                    offsets[(tile["row"] - r, tile["col"] - c)] += 1
        dr, dc = max(sorted(offsets), key=lambda o: offsets[o]) if offsets else (0, 0)
        return {(r + dr, c + dc): v for (r, c), v in cells.items()}

    # ------------------------------------------------------------------ stepping

    def _next_step(self, view: JSONDict, me: JSONDict) -> tuple[JSONDict | None, bool]:
        """The next action towards the target, and whether it is rebuilding."""
        assert self.target is not None
        target = self.target
        placed = {(t["row"], t["col"]): t for t in me["crossword"]}
        rack = me["rack"]
        missing = [
            (cell, want)
            for cell, want in sorted(target.items())
            if not self._holds(placed, cell, want)
        ]
        for cell, tile in sorted(placed.items()):
            want = target.get(cell)
            if want is not None and self._holds(placed, cell, want):
                continue
            # A tile out of place: to a target cell that wants its letter, or back.
            is_wild = tile["wild"]
            for spot, (letter, wild) in missing:
                if spot in placed or wild != is_wild or (not wild and letter != tile["letter"]):
                    continue
                action: JSONDict = {
                    "type": "move",
                    "tile": tile["tile"],
                    "row": spot[0],
                    "col": spot[1],
                }
                if is_wild:
                    action["letter"] = letter
                return action, True
            return {"type": "lift", "tile": tile["tile"]}, True
        pass_action = self._pass(view, rack)
        if pass_action is not None:
            return pass_action, False
        if len(placed) >= me["needed"]:
            return None, False
        for (row, col), (letter, wild) in missing:
            for tile in rack:
                if wild != tile["wild"] or (not wild and tile["letter"] != letter):
                    continue
                action = {"type": "place", "tile": tile["tile"], "row": row, "col": col}
                if wild:
                    action["letter"] = letter
                return action, False
        return None, False

    @staticmethod
    def _holds(
        placed: dict[tuple[int, int], JSONDict], cell: tuple[int, int], want: tuple[str, bool]
    ) -> bool:
        tile = placed.get(cell)
        return tile is not None and tile["letter"] == want[0] and tile["wild"] == want[1]

    def _pass(self, view: JSONDict, rack: list[JSONDict]) -> JSONDict | None:
        if view["turn"] >= view["last_turn"] or self.leave_out is None:
            return None
        chosen = view.get("passing")
        wanted = [t["tile"] for t in rack if _letter(t["tile"]) == self.leave_out]
        if not wanted or chosen in wanted:
            return None
        return {"type": "pass", "tile": wanted[0]}


def factory(level: str) -> Any:
    """A factory (game, seat, seed) -> BuilderBot at `level`, for BOTS."""

    def make(game: Any, seat: Seat, seed: int) -> BuilderBot:
        return BuilderBot(game, seat, seed, LEVELS[level])

    return make
