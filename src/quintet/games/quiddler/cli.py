"""Quiddler's command-line verbs.

- `quintet quiddler best --hand "qu i t e r" [--discard] [--json]`: the play of a hand with
  the highest score (cards in words minus unused cards), found exactly by `solver.best`;
  with `--discard` the best card to discard is chosen too. `--words FILE` adds a list of
  words (repeatable), `--replace` uses only those files.
- `quintet play quiddler [--players N] [--level hard] [--seed S] [--words FILE] [--replace]`
  (the `play` function, mounted by the top-level CLI): seat 0 in the terminal against bots
  (`terminal.QuiddlerTable`).

Every mistake in the arguments exits 2 with a message naming the argument, never a traceback.
"""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.console import Console

from quintet.core import JSONDict, registry
from quintet.games.quiddler.components import CARDS
from quintet.games.quiddler.solver import MAX_CARDS, Best, best, can_go_out
from quintet.games.quiddler.terminal import QuiddlerTable
from quintet.games.terminal import LEVEL_HELP, check_level, run_at_terminal, seat_bots
from quintet.words import WordList, WordListError, default_words
from quintet.words.cli import ReplaceOption, WordsOption, word_list

GAME_NAME: Final = "quiddler"
#: Card names are separated by spaces, commas or both.
_SEPARATORS: Final = re.compile(r"[\s,]+")
#: The card names as a reader scans them: letters first, then the two-letter cards.
_NAMES_TEXT: Final = ", ".join(sorted(CARDS, key=lambda name: (len(name), name)))

