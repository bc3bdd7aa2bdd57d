"""A PostgreSQL cluster in a folder of this machine, made and run with the server's own programs
(Debian's ``postgresql`` package: ``initdb``, ``pg_ctl``): for ``muggins serve --postgres DIR``
and for the tests, which run the store against a real server.

The cluster listens on a Unix socket in its folder only (no network port unless ``port`` and
``host`` are given), trusts local connections (only this machine's users reach the socket,
and the folder is its owner's alone) and runs as the user ``postgres`` when started by root
(the server refuses to run as root).
"""

from __future__ import annotations

import glob
import logging
import os
import pwd
import shlex
import shutil
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger(__name__)

SERVER_USER = "postgres"


class PostgresMissing(RuntimeError):
    """No cluster can run here: no PostgreSQL server programs, no ``postgres`` user (as root), or
    a folder that cannot be used (with the reason)."""


def server_programs() -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres``: ``$MUGGINS_PG_BIN``, else
    ``pg_config --bindir``, else the newest ``/usr/lib/postgresql/*/bin``. Raises
    :class:`PostgresMissing`."""
    chosen = os.environ.get("MUGGINS_PG_BIN")
    candidates: list[Path] = [Path(chosen)] if chosen else []
    config = shutil.which("pg_config")
    if config:
        found = subprocess.run([config, "--bindir"], capture_output=True, text=True, check=False).stdout.strip()
        if found:
            candidates.append(Path(found))
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                                           key=lambda p: [int(x) for x in Path(p).parent.name.split(".") if x.isdigit()],
                                           reverse=True)]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise PostgresMissing("no PostgreSQL server programs (initdb, pg_ctl): install Debian's postgresql package")


class LocalPostgres:
    """A cluster in ``folder`` (its data in ``folder/data``, its socket and log beside it).

    ``durable=False`` turns off what protects the data from a power cut (``fsync``,
    synchronous commits): for tests, several times faster, never for a school's data."""

    def __init__(self, folder: str | Path, *, port: int = 5432, host: str = "", durable: bool = True,
                 settings: Sequence[str] = ()):
        self.settings = list(settings)  # more server settings, "name=value" (e.g. a benchmark's statistics)
        self.folder = Path(folder).resolve()
        self.port = port
        self.host = host
        self.durable = durable
        self.data = self.folder / "data"
        self.log_file = self.folder / "postgres.log"

    # ----- running the server's programs ----------------------------------------------------
    @staticmethod
    def _server_user() -> pwd.struct_passwd | None:
        """The user the server runs as when started by root (``None``: as oneself)."""
        if os.geteuid() != 0:
            return None
        try:
            return pwd.getpwnam(SERVER_USER)
        except KeyError:
            raise PostgresMissing("PostgreSQL refuses to run as root, and this machine has no 'postgres' user") from None

    def _as_server(self) -> dict[str, object]:
        """``subprocess`` arguments that run a program as the server's user (``postgres`` for root)."""
        user = self._server_user()
        return {} if user is None else {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}

    def _run(self, program: str, args: Sequence[str], timeout: float = 120) -> None:
        command = [str(server_programs() / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False, cwd=self.folder,
                              **self._as_server())  # type: ignore[call-overload]
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip()[-1500:]
            raise RuntimeError(f"{program} failed ({done.returncode}): {tail}")

    def _own(self) -> None:
        """The folder exists and belongs to the server's user, for it alone. Only a new or empty
        folder is taken (made the server user's, mode 700), or one already holding a cluster;
        a folder holding anything else is refused before anything is changed, as is a folder the
        server's user cannot reach (checked first, as root)."""
        folder = self.folder
        if folder == Path(folder.anchor) or folder == Path.home() or len(folder.parts) < 3:
            raise PostgresMissing(f"{folder} is not a folder for a cluster: give a new or empty folder, "
                                  "such as /var/lib/muggins/pg")
        socket = folder / f".s.PGSQL.{self.port}"
        if len(os.fsencode(socket)) > 100:  # a Unix socket's address holds about 107 bytes
            raise PostgresMissing(f"{folder} is too long a path for the server's socket: choose a shorter one")
        if folder.exists() and not folder.is_dir():
            raise PostgresMissing(f"{folder} is a file, not a folder")
        fresh = not folder.exists() or not any(folder.iterdir())
        if not fresh and not self.made:
            raise PostgresMissing(f"{folder} already holds files and no cluster: give a new or empty folder")
        server = self._server_user()
        if server is not None:
            for parent in folder.parents:  # the server's user must pass through every folder above
                if parent.exists() and not os.stat(parent).st_mode & 0o001:
                    raise PostgresMissing(f"the user {SERVER_USER!r} cannot pass through {parent} to reach {folder}: "
                                          "choose a folder under one everybody may pass through (such as /srv or /var/lib)")
        if fresh:
            folder.mkdir(parents=True, exist_ok=True)
            os.chmod(folder, 0o700)
            if server is not None:
                os.chown(folder, server.pw_uid, server.pw_gid)

    # ----- the cluster ---------------------------------------------------------------------
    @property
    def made(self) -> bool:
        return (self.data / "PG_VERSION").is_file()

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").is_file()

    def start(self, timeout: float = 60) -> LocalPostgres:
        """Make the cluster if the folder holds none, then start it and wait until it takes
        connections. Raises :class:`PostgresMissing` or ``RuntimeError`` (with the server's words)."""
        self._own()
        if not self.made:
            self._run("initdb", ["-D", str(self.data), "--username", SERVER_USER, "--auth", "trust",
                                 "--encoding", "UTF8", "--locale", "C", *([] if self.durable else ["--no-sync"])])
            log.info("PostgreSQL cluster made in %s", self.data)
        settings = [f"-k {shlex.quote(str(self.folder))}", f"-p {self.port}", f"-c listen_addresses='{self.host}'",
                    "-c max_connections=200"]
        if not self.durable:
            settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        settings += [f"-c {setting}" for setting in self.settings]
        if self.running and self.answers():
            log.info("PostgreSQL cluster in %s already running: used as it is", self.data)
            return self
        try:
            self._run("pg_ctl", ["-D", str(self.data), "-l", str(self.log_file), "-o", " ".join(settings),
                                 "-w", "-t", str(round(timeout)), "start"], timeout=timeout + 10)
        except RuntimeError as err:
            raise RuntimeError(f"{err}\nthe server's log, {self.log_file}, ends:\n{_tail(self.log_file)}") from None
        return self

    def answers(self) -> bool:
        """Whether ``pg_ctl status`` finds a server running on this folder's data."""
        try:
            self._run("pg_ctl", ["-D", str(self.data), "status"], timeout=30)
        except RuntimeError:
            return False
        return True

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: sessions are ended; ``immediate``: as a crash would); a
        server already gone (its ``postmaster.pid`` left behind) is no error."""
        if self.running and self.answers():
            self._run("pg_ctl", ["-D", str(self.data), "-m", mode, "-w", "stop"])

    def url(self, database: str = "muggins", *, schema: str | None = None) -> str:
        """The address of ``database`` on this cluster (its socket), for ``MUGGINS_DATABASE_URL``;
        with ``schema``, its tables go in that schema (tests give each its own)."""
        query = f"host={quote(str(self.folder))}&port={self.port}&user={SERVER_USER}"
        if schema:
            query += "&options=" + quote(f"-c search_path={schema}")
        return f"postgresql:///{database}?{query}"

    def create_database(self, name: str = "muggins", *, schema: str | None = None) -> str:
        """Create database ``name`` (and ``schema`` in it) unless there; its :meth:`url`."""
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
                conn.execute(f'CREATE DATABASE "{name}"')
        if schema:
            with psycopg.connect(self.url(name), autocommit=True) as conn:
                conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        return self.url(name, schema=schema)

    def wait_ready(self, timeout: float = 30) -> None:
        """Wait until the server takes connections (after a restart by someone else)."""
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            try:
                with psycopg.connect(self.url("postgres"), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)


def _tail(path: Path, size: int = 1500) -> str:
    try:
        return path.read_bytes()[-size:].decode(errors="replace").strip()
    except OSError:
        return "(none)"
