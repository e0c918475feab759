"""Quiddler's round scoring (RULINGS §5): words, unused cards, bonuses and challenges.

Pure functions of what was laid down, so the rules, the bots and the tests share them.

>>> words = [[("qu", "i", "t")], [("a", "t"), ("i", "t")]]
>>> [s.total for s in score_round(words, [[], ["z"]], [], bonuses_for(2, "longest"))]
[24, -4]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from quintet.core import JSONDict
from quintet.games.quiddler.components import letters, points

#: Points of each bonus.
BONUS: Final = 10
LONGEST: Final = "longest"
MOST: Final = "most"

#: A word laid this round: its cards in spelling order.
Word = tuple[str, ...]
#: A challenge this round: (challenger, owner, word index, the word is valid).
Challenge = tuple[int, int, int, bool]


def bonuses_for(players: int, two_player_bonus: str) -> tuple[str, ...]:
    """The bonuses played at a table: none solo, the chosen one with 2 players, else both."""
    if players == 1:
        return ()
    if players == 2:
        return (two_player_bonus,)
    return (LONGEST, MOST)


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One seat's points for one round, part by part; `total` is their sum."""

    #: + the values of the cards in the seat's standing words.
    words: int = 0
    #: - the values of the cards the seat could not use (0 or less).
    unused: int = 0
    #: - the values of the seat's words a challenge found invalid (0 or less).
    invalid: int = 0
    #: - the values of the valid words the seat challenged (0 or less).
    challenges: int = 0
    #: +10 for the longest word, else 0.
    longest: int = 0
    #: +10 for the most words, else 0.
    most: int = 0

    @property
    def total(self) -> int:
        return self.words + self.unused + self.invalid + self.challenges + self.longest + self.most

    def to_json(self) -> JSONDict:
        return {
            "words": self.words,
            "unused": self.unused,
            "invalid": self.invalid,
            "challenges": self.challenges,
            "longest": self.longest,
            "most": self.most,
            "total": self.total,
        }

    def to_list(self) -> list[int]:
        """The parts in field order (words, unused, invalid, challenges, longest, most): the
        compact form a saved state holds."""
        return [self.words, self.unused, self.invalid, self.challenges, self.longest, self.most]

    @classmethod
    def from_list(cls, data: Sequence[int]) -> RoundScore:
        words, unused, invalid, challenges, longest, most = (int(x) for x in data)
        return cls(words, unused, invalid, challenges, longest, most)


#: The parts of a round score, in `RoundScore` field order, then the total.
PARTS: Final = ("words", "unused", "invalid", "challenges", "longest", "most", "total")


def parts_json(scores: Sequence[RoundScore]) -> JSONDict:
    """A round's scores by part, each part a list by seat: {"words": [21, 30], ...}.

    One list per part rather than one object per seat keeps views and events small.
    """
    rows = [[*score.to_list(), score.total] for score in scores]
    return {part: [row[i] for row in rows] for i, part in enumerate(PARTS)}


def sole_best(values: Sequence[int]) -> int | None:
    """The one seat with the highest positive value, or None when it is 0 or tied."""
    top = max(values, default=0)
    if top <= 0:
        return None
    best = [seat for seat, value in enumerate(values) if value == top]
    return best[0] if len(best) == 1 else None


def score_round(
    words: Sequence[Sequence[Word]],
    unused: Sequence[Sequence[str]],
    challenges: Sequence[Challenge],
    bonuses: Sequence[str],
) -> list[RoundScore]:
    """Every seat's score for a finished round.

    `words[s]` are the words seat s laid down, `unused[s]` the cards it kept, `challenges`
    this round's challenges and `bonuses` the bonuses played (`bonuses_for`).
    A word a challenge found invalid costs its owner its points and counts for no bonus;
    a valid word that was challenged costs the challenger its points. The longest word is
    counted in letters (a two-letter card counts 2); a bonus that two seats tie for is
    given to nobody.
    """
    players = len(words)
    invalid: list[set[int]] = [set() for _ in range(players)]
    cost = [0] * players
    for challenger, owner, index, valid in challenges:
        if valid:
            cost[challenger] -= points(words[owner][index])
        else:
            invalid[owner].add(index)
    standing = [
        [word for index, word in enumerate(words[seat]) if index not in invalid[seat]]
        for seat in range(players)
    ]
    longest_seat = most_seat = None
    if LONGEST in bonuses:
        longest_seat = sole_best([max(map(letters, mine), default=0) for mine in standing])
    if MOST in bonuses:
        most_seat = sole_best([len(mine) for mine in standing])
    return [
        RoundScore(
            words=sum(points(word) for word in standing[seat]),
            unused=-points(unused[seat]),
            invalid=-sum(points(words[seat][index]) for index in invalid[seat]),
            challenges=cost[seat],
            longest=BONUS if seat == longest_seat else 0,
            most=BONUS if seat == most_seat else 0,
        )
        for seat in range(players)
    ]
