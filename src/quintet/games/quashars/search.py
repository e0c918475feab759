"""Quashars' `expert` search: determinized sampling with playouts that aim at predictions.

The bot sees only its view. For a decision it deals the unseen cards several times with
`sampling.determinize` (each deal exactly as likely as it is under the view) and plays
every deal out on the rules' fast path (`fast.play`), once for each option:

- a card: the card, then the rest of the game;
- a prediction: a target number of conditions, and the whole game played towards it.

It picks the option with the best mean score for its own seat in this game (the rules'
own scoring, pile 4 and the flex chip included). The same deals serve every option, so
options are compared on equal cards; for cards, successive halving gives the better
half of the cards more deals, round by round.

Playouts are not random: each seat plays a greedy rule that follows its prediction
(`_pick`). While it is short of its prediction it wins tricks, with the card that meets
most conditions among those no later seat can beat; once it has met it, it ducks under
the best card, sheds its highest losers, and leads low. Inside a deal every hand is
known, so "no later seat can beat it" is checked on the dealt hands. Seats that have not
predicted yet when the bot predicts get `basic`'s prediction for their dealt hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from quintet.bots import THINK_TIMES, ThinkTime
from quintet.core import JSONDict, Plan, Rng, RuleError, Seat, derive_seed
from quintet.games.quashars import fast
from quintet.games.quashars.components import (
    CARD_BY_CODE,
    CODES,
    COLOUR_MASK,
    FIRST_OR_LAST,
    IN_A_ROW,
    MAX_PREDICTION,
    NO_RED,
    NO_TRICKS,
    TRICKS,
    WINNING_CARD_MASK,
    cards_of,
)
from quintet.games.quashars.rules import GAME
from quintet.games.quashars.sampling import determinize
from quintet.games.quashars.scoring import score
from quintet.games.quashars.state import PLAY, PREDICT, QuasharsState

#: Deals per legal card (a card decision) and per prediction, and how far around `basic`'s
#: prediction the predictions tried reach. Measured (docs/benchmarks.md): from 12 deals
#: up, more deals gained nothing clear against basic; 24 and 32 cost about 0.01 s of CPU a
#: decision (median), far under the 0.5 s allowed.
CARD_SAMPLES: Final = 24
PREDICT_SAMPLES: Final = 32
PREDICT_REACH: Final = 3

_RED_MASK: Final = COLOUR_MASK[0]
#: `_ABOVE[c]`: the cards of c's colour above it.
_ABOVE: Final = tuple(COLOUR_MASK[c // 12] & ~((2 << c) - 1) for c in range(48))


#: A prediction model for a seat's view: (chips, flex). The expert centres its own
#: predictions on it and gives it to the seats that predict after it in a deal.
Predictor = Callable[[JSONDict], tuple[int, bool]]


def _best(trick: list[int]) -> int:
    """The card winning the trick so far: the highest red, else the highest of the led colour."""
    best = trick[0]
    led = best // 12
    for card in trick[1:]:
        if _beats(card, best, led):
            best = card
    return best


def _beats(card: int, best: int, led: int) -> bool:
    """Whether `card` beats `best`, the best card so far of a trick led in colour `led`."""
    if best < 12:
        return card < 12 and card > best
    return card < 12 or (card // 12 == led and card > best)


def _safe(state: QuasharsState, card: int, led: int, later: range) -> bool:
    """Whether no seat of `later` (offsets after the seat to act) can beat `card`."""
    hands = state.hands
    players = state.players
    seat = state.to_act
    above = _ABOVE[card]
    led_mask = COLOUR_MASK[led]
    for offset in later:
        hand = hands[(seat + offset) % players]
        if card < 12:  # a red: only a higher red beats it, when that seat may play red
            if hand & above and (led == 0 or not hand & led_mask):
                return False
        elif hand & led_mask:
            if hand & above:
                return False
        elif hand & _RED_MASK:
            return False
    return True


def _meets(state: QuasharsState, card: int) -> int:
    """Trick conditions (piles 1-3) met if `card` wins the trick in progress."""
    first, second, third, _ = state.conditions
    met = (WINNING_CARD_MASK[first] >> card & 1) + (WINNING_CARD_MASK[second] >> card & 1)
    if third == NO_RED:
        met += card >= 12
    elif third == IN_A_ROW:
        tricks = state.tricks
        met += bool(tricks) and tricks[-1][2] == state.to_act
    elif third == FIRST_OR_LAST:
        met += len(state.tricks) in (0, TRICKS - 1)
    return met


def _wants(state: QuasharsState, seat: int) -> bool:
    """Whether `seat` still wants to win tricks: it is short of its prediction."""
    short = state.predicted[seat] - state.met[seat]
    if state.conditions[3] == NO_TRICKS and state.tricks_won[seat] == 0 and short <= 1:
        return False  # winning nothing meets pile 4: the last chip it needs, or none
    return short > 0


def _pick(state: QuasharsState) -> int:
    """The playout rule for the seat to act: win while short, duck once met."""
    seat = state.to_act
    hand = state.hands[seat]
    trick = state.trick
    players = state.players
    want = _wants(state, seat)
    if not trick:
        cards = cards_of(hand)
        if want:
            later = range(1, players)
            best, best_key = -1, -1
            for card in cards:
                if _safe(state, card, card // 12, later):
                    key = _meets(state, card) * 16 - card % 12
                    if key > best_key:
                        best, best_key = card, key
            if best >= 0:
                return best
            # No sure winner: lead the highest card of a plain colour, else the lowest red.
            plain = [c for c in cards if c >= 12]
            return max(plain, key=lambda c: c % 12) if plain else cards[0]
        # Lead low: the lowest plain card, else the lowest red.
        return min(cards, key=lambda c: (c < 12, c % 12))
    led = trick[0] // 12
    follow = hand & COLOUR_MASK[led]
    cards = cards_of(follow or hand)
    best = _best(trick)
    beating = [c for c in cards if _beats(c, best, led)]
    later = range(1, players - len(trick))
    if want:
        if beating:
            safe = [c for c in beating if _safe(state, c, led, later)]
            if safe:
                return max(safe, key=lambda c: _meets(state, c) * 16 - c % 12)
            return max(beating, key=lambda c: (c < 12, c % 12))
        return min(cards, key=lambda c: (c < 12, c % 12))
    losing = [c for c in cards if c not in beating]
    if losing:
        return max(losing, key=lambda c: (c < 12, c % 12))  # shed the highest loser
    # Every card wins for now: the one most likely overtaken, meeting least.
    return min(cards, key=lambda c: (_meets(state, c), c % 12))


def play_out(state: QuasharsState) -> None:
    """Play the game in progress to its end with `_pick` for every seat."""
    play = fast.play
    while state.phase == PLAY:
        play(state, _pick(state))


def choose_card(view: JSONDict, rng: Rng, legal: list[int], samples: int | None = None) -> int:
    """The legal card with the best mean score over deals that fit the view.

    The search plays `samples` deals per card in all, by successive halving: every card
    is played out on the first deals, the better half goes on to more deals, and so on
    until one is left, so the close contenders are compared on the most deals.
    """
    if len(legal) == 1:
        return legal[0]
    seat = int(view["viewer"])
    alive = list(range(len(legal)))
    totals = [0] * len(legal)
    per_round = (samples or CARD_SAMPLES) * len(legal) // (len(legal) - 1).bit_length()
    while len(alive) > 1:
        for _ in range(max(1, per_round // len(alive))):
            deal = determinize(view, rng)
            for i in alive:
                state = deal.clone()
                fast.play(state, legal[i])
                play_out(state)
                totals[i] += state.scores[-1][seat]
        # Every card still in has been played out on the same deals: totals compare.
        alive.sort(key=lambda i: (-totals[i], i))
        alive = alive[: (len(alive) + 1) // 2]
    return legal[alive[0]]


def choose_prediction(
    view: JSONDict,
    rng: Rng,
    predictor: Predictor,
    samples: int | None = None,
    reach: int | None = None,
) -> tuple[int, bool]:
    """(chips, flex) with the best mean score over `samples` deals that fit the view.

    Each target from `reach` below to `reach` above `predictor`'s own choice is played
    out on every deal: the bot plays towards it, and the conditions it meets score as
    that prediction, and (when the table allows it) as that prediction with the flex
    chip. The seats after it predict with `predictor` on their dealt hands.
    """
    seat = int(view["viewer"])
    centre, _ = predictor(view)
    reach = PREDICT_REACH if reach is None else reach
    targets = range(max(0, centre - reach), min(MAX_PREDICTION, centre + reach) + 1)
    flexes = (False, True) if view["options"]["flex_chip"] else (False,)
    totals = {(t, f): 0 for t in targets for f in flexes}
    game_no = int(view["game_no"])
    for _ in range(samples or PREDICT_SAMPLES):
        deal = determinize(view, rng)
        # The later seats' predictions hang on their own hands, not on the bot's target.
        fast.predict(deal, centre, False)
        while deal.phase == PREDICT:
            chips, flex = predictor(GAME.view(deal, deal.to_act))
            fast.predict(deal, chips, flex)
        for target in targets:
            state = deal.clone()
            state.predicted[seat] = target
            play_out(state)
            met = state.met[seat]
            for flex in flexes:
                totals[target, flex] += score(game_no, target, flex, met)
    return max(totals, key=lambda k: (totals[k], -k[0], -k[1]))


class ExpertBot:
    """Searches every decision over deals that fit its view (see the module's text);
    takes a person's time to think, like `basic`, whatever the search costs."""

    def __init__(
        self,
        game: Any,
        seat: Seat,
        seed: int,
        predictor: Predictor,
        think: ThinkTime = THINK_TIMES["human"],
        *,
        card_samples: int | None = None,
        predict_samples: int | None = None,
    ) -> None:
        self.seat = seat
        # The search's size: deals per card and per prediction (None: the module's).
        self.card_samples = card_samples
        self.predict_samples = predict_samples
        self.seed = seed
        self.predictor = predictor
        self.think = think
        # Its own stream for think times, so timing never changes a decision.
        self.clock = Rng(derive_seed(seed, 1))

    @classmethod
    def using(cls, predictor: Predictor) -> Callable[[Any, Seat, int], ExpertBot]:
        """A factory (game, seat, seed) -> ExpertBot with this prediction model, for BOTS."""

        def make(game: Any, seat: Seat, seed: int) -> ExpertBot:
            return cls(game, seat, seed, predictor)

        return make

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        legal = view.get("legal") or []
        if not legal:
            return None
        # The deals drawn hang on the seed and the point of the game only, so asking
        # again about the same view gives the same answer.
        predicting = view["phase"] == "predict"
        point = (int(view["game_no"]), len(view["tricks"]), len(view["trick"]), predicting)
        rng = Rng(derive_seed(self.seed, 2, *point))
        if predicting:
            chips, flex = choose_prediction(view, rng, self.predictor, self.predict_samples)
            action: JSONDict = {"type": "predict", "chips": chips, "flex": flex}
        else:
            cards = sorted(CARD_BY_CODE[a["card"]] for a in legal)
            action = {
                "type": "play",
                "card": CODES[choose_card(view, rng, cards, self.card_samples)],
            }
        return Plan(now + self.think.sample(self.clock, len(legal)), action)

    def refused(self, error: RuleError, now: int) -> None:
        raise AssertionError(f"a legal action was refused: {error}")
