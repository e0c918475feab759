"""The rules contract every game implements.

A `Game` is immutable and makes mutable states. There is one way in,
`Game.apply(state, input)`, and one way out, `Game.view(state, viewer)`.
Time is an input: the rules never read a clock, they keep deadlines in the
state and say through `next_deadline` when the host must send a tick.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from quintet.core.errors import BadInput, BadOptions, GameOver, IllegalAction, TimeWentBack
from quintet.core.events import Event
from quintet.core.fast_lane import FastLane
from quintet.core.inputs import Input
from quintet.core.options import Options
from quintet.core.outcome import Outcome
from quintet.core.rng import Rng
from quintet.core.types import JSONDict, Seat
from quintet.core.view import LazyView, ViewPart
from quintet.core.viewer import HOST, SPECTATOR, Viewer


class State(ABC):
    """Base of every game's mutable state.

    `players` is fixed at creation; `now` is the time of the last accepted
    input (ms since the game started). Subclasses add their own fields and must
    make `clone` cheap: search bots clone thousands of times.
    """

    __slots__ = ("now", "players")

    def __init__(self, players: int) -> None:
        self.players = players
        self.now = 0

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def to_json(self) -> JSONDict:
        """The whole state (hidden parts included) as JSON-ready data. Host only."""


S = TypeVar("S", bound=State)
O = TypeVar("O", bound=Options)


class Game(ABC, Generic[S, O]):
    """One game's rules. Class attributes are the game's facts, readable
    without creating a state (the server and CLI list them)."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[Options]]
    #: True when seats act at the same moment (no turns): a race.
    real_time: ClassVar[bool] = False
    #: Option sets the conformance kit plays besides the defaults; a set that does
    #: not fit a player count is skipped for that count.
    option_examples: ClassVar[tuple[JSONDict, ...]] = ({},)
    #: Event types that mark an input the rules accept only to punish it (Quiclo's
    #: wrong claim): such an input is not among `legal_actions`, yet it changes the
    #: state. The conformance kit accepts an input outside `legal_actions` only then.
    penalty_events: ClassVar[frozenset[str]] = frozenset()
    #: True when the game lists every legal action of a seat (`legal_actions`); False
    #: when there are too many to list (a split of 100 soldiers over 5 fields) and it
    #: only draws one at random (`sample_action`). The kit, the random bot and the
    #: simulator work with either kind (ADR 0014).
    lists_actions: ClassVar[bool] = True
    #: True when some legal actions are the rules' own help, listed for bots and tools
    #: in process but never sent by a server to a person (Quiddler lists the solver's
    #: best way to go out): a server drops every action `is_help` names from the views
    #: and samples it gives (`quintet.server.served`).
    lists_help: ClassVar[bool] = False

    # ----------------------------------------------------------------- creating

    def new(self, seed: int, players: int, options: O | JSONDict | None = None) -> S:
        """A new game. Raises `BadOptions` for a player count or options that do not fit."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions(f"the seed must be an integer, not {seed!r}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"the player count must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        parsed = self.parse_options(options)
        self.check_options(parsed, players)
        return self._new(seed, players, parsed)

    def parse_options(self, options: O | JSONDict | None) -> O:
        parsed: Any = self.options_model.parse(options)
        return parsed  # type: ignore[no-any-return]

    def check_options(self, options: O, players: int) -> None:
        """Checks that need both the options and the player count; raises `BadOptions`."""

    @abstractmethod
    def _new(self, seed: int, players: int, options: O) -> S: ...

    # ------------------------------------------------------------------ the way in

    def apply(self, state: S, inp: Input) -> list[Event]:
        """Apply one input and return what happened.

        Raises a `RuleError` and leaves the state exactly as it was when the
        input is malformed, out of turn, illegal, too late or after the end.
        """
        if self.is_over(state):
            raise GameOver("the game is over; it takes no more actions")
        # Each check tries the exact type first: this runs for every input a simulation
        # plays, and `type(x) is int` costs less than two `isinstance` calls.
        time = inp.time
        if (type(time) is not int and (isinstance(time, bool) or not isinstance(time, int))) or (
            time < 0
        ):
            raise BadInput(f"input time must be a whole number of ms >= 0, not {time!r}")
        if time < state.now:
            raise TimeWentBack(
                f"input time {time} ms is before the last accepted input ({state.now} ms)"
            )
        seat = inp.seat
        if seat is not None and (
            (type(seat) is not int and (isinstance(seat, bool) or not isinstance(seat, int)))
            or not 0 <= seat < state.players
        ):
            raise BadInput(f"there is no seat {seat!r}; seats are 0 to {state.players - 1}")
        action = inp.action
        if type(action) is not dict and not isinstance(action, dict):
            raise BadInput(f"an action must be a JSON object, not {type(action).__name__}")
        kind = action.get("type")
        if type(kind) is not str and not isinstance(kind, str):
            raise BadInput(f"an action needs a string 'type', got {action!r}")
        if kind == "tick":
            if seat is not None:
                raise BadInput("only the host sends 'tick'")
            deadline = self.next_deadline(state)
            if deadline is None or inp.time < deadline:
                raise IllegalAction(
                    f"tick at {inp.time} ms: no deadline has been reached"
                    + ("" if deadline is None else f" (the next is at {deadline} ms)"),
                    "time/no_deadline",
                )
        events = self._apply(state, inp)
        state.now = inp.time
        return events

    @abstractmethod
    def _apply(self, state: S, inp: Input) -> list[Event]:
        """Game-specific checks and changes. Must check everything before changing anything."""

    # ------------------------------------------------------------------ the way out

    def view(self, state: S, viewer: Viewer) -> JSONDict:
        """What a seat, a spectator or the host may see, as JSON-ready data.

        Raises `BadInput` for a viewer that is neither a seat of this game,
        `SPECTATOR` nor `HOST`.
        """
        check_viewer(state, viewer)
        return self._view(state, viewer)

    @abstractmethod
    def _view(self, state: S, viewer: Viewer) -> JSONDict:
        """The game's view for a viewer already checked by `view`."""

    def views(self, state: S, viewers: Sequence[Viewer]) -> dict[Viewer, JSONDict]:
        """The views of several viewers of one state (a server's update): each equal to
        `view(state, viewer)`. A game may build the parts they have in common once, so
        the views may share values: read them, never change them (copy the top level to
        add keys). Raises `BadInput` as `view` does.
        """
        for viewer in viewers:
            check_viewer(state, viewer)
        return self._views(state, viewers)

    def _views(self, state: S, viewers: Sequence[Viewer]) -> dict[Viewer, JSONDict]:
        """`views` for checked viewers; by default one `_view` each."""
        return {viewer: self._view(state, viewer) for viewer in viewers}

    def lazy_view(self, state: S, viewer: Viewer) -> JSONDict:
        """The view of `view`, built part by part as it is read: a `LazyView`, valid
        until the state changes (`quintet.core.view`); the plain view for a game without
        `view_parts`. Raises `BadInput` as `view` does.
        """
        check_viewer(state, viewer)
        parts = self.view_parts(state, viewer)
        return self._view(state, viewer) if parts is None else LazyView(state, viewer, parts)

    def view_parts(self, state: S, viewer: Viewer) -> Mapping[str, ViewPart] | None:
        """One builder per part of this viewer's view, in the view's key order, or None.

        With builders, a lazy view builds only the parts a bot reads; each builder
        takes (state, viewer) and returns fresh data. Together they must build exactly
        `_view` (a game that has them can build `_view` from them). None, the default,
        gives the plain `_view` instead.
        """
        return None

    def fast_lane(self) -> FastLane[S] | None:
        """The game's unchecked path by action ids for the simulator, or None.

        None, the default, keeps every simulation on the general loop. A turn-based game
        with a fast path returns one lane (the same object each time) that keeps the
        contract in `quintet.core.fast_lane`; the simulator then plays games among bots
        that can pick from ids on it, with the very same results.
        """
        return None

    def next_deadline(self, state: S) -> int | None:
        """When the rules next need the clock (ms), or None."""
        return None

    def legal_actions(self, state: S, seat: Seat) -> list[JSONDict]:
        """Every action this seat may take now; [] when it cannot act.

        A game with `lists_actions = False` need not provide it (the default raises
        NotImplementedError naming the game); it gives `sample_action` instead.
        """
        raise NotImplementedError(
            f"{self.title} ({type(self).__name__}) does not list its legal actions "
            "(lists_actions is False): draw one with sample_action"
        )

    def is_help(self, action: JSONDict) -> bool:
        """Whether this legal action is the rules' own help (see `lists_help`): False
        unless the game says otherwise."""
        return False

    def sample_action(self, state: S, seat: Seat, rng: Rng) -> JSONDict | None:
        """A random legal action of this seat now, drawn from `rng`; None when it cannot act.

        The default draws uniformly from `legal_actions`. A game that cannot list
        its actions overrides this; one that can may override it to draw faster.
        Must depend only on what the seat may know and on `rng`, must not change
        `state`, and must return a fresh dict (the caller may keep or change it).
        """
        if not self.can_act(state, seat):
            return None
        actions = self.legal_actions(state, seat)
        if not actions:
            return None
        return copy.deepcopy(actions[rng.below(len(actions))])

    @abstractmethod
    def can_act(self, state: S, seat: Seat) -> bool:
        """Whether this seat may send an action now (cheap; the simulator asks often)."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Final scores and ranks once the game is over, else None."""

    @abstractmethod
    def hidden_cards(self, state: S, viewer: Viewer) -> frozenset[str]:
        """Card identities this viewer may not know now, read from the full state.

        The conformance kit checks every view and event against this, so it
        must be written from the rules of the table, not from `view`.
        """

    def scramble_hidden(self, state: S, viewer: Viewer, rng: Rng) -> S:
        """A copy of the state in which everything this viewer may not know is dealt anew at random.

        Hidden cards are pooled and redealt with the same sizes (other hands, face-down
        piles, cards out of play), the order of face-down piles is shuffled, and any
        randomness nobody at the table may know yet (the PRNG inside the state) is
        replaced; what the viewer may know stays as it is. For the host, who knows
        everything, it is a plain clone. Draws from `rng` (and advances it); never
        changes `state`. Raises `BadInput` for a viewer that is not one of this game.

        The conformance kit checks that `view(state, viewer)` is the same for the
        scrambled copy (ADR 0006): a view that depends on anything scrambled leaks,
        whatever form the leak takes. Every game must provide `_scramble_hidden`.
        """
        check_viewer(state, viewer)
        return self._scramble_hidden(state, viewer, rng)

    def _scramble_hidden(self, state: S, viewer: Viewer, rng: Rng) -> S:
        """The game's scramble for a viewer already checked by `scramble_hidden`."""
        raise NotImplementedError(
            f"{self.title} ({type(self).__name__}) does not implement scramble_hidden, which "
            "every game must provide for the conformance kit's hidden-information check"
        )

    # --------------------------------------------------------------- persistence

    @abstractmethod
    def state_from_json(self, data: JSONDict) -> S:
        """Rebuild a state from `State.to_json()`."""

    def describe(self) -> JSONDict:
        """The game's facts as JSON: name, title, players, kind, options with defaults."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "real_time": self.real_time,
            "lists_actions": self.lists_actions,
            "options": self.options_model.describe(),
        }


def check_viewer(state: State, viewer: Viewer) -> None:
    """Raises `BadInput` unless `viewer` is a seat of this state, `SPECTATOR` or `HOST`."""
    if (
        isinstance(viewer, bool)
        or not isinstance(viewer, int)
        or not (viewer in (SPECTATOR, HOST) or 0 <= viewer < state.players)
    ):
        raise BadInput(
            f"no such viewer {viewer!r}: a seat 0 to {state.players - 1}, the spectator or the host"
        )


def check_seat(state: State, seat: Seat) -> None:
    """Raises `BadInput` unless `seat` is a seat of this state (for the methods a host calls
    with a seat, such as `legal_actions`, outside `apply`'s own checks)."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise BadInput(f"there is no seat {seat!r}; seats are 0 to {state.players - 1}")
