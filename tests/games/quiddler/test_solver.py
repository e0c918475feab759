"""Quiddler's best-hand solver against a plain brute force, and every promise of its API.

The brute force knows nothing of the solver's search: it lists every play of a hand (every
discard, every set of cards laid down, every way to cut that set into groups of 2+ cards,
every order of each group that spells a listed word), scores each from RULINGS §5, and picks
the best by the documented tie-breaks, written here from the solver's docstring. Hands have
up to 7 cards and word lists are tiny and explicit, so no test depends on the shipped list.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quintet.core import BadInput
from quintet.games.quiddler import solver
from quintet.games.quiddler.components import CARDS, DECK
from quintet.games.quiddler.solver import MAX_CARDS, Best, best, can_go_out
from quintet.words import WordList, default_words

Word = tuple[str, ...]
Play = tuple[tuple[Word, ...], tuple[str, ...], str | None]  # words, unused, discard


# ----------------------------------------------------------------- the brute force


def groupings(items: list[int]) -> Iterator[list[list[int]]]:
    """Every way to cut the positions into groups of 2 or more."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in range(1, len(rest) + 1):
        for partners in combinations(rest, size):
            others = [item for item in rest if item not in partners]
            for tail in groupings(others):
                yield [[first, *partners], *tail]


def spellings(cards: list[str], words: set[str]) -> set[Word]:
    """Every order of the cards that spells a listed word."""
    return {order for order in permutations(cards) if "".join(order) in words}


def all_plays(hand: Sequence[str], words: Iterable[str], *, discard: bool) -> set[Play]:
    """Every play of the hand: the discard (if any), the words, the unused cards."""
    listed = set(words)
    plays: set[Play] = set()
    places = range(len(hand))
    # An empty hand has nothing to discard (documented): its only play is empty.
    for dropped in list(places) if discard and hand else [None]:
        rest = [place for place in places if place != dropped]
        for size in range(len(rest) + 1):
            for laid in combinations(rest, size):
                unused = tuple(sorted(hand[place] for place in rest if place not in laid))
                for groups in groupings(list(laid)):
                    options = [
                        spellings([hand[place] for place in group], listed) for group in groups
                    ]
                    for chosen in product(*options):
                        plays.add(
                            (
                                tuple(sorted(chosen)),
                                unused,
                                None if dropped is None else hand[dropped],
                            )
                        )
    return plays


def value(cards: Iterable[str]) -> int:
    return sum(CARDS[card][0] for card in cards)


def score(play: Play) -> int:
    words, unused, _ = play
    return sum(value(word) for word in words) - value(unused)


def in_words(play: Play) -> int:
    return sum(len(word) for word in play[0])


def choices(play: Play) -> tuple[tuple[tuple[object, ...], ...], tuple[Word, ...]]:
    """The play as the solver's order of choices, and its words in that order.

    Cards are taken in name order; the lowest card left goes into one of the play's words
    containing it (longest in letters first, then by card names), else is the discard, else
    is unused. Choices compare as: a word (by that rank) < the discard < unused.
    """
    words, unused, dropped = play
    left = Counter([card for word in words for card in word] + list(unused))
    if dropped is not None:
        left[dropped] += 1
    to_lay = list(words)
    steps: list[tuple[object, ...]] = []
    order: list[Word] = []
    while left:
        low = min(left)
        holding = [word for word in to_lay if low in word]
        if holding:
            word = min(holding, key=lambda w: (-len("".join(w)), w))
            steps.append((0, -len("".join(word)), word))
            to_lay.remove(word)
            order.append(word)
            left -= Counter(word)
        else:
            steps.append((1,) if dropped == low else (2,))
            if dropped == low:
                dropped = None
            left -= Counter([low])
    return tuple(steps), tuple(order)


def expected(
    hand: Sequence[str], words: Iterable[str], *, discard: bool, go_out: bool
) -> Best | None:
    """The documented answer: top score, then most cards in words, then the first choices."""
    plays = all_plays(hand, words, discard=discard)
    if go_out:
        plays = {play for play in plays if not play[1] and play[2] is not None}
    if not plays:
        return None
    top = max((score(play), in_words(play)) for play in plays)
    tied = [play for play in plays if (score(play), in_words(play)) == top]
    winner = min(tied, key=lambda play: choices(play)[0])
    return Best(top[0], choices(winner)[1], winner[1], winner[2])


