"""Quashars bots. `random` plays uniformly among legal moves; `basic` predicts
from its hand and then steers its play to meet exactly what it predicted.

`basic` reads only its own view. Its one idea: each card in its hand has a
natural chance `pi` to win a trick before the game ends, and a win with it
meets `m` of the revealed trick conditions (the winning card's number and
colour, "no red", ...). Summing `pi * m` over the hand gives the conditions the
hand will likely meet, and the chances of the trick counts give the pile-4
condition ("exactly 3 tricks", "no tricks", "most tricks").

- Predicting: it takes the prediction with the best expected score under a
  spread around that sum; so it adds the flex chip (if the table allows it)
  when the sum falls between two numbers.
- Playing: for each legal card it weighs the two outcomes of this trick, won
  (with the conditions the card meets now) or lost, by the chance of each, and
  measures how far the chips it would still need lie from what the rest of its
  hand will likely bring. While it needs chips it wins tricks with cards that
  meet conditions; once it has what it predicted it ducks, sheds its strongest
  cards, or wins in ways that meet nothing. The pile-4 condition is met or
  avoided through the number of tricks won: it weighs both and keeps the cheaper.

The chances are estimates from the view alone: which seats may hold each
unseen card (shown voids excluded), how keen each opponent is to take a trick,
and a small logistic model fitted on simulated games (see `_WIN_MODEL`). The
tuning constants were chosen on simulated matches (basic against basic and
against random, 3 and 4 players) by average points per game.
"""

from __future__ import annotations

from math import erf, exp, log, sqrt
from typing import Any, Final

from quintet.bots import THINK_TIMES, ThinkTime
from quintet.bots.random import RandomBot
from quintet.core import JSONDict, Plan, Rng, RuleError, Seat, derive_seed
from quintet.core.levels import BotLevels
from quintet.games.quashars.components import (
    ALL_COLOURS,
    CARD_BY_CODE,
    CODES,
    COLOUR_MASK,
    CONDITION_BY_ID,
    FIRST_OR_LAST,
    FOUR_TRICKS,
    IN_A_ROW,
    MAX_PREDICTION,
    NO_RED,
    NO_TRICKS,
    NUMBERS_BY_PLAYERS,
    RED,
    THREE_TRICKS,
    TRICKS,
    WINNING_CARD_MASK,
    cards_of,
    mask_of,
)
from quintet.games.quashars.sampling import unseen_cards, voids
from quintet.games.quashars.scoring import score
from quintet.games.quashars.search import ExpertBot

# ------------------------------------------------------------------ tunables

#: How likely an opponent able to beat the best card of a trick does so: keen
#: while it still has prediction chips to return, reluctant once it has none.
KEEN: Final = 0.6
RELUCTANT: Final = 0.45
#: During play the bot counts on `pi ** AHEAD` of a card's natural chance `pi`
#: to win a trick later: it would rather meet conditions now than hope for them.
AHEAD: Final = 2.0
#: Share of the wins after the first that continue a run of wins.
ROW: Final = 0.45
#: Expected extra "all four colours" meets per win with a red card (4 players).
ALL_COLOURS_PER_RED_WIN: Final = 0.1
#: How much a trick-count target off the likely count costs, per trick.
WIN_GAP: Final = 1.0
#: Cost of a pile-4 condition that can hardly be avoided any more.
HARD_TO_AVOID: Final = 1.0
#: Most tricks: the best of the others takes this many times a fair share of the rest.
MOST_SHARE: Final = 1.25
#: How much the bot's steering narrows the spread of the count it meets,
#: against the spread of a sum of independent chances.
STEER: Final = 0.3
#: Cards whose costs differ by less than this are equally good; a tie-break decides.
TIE: Final = 0.05

