"""Quashars' command-line verbs: the table scoring tool and terminal play against bots."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from quintet.core import HOST, Input, derive_seed, registry
from quintet.games.quashars.cli import app, play
from quintet.games.quashars.components import deck
from quintet.games.quashars.terminal import (
    PLAY_PROMPT,
    PREDICT_PROMPT,
    QuasharsTable,
    parse_answer,
)

RUNNER = CliRunner()
GAME = registry.get("quashars")
LEVEL = "random"

# Every way a card can appear in the output: its code (Y9) or its name (yellow 9).
_CODE = re.compile(r"\b([RYGB](?:1[0-2]|[1-9]))\b")
_NAME = re.compile(r"\b(red|yellow|green|blue) (1[0-2]|[1-9])\b")


def cards_in(text: str) -> set[str]:
    found = set(_CODE.findall(text))
    found |= {f"{colour[0].upper()}{number}" for colour, number in _NAME.findall(text)}
    return found


def play_app() -> typer.Typer:
    """A stand-in for the top-level CLI: `play` mounted as `quashars`."""
    mounted = typer.Typer()
    mounted.command("quashars")(play)

    @mounted.callback()
    def _root() -> None:
        """Keeps `quashars` a subcommand."""

    return mounted


def whole_match_script(players: int) -> str:
    """Option 1 at every decision (13 a game) and Enter between games."""
    game_inputs = "1\n" * 13
    return (game_inputs + "\n") * (players - 1) + game_inputs


def option_one_outcome(seed: int, players: int) -> list[int]:
    """The match the script above plays, replayed here without the CLI."""
    state = GAME.new(seed, players)
    bots = {
        s: registry.make_bot("quashars", LEVEL, s, derive_seed(seed, s)) for s in range(1, players)
    }
    now = 0
    while not GAME.is_over(state):
        deadline = GAME.next_deadline(state)
        if deadline is not None:
            now = max(now, deadline)
            GAME.apply(state, Input.tick(now))
            continue
        view = GAME.view(state, 0)
        if view["to_act"] == 0:
            if view["phase"] == "predict":
                action = {"type": "predict", "chips": 1, "flex": False}
            else:
                action = view["legal"][0]
            GAME.apply(state, Input(0, action, now))
        else:
            seat = view["to_act"]
            plan = bots[seat].plan(GAME.view(state, seat), now)
            assert plan is not None
            now = max(now, plan.time)
            GAME.apply(state, Input(seat, plan.action, now))
    outcome = GAME.outcome(state)
    assert outcome is not None
    return list(outcome.scores)


# ------------------------------------------------------------------------- score

# The rulebook's six scoring examples (game 1): (predicted, flex, met, points).
RULEBOOK_EXAMPLES = [
    pytest.param(2, False, 2, 2, id="no-flex-all-returned"),
    pytest.param(2, True, 3, 1, id="flex-all-returned"),
    pytest.param(2, True, 2, 1, id="only-flex-left"),
    pytest.param(3, False, 1, -2, id="no-flex-chips-left"),
    pytest.param(2, True, 1, -1, id="flex-other-chips-left"),
    pytest.param(1, False, 3, -2, id="chips-taken"),
]


def score_args(game: int, predicted: int, flex: bool, met: int) -> list[str]:
    args = ["score", "--game", str(game), "--predicted", str(predicted), "--met", str(met)]
    return [*args, "--flex"] if flex else args


@pytest.mark.parametrize(("predicted", "flex", "met", "points"), RULEBOOK_EXAMPLES)
def test_score_json_gives_the_rulebook_points(
    predicted: int, flex: bool, met: int, points: int
) -> None:
    result = RUNNER.invoke(app, [*score_args(1, predicted, flex, met), "--json"])
    assert result.exit_code == 0, result.output
    assert result.output == f'{{"points": {points}}}\n'
    assert json.loads(result.output) == {"points": points}


@pytest.mark.parametrize(
    ("game", "predicted", "flex", "met", "lines"),
    [
        (1, 2, False, 2, ["2 points", "Correct without the flex chip: 2 x game 1 = 2 points"]),
        (3, 2, False, 2, ["6 points", "Correct without the flex chip: 2 x game 3 = 6 points"]),
        (1, 2, True, 3, ["1 point", "Correct with the flex chip: 1 x game 1 = 1 point"]),
        (
            2,
            2,
            True,
            2,
            [
                "2 points",
                "Correct with the flex chip (only the flex chip is left): 1 x game 2 = 2 points",
            ],
        ),
        (1, 3, False, 1, ["-2 points", "2 chips left: -2 points"]),
        (1, 2, True, 1, ["-1 point", "1 chip left besides the flex chip: -1 point"]),
        (1, 1, False, 3, ["-2 points", "2 chips taken: -2 points"]),
        (4, 0, True, 3, ["-2 points", "2 chips taken: -2 points"]),
    ],
)
def test_score_plain_output_gives_points_and_reason(
    game: int, predicted: int, flex: bool, met: int, lines: list[str]
) -> None:
    result = RUNNER.invoke(app, score_args(game, predicted, flex, met))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == lines


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "0", "--predicted", "1", "--met", "1"], "--game"),
        (["--game", "-3", "--predicted", "1", "--met", "1"], "--game"),
        (["--game", "1", "--predicted", "-1", "--met", "1"], "--predicted"),
        (["--game", "1", "--predicted", "1", "--met", "-1"], "--met"),
        (["--game", "one", "--predicted", "1", "--met", "1"], "--game"),
        (["--game", "1", "--predicted", "1.5", "--met", "1"], "--predicted"),
        (["--game", "1", "--predicted", "1", "--met", "x"], "--met"),
        (["--predicted", "1", "--met", "1"], "--game"),
        (["--game", "1", "--met", "1"], "--predicted"),
        (["--game", "1", "--predicted", "1"], "--met"),
        (["--game", "1", "--predicted", "1", "--met"], "--met"),
    ],
)
def test_score_bad_arguments_exit_2_naming_the_argument(args: list[str], named: str) -> None:
    result = RUNNER.invoke(app, ["score", *args])
    assert result.exit_code == 2, result.output
    assert f"'{named}'" in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_score_is_a_subcommand_of_the_quashars_app() -> None:
    result = RUNNER.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "score" in result.output


# ------------------------------------------------------------ parsing what is typed

PLAY_LEGAL = [{"type": "play", "card": "Y2"}, {"type": "play", "card": "Y9"}]


@pytest.mark.parametrize(
    ("typed", "phase", "expected"),
    [
        ("3", "predict", {"type": "predict", "chips": 3, "flex": False}),
        (" 3+ ", "predict", {"type": "predict", "chips": 3, "flex": True}),
        ("3f", "predict", {"type": "predict", "chips": 3, "flex": True}),
        ("0F", "predict", {"type": "predict", "chips": 0, "flex": True}),
        ("2", "play", {"type": "play", "card": "Y9"}),
        ("y9", "play", {"type": "play", "card": "Y9"}),
        ("B7", "play", {"type": "play", "card": "B7"}),
        # Handed to the rules, which refuse it with their own message.
        ("3+", "play", {"type": "predict", "chips": 3, "flex": True}),
        ("Y9", "predict", {"type": "play", "card": "Y9"}),
    ],
)
def test_parse_answer_reads_predictions_options_and_card_codes(
    typed: str, phase: str, expected: dict[str, Any]
) -> None:
    legal = PLAY_LEGAL if phase == "play" else []
    assert parse_answer(typed, phase, legal) == expected


@pytest.mark.parametrize(
    ("typed", "phase", "message"),
    [
        ("xyz", "play", "Cannot read 'xyz': type an option number from 1 to 2"),
        ("", "play", "Nothing typed"),
        ("0", "play", "There is no option 0"),
        ("3", "play", "There is no option 3"),
        ("yellow", "predict", "Cannot read 'yellow': type a prediction"),
        ("-1", "predict", "Cannot read '-1'"),
    ],
)
def test_parse_answer_explains_what_to_type(typed: str, phase: str, message: str) -> None:
    legal = PLAY_LEGAL if phase == "play" else []
    answer = parse_answer(typed, phase, legal)
    assert isinstance(answer, str)
    assert answer.startswith(message)


# ---------------------------------------------------------------- play via the CLI


def test_play_a_whole_three_player_match_choosing_option_one() -> None:
    seed = 11
    result = RUNNER.invoke(
        play_app(),
        ["quashars", "--players", "3", "--seed", str(seed), "--level", LEVEL],
        input=whole_match_script(3),
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "3 players, 3 games" in out
    assert out.count("You predict 1.") == 3
    assert out.count("Press Enter to deal game") == 2
    for game_no in (1, 2, 3):
        assert f"Game {game_no} scored" in out
    assert "Game 2 starts" in out and "Game 3 starts" in out
    assert "Final ranking" in out
    assert "left the table" not in out
    # The ranking printed is the one the same seed and the same choices give.
    ranking = out[out.index("Final ranking") :]
    rows = re.findall(r"│\s+(\d)\s+│\s+(You|Seat \d)\s+│\s+(-?\d+)\s+│", ranking)
    scores = option_one_outcome(seed, 3)
    assert len(rows) == 3
    printed = {("0" if who == "You" else who[-1]): int(points) for _, who, points in rows}
    assert printed == {str(seat): points for seat, points in enumerate(scores)}


def test_play_with_four_players_runs_four_games() -> None:
    result = RUNNER.invoke(
        play_app(),
        ["quashars", "--players", "4", "--seed", "3", "--level", LEVEL],
        input=whole_match_script(4),
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "4 players, 4 games" in out
    assert out.count("Press Enter to deal game") == 3
    assert "Game 4 scored" in out
    assert "Seat 3" in out
    ranking = out[out.index("Final ranking") :]
    assert len(re.findall(r"│\s+\d\s+│\s+(?:You|Seat \d)\s+│", ranking)) == 4


def test_hand_lines_show_only_my_cards() -> None:
    seed = 11
    result = RUNNER.invoke(
        play_app(),
        ["quashars", "--players", "3", "--seed", str(seed), "--level", LEVEL],
        input=whole_match_script(3),
    )
    assert result.exit_code == 0, result.output
    my_cards: set[str] = set()
    state = GAME.new(seed, 3)
    my_cards |= set(GAME.view(state, 0)["hand"])
    # Each game deals anew; the cards I was dealt are the ones shown under "Your hand".
    blocks = re.findall(
        r"Your hand \(\d+ cards?\):\n((?:.*\n)*?)(?:Predictions|Cards)", result.output
    )
    assert len(blocks) == 39
    first_game_hand = cards_in(blocks[0])
    assert first_game_hand == my_cards
    for block in blocks:
        for line in block.splitlines():
            colour = line.split()[1]
            # Every card on a hand row is of the colour that row names.
            assert {c[0] for c in cards_in(line)} == {colour[0].upper()}


def test_bad_inputs_get_a_message_and_a_new_prompt() -> None:
    seed = 11
    hand = GAME.view(GAME.new(seed, 3), 0)["hand"]
    not_mine = next(c for c in (f"{'RYGB'[i // 9]}{i % 9 + 1}" for i in range(36)) if c not in hand)
    script = (
        "xyz\n"  # predict: unreadable
        "99\n"  # predict: outside 0-37
        "1\n"  # predict 1
        "99\n"  # play: no option 99
        f"{not_mine.lower()}\n"  # play: a card I do not hold
        "R10\n"  # play: not in the 3-player deck
        "q\n"
    )
    result = RUNNER.invoke(
        play_app(),
        ["quashars", "--players", "3", "--seed", str(seed), "--level", LEVEL],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "Cannot read 'xyz': type a prediction" in out
    assert "Not allowed: a prediction of 99 chips is outside 0-37" in out
    assert "There is no option 99: type an option number from 1 to" in out
    assert f"Not allowed: you do not hold {not_mine}." in out
    assert "Not allowed: R10 is not in the 3-player deck." in out
    assert "You left the table." in out
    # One prompt per answer read: every refusal was followed by a new prompt.
    assert out.count(PREDICT_PROMPT) == 3
    assert out.count(PLAY_PROMPT) == 4


def test_unknown_level_exits_2_naming_level() -> None:
    result = RUNNER.invoke(play_app(), ["quashars", "--level", "grandmaster"])
    assert result.exit_code == 2, result.output
    assert "'--level'" in result.output
    assert "random" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("players", ["2", "5", "three"])
def test_bad_player_count_exits_2_naming_players(players: str) -> None:
    result = RUNNER.invoke(play_app(), ["quashars", "--players", players, "--level", LEVEL])
    assert result.exit_code == 2, result.output
    assert "'--players'" in result.output


def test_default_level_is_basic() -> None:
    result = RUNNER.invoke(play_app(), ["quashars", "--seed", "1"], input="q\n")
    if "basic" in registry.entry("quashars").bots:
        assert result.exit_code == 0, result.output
        assert "bots: basic" in result.output
    else:
        # Until the basic bot lands, the default is refused by name.
        assert result.exit_code == 2, result.output
        assert "'basic'" in result.output and "'--level'" in result.output


def test_end_of_input_leaves_cleanly() -> None:
    result = RUNNER.invoke(
        play_app(), ["quashars", "--seed", "2", "--level", LEVEL], input="1\n1\n"
    )
    assert result.exit_code == 0, result.output
    assert "No more input: you left the table." in result.output
    assert "Traceback" not in result.output


def test_ctrl_c_exits_130_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    result = RUNNER.invoke(play_app(), ["quashars", "--seed", "2", "--level", LEVEL])
    assert result.exit_code == 130, result.output
    assert "Interrupted: you left the table." in result.output
    assert "Traceback" not in result.output


# ---------------------------------------------------------- the loop, injected I/O


class LeakCheckingFile(io.StringIO):
    """Console output that fails the moment it holds a card hidden from seat 0 *now*."""

    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state = state
        self.cards_seen: set[str] = set()

    def write(self, text: str) -> int:
        shown = cards_in(text)
        leaked = shown & GAME.hidden_cards(self.state, 0)
        assert not leaked, f"printed cards hidden from seat 0: {sorted(leaked)} in {text!r}"
        self.cards_seen |= shown
        return super().write(text)


def scripted_table(
    seed: int, players: int, answer: Callable[[QuasharsTable, str], str]
) -> tuple[QuasharsTable, LeakCheckingFile]:
    state = GAME.new(seed, players)
    out = LeakCheckingFile(state)
    console = Console(file=out, width=200, color_system=None, highlight=False)
    bots = {
        s: registry.make_bot("quashars", LEVEL, s, derive_seed(seed, s)) for s in range(1, players)
    }
    holder: list[QuasharsTable] = []
    table = QuasharsTable(GAME, state, bots, lambda prompt: answer(holder[0], prompt), console)
    holder.append(table)
    return table, out


@pytest.mark.parametrize("players", [3, 4])
def test_output_never_shows_a_card_hidden_from_me_when_printed(players: int) -> None:
    def option_one(table: QuasharsTable, prompt: str) -> str:
        return "" if prompt.startswith("Press Enter") else "1"

    table, out = scripted_table(7, players, option_one)
    outcome = table.run()
    assert GAME.is_over(table.state)
    final = GAME.outcome(table.state)
    assert final is not None
    assert outcome.scores == final.scores
    # Every card of the deck was printed at some point (each is played), so the
    # check above really looked at cards.
    assert out.cards_seen == {f"{'RYGB'[c // 12]}{c % 12 + 1}" for c in deck(players)}
    assert "Final ranking" in out.getvalue()


def test_the_leak_check_catches_a_hidden_card() -> None:
    # The checker must fail when a bot's card is printed: print the host's view.
    table, out = scripted_table(7, 3, lambda t, p: "1")
    bot_card = GAME.view(table.state, HOST)["hands"][1][0]
    with pytest.raises(AssertionError, match="printed cards hidden from seat 0"):
        table.console.print(f"Seat 1 holds {bot_card}")
    assert out.getvalue() == ""


def test_an_illegal_follow_suit_card_is_refused_with_the_rule() -> None:
    tried: list[str] = []
    printed_after_refusal: list[str] = []
    mark = [0]

    def answer(table: QuasharsTable, prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        if tried and not printed_after_refusal:
            printed_after_refusal.append(out.getvalue()[mark[0] :])
        view = GAME.view(table.state, 0)
        if not tried and view["phase"] == "play" and view["trick"]:
            led = view["trick"][0]["card"][0]
            off_suit: list[str] = [c for c in view["hand"] if c[0] != led]
            if off_suit and len(off_suit) < len(view["hand"]):
                tried.append(off_suit[0])
                mark[0] = len(out.getvalue())
                return off_suit[0]
        return "1"

    table, out = scripted_table(5, 3, answer)
    table.run()
    assert tried, "no follow-suit situation came up: choose another seed"
    refusal = printed_after_refusal[0]
    assert refusal.startswith("Not allowed: you must follow suit:")
    assert f"so you cannot play {cli_card_name(tried[0])}" in refusal
    # The options come again (and only them: no card was played in between).
    assert refusal.splitlines()[1].startswith("Cards you may play: 1) ")
    assert len(refusal.splitlines()) == 2
    assert "Final ranking" in out.getvalue()


def cli_card_name(code: str) -> str:
    colour = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}[code[0]]
    return f"{colour} {code[1:]}"


def test_bots_act_at_once_unless_a_delay_is_asked() -> None:
    waits: list[float] = []

    def option_one(table: QuasharsTable, prompt: str) -> str:
        return "" if prompt.startswith("Press Enter") else "1"

    table, _ = scripted_table(9, 3, option_one)
    table.sleep = waits.append
    table.run()
    assert waits == []

    table, _ = scripted_table(9, 3, option_one)
    table.sleep = waits.append
    table.delay = 0.25
    table.run()
    # Two bots, three games, one prediction and twelve cards each a game.
    assert waits == [0.25] * (2 * 3 * 13)


def test_ticks_go_at_the_deadline_on_the_virtual_clock() -> None:
    ticks: list[int] = []
    deadlines: list[int] = []

    def answer(table: QuasharsTable, prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            deadline = GAME.next_deadline(table.state)
            assert deadline is not None
            deadlines.append(deadline)
            return ""
        return "1"

    table, _ = scripted_table(4, 3, answer)
    real_apply = GAME.apply

    class Spy:
        def __getattr__(self, name: str) -> Any:
            return getattr(GAME, name)

        def apply(self, state: Any, inp: Input) -> Any:
            if inp.seat is None:
                ticks.append(inp.time)
            return real_apply(state, inp)

    table.game = Spy()
    table.run()
    assert len(deadlines) == 2
    assert ticks == deadlines


def test_a_bot_with_no_move_stops_the_match_with_a_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Stuck:
        def plan(self, view: Any, now: int) -> None:
            return None

        def refused(self, error: Exception, now: int) -> None:
            raise AssertionError("never planned")

    monkeypatch.setattr(registry, "make_bot", lambda *args: Stuck())
    # Seat 1 or 2 starts unless seat 0 does; answer so the bots get their turn.
    result = RUNNER.invoke(
        play_app(), ["quashars", "--seed", "1", "--level", LEVEL], input="1\n" * 5
    )
    assert result.exit_code == 1, result.output
    assert "The match cannot go on: the bot at seat" in result.output
    assert "Traceback" not in result.output
