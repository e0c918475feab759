"""Quiddler at a terminal: the person at seat 0 against bots, under a virtual clock.

The terminal table is a host like the server or the simulator: it drives the game only
through `game.apply`, `game.view` and `events_for`, keeps its own virtual clock in ms,
and shows the person exactly seat 0's view and events. Input and output are injected
(an `ask` function and a rich `Console`) so tests play whole games without a subprocess.

What the player types (every prompt says it; `help` prints it all):

- to draw: `d` (or `deck`) for the draw pile, `p` (or `pile`) for the discard pile;
- to discard: the card's name, as shown in the hand: `qu`, `e`;
- to go out: `go`, the words as plain text, `/` and the card to discard:
  `go quit then / e`;
- in a last turn (after someone went out): the words, `/` and the discard:
  `quit then / e`, or `/ e` to lay down no word; the cards left over count against you;
- `exit` leaves the table (so do Ctrl-C and Ctrl-D).

The text of a word is mapped onto the player's cards. When a word can be made from
different cards ("quit" is q-u-i-t or qu-i-t when both are in hand), the table asks which,
offering only the ways that leave cards for the words after it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from rich.text import Text

from quintet.core import Input, JSONDict, RuleError, events_for
from quintet.games.quiddler.components import CARDS, NAMES, points
from quintet.games.quiddler.render import (
    cards_text,
    event_renderables,
    status_renderable,
)
from quintet.games.terminal import Quit, TableError, TerminalTable, seat_name

DRAW_PROMPT: Final = "Draw: d (deck) or p (discard pile) > "
DISCARD_PROMPT: Final = "Discard a card (like: qu), or go out (like: go quit then / e) > "
LAST_PROMPT: Final = "Lay down your words, / and a discard (like: quit then / e, or: / e) > "
CHOOSE_PROMPT: Final = "Which one? (a number) > "
CHALLENGE_PROMPT: Final = "Challenge a word by its number, or press Enter to accept them > "

HELP: Final = """\
  d or deck     draw from the draw pile
  p or pile     take the top card of the discard pile
  qu            a card's name alone discards it
  go quit then / e
                go out: go, your words, / and the card to discard
                (every card but the discard must be in a word of 2+ cards)
  quit then / e in your last turn, after someone went out: your words,
                / and the discard (/ e alone lays down no word); the cards
                you do not use count against you
  2             in challenge mode, when another player lays down words:
                challenge their word number 2 (Enter accepts the words)
  exit          leave the table
