"""A throwaway PostgreSQL cluster for the server tests.

`PgCluster.start()` runs `initdb` into a fresh temporary directory, then the `postgres`
server on a free loopback port with its socket in that directory, both as the `postgres`
user when we are root (PostgreSQL refuses to run as root). Durability settings are off:
the cluster is thrown away with the test session.

No postgres process outlives the run: `stop()` is idempotent and called by the fixture's
finalizer and by `atexit`, and the postmaster is our own child (not daemonised by
`pg_ctl start`) with a parent-death signal, so even a kill -9 of pytest takes it down.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

NOT_FOUND = (
    "no PostgreSQL found (initdb and pg_ctl: looked at $QUINTET_PG_BINDIR, or else"
    " `pg_config --bindir`, /usr/lib/postgresql/*/bin and PATH)"
)
INSTALL_HINT = (
    "install PostgreSQL to run the server tests on the postgresql backend"
    " (Debian/Ubuntu: `apt-get install postgresql`; only the binaries are used, no service),"
    " or set QUINTET_SKIP_POSTGRES=1 to skip those tests"
)
SKIP_ENV = "QUINTET_SKIP_POSTGRES"
BINDIR_ENV = "QUINTET_PG_BINDIR"
# Speed over safety: a test cluster is thrown away, so nothing needs to reach the disk.
_SERVER_SETTINGS = (
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "shared_buffers=16MB",
    "max_connections=60",
    "log_min_messages=warning",
)


class PostgresMissing(RuntimeError):
    """No usable PostgreSQL installation (binaries or, as root, the postgres user)."""


def find_bindir() -> Path | None:
    """The directory holding initdb and pg_ctl, or None when PostgreSQL is not installed.

    QUINTET_PG_BINDIR, when set, is the only place looked at (a custom install).
    """
    if BINDIR_ENV in os.environ:
        given = Path(os.environ[BINDIR_ENV])
        return given if (given / "initdb").is_file() and (given / "pg_ctl").is_file() else None
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.CalledProcessError):
            out = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, check=True, timeout=10
            )
            candidates.append(Path(out.stdout.strip()))
    # Debian installs each major version side by side: prefer the newest.
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(
        (Path(p) for p in versions),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).parent)
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    return None


def free_port() -> int:
    """A loopback TCP port nobody listens on, kept from other processes until we use it.

    A port that was only free when we looked may be taken (by another test run's server,
    or as the local port of any outgoing connection) before our server binds it. So the
    port is left in TIME_WAIT: one connection to it, closed from its listening side
    first. For a minute the kernel then hands it to no one who asks for any free port,
    while a server that binds it by number with SO_REUSEADDR (uvicorn and PostgreSQL
    both do) gets it at once.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        port: int = listener.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port)) as client:
            accepted, _ = listener.accept()
            accepted.close()  # this side closes first: it is the one in TIME_WAIT
            client.recv(1)  # the close reached the client before it closes too
    return port


