#!/usr/bin/env python3
"""Build Quintet's word list from Debian's `scowl` and `wordnet-base` (run only to regenerate it).

    apt-get install scowl wordnet-base
    .venv/bin/python tools/build_words.py                  # writes src/quintet/words/data/
    .venv/bin/python tools/build_words.py --compare 70,80,95 --dry-run   # sizes, no writing
    .venv/bin/python tools/build_words.py --review         # the short words, for review

SCOWL (http://wordlist.aspell.net/) is installed as files named
`<spelling>-<category>.<size>` in /usr/share/dict/scowl. This script reads only the
`words` category (never `upper`, `proper-names`, `abbreviations`, `contractions` or the
`special-*` lists) of the spellings english, american, british and canadian and of their
first two spelling-variant levels, up to one size (80 by default). It keeps the words of
lowercase letters a-z, two letters or more; two-letter words only when they are in the reviewed
`TWO_LETTER_WORDS`; and drops the reviewed `DENIED` words (abbreviations, mostly three
letters, that SCOWL files as words), the reviewed `SLURS`, and the plurals of refused
two-letter words. A word's tier
is the smallest SCOWL size it appears at.

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
WORDNET_DIR: Final = Path("/usr/share/wordnet")
WORDNET_DOC_DIR: Final = Path("/usr/share/doc/wordnet-base")
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


def _split(text: str) -> list[str]:
    # The reviewed lists read best as lines of words.
    return text.split()


#: Two-letter words. SCOWL's raw two-letter entries are mostly abbreviations or plurals of
#: letters (bs, cs, kb, lm ...), so only these pass. Reviewed by hand: a word that general
#: English dictionaries give as a word in its own right. A word here is kept only if SCOWL
#: also has it, with SCOWL's tier. Every other two-letter entry is refused; see
#: `TWO_LETTER_REFUSED` for the ones SCOWL has up to size 80, and why.
TWO_LETTER_WORDS: Final = frozenset(
    # everyday words
    _split(
        "am an as at be by do go he if in is it me my no of on or so to up us we"
        " ad ax ex id lo ma ox pa ye"
    )
    # interjections
    + _split("ah aw ay eh er ha hi hm ho oh oi ow oy sh ta uh um yo")
    # sol-fa syllables (do and so above), Greek letters, names of letters
    + _split("re mi fa la ti ut mu nu xi pi ef em en")
    # nouns from other fields that general dictionaries list: a sloth, the Egyptian souls,
    # a hypothetical force, a mantra, a Hebrew letter, life force (and its variant ki), a
    # coin, a chamber pot; bi, ag and za (pizza) are informal but standard entries
    + _split("ai ba ka od om pe qi ki xu po bi ag za")
)
#: The two-letter entries of SCOWL's `words` lists up to size 80 that are refused, and why.
TWO_LETTER_REFUSED: Final = {
    **dict.fromkeys(
        _split("bs cs ds es fs gs hs js ks ls ms ns ps qs rs ss ts ws xs ys zs"),
        "plural of a letter or an abbreviation",
    ),
    **dict.fromkeys(_split("kb lm ln lx mb mf"), "a unit or function symbol"),
    **dict.fromkeys(
        _split("da de et fe fy ge io ja jo ko ky ne ny oo ou se si te ug ur wo yu zo"),
        "a dialect, foreign or obsolete word, or part of a name: some Scrabble lists take "
        "it, general English dictionaries do not",
    ),
    **dict.fromkeys(_split("na un ya"), "a dialect spelling of no, one, you"),
}

#: Three-letter words that are a refused two-letter word plus s, but words in their own right.
#: Other such plurals (das, fes, tes, ugs, zos ...) go with their singular.
PLURALS_KEPT: Final = {"ess": "the letter s", "sis": "sister", "kos": "an Indian measure"}

#: Words that SCOWL files as plain words up to size 80 but that are abbreviations, symbols or
#: contractions without their apostrophe. Every three-letter word up to size 80 was reviewed
#: (`--review` lists them); longer ones come from comparing the kept words with SCOWL's own
#: `abbreviations` lists.
DENIED: Final = {
    # three letters
    "aeq": "abbreviation of Latin aequalis (prescriptions)",
    "amu": "abbreviation: atomic mass unit",
    "csc": "abbreviation: cosecant",
    "dkl": "abbreviation: dekalitre",
    "dui": "abbreviation: driving under the influence",
    "ecu": "abbreviation: European Currency Unit",
    "esc": "abbreviation: the Escape key",
    "gif": "abbreviation: Graphics Interchange Format",
    "hhd": "abbreviation: hogshead",
    "myc": "a gene symbol (MYC)",
    "obo": "abbreviation: ore/bulk/oil carrier",
    "ufo": "abbreviation: unidentified flying object",
    "ert": "not a word in general dictionaries (a fragment of SCOWL's variant data?)",
    "gre": "not a word in general dictionaries (a fragment of SCOWL's variant data?)",
    "oui": "French, not English",
    "hes": "he's without its apostrophe (as the plural of 'he' it is rare; tier 10 otherwise)",
    # longer
    "shes": "she's without its apostrophe",
    "awol": "abbreviation, written AWOL in dictionaries",
    "wysiwyg": "abbreviation, written WYSIWYG in dictionaries",
    "ecus": "abbreviation: plural of ECU",
    "ufos": "abbreviation: plural of UFO",
    "emfs": "abbreviation: plural of emf (electromotive force)",
    "eniac": "a name (the ENIAC computer)",
    "conus": "abbreviation: continental United States",
    "flir": "abbreviation: forward-looking infrared",
    "kreep": "abbreviation: potassium, rare-earth elements, phosphorus",
    "mips": "abbreviation: million instructions per second",
    "teflon": "a trade mark",
}

#: Slurs: words whose chief use today is to insult people for their race, origin, religion,
#: sexuality, gender identity or disability. Word-game lists have dropped them since 2020
#: (NASPA's lists for North American Scrabble did); a player who wants them adds them with
#: `--words`. Words whose chief sense is an ordinary one stay, slur sense or not (chink, a
#: narrow gap; crackers; dyke, an embankment; queer; spook; nip; slope), as do dated words
#: for peoples (negro, mulatto, gypsy), which dictionaries mark as offensive but which
#: occur in history books; a reviewer may move a word between the two with a note.
SLURS: Final = frozenset(
    {
        "nigger", "niggers", "nigga", "niggas", "kike", "kikes", "spic", "spics",
        "spick", "spicks", "wetback", "wetbacks", "gook", "gooks", "darkie", "darkies",
        "darky", "dago", "dagos", "dagoes", "wop", "wops", "jigaboo", "jigaboos",
        "pickaninny", "pickaninnies", "golliwog", "golliwogs", "wog", "wogs", "yid", "yids",
        "sheeny", "sheenies", "kraut", "krauts", "honky", "honkies", "honkey", "redskin",
        "redskins", "squaw", "squaws", "jap", "japs", "fag", "fags", "faggot", "faggots",
        "faggy", "tranny", "trannies", "lesbo", "lesbos", "poofter", "poofters", "spaz",
        "spazzes", "mong", "mongs", "halfbreed", "halfbreeds",
    }
)  # fmt: skip

#: Capitalised adjectives that WordNet gives and SCOWL's `upper` lists have, but that are not
#: added. Every added word was read (`--review` lists them by tier); these are nouns or a
#: name that WordNet also files as adjectives because they are used before a noun.
ADJECTIVES_DENIED: Final = {
    "hollywood": "a place name used before a noun ('a Hollywood actor')",
    "maroc": "the French name of Morocco (WordNet: a synonym of Moroccan)",
    "briton": "a noun (a native of Britain) used before a noun",
    "semite": "a noun (a member of a Semitic people) used before a noun",
}

_LOWER_AZ = re.compile(rb"[a-z]+")
_CAPITALISED = re.compile(rb"[A-Z][a-z]+")
#: WordNet's syntactic markers after an adjective: (a), (p), (ip).
_WORDNET_MARKER = re.compile(r"\([a-z]+\)$")
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


def wordnet_adjectives(wordnet_dir: Path) -> frozenset[str]:
    """The one-word adjectives WordNet writes with a capital letter ("Iraqi"), as written.

    Raises BuildError when WordNet's `data.adj` is missing.
    """
    path = wordnet_dir / "data.adj"
    if not path.is_file():
        raise BuildError(f"{path} is missing: apt-get install wordnet-base")
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("  "):  # the licence at the top of the file
            continue
        # offset, lexicographer file, synset type, word count (hex), then word and lex id
        fields = line.split()
        count = int(fields[3], 16)
        for lemma in fields[4 : 4 + 2 * count : 2]:
            word = _WORDNET_MARKER.sub("", lemma).encode("utf-8")
            if _CAPITALISED.fullmatch(word):
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
            if not _CAPITALISED.fullmatch(entry) or entry.decode("ascii") not in adjectives:
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


def wordnet_notice(wordnet_dir: Path, doc_dir: Path) -> str:
    """WordNet's licence: the one atop its `data.adj` and Debian's copyright file.

    Raises BuildError when either is missing: the list may not ship without its notice.
    """
    data_path, copyright_path = wordnet_dir / "data.adj", doc_dir / "copyright"
    if not data_path.is_file() or not copyright_path.is_file():
        raise BuildError(
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
