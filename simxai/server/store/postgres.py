"""Sessions in PostgreSQL, shared by any number of SimXAI replicas (asyncpg, one connection pool per replica).

Turns of one session are serialised across replicas by a PostgreSQL advisory lock on the session, held for the
whole turn (`PostgresStore.lock`): a turn that arrives while another replica runs a turn of the same session
waits for it, then reads the history that turn stored. The lock is a session-level advisory lock, not a row
lock (`SELECT ... FOR UPDATE`), so no transaction stays open while the LLM thinks (an open transaction would
hold back vacuum for the whole database); and it belongs to a connection, so a replica that dies (even by
SIGKILL) releases it as soon as PostgreSQL sees the connection close. All of a replica's locks live on one
connection of their own (`pglocks.AdvisoryLocks`), so a running turn holds no pooled connection: the pool
serves only the turn's short reads and its write, and a replica can run many more turns at once than its pool
has connections. The version check of `append_turn` stays as the last guard: a write that did not hold the
lock can never interleave, and a turn whose lock was lost with its connection stores nothing.

Within one replica an `asyncio.Lock` per session comes first, so concurrent requests for one session wait
in the replica rather than polling PostgreSQL.

Failures are typed for the HTTP layer: a database that cannot be reached (down, restarting, refusing
connections) is `StoreUnavailableError` (503), a lock waited for longer than `lock_wait` is
`StoreConflictError` (409). Every write is one transaction, so a failure leaves nothing half-written.

The schema's version is the row of `simxai_schema`; `MIGRATIONS[i]` takes a database from version i to i + 1,
under a transaction-level advisory lock so replicas that start together migrate once.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

import asyncpg

from simxai.exceptions import StoreConflictError, StoreUnavailableError
from simxai.messages import Message
from simxai.server.store.base import (
    CACHED_CHARS,
    MESSAGES,
    AppendOutcome,
    ContextCache,
    SessionRecord,
    SessionStore,
    StoredTurn,
    newer_schema,
)
from simxai.server.store.pglocks import AdvisoryLocks
from simxai.server.store.shared import (
    SessionLocks,
    context_from_rows,
    context_messages,
    new_session,
    session_from_row,
    turns_from_rows,
)
from simxai.state import DialogueState

__all__ = ["SCHEMA_VERSION", "PostgresStore"]

#: The statements that take a database from schema version i to i + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """
CREATE TABLE simxai_sessions (
    id text PRIMARY KEY,
    owner text,
    created_at double precision NOT NULL,
    updated_at double precision NOT NULL,
    version integer NOT NULL DEFAULT 0,
    state text NOT NULL
)""",
        """
