"""Quiddler on a terminal: rich renderables built from one seat's view and events.

Everything here reads a view (`game.view(state, seat)`) or an event the seat may see
(`events_for`), never a state, so nothing it prints can show a hidden card. A card is
written as its name with its value, `qu(9)`, the name being what the player types; a word
as `quit (qu-i-t, 14)`, so the cards behind a word are always visible.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from quintet.core import JSONDict, Seat
from quintet.games import terminal
from quintet.games.quiddler.components import points, value
from quintet.games.terminal import ranking_table, seat_name

#: How each bonus is named in the round's table.
_BONUS_NAMES: Final = {"longest": "longest word", "most": "most words"}


def _verb(seat: Seat, me: Seat, mine: str, theirs: str) -> str:
    return f"{seat_name(seat, me)} {mine if seat == me else theirs}"


def card_text(card: str) -> str:
    """A card with its value: "qu(9)"."""
    return f"{card}({value(card)})"


def cards_text(cards: Sequence[str]) -> str:
    """Cards with their values, separated by spaces; "none" for no card."""
    return " ".join(card_text(card) for card in cards) or "none"


def word_text(cards: Sequence[str]) -> str:
    """A word with its cards and points: "quit (qu-i-t, 14)"."""
    return f"{''.join(cards)} ({'-'.join(cards)}, {points(cards)})"


def words_text(words: Sequence[Sequence[str]]) -> str:
    return ", ".join(word_text(word) for word in words) or "no words"


def hand_text(hand: Sequence[str]) -> Text:
    """The player's own hand, in name order, with values and their sum."""
    count = len(hand)
    text = Text(f"Your hand ({count} card{'' if count == 1 else 's'}, ", style="bold")
    text.append(f"{points(hand)} points): ", style="bold")
    text.append(cards_text(hand))
    return text


def scores_text(view: JSONDict, me: Seat) -> Text:
    totals = view["totals"]
    parts = [f"{seat_name(seat, me)} {total}" for seat, total in enumerate(totals)]
    return Text("Scores: " + ", ".join(parts))


def status_renderable(view: JSONDict, me: Seat, *, brief: bool = False) -> RenderableType:
    """Everything the seat may see, for the moment it has to decide; `brief`: only the
    discard pile, the hand and what to do (after its draw, when nothing else changed)."""
    parts = [] if brief else table_texts(view, me)
    top = view["discard_top"]
    pile = Text("Discard pile: ")
    pile.append(card_text(top) if top is not None else "empty", style="bold")
    if top is not None:
        pile.append(f" on top ({len(view['discard_pile'])} cards)")
    parts += [pile, hand_text(view["hand"]), turn_text(view, me)]
    return Group(*parts)


def table_texts(view: JSONDict, me: Seat) -> list[Text]:
    """The round, the scores, what others laid down and the cards they are known to hold."""
    players = int(view["players"])
    header = Text(
        f"Round {view['round']} of {view['rounds']} ({view['hand_size']} cards)", style="bold"
    )
    if players > 1:
        header.append(f", dealer: {seat_name(int(view['dealer']), me)}")
    header.append(f", draw pile: {view['draw_pile']} cards")
    if players == 1:
        return [header, Text(f"Score so far: {view['totals'][0]}")]
    texts = [header, scores_text(view, me)]
    for seat, words in enumerate(view["words"]):
        if view["done"][seat] and seat != me:
            how = "went out with" if seat == view["went_out"] else "laid down"
            texts.append(Text(f"{seat_name(seat, me)} {how}: {words_text(words)}"))
    for seat, cards in enumerate(view["known"]):
        if cards and seat != me:
            texts.append(
                Text(f"{seat_name(seat, me)} holds (taken from the pile): {cards_text(cards)}")
            )
    return texts


def turn_text(view: JSONDict, me: Seat) -> Text:
    """Whose turn it is and, for the player, what to do now."""
    to_act = view["to_act"]
    if to_act is None:
        return Text("Nobody's turn: the round is over.")
    if to_act != me:
        return Text(f"{seat_name(int(to_act), me)}'s turn.")
    step = view["step"]
    went_out = view["went_out"]
    if (went_out is not None and went_out != me) or view["last_call"]:
        why = (
            "the draw pile ran out"
            if went_out is None
            else f"{seat_name(int(went_out), me)} went out"
        )
        lead = f"Your last turn ({why}): "
        rest = "draw, then lay down what you can." if step == "draw" else "lay down what you can."
        return Text(lead + rest, style="bold yellow")
    if step == "draw":
        return Text("Your turn: draw from the deck or the discard pile.", style="bold yellow")
    return Text("Your turn: discard a card, or go out.", style="bold yellow")


# ------------------------------------------------------------------------- events