app = typer.Typer(
    name=GAME_NAME,
    help="Quiddler tools: the exact best play of a hand.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _quiddler() -> None:
    """Quiddler tools: the exact best play of a hand."""
    # A callback keeps `best` a subcommand, whatever else is added (`play`).


def parse_hand(text: str, option: str = "'--hand'") -> list[str]:
    """The card names in ``text`` (space or comma separated, any case), or `typer.BadParameter`.

    Refuses, naming ``option``: no card, a name that is no card (listing the names), more of
    a name than the deck holds, or more than `solver.MAX_CARDS` cards.
    """
    hand = [name for name in _SEPARATORS.split(text.strip().lower()) if name]
    if not hand:
        raise typer.BadParameter(
            f'no cards given; write the cards like "qu i t e r" (the cards: {_NAMES_TEXT})',
            param_hint=option,
        )
    for name in hand:
        if name not in CARDS:
            raise typer.BadParameter(
                f"{name!r} is not a Quiddler card; the cards are: {_NAMES_TEXT}",
                param_hint=option,
            )
    for name in dict.fromkeys(hand):
        in_deck = CARDS[name][1]
        if hand.count(name) > in_deck:
            raise typer.BadParameter(
                f"{hand.count(name)} {name!r} cards, but the deck has only {in_deck}",
                param_hint=option,
            )
    if len(hand) > MAX_CARDS:
        raise typer.BadParameter(
            f"{len(hand)} cards; the solver takes at most {MAX_CARDS} (a Quiddler hand holds "
            f"at most 11: 10 dealt and 1 drawn)",
            param_hint=option,
        )
    return hand


def _word_text(cards: tuple[str, ...]) -> str:
    points = sum(CARDS[card][0] for card in cards)
    return f"{''.join(cards)} ({'-'.join(cards)}, {points})"


def _words_text(play: Best) -> str:
    return ", ".join(_word_text(word) for word in play.words) or "none"


@app.command("best")
def best_command(
    hand: Annotated[
        str,
        typer.Option(
            "--hand",
            help='The cards, separated by spaces or commas, any case: "qu i t e r". '
            f"The cards: {_NAMES_TEXT}.",
            show_default=False,
        ),
    ],
    discard: Annotated[
        bool,
        typer.Option(
            "--discard",
            help="Also choose the best card to discard; it counts neither way.",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print only {"score": int, "words": [["qu", "i", "t"], ...], "unused": '
            '[...], "discard": card|null}.',
        ),
    ] = False,
    files: WordsOption = None,
    replace: ReplaceOption = False,
) -> None:
    """The play of a hand with the highest score: cards in words minus unused cards.

    Exact: every way to lay the cards down as words is considered. Ties go to the play with
    more cards in words (so one that goes out), then to a fixed order (see the solver).
    Words are checked against the shipped list unless --replace is given.
    """
    cards = parse_hand(hand)
    words = word_list(files, replace=replace)
    play = best(cards, words, discard=discard)
    if as_json:
        typer.echo(json.dumps(play.to_json()))
        return
    total = sum(CARDS[card][0] for card in cards)
    typer.echo(f"hand: {' '.join(sorted(cards))} ({len(cards)} cards, {total} points)")
    typer.echo(f"words: {_words_text(play)}")
    unused = sum(CARDS[card][0] for card in play.unused)
    typer.echo(f"unused: {' '.join(play.unused)} (-{unused})" if play.unused else "unused: none")
    if discard:
        typer.echo(f"discard: {play.discard}" if play.discard else "discard: none (no card)")
    typer.echo(f"score: {play.score}")
    typer.echo(f"goes out: {_going_out(cards, play, words)}")


def _going_out(cards: list[str], play: Best, words: WordList) -> str:
    """Whether the hand goes out (all cards but one discard in words), and how if not shown."""
    if play.goes_out:
        return "yes"
    out = can_go_out(cards, words)
    if out is None:
        return "no"
    how = f"{_words_text(out)}, discarding {out.discard}, for {out.score}"
    return f"yes, as {how}" if play.discard is None else f"yes, but for less: {how}"


# -------------------------------------------------------------------------- play


def table_options(files: list[Path] | None, replace: bool) -> JSONDict:
    """The table's options for `--words FILE` (repeatable) and `--replace`.

    Without `--replace` only the files' words that the shipped list lacks are added (the
    options stay small, and a record of the game replays with the same dictionary).
    Raises `typer.BadParameter` naming `--words` (a file that cannot be read, a bad line)
    or `--replace` (without `--words`).
    """
    if replace and not files:
        raise typer.BadParameter("needs at least one --words FILE", param_hint="'--replace'")
    if not files:
        return {}
    shipped = default_words()
    found: dict[str, None] = {}
    for path in files:
        try:
            listed = WordList.from_file(path)
        except WordListError as error:
            raise typer.BadParameter(str(error), param_hint="'--words'") from None
        found.update(
            dict.fromkeys(word for word in listed.words() if replace or word not in shipped)
        )
    if replace and not found:
        raise typer.BadParameter(
            "the --words files hold no word, and --replace would leave the table none",
            param_hint="'--replace'",
        )
    return {"extra_words": list(found), "replace_words": replace}


# Typer turns each parameter into an option, so their number is the CLI's, hence the noqa.
def play(  # noqa: PLR0917
    players: Annotated[
        int,
        typer.Option("--players", min=1, max=8, help="Players at the table, you included: 1 to 8."),
    ] = 4,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the deal and the bots; the same seed replays."),
    ] = None,
    level: Annotated[str | None, typer.Option("--level", help=LEVEL_HELP)] = None,
    delay: Annotated[
        float, typer.Option("--delay", min=0.0, help="Seconds each bot waits before acting.")
    ] = 0.0,
    files: WordsOption = None,
    replace: ReplaceOption = False,
    challenge: Annotated[
        bool,
        typer.Option(
            "--challenge",
            help="Challenge mode: words are not checked unless another player challenges "
            "them (a wrong challenge costs the challenger the word's points).",
        ),
    ] = False,
) -> None:
    """Play Quiddler in the terminal: you are seat 0, bots take the other seats.

    Type d or p to draw, a card's name to discard (qu), and go, your words, / and the
    discard to go out (go quit then / e). Type help at any prompt.
    """
    level = check_level(GAME_NAME, level)
    options = table_options(files, replace)
    if challenge:
        if players == 1:
            raise typer.BadParameter(
                "needs 2 players or more: alone, nobody would challenge", param_hint="'--challenge'"
            )
        options["challenge"] = True
    console = Console(highlight=False)
    if seed is None:
        seed = secrets.randbits(32)
    game = registry.get(GAME_NAME)
    state = game.new(seed, players, options)
    bots = seat_bots(GAME_NAME, level, seed, players)
    with_bots = f"; bots: {level}" if players > 1 else ""
    console.print(f"Seed {seed} (play it again with --seed {seed}){with_bots}.")
    run_at_terminal(QuiddlerTable(game, state, bots, console.input, console, delay=delay), console)
