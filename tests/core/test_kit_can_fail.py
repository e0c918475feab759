"""The conformance kit's newer checks, shown to pass a sound game and to fail a broken one.

`tests/core/test_conformance.py` runs them on every registered game; here they run
on games that exist only inside a test (registered with `monkeypatch`, so no other
test sees them):

- "Buzz", a small real-time race with hidden hands, sit-outs and a pile that resets
  on a timer, passes every check; variants of it, each with one real-time bug,
  fail the one check meant for that bug;
- a variant of Quashars whose seat view shows how many red cards the next seat
  holds, an int, passes the string walk and fails non-interference;
- scrambles that do nothing, or replace only the PRNG, fail the no-op check;
- variants of the example game Blotto (examples/blotto), which cannot list its
  actions and only samples them, each with one planted bug, fail the check meant
  for it just as the games that list their actions do.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from tests.core import example

from quintet.core import (
    HOST,
    SPECTATOR,
    BadInput,
    Event,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    Options,
    Outcome,
    Rng,
    State,
    TooLate,
    Viewer,
    private,
    public,
    registry,
)
from quintet.core.kit import (
    RandomDriver,
    RealTimeTally,
    check_real_time_coverage,
    check_scramble,
    check_scrambling_moves_hidden_cards,
    check_stale_inputs,
    check_string_walk,
    walk_real_time,
    walk_scrambles,
)
from quintet.games.quashars import QuasharsGame, QuasharsState
from quintet.games.quashars.components import COLOUR_MASK, RED

# ------------------------------------------------------------------ the Buzz race

CARDS = 20
HAND = 3
RESET_MS = 400
SIT_OUT_MS = 150


class BuzzState(State):
    __slots__ = ("hands", "out", "reset_at", "sit_out", "top")

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.out: list[int] = []
        self.top = -1
        self.reset_at = RESET_MS
        self.sit_out: list[int | None] = [None] * players

    def clone(self) -> BuzzState:
        other = BuzzState(self.players)
        other.now, other.top, other.reset_at = self.now, self.top, self.reset_at
        other.hands, other.out = [h[:] for h in self.hands], self.out[:]
        other.sit_out = self.sit_out[:]
        return other

    def to_json(self) -> JSONDict:
        return {
            "players": self.players,
            "now": self.now,
            "hands": [h[:] for h in self.hands],
            "out": self.out[:],
            "top": self.top,
            "reset_at": self.reset_at,
            "sit_out": self.sit_out[:],
        }


class BuzzGame(Game[BuzzState, Options]):
    """Cards 0-19, three each, the rest out of play; all hidden from the others.

    Any seat, at any time, claims `{"type": "claim", "expect": top, "card": c}` with
    a card of its own: higher than the top, it goes on the pile (sit-outs end); not
    higher, the claim is wrong but accepted, and the claimer sits out for 150 ms or
    until someone's next valid claim. A claim that expects an old top is too late.
    400 ms after the last valid claim the pile resets. An empty hand wins.
    Wrong claims are among the legal actions, so random play makes sit-outs.
    """

    name: ClassVar[str] = "buzz"
    title: ClassVar[str] = "Buzz"
    summary: ClassVar[str] = "A race to play higher cards."
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[Options]] = Options
    real_time: ClassVar[bool] = True

    def _new(self, seed: int, players: int, options: Options) -> BuzzState:
        state = BuzzState(players)
        cards = list(range(CARDS))
        Rng(seed).shuffle(cards)
        state.hands = [sorted(cards[i * HAND : (i + 1) * HAND]) for i in range(players)]
        state.out = sorted(cards[players * HAND :])
        return state

    def _apply(self, state: BuzzState, inp: Input) -> list[Event]:
        action, time = inp.action, inp.time
        if action["type"] == "tick":
            return self._tick(state, time)
        seat = inp.seat
        if seat is None or action["type"] != "claim" or set(action) != {"type", "expect", "card"}:
            raise BadInput(f"Buzz takes claims with 'expect' and 'card' from seats, not {inp!r}")
        card = action["card"]
        until = state.sit_out[seat]
        if until is not None:
            raise IllegalAction(f"seat {seat} sits out until {until} ms", "buzz/sitting_out")
        if card not in state.hands[seat] or isinstance(card, bool):
            raise IllegalAction(f"{card!r} is not a card of seat {seat}", "buzz/not_your_card")
        if action["expect"] != state.top:
            self._too_late(state)
            raise TooLate(f"the top is {state.top} now, not {action['expect']!r}")
        if card <= state.top:
            state.sit_out[seat] = time + SIT_OUT_MS
            return [public("wrong", seat=seat, until=time + SIT_OUT_MS)]
        state.hands[seat].remove(card)
        state.top = card
        state.reset_at = time + RESET_MS
        state.sit_out = [None] * state.players
        return [
            public("claimed", seat=seat, card=card),
            private(seat, "left", hand=state.hands[seat]),
        ]

    def _too_late(self, state: BuzzState) -> None:
        """Nothing happens on a claim that is too late (variants break this)."""

    def _tick(self, state: BuzzState, time: int) -> list[Event]:
        events = []
        for seat, until in enumerate(state.sit_out):
            if until is not None and until <= time:
                state.sit_out[seat] = None
                events.append(public("back", seat=seat))
        if state.reset_at <= time:
            state.top = -1
            state.reset_at = time + RESET_MS
            events.append(public("reset"))
        return events

    def _view(self, state: BuzzState, viewer: Viewer) -> JSONDict:
        view: JSONDict = {
            "viewer": viewer,
            "now": state.now,
            "top": state.top,
            "reset_at": state.reset_at,
            "sit_out": state.sit_out[:],
            "hand_sizes": [len(h) for h in state.hands],
        }
        if viewer == HOST:
            view["hands"], view["out"] = [h[:] for h in state.hands], state.out[:]
        elif viewer >= 0:
            view["hand"] = state.hands[viewer][:]
        return view

    def next_deadline(self, state: BuzzState) -> int | None:
        if self.is_over(state):
            return None
        ends = [until for until in state.sit_out if until is not None]
        return min([state.reset_at, *ends])

    def legal_actions(self, state: BuzzState, seat: int) -> list[JSONDict]:
        if not self.can_act(state, seat):
            return []
        return [{"type": "claim", "expect": state.top, "card": c} for c in state.hands[seat]]

    def can_act(self, state: BuzzState, seat: int) -> bool:
        return state.sit_out[seat] is None and not self.is_over(state)

    def is_over(self, state: BuzzState) -> bool:
        return any(not hand for hand in state.hands)

    def outcome(self, state: BuzzState) -> Outcome | None:
        if not self.is_over(state):
            return None
        return Outcome.from_scores([-len(h) for h in state.hands])

    def hidden_cards(self, state: BuzzState, viewer: Viewer) -> frozenset[str]:
        if viewer == HOST:
            return frozenset()
        hands = [h for seat, h in enumerate(state.hands) if seat != viewer]
        return frozenset(str(c) for c in [*state.out, *(c for h in hands for c in h)])

    def scramble_hidden(self, state: BuzzState, viewer: Viewer, rng: Rng) -> BuzzState:
        other = state.clone()
        if viewer == HOST:
            return other
        others = [seat for seat in range(state.players) if seat != viewer]
        pool = [*state.out, *(c for seat in others for c in state.hands[seat])]
        rng.shuffle(pool)
        other.out, pool = sorted(pool[: len(state.out)]), pool[len(state.out) :]
        for seat in others:
            size = len(state.hands[seat])
            other.hands[seat], pool = sorted(pool[:size]), pool[size:]
        return other

    def state_from_json(self, data: JSONDict) -> BuzzState:
        state = BuzzState(data["players"])
        state.now, state.top, state.reset_at = data["now"], data["top"], data["reset_at"]
        state.hands, state.out = [list(h) for h in data["hands"]], list(data["out"])
        state.sit_out = list(data["sit_out"])
        return state


@pytest.fixture
def register(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Registers games for one test only: the registry is a copy, put back after it."""
    registry.names()  # the built-in games first, so the copy holds them
    monkeypatch.setattr(registry, "_ENTRIES", dict(registry._ENTRIES))

    def add(game: Game[Any, Any]) -> Game[Any, Any]:
        registry.register(game, {})
        return registry.get(game.name)

    return add