_EXACT_TRICKS: Final = {THREE_TRICKS: 3, FOUR_TRICKS: 4, NO_TRICKS: 0}
#: `_ABOVE[c]`: the cards of c's colour that beat it.
_ABOVE: Final = tuple(COLOUR_MASK[c // 12] & ~((2 << c) - 1) for c in range(48))

#: The natural chance that a card in hand wins a trick before the game ends: a
#: logistic model per player count and for red / other colours, fitted on the
#: cards of 250 simulated basic-vs-basic matches per player count (every card
#: at every turn, labelled with whether it went on to win its trick), refitted
#: three times as the bot's play changed with it. Features, in order: 1;
#: the logit of the chance it would win if led now (`_Seen.survives`); unseen
#: higher cards of its colour; the bot's own higher cards of its colour; the
#: bot's length in its colour; unseen cards of its colour; unseen reds; the
#: bot's reds; cards in hand; opponents known void in its colour; other colours
#: the bot lacks; unseen higher cards per card in hand; its number / top number.
#: (The red models leave features 6-8 at 0: for a red card 7 and 8 repeat 6
#: and 5, and 6 was left out of their fit.)
_WIN_MODEL: Final[dict[tuple[int, bool], tuple[float, ...]]] = {
    (3, True): (
        -1.772, 0.559, 0.001, 0.426, 0.327, 0, 0,
        0, 0.002, -0.162, 0.149, -1.666, 1.822,
    ),
    (3, False): (
        -2.374, 0.212, -0.549, 0.213, -0.151, 0.236, -0.198,
        0.17, 0.097, -0.118, -0.08, -1.642, 2.062,
    ),
    (4, True): (
        -1.723, 0.596, 0.023, 0.171, 0.409, 0, 0,
        0, 0.014, -0.196, 0.092, -1.065, 1.355,
    ),
    (4, False): (
        -2.986, 0.264, -0.416, 0.126, -0.126, 0.145, -0.151,
        0.169, 0.125, -0.155, -0.092, -1.022, 2.165,
    ),
}  # fmt: skip


# ------------------------------------------------------------------ what the bot sees


class _Seen:
    """The bot's view as ints: its hand, who may hold which unseen card, the trick."""

    __slots__ = (
        "conditions",
        "flex",
        "flex_chip",
        "game_no",
        "hand",
        "hold",
        "last_winner",
        "led",
        "me",
        "met",
        "players",
        "predicted",
        "trick",
        "trick_no",
        "unseen",
        "unseen_count",
        "void",
        "willing",
        "won",
    )

    def __init__(self, view: JSONDict) -> None:
        self.players = players = int(view["players"])
        self.me = me = int(view["viewer"])
        self.hand = mask_of([CARD_BY_CODE[c] for c in view["hand"]])
        self.unseen = unseen_cards(view)
        self.unseen_count = [(self.unseen & COLOUR_MASK[c]).bit_count() for c in range(4)]
        self.conditions = [CONDITION_BY_ID[c["id"]] for c in view["conditions"]]
        self.flex_chip = bool(view["flex_chip"])
        self.game_no = int(view["game_no"])
        self.trick = [CARD_BY_CODE[p["card"]] for p in view["trick"]]
        self.led = self.trick[0] // 12 if self.trick else -1
        tricks = view["tricks"]
        self.trick_no = len(tricks)
        self.last_winner = int(tricks[-1]["winner"]) if tricks else -1
        self.won = [int(w) for w in view["tricks_won"]]
        self.met = [int(m) for m in view["met"]]
        mine = view["predictions"][me]
        self.predicted = -1 if mine is None else int(mine["chips"])
        self.flex = mine is not None and bool(mine["flex"])
        lacking = voids(view)
        sizes = [int(n) for n in view["hand_sizes"]]
        sizes[me] = 0
        # void[j][c]: chance seat j holds no card of colour c; hold[j][c]: chance
        # it holds one given unseen card of colour c (its share of the room left
        # for that colour among the seats that may hold it).
        self.void = [[1.0] * 4 for _ in range(players)]
        self.hold = [[0.0] * 4 for _ in range(players)]
        for c in range(4):
            room = sum(sizes[j] for j in range(players) if not lacking[j] >> c & 1)
            for j in range(players):
                if sizes[j] and room and not lacking[j] >> c & 1:
                    share = sizes[j] / room
                    self.hold[j][c] = share
                    self.void[j][c] = (1.0 - share) ** self.unseen_count[c]
        self.willing = [KEEN] * players
        for j, chips in enumerate(view["chips"]):
            if chips is not None and chips["left"] == 0:
                self.willing[j] = RELUCTANT

    def holds_any(self, seat: int, colour: int, count: int) -> float:
        """Chance `seat` holds at least one of `count` given unseen cards of `colour`."""
        if count == 0:
            return 0.0
        return 1.0 - (1.0 - self.hold[seat][colour]) ** count

    def can_beat(self, seat: int, best: int, led: int) -> float:
        """Chance `seat` holds a card that beats `best` in a trick led with `led`."""
        higher = (self.unseen & _ABOVE[best]).bit_count()
        if best < 12:  # a red card: only a higher red beats it
            chance = self.holds_any(seat, RED, higher)
            return chance if led == RED else chance * self.void[seat][led]
        chance = self.holds_any(seat, led, higher)
        return chance + self.void[seat][led] * self.holds_any(seat, RED, self.unseen_count[RED])

    def survives(self, best: int, led: int, seats: range) -> float:
        """Chance no seat of `seats` (offsets after the bot) takes the trick from `best`."""
        chance = 1.0
        for offset in seats:
            seat = (self.me + offset) % self.players
            chance *= 1.0 - self.willing[seat] * self.can_beat(seat, best, led)
        return chance


def _beats(card: int, best: int, led: int) -> bool:
    if best < 12:
        return card < 12 and card > best
    return card < 12 or (card // 12 == led and card > best)


def _best(trick: list[int]) -> int:
    reds = [c for c in trick if c < 12]
    if reds:
        return max(reds)
    led = trick[0] // 12
    return max(c for c in trick if c // 12 == led)


# ------------------------------------------------------------------ chances per card


def _meets(seen: _Seen, card: int) -> float:
    """Trick conditions (piles 1-3) met by winning a future trick with `card`,
    leaving out the ones that depend on when (in a row; first or last)."""
    one, two, three = seen.conditions[:3]
    met = float(WINNING_CARD_MASK[one] >> card & 1) + float(WINNING_CARD_MASK[two] >> card & 1)
    if three == NO_RED and card >= 12:
        met += 1.0  # a trick won with another colour holds no red
    elif three == ALL_COLOURS and card < 12:
        met += ALL_COLOURS_PER_RED_WIN
    return met


def _meets_now(seen: _Seen, card: int) -> float:
    """Conditions met if `card` wins the trick in progress."""
    one, two, three = seen.conditions[:3]
    met = float(WINNING_CARD_MASK[one] >> card & 1) + float(WINNING_CARD_MASK[two] >> card & 1)
    if three == NO_RED:
        met += card >= 12
    elif three == IN_A_ROW:
        met += seen.trick_no > 0 and seen.last_winner == seen.me
    elif three == FIRST_OR_LAST:
        met += seen.trick_no in (0, TRICKS - 1)
    elif three == ALL_COLOURS and card < 12:
        colours = {c // 12 for c in seen.trick} | {RED}
        to_come = seen.players - len(seen.trick) - 1
        missing = 4 - len(colours)
        if missing == 0:
            met += 1.0
        elif missing <= to_come:
            met += 0.25**missing
    return met


def _win_now(seen: _Seen, card: int) -> float:
    """Chance that `card`, played now, wins the trick in progress."""
    trick = seen.trick
    if trick:
        best = _best(trick)
        if not _beats(card, best, seen.led):
            return 0.0
        return seen.survives(card, seen.led, range(1, seen.players - len(trick)))
    return seen.survives(card, card // 12, range(1, seen.players))


_Odds = tuple[int, float, float, float]


def _card_odds(seen: _Seen, hand: int) -> list[_Odds]:
    """(card, pi, ahead, m) for each card of `hand` in some later trick: `pi` its
    natural chance to win one, `ahead` that chance as the bot counts on it
    during play, `m` the conditions a win with it meets."""
    length = [(hand & COLOUR_MASK[c]).bit_count() for c in range(4)]
    lacking = sum(1 for n in length[1:] if n == 0)
    size = hand.bit_count()
    top = NUMBERS_BY_PLAYERS[seen.players]
    others = [j for j in range(seen.players) if j != seen.me]
    odds = []
    for card in cards_of(hand):
        colour = card // 12
        lead = min(max(seen.survives(card, colour, range(1, seen.players)), 0.01), 0.99)
        higher = (seen.unseen & _ABOVE[card]).bit_count()
        w = _WIN_MODEL[seen.players, card < 12]
        z = (
            w[0]
            + w[1] * log(lead / (1.0 - lead))
            + w[2] * higher
            + w[3] * (hand & _ABOVE[card]).bit_count()
            + w[4] * length[colour]
            + w[5] * seen.unseen_count[colour]
            + w[6] * seen.unseen_count[RED]
            + w[7] * length[RED]
            + w[8] * size
            + w[9] * sum(1 for j in others if seen.void[j][colour] == 1.0)
            + w[10] * lacking
            + w[11] * higher / size
            + w[12] * (card % 12 + 1) / top
        )
        pi = 1.0 / (1.0 + exp(-z))
        odds.append((card, pi, pi**AHEAD, _meets(seen, card)))
    return odds


# ------------------------------------------------------------------ the outlook


class _Outlook:
    """What the cards after the trick in progress will likely bring: tricks
    (`wins`) and conditions met (`meets`)."""

    __slots__ = ("cards", "meets", "wins")

    def __init__(self, seen: _Seen, odds: list[_Odds], won_last: bool) -> None:
        self.cards = len(odds)
        self.wins = sum(o[2] for o in odds)
        self.meets = sum(o[2] * o[3] for o in odds)
        three = seen.conditions[2]
        if three == IN_A_ROW:
            self.meets += ROW * max(0.0, self.wins - 1 + won_last)
        elif three == FIRST_OR_LAST and odds:
            self.meets += self.wins / len(odds)  # the last trick

    def meets_with(self, wins: int) -> float:
        """Conditions met when winning exactly `wins` of the remaining tricks."""
        if wins <= 0 or self.wins <= 0:
            return 0.0
        return self.meets * wins / self.wins


def _gap(x: float, low: float, high: float) -> float:
    """How far `x` lies outside `[low, high]`."""
    return max(0.0, low - x, x - high)


def _cost(seen: _Seen, low: float, high: float, won: int, out: _Outlook) -> float:
    """How far the bot stands from its target when it still wants `low`..`high`
    meets, has won `won` tricks and has `out` to come. The pile-4 condition is
    either met or avoided through the number of tricks won; the cheaper counts."""
    free = _gap(out.meets, low, high)
    cond = seen.conditions[3]
    exact = _EXACT_TRICKS.get(cond)
    if exact is not None:
        wins = exact - won
        if wins < 0 or wins > out.cards:
            return free
        off = abs(out.wins - wins)
        meet = WIN_GAP * off + _gap(out.meets_with(wins), low - 1, high - 1)
        if out.cards == 0:
            return meet
        return min(meet, free + HARD_TO_AVOID * max(0.0, 1.0 - off))
    # MOST_TRICKS: the others share the tricks the bot does not take.
    others = max(w for j, w in enumerate(seen.won) if j != seen.me)
    if out.cards == 0:
        return _gap(0.0, low - 1, high - 1) if won > others else free
    lead = won + out.wins - others - (out.cards - out.wins) * MOST_SHARE / (seen.players - 1)
    meet = WIN_GAP * max(0.0, 1.0 - lead) + _gap(out.meets, low - 1, high - 1)
    return min(meet, free + WIN_GAP * max(0.0, lead))


# ------------------------------------------------------------------ decisions


def choose_prediction(seen: _Seen) -> tuple[int, bool]:
    """(chips, flex) for the bot's hand and the revealed conditions.

    The count the bot expects to meet is a sum of chances, with a spread from
    their variance, narrowed by how well the bot steers towards its target.
    It takes the prediction with the best expected score under that spread;
    so it takes the flex chip when it is unsure: a count between two numbers,
    or a wide spread.
    """
    odds = _card_odds(seen, seen.hand)
    p4 = _pile4_chance(seen, odds)
    expected = sum(o[1] * o[3] for o in odds) + p4
    spread = sum(o[1] * (1 - o[1]) * o[3] ** 2 for o in odds) + p4 * (1 - p4)
    wins = sum(o[1] for o in odds)
    three = seen.conditions[2]
    if three == IN_A_ROW:
        expected += ROW * max(0.0, wins - 1)
    elif three == FIRST_OR_LAST:
        expected += 2 * wins / len(odds)  # the first and the last trick
    sigma = STEER * sqrt(spread)
    chances = _rounded_normal(expected, max(sigma, 0.05), MAX_PREDICTION)
    best = (float("-inf"), 0, False)
    for chips in range(min(MAX_PREDICTION, int(expected) + 2) + 1):
        for flex in (False, True) if seen.flex_chip else (False,):
            value = sum(chance * score(seen.game_no, chips, flex, met) for met, chance in chances)
            if value > best[0] + 1e-9:
                best = (value, chips, flex)
    return best[1], best[2]


def _rounded_normal(mean: float, sigma: float, top: int) -> list[tuple[int, float]]:
    """(k, chance) for a normal variable rounded to a whole number in 0..top."""
    high = min(top, int(mean + 4 * sigma) + 1)
    low = min(max(0, int(mean - 4 * sigma)), high)

    def below(x: float) -> float:
        return 0.5 * (1.0 + erf((x - mean) / (sigma * sqrt(2.0))))

    chances = [(k, below(k + 0.5) - below(k - 0.5)) for k in range(low, high + 1)]
    # The tails belong to the ends: fewer than 0 is 0.
    first, last = chances[0], chances[-1]
    chances[0] = (first[0], first[1] + below(low - 0.5))
    chances[-1] = (last[0], last[1] + 1.0 - below(high + 0.5))
    return chances


def _pile4_chance(seen: _Seen, odds: list[_Odds]) -> float:
    """Chance of meeting the pile-4 condition when winning tricks at the natural rate."""
    counts = [1.0]
    for o in odds:
        pi = o[1]
        nxt = [0.0] * (len(counts) + 1)
        for wins, chance in enumerate(counts):
            nxt[wins] += chance * (1 - pi)
            nxt[wins + 1] += chance * pi
        counts = nxt
    exact = _EXACT_TRICKS.get(seen.conditions[3])
    if exact is not None:
        return counts[exact] if exact < len(counts) else 0.0
    # Most tricks: clearly above a fair share.
    return sum(counts[TRICKS // seen.players + 2 :])


def choose_card(seen: _Seen) -> int:
    """The card to play: the one whose likely outcome leaves the bot nearest its target."""
    low = seen.predicted - seen.met[seen.me]
    high = low + seen.flex
    won = seen.won[seen.me]
    hand = seen.hand
    if seen.trick:
        follow = hand & COLOUR_MASK[seen.led]
        legal = follow or hand
    else:
        legal = hand
    odds = _card_odds(seen, hand)
    costs = []
    for card in cards_of(legal):
        rest = [o for o in odds if o[0] != card]
        p = _win_now(seen, card)
        cost = 0.0
        if p > 0.0:
            m = _meets_now(seen, card)
            cost += p * _cost(seen, low - m, high - m, won + 1, _Outlook(seen, rest, True))
        if p < 1.0:
            cost += (1 - p) * _cost(seen, low, high, won, _Outlook(seen, rest, False))
        costs.append((cost, card))
    least = min(cost for cost, _ in costs)
    close = [card for cost, card in costs if cost <= least + TIE]
    # Among near-equal cards: while the bot wants fewer than its hand is likely
    # to bring, it gets rid of its strongest card (the one most likely to win a
    # trick later against its will); otherwise it keeps its strength for later.
    whole = _Outlook(seen, odds, seen.last_winner == seen.me)
    strength = {o[0]: (o[1], o[0] % 12) for o in odds}
    shed = (low + high) / 2 < whole.meets
    return (max if shed else min)(close, key=strength.__getitem__)


class BasicBot:
    """Predicts from its hand against the revealed conditions, then plays to
    meet exactly its prediction: wins tricks with cards that meet conditions
    while it needs chips, and sheds or ducks once it has what it predicted."""

    def __init__(
        self, game: Any, seat: Seat, seed: int, think: ThinkTime = THINK_TIMES["human"]
    ) -> None:
        self.seat = seat
        self.think = think
        # Its own stream for think times, so timing never changes a decision.
        self.clock = Rng(derive_seed(seed, 1))

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        legal = view.get("legal") or []
        if not legal:
            return None
        seen = _Seen(view)
        if view["phase"] == "predict":
            chips, flex = choose_prediction(seen)
            action: JSONDict = {"type": "predict", "chips": chips, "flex": flex}
        else:
            action = {"type": "play", "card": CODES[choose_card(seen)]}
        return Plan(now + self.think.sample(self.clock, len(legal)), action)

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(f"a legal action was refused: {error}")


def basic_prediction(view: JSONDict) -> tuple[int, bool]:
    """`basic`'s (chips, flex) for a seat's view in the predict phase."""
    return choose_prediction(_Seen(view))


#: `random` is the shared bot (`quintet.bots.random`): uniform over the view's legal actions.
#: `expert` searches (`search.py`) with basic's prediction model for the seats it cannot see.
#: Weakest first; a new seat gets basic (random plays any card, which teaches nothing, and
#: expert is too strong for a newcomer).
BOTS: Final = BotLevels(
    {"random": RandomBot.using(), "basic": BasicBot, "expert": ExpertBot.using(basic_prediction)},
    default="basic",
)
