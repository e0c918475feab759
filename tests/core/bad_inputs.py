"""The bad inputs of the conformance kit (tests/core/test_conformance.py): garbage built
from what a game has offered so far, and `Prober`, which sends inputs that must be
refused and checks how each is refused (nothing changed, a code and a message, no
hidden card told). Works for a game that lists its actions and one that samples them.
"""

from __future__ import annotations

import copy
import functools
import re
from typing import Any

import pytest
from hypothesis import strategies as st

from quintet.core import (
    HOST,
    SPECTATOR,
    TICK,
    Input,
    RuleError,
    TimeWentBack,
    canonical,
    describe,
)
from quintet.core.kit import Mover, json_ready_problem, listed_movers, offered
from quintet.core.rng import Rng


@functools.lru_cache(maxsize=4096)
def _as_word(card: str) -> re.Pattern[str]:
    # A card named inside prose: "R1" must not match inside "R12".
    return re.compile(rf"(?<!\w){re.escape(card)}(?!\w)")


def named_in(text: str, cards: frozenset[str]) -> list[str]:
    return sorted(card for card in cards if card in text and _as_word(card).search(text))


def words_sent(action: Any) -> set[str]:
    """Every whole-word string and every int in an action, as text: what the sender
    named itself (Quiclo's card 72 is the int 72 in a claim, "card 72" in prose)."""
    found: set[str] = set()
    stack = [action]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            found.add(str(value))
        elif isinstance(value, str):
            # Every word inside a string too: a refusal may echo a garbage key such as
            # ">1\\O5", and the "O5" in it is then the sender's own, not a leak.
            found.update(re.findall(r"\w+", value))
    return found


def assert_json_ready(value: Any, what: str) -> None:
    problem = json_ready_problem(value)
    assert problem is None, f"{what} is not JSON-ready: {problem}"


#: Values of the wrong kind for any field.
_WRONG_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**70,
    "",
    "x",
    [],
    {},
    [0],
    {"a": 1},
)
_NOT_A_TYPE: tuple[Any, ...] = (None, 0, 1, True, 1.5, [], {}, ["tick"], {"type": "tick"})
_UNKNOWN_FIELD = "zz_no_such_field"

_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
)


def _nest(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    # A named function, not a lambda: hypothesis reads the source to check that
    # `extend` uses its argument, and a multi-line lambda's source is not always found.
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)


_json = st.recursive(_leaf, _nest, max_leaves=6)
# A garbage action is built at each step from what the game has shown so far: an
# int picks a known action type, field name or value, so garbage is often nearly
# legal, which is where checks tend to be missing.
garbage_action = st.tuples(
    st.integers(0, 63) | _json,
    st.dictionaries(
        st.integers(0, 63) | st.text(max_size=6), st.integers(0, 63) | _json, max_size=3
    ),
)
garbage_input = (
    st.fixed_dictionaries(
        {},
        optional={
            "seat": st.integers(-3, 6) | _json,
            "action": _json,
            "time": st.integers(-5, 10**9) | _json,
            "extra": _json,
        },
    )
    | _json
)


class Known:
    """Action types, field names and values the game has offered so far."""

    def __init__(self) -> None:
        self.actions: dict[str, dict[str, Any]] = {}
        self.types: list[str] = ["tick"]
        self.fields: list[str] = []
        self.values: list[Any] = []

    def learn(self, action: dict[str, Any]) -> None:
        # Full first: Quiclo offers thousands of actions a step, and canonical costs.
        if len(self.actions) > 400:
            return
        key = canonical(action)
        if key in self.actions:
            return
        self.actions[key] = action
        for field, value in action.items():
            if field == "type":
                if value not in self.types:
                    self.types.append(value)
            else:
                if field not in self.fields:
                    self.fields.append(field)
                if value not in self.values and len(self.values) < 200:
                    self.values.append(value)

    @staticmethod
    def pick(items: list[Any], index: int, otherwise: Any) -> Any:
        return items[index % len(items)] if items else otherwise

    def build(self, garbage: tuple[Any, dict[Any, Any]]) -> Any:
        kind, fields = garbage
        action: dict[str, Any] = {
            "type": self.pick(self.types, kind, kind) if isinstance(kind, int) else kind
        }
        for field, value in fields.items():
            key = self.pick(self.fields, field, f"f{field}") if isinstance(field, int) else field
            action[key] = self.pick(self.values, value, value) if isinstance(value, int) else value
        return action