def check_play(play: Best, hand: Sequence[str], words: Iterable[str]) -> None:
    """The play uses exactly the hand, only listed words of 2+ cards, and scores as it says."""
    listed = set(words)
    used = [card for word in play.words for card in word] + list(play.unused)
    if play.discard is not None:
        used.append(play.discard)
    assert Counter(used) == Counter(hand)
    assert all(len(word) >= 2 and "".join(word) in listed for word in play.words)
    assert play.score == sum(value(word) for word in play.words) - value(play.unused)


# ---------------------------------------------------------------- random hands

#: Word list for random hands: short words over few letters, two-letter cards inside.
WORDS = frozenset(
    {
        "at", "ate", "eat", "tea", "tee", "it", "tie", "tin", "tine", "in", "inn", "quit",
        "quite", "quiet", "the", "then", "thin", "her", "here", "there", "tree", "clan",
        "clean", "lean", "ran", "rain", "train", "an", "net", "ten", "teen", "inter", "ant",
        "tan", "nit", "rein", "rite", "tire", "tier", "era", "are", "ear", "ea", "ai", "ta",
    }
)  # fmt: skip
#: A small deck (each name at most as often as the real deck has it) for random hands.
SMALL_DECK = (
    "a", "a", "a", "e", "e", "e", "i", "i", "t", "t", "t", "n", "n", "r", "r", "h", "l", "c",
    "q", "u", "qu", "th", "er", "in", "cl", "x",
)  # fmt: skip


@st.composite
def hands(draw: st.DrawFn, max_size: int = 7) -> list[str]:
    places = draw(st.lists(st.integers(0, len(SMALL_DECK) - 1), unique=True, max_size=max_size))
    return [SMALL_DECK[place] for place in places]


@st.composite
def hand_and_words(draw: st.DrawFn) -> tuple[list[str], frozenset[str]]:
    """A hand and a list of words made from its own cards, so that plays and ties abound."""
    hand = draw(hands(max_size=6))
    if len(hand) < 2:
        return hand, frozenset({"at"})
    made = draw(
        st.lists(st.lists(st.sampled_from(hand), min_size=2, max_size=4), min_size=1, max_size=8)
    )
    return hand, frozenset("".join(cards) for cards in made)


@settings(max_examples=120)
@given(hand=hands(), discard=st.booleans())
def test_best_equals_the_brute_force(hand: list[str], discard: bool) -> None:
    found = best(hand, WORDS, discard=discard)
    assert found == expected(hand, WORDS, discard=discard, go_out=False)
    check_play(found, hand, WORDS)


@settings(max_examples=120)
@given(case=hand_and_words(), discard=st.booleans())
def test_best_equals_the_brute_force_on_lists_made_from_the_hand(
    case: tuple[list[str], frozenset[str]], discard: bool
) -> None:
    hand, words = case
    assert best(hand, words, discard=discard) == expected(
        hand, words, discard=discard, go_out=False
    )


@settings(max_examples=120)
@given(case=st.one_of(hands().map(lambda hand: (hand, WORDS)), hand_and_words()))
def test_can_go_out_equals_the_brute_force(case: tuple[list[str], frozenset[str]]) -> None:
    hand, words = case
    found = can_go_out(hand, words)
    assert found == expected(hand, words, discard=True, go_out=True)
    if found is not None:
        assert found.goes_out
        check_play(found, hand, words)
    # The best play is the best way out exactly when it goes out.
    top = best(hand, words, discard=True)
    assert (found == top) == top.goes_out


@settings(max_examples=60)
@given(hand=hands(), seed=st.integers(0, 2**32))
def test_the_order_of_the_cards_does_not_matter(hand: list[str], seed: int) -> None:
    shuffled = list(hand)
    random.Random(seed).shuffle(shuffled)
    for discard in (False, True):
        assert best(shuffled, WORDS, discard=discard) == best(hand, WORDS, discard=discard)
    assert can_go_out(shuffled, WORDS) == can_go_out(hand, WORDS)


def test_brute_force_knows_a_play_by_hand() -> None:
    # The brute force itself, on a hand small enough to list every play by hand.
    plays = all_plays(["a", "t"], {"at", "ta"}, discard=False)
    assert plays == {
        ((("a", "t"),), (), None),
        ((("t", "a"),), (), None),
        ((), ("a", "t"), None),
    }
    assert len(all_plays(["a", "t"], {"at"}, discard=True)) == 2  # keep a or keep t


