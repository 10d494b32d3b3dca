"""Sessions in SQLite (WAL): each session's dialogue state and its turns, surviving restarts.

A turn is stored as one row holding the messages it added to the LLM context and the response the client
got; the session row holds the dialogue state and a version number (the count of turns). Appending a turn,
updating the state and dropping the oldest turns beyond the history bound happen in one transaction, and
only if the version is still the one the turn started from, so two server processes sharing one file can
never interleave turns of a session. Within a process, turns of a session are also serialised by an
`asyncio.Lock` (see `SqliteStore.lock`), which makes concurrent requests wait rather than conflict.

Every SQLite call runs on one dedicated thread, so the event loop never blocks on disk and the connection
is never shared between threads. That thread also keeps the parsed context of recently active sessions, keyed
by version, so a turn reads one small row instead of re-reading and re-parsing its whole history.

The schema's version is SQLite's `user_version`; `MIGRATIONS[i]` takes a file from version i to i + 1.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from simxai.messages import Message
from simxai.server.store.base import (
    CACHED_CHARS,
    MESSAGES,
    AppendOutcome,
    ContextCache,
    SessionRecord,
    SessionStore,
    StoredTurn,
    keep_from,
    newer_schema,
)
from simxai.server.store.shared import (
    SessionLocks,
    context_from_rows,
    context_messages,
    new_session,
    session_from_row,
    turns_from_rows,
)
from simxai.state import DialogueState

__all__ = ["SCHEMA_VERSION", "SqliteStore"]

T = TypeVar("T")

#: The statements that take a file from schema version i to i + 1 (version 0: a new file, or one written
#: before schemas had versions, whose tables version 1 matches: hence IF NOT EXISTS).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    owner TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL
)""",
        """
CREATE TABLE IF NOT EXISTS turns (
    session_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    created_at REAL NOT NULL,
    n_messages INTEGER NOT NULL,
    messages TEXT NOT NULL,
    response TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID
""",
    ),
)

SCHEMA_VERSION = len(MIGRATIONS)


