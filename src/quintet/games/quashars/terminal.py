"""Quashars at a terminal: the person at seat 0 against bots, under a virtual clock.

The terminal table is a host like the server or the simulator: it drives the game only
through `game.apply`, `game.view` and `events_for`, keeps its own virtual clock in ms, and
shows the person exactly seat 0's view and events. Input and output are injected (an `ask`
function and a rich `Console`) so tests play whole matches without a subprocess.
`cli.play` seats the bots and runs it.
"""

from __future__ import annotations

import re
from typing import Any, Final

from rich.text import Text

from quintet.core import Input, JSONDict, RuleError, events_for
from quintet.games.quashars.render import (
    event_renderables,
    play_options,
    predict_options,
    starts_text,
    status_renderable,
)
from quintet.games.terminal import Quit, TerminalTable, winners_text

PREDICT_PROMPT: Final = "Your prediction (like 3, or 3+ / 3f with the flex chip; q quits) > "
PLAY_PROMPT: Final = "Your card (an option number, or a code like Y9; q quits) > "

_NUMBER = re.compile(r"^(\d+)\s*([+fF]?)$")
_CARD_CODE = re.compile(r"^[A-Za-z]\d{1,2}$")


def parse_answer(answer: str, phase: str, legal: list[JSONDict]) -> JSONDict | str:
    """Turn what the player typed into an action, or a message saying what to type.

    Numbers are predictions in the predict phase and option numbers in the play
    phase; a card code is a play. Whatever parses goes to the rules, which have
    the last word (and the clear message) on whether it is allowed.
    """
    text = answer.strip()
    if text.lower() in ("q", "quit", "exit"):
        raise Quit
    if phase == "predict":
        hint = "type a prediction: a number like 3, or 3+ (or 3f) with the flex chip"
    else:
        hint = f"type an option number from 1 to {len(legal)}, or a card code like Y9"
    if not text:
        return f"Nothing typed: {hint}."
    number = _NUMBER.match(text)
    if number:
        value, flex = int(number.group(1)), bool(number.group(2))
        if phase == "predict" or flex:
            return {"type": "predict", "chips": value, "flex": flex}
        if 1 <= value <= len(legal):
            return legal[value - 1]
        return f"There is no option {value}: {hint}."
    if _CARD_CODE.match(text):
        return {"type": "play", "card": text.upper()}
    return f"Cannot read {text!r}: {hint}."


class QuasharsTable(TerminalTable):
    """One match between the person at a terminal and bots, under a virtual clock."""

    def _intro(self, view: JSONDict) -> None:
        self.console.print(
            Text(
                f"Quashars: {view['players']} players, {view['games']} games. "
                f"You are seat {self.me}. "
                f"{starts_text(int(view['start_player']), self.me)}",
                style="bold",
            )
        )

    def _pause_prompt(self, view: JSONDict) -> str:
        return f"Press Enter to deal game {view['game_no'] + 1} > "

    def _show(self, events: list[Any]) -> None:
        for event in events_for(events, self.me):
            for renderable in event_renderables(event, self.me):
                self.console.print(renderable)
            if event["type"] == "match_over":
                self.console.print(winners_text(event, self.me))

    def _human_turn(self, view: JSONDict) -> list[Any]:
        legal: list[JSONDict] = view["legal"]
        phase: str = view["phase"]
        options = predict_options(legal) if phase == "predict" else play_options(legal)
        prompt = PREDICT_PROMPT if phase == "predict" else PLAY_PROMPT
        self.console.print()
        self.console.print(status_renderable(view, self.me))
        self.console.print(options)
        while True:
            action = parse_answer(self.ask(prompt), phase, legal)
            if isinstance(action, str):
                self.console.print(Text(action, style="bold red"))
                continue
            try:
                events: list[Any] = self.game.apply(self.state, Input(self.me, action, self.now))
            except RuleError as error:
                self.console.print(Text(f"Not allowed: {error.message}.", style="bold red"))
                self.console.print(options)
                continue
            return events