def _walks(game: Game[Any, Any], seeds: range) -> RealTimeTally:
    tally = RealTimeTally()
    for seed in seeds:
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        rng = Rng(seed)
        tally.add(walk_real_time(game, seed, players, {}, choose=rng.fork().below, rng=rng))
    return tally


def test_buzz_passes_every_new_check_and_meets_what_they_check(register: Any) -> None:
    game = register(BuzzGame())
    tally = _walks(game, range(12))
    # Every kind of case was met, so the passes below mean something.
    assert tally.two_seats and tally.pairs and tally.replays
    assert tally.deadlines and tally.stale_sent and tally.stale_refused
    assert tally.stale_refused < tally.stale_sent, "no stale input ever applied"
    for seed in range(4):
        state = game.new(seed, 2 + seed % 3)
        walk_scrambles(game, state, Rng(seed).below, Rng(seed + 100))
    check_scrambling_moves_hidden_cards(game)


def test_registering_inside_a_test_leaves_the_registry_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = registry.names()
    with monkeypatch.context() as patch:
        patch.setattr(registry, "_ENTRIES", dict(registry._ENTRIES))
        registry.register(BuzzGame(), {})
        assert "buzz" in registry.names()
    assert registry.names() == before
    assert "buzz" not in before


# ------------------------------------------------------------ real-time bugs


