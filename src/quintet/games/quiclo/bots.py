"""Quiclo bots: `random`, and the levels `beginner`, `easy`, `medium`, `hard` and `perfect`.

A bot sees only its own view (its hand, the three tops, whether it may claim);
a level finds its claims itself with the solver (`random` guesses, see below). The
simulator (or the server) asks it again after every change it can see, and it answers
with a `Plan`: "at time t I claim this".

A level is a person at the table (`Level`):

- Timing (`quintet.bots.ReactionTime`, its steps being `effort` units): after a change
  the bot reacts, then searches; the search takes longer the harder the chain is to
  work out (`effort.effort`: more operands, * and / over + and -, more digits, carries,
  borrows and remainders to check; docs/rules/quiclo.md, "Bot timing", gives the
  model and its sources) and the fuller the hand. `hard` is quick, `easy`
  slow, `beginner` twice as slow as easy (otherwise easy: the newcomer's default),
  `perfect` acts at once (for tests).
- Sight: `easy` looks for chains of 2 or 3 operands; `medium` looks for 4-operand
  chains only half the time. A bot that finds nothing within its sight votes
  "no more claims" (`no_more_claims`) once it has searched as long as a person
  of its level would for a typical chain of its reach; when every player has voted, the
  game ends. A `easy` or `medium` bot that has voted keeps looking and, after a
  long while (`stuck_ms`), may still find a longer chain (its claim withdraws
  the votes), as a person who stares at the cards does.
- Mistakes: now and then (`wrong`, per mille of plans) `easy` and `medium`
  claim a chain that is slightly off (one operator or one of their cards
  changed); the rules accept it and make them sit out. `hard` and `perfect`
  never do.
- Choice: each bot spots a few chains of each length at random (`looks`; perfect
  sees all). `easy` claims any of them. `medium` and `hard` claim the one with the
  most of their own cards (the hand empties fastest), the easier
  chain on a tie (it is found sooner); `hard` and `perfect` also prefer a claim,
  and the card they put on top, after which their remaining hand still has a
  claim on the new tops (checked with `solver.has_claim`).

A bot that is asked again when its hand is the same and the claim it planned
still stands (same stack top, the tops it uses still there) keeps its plan and
its time, as a person who has found a chain plays it. Anything else it sees as
a change: it reacts and searches again. The solver keeps searches per (hand, tops);
a bot reads its claims as the solver's keys (`solver.claim_keys`) and builds a
`Claim` only for the few it spots.

`random` is not a level but the baseline, the random legal move and nothing more
(`random_claim`): no solver. It builds a claim at random from its view (a random
stack, 2-4 random operands among its cards and the other two tops, random operators),
which is nearly always wrong and costs it the sit-out, or, as one of the four kinds of
move, votes "no more claims"; having voted it waits until a valid claim withdraws the
vote. It acts at `easy`'s pace for a typical chain of the length it picked
(`random_pace`), so it is a person at the table who guesses.

Everything random comes from the bot's own `Rng`, seeded per bot; nothing reads
the wall clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from quintet.bots import ReactionTime, scatter
from quintet.bots.random import RandomBot
from quintet.core import BotFactory, GameOver, JSONDict, Plan, Rng, RuleError, Seat, TooLate
from quintet.core.levels import BotLevels
from quintet.games.quiclo.arithmetic import OPERATORS, explain
from quintet.games.quiclo.effort import TYPICAL, effort
from quintet.games.quiclo.solver import Claim, Claims, claim_keys, has_claim

MIN_OPERANDS: Final = 2
MAX_OPERANDS: Final = 4
STACKS: Final = (0, 1, 2)
#: Probabilities are in thousandths, drawn with `Rng.below(PER_MILLE)`: integers only.
PER_MILLE: Final = 1000
#: A `looks` or `lookahead` that leaves nothing out.
EVERY: Final = 0


#: The vote that the bot finds no more claims (see `rules.NO_MORE_CLAIMS`).
VOTE: Final[JSONDict] = {"type": "no_more_claims"}


def random_claim(view: JSONDict, rng: Rng) -> JSONDict | None:
    """A random move from the view, without a solver: one of four kinds, each as likely:
    the vote "no more claims", or a claim of 2, 3 or 4 operands built at random (a random
    stack; distinct operands among the seat's cards and the other two tops, at least one
    its own; random operators; its cards laid down in a random order). None while it may
    not claim, or once it has voted (it waits for a valid claim to withdraw the vote)."""
    if not view.get("can_claim") or not view.get("can_vote"):
        return None
    kind = rng.below(MAX_OPERANDS)
    if kind == 0:
        return dict(VOTE)
    length = kind + 1
    hand: list[int] = view["hand"]
    tops: list[int] = view["tops"]
    stack = rng.below(len(STACKS))
    pool = [*hand, *(top for index, top in enumerate(tops) if index != stack)]
    while True:  # only 2-operand picks can miss the hand (the pool holds two tops)
        rng.shuffle(pool)
        operands = pool[:length]
        own = [card for card in operands if card in hand]
        if own:
            break
    operators = [OPERATORS[rng.below(len(OPERATORS))] for _ in range(length - 1)]
    rng.shuffle(own)
    return {
        "type": "claim",
        "stack": stack,
        "expect": tops[stack],
        "operands": operands,
        "operators": operators,
        "order": own,
    }


def random_pace(view: JSONDict, action: JSONDict, rng: Rng) -> int:
    """`easy`'s reaction and search time for a typical chain of the random claim's length
    and the cards in hand (the random bot works nothing out, so the chain's own effort
    does not count); for a vote, easy's time to search its reach in vain."""
    length = len(action["operands"]) if "operands" in action else LEVELS["easy"].reach
    return LEVELS["easy"].timing.sample(rng, TYPICAL[length], len(view["hand"]))


