"""A PostgreSQL server of its own, for the tests and the benchmarks of tables in PostgreSQL:
Debian's binaries (``/usr/lib/postgresql/N/bin``, the ``postgresql`` package: ``make
pg-deps``), a data folder made by ``initdb`` in a temporary folder (as the ``postgres`` user
when run as root, which PostgreSQL refuses to run as; as oneself otherwise), listening on a
free port of 127.0.0.1 only, stopped at the end by its PID.

``running_postgres()`` yields a ``Postgres``: ``database()`` makes a new empty database and
gives its address (``postgresql://ttr@127.0.0.1:PORT/NAME``), ``restart()`` restarts the server
(``pg_ctl restart``), ``stop()``/``start()`` take it away and back.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ttr_widgets.server.ports import find_free_port

__all__ = ["Postgres", "PostgresMissing", "postgres_bin", "running_postgres"]

USER = "ttr"  #: the database's own superuser (trust on 127.0.0.1: a throwaway server)
SERVICE_USER = "postgres"  #: who runs the server when we are root


class PostgresMissing(RuntimeError):
    """PostgreSQL's server programs are not on this machine."""


def postgres_bin() -> Path:
    """The newest of Debian's PostgreSQL ``bin`` folders; ``PostgresMissing`` saying how to
    install it when there is none."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name))
    if not found:
        raise PostgresMissing("PostgreSQL's server is not installed (no /usr/lib/postgresql/*/"
                              "bin/initdb): run make pg-deps (as root: apt-get install "
                              "postgresql)")
    return Path(found[-1]).parent


@dataclass
class Postgres:
    """A running throwaway PostgreSQL (see the module docstring)."""

    bin: Path
    data: Path
    port: int
    fsync: bool = True
    made: int = field(default=0)

    @property
    def url(self) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"

    @property
    def pid(self) -> int | None:
        """The server's PID (from its ``postmaster.pid``), None when it is not running."""
        try:
            pid = int((self.data / "postmaster.pid").read_text().split()[0])
            os.kill(pid, 0)
        except (OSError, ValueError, IndexError):
            return None
        return pid

    def database(self) -> str:
        """A new empty database's address."""
        import psycopg

        self.made += 1
        name = f"ttr_{os.getpid()}_{self.made}"
        with psycopg.connect(self.url, autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{name}"

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1"
                   f" -c fsync={'on' if self.fsync else 'off'} -c max_connections=200")
        self._ctl("start", "-w", "-t", "60", "-o", options, "-l", str(self.data / "log"))

    def restart(self) -> None:
        """Restart the server (every connection is dropped), back when this returns."""
        self._ctl("restart", "-w", "-t", "60", "-m", "fast", "-l", str(self.data / "log"))

    def stop(self) -> None:
        """Stop the server by its PID (a fast shutdown, then SIGKILL after 30 s)."""
        pid = self.pid
        if pid is None:
            return
        os.kill(pid, signal.SIGINT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except OSError:
                return
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)

    def log_tail(self) -> str:
        try:
            return (self.data / "log").read_text()[-2000:]
        except OSError:
            return ""

    def _ctl(self, *args: str) -> None:
        # its output to a file, never a pipe: the server it starts would hold the pipe open
        said = self.data.parent / "pg_ctl.out"
        with said.open("wb") as out:
            done = subprocess.run(_as_owner([str(self.bin / "pg_ctl"), "-D", str(self.data),
                                             *args]), stdout=out, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"pg_ctl {args[0]} failed ({said.read_text().strip()}); the "
                               f"server's log:\n{self.log_tail()}")


def _as_owner(command: list[str]) -> list[str]:
    """``command`` as the user who owns the server: ``postgres`` when we are root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", SERVICE_USER, "--", *command]
    return command


@contextmanager
def running_postgres(*, fsync: bool = True) -> Iterator[Postgres]:
    """A new PostgreSQL in a temporary folder on a free port, stopped and removed at the end
    (``fsync=False``: faster, for tests, where a crash of the machine loses nothing)."""
    bin_dir = postgres_bin()
    folder = Path(tempfile.mkdtemp(prefix="ttr-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        owner = pwd.getpwnam(SERVICE_USER)
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    server = Postgres(bin_dir, data, find_free_port(), fsync)
    try:
        done = subprocess.run(_as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", USER,
                                         "--auth=trust", "-E", "UTF8", "--no-sync"]),
                              capture_output=True, text=True, timeout=180)
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr.strip()}")
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