class Prober:
    """Sends inputs that must be refused, and checks how each is refused.

    With `leaks` given, it checks instead that no error message names a card
    hidden from the sender, and lists each one it finds there; with `rng` too,
    that each refusal is the same once what its sender may not know is dealt
    anew (`scramble_hidden`), which finds cards that are bare numbers.
    """

    def __init__(
        self, game: Any, state: Any, leaks: list[str] | None = None, rng: Rng | None = None
    ) -> None:
        self.game = game
        self.state = state
        self.leaks = leaks
        # With `rng` too, each refusal is also sent to a scrambled copy (one per viewer).
        self.rng = rng
        self.scrambled: dict[int, Any] = {}
        self.hidden: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
        # Compared as data, not bytes: it is checked after every probe, and
        # to_json() builds fresh lists each time, so == is exact and cheaper.
        self.before = state.to_json()

    def _check_error(self, inp: Input, error: RuleError, probed: Any, what: str) -> None:
        if self.leaks is not None:
            self._check_message(inp, error, what)
            return
        assert isinstance(error.code, str) and error.code, f"{what}: empty code for {inp}"
        assert isinstance(error.message, str) and error.message, f"{what}: empty message"
        assert_json_ready(error.to_json(), f"{what}: error.to_json()")
        changed = probed.to_json() != self.before
        assert not changed, f"{what}: refused {inp} ({error.code}) but changed the state"

    def _check_message(self, inp: Input, error: RuleError, what: str) -> None:
        seat = inp.seat
        if seat is None or self.leaks is None:  # the host sees everything
            return
        viewer = seat if isinstance(seat, int) and 0 <= seat < self.state.players else SPECTATOR
        hidden, words = self._hidden_of(viewer)
        # A card the sender named itself may be echoed back; any other hidden one may not.
        sent = words_sent(inp.action)
        named = frozenset(c for w in sent for c in words if w in c and _as_word(w).search(c))
        leaked = named_in(error.message, words - named)
        if leaked:
            self.leaks.append(f"{what}: {inp} -> {error.code}: {error.message!r} names {leaked}")
        if self.rng is not None and hidden:
            self._check_refusal_ignores_hidden(inp, error, viewer, what)

    def _hidden_of(self, viewer: int) -> tuple[frozenset[str], frozenset[str]]:
        """What `viewer` may not know here, and those of it that are words, built once a
        position (every refusal leaves the state as it was)."""
        found = self.hidden.get(viewer)
        if found is None:
            hidden = self.game.hidden_cards(self.state, viewer)
            # A card named as a word ("Y9") is found in prose; a card that is a bare number
            # (Quiclo's "17") cannot be told from a seat, a time or a count there, so for it
            # only the scramble speaks.
            found = self.hidden[viewer] = (
                hidden,
                frozenset(card for card in hidden if not card.isdigit()),
            )
        return found

    def _check_refusal_ignores_hidden(
        self, inp: Input, error: RuleError, viewer: int, what: str
    ) -> None:
        """The same input is refused the same way once what the sender may not know
        is dealt anew: a refusal that depends on it tells the sender something hidden."""
        assert self.leaks is not None and self.rng is not None
        scrambled = self.scrambled.get(viewer)
        if scrambled is None:
            scrambled = self.game.scramble_hidden(self.state, viewer, self.rng)
            self.scrambled[viewer] = scrambled
        other = scrambled.clone()
        anew = f"once what {describe(viewer)} may not know is dealt anew"
        try:
            self.game.apply(other, inp)
        except RuleError as again:
            if (again.code, again.message) != (error.code, error.message):
                self.leaks.append(
                    f"{what}: {inp} -> {error.code}: {error.message!r}, but "
                    f"{again.code}: {again.message!r} {anew}"
                )
        except Exception as again:
            self.leaks.append(f"{what}: {inp} raised {type(again).__name__}: {again} {anew}")
        else:
            self.leaks.append(f"{what}: {inp} was refused ({error.code}) but accepted {anew}")

    def refused(self, inp: Input, what: str, expected: type[RuleError] = RuleError) -> None:
        """`inp` must be refused with `expected`, and change nothing."""
        try:
            self.game.apply(self.state, inp)
        except RuleError as error:
            assert isinstance(error, expected), f"{what}: {inp} raised {error!r}, not {expected}"
            self._check_error(inp, error, self.state, what)
        except Exception as error:
            pytest.fail(f"{what}: {inp} raised {type(error).__name__}: {error}, not a RuleError")
        else:
            pytest.fail(f"{what}: {inp} was accepted")

    def refused_or_legal(self, inp: Input, what: str) -> None:
        """`inp` is refused and changes nothing, or does exactly what a legal input does.

        For inputs that a lenient game may read as a legal one (a missing
        optional field, "y9" for "Y9").
        """
        probe = self.state.clone()
        try:
            events = self.game.apply(probe, inp)
        except RuleError as error:
            self._check_error(inp, error, probe, what)
            return
        except Exception as error:
            pytest.fail(f"{what}: {inp} raised {type(error).__name__}: {error}, not a RuleError")
        seat = inp.seat
        if seat is None:
            candidates = [dict(TICK)]
        else:
            assert isinstance(seat, int) and 0 <= seat < self.state.players, f"{what}: took {inp}"
            if not self.game.lists_actions:
                # No list to hold it against: the seat must at least be one that may act.
                cannot = f"{what}: took {inp} from a seat that cannot act"
                assert self.game.can_act(self.state, seat), cannot
                return
            candidates = self.game.legal_actions(self.state, seat)
        sent = canonical(inp.action)
        if any(canonical(action) == sent for action in candidates):
            return
        if any(event.type in self.game.penalty_events for event in events):
            # Accepted only to punish its sender (a wrong claim): it must say so publicly.
            assert any(e.audience is None for e in events), f"{what}: silent penalty for {inp}"
            return
        after = probe.to_json()
        for action in candidates:
            other = self.state.clone()
            try:
                self.game.apply(other, Input(seat, copy.deepcopy(action), inp.time))
            except RuleError:
                continue
            if other.to_json() == after:
                return
        pytest.fail(f"{what}: {inp} was accepted, yet no legal input of that seat does the same")


