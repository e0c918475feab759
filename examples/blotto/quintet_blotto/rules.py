"""Colonel Blotto over a few rounds: the example game (docs/adding-a-game.md).

Each round the fields get values from 1 to 9, drawn from the state's generator and
shown to all. Every seat, at the same time, splits its troops over the fields and
sends the split sealed; once all have sent one, or the round's time is up (a seat
that sent none fights with no troops), the splits are shown and each field's value
goes to the one seat with the most troops there (a tie for the most: to nobody).
Most points after the last round wins.

A split of 100 troops over 5 fields is one of 4.6 million: the game cannot list its
actions (`lists_actions = False`); it draws one at random instead (`sample_action`).
"""

from __future__ import annotations

from typing import ClassVar

from quintet.core import (
    HOST,
    BadInput,
    Event,
    Game,
    IllegalAction,
    Input,
    JSONDict,
    Options,
    Outcome,
    Rng,
    Seat,
    Viewer,
    private,
    public,
)
from quintet_blotto.components import MAX_VALUE, parse_split, random_split, winners
from quintet_blotto.state import BlottoOptions, BlottoState


class BlottoGame(Game[BlottoState, BlottoOptions]):
    name: ClassVar[str] = "blotto"
    title: ClassVar[str] = "Blotto"
    summary: ClassVar[str] = "Split troops over the fields in secret; most troops take a field."
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[Options]] = BlottoOptions
    real_time: ClassVar[bool] = True  # no turns: every seat sends at the same time
    lists_actions: ClassVar[bool] = False
    option_examples: ClassVar[tuple[JSONDict, ...]] = (
        {},
        {"rounds": 2, "troops": 4, "fields": 3, "round_ms": 1000},  # ties are common
    )

    def _new(self, seed: int, players: int, options: BlottoOptions) -> BlottoState:
        state = BlottoState(players, options, Rng(seed))
        self._start_round(state, 0)
        return state

    def _start_round(self, state: BlottoState, time: int) -> JSONDict:
        state.round += 1
        state.values = [1 + state.rng.below(MAX_VALUE) for _ in range(state.options.fields)]
        state.sealed = [None] * state.players
        state.deadline = time + state.options.round_ms
        return {"round": state.round, "values": state.values[:], "ends_at": state.deadline}

    # ------------------------------------------------------------------ the way in

    def _apply(self, state: BlottoState, inp: Input) -> list[Event]:
        action, seat = inp.action, inp.seat
        if action["type"] == "tick":
            if set(action) != {"type"}:
                raise BadInput(f"a tick takes no fields, not {sorted(set(action) - {'type'})}")
            return self._close_round(state, inp.time)
        if action["type"] != "deploy":
            raise BadInput(f"Blotto's action is 'deploy', not {action['type']!r}")
        if seat is None:
            raise BadInput("only a seat deploys troops; the host sends ticks")
        if set(action) != {"type", "troops"}:
            raise BadInput(f"'deploy' takes 'troops' only, not {sorted(set(action) - {'type'})}")
        split = parse_split(action["troops"], state.options.troops, state.options.fields)
        if state.sealed[seat] is not None:
            raise IllegalAction(
                f"seat {seat} has already sent its split for round {state.round}",
                "blotto/already_sent",
            )
        state.sealed[seat] = split
        events = [public("sealed", seat=seat), private(seat, "deployed", troops=split[:])]
        if all(sent is not None for sent in state.sealed):
            events += self._close_round(state, inp.time)
        return events

    def _close_round(self, state: BlottoState, time: int) -> list[Event]:
        fields = state.options.fields
        splits = [[0] * fields if sent is None else sent for sent in state.sealed]
        won = winners(splits, fields)
        for field, seat in enumerate(won):
            if seat is not None:
                state.scores[seat] += state.values[field]
        state.history.append({"values": state.values[:], "splits": splits, "won": won})
        events = [
            public("revealed", round=state.round, splits=[s[:] for s in splits], won=won[:]),
        ]
        if state.round == state.options.rounds:
            state.round += 1
            state.values, state.sealed, state.deadline = [], [None] * state.players, None
            return [*events, public("over", scores=state.scores[:])]
        return [*events, public("round", **self._start_round(state, time))]

    # ------------------------------------------------------------------ the way out

    def _view(self, state: BlottoState, viewer: Viewer) -> JSONDict:
        view: JSONDict = {
            "round": min(state.round, state.options.rounds),
            "rounds": state.options.rounds,
            "troops": state.options.troops,
            "values": state.values[:],
            "sent": [sent is not None for sent in state.sealed],
            "scores": state.scores[:],
            "deadline": state.deadline,
            "history": [BlottoState._round_copy(done) for done in state.history],
            "over": self.is_over(state),
        }
        if viewer == HOST:
            view["sealed"] = [None if s is None else s[:] for s in state.sealed]
        elif viewer >= 0:
            own = state.sealed[viewer]
            view["split"] = None if own is None else own[:]
            view["can_deploy"] = self.can_act(state, viewer)
        return view

    def next_deadline(self, state: BlottoState) -> int | None:
        return state.deadline

    def sample_action(self, state: BlottoState, seat: Seat, rng: Rng) -> JSONDict | None:
        if not self.can_act(state, seat):
            return None
        return {"type": "deploy", "troops": random_split(*_split_size(state), rng)}

    def can_act(self, state: BlottoState, seat: Seat) -> bool:
        return not self.is_over(state) and state.sealed[seat] is None

    def is_over(self, state: BlottoState) -> bool:
        return state.round > state.options.rounds

    def outcome(self, state: BlottoState) -> Outcome | None:
        return Outcome.from_scores(state.scores) if self.is_over(state) else None

    def hidden_cards(self, state: BlottoState, viewer: Viewer) -> frozenset[str]:
        """No cards: what is hidden is each split sealed by another seat ("seat 1's split")."""
        if viewer == HOST:
            return frozenset()
        return frozenset(
            f"seat {seat}'s split"
            for seat, sent in enumerate(state.sealed)
            if sent is not None and seat != viewer
        )

    def _scramble_hidden(self, state: BlottoState, viewer: Viewer, rng: Rng) -> BlottoState:
        other = state.clone()
        if viewer == HOST:
            return other
        other.rng = rng.fork()  # the values of rounds to come: nobody knows them yet
        for seat, sent in enumerate(state.sealed):
            if sent is not None and seat != viewer:
                other.sealed[seat] = random_split(*_split_size(state), rng)
        return other

    def state_from_json(self, data: JSONDict) -> BlottoState:
        return BlottoState.from_json(data)


def _split_size(state: BlottoState) -> tuple[int, int]:
    return state.options.troops, state.options.fields


GAME = BlottoGame()
