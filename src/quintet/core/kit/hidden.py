"""The conformance kit's checks of hidden information (ADR 0006).

`check_string_walk` looks for hidden cards written as strings in what each seat
and the spectator gets; `check_scramble` deals anew what a viewer may not know
(`scramble_hidden`) and requires that nothing the viewer gets changes, whatever
form a leak takes. `walk_scrambles` does that at every position of a random
game; `check_scrambling_moves_hidden_cards` makes sure the scrambles move
something. They raise AssertionError, and work the same for a game that lists
its actions and one that only samples them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from quintet.core.errors import RuleError
from quintet.core.events import Event, events_for
from quintet.core.game import Game, State
from quintet.core.jsonutil import canonical
from quintet.core.kit.data import (
    check_round_trip,
    first_difference,
    json_difference,
    json_ready_problem,
    string_leaks,
)
from quintet.core.kit.driver import Choose, RandomDriver
from quintet.core.rng import Rng
from quintet.core.types import JSONDict
from quintet.core.viewer import HOST, SPECTATOR, Viewer, describe


def check_string_walk(
    game: Game[Any, Any],
    state: State,
    events: list[Event],
    after: str,
    views: Mapping[Viewer, JSONDict] | None = None,
) -> None:
    """The string walk at one step: no view or event a seat or the spectator gets holds,
    as a string, a card that `hidden_cards` says it may not know.

    It sees a card only where the game writes it as a string; `check_scramble`
    sees any dependence on hidden information, whatever its form. `views` may hold
    the views of this state already built (by viewer), so they are not built again.
    """
    if game.hidden_cards(state, HOST) != frozenset():
        raise AssertionError("the host must see every card: hidden_cards(state, HOST) is not empty")
    spectator_hidden = game.hidden_cards(state, SPECTATOR)
    for viewer in [*range(state.players), SPECTATOR]:
        who = describe(viewer)
        hidden = game.hidden_cards(state, viewer)
        if not all(isinstance(card, str) for card in hidden):
            raise AssertionError(f"hidden_cards for {who} holds a card that is not a string")
        if not hidden <= spectator_hidden:
            raise AssertionError(f"{who} may not see something a spectator sees")
        for what, value in (
            ("the view", game.view(state, viewer) if views is None else views[viewer]),
            ("the events", events_for(events, viewer)),
        ):
            problem = json_ready_problem(value)
            if problem:
                raise AssertionError(f"{after}: {what} of {who} is not JSON-ready: {problem}")
            leaked = string_leaks(value, hidden)
            if leaked:
                raise AssertionError(f"{after}: {what} of {who} shows hidden cards {leaked}")


def check_scramble(game: Game[Any, Any], state: State, viewer: Viewer, rng: Rng) -> State:
    """Non-interference at one position: what the viewer may not know, dealt anew,
    changes nothing the viewer gets.

    `game.scramble_hidden(state, viewer, rng)` must return a new state of the
    same class (for the host, equal to the original). For a seat or the
    spectator, its view must be the same in the copy; for a seat, `can_act` and
    its actions too (a seat receives them: `legal_actions`, or for a game that
    only samples, what `sample_action` draws from one seed); and `is_over`, `next_deadline`
    and the cards hidden from the viewer (the same cards, dealt anew) must not
    change. The copy must survive JSON. Returns the copy.
    """
    title, who = game.title, describe(viewer)
    scrambled = game.scramble_hidden(state, viewer, rng)
    if scrambled is state or type(scrambled) is not type(state):
        raise AssertionError(
            f"{title}.scramble_hidden for {who} must return a new {type(state).__name__}, "
            f"not {'the state itself' if scrambled is state else type(scrambled).__name__}"
        )
    if viewer == HOST:
        found = json_difference(scrambled.to_json(), state.to_json())
        if found:
            raise AssertionError(
                f"{title}.scramble_hidden for the host, who knows everything, must be a plain "
                f"clone, yet the state differs at {found}"
            )
        return scrambled
    view, seen = game.view(state, viewer), game.view(scrambled, viewer)
    if canonical(view) != canonical(seen):
        raise AssertionError(
            f"{title}: the view of {who} changes when what {who} may not know is dealt anew "
            f"(scramble_hidden), so the view depends on hidden information: "
            f"{first_difference(view, seen)} (original != scrambled)"
        )
    if viewer >= 0:
        if game.can_act(scrambled, viewer) != game.can_act(state, viewer):
            raise AssertionError(f"{title}: can_act of {who} depends on hidden information")
        _check_actions_ignore_hidden(game, state, scrambled, viewer, rng)
    for what, one, two in (
        ("is_over", game.is_over(state), game.is_over(scrambled)),
        ("next_deadline", game.next_deadline(state), game.next_deadline(scrambled)),
    ):
        if one != two:
            raise AssertionError(f"{title}: scrambling for {who} changed {what}: {one} -> {two}")
    hidden, rehidden = game.hidden_cards(state, viewer), game.hidden_cards(scrambled, viewer)
    if hidden != rehidden:
        raise AssertionError(
            f"{title}.scramble_hidden for {who} must deal the same hidden cards anew, yet "
            f"{sorted(hidden - rehidden)[:5]} went and {sorted(rehidden - hidden)[:5]} came"
        )
    check_round_trip(game, scrambled, f"{title}: a state scrambled for {who}")
    return scrambled


def _check_actions_ignore_hidden(
    game: Game[Any, Any], state: State, scrambled: State, seat: int, rng: Rng
) -> None:
    title, who = game.title, describe(seat)
    legal: object
    offered: object
    if game.lists_actions:
        legal, offered = game.legal_actions(state, seat), game.legal_actions(scrambled, seat)
        what = "the legal actions"
    else:
        seed = rng.next64()
        legal = game.sample_action(state, seat, Rng(seed))
        offered = game.sample_action(scrambled, seat, Rng(seed))
        what = "the action sample_action draws from one seed for"
    if canonical(legal) != canonical(offered):
        raise AssertionError(
            f"{title}: {what} {who} depend on hidden information: "
            f"{first_difference(legal, offered)} (original != scrambled)"
        )


@dataclass
class ScrambleTally:
    """What `walk_scrambles` saw: the (position, viewer) pairs where the viewer had
    hidden cards, how many of their scrambles changed the state's JSON, and in how many
    walks one changed the host's view (a scramble that never does moves no card)."""

    hidden: int = 0
    state_changed: int = 0
    host_view_changed: int = 0

    def add(self, other: ScrambleTally) -> None:
        self.hidden += other.hidden
        self.state_changed += other.state_changed
        self.host_view_changed += other.host_view_changed


