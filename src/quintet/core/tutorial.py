"""Guided first games: a fixed deal, bots that follow a script, and the person's steps.

A game offers a tutorial by giving its package a `tutorial` module that exports
`TUTORIAL`, a `Tutorial`: the table (options, player count, a fixed seed chosen to
show the game's main ideas) and its steps in order. A step is the person's (`You`:
the action expected, the hint that points at it, the explanation of a wrong move)
or a scripted bot's (`BotMove`: played only when the script reaches it, so the bots
wait for the person). The tutorial ends with the first scoring, explained by `end`.

Where the script stands is never stored: `ScriptRun.replayed` derives it from the
table's stored inputs, so a reload continues at the same step and nothing can diverge.

Hidden information: the script knows every hand, so it is never sent. Only the current
step's hint is, built from the person's own view (`HintFor` receives that view and
nothing else), so a hint can name only what the person may see.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from quintet.core import registry
from quintet.core.errors import IllegalAction
from quintet.core.inputs import Input
from quintet.core.types import JSONDict, Seat

#: The error code of the person's legal action that is not the script's next step.
OFF_SCRIPT: Final = "tutorial/off_script"
#: The message key every tutorial shows once its stored inputs leave the script (the
#: script changed after the table was stored): the table goes on as a practice game.
LOST_KEY: Final = "tutorial.lost"


@dataclass(frozen=True)
class Hint:
    """A message for the person: its key in the tutorial's message files, its parameters,
    and what the board may highlight: "<kind>:<name>", the board's elements marked
    `data-<kind>="<name>"` ("card:<code>" a card of the person's hand or on the table,
    "pile:<name>" a pile, "gap:1", "cell:0,2", "tile:W1")."""

    key: str
    params: JSONDict = field(default_factory=dict)
    marks: tuple[str, ...] = ()
    #: False for an end hint that tells of the scoring still on its way (Quick's checking):
    #: the tutorial is complete only once its end hint is final.
    final: bool = True

    def to_json(self) -> JSONDict:
        return {"key": self.key, "params": dict(self.params), "marks": list(self.marks)}


#: A hint built from the person's own view (and nothing else: that is what keeps hidden
#: cards out of hints).
HintFor = Callable[[JSONDict], Hint]


def hint_of(hint: Hint | HintFor, view: JSONDict) -> Hint:
    """The hint itself, or the one built from the person's `view`."""
    return hint if isinstance(hint, Hint) else hint(view)


@dataclass(frozen=True)
class You:
    """The person's step: the `action` the hint asks for (compared as JSON, unless
    `accepts` says which other forms of it count: a board may send a card in lower case)."""

    action: JSONDict
    hint: Hint | HintFor
    #: Shown when the person's move is refused (off the script, or against the rules).
    wrong: Hint | HintFor
    accepts: Callable[[JSONDict], bool] | None = None
    #: Races: the game's clock stops while this hint is shown, until the person's move.
    pause: bool = False

    def allows(self, action: JSONDict) -> bool:
        if self.accepts is not None:
            return bool(self.accepts(action))
        return action == self.action


@dataclass(frozen=True)
class BotMove:
    """A bot's scripted action, taken `delay_ms` (a person's pace) after its turn comes."""

    seat: Seat
    action: JSONDict
    #: Shown to the person while this move is awaited (None: the last hint's `wait` key).
    note: Hint | HintFor | None = None
    delay_ms: int = 900


