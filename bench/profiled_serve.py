"""``python -m bench.profiled_serve serve ...``: ``quintet serve`` with cProfile on request.

SIGUSR1 starts cProfile in the server's main thread (the event loop); SIGUSR2 stops it and
writes its stats to the file named by ``QUINTET_BENCH_PROFILE``. The timer is the thread's
own CPU time (`time.thread_time`), so the stats are CPU, not time spent waiting for work.
`bench/server_setup.py --profile` uses it to profile only the tables' set-up.
"""

from __future__ import annotations

import cProfile
import os
import signal
import sys
import time
from typing import Any

from quintet.cli import main


def _install(path: str) -> None:
    profiler = cProfile.Profile(time.thread_time)

    def start(signum: int, frame: Any) -> None:
        profiler.enable()

    def stop(signum: int, frame: Any) -> None:
        profiler.disable()
        profiler.dump_stats(path + ".part")
        os.replace(path + ".part", path)  # whoever waits for the file finds it whole

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)


if __name__ == "__main__":
    _install(os.environ["QUINTET_BENCH_PROFILE"])
    sys.exit(main(sys.argv[1:]))