# ------------------------------------------------------------------- examples


def test_quite_and_the_discard() -> None:
    words = frozenset({"quit", "quite", "tie", "it", "ire"})
    hand = ["qu", "i", "t", "e", "r"]
    assert best(hand, words) == Best(11, (("qu", "i", "t", "e"),), ("r",), None)
    with_discard = best(hand, words, discard=True)
    assert with_discard == Best(16, (("qu", "i", "t", "e"),), (), "r")
    assert with_discard.goes_out
    assert can_go_out(hand, words) == with_discard
    # Without "quite": "quit" 14 - 7 (e, r unused) beats "ire" 9 - 12 (qu, t unused).
    assert best(hand, {"quit", "ire"}) == Best(7, (("qu", "i", "t"),), ("e", "r"), None)


def test_the_discard_is_the_card_that_costs_most_unused() -> None:
    # q is worth 15: discarding it turns -15 into 0.
    assert best(["q", "a", "t"], {"at"}, discard=True) == Best(5, (("a", "t"),), (), "q")
    assert best(["q", "a", "t"], {"at"}) == Best(-10, (("a", "t"),), ("q",), None)


def test_the_best_play_need_not_go_out() -> None:
    # Going out means "ate" and discarding the x (12): 7. Keeping x in "ax" (14), discarding
    # t and leaving e unused (2) scores 12.
    hand, words = ["x", "a", "t", "e"], {"ax", "ate"}
    top = best(hand, words, discard=True)
    assert top == Best(12, (("a", "x"),), ("e",), "t")
    assert not top.goes_out
    assert can_go_out(hand, words) == Best(7, (("a", "t", "e"),), (), "x")


def test_ties_go_to_more_cards_in_words() -> None:
    # er-th (16) leaves i, qu, r (16); i-r-th (16) leaves er, qu (16): 0 points both ways.
    # The first choice in card order ("er" is the lowest card) would be er-th; more cards
    # in words wins first.
    hand, words = ["r", "qu", "i", "th", "er"], {"irth", "erth"}
    assert best(hand, words) == Best(0, (("i", "r", "th"),), ("er", "qu"), None)
    # Without the tie ("irth" gone), er-th it is.
    assert best(hand, {"erth"}) == Best(0, (("er", "th"),), ("i", "qu", "r"), None)


def test_ties_then_go_to_the_first_choices_in_card_order() -> None:
    # "as" and "at" both score 5 - 3 = 2 with one card unused: the lowest card, a, takes
    # its word by card names: a-s before a-t.
    assert best(["a", "t", "s"], {"at", "as"}) == Best(2, (("a", "s"),), ("t",), None)
    # Three words of one multiset of cards: the first spelling by card names.
    assert best(["t", "e", "a"], {"tea", "eat", "ate"}).words == (("a", "t", "e"),)
    # a-t with i discarded, or i-t with a discarded: 5 both ways, 2 cards in words. The lowest
    # card, a, goes into a word before it is discarded; and discarded before it is left unused.
    assert best(["a", "i", "t"], {"at", "it"}, discard=True) == Best(5, (("a", "t"),), (), "i")
    assert best(["i", "a"], set(), discard=True) == Best(-2, (), ("i",), "a")
    # "aa" takes both cards, and a card must be discarded: one a goes, one stays unused.
    assert best(["a", "a"], {"aa"}, discard=True) == Best(-2, (), ("a",), "a")


def test_longer_words_first_at_equal_score() -> None:
    # a-in (9) leaves h (7); a-h (9) leaves in (7): 2 points and 2 cards in words both ways.
    # By card names a-h would come first ("h" < "in"); a-in spells 3 letters, so it wins.
    assert best(["a", "h", "in"], {"ah", "ain"}) == Best(2, (("a", "in"),), ("h",), None)