CREATE TABLE simxai_turns (
    session_id text NOT NULL REFERENCES simxai_sessions (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    created_at double precision NOT NULL,
    n_messages integer NOT NULL,
    messages text NOT NULL,
    response text NOT NULL,
    PRIMARY KEY (session_id, seq)
)""",
    ),
)

SCHEMA_VERSION = len(MIGRATIONS)

#: The advisory-lock key that serialises migrations (the two-int form, so it cannot meet a session's key).
_MIGRATION_LOCK = (0x51A4, 18)

#: Seconds to open one connection, and to wait for a free one of the pool.
CONNECT_TIMEOUT = 5.0
ACQUIRE_TIMEOUT = 30.0

T = TypeVar("T")

#: What a pooled connection that PostgreSQL closed while it sat idle raises on first use.
_STALE = (asyncpg.exceptions.ConnectionDoesNotExistError, asyncpg.exceptions.AdminShutdownError)

#: A turn stored in one statement (one round trip, one implicit transaction): the session's version moves from
#: $4 to $4 + 1 only if it still is $4, the turn is inserted only if it did, and the oldest turns beyond $8
#: messages are deleted (the new turn always stays: the sizes summed are the new turn's plus every older one's,
#: newest first, as `keep_from` does). The statement's own snapshot does not see the turn it inserts, hence $5.
_APPEND = """
WITH bumped AS (
    UPDATE simxai_sessions SET version = version + 1, updated_at = $1::double precision, state = $2::text
    WHERE id = $3::text AND version = $4::integer
    RETURNING id
), added AS (
    INSERT INTO simxai_turns (session_id, seq, created_at, n_messages, messages, response)
    SELECT id, $4::integer + 1, $1::double precision, $5::integer, $6::text, $7::text FROM bumped
    RETURNING seq
), dropped AS (
    DELETE FROM simxai_turns
    WHERE session_id = $3::text AND EXISTS (SELECT 1 FROM bumped) AND seq <= (
        SELECT max(seq) FROM (
            SELECT seq, $5::integer + sum(n_messages) OVER (ORDER BY seq DESC) AS kept
            FROM simxai_turns WHERE session_id = $3::text
        ) AS sized
        WHERE kept > $8::integer
    )
    RETURNING seq
)
SELECT
    (SELECT count(*) FROM added) = 1 AS stored,
    EXISTS (SELECT 1 FROM simxai_sessions WHERE id = $3::text) AS present,
    (SELECT max(seq) FROM dropped) AS cutoff
"""


async def _keep_state(connection: Any) -> None:
    """The pool's reset on release: nothing beyond asyncpg's own rollback of an open transaction.

    asyncpg's default reset costs a round trip per release (RESET ALL, UNLISTEN, unlock-all): these connections
    set no session state, and the one lock they take is released explicitly or the connection is closed.
    """


#: The session lock this task holds: (store, session id, the lock's epoch).
_HELD: contextvars.ContextVar[tuple[PostgresStore, str, int] | None] = contextvars.ContextVar(
    "simxai_held_session", default=None
)


def redact(url: str) -> str:
    """The URL without its password, for logs."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


@contextlib.contextmanager
def translated(where: str) -> Any:
    """Raise the driver's failures as the store's typed errors."""
    try:
        yield
    except asyncpg.exceptions.LockNotAvailableError as exc:
        raise StoreConflictError(
            "another turn of this session is still running on another replica; send the message again later"
        ) from exc
    except (
        OSError,
        asyncio.TimeoutError,
        asyncpg.exceptions.PostgresConnectionError,
        asyncpg.exceptions.InterfaceError,
        asyncpg.exceptions.CannotConnectNowError,
        asyncpg.exceptions.AdminShutdownError,
        asyncpg.exceptions.CrashShutdownError,
        asyncpg.exceptions.InsufficientResourcesError,
        # What a connection raises when PostgreSQL's "terminating connection" arrived before the socket closed
        # ("cannot switch to state ...; another operation is in progress"): it is broken, and is replaced.
        asyncpg.exceptions.InternalClientError,
    ) as exc:
        raise StoreUnavailableError(f"the session database {where} cannot be reached ({_reason(exc)})") from exc


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class PostgresStore(SessionStore):
    """Sessions in a PostgreSQL database that many replicas share.

    Args:
        url: ``postgresql://user:password@host:port/database``.
        max_history_messages: the most context messages kept per session; older turns are dropped whole.
        pool_size: the most pooled connections this replica opens (one more holds its session locks).
        lock_wait: the longest a turn waits (seconds) for another turn of its session before
            `StoreConflictError`.
    """

    def __init__(
        self, url: str, *, max_history_messages: int = 200, pool_size: int = 20, lock_wait: float = 120.0
    ) -> None:
        self.url = url
        self.description = redact(url)
        self.max_history_messages = max_history_messages
        self.pool_size = pool_size
        self.lock_wait = lock_wait
        self._pool: Any = None
        self._cache = ContextCache(CACHED_CHARS)
        self._locks = SessionLocks()
        self._advisory = AdvisoryLocks(self._connect_for_locks)

    # ---- lifecycle ------------------------------------------------------------------------------

    async def open(self) -> None:
        """Open the connection pool and the lock connection, and create or migrate the schema."""
        with translated(self.description):
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=1,
                max_size=self.pool_size,
                timeout=CONNECT_TIMEOUT,
                reset=_keep_state,
                # Bounds any row-lock wait of the pool's statements (then LockNotAvailableError: a 409).
                server_settings={"application_name": "simxai", "lock_timeout": str(int(self.lock_wait * 1000))},
            )
            try:
                await self._migrate()
            except BaseException:
                await self._pool.close()
                self._pool = None
                raise

    async def _connect_for_locks(self) -> Any:
        return await asyncpg.connect(
            self.url, timeout=CONNECT_TIMEOUT, server_settings={"application_name": "simxai-locks"}
        )

    async def _migrate(self) -> None:
        async with self._pool.acquire(timeout=ACQUIRE_TIMEOUT) as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1, $2)", *_MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS simxai_schema (version integer NOT NULL)")
            found = await db.fetchval("SELECT max(version) FROM simxai_schema")
            found = 0 if found is None else int(found)
            if found > SCHEMA_VERSION:
                raise newer_schema(self.description, found, SCHEMA_VERSION)
            for version in range(found, SCHEMA_VERSION):
                for statement in MIGRATIONS[version]:
                    await db.execute(statement)
            if found != SCHEMA_VERSION:
                await db.execute("DELETE FROM simxai_schema")
                await db.execute("INSERT INTO simxai_schema (version) VALUES ($1)", SCHEMA_VERSION)

    async def close(self) -> None:
        """Close the lock connection and the pool (terminating the pool when closing hangs)."""
        await self._advisory.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            try:
                await asyncio.wait_for(pool.close(), 10)
            except (asyncio.TimeoutError, OSError):
                pool.terminate()

    async def ping(self) -> bool:
        """Whether the database answers SELECT 1 within the connect timeout."""
        try:
            with translated(self.description):
                await asyncio.wait_for(self._run(lambda db: db.fetchval("SELECT 1")), CONNECT_TIMEOUT)
        except StoreUnavailableError:
            return False
        return True

    @property
    def _db(self) -> Any:
        if self._pool is None:
            raise RuntimeError("the session store is not open")
        return self._pool

    async def _run(self, op: Callable[[Any], Awaitable[T]], retry: bool = True) -> T:
        """Run `op` on a connection of the pool.

        A pooled connection that PostgreSQL closed while it sat idle (a restart) fails on first use: `op` then
        runs once more on a fresh connection when `retry` says it is idempotent.
        """
        with translated(self.description):
            for attempt in (0, 1):
                db = await self._db.acquire(timeout=ACQUIRE_TIMEOUT)
                try:
                    return await op(db)
                except _STALE:
                    # The server restarted: every connection opened before is suspect; they are replaced.
                    await self._db.expire_connections()
                    if not retry or attempt:
                        raise
                finally:
                    await self._release(db)
        raise AssertionError("unreachable")

    async def _release(self, db: Any) -> None:
        """Give a connection back to the pool; one that is broken is closed instead.

        Never raises (a failure here must not hide the turn's own outcome): a connection the pool cannot reset
        is terminated by the pool, and the pool opens a new one when it needs it.
        """
        with contextlib.suppress(Exception):
            await self._db.release(db)

    # ---- sessions -------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def lock(self, session_id: str) -> AsyncIterator[None]:
        """Hold the session across replicas: this replica's lock, then the session's advisory lock."""
        local = self._locks.get(session_id)
        # Unbounded, as with SQLite: the holder's own wait for the advisory lock is bounded.
        async with local:
            with translated(self.description):
                epoch = await self._advisory.acquire(session_id, self.lock_wait)
            token = _HELD.set((self, session_id, epoch))
            try:
                yield
            finally:
                _HELD.reset(token)
                await self._advisory.release(session_id, epoch)

    async def create(self, owner: str | None) -> SessionRecord:
        """Create an empty session owned by `owner` (an API-key fingerprint, or None without keys)."""
        record = new_session(owner)
        # ON CONFLICT DO NOTHING makes a retry after a lost connection harmless (the id is new each call).
        await self._run(
            lambda db: db.execute(
                "INSERT INTO simxai_sessions (id, owner, created_at, updated_at, version, state) "
                "VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (id) DO NOTHING",
                record.id,
                owner,
                record.created_at,
                record.updated_at,
                record.state.model_dump_json(),
            )
        )
        return record

    async def get(self, session_id: str) -> SessionRecord | None:
        """The session, or None when there is none with this id."""
        return await self._run(lambda db: self._get(db, session_id))

    @staticmethod
    async def _get(db: Any, session_id: str) -> SessionRecord | None:
        row = await db.fetchrow(
            "SELECT id, owner, created_at, updated_at, version, state FROM simxai_sessions WHERE id = $1",
            session_id,
        )
        return None if row is None else session_from_row(row)

    async def turns(self, session_id: str) -> list[StoredTurn]:
        """The session's kept turns, oldest first."""
        rows = await self._run(
            lambda db: db.fetch(
                "SELECT seq, created_at, response, messages FROM simxai_turns WHERE session_id = $1 ORDER BY seq",
                session_id,
            )
        )
        return turns_from_rows(rows)

    async def load(self, session_id: str) -> tuple[SessionRecord, list[Message]] | None:
        """The session and the messages of its kept turns, read from the cache when its version is cached."""
        return await self._run(lambda db: self._load(db, session_id))

    async def _load(self, db: Any, session_id: str) -> tuple[SessionRecord, list[Message]] | None:
        record = await self._get(db, session_id)
        if record is None:
            self._cache.pop(session_id)
            return None
        turns = self._cache.get(session_id, record.version)
        if turns is None:
            rows = await db.fetch(
                "SELECT seq, messages FROM simxai_turns WHERE session_id = $1 ORDER BY seq", session_id
            )
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
        """Store a turn and the new state atomically if the session is still at `version`."""
        messages = list(messages)
        try:
            # Not retried: the version check would refuse a second attempt once the first had committed.
            self._check_lock(session_id)
            outcome = await self._run(
                lambda db: self._append(db, session_id, version, messages, response, state), retry=False
            )
        except BaseException:
            self._cache.pop(session_id)
            raise
        if isinstance(outcome, str):
            return outcome
        self._cache.appended(session_id, version, outcome, messages)
        return "ok"

    async def _append(
        self, db: Any, session_id: str, version: int, messages: list[Message], response: str, state: DialogueState
    ) -> AppendOutcome | int:
        """Store the turn in one statement; the last dropped turn number, or the outcome when not stored."""
        row = await db.fetchrow(
            _APPEND,
            time.time(),
            state.model_dump_json(),
            session_id,
            version,
            len(messages),
            MESSAGES.dump_json(messages).decode(),
            response,
            self.max_history_messages,
        )
        if not row["stored"]:
            return "conflict" if row["present"] else "missing"
        return int(row["cutoff"] or 0)

    def _check_lock(self, session_id: str) -> None:
        """Refuse to write under a session lock that was lost with its connection (another replica may hold
        the session now); writing without holding the lock is left to the version check.
        """
        held = _HELD.get()
        if held is not None and held[0] is self and held[1] == session_id and not self._advisory.held(held[2]):
            raise StoreUnavailableError(
                f"the session database {self.description} dropped the connection that held this session's lock"
            )

    async def delete(self, session_id: str) -> bool:
        """Delete a session and its turns (which go with it); False when there was none."""
        self._check_lock(session_id)
        self._cache.pop(session_id)
        # The turns go with their session (ON DELETE CASCADE), in the same statement.
        status = await self._run(lambda db: db.execute("DELETE FROM simxai_sessions WHERE id = $1", session_id))
        return bool(status != "DELETE 0")

    async def count(self) -> int:
        """How many sessions are stored."""
        return int(await self._run(lambda db: db.fetchval("SELECT count(*) FROM simxai_sessions")))
