"""What the SQLite and PostgreSQL stores do alike, written once: a new session, the decoding of the rows
they read, and the in-process lock per session.

Each backend keeps its own SQL; both select the same columns in the same order, which these functions read:
a session row is (id, owner, created_at, updated_at, version, state); a turn row is
(seq, created_at, response, messages); a context row is (seq, messages).
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

from simxai.messages import Message
from simxai.server.store.base import MESSAGES, SessionRecord, StoredTurn, Turns
from simxai.state import DialogueState

__all__ = [
    "SessionLocks",
    "context_from_rows",
    "context_messages",
    "new_session",
    "session_from_row",
    "turns_from_rows",
]


def new_session(owner: str | None) -> SessionRecord:
    """An empty session owned by `owner`, with a new id, created now (the caller stores it)."""
    now = time.time()
    return SessionRecord(
        id=uuid.uuid4().hex, owner=owner, created_at=now, updated_at=now, version=0, state=DialogueState()
    )


def session_from_row(row: Sequence[Any]) -> SessionRecord:
    """The session a row (id, owner, created_at, updated_at, version, state) holds."""
    return SessionRecord(
        id=row[0],
        owner=row[1],
        created_at=row[2],
        updated_at=row[3],
        version=row[4],
        state=DialogueState.model_validate_json(row[5]),
    )


def turns_from_rows(rows: Iterable[Sequence[Any]]) -> list[StoredTurn]:
    """The turns that rows (seq, created_at, response, messages) hold, in the rows' order."""
    return [
        StoredTurn(
            seq=seq,
            created_at=created,
            response=json.loads(response),
            messages=MESSAGES.validate_json(messages),
        )
        for seq, created, response, messages in rows
    ]


def context_from_rows(rows: Iterable[Sequence[Any]]) -> Turns:
    """A session's context as (turn number, messages) from rows (seq, messages), in the rows' order."""
    return [(seq, MESSAGES.validate_json(messages)) for seq, messages in rows]


def context_messages(turns: Turns) -> list[Message]:
    """The messages of the turns, in order: the history the next turn is answered with."""
    return [m for _, messages in turns for m in messages]


class SessionLocks:
    """One `asyncio.Lock` per session in this process, alive only while some request holds or waits for it
    (so idle sessions cost no memory).
    """

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def get(self, session_id: str) -> asyncio.Lock:
        """The session's lock (a new one when nobody holds or waits for it)."""
        lock = self._locks.get(session_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[session_id] = lock
        return lock
