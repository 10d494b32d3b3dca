"""One replica's session locks: PostgreSQL advisory locks, all held on one dedicated connection.

A turn holds its session's lock for the whole LLM call (seconds). Holding it on one connection of its own
would take a pooled connection per running turn, so a replica could run no more turns at once than its pool
has connections. Instead every lock of the replica lives on one connection, which holds any number of them:
taking one is `pg_try_advisory_lock` (never blocking the shared connection), releasing it is
`pg_advisory_unlock` with a `NOTIFY` on `simxai_unlock`, and a turn that found its session locked by another
replica waits for that notification (or, at the latest, tries again every `POLL_SECONDS`: a replica that died
sends none). The locks belong to the connection, so a replica that dies, even by SIGKILL, releases all of
its locks as soon as PostgreSQL sees the connection close.

If the connection is lost while turns hold locks, the locks are gone: each lock carries the connection's
epoch, and `held` tells a turn whether its lock is still the one it took, so the store refuses to write a turn
whose lock was lost (another replica may hold the session now).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import asyncpg

from simxai.exceptions import StoreConflictError

__all__ = ["AdvisoryLocks"]

logger = logging.getLogger("simxai.server")

#: The longest a waiting turn goes without trying the lock again (a dead replica sends no notification).
POLL_SECONDS = 0.25

#: The channel a released lock is announced on, with the session id as payload.
CHANNEL = "simxai_unlock"

#: The seed of the hash that turns a session id into its advisory-lock key (a bigint).
KEY_SEED = 0x51A4


class AdvisoryLocks:
    """The session locks of one replica, on one connection of their own.

    Requests to take and release locks are batched: one task sends whatever is pending as two statements (the
    releases, then the attempts to take), so under load a round trip serves many turns instead of each turn
    queueing for its own.

    Args:
        connect: opens a new connection (asyncpg), e.g. ``lambda: asyncpg.connect(url)``.
    """

    def __init__(self, connect: Any) -> None:
        self._connect = connect
        self._connection: Any = None
        #: Counts the connections opened; a lock taken on an earlier one is lost.
        self.epoch = 0
        # Pending requests: session id -> the future of its outcome (the epoch it was taken in, 0 if it was not
        # free / None once released).
        self._to_take: dict[str, asyncio.Future[int]] = {}
        self._to_release: dict[str, asyncio.Future[None]] = {}
        self._worker: asyncio.Task[None] | None = None
        # The sessions this replica waits for, each woken when a replica announces its release.
        self._waiting: dict[str, asyncio.Event] = {}

    async def _open(self) -> Any:
        if self._connection is None or self._connection.is_closed():
            if self._connection is not None:
                logger.warning("the session-lock connection was lost; every lock it held is released")
            connection = await self._connect()
            await connection.add_listener(CHANNEL, self._announced)
            self._connection = connection
            self.epoch += 1
        return self._connection

    def _announced(self, connection: Any, pid: int, channel: str, session_id: str) -> None:
        event = self._waiting.get(session_id)
        if event is not None:
            event.set()

    # ---- the batching worker ---------------------------------------------------------------------------

    def _submit(self, queue: dict[str, asyncio.Future[Any]], session_id: str) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        queue[session_id] = future
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._work())
        return future

    async def _work(self) -> None:
        while self._to_take or self._to_release:
            releasing, self._to_release = self._to_release, {}
            taking, self._to_take = self._to_take, {}
            try:
                connection = await self._open()
                epoch = self.epoch
                if releasing:
                    ids = list(releasing)
                    await connection.execute(
                        "SELECT pg_advisory_unlock(hashtextextended(id, $2)), pg_notify($3, id) "
                        "FROM unnest($1::text[]) AS released(id)",
                        ids,
                        KEY_SEED,
                        CHANNEL,
                    )
                    _settle(releasing, None)
                if taking:
                    rows = await connection.fetch(
                        "SELECT id, pg_try_advisory_lock(hashtextextended(id, $2)) AS taken "
                        "FROM unnest($1::text[]) AS wanted(id)",
                        list(taking),
                        KEY_SEED,
                    )
                    _settle(taking, {row["id"]: epoch if row["taken"] else 0 for row in rows})
            except (Exception, asyncio.CancelledError) as exc:
                if releasing:
                    # A release that failed leaves locks held on a live connection: closing it releases them
                    # (the turns still holding one then find it lost, and store nothing).
                    logger.warning("could not release session locks (%s); reconnecting", exc)
                    self.terminate()
                    _settle(releasing, None)
                for future in taking.values():
                    if not future.done():
                        future.set_exception(exc if isinstance(exc, Exception) else ConnectionError(str(exc)))
                if isinstance(exc, asyncio.CancelledError):
                    raise

    # ---- what the store calls ----------------------------------------------------------------------------

    async def acquire(self, session_id: str, wait: float) -> int:
        """Take the session's lock, waiting up to `wait` seconds; the epoch it was taken in.

        Raises:
            StoreConflictError: another replica held it for longer than `wait`.
            (the driver's errors, for the store to translate, when PostgreSQL cannot be reached)
        """
        deadline = time.monotonic() + wait
        event = self._waiting.setdefault(session_id, asyncio.Event())
        try:
            while True:
                event.clear()
                epoch = await self._take(session_id)
                if epoch:
                    return epoch
                left = deadline - time.monotonic()
                if left <= 0:
                    raise StoreConflictError(
                        "another turn of this session is still running on another replica; send the message again later"
                    )
                try:
                    await asyncio.wait_for(event.wait(), min(POLL_SECONDS, left))
                except asyncio.TimeoutError:
                    pass
        finally:
            self._waiting.pop(session_id, None)

    async def _take(self, session_id: str) -> int:
        future = self._submit(self._to_take, session_id)
        try:
            return int(await asyncio.shield(future))
        except asyncio.CancelledError:
            # The turn went away while its request was on the wire: a lock taken for it is given back.
            def give_back(done: asyncio.Future[int]) -> None:
                if not done.cancelled() and done.exception() is None and done.result():
                    self._submit(self._to_release, session_id)

            future.add_done_callback(give_back)
            raise

    def held(self, epoch: int) -> bool:
        """Whether a lock taken in `epoch` is still held (its connection has not been lost since)."""
        return epoch == self.epoch and self._connection is not None and not self._connection.is_closed()

    async def release(self, session_id: str, epoch: int) -> None:
        """Release the session's lock and announce it; nothing to do if it went with a lost connection.

        Never raises: if the release fails, the connection is closed, which releases its locks.
        """
        if self.held(epoch):
            await asyncio.shield(self._submit(self._to_release, session_id))

    def terminate(self) -> None:
        """Drop the connection at once (every lock it holds is released by PostgreSQL)."""
        if self._connection is not None:
            self._connection.terminate()

    async def close(self) -> None:
        """Let the lock worker finish, then close the connection (terminating it when closing hangs or fails)."""
        if self._worker is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._worker, 5)
        if self._connection is not None and not self._connection.is_closed():
            try:
                await asyncio.wait_for(self._connection.close(), 5)
            except (asyncio.TimeoutError, OSError, asyncpg.exceptions.InterfaceError):
                self._connection.terminate()
        self._connection = None


def _settle(futures: dict[str, asyncio.Future[Any]], results: dict[str, int] | None) -> None:
    for session_id, future in futures.items():
        if not future.done():
            future.set_result(None if results is None else results.get(session_id, 0))