class StaleCountsGame(BuzzGame):
    """Bug: a claim that is too late is refused, but first moves the reset timer."""

    name: ClassVar[str] = "buzz_stale"

    def _too_late(self, state: BuzzState) -> None:
        state.reset_at += 1


class TieMemoryGame(BuzzGame):
    """Bug: the game remembers, outside the state, the time of the last claim, and a
    claim at that same millisecond pushes the reset timer; replays disagree."""

    name: ClassVar[str] = "buzz_ties"

    def __init__(self) -> None:
        self.last_claim_at = -1

    def _apply(self, state: BuzzState, inp: Input) -> list[Event]:
        events = super()._apply(state, inp)
        if inp.seat is not None:
            if inp.time == self.last_claim_at:
                state.reset_at += 7
            self.last_claim_at = inp.time
        return events


class SitOutOffByOneGame(BuzzGame):
    """Bug: a tick ends the sit-outs that ended before it, not one that ends at it,
    so the deadline stays where it was and the host would tick for ever."""

    name: ClassVar[str] = "buzz_off_by_one"

    def _tick(self, state: BuzzState, time: int) -> list[Event]:
        ending_now = [seat for seat, until in enumerate(state.sit_out) if until == time]
        events = super()._tick(state, time)
        for seat in ending_now:
            state.sit_out[seat] = time
        return [e for e in events if e.type != "back" or e.data["seat"] not in ending_now]


class EarlyTickGame(BuzzGame):
    """Bug: "the host's clock may be a little early", so a tick 1 ms before the
    deadline is taken as one at the deadline."""

    name: ClassVar[str] = "buzz_early"

    def apply(self, state: BuzzState, inp: Input) -> list[Event]:
        deadline = self.next_deadline(state)
        if inp.seat is None and deadline is not None and inp.time == deadline - 1:
            inp = Input.tick(deadline)
        return super().apply(state, inp)


class TurnsInNameOnlyGame(BuzzGame):
    """Bug: says it is turn-based, yet every seat may claim at any time."""

    name: ClassVar[str] = "buzz_turns"
    real_time: ClassVar[bool] = False


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (StaleCountsGame, r"was refused \(action/too_late: .*\) but changed the state"),
        (TieMemoryGame, r"simultaneous inputs .* replay"),
        (SitOutOffByOneGame, r"after the tick at \d+ ms the next deadline is \d+ ms, not later"),
        (EarlyTickGame, r"a tick at \d+ ms, 1 ms before the deadline \d+, was accepted"),
        (TurnsInNameOnlyGame, r"says it is turn-based .* yet two seats could act at once"),
    ],
)
def test_each_real_time_bug_is_caught(register: Any, variant: type, message: str) -> None:
    game = register(variant())
    with pytest.raises(AssertionError, match=message):
        check_real_time_coverage(game, games=3)


def test_the_stale_check_alone_catches_a_refusal_that_changes_the_state() -> None:
    for game, broken in ((BuzzGame(), False), (StaleCountsGame(), True)):
        state = game.new(1, 2)
        old = [(1, action) for action in game.legal_actions(state, 1)]
        game.apply(state, Input(0, {"type": "claim", "expect": -1, "card": state.hands[0][0]}, 5))
        if broken:
            with pytest.raises(AssertionError, match=r"a stale input: .* \(action/too_late"):
                check_stale_inputs(game, state, old, Rng(0))
        else:
            # Seat 1's old claims name the old top: all three refused as too late.
            assert check_stale_inputs(game, state, old, Rng(0)) == (3, 3)


