"""Quiddler bots: the levels `easy` and `medium`, what `hard` builds on, and `BOTS`.

`random` is a uniformly random legal move with no word list (`random_bot`); `hard` is the
expert of `expert`, built on `LevelBot`. Every bot reads only its own view. The table's
dictionary comes from the view's options (`extra_words`, `replace_words`), so a table that
adds or replaces words is played with its own words. What the levels share:

- They go out as soon as they can (with the words they know; `hard` may hold back), and
  in a last turn they lay down the best they can (`solver.best` with a discard, over the
  words they know; `hard` also weighs the bonuses).
- In challenge mode each challenges exactly the open words that are not in the table's
  dictionary (the software referees; a bot does not bluff or guess).
- Each plans its action after a human think time (`quintet.bots.THINK_TIMES`: easy
  "slow", medium "human", hard "fast") drawn from its own stream, so the timing never
  changes a decision; a challenge answer is always planned before the window closes.
- Word lists, their tries (`quintet.words.search.card_trie`) and solver answers are kept
  between decisions and between bots (`vocabulary`).

The levels:

- `easy` knows only common words: the table's words of SCOWL size 35 or less (about
  41,000 of the shipped 254,000). It draws greedily: it takes the top of the discard pile
  when that improves its best hand (it could then go out, or its best arrangement scores
  more), else the deck. It discards the card the solver drops from its best arrangement
  (the card whose loss hurts least). It misses words: each word has a 75% chance to be
  seen, drawn once per word and round (so a missed word stays missed until the next deal).
- `medium` knows the words of SCOWL size 60 or less (about 81,000), plays the same greedy
  way and misses nothing.
- `LEVELS["hard"]`, played by `LevelBot`, is the hard level before issue 14, kept for
  `bench/quiddler_hard.py` (the lobby's `hard` is `expert.ExpertBot`). It knows every
  word, plays the exact solver, and chooses its draw and discard by expected value:
  - It estimates the unseen cards: the deck's composition less its own hand, the discard
    pile, every word and unused card laid down this round, and the cards others are known
    to hold (the view's `known`: taken from the discard pile and not given back).
  - Draw: the value of the hand with the discard top against the mean value over a few
    sampled unseen cards (`SAMPLES`). A hand's value is the score of its best play with a
    discard, plus `GO_OUT_VALUE` when it can go out (in a last turn: its exact score).
  - Discard: each card it could drop (the solver's discard, or one of the cards its best
    play leaves unused) is weighed by what keeping the rest is worth, minus what the card
    gives the next player: its value times how many common short words use it, doubled
    when it spells a word with the cards that player is known to hold (`GIFT_WEIGHT`).
  - It goes out whenever it can.

A table where nobody can ever go out (a very short replacing word list) never ends: the
rules have no other end to a round. So that a table of easy or medium bots (whose
vocabulary may lack every word the cards allow) still ends, a bot that has drawn
`STUCK_TURNS` times in one round widens its vocabulary to the table's whole dictionary
and stops missing words.

Figures (the simulate run and ms per decision) are in docs/benchmarks.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Protocol

from quintet.bots import THINK_TIMES, ThinkTime
from quintet.core import BotFactory, JSONDict, Plan, Rng, RuleError, Seat, derive_seed
from quintet.core.levels import BotLevels
from quintet.games.quiddler.components import CARDS, value
from quintet.games.quiddler.dictionary import TableWords, table_words
from quintet.games.quiddler.random_bot import random_bot
from quintet.games.quiddler.solver import Best, best, can_go_out
from quintet.words import WordList, default_words
from quintet.words.search import CardTrie, card_trie

#: Probabilities are in thousandths, drawn with `Rng.below(PER_MILLE)`: integers only.
PER_MILLE: Final = 1000
#: Own draws in one round after which a level bot knows every word of the table.
STUCK_TURNS: Final = 20
#: Unseen cards the hard bot samples to value a draw from the deck.
SAMPLES: Final = 6
#: What being able to go out is worth to the hard bot, in points, beyond the play's score.
GO_OUT_VALUE: Final = 12.0
#: How much the hard bot weighs what its discard gives the next player.
GIFT_WEIGHT: Final = 0.5
#: The words `usefulness` counts: the common ones of a hand's length.
_USEFUL_TIER: Final = 50
_USEFUL_LENGTH: Final = 6


def view_table(view: JSONDict) -> TableWords:
    """The table's dictionary, read from a view's options (cached per options)."""
    options = view["options"]
    return table_words(tuple(options["extra_words"]), bool(options["replace_words"]))


class Sight(Protocol):
    """The words a bot sees, as the three solver answers it needs. Hands are sorted tuples."""

    def best(self, hand: tuple[str, ...]) -> Best:
        """The best play without a discard."""
        ...

    def best_discard(self, hand: tuple[str, ...]) -> Best:
        """The best play with a discard."""
        ...

    def go_out(self, hand: tuple[str, ...]) -> Best | None:
        """The best way to go out, or None."""
        ...


class Vocabulary:
    """A word list with its trie and memoised solver answers, shared by every bot that
    knows exactly these words (a `Sight`)."""

    __slots__ = ("_plain", "table")

    def __init__(self, table: TableWords) -> None:
        self.table = table
        self._plain: dict[tuple[str, ...], Best] = {}

    @property
    def words(self) -> WordList:
        return self.table.words

    def trie(self) -> CardTrie:
        return card_trie(self.table.words)

    def best(self, hand: tuple[str, ...]) -> Best:
        memo = self._plain
        found = memo.get(hand)
        if found is None:
            if len(memo) >= 50_000:
                memo.clear()
            found = memo[hand] = best(hand, self.table.words)
        return found

    def best_discard(self, hand: tuple[str, ...]) -> Best:
        return self.table.best_lay_down(hand)

    def go_out(self, hand: tuple[str, ...]) -> Best | None:
        return self.table.go_out(hand)


class SeenWords:
    """The few words a bot noticed among those some cards can spell (a `Sight`).

    A plain list, so the solver builds a small trie for it each time instead of keeping it
    in `card_trie`'s cache, where it would push out the tables' big tries.
    """

    __slots__ = ("words",)

    def __init__(self, words: list[str]) -> None:
        self.words = words

    def best(self, hand: tuple[str, ...]) -> Best:
        return best(hand, self.words)

    def best_discard(self, hand: tuple[str, ...]) -> Best:
        return best(hand, self.words, discard=True)

    def go_out(self, hand: tuple[str, ...]) -> Best | None:
        return can_go_out(hand, self.words)


@lru_cache(maxsize=8)
def vocabulary(
    extra_words: tuple[str, ...], replace_words: bool, max_tier: int | None
) -> Vocabulary:
    """The words of a table (its options) of SCOWL size `max_tier` or less; all with None.

    With `replace_words` the table's words carry no SCOWL size, so a word counts as common
    when the shipped list has it at `max_tier` or less. Either way every word is in the
    table's dictionary, so a bot never lays down a word the rules refuse.
    """
    table = table_words(extra_words, replace_words)
    if max_tier is None:
        return Vocabulary(table)
    if not replace_words:
        return Vocabulary(TableWords(table.words.restricted(max_tier)))
    common = default_words()
    tiers: dict[str, int] = {}
    for word in table.words.words():
        tier = common.tier(word)
        if tier is not None and tier <= max_tier:
            tiers[word] = tier
    return Vocabulary(TableWords(WordList(tiers)))


def options_key(view: JSONDict) -> tuple[tuple[str, ...], bool]:
    options = view["options"]
    return tuple(options["extra_words"]), bool(options["replace_words"])


@lru_cache(maxsize=1)
def usefulness() -> dict[str, float]:
    """For each card, the share of common short words that use it ("e": 0.5, "q": 0.002).

    A cheap stand-in for "how likely is a player to use this card": counted once over the
    shipped list's words of SCOWL size `_USEFUL_TIER` or less, 2 to `_USEFUL_LENGTH` letters.
    """
    words = [w for w in default_words().words(_USEFUL_TIER) if len(w) <= _USEFUL_LENGTH]
    return {name: sum(name in word for word in words) / len(words) for name in CARDS}


def unseen_cards(view: JSONDict) -> Counter[str]:
    """The cards this seat has not seen this round: in the draw pile or others' hands.

    The deck less the seat's hand, the discard pile, the words and unused cards laid down
    and the cards other seats are known to hold. Cards reshuffled into the draw pile are
    unseen again, as they should be.
    """
    left = Counter({name: count for name, (_, count) in CARDS.items()})
    left.subtract(view["hand"])
    left.subtract(view["discard_pile"])
    for seat_words in view["words"]:
        for word in seat_words:
            left.subtract(word)
    for cards in view["unused"]:
        left.subtract(cards)
    me = view["viewer"]
    for seat, cards in enumerate(view["known"]):
        if seat != me:
            left.subtract(cards)
    return +left


def challenge_action(view: JSONDict) -> JSONDict:
    """In a challenge window: challenge the first open word not in the table's dictionary,
    else accept."""
    table = view_table(view)
    window = view["challenge"]
    owner = window["seat"]
    for index in window["open"]:
        if not table.is_word(view["words"][owner][index]):
            return {"type": "challenge", "seat": owner, "word": index}
    return {"type": "accept"}


def go_out_action(play: Best) -> JSONDict:
    return {"type": "go_out", "words": [list(word) for word in play.words], "discard": play.discard}


def lay_down_action(play: Best) -> JSONDict:
    return {
        "type": "lay_down",
        "words": [list(word) for word in play.words],
        "unused": sorted(play.unused),
        "discard": play.discard,
    }


def sorted_hand(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


@dataclass(frozen=True, slots=True)
class Level:
    """How well a level bot plays."""

    name: str
    #: The SCOWL size of the rarest words it knows; None: every word of the table.
    max_tier: int | None
    #: The chance (per mille) that it sees a word its cards spell, once per word and round.
    sees: int
    #: Expected-value draws and discards (`hard`) instead of greedy ones.
    expected_value: bool
    think: ThinkTime


LEVELS: Final[dict[str, Level]] = {
    "easy": Level("easy", 35, 750, False, THINK_TIMES["slow"]),
    "medium": Level("medium", 60, PER_MILLE, False, THINK_TIMES["human"]),
    "hard": Level("hard", None, PER_MILLE, True, THINK_TIMES["fast"]),
}


class LevelBot:
    """A bot of one `Level` (see the module's docstring)."""

    def __init__(self, game: Any, seat: Seat, seed: int, level: Level) -> None:
        self.seat = seat
        self.level = level
        self.rng = Rng(seed)
        # Its own stream for think times, so timing never changes a decision.
        self.clock = Rng(derive_seed(seed, 1))
        self._round = -1
        self._draws = 0
        self._seen: dict[str, bool] = {}

    # ---------------------------------------------------------------- the interface

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        legal = view.get("legal") or []
        if not legal:
            return None
        think = self.level.think.sample(self.clock, len(legal))
        if view["phase"] == "challenge":
            deadline = view["deadline"]
            time = now + think
            if deadline is not None:
                time = max(now, min(time, deadline - 1))
            return Plan(time, challenge_action(view))
        if view["round"] != self._round:
            self._round, self._draws = view["round"], 0
            self._seen.clear()
        step = view["step"]
        hand = sorted_hand(view["hand"])
        if step == "draw":
            self._draws += 1
            action = self._draw(view, hand, {a["source"] for a in legal})
        elif step == "discard":
            action = self._discard(view, hand)
        else:
            action = self._lay_down(view, hand)
        return Plan(now + think, action)

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(f"a legal action was refused: {error}")

    # ---------------------------------------------------------------- what it sees

    def _vocabulary(self, view: JSONDict) -> Vocabulary:
        stuck = self._draws > STUCK_TURNS
        return vocabulary(*options_key(view), None if stuck else self.level.max_tier)

    def _sight(self, view: JSONDict, cards: Sequence[str]) -> Sight:
        """What the bot sees of the words `cards` (and any part of them) can spell."""
        known = self._vocabulary(view)
        if self.level.sees >= PER_MILLE or self._draws > STUCK_TURNS:
            return known
        seen = self._seen
        noticed = []
        for word, _ in known.trie().words_from(cards):
            sees = seen.get(word)
            if sees is None:
                sees = seen[word] = self.rng.below(PER_MILLE) < self.level.sees
            if sees:
                noticed.append(word)
        return SeenWords(noticed)

    # ---------------------------------------------------------------- decisions

    def _lay_down(self, view: JSONDict, hand: tuple[str, ...]) -> JSONDict:
        """A last turn: the best play it sees, with a discard."""
        return lay_down_action(self._sight(view, hand).best_discard(hand))

    def _draw(self, view: JSONDict, hand: tuple[str, ...], sources: set[str]) -> JSONDict:
        if sources != {"deck", "discard"}:
            return {"type": "draw", "source": next(iter(sources))}
        top = view["discard_top"]
        with_top = sorted_hand((*hand, top))
        last = view["went_out"] is not None or view["last_call"]
        if self.level.expected_value:
            take = self._hard_draw(view, hand, with_top, last)
        else:
            take = self._greedy_draw(view, hand, with_top, last)
        return {"type": "draw", "source": "discard" if take else "deck"}

    def _greedy_draw(
        self, view: JSONDict, hand: tuple[str, ...], with_top: tuple[str, ...], last: bool
    ) -> bool:
        """Take the top when it improves the best hand: going out, else a better score."""
        sight = self._sight(view, with_top)
        now, taken = sight.best(hand), sight.best_discard(with_top)
        if last:
            return taken.score > now.score
        # A hand already all in words goes out whatever it draws.
        ready = not now.unused and bool(now.words)
        return (sight.go_out(with_top) is not None, taken.score) > (ready, now.score)

    def _hard_draw(
        self, view: JSONDict, hand: tuple[str, ...], with_top: tuple[str, ...], last: bool
    ) -> bool:
        """Take the top when the hand with it is worth more than the hand with an average
        unseen card."""
        known = self._vocabulary(view)
        pool = list(unseen_cards(view).elements())
        if not pool:
            return True
        drawn = Counter(pool[self.rng.below(len(pool))] for _ in range(SAMPLES))
        deck = sum(
            count * self._worth(known, sorted_hand((*hand, card)), last)
            for card, count in drawn.items()
        )
        return self._worth(known, with_top, last) * SAMPLES > deck

    @staticmethod
    def _worth(known: Vocabulary, hand: tuple[str, ...], last: bool) -> float:
        """What a hand after its draw is worth to the hard bot: its best play with a discard,
        plus `GO_OUT_VALUE` when it goes out (it always does); in a last turn, its score."""
        if not last:
            out = known.go_out(hand)
            if out is not None:
                return out.score + GO_OUT_VALUE
        return float(known.best_discard(hand).score)

    def _discard(self, view: JSONDict, hand: tuple[str, ...]) -> JSONDict:
        sight: Sight
        sight = self._vocabulary(view) if self.level.expected_value else self._sight(view, hand)
        out = sight.go_out(hand)
        if out is not None:
            return go_out_action(out)
        play = sight.best_discard(hand)
        card = play.discard
        assert card is not None  # a hand at the discard step is never empty
        if self.level.expected_value:
            card = self._hard_discard(view, play)
        return {"type": "discard", "card": card}

    def _hard_discard(self, view: JSONDict, play: Best) -> str:
        """The solver's discard, or an unused card of its best play instead, whichever keeps
        the most for itself and gives the next player the least.

        Dropping an unused card u instead of the solver's d keeps d unused: the play then
        scores value(u) - value(d) more (never more than 0, as the solver chose d).
        """
        chosen = play.discard
        assert chosen is not None
        gift = self._gifts(view)
        dropped = value(chosen)

        def cost(card: str) -> float:
            return dropped - value(card) + GIFT_WEIGHT * gift(card)

        for card in sorted(set(play.unused)):
            if cost(card) < cost(chosen):
                chosen = card
        return chosen

    def _gifts(self, view: JSONDict) -> Callable[[str], float]:
        """card -> what it is worth to the next seat that still plays this round."""
        players, me = view["players"], view["viewer"]
        following = next(
            (
                seat
                for seat in ((me + k) % players for k in range(1, players))
                if not view["done"][seat]
            ),
            None,
        )
        use = usefulness()
        if following is None:
            return lambda card: 0.0
        theirs = view["known"][following]
        trie = self._vocabulary(view).trie() if theirs else None

        def gift(card: str) -> float:
            worth = value(card) * use[card]
            if trie is not None and any(
                card in cards for _, cards in trie.words_from([*theirs, card])
            ):
                worth *= 2
            return worth

        return gift


def _factory(level: Level) -> BotFactory:
    def make(game: Any, seat: Seat, seed: int) -> LevelBot:
        return LevelBot(game, seat, seed, level)

    return make


def _expert(game: Any, seat: Seat, seed: int) -> LevelBot:
    # `expert` builds on this module, so it is imported when the first hard bot is made.
    from quintet.games.quiddler.expert import ExpertBot

    return ExpertBot(game, seat, seed)


#: Weakest first, as measured (docs/benchmarks.md, "Quiddler bot levels"). A new seat
#: gets easy.
BOTS: Final = BotLevels(
    {
        "random": random_bot,
        "easy": _factory(LEVELS["easy"]),
        "medium": _factory(LEVELS["medium"]),
        "hard": _expert,
    },
    default="easy",
)
