"""Scripted fixed-seed Quashars matches with every score asserted.

The script: every seat makes a fixed prediction and always plays its lowest
legal card (lowest number; on equal numbers red, yellow, green, blue). The
deal and the revealed conditions come from the seed; everything after that
was worked out by `Reference`, a small second implementation of RULINGS §4
written here from the rulings alone (it shares no code with `rules.py` or
`scoring.py`), and the figures are hard-coded below so that any change to the
rules that alters them fails. The reference also replays many random matches
against the real rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from quintet.core import HOST, Input, JSONDict, Outcome, Rng
from quintet.games.quashars import GAME, QuasharsState
from quintet.games.quashars.state import PLAY

COLOURS = "RYGB"  # red is trump

# ---------------------------------------------------------- the reference rules


def colour(card: str) -> str:
    return card[0]


def number(card: str) -> int:
    return int(card[1:])


def reference_legal(hand: list[str], trick: list[str]) -> list[str]:
    """Follow the led colour if you can; otherwise anything."""
    if trick:
        follow = [c for c in hand if colour(c) == colour(trick[0])]
        if follow:
            return follow
    return list(hand)


def lowest(cards: list[str]) -> str:
    return min(cards, key=lambda c: (number(c), COLOURS.index(colour(c))))


def reference_winner(trick: list[str]) -> int:
    """Index in play order of the winning card: highest red, else highest of the led colour."""
    reds = [i for i, c in enumerate(trick) if colour(c) == "R"]
    pool = reds or [i for i, c in enumerate(trick) if colour(c) == colour(trick[0])]
    return max(pool, key=lambda i: number(trick[i]))


def reference_trick_conditions(
    conditions: list[str], trick: list[str], winning: str, trick_no: int, again: bool
) -> list[str]:
    """The pile 1-3 conditions the winner of trick `trick_no` (1-12) meets.

    `again`: the same seat won the previous trick.
    """
    n, c = number(winning), colour(winning)
    facts = {
        "odd": n % 2 == 1,
        "even": n % 2 == 0,
        "low": n <= 3,
        "high": n >= 10,
        "yellow": c == "Y",
        "green": c == "G",
        "blue": c == "B",
        "red": c == "R",
        "in_a_row": again,
        "first_or_last": trick_no in (1, 12),
        "no_red": all(colour(x) != "R" for x in trick),
        "all_colours": {colour(x) for x in trick} == set(COLOURS),
    }
    return [cond for cond in conditions[:3] if facts[cond]]


def reference_totals(condition: str, won: list[int], seat: int) -> bool:
    mine = won[seat]
    others = [w for s, w in enumerate(won) if s != seat]
    return {
        "three_tricks": mine == 3,
        "four_tricks": mine == 4,
        "no_tricks": mine == 0,
        "most_tricks": all(mine > o for o in others),
    }[condition]


def reference_points(game_no: int, predicted: int, flex: bool, met: int) -> int:
    """RULINGS §4 as written: +2g, +g with flex, else one point per chip left or taken."""
    if not flex and met == predicted:
        return 2 * game_no
    if flex and met in (predicted, predicted + 1):
        return game_no
    if met < predicted:
        return -(predicted - met)
    return -(met - predicted - int(flex))


@dataclass
class Reference:
    """One game played by the script, by the reference rules."""

    hands: list[list[str]]
    conditions: list[str]
    start: int
    predictions: list[tuple[int, bool]]
    game_no: int
    winners: list[int] = field(default_factory=list)
    trick_met: list[list[str]] = field(default_factory=list)
    met: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    def play(self) -> Reference:
        players = len(self.hands)
        hands = [list(h) for h in self.hands]
        self.met = [0] * players
        self.won = [0] * players
        leader = self.start
        for trick_no in range(1, 13):
            trick: list[str] = []
            for i in range(players):
                seat = (leader + i) % players
                card = lowest(reference_legal(hands[seat], trick))
                hands[seat].remove(card)
                trick.append(card)
            index = reference_winner(trick)
            winner = (leader + index) % players
            again = bool(self.winners) and self.winners[-1] == winner
            met = reference_trick_conditions(self.conditions, trick, trick[index], trick_no, again)
            self.winners.append(winner)
            self.trick_met.append(met)
            self.met[winner] += len(met)
            self.won[winner] += 1
            leader = winner
        assert not any(hands)
        for seat in range(players):
            self.met[seat] += reference_totals(self.conditions[3], self.won, seat)
        self.points = [
            reference_points(self.game_no, chips, flex, self.met[seat])
            for seat, (chips, flex) in enumerate(self.predictions)
        ]
        return self


# ---------------------------------------------------------- driving the real game


@dataclass
class Played:
    """What the real rules reported for one game."""

    conditions: list[str]
    start: int
    winners: list[int]
    trick_met: list[list[str]]
    scored: JSONDict
    reference: Reference


def play_game(state: QuasharsState, predictions: list[tuple[int, bool]]) -> Played:
    """Play the current game by the script through `GAME.apply`, each seat from its own view."""
    host = GAME.view(state, HOST)
    conditions = [c["id"] for c in host["conditions"]]
    reference = Reference(
        host["hands"], conditions, host["start_player"], predictions, host["game_no"]
    ).play()
    now = state.now
    for _ in range(state.players):
        seat = state.to_act
        chips, flex = predictions[seat]
        GAME.apply(state, Input(seat, {"type": "predict", "chips": chips, "flex": flex}, now))
    winners, trick_met = [], []
    scored: JSONDict = {}
    while state.phase == PLAY:
        seat = state.to_act
        view = GAME.view(state, seat)
        trick = [t["card"] for t in view["trick"]]
        legal = reference_legal(view["hand"], trick)
        assert sorted(a["card"] for a in view["legal"]) == sorted(legal)
        now += 100
        events = GAME.apply(state, Input(seat, {"type": "play", "card": lowest(legal)}, now))
        for event in events:
            if event.type == "trick_won":
                winners.append(event.data["seat"])
                trick_met.append(event.data["met"])
            if event.type == "game_scored":
                scored = event.to_json()
    return Played(conditions, host["start_player"], winners, trick_met, scored, reference)


def play_match(
    seed: int, players: int, predictions: list[tuple[int, bool]], options: JSONDict
) -> tuple[QuasharsState, list[Played]]:
    state = GAME.new(seed, players, options)
    games = []
    for game_no in range(1, players + 1):
        games.append(play_game(state, predictions))
        if game_no < players:
            deadline = GAME.next_deadline(state)
            assert deadline == state.now + GAME.parse_options(options).pause_ms
            GAME.apply(state, Input.tick(deadline))
    assert GAME.is_over(state)
    return state, games


# ---------------------------------------------------------------- 4 players

SEED_4 = 2024
PREDICTIONS_4 = [(2, False), (3, True), (0, True), (1, False)]

EXPECTED_CONDITIONS_4 = [
    ["low", "yellow", "in_a_row", "four_tricks"],
    ["odd", "blue", "first_or_last", "most_tricks"],
    ["high", "green", "all_colours", "no_tricks"],
    ["even", "red", "no_red", "three_tricks"],
]
# Game 1 opens R2 R3 R1 R7 (seat 3's red 7 wins), then G2 G4 G1 G3 (seat 0's
# green 4), then Y2 Y10 Y1 Y3 (seat 1's yellow 10: "yellow").
EXPECTED_GAME_1_WINNERS_4 = [3, 0, 1, 3, 1, 3, 2, 0, 1, 2, 1, 1]
EXPECTED_GAME_1_MET_4 = [
    [], [], ["yellow"], [], ["yellow"], [], ["yellow"], [], [], [], [], ["in_a_row"],
]  # fmt: skip
# Tricks won per game: [2, 5, 2, 3], [2, 0, 7, 3], [3, 2, 5, 2], [3, 2, 4, 3].
EXPECTED_MET_4 = [[0, 3, 1, 0], [3, 0, 4, 2], [2, 2, 7, 1], [6, 3, 7, 6]]
EXPECTED_POINTS_4 = [
    [-2, 1, 1, -1],  # game 1: seat 1 met 3 of 3 + flex, seat 2 met 1 of 0 + flex
    [-1, -3, -3, -1],
    [6, -1, -6, 6],  # game 3: seats 0 and 3 exact, 2 x 3
    [-4, 4, -6, -5],  # game 4: seat 1 met 3 of 3 + flex, 1 x 4
]
EXPECTED_TOTALS_4 = [-1, 1, -14, -1]
EXPECTED_RANKS_4 = [2, 1, 4, 2]


def test_scripted_four_player_match() -> None:
    state, games = play_match(SEED_4, 4, PREDICTIONS_4, {"first_player": 0})

    assert [g.start for g in games] == [0, 1, 2, 3]
    assert [g.conditions for g in games] == EXPECTED_CONDITIONS_4
    assert games[0].winners == EXPECTED_GAME_1_WINNERS_4
    assert games[0].trick_met == EXPECTED_GAME_1_MET_4
    assert [g.scored["met"] for g in games] == EXPECTED_MET_4
    assert [g.scored["points"] for g in games] == EXPECTED_POINTS_4
    assert [g.scored["predicted"] for g in games] == [[p for p, _ in PREDICTIONS_4]] * 4
    assert GAME.view(state, 0)["totals"] == EXPECTED_TOTALS_4
    assert GAME.outcome(state) == Outcome(tuple(EXPECTED_TOTALS_4), tuple(EXPECTED_RANKS_4))

    # The hard-coded figures are the reference's, not copied from the rules' output.
    for played in games:
        ref = played.reference
        assert (played.winners, played.trick_met) == (ref.winners, ref.trick_met)
        assert (played.scored["met"], played.scored["points"]) == (ref.met, ref.points)


# ---------------------------------------------------------------- 3 players

SEED_3 = 77
PREDICTIONS_3 = [(3, True), (1, False), (2, False)]

EXPECTED_CONDITIONS_3 = [
    ["even", "blue", "first_or_last", "four_tricks"],
    ["odd", "yellow", "no_red", "most_tricks"],
    ["low", "green", "in_a_row", "no_tricks"],
]
EXPECTED_GAME_1_WINNERS_3 = [0, 2, 0, 1, 2, 0, 2, 0, 1, 0, 1, 1]
# Tricks won per game: [5, 4, 3], [3, 7, 2], [7, 2, 3].
EXPECTED_MET_3 = [[5, 3, 2], [5, 11, 1], [6, 1, 3]]
EXPECTED_POINTS_3 = [
    [-1, -2, 2],  # game 1: seat 2 exact, 2 x 1
    [-1, -10, -1],
    [-2, 6, -1],  # game 3: seat 1 exact, 2 x 3
]
EXPECTED_TOTALS_3 = [-4, -6, 0]
EXPECTED_RANKS_3 = [2, 3, 1]


def test_scripted_three_player_match() -> None:
    state, games = play_match(SEED_3, 3, PREDICTIONS_3, {"first_player": 2, "pause_ms": 1000})

    assert [g.start for g in games] == [2, 0, 1]
    assert [g.conditions for g in games] == EXPECTED_CONDITIONS_3
    assert games[0].winners == EXPECTED_GAME_1_WINNERS_3
    assert [g.scored["met"] for g in games] == EXPECTED_MET_3
    assert [g.scored["points"] for g in games] == EXPECTED_POINTS_3
    assert GAME.view(state, 0)["totals"] == EXPECTED_TOTALS_3
    assert GAME.outcome(state) == Outcome(tuple(EXPECTED_TOTALS_3), tuple(EXPECTED_RANKS_3))

    for played in games:
        ref = played.reference
        assert (played.winners, played.trick_met) == (ref.winners, ref.trick_met)
        assert (played.scored["met"], played.scored["points"]) == (ref.met, ref.points)


# ------------------------------------------------ the reference against the rules


def test_reference_agrees_with_the_rules_on_random_matches() -> None:
    rng = Rng(99)
    for players in (3, 4):
        for seed in range(15):
            predictions = [(rng.below(6), rng.below(2) == 1) for _ in range(players)]
            state, games = play_match(seed, players, predictions, {})
            totals = [0] * players
            for played in games:
                ref = played.reference
                assert played.winners == ref.winners, (players, seed)
                assert played.trick_met == ref.trick_met, (players, seed)
                assert played.scored["met"] == ref.met, (players, seed)
                assert played.scored["points"] == ref.points, (players, seed)
                totals = [t + p for t, p in zip(totals, ref.points, strict=True)]
            assert GAME.outcome(state) == Outcome.from_scores(totals)
