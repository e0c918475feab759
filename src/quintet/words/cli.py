"""`quintet words`: look words up in the word list, or print it.

- `quintet words check WORD... [--json]`: is each word in the list, and its tier.
  Exit 0 when every word is in the list, 1 when one is not, 2 on a bad argument.
- `quintet words export [--max-tier N]`: the list, one word a line, alphabetical.

Both take `--words FILE` (repeatable) to add a player's list (one word per line, `#`
comments; its words get tier 100 unless the list has them) and `--replace` to use only
those files. Every mistake in the arguments exits 2 with a message naming the argument.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Final

import typer

from quintet.words.wordlist import (
    PLAYER_TIER,
    WordList,
    WordListError,
    default_words,
    word_problem,
)

#: Exit statuses of `check`.
EXIT_ALL_VALID, EXIT_SOME_NOT_VALID = 0, 1

app = typer.Typer(
    name="words",
    help="The word list of Quiddler and Double Quick!: check words, print the list.",
    no_args_is_help=True,
    add_completion=False,
)

_WORDS_HELP: Final = (
    "A file of extra words, one per line (# starts a comment); may be given more than "
    f"once. Its words get tier {PLAYER_TIER} unless the list has them already."
)
WordsOption = Annotated[
    list[Path] | None,
    typer.Option("--words", metavar="FILE", help=_WORDS_HELP, show_default=False),
]
ReplaceOption = Annotated[
    bool,
    typer.Option("--replace", help="Use only the --words files, not the shipped list."),
]


@app.callback()
def _words() -> None:
    """The word list of Quiddler and Double Quick!: check words, print the list."""
    # A callback keeps `check` and `export` as subcommands even with one command.


def word_list(files: list[Path] | None, *, replace: bool) -> WordList:
    """The shipped list plus the files, or only the files with `replace`.

    Raises typer.BadParameter naming --words (a file that cannot be read, a bad line)
    or --replace (without --words).
    """
    if replace and not files:
        raise typer.BadParameter("needs at least one --words FILE", param_hint="'--replace'")
    words = WordList() if replace else default_words()
    for path in files or []:
        try:
            extra = WordList.from_file(path)
        except WordListError as error:
            raise typer.BadParameter(str(error), param_hint="'--words'") from None
        words = words.with_words(extra.words(), PLAYER_TIER)
    return words


@app.command("check")
def check_command(
    words: Annotated[
        list[str],
        typer.Argument(metavar="WORD", help="The words to look up (any case).", show_default=False),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print one JSON list, in the order given: [{"word": str, "valid": bool, '
            '"tier": int|null}, ...].',
        ),
    ] = False,
    files: WordsOption = None,
    replace: ReplaceOption = False,
) -> None:
    """Say for each word whether it is in the list, and its tier (smaller = more common).

    Words are lowercased first. Exit status: 0 when every word is in the list, 1 when
    one is not, 2 when an argument is wrong.
    """
    listed = word_list(files, replace=replace)
    results = []
    for given in words:
        word = given.strip().lower()
        tier = listed.tier(word)
        results.append({"word": word, "valid": tier is not None, "tier": tier})
    if as_json:
        typer.echo(json.dumps(results))
    else:
        width = max(len(str(result["word"])) for result in results)
        for result in results:
            word = str(result["word"])
            if result["valid"]:
                verdict = f"valid, tier {result['tier']}"
            else:
                problem = word_problem(word)
                verdict = "not in the list" if problem is None else f"not a word: {problem}"
            typer.echo(f"{word:<{width}}  {verdict}")
    all_valid = all(result["valid"] for result in results)
    raise typer.Exit(EXIT_ALL_VALID if all_valid else EXIT_SOME_NOT_VALID)


@app.command("export")
def export_command(
    max_tier: Annotated[
        int | None,
        typer.Option(
            "--max-tier",
            min=0,
            help="Only the words of this tier or below (10 = the most common; the shipped "
            "list goes to 80).",
            show_default=False,
        ),
    ] = None,
    files: WordsOption = None,
    replace: ReplaceOption = False,
) -> None:
    """Print the list, one word a line, in alphabetical order."""
    listed = word_list(files, replace=replace)
    text = "".join(word + "\n" for word in listed.words(max_tier))
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`| head`): that is not an error. Point stdout at
        # /dev/null so that Python's own flush at exit does not complain again.
        _silence_stdout()


def _silence_stdout() -> None:
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing left to flush
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
    os.close(devnull)