Step = You | BotMove


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game. The person plays seat `person`; every other seat is a
    scripted bot that plays `fallback` (a bot level of the game) once the script ends."""

    game: str
    seed: int
    players: int
    options: JSONDict
    steps: tuple[Step, ...]
    #: The first scoring explained, shown once the last step is played.
    end: Hint | HintFor
    fallback: str
    person: Seat = 0

    def __post_init__(self) -> None:
        for number, step in enumerate(self.steps):
            if isinstance(step, BotMove) and not (
                0 <= step.seat < self.players and step.seat != self.person
            ):
                raise ValueError(f"step {number}: seat {step.seat} is not a bot seat")


class OffScript(IllegalAction):
    """The person's action is legal but not the tutorial's next step."""

    code = OFF_SCRIPT


@dataclass
class ScriptRun:
    """Where a table's tutorial stands: the next step, or done (or lost: the stored inputs
    left the script, so the table goes on without one)."""

    tutorial: Tutorial
    index: int = 0
    lost: bool = False

    @classmethod
    def replayed(cls, tutorial: Tutorial, inputs: Sequence[Input]) -> ScriptRun:
        """The run after a table's stored inputs (a reload continues where they stop)."""
        run = cls(tutorial)
        for inp in inputs:
            run.advance(inp)
        return run

    @property
    def current(self) -> Step | None:
        """The next step; None once the script is done or lost."""
        if self.lost or self.index >= len(self.tutorial.steps):
            return None
        return self.tutorial.steps[self.index]

    @property
    def done(self) -> bool:
        return not self.lost and self.index >= len(self.tutorial.steps)

    @property
    def paused(self) -> bool:
        """Whether the game's clock must stand still now (a `You` step with `pause`)."""
        step = self.current
        return isinstance(step, You) and step.pause

    def bot_action(self, seat: Seat) -> BotMove | None:
        """The scripted move of `seat` when it is the next step, else None (it waits)."""
        step = self.current
        return step if isinstance(step, BotMove) and step.seat == seat else None

    def check(self, inp: Input) -> None:
        """Raises `OffScript` when the person's action (already accepted by the rules) is not
        the next step; the script run past its end or lost takes anything."""
        step = self.current
        if step is None or inp.seat != self.tutorial.person:
            return
        if not isinstance(step, You):
            raise OffScript(
                f"wait: the tutorial's next move is seat {step.seat}'s", "tutorial/wait"
            )
        if not step.allows(inp.action):
            key = step.wrong.key if isinstance(step.wrong, Hint) else "the step's explanation"
            raise OffScript(
                f"this tutorial step asks for another move ({key}): follow the hint and try again"
            )

    def advance(self, inp: Input) -> None:
        """An input was accepted: the script moves on when it was the next step. A host's
        tick is never a step; any other input that is not the next step loses the script."""
        step = self.current
        if step is None or inp.seat is None:
            return
        if isinstance(step, You):
            matches = inp.seat == self.tutorial.person and step.allows(inp.action)
        else:
            matches = inp.seat == step.seat and inp.action == step.action
        if matches:
            self.index += 1
        else:
            self.lost = True

    def info(self, view: JSONDict) -> JSONDict:
        """What the person's view carries: the step number, whose move it is, the hint (and
        the explanation of a wrong move), built from `view` (the person's own view)."""
        steps = self.tutorial.steps
        mine = sum(isinstance(s, You) for s in steps)
        done_mine = sum(isinstance(s, You) for s in steps[: self.index])
        info: JSONDict = {
            "step": done_mine,
            "steps": mine,
            "done": False,
            "lost": self.lost,
            "pause": False,
        }
        step = self.current
        if self.lost:
            info["hint"] = Hint(LOST_KEY).to_json()
        elif step is None:
            end = hint_of(self.tutorial.end, view)
            info["hint"] = end.to_json()
            info["done"] = end.final
        elif isinstance(step, You):
            info["turn"] = "you"
            info["hint"] = hint_of(step.hint, view).to_json()
            info["wrong"] = hint_of(step.wrong, view).to_json()
            info["pause"] = step.pause  # the host says whether the clock stopped indeed
        else:
            info["turn"] = "bot"
            info["seat"] = step.seat
            if step.note is not None:
                info["hint"] = hint_of(step.note, view).to_json()
        return info


_FOUND: dict[str, Tutorial | None] = {}


def find(game: str) -> Tutorial | None:
    """The tutorial of `game` (its package's `tutorial.TUTORIAL`), or None when it has none.

    Raises `BadInput` for an unknown game.
    """
    if game not in _FOUND:
        module = registry.entry(game).module
        found: Tutorial | None = None
        if module is not None:
            try:
                loaded = importlib.import_module(f"{module}.tutorial")
            except ModuleNotFoundError as error:
                if error.name != f"{module}.tutorial":
                    raise
            else:
                found = loaded.TUTORIAL
                if not isinstance(found, Tutorial) or found.game != game:
                    raise TypeError(f"{module}.tutorial.TUTORIAL is not a Tutorial of {game}")
        _FOUND[game] = found
    return _FOUND[game]
