#!/usr/bin/env python3
"""Build Quintet's word list from Debian's `scowl` and `wordnet-base` (run only to regenerate it).

    apt-get install scowl wordnet-base
    .venv/bin/python tools/build_words.py                  # writes src/quintet/words/data/
    .venv/bin/python tools/build_words.py --compare 70,80,95 --dry-run   # sizes, no writing
    .venv/bin/python tools/build_words.py --review         # short words, adjectives: review

SCOWL (http://wordlist.aspell.net/) is installed as files named
`<spelling>-<category>.<size>` in /usr/share/dict/scowl. This script reads the `words`
category (never `proper-names`, `abbreviations`, `contractions` or the `special-*` lists;
`upper` only for the adjectives below) of the spellings english, american, british and
canadian and of their first two spelling-variant levels, up to one size (80 by default).
It keeps the words of lowercase letters a-z, two letters or more; two-letter words only
when they are in the reviewed `TWO_LETTER_WORDS`; and drops the reviewed `DENIED` words
(abbreviations, mostly three letters, that SCOWL files as words), the reviewed `SLURS`,
and the plurals of refused two-letter words (the reviewed lists are in
tools/reviewed_words.py). A word's tier is the smallest SCOWL size it appears at.

Then it adds the adjectives written with a capital letter that the Quiddler rulebook allows
(Iraqi, Scottish): an entry of SCOWL's `upper` lists of the same spellings and sizes that is
one capital and lowercase letters (not NATO, not ex-wife) and that WordNet's `data.adj`
writes exactly so as an adjective, lowercased, unless `ADJECTIVES_DENIED` names it or the
filters above drop it. London, a noun only, stays out. A word already in the list keeps its
tier; an added one gets the size of its `upper` list.

Output: `words.txt.gz` (the format is in `encode`'s docstring), `SCOWL-COPYRIGHT.txt` and
`WORDNET-LICENSE.txt`, SCOWL's and WordNet's copyright and licence notices, copied from the
packages. The result is byte-for-byte reproducible from the same SCOWL and WordNet versions.
docs/words.md says why.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
SCOWL_DIR: Final = Path("/usr/share/dict/scowl")
SCOWL_DOC_DIR: Final = Path("/usr/share/doc/scowl")
OUT_DIR: Final = ROOT / "src" / "quintet" / "words" / "data"
WORDS_FILE: Final = "words.txt.gz"
NOTICE_FILE: Final = "SCOWL-COPYRIGHT.txt"
WORDNET_NOTICE_FILE: Final = "WORDNET-LICENSE.txt"

#: SCOWL's sizes; smaller is more common. 95 is "insane": not fit for a game.
SIZES: Final = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
DEFAULT_SIZE: Final = 80
#: The spellings the issue asks for. `english` holds the words common to all of them.
SPELLINGS: Final = ("english", "american", "british", "canadian")
#: Spelling variants: SCOWL's main lists keep one spelling of two equal ones, picked at
#: random ("briars" is a variant of "briers", "automata" of "automatons"). A word game accepts
#: both, so levels 1 ("almost equal") and 2 ("generally considered acceptable") are in;
#: level 3 ("seldom used and may not even be considered correct") is not.
VARIANTS: Final = (
    "variant_1",
    "variant_2",
    "british_variant_1",
    "british_variant_2",
    "canadian_variant_1",
    "canadian_variant_2",
)
CATEGORY: Final = "words"
#: SCOWL's category of capitalised words (names and adjectives), read for the adjectives.
UPPER_CATEGORY: Final = "upper"
#: One letter per tier in the file, in this order (see `encode`).
TIER_LETTERS: Final = "abcdefghij"


# tools/ is not a package: its modules are found beside this file, however it is loaded
# (run as a script, or from its path by the tests).
sys.path.insert(0, str(Path(__file__).resolve().parent))
from reviewed_words import (  # noqa: E402
    ADJECTIVES_DENIED,
    DENIED,
    PLURALS_KEPT,
    SLURS,
    TWO_LETTER_REFUSED,
    TWO_LETTER_WORDS,
)
from wordnet_reader import (  # noqa: E402
    CAPITALISED,
    WORDNET_DIR,
    WORDNET_DOC_DIR,
    wordnet_adjectives,
    wordnet_notice,
    wordnet_version,
)

_LOWER_AZ = re.compile(rb"[a-z]+")
_FILE_NAME = re.compile(r"(?P<spelling>[a-z_0-9]+)-(?P<category>[a-z-]+)\.(?P<size>[0-9]+)")


class BuildError(Exception):
    """The SCOWL files are missing or not laid out as expected."""


@dataclass(frozen=True)
class ScowlFile:
    path: Path
    spelling: str
    category: str
    size: int


@dataclass
class Collected:
    """The words kept, each with its tier, and what was dropped and why."""

    max_size: int
    tiers: dict[str, int] = field(default_factory=dict)
    dropped: Counter[str] = field(default_factory=Counter)
    files: list[ScowlFile] = field(default_factory=list)
    #: The capitalised adjectives added (lowercased), with their tier; also in `tiers`.
    adjectives: dict[str, int] = field(default_factory=dict)
    #: Why capitalised WordNet adjectives of the `upper` lists were not added.
    adjectives_dropped: Counter[str] = field(default_factory=Counter)
    #: Two-letter entries that are in neither reviewed list: SCOWL changed, review them.
    unreviewed_two: set[str] = field(default_factory=set)


def scowl_files(scowl_dir: Path) -> list[ScowlFile]:
    """Every SCOWL list file in the directory, parsed from its name.

    Raises BuildError when the directory holds none (is `scowl` installed?).
    """
    if not scowl_dir.is_dir():
        raise BuildError(f"{scowl_dir} is not a directory: apt-get install scowl")
    found = []
    for path in sorted(scowl_dir.iterdir()):
        match = _FILE_NAME.fullmatch(path.name)
        if match:
            found.append(ScowlFile(path, match["spelling"], match["category"], int(match["size"])))
    if not any(f.category == CATEGORY and f.spelling == "english" for f in found):
        raise BuildError(f"no english-words.<size> file in {scowl_dir}: apt-get install scowl")
    return found


def selected(
    files: Iterable[ScowlFile], max_size: int, category: str = CATEGORY
) -> list[ScowlFile]:
    """The files this list is made of: a category (`words`) of the chosen spellings."""
    spellings = set(SPELLINGS) | set(VARIANTS)
    return [
        f
        for f in files
        if f.category == category and f.spelling in spellings and f.size <= max_size
    ]


def why_dropped(entry: bytes) -> str | None:
    """The reason an entry of a `words` file is not a game word, or None to keep it.

    Entries are bytes: SCOWL's files are UTF-8 (ISO 8859-1 in older releases), and a
    kept word is plain ASCII either way.
    """
    if not _LOWER_AZ.fullmatch(entry):
        if b"'" in entry:
            return "apostrophe"
        if b"-" in entry:
            return "hyphen"
        if any(byte >= 0x80 for byte in entry):
            return "accented letter"
        if any(0x41 <= byte <= 0x5A for byte in entry):
            return "capital letter"
        if any(0x30 <= byte <= 0x39 for byte in entry):
            return "digit"
        return "other character"
    word = entry.decode("ascii")
    if len(word) == 1:
        return "one letter"
    if len(word) == 2 and word not in TWO_LETTER_WORDS:
        return "two letters, not in the reviewed list"
    if word in DENIED:
        return "denied after review"
    if word in SLURS:
        return "a slur, denied after review"
    if (
        len(word) == 3
        and word.endswith("s")
        and word[:2] in TWO_LETTER_REFUSED
        and word not in PLURALS_KEPT
    ):
        return "plural of a refused two-letter word"
    return None


def collect(
    scowl_dir: Path, max_size: int = DEFAULT_SIZE, adjectives: frozenset[str] = frozenset()
) -> Collected:
    """Read the selected SCOWL files and keep each game word with its smallest size, then
    add the capitalised `adjectives` (WordNet's) that SCOWL's `upper` lists have."""
    if max_size not in SIZES:
        raise BuildError(f"--max-size must be one of the SCOWL sizes {SIZES}, not {max_size}")
    result = Collected(max_size)
    every_file = scowl_files(scowl_dir)
    result.files = selected(every_file, max_size)
    tiers = result.tiers
    # Smallest size first, so the first time a word is seen gives its tier.
    for scowl_file in sorted(result.files, key=lambda f: (f.size, f.path.name)):
        for line in scowl_file.path.read_bytes().splitlines():
            entry = line.strip()
            if not entry:
                continue
            reason = why_dropped(entry)
            if reason is None:
                tiers.setdefault(entry.decode("ascii"), scowl_file.size)
                continue
            result.dropped[reason] += 1
            if reason.startswith("two letters"):
                word = entry.decode("ascii")
                if word not in TWO_LETTER_REFUSED:
                    result.unreviewed_two.add(word)
    if adjectives:
        add_adjectives(result, selected(every_file, max_size, UPPER_CATEGORY), adjectives)
    return result


def add_adjectives(
    result: Collected, upper_files: list[ScowlFile], adjectives: frozenset[str]
) -> None:
    """Add the `upper` entries that are capitalised adjectives, lowercased, to `result`;
    a word already there keeps its tier."""
    seen: set[str] = set()
    for scowl_file in sorted(upper_files, key=lambda f: (f.size, f.path.name)):
        for line in scowl_file.path.read_bytes().splitlines():
            entry = line.strip()
            if not CAPITALISED.fullmatch(entry) or entry.decode("ascii") not in adjectives:
                continue
            word = entry.decode("ascii").lower()
            if word in seen:  # seen at a smaller size, or in another spelling's list
                continue
            seen.add(word)
            if word in result.tiers:
                result.adjectives_dropped["already a word"] += 1
                continue
            reason = "denied after review" if word in ADJECTIVES_DENIED else None
            reason = reason or why_dropped(word.encode("ascii"))
            if reason is not None:
                result.adjectives_dropped[reason] += 1
                continue
            result.adjectives[word] = result.tiers[word] = scowl_file.size


def encode(tiers: dict[str, int], header: Sequence[str] = ()) -> bytes:
    """The word list as text: comment lines, the sorted words, then one tier letter a word.

        # comments
        %tiers a=10 b=20 c=35 ...     <- which letter stands for which tier
        %words 3
        aah
        aahed
        aahing
        %tier-letters
        fhi                           <- aah is tier 55, aahed 70, aahing 80

    Loading it is two `str.split`-like steps and one `bytes.translate`, all in C: no
    per-word Python work. Sorted words compress well and give lookups by bisection.
    """
    used = sorted(set(tiers.values()))
    if len(used) > len(TIER_LETTERS):
        raise BuildError(f"more tiers ({len(used)}) than letters for them")
    letter = dict(zip(used, TIER_LETTERS, strict=False))
    words = sorted(tiers)
    lines = [f"# {text}" for text in header]
    lines.append("%tiers " + " ".join(f"{letter[tier]}={tier}" for tier in used))
    lines.append(f"%words {len(words)}")
    lines.extend(words)
    lines.append("%tier-letters")
    lines.append("".join(letter[tiers[word]] for word in words))
    return ("\n".join(lines) + "\n").encode("ascii")


def compress(text: bytes) -> bytes:
    """gzip, reproducible: no file name, time 0. Chosen over xz and bz2 for load time."""
    return gzip.compress(text, compresslevel=9, mtime=0)


def scowl_version(doc_dir: Path) -> str:
    """SCOWL's version from its README ("Version 2020.12.07"), or "unknown"."""
    readme = doc_dir / "README.gz"
    if readme.is_file():
        for line in gzip.decompress(readme.read_bytes()).decode("utf-8", "replace").split("\n"):
            if line.startswith("Version "):
                return line.split()[1]
    return "unknown"


def notice(doc_dir: Path) -> str:
    """SCOWL's copyright and licence notice: the README's section and Debian's copyright file.

    Raises BuildError when either is missing: the list may not ship without its notice.
    """
    readme_path, copyright_path = doc_dir / "README.gz", doc_dir / "copyright"
    if not readme_path.is_file() or not copyright_path.is_file():
        raise BuildError(f"{readme_path} or {copyright_path} is missing: apt-get install scowl")
    readme = gzip.decompress(readme_path.read_bytes()).decode("utf-8")
    start = readme.find("COPYRIGHT, SOURCES, and CREDITS:")
    end = readme.find("FUTURE PLANS:", start)
    if start < 0 or end < 0:
        raise BuildError(f"no 'COPYRIGHT, SOURCES, and CREDITS:' section in {readme_path}")
    return (
        "Quintet's word list (src/quintet/words/data/words.txt.gz) is derived from SCOWL\n"
        f"(Spell Checker Oriented Word Lists) version {scowl_version(doc_dir)} by Kevin\n"
        "Atkinson, http://wordlist.aspell.net/, as packaged by Debian (package `scowl`).\n"
        "It was made by tools/build_words.py, which selects and filters SCOWL's lists\n"
        "(see docs/words.md). SCOWL's copyright and licence notice follows: first the\n"
        "section of SCOWL's README, then Debian's copyright file, both verbatim.\n"
        "\n" + "=" * 72 + "\n"
        "From SCOWL's README (/usr/share/doc/scowl/README.gz):\n\n"
        + readme[start:end].rstrip()
        + "\n\n"
        + "=" * 72
        + "\n"
        + "Debian's /usr/share/doc/scowl/copyright:\n\n"
        + copyright_path.read_text(encoding="utf-8").rstrip()
        + "\n"
    )


def header(collected: Collected, version: str, wordnet: str | None = None) -> list[str]:
    spellings = ", ".join(SPELLINGS + VARIANTS)
    lines = [
        "Quintet word list. Generated by tools/build_words.py: do not edit by hand.",
        f"From SCOWL {version} (http://wordlist.aspell.net/), sizes up to {collected.max_size};",
        f"the '{CATEGORY}' lists of: {spellings}.",
        "Copyright and licence: SCOWL-COPYRIGHT.txt beside this file.",
    ]
    if wordnet is not None:
        lines += [
            f"With the capitalised adjectives of the '{UPPER_CATEGORY}' lists that WordNet "
            f"{wordnet} (https://wordnet.princeton.edu/) lists as adjectives, lowercased;",
            "WordNet's licence: WORDNET-LICENSE.txt beside this file.",
        ]
    return lines


def build(
    scowl_dir: Path, doc_dir: Path, max_size: int, wordnet_dir: Path | None = None
) -> tuple[Collected, bytes]:
    """The list from SCOWL, with WordNet's capitalised adjectives when `wordnet_dir` is given."""
    scowl_files(scowl_dir)  # a missing SCOWL is named before a missing WordNet
    adjectives = frozenset[str]() if wordnet_dir is None else wordnet_adjectives(wordnet_dir)
    collected = collect(scowl_dir, max_size, adjectives)
    wordnet = None if wordnet_dir is None else wordnet_version(wordnet_dir)
    text = encode(collected.tiers, header(collected, scowl_version(doc_dir), wordnet))
    return collected, compress(text)


# ------------------------------------------------------------------------- report


def statistics(collected: Collected, data: bytes) -> list[str]:
    by_tier = Counter(collected.tiers.values())
    lines = [
        f"SCOWL files read: {len(collected.files)} (sizes <= {collected.max_size})",
        f"words kept: {len(collected.tiers):,}; compressed file: {len(data):,} bytes",
        "tier  new words  running total",
    ]
    total = 0
    for tier in sorted(by_tier):
        total += by_tier[tier]
        lines.append(f"{tier:>4}  {by_tier[tier]:>9,}  {total:>13,}")
    lines.append("entries dropped (an entry can be in several files):")
    lines.extend(f"  {reason}: {count:,}" for reason, count in collected.dropped.most_common())
    lengths = Counter(len(word) for word in collected.tiers)
    lines.append(
        f"two-letter words kept: {lengths[2]}; three-letter: {lengths[3]}; "
        f"longest: {max(lengths, default=0)} letters"
    )
    if collected.adjectives or collected.adjectives_dropped:
        lines.append(
            f"capitalised adjectives added (WordNet): {len(collected.adjectives):,}; not added: "
            + ", ".join(f"{why} {n}" for why, n in sorted(collected.adjectives_dropped.items()))
        )
    if collected.unreviewed_two:
        lines.append(
            "WARNING: two-letter entries in no reviewed list (refused; review them): "
            + " ".join(sorted(collected.unreviewed_two))
        )
    return lines


def review(collected: Collected, scowl_dir: Path) -> list[str]:
    """The kept two- and three-letter words by tier, and kept words SCOWL also lists as
    abbreviations (in another spelling or case): what a reviewer reads."""
    lines = []
    for length in (2, 3):
        lines.append(f"kept {length}-letter words by tier:")
        for tier in SIZES:
            words = sorted(w for w, t in collected.tiers.items() if len(w) == length and t == tier)
            if words:
                lines.append(f"  {tier}: {' '.join(words)}")
    abbreviations: set[str] = set()
    for scowl_file in scowl_files(scowl_dir):
        if scowl_file.category == "abbreviations":
            text = scowl_file.path.read_bytes().decode("utf-8", "replace")
            abbreviations.update(line.strip().lower() for line in text.splitlines())
    overlap = sorted(w for w in collected.tiers if w in abbreviations)
    lines.append(f"kept words that SCOWL also lists as abbreviations ({len(overlap)}):")
    lines.append("  " + " ".join(f"{w}:{collected.tiers[w]}" for w in overlap))
    lines.append(f"capitalised adjectives added, by tier ({len(collected.adjectives)}):")
    for tier in SIZES:
        added = sorted(w for w, t in collected.adjectives.items() if t == tier)
        if added:
            lines.append(f"  {tier}: {' '.join(added)}")
    return lines


def only_in(larger: Collected, smaller: Collected, count: int = 30) -> list[str]:
    """Some words of the larger list missing from the smaller one, spread over the alphabet."""
    extra = sorted(set(larger.tiers) - set(smaller.tiers))
    step = max(1, len(extra) // count)
    return extra[::step][:count]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--scowl", type=Path, default=SCOWL_DIR, help="SCOWL's list directory")
    parser.add_argument("--doc", type=Path, default=SCOWL_DOC_DIR, help="SCOWL's doc directory")
    parser.add_argument("--wordnet", type=Path, default=WORDNET_DIR, help="WordNet's data")
    parser.add_argument(
        "--wordnet-doc", type=Path, default=WORDNET_DOC_DIR, help="WordNet's doc directory"
    )
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="where to write the files")
    parser.add_argument("--max-size", type=int, default=DEFAULT_SIZE, help="largest SCOWL size")
    parser.add_argument("--dry-run", action="store_true", help="print statistics, write nothing")
    parser.add_argument(
        "--compare", help="comma-separated sizes to compare (word counts, file sizes)"
    )
    parser.add_argument("--review", action="store_true", help="list the short words kept")
    args = parser.parse_args(argv)
    try:
        collected, data = build(args.scowl, args.doc, args.max_size, args.wordnet)
        print("\n".join(statistics(collected, data)))
        if args.review:
            print("\n".join(review(collected, args.scowl)))
        if args.compare:
            sizes = [int(size) for size in args.compare.split(",")]
            compare(args.scowl, args.doc, sizes, args.wordnet)
        if not args.dry_run:
            notices = {
                NOTICE_FILE: notice(args.doc),
                WORDNET_NOTICE_FILE: wordnet_notice(args.wordnet, args.wordnet_doc),
            }
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / WORDS_FILE).write_bytes(data)
            for name, text in notices.items():
                (args.out / name).write_text(text, encoding="utf-8")
            print(f"wrote {args.out / WORDS_FILE}, {' and '.join(map(str, notices))}")
    except (BuildError, ValueError) as error:
        print(f"build_words: {error}", file=sys.stderr)
        return 2
    return 0


def compare(
    scowl_dir: Path, doc_dir: Path, sizes: Sequence[int], wordnet_dir: Path | None = None
) -> None:
    built = {size: build(scowl_dir, doc_dir, size, wordnet_dir) for size in sizes}
    print("size  words     compressed bytes  uncompressed bytes")
    for size, (collected, data) in built.items():
        raw = len(gzip.decompress(data))
        print(f"{size:>4}  {len(collected.tiers):>8,}  {len(data):>16,}  {raw:>18,}")
    ordered = sorted(built)
    for smaller, larger in itertools.pairwise(ordered):
        sample = only_in(built[larger][0], built[smaller][0])
        print(f"examples only in {larger}, not in {smaller}: {' '.join(sample)}")


if __name__ == "__main__":
    sys.exit(main())