def test_small_and_empty_hands() -> None:
    assert best([], WORDS) == Best(0, (), (), None) == best([], WORDS, discard=True)
    assert can_go_out([], WORDS) is None
    assert best(["a"], WORDS) == Best(-2, (), ("a",), None)
    assert best(["a"], WORDS, discard=True) == Best(0, (), (), "a")
    assert can_go_out(["a"], WORDS) == Best(0, (), (), "a")
    # Every card in words is not going out: a turn ends with a discard.
    assert can_go_out(["a", "t"], {"at"}) is None
    assert not best(["a", "t"], {"at"}).goes_out
    # Words are of two cards or more: a one-card "word" does not count.
    assert best(["in", "a"], {"in", "a"}) == Best(-9, (), ("a", "in"), None)


def test_a_word_list_or_any_collection() -> None:
    listed = WordList.from_lines(sorted(WORDS))
    hand = ["qu", "i", "e", "t", "th", "n", "a"]
    for discard in (False, True):
        assert best(hand, listed, discard=discard) == best(hand, WORDS, discard=discard)
        assert best(tuple(hand), list(WORDS), discard=discard) == best(hand, WORDS, discard=discard)


def test_to_json_is_exactly_the_promised_shape() -> None:
    play = best(["qu", "i", "t", "e", "r"], {"quite"}, discard=True)
    assert play.to_json() == {
        "score": 16,
        "words": [["qu", "i", "t", "e"]],
        "unused": [],
        "discard": "r",
    }
    assert best(["a"], WORDS).to_json() == {
        "score": -2,
        "words": [],
        "unused": ["a"],
        "discard": None,
    }


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (["Q", "a"], "'Q' is not a Quiddler card; the cards are a, b, c, cl, d"),
        (["a", "ch"], "'ch' is not a Quiddler card"),
        (["a", 5], "5 is not a Quiddler card"),
        ("qu i t", "not one string"),
        (["q", "q", "q"], "the hand holds 3 'q' cards, but the deck has only 2"),
        (["e"] * 13, "the hand holds 13 'e' cards, but the deck has only 12"),
        (list(DECK[:16]), f"the hand has 16 cards; the solver takes at most {MAX_CARDS}"),
    ],
)
def test_bad_hands_are_refused_by_name(hand: object, message: str) -> None:
    for call in (
        lambda: best(hand, WORDS),  # type: ignore[arg-type]
        lambda: best(hand, WORDS, discard=True),  # type: ignore[arg-type]
        lambda: can_go_out(hand, WORDS),  # type: ignore[arg-type]
    ):
        with pytest.raises(BadInput, match=message) as refused:
            call()
        assert refused.value.code == "input/malformed"


def without(hand: list[str], card: str) -> list[str]:
    rest = list(hand)
    rest.remove(card)
    return rest


def test_dealt_hands_with_the_shipped_list_are_valid_plays() -> None:
    # Exactness is the brute force's job above; here, real hands give consistent plays.
    words = default_words()
    rng = random.Random(4)
    for _ in range(30):
        hand = rng.sample(DECK, 11)
        top = best(hand, words, discard=True)
        check_play(top, hand, words)
        assert top.discard is not None
        # Choosing the discard is the best of the hand without each card in turn.
        if len(top.words) <= 2:  # a few hands suffice, and they are 11 solves each
            assert top.score == max(best(without(hand, card), words).score for card in set(hand))
        out = can_go_out(hand, words)
        if out is not None:
            check_play(out, hand, words)
            assert out.score <= top.score
    assert solver.MAX_CARDS >= 11


def test_a_word_weight_prefers_more_words_and_keeps_the_true_score() -> None:
    # "abcd" and "ab" + "cd" score alike; the longer word wins the tie (the order of
    # choices), a weight of one point a word picks the two words, and the score stays the
    # cards' values, without the weight.
    words = {"ab", "cd", "abcd"}
    assert best(["a", "b", "c", "d"], words).words == (("a", "b", "c", "d"),)
    split = best(["a", "b", "c", "d"], words, word_weight=1)
    assert split.words == (("a", "b"), ("c", "d")) and split.score == 2 + 8 + 8 + 5
    out = can_go_out(["a", "b", "c", "d", "z"], words, word_weight=1)
    assert out is not None and out.words == split.words and out.score == split.score
    # The weight never buys a word at the price of points: "ab" + "cd" leaving z unused
    # (-14) loses to "abcdz".
    assert best(["a", "b", "c", "d", "z"], {"ab", "cd", "abcdz"}, word_weight=1).words == (
        ("a", "b", "c", "d", "z"),
    )
