"""The reviewed word lists of tools/build_words.py: what a reviewer reads and edits.

Each list says which SCOWL entries are refused or kept against the general rules of
build_words.py, and why; docs/words.md explains them.
"""

from __future__ import annotations

from typing import Final


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
