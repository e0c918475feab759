"""Quick bots: `random`, and the levels `easy`, `medium` and `hard`, which sort like people.

A bot sees only its own view: the card in its hand, its piles as sizes, the criteria.
It remembers what it has seen, as a person must: every card it took, and where it put
it (`_Memory`). It never reads a face-down card; the first time it sees a card is when
it takes it into its hand.

The method, one card at a time (`_next`):

1. Runs: take the dealt stack's top card; put it on the top of a run (a pile of cards
   it has sorted, smallest on top) whose top card is bigger, or on the bottom of one
   whose bottom card is smaller, choosing the closest fit; if none fits, start a new
   run. Until the dealt stack is gone.
2. Merge: if a run holds only cards smaller than every other run's, it is the base;
   else the smallest top card starts a new base pile. Then, again and again, take the
   smallest top card of the other runs and put it on the bottom of the base.
3. One pile left: KLAAR.

A level is a person at the table (`Level`): its pace (`ThinkTime`: each take or place
costs more thought as there are more piles), whether it places on the bottom of runs
too (`easy` only uses their tops, so it makes more runs and merges longer), how often
it forgets which run has the smallest top while merging (it takes a wrong card, sees
it and puts it back: two actions lost) and how often it slips while making runs (puts
a card on the wrong end without noticing; the stack ends wrong and it calls KLAAR on
it). `hard` never forgets nor slips.

`random` is the baseline: a uniformly random legal action at `easy`'s pace.

A bot asked again while its last action has not run yet (others moved) keeps its plan
and its time. Everything random comes from the bot's own `Rng`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from quintet.bots import ThinkTime, scatter
from quintet.bots.random import RandomBot
from quintet.core import BotFactory, GameOver, JSONDict, Plan, Rng, RuleError, Seat, TooLate
from quintet.core.levels import BotLevels
from quintet.games.quick.components import Criteria, sort_key
from quintet.games.quick.flow import criteria_of
from quintet.games.quick.rules import ENDS, all_criteria

#: Probabilities are in thousandths, drawn with `Rng.below(PER_MILLE)`.
PER_MILLE: Final = 1000
#: A round's form (per mille of the level's pace) stays within these.
FORM_MIN: Final = 500
FORM_MAX: Final = 2500


@dataclass(frozen=True, slots=True)
class Level:
    """What sets one bot level apart: pace, method and mistakes."""

    name: str
    #: One take or place; the choices are the piles plus one (more piles, more thought).
    pace: ThinkTime
    #: Median ms to react to "QUICK!" before the first action of a round.
    reaction_ms: int
    #: Whether it also puts cards on the bottom of runs (else only on their tops).
    bottoms: bool
    #: Per mille of merge steps in which it takes a wrong top card (and puts it back).
    forget: int
    #: Per mille of placements onto a run that go to the wrong end, unnoticed.
    slip: int

    def __post_init__(self) -> None:
        for name in ("forget", "slip"):
            if not 0 <= getattr(self, name) <= PER_MILLE:
                raise ValueError(f"{name} is per mille, 0..1000, not {getattr(self, name)}")


LEVELS: Final[dict[str, Level]] = {
    "easy": Level("easy", ThinkTime(900, 240, 500, 8_000), 900, False, 250, 45),
    "medium": Level("medium", ThinkTime(760, 200, 400, 5_000), 650, True, 120, 20),
    "hard": Level("hard", ThinkTime(600, 150, 300, 3_000), 450, True, 0, 0),
}


def think(level: Level, rng: Rng, piles: int) -> int:
    """One take or place at this level's pace with `piles` piles on the table."""
    return level.pace.sample(rng, choices=piles + 1)


# ------------------------------------------------------------------ random


def random_pick(view: JSONDict, rng: Rng) -> JSONDict | None:
    """A uniformly random legal action from the view (the shared random bot's pick)."""
    if not view.get("can_act"):
        return None
    if view["phase"] == "choose":
        choices = all_criteria(bool(view["simplified"]))
        return {"type": "criteria", "criteria": list(choices[rng.below(len(choices))])}
    piles = len(view["tables"][view["viewer"]]["piles"])
    actions: list[JSONDict]
    if view["hand"] is None:
        actions = [{"type": "take", "pile": p} for p in range(piles)]
        if piles == 1:
            actions.append({"type": "klaar"})
    else:
        actions = [{"type": "place", "pile": p, "end": e} for p in range(piles) for e in ENDS]
        actions += [{"type": "new_pile", "at": k} for k in range(piles + 1)]
    return actions[rng.below(len(actions))]


def easy_pace(view: JSONDict, action: JSONDict, rng: Rng) -> int:
    """`easy`'s time for one action with the viewer's piles."""
    piles = len(view["tables"][view["viewer"]]["piles"]) if view.get("tables") else 1
    return think(LEVELS["easy"], rng, piles)