class SqliteStore(SessionStore):
    """Sessions in one SQLite file.

    Args:
        path: the database file (created with its folder if missing), or ``:memory:``.
        max_history_messages: the most context messages kept per session; older turns are dropped whole.
    """

    def __init__(self, path: str | Path, *, max_history_messages: int = 200) -> None:
        self.path = str(path)
        self.description = self.path if self.path == ":memory:" else str(Path(self.path).expanduser().resolve())
        self.max_history_messages = max_history_messages
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="simxai-sqlite")
        self._connection: sqlite3.Connection | None = None
        # Touched only on the SQLite thread, like the connection.
        self._cache = ContextCache(CACHED_CHARS)
        self._locks = SessionLocks()

    # ---- lifecycle ------------------------------------------------------------------------------

    async def open(self) -> None:
        """Open (and if needed create) the database."""
        await self._run(self._open)

    async def close(self) -> None:
        """Close the database and its thread."""
        if self._connection is not None:
            await self._run(self._close)
        self._executor.shutdown(wait=True)

    def _open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode: transactions are explicit (BEGIN IMMEDIATE) where several statements must agree.
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA busy_timeout = 5000")
        if self.path != ":memory:":
            connection.execute("PRAGMA journal_mode = WAL")
            # With WAL, NORMAL loses no committed turn when the process dies; only an OS crash or power loss
            # may drop the last few, which is the usual trade for not syncing the disk on every turn.
            connection.execute("PRAGMA synchronous = NORMAL")
        try:
            _migrate(connection, self.path)
        except BaseException:
            connection.close()
            raise
        self._connection = connection

    def _close(self) -> None:
        assert self._connection is not None
        self._connection.close()
        self._connection = None

    async def _run(self, func: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, func, *args)

    @property
    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            raise RuntimeError("the session store is not open")
        return self._connection

    # ---- sessions -------------------------------------------------------------------------------

    def lock(self, session_id: str) -> asyncio.Lock:
        """The lock that serialises the turns of one session in this process."""
        return self._locks.get(session_id)

    async def create(self, owner: str | None) -> SessionRecord:
        """Create an empty session owned by `owner` (an API-key fingerprint, or None without keys)."""
        record = new_session(owner)
        await self._run(
            self._execute,
            "INSERT INTO sessions (id, owner, created_at, updated_at, version, state) VALUES (?, ?, ?, ?, 0, ?)",
            (record.id, owner, record.created_at, record.updated_at, record.state.model_dump_json()),
        )
        return record

    def _execute(self, sql: str, parameters: Sequence[Any]) -> int:
        return self._db.execute(sql, parameters).rowcount

    async def get(self, session_id: str) -> SessionRecord | None:
        """The session, or None when there is none with this id."""
        return await self._run(self._get, session_id)

    def _get(self, session_id: str) -> SessionRecord | None:
        row = self._db.execute(
            "SELECT id, owner, created_at, updated_at, version, state FROM sessions WHERE id = ?",
            (session_id,),
        ).fetchone()
        return None if row is None else session_from_row(row)

    async def turns(self, session_id: str) -> list[StoredTurn]:
        """The session's kept turns, oldest first."""
        return await self._run(self._turns, session_id)

    def _turns(self, session_id: str) -> list[StoredTurn]:
        rows = self._db.execute(
            "SELECT seq, created_at, response, messages FROM turns WHERE session_id = ? ORDER BY seq",
            (session_id,),
        ).fetchall()
        return turns_from_rows(rows)

    async def load(self, session_id: str) -> tuple[SessionRecord, list[Message]] | None:
        """The session and the messages of its kept turns (the history the next turn is answered with)."""
        return await self._run(self._load, session_id)

    def _load(self, session_id: str) -> tuple[SessionRecord, list[Message]] | None:
        record = self._get(session_id)
        if record is None:
            self._cache.pop(session_id)
            return None
        turns = self._cache.get(session_id, record.version)
        if turns is None:
            rows = self._db.execute(
                "SELECT seq, messages FROM turns WHERE session_id = ? ORDER BY seq", (session_id,)
            ).fetchall()
            turns = context_from_rows(rows)
            self._cache.put(session_id, record.version, turns)
        return record, context_messages(turns)

    async def append_turn(
        self,
        session_id: str,
        *,
        version: int,
        messages: Sequence[Message],
        response: str,
        state: DialogueState,
    ) -> AppendOutcome:
        """Store a turn (its messages, and the response as JSON) and the new state atomically, if the
        session is still at `version`.

        Returns:
            ``ok``; ``missing`` when the session was deleted meanwhile; ``conflict`` when another turn was
            stored first (only possible with several processes on one file).
        """
        return await self._run(self._append_turn, session_id, version, list(messages), response, state)

    def _append_turn(
        self,
        session_id: str,
        version: int,
        messages: list[Message],
        response: str,
        state: DialogueState,
    ) -> AppendOutcome:
        db = self._db
        now = time.time()
        db.execute("BEGIN IMMEDIATE")
        try:
            updated = db.execute(
                "UPDATE sessions SET version = version + 1, updated_at = ?, state = ? WHERE id = ? AND version = ?",
                (now, state.model_dump_json(), session_id, version),
            ).rowcount
            if updated == 0:
                exists = db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone()
                db.execute("ROLLBACK")
                return "conflict" if exists else "missing"
            db.execute(
                "INSERT INTO turns (session_id, seq, created_at, n_messages, messages, response) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    version + 1,
                    now,
                    len(messages),
                    MESSAGES.dump_json(messages).decode(),
                    response,
                ),
            )
            cutoff = self._drop_old_turns(session_id)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            self._cache.pop(session_id)
            raise
        self._cache.appended(session_id, version, cutoff, messages)
        return "ok"

    def _drop_old_turns(self, session_id: str) -> int:
        """Delete the oldest turns beyond the bound; return the last deleted turn number (0 if none)."""
        rows = self._db.execute(
            "SELECT seq, n_messages FROM turns WHERE session_id = ? ORDER BY seq DESC", (session_id,)
        ).fetchall()
        cutoff = keep_from(rows, self.max_history_messages)
        if cutoff:
            self._db.execute("DELETE FROM turns WHERE session_id = ? AND seq <= ?", (session_id, cutoff))
        return cutoff

    async def delete(self, session_id: str) -> bool:
        """Delete a session and its turns; False when there was none."""
        return await self._run(self._delete, session_id)

    def _delete(self, session_id: str) -> bool:
        self._cache.pop(session_id)
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM turns WHERE session_id = ?", (session_id,))
            deleted = db.execute("DELETE FROM sessions WHERE id = ?", (session_id,)).rowcount
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return deleted > 0

    async def count(self) -> int:
        """How many sessions are stored."""
        return await self._run(lambda: int(self._db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]))


def _migrate(connection: sqlite3.Connection, where: str) -> None:
    """Bring the file's schema to `SCHEMA_VERSION` in one transaction; refuse a newer one."""
    # BEGIN IMMEDIATE makes a second process that opens the file meanwhile wait, then find it migrated.
    connection.execute("BEGIN IMMEDIATE")
    try:
        found = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if found > SCHEMA_VERSION:
            raise newer_schema(where, found, SCHEMA_VERSION)
        for version in range(found, SCHEMA_VERSION):
            for statement in MIGRATIONS[version]:
                connection.execute(statement)
        if found != SCHEMA_VERSION:
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
