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
import shutil
import stat
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger(__name__)

SERVER_USER = "postgres"


_SPECIAL = frozenset('"$`\\\',')
"""What a cluster's folder's name may not hold: ``pg_ctl`` passes its paths to a shell in double
quotes, and a comma would split ``unix_socket_directories`` (a socket outside the folder)."""
_WRITER = ('if [ -n "$2" ] && grep -qF -- "$2" "$1" 2>/dev/null; then exit 0; fi; '
           'if [ -n "$2" ]; then { cat -- "$1"; cat; } > "$1.new"; else cat > "$1.new"; fi && mv -f -- "$1.new" "$1"')
"""Run as the server's user by :meth:`LocalPostgres._write`."""
SYSTEM_FOLDERS = tuple(Path(name) for name in ("/proc", "/sys", "/dev", "/run", "/boot", "/etc", "/usr", "/bin",
                                               "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/var/run", "/var/lock"))
"""Folders of the system a cluster never goes in (nor anywhere under them)."""


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
        self.adopted = False
        """It was running, started by someone else, when :meth:`start` found it."""

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
        if done.returncode < 0:  # stopped by a signal (Ctrl+C reaches the whole terminal's group): no words
            raise RuntimeError(f"{program} was stopped by signal {-done.returncode}")
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip()[-1500:]
            raise RuntimeError(f"{program} failed ({done.returncode}): {tail}")

    def _own(self) -> None:
        """The folder exists and belongs to the server's user, for it alone. Taken: a new folder
        (made, the server user's, mode 700), an empty one of one's own when not run as root, or
        one already holding a cluster that belongs to the server's user; the folders above it may
        be changed by no other user. Anything else is refused before anything is changed."""
        folder = self.folder
        if any(char in _SPECIAL or not char.isprintable() for char in str(folder)):
            raise PostgresMissing(f"{str(folder)!r} holds a character the server's programs cannot take in a folder's "
                                  "name (\" $ ` \\ ' , or a control character): choose another folder")
        if (folder == Path(folder.anchor) or folder == Path.home() or len(folder.parts) < 3
                or any(folder.is_relative_to(system) for system in SYSTEM_FOLDERS)):
            raise PostgresMissing(f"{folder} is not a folder for a cluster: give a new folder, such as /var/lib/muggins/pg")
        socket = folder / f".s.PGSQL.{self.port}"
        if len(os.fsencode(socket)) > 100:  # a Unix socket's address holds about 107 bytes
            raise PostgresMissing(f"{folder} is too long a path for the server's socket: choose a shorter one")
        if folder.exists() and not folder.is_dir():
            raise PostgresMissing(f"{folder} is a file, not a folder")
        server = self._server_user()
        self._check_above(server)
        new = not folder.exists()
        if not new and not any(folder.iterdir()):
            self._check_empty_folder(server)
        elif not new:
            if not self.made:
                raise PostgresMissing(f"{folder} already holds files and no cluster: give a new folder")
            self._check_cluster_owner(server)
        if new or not any(folder.iterdir()):
            folder.mkdir(parents=True, exist_ok=True)
            os.chmod(folder, 0o700)
            if server is not None:
                os.chown(folder, server.pw_uid, server.pw_gid)

    def _check_above(self, server: pwd.struct_passwd | None) -> None:
        """Every folder above the cluster's may be changed only by root or oneself (or, when its
        sticky bit is set as on ``/tmp``, holds others' files without letting them move ours),
        and the server's user passes through each."""
        for parent in self.folder.parents:
            if not parent.exists():
                continue
            info = os.stat(parent)
            shared = info.st_mode & stat.S_IWOTH or (info.st_mode & stat.S_IWGRP and info.st_gid != 0)
            if info.st_uid not in (0, os.geteuid()) or (shared and not info.st_mode & stat.S_ISVTX):
                raise PostgresMissing(f"{parent}, above {self.folder}, may be changed by another user: "
                                      "give a folder under one only you may change (such as /srv or /var/lib)")
            if server is not None and not info.st_mode & 0o001:
                raise PostgresMissing(f"the user {SERVER_USER!r} cannot pass through {parent} to reach {self.folder}: "
                                      "choose a folder under one everybody may pass through (such as /srv or /var/lib)")

    def _check_cluster_owner(self, server: pwd.struct_passwd | None) -> None:
        """A folder holding a cluster is used only when it and its data are the server user's."""
        owner = server.pw_uid if server is not None else os.geteuid()
        for path in (self.folder, self.data):
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode) or info.st_uid != owner:
                raise PostgresMissing(f"the cluster in {self.folder} belongs to another user ({path} is not "
                                      f"{SERVER_USER if server else 'yours'}): give a new folder")

    def _check_empty_folder(self, server: pwd.struct_passwd | None) -> None:
        """An existing empty folder is taken only when not run as root (root makes a new one: an
        empty folder of the system's, such as ``/var/lib/dpkg/updates``, would be handed to the
        server's user), and only when it is one's own, shared with nobody, and no home folder."""
        folder = self.folder
        info = os.stat(folder)
        homes = {Path(user.pw_dir) for user in pwd.getpwall() if user.pw_dir not in ("", "/")}
        if server is not None or os.geteuid() == 0:
            why = "it exists: started as root, muggins serve makes a new folder for the cluster"
        elif info.st_mode & (stat.S_IWOTH | stat.S_IWGRP | stat.S_ISVTX):
            why = "other users may write in it"
        elif info.st_uid != os.geteuid():
            why = "it belongs to another user"
        elif folder in homes:
            why = "it is a user's home folder"
        elif folder.parent == Path("/var"):
            why = "it is one of the system's own folders"
        else:
            return
        raise PostgresMissing(f"{folder} is not a folder for a cluster ({why}): give a new folder, "
                              "such as /var/lib/muggins/pg")

    def _write(self, path: Path, text: str, *, unless: str = "") -> None:
        """Write ``text`` to ``path`` in the cluster's folder as the server's user, never as root
        (that user may have put a link there: what it cannot write itself stays untouched), as a
        new file put in its place; with ``unless``, add ``text`` at the end of the file unless it
        holds that line already."""
        done = subprocess.run(["/bin/sh", "-c", _WRITER, "sh", str(path), unless], input=text, capture_output=True,
                              cwd=self.folder,
                              text=True, timeout=30, check=False, **self._as_server())  # type: ignore[call-overload]
        if done.returncode != 0:
            raise PostgresMissing(f"cannot write {path}: {done.stderr.strip()[-300:]}")

    # ----- the cluster ---------------------------------------------------------------------
    @property
    def made(self) -> bool:
        return (self.data / "PG_VERSION").is_file()

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").is_file()

    def start(self, timeout: float = 60) -> LocalPostgres:
        """Make the cluster if the folder holds none, write its settings (:meth:`_write_settings`),
        then start it and wait until it takes connections. A cluster found running is used as it
        is: :attr:`adopted` when someone started it by hand (``muggins serve`` then leaves it
        running), taken over when the process that started it is gone (a killed ``muggins
        serve``), refused when that process still runs. Raises :class:`PostgresMissing`
        or ``RuntimeError`` (with the server's words)."""
        self._own()
        if not self.made:
            self._run("initdb", ["-D", str(self.data), "--username", SERVER_USER, "--auth", "trust",
                                 "--encoding", "UTF8", "--locale", "C", *([] if self.durable else ["--no-sync"])])
            log.info("PostgreSQL cluster made in %s", self.data)
        if self.running and self.answers():
            return self._adopt()
        self._write_settings()
        try:
            self._run("pg_ctl", ["-D", str(self.data), "-l", str(self.log_file), "-w", "-t", str(round(timeout)), "start"],
                      timeout=timeout + 10)
        except RuntimeError as err:
            raise RuntimeError(f"{err}\nthe server's log, {self.log_file}, ends:\n{_tail(self.log_file)}") from None
        self.adopted = False
        self._write(self._owner_file, f"{os.getpid()}\n")
        return self

    @property
    def _owner_file(self) -> Path:
        """The process that started the running cluster (removed when it stops it)."""
        return self.folder / "started-by.pid"

    def _adopt(self) -> LocalPostgres:
        """A cluster already running in the folder (see :meth:`start`)."""
        try:
            owner = int(self._owner_file.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            owner = None
        if owner is not None and owner != os.getpid() and process_alive(owner):
            raise RuntimeError(f"the PostgreSQL cluster in {self.folder} is used by another process ({owner}), "
                               "perhaps another muggins serve: stop it first, or give another folder")
        self.adopted = owner is None  # started by hand: left running when this server stops
        if not self.adopted:
            self._write(self._owner_file, f"{os.getpid()}\n")
        import psycopg  # loaded only here: the deploy tools' other parts need no driver

        try:
            self.wait_ready(timeout=5)
        except psycopg.Error as err:
            raise RuntimeError(f"the PostgreSQL cluster in {self.folder} runs but takes no connections on its socket "
                               f"there ({str(err).strip()}); was it started with other settings? Stop it "
                               f"(pg_ctl -D {self.data} stop) and start again") from None
        log.info("PostgreSQL cluster in %s already running: %s", self.data,
                 "started by hand, used as it is and left running" if self.adopted
                 else "left by a process that is gone, taken over")
        return self

    def _write_settings(self) -> None:
        """Put this cluster's settings in ``data/muggins.conf``, included by ``postgresql.conf``:
        its socket in the folder only, its port, no network unless ``host``, 200 connections —
        so a start by hand (``pg_ctl -D DATA start``) runs it as ``muggins serve`` does."""
        def quoted(text: str) -> str:
            return "'" + text.replace("'", "''") + "'"
        lines = ["# Written by Muggins Tutor at each start of this cluster; edit postgresql.conf for your own settings.",
                 f"unix_socket_directories = {quoted(str(self.folder))}", f"port = {self.port}",
                 f"listen_addresses = {quoted(self.host)}", "max_connections = 200"]
        if not self.durable:
            lines += ["fsync = off", "synchronous_commit = off", "full_page_writes = off"]
        lines += [setting.replace("=", " = ", 1) for setting in self.settings]
        self._write(self.data / "muggins.conf", "\n".join(lines) + "\n")
        include = "include_if_exists = 'muggins.conf'"
        self._write(self.data / "postgresql.conf", f"\n# Muggins Tutor's settings (socket, port, connections)\n{include}\n",
                    unless=include)

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
        self._owner_file.unlink(missing_ok=True)

    def url(self, database: str = "muggins", *, schema: str | None = None) -> str:
        """The address of ``database`` on this cluster (its socket), for ``MUGGINS_DATABASE_URL``;
        with ``schema``, its tables go in that schema (tests give each its own)."""
        query = f"host={quote(str(self.folder))}&port={self.port}&user={SERVER_USER}"
        if schema:
            query += "&options=" + quote(f"-c search_path={schema}")
        return f"postgresql:///{database}?{query}"

    def create_database(self, name: str = "muggins", *, schema: str | None = None) -> str:
        """Create database ``name`` (and ``schema`` in it) unless there; its :meth:`url`.
        ``RuntimeError`` when the cluster cannot be reached."""
        import psycopg

        try:
            with psycopg.connect(self.url("postgres"), autocommit=True, connect_timeout=10) as conn:
                if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
                    conn.execute(f'CREATE DATABASE "{name}"')
            if schema:
                with psycopg.connect(self.url(name), autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        except psycopg.Error as err:
            raise RuntimeError(f"cannot use the PostgreSQL cluster in {self.folder}: {str(err).strip()}") from None
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


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _tail(path: Path, size: int = 1500) -> str:
    try:
        return path.read_bytes()[-size:].decode(errors="replace").strip()
    except OSError:
        return "(none)"