def walk_scrambles(game: Game[Any, Any], state: State, choose: Choose, rng: Rng) -> ScrambleTally:
    """Play `state` to its end with random legal inputs, scrambling at every position.

    At each position: `check_scramble` for every seat, the spectator and the
    host, and the original must be untouched. Then, for one position and viewer
    drawn from `rng`: the same `rng` seed gives the same scrambled copy, and
    random play goes on from it to a valid end (`check_scrambled_plays_on`).
    """
    tally = ScrambleTally()
    viewers = [*range(state.players), SPECTATOR]
    kept: list[State] = []

    def at_position() -> None:
        before = state.to_json()
        host_view: str | None = None
        for viewer in viewers:
            scrambled = check_scramble(game, state, viewer, rng)
            if game.hidden_cards(state, viewer):
                tally.hidden += 1
                tally.state_changed += scrambled.to_json() != before
                # One change is all the no-op check needs: views cost, so stop at one.
                if not tally.host_view_changed:
                    host_view = host_view or canonical(game.view(state, HOST))
                    tally.host_view_changed += canonical(game.view(scrambled, HOST)) != host_view
        check_scramble(game, state, HOST, rng)
        found = json_difference(state.to_json(), before)
        if found:
            raise AssertionError(f"{game.title}.scramble_hidden changed the original at {found}")
        kept.append(state.clone())

    at_position()
    for _ in RandomDriver(game, choose).steps(state):
        at_position()
    check_scrambled_plays_on(
        game, kept[rng.below(len(kept))], viewers[rng.below(len(viewers))], rng
    )
    return tally


def check_scrambling_moves_hidden_cards(game: Game[Any, Any]) -> ScrambleTally:
    """`scramble_hidden` is no no-op: over one seeded random game per player count
    (fewest and most) and example option set, with every check of `walk_scrambles`,
    most scrambles of a viewer with hidden cards change the state, and at least one
    changes what the host sees (so cards moved, not only the PRNG).

    Summed over the option sets because some hide nothing worth moving (Quiclo's
    open hands hide only the cards out of play, a set that a redeal leaves as it is).
    """
    tally = ScrambleTally()
    for players in sorted({game.min_players, game.max_players}):
        for number, options in enumerate(game.option_examples):
            try:
                state = game.new(1000 + number, players, options)
            except RuleError:
                continue  # these options do not fit this player count
            rng = Rng(10 * number + players)
            tally.add(walk_scrambles(game, state, rng.below, rng))
    title = game.title
    if not tally.hidden:
        raise AssertionError(f"{title}: no seat or spectator ever had a hidden card")
    if tally.state_changed * 2 <= tally.hidden:
        raise AssertionError(
            f"{title}.scramble_hidden changed the state in only {tally.state_changed} of "
            f"{tally.hidden} scrambles for a viewer with hidden cards: it must deal them anew"
        )
    if not tally.host_view_changed:
        raise AssertionError(
            f"{title}.scramble_hidden never changed what the host sees in {tally.hidden} "
            "scrambles for a viewer with hidden cards: it moves no card"
        )
    return tally


def check_scrambled_plays_on(game: Game[Any, Any], state: State, viewer: Viewer, rng: Rng) -> None:
    """A state scrambled for `viewer` is a real state: the same rng seed gives the same
    copy, and random legal play goes on from it to an end with a valid outcome,
    without touching the state it was scrambled from (no shared lists)."""
    who = describe(viewer)
    before = state.to_json()
    seed = rng.next64()
    one = game.scramble_hidden(state, viewer, Rng(seed))
    two = game.scramble_hidden(state, viewer, Rng(seed))
    found = json_difference(one.to_json(), two.to_json())
    if found:
        raise AssertionError(
            f"{game.title}.scramble_hidden for {who} gave two states for one rng seed: {found}"
        )
    try:
        for _ in RandomDriver.seeded(game, rng.fork()).steps(one):
            pass
    except RuleError as error:
        raise AssertionError(
            f"{game.title}: random play from a state scrambled for {who} was refused: {error!r}"
        ) from error
    if game.outcome(one) is None:
        raise AssertionError(f"{game.title}: a game played on from a scramble has no outcome")
    found = json_difference(state.to_json(), before)
    if found:
        raise AssertionError(
            f"{game.title}: playing on a copy scrambled for {who} changed the state it "
            f"was scrambled from, at {found}: the copy shares data with it"
        )