# ---------------------------------------------------------------------- levels


@dataclass(frozen=True, slots=True)
class Level:
    """What sets one bot level apart: speed, sight, mistakes and judgement."""

    name: str
    timing: ReactionTime
    #: The longest chain (in operands) a search looks for: 3 or 4.
    reach: int
    #: Per mille of searches that stop at 3 operands although `reach` is 4.
    miss_long: int
    #: Median extra time (ms) to find a chain beyond the search's reach when none within it.
    stuck_ms: int
    #: Per mille of plans that are a wrong claim.
    wrong: int
    #: How many chains of each length the bot spots (at random among all); EVERY: all.
    looks: int
    #: Most own cards first (else any chain spotted, at random).
    greedy: bool
    #: Prefer claims after which the remaining hand still has a claim, checking up to this
    #: many of the best ones (EVERY: all); None: no such care.
    lookahead: int | None

    def __post_init__(self) -> None:
        if self.reach not in (3, MAX_OPERANDS):
            raise ValueError(f"a level's reach is 3 or 4 operands, not {self.reach}")
        for name in ("miss_long", "wrong"):
            if not 0 <= getattr(self, name) <= PER_MILLE:
                raise ValueError(f"{name} is per mille, 0..1000, not {getattr(self, name)}")
        if self.looks < 0 or self.stuck_ms < 0 or (self.lookahead or 0) < 0:
            raise ValueError("looks, lookahead and stuck_ms must be 0 or more")


#: The levels' reaction and search times. A search's steps are `effort` units (tenths:
#: a 2-operand one-digit sum with a carry is 40, a typical 4-operand chain about 190), so
#: `per_step_ms` is ms per tenth of a unit; a 2-operand sum takes what it took when the
#: model counted operands (hard 700 ms per operand, easy 1,600), harder chains longer.
TIMES: Final[dict[str, ReactionTime]] = {
    "instant": ReactionTime(0, 0, 0, 0, 0, 0),
    "quick": ReactionTime(450, 500, 35, 60, 300),
    "steady": ReactionTime(700, 900, 55, 110, 500),
    "slow": ReactionTime(1_000, 1_400, 80, 160, 800),
    # Twice slow: a person still learning the game (beginner).
    "leisurely": ReactionTime(2_000, 2_800, 160, 320, 1_600),
}

LEVELS: Final[dict[str, Level]] = {
    "beginner": Level(
        "beginner",
        TIMES["leisurely"],
        reach=3,
        miss_long=0,
        stuck_ms=40_000,
        wrong=80,
        looks=4,
        greedy=False,
        lookahead=None,
    ),
    "easy": Level(
        "easy",
        TIMES["slow"],
        reach=3,
        miss_long=0,
        stuck_ms=20_000,
        wrong=80,
        looks=4,
        greedy=False,
        lookahead=None,
    ),
    "medium": Level(
        "medium",
        TIMES["steady"],
        reach=MAX_OPERANDS,
        miss_long=500,
        stuck_ms=8_000,
        wrong=30,
        looks=6,
        greedy=True,
        lookahead=None,
    ),
    "hard": Level(
        "hard",
        TIMES["quick"],
        reach=MAX_OPERANDS,
        miss_long=0,
        stuck_ms=0,
        wrong=0,
        looks=12,
        greedy=True,
        lookahead=4,
    ),
    "perfect": Level(
        "perfect",
        TIMES["instant"],
        reach=MAX_OPERANDS,
        miss_long=0,
        stuck_ms=0,
        wrong=0,
        looks=EVERY,
        greedy=True,
        lookahead=EVERY,
    ),
}


