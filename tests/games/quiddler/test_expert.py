"""Quiddler's `hard` level (`expert.ExpertBot`) on hand-made positions: its draw by the
deck's exact worth, its arrangement for the bonuses, and holding back going out."""

from __future__ import annotations

from collections import Counter

from tests.games.quiddler.test_bots import FAST, planned, position

from quintet.core import JSONDict
from quintet.games.quiddler import GAME
from quintet.games.quiddler.bots import LEVELS, LevelBot, unseen_cards, view_table
from quintet.games.quiddler.components import DECK, letters
from quintet.games.quiddler.expert import (
    MAX_HOLDS,
    SMALL_GO_OUT_VALUE,
    SMALL_HAND,
    ExpertBot,
    share_at_most,
    share_below,
)
from quintet.sim.engine import play_game


def expert(seat: int = 0) -> ExpertBot:
    return ExpertBot(GAME, seat, 1)


# ---------------------------------------------------------------------- draws


def test_the_deck_is_worth_the_mean_over_every_unseen_card() -> None:
    state = position([["i", "q", "t"], ["h", "i", "t"]], pile=["o"])
    view = GAME.view(state, 0)
    bot = expert()
    known = bot._vocabulary(view)
    pool = unseen_cards(view)
    table = view_table(view)
    total = 0.0
    for card, count in pool.items():
        hand = tuple(sorted(["i", "q", "t", card]))
        out = table.go_out(hand)
        # A small hand: going out counts above any score.
        assert len(hand) <= SMALL_HAND
        worth = out.score + SMALL_GO_OUT_VALUE if out else table.best_lay_down(hand).score
        total += count * worth
    estimate = bot._deck_worth(known, ("i", "q", "t"), pool, False)
    assert abs(estimate - total / sum(pool.values())) < 1e-9


def test_it_takes_the_top_only_when_that_is_worth_more_than_the_deck() -> None:
    # The o makes "to" (a better score), but no way out; i-t with a card from the deck goes
    # out often ("tie", "tin", "tip", ...). Medium, greedy, takes the o; hard the deck.
    state = position([["i", "q", "t"], ["h", "i", "t"]], pile=["o"])
    assert planned("medium", state) == {"type": "draw", "source": "discard"}
    assert planned("hard", state) == {"type": "draw", "source": "deck"}
    # The i lets it go out ("quiz"); few deck cards do ("zax" with an a).
    state = position([["qu", "x", "z"], ["h", "i", "t"]], pile=["i"])
    assert planned("hard", state) == {"type": "draw", "source": "discard"}


def test_its_discard_keeps_the_cards_most_likely_to_go_out() -> None:
    # Medium drops the w (the dearest card its best play leaves unused); a-u-w with most
    # cards makes no word. Hard keeps the w and drops a u: a-w-u goes out with many more.
    hand = ["a", "u", "u", "w"]
    state = position([hand, ["n", "o", "t"]], step="discard")
    view = GAME.view(state, 0)
    table = view_table(view)
    pool = unseen_cards(view)

    def chance(dropped: str) -> float:
        kept = list(hand)
        kept.remove(dropped)
        good = sum(n for card, n in pool.items() if table.go_out(tuple(sorted([*kept, card]))))
        return good / sum(pool.values())

    assert planned("medium", state) == {"type": "discard", "card": "w"}
    assert planned("hard", state) == {"type": "discard", "card": "u"}
    assert chance("u") > chance("w") + 0.2


# -------------------------------------------------------------------- bonuses

#: Its best play is "if", "pi" and "joy" (35 points, longest word 3 letters); "coif" and
#: "yip" score 30 but hold a word of 4 letters.
BONUS_HAND = ["c", "f", "i", "i", "j", "o", "p", "y"]


def _go_out(options: JSONDict, players: int = 2) -> JSONDict:
    others = [["e", "e", "e"], ["a", "a", "a"], ["u", "u", "u"]][: players - 1]
    state = position([BONUS_HAND, *others], step="discard", options=options)
    action = planned("hard", state)
    assert action["type"] == "go_out"
    return action


