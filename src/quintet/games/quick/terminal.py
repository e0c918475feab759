"""Quick at the terminal: the person at seat 0 sorts against bots, in real time.

Quick is a race, so the person's own time counts: each command is stamped with the
time the person took (read by this host, never by the rules), and every bot action
and deadline that came earlier is played first. While the person cannot act (the
countdown, checking, the results) the table runs on its own, the results waiting for
Enter. Commands (piles numbered from 1): `t P` take, `o P` onto the top of a pile,
`u P` under a pile, `n K` new pile at place K, `k` KLAAR, `c ...` the dealer's
criteria, `h` help, `q` quit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Final

from rich.console import Console
from rich.text import Text

from quintet.core import Bot, Event, Input, JSONDict, Outcome, Plan, RuleError, Seat, events_for
from quintet.games.terminal import HUMAN_SEAT, Quit, TableError, TerminalTable, seat_name

HELP: Final = (
    "t P: take the top card of pile P   o P: put your card onto the top of pile P\n"
    "u P: put it under pile P           n K: start a new pile at place K (1 = leftmost)\n"
    "k: KLAAR (one pile, empty hand)    c letter,-colour,number: choose (as dealer)\n"
    "h: this help                       q: leave the table"
)


def card_text(card: JSONDict) -> str:
    return f"{card['number']} {card['letter']} {card['colour']} {card['flames']} flames"


def read_command(line: str, view: JSONDict) -> JSONDict | None:
    """The action a command stands for; None for help. Raises ValueError with what is wrong."""
    words = line.strip().lower().replace(",", " , ").split()
    if not words:
        raise ValueError("type a command (h for help)")
    verb, rest = words[0], words[1:]
    if verb in ("h", "help", "?"):
        return None
    if verb in ("q", "quit"):
        raise Quit
    if verb in ("k", "klaar"):
        return {"type": "klaar"}
    if verb in ("c", "criteria"):
        names = [w for w in "".join(rest).split(",") if w]
        return {"type": "criteria", "criteria": names}
    if verb not in ("t", "o", "u", "n"):
        raise ValueError(f"unknown command {verb!r} (h for help)")
    if len(rest) > 1 or (rest and not rest[0].isdigit()):
        raise ValueError(f"{verb} takes one pile number, like '{verb} 2'")
    number = int(rest[0]) - 1 if rest else 0
    if verb == "t":
        return {"type": "take", "pile": number}
    if verb == "n":
        return {"type": "new_pile", "at": number}
    return {"type": "place", "pile": number, "end": "top" if verb == "o" else "bottom"}


class QuickTable(TerminalTable):
    """One game of Quick between the person (seat 0) and bots."""

    def __init__(
        self,
        game: Any,
        state: Any,
        bots: Mapping[Seat, Bot],
        ask: Callable[[str], str],
        console: Console,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(game, state, bots, ask, console)
        self.clock = clock
        self.plans: dict[Seat, Plan | None] = {}
        self._start = clock()

    def _wall(self) -> int:
        now: int = self.state.now
        return max(now, int((self.clock() - self._start) * 1000))

    def run(self) -> Outcome:
        game, state, me = self.game, self.state, self.me
        self._intro(game.view(state, me))
        while not game.is_over(state):
            if game.can_act(state, me):
                view = game.view(state, me)
                self._draw(view)
                line = self.ask("> ")
                at = self._wall()
                self._play_until(at)
                if game.is_over(state) or not game.can_act(state, me):
                    continue
                try:
                    action = read_command(line, view)
                except ValueError as error:
                    self.console.print(Text(str(error), style="yellow"))
                    continue
                if action is None:
                    self.console.print(HELP)
                    continue
                try:
                    self._show(game.apply(state, Input(me, action, at)))
                except RuleError as error:
                    self.console.print(Text(f"Refused: {error.message}", style="red"))
                continue
            if game.view(state, me)["phase"] == "scored":
                self.ask("Press Enter for the next round ")
                self._start = self.clock() - state.now / 1000
            if not self._step(None):
                raise TableError("no one can act and no deadline is set")
        outcome: Outcome = game.outcome(state)
        return outcome

    def _ask_bots(self) -> None:
        for seat, bot in self.bots.items():
            if self.game.can_act(self.state, seat):
                self.plans[seat] = bot.plan(self.game.view(self.state, seat), self.state.now)
            else:
                self.plans[seat] = None

    def _step(self, until: int | None) -> bool:
        """Play the earliest bot plan or deadline (if at or before `until`); whether one ran."""
        game, state = self.game, self.state
        self._ask_bots()
        deadline = game.next_deadline(state)
        when: int | None = deadline
        seat: Seat | None = None
        for other, plan in self.plans.items():
            if plan is not None and (when is None or plan.time < when):
                when, seat = plan.time, other
        if when is None or (until is not None and when > until):
            return False
        when = max(when, state.now)
        if seat is None:
            self._show(game.apply(state, Input.tick(when)))
            return True
        plan = self.plans[seat]
        assert plan is not None
        try:
            self._show(game.apply(state, Input(seat, plan.action, when)))
        except RuleError as error:
            self.bots[seat].refused(error, when)
        return True

    def _play_until(self, at: int) -> None:
        while not self.game.is_over(self.state) and self._step(at):
            pass

    # ------------------------------------------------------------------ printing

    def _intro(self, view: JSONDict) -> None:
        self.console.print(
            Text(f"Quick: {view['players']} players; you are seat {self.me}.", style="bold")
        )
        self.console.print(HELP)

    def _draw(self, view: JSONDict) -> None:
        mine = view["tables"][self.me]
        piles = "  ".join(f"[{i + 1}] {size}" for i, size in enumerate(mine["piles"])) or "none"
        hand = view.get("hand")
        criteria = " · ".join(["OBEN/UNTEN", *view["criteria"]])
        self.console.print(f"Criteria: {criteria}")
        if view["phase"] == "choose":
            self.console.print("You deal: choose the criteria with c, e.g. c letter,number")
            return
        others = []
        for seat, table in enumerate(view["tables"]):
            if seat == self.me:
                continue
            state = f"KLAAR #{table['klaar']}" if table["klaar"] else f"piles {table['piles']}"
            others.append(f"{seat_name(seat, self.me)}: {state}, chips {table['chips']}")
        self.console.print("; ".join(others))
        held = "empty" if hand is None else card_text(hand)
        self.console.print(f"Your piles: {piles}   hand: {held}   chips: {mine['chips']}")

    def _show(self, events: list[Event]) -> None:
        for event in events_for(events, self.me):
            line = self._line(event)
            if line:
                self.console.print(line)

    def _line(self, event: JSONDict) -> str | None:
        kind = event["type"]
        who = seat_name(event["seat"], self.me) if "seat" in event else ""
        if kind == "round":
            return f"Round {event['round']}: cards {event['cards']}, {event['pot']} chip(s)."
        if kind == "quick":
            return "QUICK!"
        if kind == "took":
            return f"You see {card_text(event['card'])}."
        if kind == "klaar":
            return f"{who}: KLAAR (#{event['place']})."
        if kind == "clock":
            return f"{who} has until {event['until'] / 1000:.1f} s."
        if kind == "stopped":
            return f"{who} is stopped."
        if kind == "revealed":
            return f"{who}, card {event['place'] + 1}: {card_text(event['card'])}."
        if kind == "checked":
            return f"{who}: {'correct, a chip!' if event['correct'] else 'wrong.'}"
        if kind == "criteria":
            return f"Criteria: {', '.join(event['criteria'])}."
        if kind == "game_over":
            winners = " and ".join(seat_name(s, self.me) for s in event["winners"])
            return f"Game over: {winners} won. Chips: {event['scores']}."
        return None


__all__ = ["HUMAN_SEAT", "QuickTable", "card_text", "read_command"]