# ------------------------------------------------------------ hidden information


class LeakyQuasharsGame(QuasharsGame):
    """Bug: a seat's view says how many red cards the next seat holds (an int)."""

    name = "leaky_quashars"

    def _view(self, state: QuasharsState, viewer: Viewer) -> JSONDict:
        view = super()._view(state, viewer)
        if viewer >= 0:
            following = state.hands[(viewer + 1) % state.players]
            view["next_reds"] = (following & COLOUR_MASK[RED]).bit_count()
        return view


def test_a_count_of_hidden_cards_escapes_the_string_walk_but_not_the_scramble(
    register: Any,
) -> None:
    game = register(LeakyQuasharsGame())
    state = game.new(7, 4)
    check_string_walk(game, state, [], "at the deal")
    for inp, events in RandomDriver.seeded(game, 7).steps(state):
        check_string_walk(game, state, events, f"after {inp}")  # sees no string: passes
    with pytest.raises(AssertionError, match=r"the view of seat \d changes .*\$\.next_reds"):
        walk_scrambles(game, game.new(7, 4), Rng(7).below, Rng(8))
    # The same walk on the sound game passes: the leak is what fails.
    sound = registry.get("quashars")
    walk_scrambles(sound, sound.new(7, 4), Rng(7).below, Rng(8))


class CloneScrambleGame(QuasharsGame):
    """Bug: scrambling returns a plain clone, so every view check passes vacuously."""

    name = "quashars_clone_scramble"

    def scramble_hidden(self, state: QuasharsState, viewer: Viewer, rng: Rng) -> QuasharsState:
        return state.clone()


class PrngOnlyScrambleGame(QuasharsGame):
    """Bug: scrambling replaces the PRNG and moves no card."""

    name = "quashars_prng_scramble"

    def scramble_hidden(self, state: QuasharsState, viewer: Viewer, rng: Rng) -> QuasharsState:
        other = state.clone()
        if viewer != HOST:
            other.rng = rng.fork()
        return other


class EveryHandGame(QuasharsGame):
    """Bug: scrambling redeals every hand, whoever looks (the viewer's own, for a seat)."""

    name = "quashars_every_hand_scramble"

    def scramble_hidden(self, state: QuasharsState, viewer: Viewer, rng: Rng) -> QuasharsState:
        return super().scramble_hidden(state, SPECTATOR, rng)


class SharedScoresGame(QuasharsGame):
    """Bug: the scrambled copy shares its list of scores with the original."""

    name = "quashars_shared_scramble"

    def scramble_hidden(self, state: QuasharsState, viewer: Viewer, rng: Rng) -> QuasharsState:
        other = super().scramble_hidden(state, viewer, rng)
        if viewer != HOST:
            other.scores = state.scores
        return other


class NoScrambleGame(QuasharsGame):
    """Forgot `scramble_hidden`: the core's default refuses, naming the game."""

    name = "quashars_no_scramble"
    title = "Quashars without scrambling"

    def scramble_hidden(self, state: QuasharsState, viewer: Viewer, rng: Rng) -> QuasharsState:
        return Game._scramble_hidden(self, state, viewer, rng)


@pytest.mark.parametrize(
    ("variant", "error", "message"),
    [
        (CloneScrambleGame, AssertionError, r"changed the state in only 0 of \d+ scrambles"),
        (PrngOnlyScrambleGame, AssertionError, r"never changed what the host sees"),
        (EveryHandGame, AssertionError, r"the view of seat \d changes .*\$\.hand"),
        (SharedScoresGame, AssertionError, r"changed the state it was scrambled from"),
        (NoScrambleGame, NotImplementedError, r"Quashars without scrambling .* scramble_hidden"),
    ],
)
def test_each_scramble_bug_is_caught(
    register: Any, variant: type, error: type[Exception], message: str
) -> None:
    game = register(variant())
    with pytest.raises(error, match=message):
        check_scrambling_moves_hidden_cards(game)


def test_the_host_scramble_is_a_clone_and_a_bad_one_is_caught() -> None:
    game = registry.get("quashars")
    state = game.new(3, 3)
    assert check_scramble(game, state, HOST, Rng(1)).to_json() == state.to_json()
    with pytest.raises(AssertionError, match="for the host, who knows everything"):
        check_scramble(EveryHandGame(), state, HOST, Rng(1))


