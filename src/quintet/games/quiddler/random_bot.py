"""Quiddler's `random` bot: a uniformly random legal move, with no words and no solver.

It reads only the view's `legal` list and its own hand, never the table's dictionary:

- A draw, a challenge window's choice (accept, or challenge one of the open words) and
  a plain discard are drawn uniformly from the listed actions.
- At the discard step it first draws uniformly among the move kinds the view lists
  (`discard`, and `go_out` when the hand can go out); the kind `go_out` lays its cards
  down as random "words": a random card is the discard, the others are shuffled and cut
  into words of two or more cards at random. The rules usually refuse them.
- In a last turn (`lay_down`) it puts a random number of its cards, in random order, into
  random words, leaves the rest unused and discards a random card; with no card in words
  that is a plain lay-down, which the rules always take.

A refusal ends its attempt: asked again after one, it plays a plain listed move instead
(a random discard, or a lay-down without words), so a turn takes at most two tries and
every game ends. It acts at once (no think time), like the shared `RandomBot`.
"""

from __future__ import annotations

from typing import Any

from quintet.core import JSONDict, Plan, Rng, RuleError, Seat


def random_words(cards: list[str], rng: Rng) -> list[list[str]]:
    """`cards` shuffled and cut at random into words of two or more cards (one card: none).

    Every cut is drawn uniformly among the lengths that leave no single card behind.
    """
    rng.shuffle(cards)
    words: list[list[str]] = []
    start = 0
    while len(cards) - start >= 2:
        left = len(cards) - start
        # Lengths 2..left, but never left - 1 (it would leave one card alone).
        lengths = [n for n in range(2, left + 1) if left - n != 1]
        size = lengths[rng.below(len(lengths))]
        words.append(cards[start : start + size])
        start += size
    return words


def random_go_out(hand: list[str], rng: Rng) -> JSONDict:
    """Go out with a random discard and the other cards as random words."""
    cards = hand[:]
    discard = cards.pop(rng.below(len(cards)))
    return {"type": "go_out", "words": random_words(cards, rng), "discard": discard}


def random_lay_down(hand: list[str], rng: Rng) -> JSONDict:
    """A last turn's lay-down: a random discard, a random number of the other cards (none,
    or two or more) as random words, the rest unused."""
    cards = hand[:]
    rng.shuffle(cards)
    discard = cards.pop()
    counts = [n for n in range(len(cards) + 1) if n != 1]
    laid = counts[rng.below(len(counts))]
    return {
        "type": "lay_down",
        "words": random_words(cards[:laid], rng),
        "unused": sorted(cards[laid:]),
        "discard": discard,
    }


class RandomQuiddlerBot:
    """The `random` level (see the module's docstring)."""

    def __init__(self, game: Any, seat: Seat, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self._refused = False

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        legal: list[JSONDict] = view.get("legal") or []
        if not legal:
            return None
        retry, self._refused = self._refused, False
        if view["phase"] == "challenge" or view["step"] == "draw":
            return Plan(now, self._listed(legal))
        if retry:
            # Its made-up words were refused: a plain move, which the rules always take.
            plain = [a for a in legal if a["type"] == "discard" or not a.get("words")]
            return Plan(now, self._listed(plain))
        kinds = sorted({action["type"] for action in legal})
        kind = kinds[self.rng.below(len(kinds))]
        hand = list(view["hand"])
        if kind == "go_out":
            return Plan(now, random_go_out(hand, self.rng))
        if kind == "lay_down":
            return Plan(now, random_lay_down(hand, self.rng))
        return Plan(now, self._listed([a for a in legal if a["type"] == kind]))

    def refused(self, error: RuleError, now: int) -> None:
        # Made-up words are refused by design, and a late challenge answer is possible;
        # either way the next plan is a plain listed move.
        self._refused = True

    def _listed(self, actions: list[JSONDict]) -> JSONDict:
        chosen = actions[self.rng.below(len(actions))]
        # A copy, so the plan never shares a list with the view.
        return {key: list(v) if isinstance(v, list) else v for key, v in chosen.items()}


def random_bot(game: Any, seat: Seat, seed: int) -> RandomQuiddlerBot:
    """The `random` level's factory (a `BotFactory`)."""
    return RandomQuiddlerBot(game, seat, seed)


__all__ = ["RandomQuiddlerBot", "random_bot", "random_go_out", "random_lay_down", "random_words"]
