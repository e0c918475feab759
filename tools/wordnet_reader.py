"""WordNet's capitalised adjectives and its licence, for tools/build_words.py.

WordNet 3.0 (Princeton University, https://wordnet.princeton.edu/) as Debian's
`wordnet-base` installs it: `data.adj` holds every adjective synset, one a line, after the
licence (lines that start with two blanks). build_words.py adds the SCOWL entries that
WordNet writes, capital and all, as adjectives (docs/words.md).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Final

WORDNET_DIR: Final = Path("/usr/share/wordnet")
WORDNET_DOC_DIR: Final = Path("/usr/share/doc/wordnet-base")
#: One capital letter, then lowercase letters: not NATO, not ex-wife, not McCarthy.
CAPITALISED: Final = re.compile(rb"[A-Z][a-z]+")
#: WordNet's syntactic markers after an adjective: (a), (p), (ip).
_MARKER: Final = re.compile(r"\([a-z]+\)$")


class WordNetError(ValueError):
    """WordNet's files are missing (is `wordnet-base` installed?)."""


def wordnet_adjectives(wordnet_dir: Path) -> frozenset[str]:
    """The one-word adjectives WordNet writes with a capital letter ("Iraqi"), as written.

    Raises WordNetError (a ValueError) when WordNet's `data.adj` is missing.
    """
    path = wordnet_dir / "data.adj"
    if not path.is_file():
        raise WordNetError(f"{path} is missing: apt-get install wordnet-base")
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("  "):  # the licence at the top of the file
            continue
        # offset, lexicographer file, synset type, word count (hex), then word and lex id
        fields = line.split()
        count = int(fields[3], 16)
        for lemma in fields[4 : 4 + 2 * count : 2]:
            word = _MARKER.sub("", lemma).encode("utf-8")
            if CAPITALISED.fullmatch(word):
                found.add(word.decode("ascii"))
    return frozenset(found)


def wordnet_version(wordnet_dir: Path) -> str:
    """WordNet's version from the licence atop `data.adj` ("WordNet 3.0 Copyright"), or
    "unknown"."""
    with (wordnet_dir / "data.adj").open(encoding="utf-8") as lines:
        for line in itertools.takewhile(lambda text: text.startswith("  "), lines):
            match = re.search(r"WordNet ([0-9.]+) Copyright", line)
            if match:
                return match[1]
    return "unknown"


def wordnet_notice(wordnet_dir: Path, doc_dir: Path) -> str:
    """WordNet's licence: the one atop its `data.adj` and Debian's copyright file.

    Raises WordNetError when either is missing: the list may not ship without its notice.
    """
    data_path, copyright_path = wordnet_dir / "data.adj", doc_dir / "copyright"
    if not data_path.is_file() or not copyright_path.is_file():
        raise WordNetError(
            f"{data_path} or {copyright_path} is missing: apt-get install wordnet-base"
        )
    with data_path.open(encoding="utf-8") as lines:
        # "  1 This software ...  ": the line number and the trailing blanks are WordNet's layout.
        licence = [
            line.strip().partition(" ")[2]
            for line in itertools.takewhile(lambda text: text.startswith("  "), lines)
        ]
    return (
        "Quintet's word list (src/quintet/words/data/words.txt.gz) includes adjectives\n"
        "written with a capital letter (Iraqi, Scottish) that tools/build_words.py chose\n"
        f"with WordNet {wordnet_version(wordnet_dir)} by Princeton University,\n"
        "https://wordnet.princeton.edu/, as packaged by Debian (package `wordnet-base`):\n"
        "an entry of SCOWL's capitalised lists is added when WordNet's data.adj lists it as\n"
        "an adjective (see docs/words.md). WordNet's licence follows: first as it stands\n"
        "at the top of WordNet's data files, then Debian's copyright file, both verbatim.\n"
        "\n" + "=" * 72 + "\n"
        f"From WordNet's {data_path}:\n\n"
        + "\n".join(licence).rstrip()
        + "\n\n"
        + "=" * 72
        + "\n"
        + f"Debian's {copyright_path}:\n\n"
        + copyright_path.read_text(encoding="utf-8").rstrip()
        + "\n"
    )