Type words as plain text: the table finds your cards, and asks when a
word can be made from different cards (quit: q-u-i-t or qu-i-t)."""

_WORD = re.compile(r"^[a-z]+$")
_LEAVE: Final = frozenset({"exit", ":q"})
_HELP: Final = frozenset({"help", "?", "h"})
_DECK: Final = frozenset({"d", "deck"})
_PILE: Final = frozenset({"p", "pile", "discard"})


# ------------------------------------------------------------------ reading input


def spellings(word: str, cards: Mapping[str, int]) -> list[tuple[str, ...]]:
    """Every card sequence that spells `word` from `cards` (name -> count), each card used
    at most as often as it is held; in card-name order.

    >>> spellings("quit", {"q": 1, "u": 1, "qu": 1, "i": 1, "t": 1})
    [('q', 'u', 'i', 't'), ('qu', 'i', 't')]
    """
    left = dict(cards)
    found: list[tuple[str, ...]] = []
    sequence: list[str] = []

    def walk(at: int) -> None:
        if at == len(word):
            found.append(tuple(sequence))
            return
        for name in NAMES:
            if left.get(name, 0) > 0 and word.startswith(name, at):
                left[name] -= 1
                sequence.append(name)
                walk(at + len(name))
                sequence.pop()
                left[name] += 1

    walk(0)
    return found


def _choices(word: str, cards: Counter[str]) -> list[tuple[str, ...]]:
    """The spellings of `word` that use different cards (one per multiset of cards)."""
    distinct: dict[tuple[str, ...], tuple[str, ...]] = {}
    for spelled in spellings(word, cards):
        distinct.setdefault(tuple(sorted(spelled)), spelled)
    return list(distinct.values())


def _can_spell_all(words: Sequence[str], cards: Counter[str]) -> bool:
    """Whether all `words` can be spelled at once from `cards`."""
    if not words:
        return True
    for spelled in _choices(words[0], cards):
        rest = cards - Counter(spelled)
        if _can_spell_all(words[1:], rest):
            return True
    return False


def map_words(
    words: Sequence[str],
    cards: Counter[str],
    choose: Callable[[str, list[tuple[str, ...]]], tuple[str, ...]],
) -> list[tuple[str, ...]] | str:
    """The words as card sequences from `cards`, or a message saying why they cannot be.

    Words are placed in order; when one can be made from different cards, `choose(word,
    ways)` picks among the ways after which the later words can still be made.
    """
    for word in words:
        if not _choices(word, cards):
            return f"You cannot make {word!r} from your cards ({_held(cards)})."
    if not _can_spell_all(words, cards):
        return (
            f"Your cards ({_held(cards)}) cannot make all of these words at once: "
            f"{' '.join(words)}."
        )
    left = Counter(cards)
    placed: list[tuple[str, ...]] = []
    for number, word in enumerate(words):
        later = words[number + 1 :]
        # Every earlier choice left the later words possible, so one way at least is left.
        ways = [way for way in _choices(word, left) if _can_spell_all(later, left - Counter(way))]
        way = ways[0] if len(ways) == 1 else choose(word, ways)
        left -= Counter(way)
        placed.append(way)
    return placed


def _held(cards: Counter[str]) -> str:
    return " ".join(sorted(cards.elements())) or "none"


def parse_draw(text: str) -> JSONDict | str:
    """A draw action from `d`/`deck` or `p`/`pile`, or a message saying what to type."""
    answer = text.strip().lower()
    if answer in _DECK:
        return {"type": "draw", "source": "deck"}
    if answer in _PILE:
        return {"type": "draw", "source": "discard"}
    if not answer:
        return "Nothing typed: type d to draw from the deck, or p to take the discard pile's top."
    return f"Cannot read {text.strip()!r}: type d to draw from the deck, or p for the discard pile."


#: What `parse_play` reads from a discard or last-turn answer: (words, discard). Words
#: None means a plain discard.
Play = tuple[list[str] | None, str]


def parse_play(text: str, last: bool) -> Play | str:
    """Read a discard, a going out or a last turn's lay-down, or say what to type.

    Only the form is checked here; the cards are mapped by `map_words` and the rules judge
    the rest (a word not in the dictionary, cards left over).
    """
    answer = text.strip().lower()
    example = "quit then / e" if last else "go quit then / e"
    if not answer:
        if last:
            return f"Nothing typed: type your words, / and the card to discard, like: {example}."
        return f"Nothing typed: type a card to discard (like: qu), or go out like: {example}."
    if "/" not in answer:
        tokens = answer.split()
        if len(tokens) == 1 and tokens[0] in CARDS:
            return ([] if last else None), tokens[0]
        if tokens[0] == "go" or last:
            return f"Put / and the card to discard after the words, like: {example}."
        return (
            f"Cannot read {text.strip()!r}: type a card to discard (like: qu), "
            f"or go out like: {example}."
        )
    head, _, tail = answer.partition("/")
    discard = tail.split()
    if len(discard) != 1:
        return f"Give exactly one card after /, the card to discard, like: {example}."
    card = discard[0]
    if card not in CARDS:
        return f"{card!r} is not a Quiddler card; the cards are {' '.join(NAMES)}."
    words = head.split()
    if words and words[0] in ("go", "lay"):
        words = words[1:]
    elif not last:
        return f"To go out, start with go: {example}."
    if not words and not last:
        return f"Going out needs words before the /, like: {example}."
    for word in words:
        if not _WORD.match(word):
            return f"{word!r} is not a word: use the letters a-z only."
        if len(word) < 2:
            return f"{word!r} is too short: a word has at least 2 letters (2 cards or more)."
    return words, card


# ------------------------------------------------------------------- the table


class QuiddlerTable(TerminalTable):
    """One game between the person at a terminal and bots, under a virtual clock."""

    def _ask(self, prompt: str) -> str:
        answer = self.ask(prompt)
        if answer.strip().lower() in _LEAVE:
            raise Quit
        return answer

    def _say(self, message: str) -> None:
        self.console.print(Text(message, style="bold red"))

    def _intro(self, view: JSONDict) -> None:
        players = int(view["players"])
        against = "alone" if players == 1 else f"against {players - 1} bot(s)"
        self.console.print(
            Text(
                f"Quiddler: {players} player(s), {view['rounds']} rounds, you are seat "
                f"{self.me}, {against}. Type help at any prompt for what to type.",
                style="bold",
            )
        )
        self.console.print(
            Text(
                f"Round 1: {seat_name(int(view['dealer']), self.me)} "
                f"deal{'' if view['dealer'] == self.me else 's'}; you are dealt "
                f"{cards_text(view['hand'])}",
                style="bold",
            )
        )

    def _pause_prompt(self, view: JSONDict) -> str:
        return f"Press Enter to deal round {view['round'] + 1} > "

    def _acts_before_deadline(self, view: JSONDict) -> bool:
        return bool(view["phase"] == "challenge")

    def _wait(self, prompt: str) -> None:
        self._ask(prompt)

    def _show(self, events: list[Any]) -> None:
        for event in events_for(events, self.me):
            for renderable in event_renderables(event, self.me):
                self.console.print(renderable)

    # ------------------------------------------------------------------ the person

    def _human_turn(self, view: JSONDict) -> list[Any]:
        if view["phase"] == "challenge":
            return self._challenge_turn(view)
        if view["phase"] != "play":
            raise TableError(f"the terminal cannot play the {view['phase']} phase")
        step = view["step"]
        self.console.print()
        # After the draw the table is as it was: the hand and the pile are what changed.
        self.console.print(status_renderable(view, self.me, brief=step != "draw"))
        last = step == "lay_down"
        prompt = DRAW_PROMPT if step == "draw" else LAST_PROMPT if last else DISCARD_PROMPT
        while True:
            text = self._ask(prompt)
            if text.strip().lower() in _HELP:
                self.console.print(Text(HELP))
                continue
            action = parse_draw(text) if step == "draw" else self._play_action(text, view, last)
            if isinstance(action, str):
                self._say(action)
                continue
            try:
                events: list[Any] = self.game.apply(self.state, Input(self.me, action, self.now))
            except RuleError as error:
                self._say(f"Not allowed: {error.message}.")
                continue
            return events

    def _challenge_turn(self, view: JSONDict) -> list[Any]:
        """Challenge mode: the person may challenge the words another seat just laid down."""
        window = view["challenge"]
        owner = int(window["seat"])
        words = view["words"][owner]
        self.console.print()
        self.console.print(
            Text(f"You may challenge {seat_name(owner, self.me)}'s words:", style="bold yellow")
        )
        for index in window["open"]:
            word = words[index]
            self.console.print(
                Text(f"  {index + 1}) {''.join(word)} ({'-'.join(word)}, {points(word)} points)")
            )
        self.console.print(
            Text(
                "A word that is not in the dictionary costs its owner its points; one that is "
                "costs you its points."
            )
        )
        while True:
            text = self._ask(CHALLENGE_PROMPT).strip().lower()
            if text in _HELP:
                self.console.print(Text(HELP))
                continue
            action: JSONDict
            if text in ("", "a", "accept"):
                action = {"type": "accept"}
            elif text.isdigit() and int(text) - 1 in window["open"]:
                action = {"type": "challenge", "seat": owner, "word": int(text) - 1}
            else:
                numbers = ", ".join(str(index + 1) for index in window["open"])
                self._say(f"Type the number of a word to challenge ({numbers}), or Enter.")
                continue
            try:
                events: list[Any] = self.game.apply(self.state, Input(self.me, action, self.now))
            except RuleError as error:
                self._say(f"Not allowed: {error.message}.")
                continue
            return events

    def _play_action(self, text: str, view: JSONDict, last: bool) -> JSONDict | str:
        """Read a discard, a going out or a lay-down, with its words mapped onto the hand."""
        parsed = parse_play(text, last)
        if isinstance(parsed, str):
            return parsed
        words, card = parsed
        hand: Counter[str] = Counter(view["hand"])
        if not hand[card]:
            return f"You have no {card!r} card to discard; your hand: {cards_text(view['hand'])}."
        if words is None:
            return {"type": "discard", "card": card}
        cards = hand - Counter({card: 1})
        placed = map_words(words, cards, self._choose)
        if isinstance(placed, str):
            return placed
        if not last:
            return {"type": "go_out", "words": [list(w) for w in placed], "discard": card}
        unused = cards - Counter(c for word in placed for c in word)
        return {
            "type": "lay_down",
            "words": [list(w) for w in placed],
            "unused": sorted(unused.elements()),
            "discard": card,
        }

    def _choose(self, word: str, ways: list[tuple[str, ...]]) -> tuple[str, ...]:
        """Ask which cards make `word` (only when they differ)."""
        self.console.print(Text(f"{word!r} can be made from your cards in {len(ways)} ways:"))
        for number, way in enumerate(ways, start=1):
            self.console.print(Text(f"  {number}) {'-'.join(way)} ({points(way)} points)"))
        while True:
            answer = self._ask(CHOOSE_PROMPT).strip().lower()
            if answer.isdigit() and 1 <= int(answer) <= len(ways):
                return ways[int(answer) - 1]
            for way in ways:
                if answer in ("-".join(way), " ".join(way)):
                    return way
            self._say(f"Type a number from 1 to {len(ways)}, the way to make {word!r}.")

    # ------------------------------------------------------------------ the bots
