"""Reading a Quiddler action's cards and words, and checking them against the hand and the
table's dictionary (RULINGS §5). `rules.QuiddlerGame.apply` checks the fields' shape with
`core.fields.check_fields` first, then these; each raises `BadInput` or `IllegalAction`
naming the field and the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from quintet.core import BadInput, IllegalAction
from quintet.games.quiddler.components import CARDS, NAMES, spell
from quintet.games.quiddler.scoring import Word
from quintet.games.quiddler.state import QuiddlerState, table_of


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_card(value: Any, what: str) -> str:
    """A card name from input (any case); `BadInput` naming `what` otherwise."""
    if isinstance(value, str):
        name = value.lower()
        if name in CARDS:
            return name
    raise BadInput(
        f"{what} {short(value)} is not a Quiddler card; the cards are {' '.join(NAMES)}",
        "quiddler/unknown_card",
    )


def read_cards(value: Any, field: str) -> list[str]:
    if not isinstance(value, list):
        raise BadInput(f"{field!r} must be a list of cards such as ['e', 'qu'], not {short(value)}")
    return [read_card(card, f"{field!r} holds") for card in value]


def read_words(value: Any) -> list[Word]:
    """The 'words' field: a list of words, each a list of at least 2 cards."""
    if not isinstance(value, list):
        raise BadInput(
            f"'words' must be a list of words, each a list of cards such as "
            f"[['qu', 'i', 't']], not {short(value)}"
        )
    words: list[Word] = []
    for number, word in enumerate(value, start=1):
        if not isinstance(word, list):
            raise BadInput(
                f"word {number} must be a list of cards such as ['qu', 'i', 't'], not {short(word)}"
            )
        words.append(tuple(read_card(card, f"word {number} holds") for card in word))
    for number, word in enumerate(words, start=1):
        if len(word) < 2:
            raise IllegalAction(
                f"word {number} ({'-'.join(word) or 'no cards'}) has {len(word)} card(s): "
                "a word takes at least 2 cards",
                "quiddler/short_word",
            )
    return words


def check_hand(
    hand: Sequence[str], words: Sequence[Word], unused: Sequence[str], card: str, kind: str
) -> None:
    """The cards an action places must be in the seat's hand (as a multiset); going out and
    a last turn must place all of it."""
    placed = Counter(c for word in words for c in word)
    placed.update(unused)
    placed[card] += 1
    held = Counter(hand)
    for name in sorted(placed):
        if placed[name] > held[name]:
            raise IllegalAction(
                f"your action places {placed[name]} {name!r} card(s) but you hold {held[name]}",
                "quiddler/not_in_hand",
            )
    left = sorted((held - placed).elements())
    if left and kind != "discard":
        if kind == "go_out":
            rule = "going out lays down every card but the discard in words"
        else:
            rule = "a last turn places every card: in words, unused or as the discard"
        raise IllegalAction(f"{rule}; these are left over: {' '.join(left)}", "quiddler/cards_left")


def check_dictionary(state: QuiddlerState, words: Sequence[Word]) -> None:
    """Auto-check (the default): every word must be in the table's dictionary."""
    if state.options.challenge:
        return  # challenge mode: words stand until someone challenges them
    table = table_of(state)
    for number, word in enumerate(words, start=1):
        if not table.is_word(word):
            raise IllegalAction(
                f"word {number}, {spell(word)!r} ({'-'.join(word)}), is not in the "
                "table's dictionary",
                "quiddler/not_a_word",
            )