# ------------------------------------------------------------------- memory


@dataclass(eq=False)
class _Pile:
    """A pile as the bot remembers it: its cards from the top (None: never seen)."""

    cards: list[int | None]
    dealt: bool = False


@dataclass
class _Memory:
    """What the bot knows of its own table this round."""

    round: int
    piles: list[_Pile]
    criteria: Criteria
    #: The merge's base pile, once chosen.
    base: _Pile | None = None
    #: Where the card in hand came from (to put a wrong one back while merging).
    origin: _Pile | None = None
    origin_at: int = 0
    #: Whether the card in hand is the one it meant to take while merging.
    meant: bool = True
    reacted: bool = False
    #: This round's pace, per mille of the level's (drawn at its first move).
    form: int = PER_MILLE
    #: The card in hand, as last seen.
    hand: int | None = None
    #: The pile object a `new_pile` action puts in place (the merge's base), if not a new one.
    coming: _Pile | None = None

    def key(self, card: int) -> tuple[tuple[int, ...], int]:
        # Cards equal on every criterion (simplified game) are put in number order.
        return sort_key(card, self.criteria), card


def _index(piles: list[_Pile], pile: _Pile) -> int:
    """The place of this very pile (piles compare by identity here, never by their cards)."""
    return next(i for i, p in enumerate(piles) if p is pile)


