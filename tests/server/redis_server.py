"""A throwaway `redis-server` for the cluster tests.

`RedisServer.start()` runs Debian's `redis-server` on a free loopback port with its files
in a fresh temporary directory, persistence off (the tests' Redis holds nothing to keep).
It is our own child with a parent-death signal (util-linux `setpriv --pdeathsig`, as
tests/server/pg.py does for PostgreSQL), so even a `kill -9` of pytest takes it down;
`stop()` is idempotent and also registered with `atexit`. `restart()` stops it and starts
it again on the same port, empty (what a Redis restart without persistence looks like).
"""

from __future__ import annotations

import atexit
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.server.pg import free_port

INSTALL_HINT = (
    "no redis-server found on PATH: install Redis to run the multi-process tests "
    "(Debian/Ubuntu: `apt-get install redis-server`; only the binary is used, no service; "
    "`make test` and .ci/run install it through tools/system-deps.sh)"
)
#: Seconds to wait for the server to answer PING (generous: only turns a hang into a failure).
START_TIMEOUT = 30.0


class RedisMissing(RuntimeError):
    """No `redis-server` binary."""


class RedisServer:
    """One temporary redis-server on 127.0.0.1; `url` is the redis:// URL to give."""

    def __init__(self, binary: str, root: Path, port: int) -> None:
        self.binary = binary
        self.root = root
        self.port = port
        self.log = root / "redis.log"
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @classmethod
    def start(cls) -> RedisServer:
        """Start a server; raises `RedisMissing` (with the install hint) or `RuntimeError`
        with the log when it does not answer."""
        binary = shutil.which("redis-server")
        if binary is None:
            raise RedisMissing(INSTALL_HINT)
        server = cls(binary, Path(tempfile.mkdtemp(prefix="quintet-redis-")), free_port())
        atexit.register(server.stop)
        try:
            server._run()
        except BaseException:
            server.stop()
            raise
        return server

    def _run(self) -> None:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--dir", str(self.root), "--save", "", "--appendonly", "no"]
        args += ["--daemonize", "no", "--logfile", str(self.log)]
        setpriv = shutil.which("setpriv")
        if setpriv:
            args = [setpriv, "--pdeathsig", "KILL", "--", *args]
        self._process = subprocess.Popen(args, stdin=subprocess.DEVNULL, cwd=self.root)
        deadline = time.monotonic() + START_TIMEOUT
        while not self._answers():
            if self._process.poll() is not None or time.monotonic() > deadline:
                log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
                raise RuntimeError(f"redis-server did not start on port {self.port}:\n{log}")
            time.sleep(0.02)

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def restart(self) -> None:
        """Stop the server (SIGKILL: its clients see the connection drop) and start it
        again on the same port, empty."""
        self._halt()
        self._run()

    def _halt(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.kill()
        if process is not None:
            process.wait(timeout=30)

    def stop(self) -> None:
        """Stop the server and delete its directory (idempotent)."""
        self._halt()
        shutil.rmtree(self.root, ignore_errors=True)
