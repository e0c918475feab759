"""Quashars on a terminal: rich renderables built from one seat's view and events.

Everything here reads a view (`game.view(state, seat)`) or an event the seat may
see (`events_for`), never a state, so nothing it prints can show a hidden card.
Every card is shown with its colour's name or letter and symbol as well as in
its colour, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from quintet.core import JSONDict, Seat
from quintet.games.quashars.components import (
    CARD_BY_CODE,
    COLOUR_LETTERS,
    COLOUR_SYMBOLS,
    COLOURS,
    CONDITION_BY_ID,
    CONDITIONS,
    colour_of,
    name,
)
from quintet.games.terminal import ranking_table, seat_name

#: The rich style of each colour, in `COLOURS` order. Bright blue reads on dark
#: terminals, where plain blue is hard to see.
COLOUR_STYLES: Final = ("bold red", "bold yellow", "bold green", "bold bright_blue")


def starts_text(start_player: Seat, me: Seat) -> str:
    if start_player == me:
        return "You predict and lead first."
    return f"Seat {start_player} predicts and leads first."


def card_text(code: str, with_code: bool = False) -> Text:
    """A card as "☀ yellow 9" (or "Y9 ☀ yellow 9"), in its colour."""
    card_id = CARD_BY_CODE[code.upper()]
    colour = colour_of(card_id)
    label = f"{COLOUR_SYMBOLS[colour]} {name(card_id)}"
    if with_code:
        label = f"{code.upper()} {label}"
    return Text(label, style=COLOUR_STYLES[colour])


def condition_label(condition_id: str) -> str:
    """A short label for a condition: "in a row", "three tricks"."""
    return condition_id.replace("_", " ")


def conditions_text(ids: Sequence[str]) -> Text:
    """The revealed condition cards, one per pile, on one line."""
    text = Text("Conditions: ")
    for i, cid in enumerate(ids):
        if i:
            text.append(" | ")
        cond = CONDITIONS[CONDITION_BY_ID[cid]]
        text.append(f"{cond.pile}. {cond.text}")
    return text


def prediction_text(prediction: JSONDict | None) -> str:
    if prediction is None:
        return "-"
    chips = int(prediction["chips"])
    if prediction["flex"]:
        return f"{chips} or {chips + 1} (flex)"
    return str(chips)


def hand_renderable(hand: Sequence[str]) -> RenderableType:
    """The hand grouped by colour (the view lists it in colour then number order)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column()
    for colour, colour_name in enumerate(COLOURS):
        codes = [c for c in hand if c[0].upper() == COLOUR_LETTERS[colour]]
        if not codes:
            continue
        label = Text(f"{COLOUR_SYMBOLS[colour]} {colour_name}", style=COLOUR_STYLES[colour])
        grid.add_row(label, Text(" ".join(codes), style=COLOUR_STYLES[colour]))
    return Group(
        Text(f"Your hand ({len(hand)} card{'' if len(hand) == 1 else 's'}):", style="bold"), grid
    )


def seats_table(view: JSONDict, me: Seat) -> Table:
    """Predictions, chips, tricks, conditions met and scores of every seat."""
    table = Table(
        title=f"Game {view['game_no']} of {view['games']}",
        title_justify="left",
        caption="* starts this game.  Chips: prediction chips left; Flex: flex chip left; "
        "Taken: chips taken after running out.",
        caption_justify="left",
    )
    for header in ("Seat", "Predicted", "Chips", "Flex", "Taken", "Tricks", "Met"):
        table.add_column(header)
    table.add_column("Score", justify="right")
    for seat in range(int(view["players"])):
        chips = view["chips"][seat]
        mark = " *" if seat == view["start_player"] else ""
        table.add_row(
            seat_name(seat, me) + mark,
            prediction_text(view["predictions"][seat]),
            "-" if chips is None else str(chips["left"]),
            "-" if chips is None else ("yes" if chips["flex_left"] else "no"),
            "-" if chips is None else str(chips["taken"]),
            str(view["tricks_won"][seat]),
            str(view["met"][seat]),
            str(view["totals"][seat]),
        )
    return table