class QuickBot:
    """A bot of one `Level`; see the module's docstring."""

    def __init__(self, game: Any, seat: Seat, seed: int, level: Level) -> None:
        self.seat = seat
        self.level = level
        self.rng = Rng(seed)
        self._memory: _Memory | None = None
        self._pending: Plan | None = None
        self._before: tuple[Any, ...] | None = None

    # The bot's own table, as the view shows it: what changes only by its own actions.
    def _signature(self, view: JSONDict) -> tuple[Any, ...]:
        hand = view["hand"]
        return (
            view["round"],
            view["phase"],
            tuple(view["tables"][self.seat]["piles"]),
            None if hand is None else hand["number"],
        )

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        if not view.get("can_act"):
            self._pending = None
            return None
        signature = self._signature(view)
        if self._pending is not None:
            if signature == self._before:
                return self._pending
            self._learn(self._pending.action, view)
        self._pending = None
        if view["phase"] == "choose":
            # The dealer keeps the criteria in play: people rarely change a good thing.
            action: JSONDict = {"type": "criteria", "criteria": list(view["criteria"])}
            return self._schedule(action, signature, now + think(self.level, self.rng, 1))
        memory = self._sync(view)
        action = self._next(memory, view)
        if not memory.reacted:
            # A person has good and bad rounds: one draw sets this round's form.
            # Kept within half and two and a half times the level's pace: never inhuman.
            form = scatter(self.rng, scatter(self.rng, PER_MILLE))
            memory.form = min(max(form, FORM_MIN), FORM_MAX)
        delay = think(self.level, self.rng, len(memory.piles)) * memory.form // PER_MILLE
        if not memory.reacted:
            memory.reacted = True
            delay += scatter(self.rng, self.level.reaction_ms)
        return self._schedule(action, signature, now + delay)

    def _schedule(self, action: JSONDict, signature: tuple[Any, ...], time: int) -> Plan:
        # The round goes with the move (signature[0]): one that arrives after its round
        # ended is refused as too late, not applied to the next round's table.
        self._pending = Plan(time, {**action, "round": signature[0]})
        self._before = signature
        return self._pending

    def refused(self, error: RuleError, now: int) -> None:
        if not isinstance(error, TooLate | GameOver):
            raise AssertionError(
                f"seat {self.seat}'s {self.level.name} action was refused: {error}"
            )
        self._pending = None

    # -------------------------------------------------------------- memory

    def _sync(self, view: JSONDict) -> _Memory:
        """The memory of this round's table; a new round (or a table that is not what the
        bot remembers, which its own actions never make) starts it afresh."""
        sizes = view["tables"][self.seat]["piles"]
        memory = self._memory
        if (
            memory is None
            or memory.round != view["round"]
            or [len(p.cards) for p in memory.piles] != sizes
        ):
            criteria = criteria_of(tuple(view["criteria"]), bool(view["simplified"]))
            piles = [_Pile([None] * size, dealt=True) for size in sizes]
            memory = self._memory = _Memory(view["round"], piles, criteria)
        return memory

    def _learn(self, action: JSONDict, view: JSONDict) -> None:
        """Update the memory with the action that ran and the card now in hand."""
        memory = self._memory
        if memory is None or memory.round != view["round"]:
            return
        piles = memory.piles
        kind = action["type"]
        if kind == "take":
            pile = piles[action["pile"]]
            pile.cards.pop(0)
            if not pile.cards:
                piles.remove(pile)
        elif kind == "place":
            target = piles[action["pile"]].cards
            if action["end"] == "top":
                target.insert(0, memory.hand)
            else:
                target.append(memory.hand)
        elif kind == "new_pile":
            pile = memory.coming or _Pile([])
            memory.coming = None
            pile.cards = [memory.hand]
            piles.insert(action["at"], pile)
        hand = view["hand"]
        memory.hand = None if hand is None else int(hand["number"])

    # -------------------------------------------------------------- method

    def _next(self, memory: _Memory, view: JSONDict) -> JSONDict:
        hand = view["hand"]
        if hand is not None:
            return self._place(memory, int(hand["number"]))
        piles = memory.piles
        for index, pile in enumerate(piles):
            if pile.dealt:
                memory.origin = None
                return {"type": "take", "pile": index}
        if len(piles) == 1:
            memory.base = None
            return {"type": "klaar"}
        return self._merge_take(memory)

    def _known(self, pile: _Pile) -> list[int]:
        return [c for c in pile.cards if c is not None]

    def _merge_take(self, memory: _Memory) -> JSONDict:
        piles = memory.piles
        if memory.base is None or not any(p is memory.base for p in piles):
            memory.base = None
            lowest = {id(p): max(memory.key(c) for c in self._known(p)) for p in piles}
            for pile in piles:
                others = [memory.key(c) for p in piles if p is not pile for c in self._known(p)]
                if lowest[id(pile)] < min(others):
                    memory.base = pile
                    break
        runs = [p for p in piles if p is not memory.base]
        best = min(runs, key=lambda p: memory.key(self._known(p)[0]))
        memory.meant = True
        chosen = best
        if len(runs) > 1 and self.level.forget and self.rng.below(PER_MILLE) < self.level.forget:
            wrong = [p for p in runs if p is not best]
            chosen = wrong[self.rng.below(len(wrong))]
            memory.meant = False
        memory.origin = chosen
        memory.origin_at = _index(piles, chosen)
        return {"type": "take", "pile": memory.origin_at}

    def _place(self, memory: _Memory, card: int) -> JSONDict:
        piles = memory.piles
        origin = memory.origin
        if origin is not None:
            # Merging: the card it meant goes under the base; a wrong one goes back.
            memory.origin = None
            if not memory.meant:
                if any(p is origin for p in piles):
                    return {"type": "place", "pile": _index(piles, origin), "end": "top"}
                # It was that pile's last card: it lies down alone again, where it was.
                return {"type": "new_pile", "at": min(memory.origin_at, len(piles))}
            if memory.base is None or not any(p is memory.base for p in piles):
                return self._new_base(memory)
            return {"type": "place", "pile": _index(piles, memory.base), "end": "bottom"}
        return self._place_in_runs(memory, card)

    def _new_base(self, memory: _Memory) -> JSONDict:
        memory.base = memory.coming = _Pile([])
        return {"type": "new_pile", "at": len(memory.piles)}

    def _place_in_runs(self, memory: _Memory, card: int) -> JSONDict:
        key = memory.key(card)
        best: tuple[tuple[int, ...], int, str] | None = None
        for index, pile in enumerate(memory.piles):
            if pile.dealt or not pile.cards:
                continue
            cards = self._known(pile)
            top, bottom = memory.key(cards[0]), memory.key(cards[-1])
            if key < top:
                gap = tuple(a - b for a, b in zip(top[0], key[0], strict=True))
                if best is None or gap < best[0]:
                    best = (gap, index, "top")
            if self.level.bottoms and key > bottom:
                gap = tuple(a - b for a, b in zip(key[0], bottom[0], strict=True))
                if best is None or gap < best[0]:
                    best = (gap, index, "bottom")
        if best is None:
            runs_below = sum(
                1 for p in memory.piles if not p.dealt and memory.key(self._known(p)[0]) < key
            )
            dealt = sum(1 for p in memory.piles if p.dealt)
            return {"type": "new_pile", "at": dealt + runs_below}
        _, index, end = best
        if self.level.slip and self.rng.below(PER_MILLE) < self.level.slip:
            end = "bottom" if end == "top" else "top"
        return {"type": "place", "pile": index, "end": end}


def _factory(level: Level) -> BotFactory:
    def make(game: Any, seat: Seat, seed: int) -> QuickBot:
        return QuickBot(game, seat, seed, level)

    make.__name__ = f"{level.name}_bot"
    return make


#: Weakest first (docs/benchmarks.md, "Quick bot levels"); a new seat gets easy.
BOTS: Final = BotLevels(
    {
        # The shared random bot: a uniformly random legal action, at easy's pace.
        "random": RandomBot.using(random_pick, easy_pace),
        **{name: _factory(level) for name, level in LEVELS.items()},
    },
    default="easy",
)
