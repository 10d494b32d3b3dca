"""A throwaway PostgreSQL server for tests and benchmarks: Debian's binaries, a temporary folder, loopback.

    with TemporaryPostgres() as pg:        # initdb + start on a free 127.0.0.1 port
        url = pg.create_database("t1")     # postgresql://simxai@127.0.0.1:<port>/t1
        pg.restart()                       # stop (fast) and start again on the same port and data

PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user (which Debian's
`postgresql` package creates) and owns its folder. The server trusts loopback connections as the superuser
`simxai`; nothing else can reach it. Its binaries are found in `SIMXAI_PG_BIN`, else the newest
`/usr/lib/postgresql/*/bin`, else on the PATH.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

__all__ = ["PostgresNotInstalled", "TemporaryPostgres", "find_bin"]

#: Seconds initdb, a start or a stop may take.
TIMEOUT = 60.0


class PostgresNotInstalled(RuntimeError):
    """Debian's `postgresql` package (initdb, pg_ctl) is not installed."""


def find_bin() -> Path:
    """The folder of initdb and pg_ctl."""
    candidates = [os.environ.get("SIMXAI_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    on_path = shutil.which("pg_ctl")
    candidates.append(str(Path(on_path).parent) if on_path else "")
    for folder in candidates:
        if folder and (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    raise PostgresNotInstalled(
        "PostgreSQL's initdb and pg_ctl were not found (install Debian's package: apt-get install -y postgresql, "
        "or set SIMXAI_PG_BIN to their folder)"
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TemporaryPostgres:
    """A PostgreSQL server in a temporary folder on a free loopback port, removed on exit.

    Args:
        durable: keep PostgreSQL's default durability (fsync on every commit); off by default for tests, where
            the folder is thrown away anyway. Benchmarks keep it on.
        max_connections: PostgreSQL's connection limit.
    """

    def __init__(self, *, durable: bool = False, max_connections: int = 200) -> None:
        self.bin = find_bin()
        self.durable = durable
        self.max_connections = max_connections
        self.port = _free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="simxai-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "postgres.log"
        self._as_root = os.geteuid() == 0
        self._init()

    # ---- running the binaries ------------------------------------------------------------------------------

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, cwd=self.folder)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stderr.strip()}\n{log}")

    def _init(self) -> None:
        if self._as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "simxai", "--auth=trust", "-E", "UTF8", "--no-instructions")

    def url(self, database: str = "postgres") -> str:
        """The connection URL of `database` on this server, as the superuser."""
        return f"postgresql://simxai@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = [
            f"-p {self.port}",
            "-c listen_addresses=127.0.0.1",
            f"-c unix_socket_directories={self.folder}",
            f"-c max_connections={self.max_connections}",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", str(int(TIMEOUT)),
                  "-o", " ".join(options), "start")  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: roll back open transactions and close every connection)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", str(int(TIMEOUT)), "stop")

    def restart(self, down_seconds: float = 0.0) -> None:
        """Stop, stay down `down_seconds`, and start again on the same port with the same data."""
        self.stop()
        time.sleep(down_seconds)
        self.start()

    def running(self) -> bool:
        """Whether the server's data folder holds a postmaster.pid (it is running)."""
        return (self.data / "postmaster.pid").exists()

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL with psql as the superuser; return its output (unaligned, tuples only)."""
        command = [str(self.bin / "psql"), "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql, self.url(database)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr.strip()}")
        return done.stdout.strip()

    def create_database(self, name: str) -> str:
        """Create a database; return its URL."""
        self.psql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    # ---- lifecycle -----------------------------------------------------------------------------------------

    def __enter__(self) -> TemporaryPostgres:
        try:
            self.start()
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            if self.running():
                self.stop("immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
