"""The English word list of the word games (Quiddler, Double Quick!).

- `default_words()`: the shipped list, generated from SCOWL by tools/build_words.py
  (docs/words.md says what is in it, and why); loaded once and cached.
- `WordList`: immutable; `word in wl`, `wl.tier(word)`, `wl.words(max_tier)`, `len(wl)`,
  `wl.restricted(max_tier)`, `wl.with_words(words, tier)`, `WordList.from_file(path, tier)`.
- `quintet words check|export` (`quintet.words.cli`).

Word search over cards lives in `quintet.words.search`.
"""

from quintet.words.wordlist import (
    MAX_TIER,
    PLAYER_TIER,
    WordList,
    WordListError,
    default_words,
    notice,
)

__all__ = ["MAX_TIER", "PLAYER_TIER", "WordList", "WordListError", "default_words", "notice"]