def event_renderables(event: JSONDict, me: Seat) -> list[RenderableType]:
    """How one event this seat may see is told to it (nothing for unknown types)."""
    kind = event["type"]
    seat = int(event["seat"]) if "seat" in event else -1
    if kind == "round_started":
        return [
            Text(
                f"\nRound {event['round']}: {seat_name(int(event['dealer']), me)} "
                f"deal{'' if event['dealer'] == me else 's'} {event['hand_size']} cards each; "
                f"the discard pile starts with {card_text(event['discard_top'])}. "
                f"{seat_name(int(event['to_act']), me)} "
                f"play{'' if event['to_act'] == me else 's'} first.",
                style="bold",
            )
        ]
    if kind == "dealt":
        return [Text(f"You are dealt: {cards_text(event['hand'])}")]
    if kind == "drew":
        if event["source"] == "discard":
            took = _verb(seat, me, "take", "takes")
            return [Text(f"{took} {card_text(event['card'])} from the discard pile.")]
        if seat == me:
            return []  # "drew_card" says which card
        return [Text(f"{seat_name(seat, me)} draws from the deck.")]
    if kind == "drew_card":
        return [Text(f"You draw {card_text(event['card'])} from the deck.")]
    if kind == "discarded":
        return [Text(f"{_verb(seat, me, 'discard', 'discards')} {card_text(event['card'])}.")]
    if kind == "went_out":
        text = Text(f"{_verb(seat, me, 'go', 'goes')} out: ", style="bold")
        text.append(f"{words_text(event['words'])}; discard {card_text(event['discard'])}.")
        return [text]
    if kind == "laid_down":
        text = Text(f"{_verb(seat, me, 'lay', 'lays')} down: {words_text(event['words'])}")
        text.append(f"; unused: {cards_text(event['unused'])}")
        text.append(f"; discard {card_text(event['discard'])}.")
        return [text]
    if kind == "reshuffled":
        return [
            Text(
                f"The draw pile ran out: the discard pile but its top is shuffled into a new "
                f"draw pile ({event['draw_pile']} cards)."
            )
        ]
    if kind == "challenged":
        return [_challenged_text(event, me)]
    if kind == "accepted" and event["seat"] != me:
        return [Text(f"{seat_name(event['seat'], me)} accepts the words.")]
    if kind == "last_call":
        if "turn_limit" in event:
            return [
                Text(
                    f"The round has lasted {event['turn_limit']} turns, the most a round may: "
                    "everyone takes a last turn, and the round ends.",
                    style="bold",
                )
            ]
        return [
            Text(
                "The draw pile ran out with no reshuffle left: everyone takes a last turn, "
                "drawing from the discard pile, and the round ends.",
                style="bold",
            )
        ]
    if kind == "round_scored":
        return [round_table(event, me)]
    if kind == "game_over":
        return [ranking_table(event, me), winners_text(event, me)]
    return []


def _challenged_text(event: JSONDict, me: Seat) -> Text:
    """A challenge and its verdict: who loses the word's points."""
    challenger, owner = event["challenger"], event["seat"]
    word = "".join(event["cards"])
    whose = "your" if owner == me else f"{seat_name(owner, me)}'s"
    text = f"{_verb(challenger, me, 'challenge', 'challenges')} {whose} word {word!r}: "
    loser = challenger if event["valid"] else owner
    verdict = "it is in the dictionary" if event["valid"] else "it is not in the dictionary"
    pays = "you lose" if loser == me else f"{seat_name(loser, me)} loses"
    return Text(f"{text}{verdict}; {pays} its {event['points']} points.", style="bold")


def _bonus_text(scores: JSONDict, seat: Seat) -> str:
    named = [name for key, name in _BONUS_NAMES.items() if scores[key][seat]]
    return ", ".join(f"+10 {name}" for name in named) or "-"


def round_table(event: JSONDict, me: Seat) -> Table:
    """Everyone's words, unused cards and points for the round just scored.

    The event's `scores` hold each part of the points as a list by seat
    (`scoring.parts_json`): {"words": [21, 30], "unused": [0, -4], ...}.
    """
    scores = event["scores"]
    table = Table(title=f"Round {event['round']} scored", title_justify="left", show_lines=True)
    table.add_column("Seat")
    table.add_column("Words", overflow="fold")
    table.add_column("Unused", overflow="fold")
    table.add_column("Bonus")
    table.add_column("Round", justify="right")
    table.add_column("Total", justify="right")
    for seat, total in enumerate(scores["total"]):
        challenged = scores["invalid"][seat] + scores["challenges"][seat]
        points_text = f"{total:+d}"
        if challenged:
            points_text += f" (challenges {challenged:+d})"
        unused = event["unused"][seat]
        table.add_row(
            seat_name(seat, me),
            f"{words_text(event['words'][seat])}  [{scores['words'][seat]:+d}]",
            f"{cards_text(unused)}  [{scores['unused'][seat]:+d}]" if unused else "none",
            _bonus_text(scores, seat),
            points_text,
            str(event["totals"][seat]),
        )
    return table


def winners_text(event: JSONDict, me: Seat) -> Text:
    scores = event["scores"]
    if len(scores) == 1:
        return Text(f"Game over: you scored {scores[0]} in eight rounds.", style="bold green")
    return terminal.winners_text(event, me)