# ------------------------------------------------- a game that only samples (Blotto)

blotto = example.load()
BlottoGame = blotto.BlottoGame
BlottoState = Any


def _blotto_walks(game: Game[Any, Any]) -> None:
    """Every check that walks whole games, on the fewest and most seats."""
    check_real_time_coverage(game, games=2)
    check_scrambling_moves_hidden_cards(game)
    for seed in range(3):
        walk_scrambles(game, game.new(seed, 2 + seed % 3), Rng(seed).below, Rng(seed + 50))


def test_the_sound_example_game_passes_every_walk(register: Any) -> None:
    game = register(BlottoGame())
    assert not game.lists_actions
    _blotto_walks(game)


class PeekingBlotto(BlottoGame):
    """Bug: a seat's view tells how many troops the next seat put on the first field."""

    name: ClassVar[str] = "blotto_peeking"

    def _view(self, state: BlottoState, viewer: Viewer) -> JSONDict:
        view = super()._view(state, viewer)
        if viewer >= 0:
            sealed = state.sealed[(viewer + 1) % state.players]
            view["next_first"] = None if sealed is None else sealed[0]
        return view


class MirrorBlotto(BlottoGame):
    """Bug: `sample_action` copies the split another seat has sealed (hidden from the seat)."""

    name: ClassVar[str] = "blotto_mirror"

    def sample_action(self, state: BlottoState, seat: int, rng: Rng) -> JSONDict | None:
        action = super().sample_action(state, seat, rng)
        other = state.sealed[(seat + 1) % state.players]
        if action is not None and other is not None:
            action["troops"] = other[:]
        return action


class RefusalMovesTheClockBlotto(BlottoGame):
    """Bug: a second split from a seat is refused, but first moves the round's deadline."""

    name: ClassVar[str] = "blotto_clock"

    def _apply(self, state: BlottoState, inp: Input) -> list[Event]:
        if inp.seat is not None and state.sealed[inp.seat] is not None and state.deadline:
            state.deadline += 1
        return super()._apply(state, inp)


class EarlyTickBlotto(BlottoGame):
    """Bug: a tick 1 ms early closes the round too ("the host's clock may be early")."""

    name: ClassVar[str] = "blotto_early"

    def apply(self, state: BlottoState, inp: Input) -> list[Event]:
        deadline = self.next_deadline(state)
        if inp.seat is None and deadline is not None and inp.time == deadline - 1:
            inp = Input.tick(deadline)
        return super().apply(state, inp)


class TurnsBlotto(BlottoGame):
    """Bug: says it is turn-based, yet every seat sends its split at the same time."""

    name: ClassVar[str] = "blotto_turns"
    real_time: ClassVar[bool] = False


class ForgetfulBlotto(BlottoGame):
    """Bug: a state rebuilt from JSON forgets the scores."""

    name: ClassVar[str] = "blotto_forgetful"

    def state_from_json(self, data: JSONDict) -> BlottoState:
        state = super().state_from_json(data)
        state.scores = [0] * state.players
        return state


class CloneScrambleBlotto(BlottoGame):
    """Bug: scrambling returns a plain clone, so every view check passes vacuously."""

    name: ClassVar[str] = "blotto_clone_scramble"

    def _scramble_hidden(self, state: BlottoState, viewer: Viewer, rng: Rng) -> BlottoState:
        return state.clone()


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (PeekingBlotto, r"the view of seat \d changes .*\$\.next_first"),
        (MirrorBlotto, r"sample_action draws from one seed for seat \d depend on hidden"),
        (RefusalMovesTheClockBlotto, r"refused \(blotto/already_sent: .*\) but changed the state"),
        (EarlyTickBlotto, r"a tick at \d+ ms, 1 ms before the deadline \d+, was accepted"),
        (TurnsBlotto, r"says it is turn-based .* yet two seats could act at once"),
        (ForgetfulBlotto, r"did not survive a round trip: \$\.scores"),
        (CloneScrambleBlotto, r"changed the state in only 0 of \d+ scrambles"),
    ],
)
def test_each_bug_of_a_sampling_game_is_caught(register: Any, variant: type, message: str) -> None:
    game = register(variant())
    with pytest.raises(AssertionError, match=message):
        _blotto_walks(game)