def backend_url(request: Any, folder: Path) -> str:
    """A fresh database on the backend `request.param` names ("sqlite" or "postgresql"):
    an SQLite file in `folder`, or a new database of the session's cluster."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"
    cluster = request.getfixturevalue("pg_cluster")
    url: str = cluster.create_database()
    return url


class PgCluster:
    """One temporary cluster; `url(db)` gives an asyncpg URL for a database in it.

    The postmaster runs as a direct child of the test process (not daemonised by
    pg_ctl), so it is reaped by us and dies with us even on kill -9.
    """

    #: `-c` settings of the server (a subclass may want durability, e.g. a benchmark).
    server_settings: tuple[str, ...] = _SERVER_SETTINGS

    def __init__(self, bindir: Path, root: Path, port: int, user: pwd.struct_passwd | None):
        self.bindir = bindir
        self.root = root
        self.data = root / "data"
        self.log = root / "postgres.log"
        self.port = port
        self.user = user
        self._postmaster: subprocess.Popen[bytes] | None = None
        self._databases = 0

    @classmethod
    def start(cls) -> PgCluster:
        """initdb, then the server; raises `PostgresMissing`, or `RuntimeError` with the log."""
        bindir = find_bindir()
        if bindir is None:
            raise PostgresMissing(NOT_FOUND)
        user: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresMissing(
                    "running as root, PostgreSQL must run as another user, and there is no"
                    " `postgres` user (the Debian package creates it)"
                ) from None
        root = Path(tempfile.mkdtemp(prefix="quintet-pg-"))
        if user is not None:
            os.chown(root, user.pw_uid, user.pw_gid)
        cluster = cls(bindir, root, free_port(), user)
        atexit.register(cluster.stop)
        try:
            cluster._initdb()
            cluster._start_server()
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def _spawn(self, args: list[str], *, die_with_parent: bool = False) -> dict[str, Any]:
        """Popen arguments running `args` as the postgres user when we are root.

        With util-linux `setpriv` (Debian has it) the command switches user itself and,
        with `die_with_parent`, gets SIGQUIT (immediate shutdown) when this process dies,
        however it dies. Without it, Popen switches user and only `stop()`/atexit remain.
        """
        setpriv = shutil.which("setpriv")
        if setpriv:
            wrapper = [setpriv]
            if self.user is not None:
                wrapper += [f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}"]
                wrapper += ["--clear-groups"]
            if die_with_parent:
                wrapper += ["--pdeathsig", "QUIT"]
            return {"args": [*wrapper, "--", *args]}
        if self.user is None:
            return {"args": args}
        return {
            "args": args,
            "user": self.user.pw_uid,
            "group": self.user.pw_gid,
            "extra_groups": [],
        }

    def _env(self) -> dict[str, str]:
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        if self.user is not None:
            env.update(HOME=self.user.pw_dir, USER=self.user.pw_name, LOGNAME=self.user.pw_name)
        return env

    def _run(self, *args: str, timeout: float = 60) -> None:
        done = subprocess.run(
            **self._spawn(list(args)),
            capture_output=True,
            text=True,
            env=self._env(),
            cwd=self.root,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}{done.stderr}"
                f"{self._log_tail()}"
            )

    def _log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""

    def _initdb(self) -> None:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )

    def _start_server(self) -> None:
        args = [str(self.bindir / "postgres"), "-D", str(self.data), "-k", str(self.root)]
        args += ["-c", "listen_addresses=127.0.0.1", "-p", str(self.port)]
        for setting in self.server_settings:
            args += ["-c", setting]
        with self.log.open("ab") as log:
            self._postmaster = subprocess.Popen(
                **self._spawn(args, die_with_parent=True),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self._env(),
                cwd=self.root,
            )
        ready = [str(self.bindir / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)]
        deadline = time.monotonic() + 60
        while subprocess.run(ready, check=False, timeout=30).returncode != 0:
            if self._postmaster.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start:\n{self._log_tail()}")
            time.sleep(0.05)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """A fresh empty database (named `test_<n>` unless given); returns its URL."""
        if name is None:
            self._databases += 1
            name = f"test_{self._databases}"
        # FILE_COPY is the fast strategy when nothing is fsynced anyway.
        self._run(
            str(self.bindir / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "-S",
            "FILE_COPY",
            name,
        )
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (immediate mode: nothing to keep) and delete the directory.

        Idempotent; waits for the postmaster, whose backends exit with it.
        """
        self.stop_server()
        shutil.rmtree(self.root, ignore_errors=True)

    def stop_server(self) -> None:
        """Stop the server at once, as `pg_ctl stop -m immediate` does (SIGQUIT): every
        client is cut off, nothing is shut down cleanly; what was committed stays (the
        next `start_server` recovers it from the WAL). Idempotent."""
        postmaster, self._postmaster = self._postmaster, None
        if postmaster is not None:
            if postmaster.poll() is None:
                postmaster.send_signal(signal.SIGQUIT)
            try:
                postmaster.wait(timeout=30)
            except subprocess.TimeoutExpired:
                postmaster.kill()
                postmaster.wait()

    def start_server(self) -> None:
        """Start the server again after `stop_server`, on the same port and data."""
        if self._postmaster is None:
            self._start_server()
