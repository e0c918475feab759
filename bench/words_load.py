"""How fast the shipped word list loads, and how much memory it takes.

    .venv/bin/python -m bench.words_load [--rounds N]

What is measured:

- ``load_*_ms``: `quintet.words.wordlist.load_default()` (read the gzip file from the package,
  decompress, split, build the `WordList`), ``--rounds`` times in this process, uncached;
- ``first_load_ms``, ``import_ms``: in a fresh Python process, importing `quintet.words`, then
  the first `default_words()`: what a command or a server pays once;
- ``*_cpu_ms``: the same loads in CPU time of the process, which a shared machine inflates
  less than wall time;
- ``retained_mib``, ``peak_mib``: Python memory held by the loaded list, and the peak while
  loading it (tracemalloc, in a fresh process: tracing slows the load, so it is not timed);
- ``rss_delta_mib``: the growth of the fresh process's resident memory over the first load
  (/proc/self/statm), which counts what the allocator keeps too.

Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from importlib import resources
from typing import Any

from quintet.words import wordlist

#: Run in a fresh interpreter: the first load as a user meets it, then memory.
_FRESH = r"""
import json, os, resource, sys, time, tracemalloc

def rss_bytes():
    # The current resident size. ru_maxrss is no good here: Linux carries the parent's peak
    # over fork and exec, so a fresh process can start with a "peak" above its own.
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return maxrss if sys.platform == "darwin" else maxrss * 1024

start = time.perf_counter()
from quintet.words import wordlist
imported = time.perf_counter()
before = rss_bytes()
cpu = time.process_time()
words = wordlist.default_words()
loaded = time.perf_counter()
cpu = time.process_time() - cpu
after = rss_bytes()
tracemalloc.start()
again = wordlist.load_default()
retained, peak = tracemalloc.get_traced_memory()
tracemalloc.stop()
print(json.dumps({
    "import_ms": (imported - start) * 1e3,
    "first_load_ms": (loaded - imported) * 1e3,
    "first_load_cpu_ms": cpu * 1e3,
    "rss_delta_mib": (after - before) / 2**20,
    "retained_mib": retained / 2**20,
    "peak_mib": peak / 2**20,
    "words": len(words),
}))
"""


def fresh_process() -> dict[str, Any]:
    """The figures of one fresh interpreter (see `_FRESH`)."""
    done = subprocess.run(
        [sys.executable, "-c", _FRESH], capture_output=True, text=True, check=True, timeout=120
    )
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def measure(rounds: int = 20) -> dict[str, Any]:
    """One JSON-ready line: load times (median of `rounds`), first load, memory."""
    if rounds < 1:
        raise ValueError(f"rounds must be >= 1, not {rounds}")
    times, cpu_times = [], []
    for _ in range(rounds):
        start, cpu = time.perf_counter(), time.process_time()
        words = wordlist.load_default()
        times.append((time.perf_counter() - start) * 1e3)
        cpu_times.append((time.process_time() - cpu) * 1e3)
    fresh = fresh_process()
    data_file = resources.files(wordlist.DATA_PACKAGE).joinpath(wordlist.DATA_FILE)
    return {
        "benchmark": "words_load",
        "words": len(words),
        "file_bytes": len(data_file.read_bytes()),
        "rounds": rounds,
        "load_median_ms": round(statistics.median(times), 2),
        "load_min_ms": round(min(times), 2),
        "load_max_ms": round(max(times), 2),
        "load_cpu_median_ms": round(statistics.median(cpu_times), 2),
        "first_load_ms": round(fresh["first_load_ms"], 2),
        "first_load_cpu_ms": round(fresh["first_load_cpu_ms"], 2),
        "import_ms": round(fresh["import_ms"], 2),
        "retained_mib": round(fresh["retained_mib"], 2),
        "peak_mib": round(fresh["peak_mib"], 2),
        "rss_delta_mib": round(fresh["rss_delta_mib"], 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.words_load", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--rounds", type=int, default=20, help="timed loads (default 20)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, not {args.rounds}")
    print(json.dumps(measure(args.rounds)), flush=True)


if __name__ == "__main__":
    main()