# ---------------------------------------------------------------- the claims seen


def claim_action(claim: Claim, order: Sequence[int] | None = None) -> JSONDict:
    """The action of `claim`; `order` (default: chain order) puts the bot's cards onto the
    stack, the last becoming the new top."""
    action = claim.to_action()
    if order is not None:
        action["order"] = list(order)
    return action


@lru_cache(maxsize=4096)
def _has_claim(hand: tuple[int, ...], tops: tuple[int, int, int]) -> bool:
    return has_claim(hand, tops)


# ------------------------------------------------------------------------- bot


@dataclass(frozen=True, slots=True)
class _Memo:
    """The last plan and what it was made for."""

    hand: tuple[int, ...]
    tops: tuple[int, int, int]
    #: Whether the seat had voted "no more claims" when the plan was made.
    voted: bool
    plan: Plan | None
    #: Whether the plan is a wrong claim (it leaves the hand as it is when it runs).
    wrong: bool


class QuicloBot:
    """A bot of one `Level`; see the module's docstring."""

    def __init__(self, game: Any, seat: Seat, seed: int, level: Level) -> None:
        self.seat = seat
        self.level = level
        self.rng = Rng(seed)
        self._memo: _Memo | None = None

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        if not view.get("can_claim"):
            # Sitting out (or the game is over): nothing to plan, and whatever was
            # planned is gone; when play resumes the bot reacts afresh.
            self._memo = None
            return None
        hand = tuple(view["hand"])
        first, second, third = view["tops"]
        tops = (first, second, third)
        voted = not view.get("can_vote", True)
        memo = self._memo
        if (
            memo is not None
            and memo.hand == hand
            and memo.voted == voted
            and self._keeps(memo, tops, now)
        ):
            if memo.tops != tops:
                self._memo = _Memo(hand, tops, voted, memo.plan, memo.wrong)
            return memo.plan
        plan, wrong = self._fresh(hand, tops, now, voted)
        self._memo = _Memo(hand, tops, voted, plan, wrong)
        return plan

    def refused(self, error: RuleError, now: int) -> None:
        # "Too late": someone was faster; the bot looks again when asked. Any other
        # refusal of a claim made from the solver's is a bug.
        if not isinstance(error, TooLate | GameOver):
            raise AssertionError(f"seat {self.seat}'s {self.level.name} claim was refused: {error}")
        self._memo = None

    @staticmethod
    def _keeps(memo: _Memo, tops: tuple[int, int, int], now: int) -> bool:
        """Whether the last plan still holds for this hand and these tops."""
        plan = memo.plan
        if plan is None:
            return memo.tops == tops
        # A valid claim that ran changed the hand; a wrong one did not, so one whose time
        # has come has run (the bot then sat out, unasked) and is spent.
        if memo.wrong and plan.time <= now:
            return False
        if memo.tops == tops:
            return True
        action = plan.action
        if action["type"] != "claim":
            return False  # a vote stands for these tops only
        if tops[action["stack"]] != action["expect"]:
            return False
        # The operands that are not own cards must still be tops (of the other stacks:
        # a card is in one place only).
        own = set(memo.hand)
        return all(card in tops for card in action["operands"] if card not in own)

    def _fresh(
        self, hand: tuple[int, ...], tops: tuple[int, int, int], now: int, voted: bool
    ) -> tuple[Plan | None, bool]:
        """A new plan: search, choose, maybe err, and time it; or vote when the search
        finds nothing."""
        level = self.level
        rng = self.rng
        reach = level.reach
        if reach == MAX_OPERANDS and level.miss_long and rng.below(PER_MILLE) < level.miss_long:
            reach = 3
        found = claim_keys(hand, tops, max_operands=reach)
        extra = 0
        if not found:
            if not voted:
                # Nothing within sight: once it has searched as long as a typical chain
                # of its reach takes a person of its level, the bot says so.
                wait = level.timing.sample(rng, TYPICAL[reach], len(hand))
                return Plan(now + wait, dict(VOTE)), False
            if reach == MAX_OPERANDS:
                return None, False
            found = claim_keys(hand, tops)
            if not found:
                return None, False
            # Nothing within sight: the bot stares until a longer chain turns up.
            extra = scatter(rng, level.stuck_ms)
        chain, order = self._choose(found, hand, tops)
        action = claim_action(chain, order)
        wrong = False
        if level.wrong and rng.below(PER_MILLE) < level.wrong:
            garbled = self._garble(chain, hand, tops)
            if garbled is not None:
                action, wrong = garbled, True
        # The time to find the chain it found (not the garbled one: it slipped at the end).
        delay = level.timing.sample(rng, effort(chain.operands, chain.operators), len(hand))
        delay += extra
        return Plan(now + delay, action), wrong

    def _spot(self, found: Claims) -> list[Claim]:
        """The chains the bot notices: `looks` of each length at random (all if fewer)."""
        looks = self.level.looks
        spotted: list[Claim] = []
        for length in range(MIN_OPERANDS, len(found.sizes)):
            size = found.sizes[length]
            if not size:
                continue
            if looks == EVERY or size <= looks:
                picks: Sequence[int] = range(size)
            else:
                picks = sorted({self.rng.below(size) for _ in range(looks)})
            for index in picks:
                spotted.append(found.claim(*found.at(length, index)))
        return spotted

    def _choose(
        self, found: Claims, hand: tuple[int, ...], tops: tuple[int, int, int]
    ) -> tuple[Claim, tuple[int, ...] | None]:
        """The chain to claim and the order of the own cards (None: chain order)."""
        spotted = self._spot(found)
        if not self.level.greedy:
            return spotted[self.rng.below(len(spotted))], None
        # Most own cards, then the easiest chain (it is found first); stable, so ties keep
        # spotted order. Only the chains with the most own cards need their effort.
        most = max(len(chain.own) for chain in spotted)
        spotted = sorted(
            (chain for chain in spotted if len(chain.own) == most),
            key=lambda chain: effort(chain.operands, chain.operators),
        )
        best = spotted[0]
        tries = self.level.lookahead
        if tries is None:
            return best, None
        for chain in spotted if tries == EVERY else spotted[:tries]:
            order = self._order_keeping_claims(chain, hand, tops)
            if order is not None:
                return chain, order
        return best, None

    @staticmethod
    def _order_keeping_claims(
        chain: Claim, hand: tuple[int, ...], tops: tuple[int, int, int]
    ) -> tuple[int, ...] | None:
        """An order of the own cards after which the rest of the hand still has a claim
        (or the claim wins at once); None if no card on top gives one."""
        gone = set(chain.own)
        rest = tuple(card for card in hand if card not in gone)
        if len(rest) <= 1:
            return chain.own
        for last in reversed(chain.own):
            new_tops = list(tops)
            new_tops[chain.stack] = last
            if _has_claim(rest, (new_tops[0], new_tops[1], new_tops[2])):
                return (*(card for card in chain.own if card != last), last)
        return None

    def _garble(
        self, chain: Claim, hand: tuple[int, ...], tops: tuple[int, int, int]
    ) -> JSONDict | None:
        """A claim slightly off from `chain`: one operator, or one own card, changed so that
        the arithmetic fails (a well-formed claim the rules punish). None if every
        change still works out (never seen, but then the bot claims the right chain)."""
        operands, operators = chain.operands, chain.operators
        variants: list[tuple[tuple[int, ...], tuple[str, ...]]] = []
        for i, op in enumerate(operators):
            for other in OPERATORS:
                if other != op:
                    variants.append((operands, (*operators[:i], other, *operators[i + 1 :])))
        unused = [card for card in hand if card not in operands]
        for i, card in enumerate(operands):
            if card in chain.own:
                for swap in unused:
                    variants.append(((*operands[:i], swap, *operands[i + 1 :]), operators))
        self.rng.shuffle(variants)
        result = tops[chain.stack]
        for new_operands, new_operators in variants:
            if not explain(new_operands, new_operators, result).valid:
                own = [card for card in new_operands if card not in tops]
                return {
                    "type": "claim",
                    "stack": chain.stack,
                    "expect": result,
                    "operands": list(new_operands),
                    "operators": list(new_operators),
                    "order": own,
                }
        return None


def _factory(level: Level) -> BotFactory:
    def make(game: Any, seat: Seat, seed: int) -> QuicloBot:
        return QuicloBot(game, seat, seed, level)

    make.__name__ = f"{level.name}_bot"
    return make


#: Weakest first, as measured (docs/benchmarks.md, "Quiclo bot levels" and "Default bot
#: levels"): random < beginner < easy < medium < hard. A new seat gets beginner: a player
#: half as fast as easy still wins a fair share against it, and against easy only one as
#: fast as easy does. perfect acts at once with every claim in view: a test bot, not
#: offered at tables.
BOTS: Final = BotLevels(
    {
        # The shared random bot: a claim built at random (or the vote), at easy's pace.
        "random": RandomBot.using(random_claim, random_pace),
        **{name: _factory(level) for name, level in LEVELS.items()},
    },
    default="beginner",
    hidden=["perfect"],
)
