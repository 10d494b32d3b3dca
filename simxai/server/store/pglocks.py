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

    Args:
        connect: opens a new connection (asyncpg), e.g. ``lambda: asyncpg.connect(url)``.
    """

    def __init__(self, connect: Any) -> None:
        self._connect = connect
        self._connection: Any = None
        #: Counts the connections opened; a lock taken on an earlier one is lost.
        self.epoch = 0
        # One statement at a time on the shared connection.
        self._mutex = asyncio.Lock()
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
                async with self._mutex:
                    connection = await self._open()
                    if await connection.fetchval(
                        "SELECT pg_try_advisory_lock(hashtextextended($1, $2))", session_id, KEY_SEED
                    ):
                        return self.epoch
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

    def held(self, epoch: int) -> bool:
        """Whether a lock taken in `epoch` is still held (its connection has not been lost since)."""
        return epoch == self.epoch and self._connection is not None and not self._connection.is_closed()

    async def release(self, session_id: str, epoch: int) -> None:
        """Release the session's lock and announce it; nothing to do if it went with a lost connection.

        Never raises: a connection on which the unlock fails is closed (which releases its locks: the turns
        still holding one then find it lost, and store nothing).
        """
        async with self._mutex:
            if not self.held(epoch):
                return
            try:
                await self._connection.execute(
                    "SELECT pg_advisory_unlock(hashtextextended($1, $2)), pg_notify($3, $1)",
                    session_id,
                    KEY_SEED,
                    CHANNEL,
                )
            except (Exception, asyncio.CancelledError) as exc:
                logger.warning("could not release the lock of session %s (%s); reconnecting", session_id, exc)
                self.terminate()
                if isinstance(exc, asyncio.CancelledError):
                    raise

    def terminate(self) -> None:
        """Drop the connection at once (every lock it holds is released by PostgreSQL)."""
        if self._connection is not None:
            self._connection.terminate()

    async def close(self) -> None:
        if self._connection is not None and not self._connection.is_closed():
            try:
                await asyncio.wait_for(self._connection.close(), 5)
            except (asyncio.TimeoutError, OSError, asyncpg.exceptions.InterfaceError):
                self._connection.terminate()
        self._connection = None
