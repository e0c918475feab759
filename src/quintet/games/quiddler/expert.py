"""Quiddler's `hard` level: the exact solver with an expert's choices at the table.

It knows every word of the table (like the level it replaced, kept as `LEVELS["hard"]` for
measurements: `bench/quiddler_hard.py`) and weighs each choice by what it expects:

- **A hand's worth.** What a hand of n + 1 cards is worth after its draw: the score of the
  best way to go out plus `GO_OUT_VALUE` (`SMALL_GO_OUT_VALUE` for hands of up to
  `SMALL_HAND` cards), or, when it cannot go out, its best play with a discard (what it
  would score if the round ended now). In a last turn: the best lay-down.
- **The deck's worth.** The mean worth of the hand with each card it has not seen
  (`bots.unseen_cards`), weighted by how many of each are unseen: exactly, over every
  card name, for hands of up to `EXACT_CARDS` cards; over the `COMMON_NAMES` most
  frequent unseen names for larger hands, where each solver call costs milliseconds.
- **Draw.** The top of the discard pile only when the hand with it is worth more than the
  deck's worth.
- **Discard.** Each card it could drop (every card for small hands; the solver's discard
  and the cards its best play leaves unused for larger ones) is weighed by the deck's
  worth of the cards it keeps (so it keeps the cards most likely to go out next turn),
  less what the card gives the next player (`GIFT_WEIGHT`, as before).
- **Bonuses.** Going out or laying down, it compares the solver's best play with plays
  that hold a longer word (the words its hand spells that are longer than the best play's
  longest, each with the best play of the other cards) and plays with more words (the
  solver with a weight per word), each scored with the bonuses it expects to win: against
  the words already laid down exactly, against seats still to lay down by the share of
  last-turn lay-downs in that round that stay below (`LONGEST_SEEN`, `WORDS_SEEN`,
  measured in games of hard bots).
- **Holding back.** When it could go out but the cards it would lay down are worth more
  after another draw (the mean gain over the unseen cards is above `HOLD_COST` per
  opponent, which gets an extra draw), it discards the same card and keeps its words: it
  can still go out next turn whatever it draws, and if someone else goes out first it lays
  the same words down. Only with `HOLD_MIN_CARDS` or more cards, at most `MAX_HOLDS` times
  a round, and while the draw pile lasts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from quintet.core import JSONDict, Seat
from quintet.games.quiddler.bots import (
    GIFT_WEIGHT,
    GO_OUT_VALUE,
    LEVELS,
    Level,
    LevelBot,
    Vocabulary,
    go_out_action,
    lay_down_action,
    sorted_hand,
    unseen_cards,
)
from quintet.games.quiddler.components import letters, points
from quintet.games.quiddler.scoring import BONUS, LONGEST, MOST, bonuses_for
from quintet.games.quiddler.solver import Best, best, can_go_out

#: Hands of up to this many cards (rounds 1 and 2, with the card drawn) value going out
#: above any score: their scores are small and their rounds end in a turn or two, so the
#: chance of going out first is what counts (measured: 86.5% of 3-card turns go out, 85.6%
#: with `GO_OUT_VALUE`; no change in win share).
SMALL_HAND: Final = 5
SMALL_GO_OUT_VALUE: Final = 100.0
#: Hands of up to this many cards weigh every unseen card name; larger ones the commonest.
EXACT_CARDS: Final = 7
#: How many unseen card names (the most frequent) value a larger hand's draw.
COMMON_NAMES: Final = 10
#: Points of its own gain per opponent that make holding back worth it.
HOLD_COST: Final = 5.0
#: The fewest cards (after the draw) with which it holds back going out.
HOLD_MIN_CARDS: Final = 7
#: Holds a round at most.
MAX_HOLDS: Final = 2
#: Longer words tried for the longest-word bonus, longest first.
LONG_WORDS: Final = 12
#: Word weights tried for the most-words bonus.
WORD_WEIGHTS: Final = (4, 8, 16)

#: Per round (1-8): the share of last-turn lay-downs whose longest word has at most i
#: letters (index i; 0: no word). Measured in 150 2-player and 60 4-player games of the
#: old hard bot, 1,370 lay-downs (`LONGEST_SEEN[8][6]`: 59% of round 8's longest words
#: have 6 letters or fewer).
LONGEST_SEEN: Final[dict[int, tuple[float, ...]]] = {
    1: (0.08, 0.08, 0.15, 0.85, 0.99, 1.0),
    2: (0.02, 0.02, 0.12, 0.38, 0.91, 1.0),
    3: (0.01, 0.01, 0.02, 0.49, 0.69, 0.95, 0.99, 1.0),
    4: (0.01, 0.01, 0.01, 0.28, 0.72, 0.86, 0.97, 1.0),
    5: (0.0, 0.0, 0.0, 0.09, 0.5, 0.84, 0.91, 0.98, 0.99, 1.0),
    6: (0.0, 0.0, 0.0, 0.1, 0.33, 0.69, 0.92, 0.98, 1.0),
    7: (0.0, 0.0, 0.0, 0.06, 0.31, 0.54, 0.77, 0.94, 0.98, 0.99, 1.0),
    8: (0.0, 0.0, 0.0, 0.02, 0.18, 0.41, 0.59, 0.81, 0.97, 0.99, 1.0),
}
#: Per round: the share of the same lay-downs with at most i words.
WORDS_SEEN: Final[dict[int, tuple[float, ...]]] = {
    1: (0.08, 1.0),
    2: (0.02, 0.82, 1.0),
    3: (0.01, 0.44, 1.0),
    4: (0.01, 0.22, 0.98, 1.0),
    5: (0.0, 0.1, 0.91, 1.0),
    6: (0.0, 0.03, 0.75, 1.0),
    7: (0.0, 0.02, 0.53, 0.98, 1.0),
    8: (0.0, 0.01, 0.48, 0.95, 1.0),
}


def share_below(table: dict[int, tuple[float, ...]], round_no: int, value: int) -> float:
    """The share of lay-downs in this round whose measure is below `value` (0 for none)."""
    shares = table.get(round_no)
    if not shares or value <= 0:
        return 0.0
    return shares[min(value - 1, len(shares) - 1)]


def share_at_most(table: dict[int, tuple[float, ...]], round_no: int, value: int) -> float:
    """The share of lay-downs in this round whose measure is `value` or less."""
    return share_below(table, round_no, value + 1)


class ExpertBot(LevelBot):
    """The `hard` level (see the module's docstring)."""

    def __init__(self, game: Any, seat: Seat, seed: int, level: Level | None = None) -> None:
        super().__init__(game, seat, seed, level or LEVELS["hard"])
        self._holds_round = -1
        self._holds = 0

    # ---------------------------------------------------------------- worth

    def _worth(self, known: Vocabulary, hand: tuple[str, ...], last: bool) -> float:  # type: ignore[override]
        """A hand after its draw: its best way out plus what going out is worth, else its
        best play with a discard; in a last turn its best lay-down."""
        if not last:
            out = known.go_out(hand)
            if out is not None:
                small = len(hand) <= SMALL_HAND
                return out.score + (SMALL_GO_OUT_VALUE if small else GO_OUT_VALUE)
        return float(known.best_discard(hand).score)

    def _deck_worth(
        self, known: Vocabulary, kept: tuple[str, ...], pool: Counter[str], last: bool
    ) -> float:
        """The mean worth of `kept` with one more card from `pool` (the unseen cards)."""
        names = sorted(pool.items(), key=lambda item: (-item[1], item[0]))
        if len(kept) + 1 > EXACT_CARDS:
            names = names[:COMMON_NAMES]
        total = sum(count for _, count in names)
        if not total:
            return self._worth(known, kept, last) if kept else 0.0
        worth = sum(
            count * self._worth(known, sorted_hand((*kept, card)), last) for card, count in names
        )
        return worth / total

    # ---------------------------------------------------------------- draw

    def _hard_draw(
        self, view: JSONDict, hand: tuple[str, ...], with_top: tuple[str, ...], last: bool
    ) -> bool:
        known = self._vocabulary(view)
        pool = unseen_cards(view)
        if not pool:
            return True
        return self._worth(known, with_top, last) > self._deck_worth(known, hand, pool, last)

    # ---------------------------------------------------------------- discard

    def _discard(self, view: JSONDict, hand: tuple[str, ...]) -> JSONDict:
        known = self._vocabulary(view)
        out = known.go_out(hand)
        if out is not None:
            if self._holds_back(view, known, hand, out):
                assert out.discard is not None
                return {"type": "discard", "card": out.discard}
            return go_out_action(self._arranged(view, known, hand, out, going_out=True))
        return {"type": "discard", "card": self._choose_discard(view, known, hand)}

    def _choose_discard(self, view: JSONDict, known: Vocabulary, hand: tuple[str, ...]) -> str:
        """The card whose loss keeps the most worth for the next turn, less its gift."""
        play = known.best_discard(hand)
        assert play.discard is not None  # a hand at the discard step is never empty
        if len(hand) <= EXACT_CARDS:
            candidates = sorted(set(hand))
        else:
            candidates = sorted({play.discard, *play.unused})
        if len(candidates) == 1:
            return candidates[0]
        pool = unseen_cards(view)
        gift = self._gifts(view)
        chosen, top = play.discard, float("-inf")
        for card in candidates:
            kept = list(hand)
            kept.remove(card)
            worth = self._deck_worth(known, tuple(kept), pool, False) - GIFT_WEIGHT * gift(card)
            if worth > top:
                chosen, top = card, worth
        return chosen

    # ---------------------------------------------------------------- holding back

    def _holds_back(
        self, view: JSONDict, known: Vocabulary, hand: tuple[str, ...], out: Best
    ) -> bool:
        """Whether the words of `out` are worth more after another draw than now, by more
        than the extra draw it gives each opponent."""
        if view["round"] != self._holds_round:
            self._holds_round, self._holds = view["round"], 0
        opponents = sum(1 for seat, done in enumerate(view["done"]) if not done) - 1
        if (
            len(hand) < HOLD_MIN_CARDS
            or self._holds >= MAX_HOLDS
            or opponents < 1
            or view["draw_pile"] < 2
        ):
            return False
        kept = list(hand)
        assert out.discard is not None
        kept.remove(out.discard)
        pool = unseen_cards(view)
        gain = self._deck_worth(known, tuple(kept), pool, False) - GO_OUT_VALUE - out.score
        if gain <= HOLD_COST * opponents:
            return False
        self._holds += 1
        return True

    # ---------------------------------------------------------------- last turn

    def _lay_down(self, view: JSONDict, hand: tuple[str, ...]) -> JSONDict:
        known = self._vocabulary(view)
        play = known.best_discard(hand)
        return lay_down_action(self._arranged(view, known, hand, play, going_out=False))

    # ---------------------------------------------------------------- bonuses

    def _arranged(
        self,
        view: JSONDict,
        known: Vocabulary,
        hand: tuple[str, ...],
        play: Best,
        *,
        going_out: bool,
    ) -> Best:
        """`play`, or another play of `hand` whose score and expected bonuses are higher."""
        players = view["players"]
        bonuses = bonuses_for(players, view["options"]["two_player_bonus"])
        if not bonuses:
            return play
        candidates = [play]
        if LONGEST in bonuses:
            candidates.extend(self._longer(known, hand, play, going_out))
        if MOST in bonuses:
            for weight in WORD_WEIGHTS:
                other = (
                    can_go_out(hand, known.words, word_weight=weight)
                    if going_out
                    else best(hand, known.words, discard=True, word_weight=weight)
                )
                if other is not None and len(other.words) > len(play.words):
                    candidates.append(other)
        if len(candidates) == 1:
            return play
        return max(candidates, key=lambda p: p.score + self._bonus_value(view, p, bonuses))

    def _longer(
        self, known: Vocabulary, hand: tuple[str, ...], play: Best, going_out: bool
    ) -> Iterable[Best]:
        """Plays that hold one of the longest words `hand` spells beyond `play`'s longest."""
        longest = max((letters(word) for word in play.words), default=0)
        spelled = [
            cards
            for _, cards in known.trie().words_from(hand)
            if letters(cards) > longest and len(cards) < len(hand)
        ]
        spelled.sort(key=lambda cards: (-letters(cards), -points(cards), cards))
        for cards in spelled[:LONG_WORDS]:
            rest = list(hand)
            for card in cards:
                rest.remove(card)
            rest_hand = sorted_hand(rest)
            if going_out:
                if len(rest_hand) == 1:
                    yield Best(points(cards), (cards,), (), rest_hand[0])
                    continue
                out = known.go_out(rest_hand)
                if out is not None:
                    yield Best(points(cards) + out.score, (cards, *out.words), (), out.discard)
            else:
                other = known.best_discard(rest_hand)
                yield Best(
                    points(cards) + other.score, (cards, *other.words), other.unused, other.discard
                )

    def _bonus_value(self, view: JSONDict, play: Best, bonuses: Iterable[str]) -> float:
        """The bonus points `play` is expected to bring, less those it leaves to others.

        Seats that laid down count with their words; seats still to lay down by the share
        of lay-downs in this round below (`LONGEST_SEEN`, `WORDS_SEEN`).
        """
        me, round_no = view["viewer"], view["round"]
        waiting = [seat for seat, done in enumerate(view["done"]) if not done and seat != me]
        laid = [
            words for seat, words in enumerate(view["words"]) if seat != me and view["done"][seat]
        ]
        others = max(1, view["players"] - 1)
        value = 0.0
        for bonus in bonuses:
            if bonus == LONGEST:
                mine = max((letters(word) for word in play.words), default=0)
                theirs = [max((letters(w) for w in words), default=0) for words in laid]
                table = LONGEST_SEEN
            else:
                mine = len(play.words)
                theirs = [len(words) for words in laid]
                table = WORDS_SEEN
            top = max(theirs, default=0)
            below = share_below(table, round_no, mine)
            at_most = share_at_most(table, round_no, mine)
            win = float(mine > top)
            none_above = float(top <= mine)
            for _ in waiting:
                win *= below
                none_above *= at_most
            value += BONUS * (win - (1.0 - none_above) / others)
        return value


def expert_bot(game: Any, seat: Seat, seed: int) -> ExpertBot:
    """The `hard` level's factory (a `BotFactory`)."""
    return ExpertBot(game, seat, seed)