def probe_bad_inputs(
    probe: Prober, rng: Rng, known: Known, garbage: list[Any], inputs: list[Any]
) -> list[Mover] | None:
    """Send the bad inputs, each checked by `probe`. Returns the movers of the state
    (unchanged, as every refusal changed nothing) for a game that lists its actions."""
    game, state = probe.game, probe.state
    players: int = state.players
    now: int = state.now
    legal = {seat: offered(game, state, seat, rng, samples=3) for seat in range(players)}
    acting = [seat for seat in range(players) if game.can_act(state, seat)]
    shown = [a for actions in legal.values() for a in actions]
    for action in shown:
        known.learn(action)
    pool = shown or list(known.actions.values())
    deadline = game.next_deadline(state)

    def some(items: list[Any]) -> Any:
        return copy.deepcopy(items[rng.below(len(items))])

    def later() -> int:
        # Stamped before the next deadline, as a host sends a due tick before anything later.
        span = 1000 if deadline is None else max(1, deadline - now)
        return now + rng.below(span)

    if pool:
        for seat in (players, players + 1 + rng.below(9), SPECTATOR, HOST, -3 - rng.below(9)):
            probe.refused(Input(seat, some(pool), later()), "a seat that does not exist")
        probe.refused(Input(None, some(pool), later()), "the host playing for a seat")
        # Only a list says what another seat may not do (any seat may send any split in Blotto).
        for seat in range(players) if game.lists_actions else ():
            # A few draws, not a filtered list: with thousands of actions a step
            # (Quiclo) comparing every pair of them costs seconds.
            for _ in range(5):
                action = pool[rng.below(len(pool))]
                if action not in legal[seat]:
                    probe.refused(
                        Input(seat, copy.deepcopy(action), later()), "another seat's action"
                    )
                    break
        if now > 0:
            probe.refused(
                Input(rng.below(players), some(pool), rng.below(now)),
                "time went back",
                TimeWentBack,
            )
    if now > 0:
        probe.refused(Input.tick(rng.below(now)), "a tick back in time", TimeWentBack)
    if deadline is None:
        probe.refused(Input.tick(now + rng.below(10**6)), "a tick with no deadline")
    elif deadline > now:
        probe.refused(Input.tick(now + rng.below(deadline - now)), "a tick before the deadline")
    else:
        odd_tick = {**TICK, _UNKNOWN_FIELD: 1}
        probe.refused(Input(None, odd_tick, now), "a tick with an unknown field")
    tick_time = now if deadline is None else max(now, deadline)
    probe.refused(Input(rng.below(players), dict(TICK), tick_time), "a tick from a seat")

    for seat in range(players):
        unknown_type = {"type": f"no_such_action_{rng.below(1000)}"}
        if pool:
            unknown_type = {**some(pool), **unknown_type}
        probe.refused(Input(seat, unknown_type, later()), "an unknown action type")
    for seat in acting:
        if not legal[seat]:
            continue
        action = some(legal[seat])
        bad_type = dict(action)
        bad_type["type"] = _NOT_A_TYPE[rng.below(len(_NOT_A_TYPE))]
        probe.refused(Input(seat, bad_type, later()), "a type that is not a string")
        no_type = {k: v for k, v in action.items() if k != "type"}
        probe.refused(Input(seat, no_type, later()), "an action without a type")
        extra = {**action, _UNKNOWN_FIELD: _WRONG_VALUES[rng.below(len(_WRONG_VALUES))]}
        probe.refused(Input(seat, extra, later()), "an action with an unknown field")

        fields = [k for k in action if k != "type"]
        if fields:
            field = fields[rng.below(len(fields))]
            missing = {k: v for k, v in action.items() if k != field}
            probe.refused_or_legal(Input(seat, missing, later()), f"no {field!r}")
            wrong = {**action, field: _WRONG_VALUES[rng.below(len(_WRONG_VALUES))]}
            probe.refused_or_legal(Input(seat, wrong, later()), f"a wrong {field!r}")
        texts = [k for k in fields if isinstance(action[k], str)]
        if texts:
            field = texts[rng.below(len(texts))]
            value = action[field]
            hidden = sorted(game.hidden_cards(state, seat))
            odd = ["", "ZZ", "R99", "0", value.lower(), f"{value} ", value * 2, "🂡"]
            if hidden:
                odd.append(hidden[rng.below(len(hidden))])
            for text in (odd[rng.below(len(odd))], odd[-1]):
                probe.refused_or_legal(Input(seat, {**action, field: text}, later()), "an odd card")

    senders: list[int | None] = [None, *range(players)]
    for item in garbage:
        action = known.build(item)
        probe.refused_or_legal(Input(senders[rng.below(len(senders))], action, later()), "garbage")
    for item in inputs:
        try:
            inp = Input.from_json(item)
        except RuleError:
            continue
        except Exception as error:
            pytest.fail(f"Input.from_json({item!r}) raised {type(error).__name__}: {error}")
        if isinstance(inp.seat, int) and not 0 <= inp.seat < players:
            probe.refused(inp, "a garbage input from no seat")
        else:
            probe.refused_or_legal(inp, "a garbage input")
    return listed_movers(game, state, legal) if game.lists_actions else None