def test_it_gives_up_points_for_a_longer_word_when_the_bonus_is_worth_more() -> None:
    best = view_table(GAME.view(position([BONUS_HAND, ["e"]], step="discard"), 0)).go_out(
        tuple(BONUS_HAND)
    )
    assert best is not None and best.score == 35
    assert max(letters(word) for word in best.words) == 3
    action = _go_out({"two_player_bonus": "longest"})
    assert max(letters(word) for word in action["words"]) == 4
    assert action["discard"] == "j"
    # With the most-words bonus, or with none (solo), the best play's three words stay.
    for options, players in (({"two_player_bonus": "most"}, 2), ({}, 1)):
        action = _go_out(options, players)
        assert action["words"] == [list(word) for word in best.words]


def test_a_longest_word_already_laid_down_counts_exactly() -> None:
    # Seat 1 went out with a 5-letter word: a 4-letter one wins nothing, so the points stay.
    state = position(
        [BONUS_HAND, []],
        step="lay_down",
        went_out=1,
        words=[[], [["w", "h", "e", "a", "t"]]],
    )
    action = planned("hard", state)
    assert action["type"] == "lay_down"
    assert max(letters(word) for word in action["words"]) == 3


def test_the_measured_shares_read_as_below_and_at_most() -> None:
    # Round 8: 59% of last-turn longest words have 6 letters or fewer, 41% 5 or fewer.
    assert share_below({8: (0.0, 0.0, 0.0, 0.02, 0.18, 0.41, 0.59)}, 8, 6) == 0.41
    assert share_at_most({8: (0.0, 0.0, 0.0, 0.02, 0.18, 0.41, 0.59)}, 8, 6) == 0.59
    assert share_below({1: (0.5, 1.0)}, 1, 0) == 0.0
    assert share_at_most({1: (0.5, 1.0)}, 1, 5) == 1.0


# ---------------------------------------------------------------- holding back

HOLD_HAND = ["a", "b", "e", "n", "o", "t", "x"]


def _hold_position(unseen: list[str]) -> JSONDict:
    """Seat 0 can go out with "bant" and "ex" (32 points, o discarded); the draw pile
    holds `unseen`; seat 1's cards were all taken from the pile (known), everything else
    is on the discard pile."""
    other = ["e", "e", "e"]
    rest = Counter(DECK)
    rest.subtract(HOLD_HAND + other + unseen)
    state = position([HOLD_HAND, other], pile=sorted(rest.elements()), step="discard")
    state.known = [[], other[:]]
    return GAME.view(state, 0)


def test_it_holds_back_when_the_next_draw_is_worth_more_than_the_extra_turn() -> None:
    # Both unseen cards are z: "zax" and "ben" (43) next turn.
    view = _hold_position(["z", "z"])
    out = view_table(view).go_out(tuple(HOLD_HAND))
    assert out is not None and out.discard == "o" and out.score == 32
    bot = expert()
    plan = bot.plan(view, 0)
    assert plan is not None and plan.action == {"type": "discard", "card": "o"}
    # The cards it kept still go out with any card drawn (they are all in words).
    kept = sorted(card for card in HOLD_HAND if card != "o")
    assert view_table(view).best_lay_down((*kept,)).unused == ()
    # It holds at most MAX_HOLDS times a round, then goes out.
    for _ in range(MAX_HOLDS - 1):
        plan = bot.plan(view, 0)
        assert plan is not None and plan.action["type"] == "discard"
    plan = bot.plan(view, 0)
    assert plan is not None and plan.action["type"] == "go_out"


def test_it_goes_out_when_the_next_draw_adds_little() -> None:
    view = _hold_position(["e", "e"])
    plan = expert().plan(view, 0)
    assert plan is not None and plan.action["type"] == "go_out"


def test_it_never_holds_back_with_a_small_hand() -> None:
    state = position([["a", "t", "e", "x"], ["n", "o", "k"]], step="discard")
    assert planned("hard", state)["type"] == "go_out"


# --------------------------------------------------------------------- games


def test_it_beats_the_old_hard_more_often_than_not() -> None:
    # Six pairs of seeded games, seats swapped (bench/quiddler_hard.py measures more).
    wins = 0.0
    for seed in range(6):
        for new_seat in (0, 1):
            bots = [LevelBot(GAME, seat, seed, LEVELS["hard"]) for seat in range(2)]
            bots[new_seat] = ExpertBot(GAME, new_seat, seed)
            run = play_game("quiddler", 300 + seed, 2, bots, FAST)
            ranks = run.outcome.ranks
            wins += 1.0 if ranks[new_seat] < ranks[1 - new_seat] else 0.0
            wins += 0.5 if ranks[0] == ranks[1] else 0.0
    assert wins > 6