def trick_text(view: JSONDict, me: Seat) -> Text:
    """The trick on the table, or who leads the next one."""
    number = len(view["tricks"]) + 1
    if not view["trick"]:
        return Text(f"Trick {number}: {seat_name(int(view['leader']), me)} to lead.")
    text = Text(f"Trick {number}: ")
    for i, played in enumerate(view["trick"]):
        if i:
            text.append(", ")
        text.append(f"{seat_name(int(played['seat']), me)} ")
        text.append_text(card_text(played["card"]))
    return text


def status_renderable(view: JSONDict, me: Seat) -> RenderableType:
    """Everything the seat may see, for the moment it has to decide."""
    parts: list[RenderableType] = [
        conditions_text([c["id"] for c in view["conditions"]]),
        seats_table(view, me),
    ]
    if view["phase"] == "play":
        parts.append(trick_text(view, me))
    parts.append(hand_renderable(view["hand"]))
    return Group(*parts)


def play_options(legal: Sequence[JSONDict]) -> Text:
    """The legal cards, numbered from 1."""
    text = Text("Cards you may play: ")
    for i, action in enumerate(legal, start=1):
        if i > 1:
            text.append("  ")
        text.append(f"{i}) ")
        text.append_text(card_text(str(action["card"]), with_code=True))
    return text


def predict_options(legal: Sequence[JSONDict]) -> Text:
    """The legal predictions, as a range: listing 76 of them helps nobody."""
    counts = sorted({int(a["chips"]) for a in legal})
    flex = any(a["flex"] for a in legal)
    text = Text(f"Predictions you may make: {counts[0]} to {counts[-1]}")
    if flex:
        text.append(", each also with the flex chip (3+ means 3 or 4, for half points)")
    return text


# ------------------------------------------------------------------------- events


def event_renderables(event: JSONDict, me: Seat) -> list[RenderableType]:
    """How one event this seat may see is told to it (nothing for unknown types)."""
    kind = event["type"]
    who = seat_name(int(event["seat"]), me) if "seat" in event else ""
    if kind == "game_started":
        return [
            Text(
                f"\nGame {event['game_no']} starts; {starts_text(int(event['start_player']), me)}",
                style="bold",
            ),
            conditions_text(event["conditions"]),
        ]
    if kind == "dealt":
        return [Text(f"You are dealt {len(event['hand'])} cards.")]
    if kind == "predicted":
        verb = "predict" if who == "You" else "predicts"
        shown = prediction_text({"chips": event["chips"], "flex": event["flex"]})
        return [Text(f"{who} {verb} {shown}.")]
    if kind == "played":
        verb = "play" if who == "You" else "plays"
        return [Text(f"{who} {verb} ").append_text(card_text(event["card"]))]
    if kind == "trick_won":
        verb = "win" if who == "You" else "wins"
        text = Text(f"{who} {verb} trick {event['trick_no']} with ", style="bold")
        text.append_text(card_text(event["card"]))
        met = event["met"]
        text.append(": " + (", ".join(condition_label(m) for m in met) if met else "no condition"))
        return [text]
    if kind == "totals_met":
        verb = "meet" if who == "You" else "meets"
        labels = ", ".join(condition_label(m) for m in event["met"])
        return [Text(f"{who} {verb} {labels} after the last trick.")]
    if kind == "game_scored":
        return [game_scored_table(event, me)]
    if kind == "match_over":
        return [ranking_table(event, me)]
    return []


def game_scored_table(event: JSONDict, me: Seat) -> Table:
    table = Table(title=f"Game {event['game_no']} scored", title_justify="left")
    for header in ("Seat", "Prediction", "Met", "Points", "Total"):
        table.add_column(header, justify="left" if header in ("Seat", "Prediction") else "right")
    for seat, points in enumerate(event["points"]):
        table.add_row(
            seat_name(seat, me),
            prediction_text({"chips": event["predicted"][seat], "flex": event["flex"][seat]}),
            str(event["met"][seat]),
            f"{points:+d}",
            str(event["totals"][seat]),
        )
    return table
