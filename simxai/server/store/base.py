"""What the server needs from wherever conversations are kept: one interface, whatever the database.

A session row holds the dialogue state and a version (the count of turns stored); a turn row holds the
messages the turn added to the LLM context and the response its client got. Two implementations:
`SqliteStore` (one file, one process: the embedded default) and `PostgresStore` (one database shared by many
replicas). What they do alike beyond this interface (a new session, decoding the rows they read, the
in-process lock per session) is written once in `shared.py`, and the context cache (`ContextCache`) here.
Both keep the same contract, which `tests/server/test_store.py` runs on each:

* `append_turn` stores turn N+1 only if the session is still at version N, atomically with the new state
  and the trimming of the oldest turns beyond the history bound (whole turns: a call never loses its result);
* `lock(session_id)` serialises the turns of one session among everyone who shares the store: in one
  process for SQLite, across replicas for PostgreSQL (see `docs/http-api.md`);
* the schema carries a version; a store creates or migrates it when it opens, and refuses to open one that
  a newer SimXAI wrote (`StoreError`), rather than misread it.
"""

from __future__ import annotations

import abc
import contextlib
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Literal

import pydantic

from simxai.exceptions import StoreError
from simxai.messages import Message
from simxai.state import DialogueState

__all__ = ["AppendOutcome", "ContextCache", "SessionRecord", "SessionStore", "StoredTurn", "newer_schema"]

AppendOutcome = Literal["ok", "missing", "conflict"]

MESSAGES = pydantic.TypeAdapter(list[Message])

#: The parsed context kept in memory, over all sessions (the least recently used sessions go first), in
#: bytes of message text (4 per character unless it is ASCII) plus `MESSAGE_OVERHEAD` per message. Counting
#: messages alone let maximum-size messages fill about 244 MiB; `bench/cache_memory.py` measures 13-15 MiB.
CACHED_CHARS = 16_000_000
#: What a parsed message costs beyond its text, in the same unit (its objects; measured, see above).
MESSAGE_OVERHEAD = 1_000

#: A session's kept turns as (turn number, messages), oldest first.
Turns = list[tuple[int, list[Message]]]


class SessionRecord(pydantic.BaseModel):
    """A session's metadata and dialogue state."""

    id: str
    owner: str | None
    created_at: float
    updated_at: float
    version: int
    state: DialogueState


class StoredTurn(pydantic.BaseModel):
    """One stored turn: its number, time, the response the client got, and the messages it added."""

    seq: int
    created_at: float
    response: dict[str, Any]
    messages: list[Message]


def newer_schema(where: str, found: int, known: int) -> StoreError:
    """The error for a database whose schema a newer SimXAI wrote."""
    return StoreError(
        f"the session database {where} has schema version {found}, newer than this SimXAI knows ({known}): "
        "upgrade this replica to the version the others run (an older one would misread the sessions)"
    )


class SessionStore(abc.ABC):
    """Where sessions and their turns are kept.

    Attributes:
        max_history_messages: the most context messages kept per session; older turns are dropped whole.
    """

    #: A short description for the startup log (never a password).
    description: str
    max_history_messages: int

    # ---- lifecycle ------------------------------------------------------------------------------

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect, and create or migrate the schema.

        Raises:
            StoreError: the schema is newer than this SimXAI knows.
            StoreUnavailableError: the database cannot be reached.
        """

    @abc.abstractmethod
    async def close(self) -> None:
        """Release the connections."""

    async def ping(self) -> bool:
        """Whether the database answers now (for readiness)."""
        return True

    # ---- sessions -------------------------------------------------------------------------------

    @abc.abstractmethod
    def lock(self, session_id: str) -> contextlib.AbstractAsyncContextManager[Any]:
        """Hold this while a turn of the session runs (from `load` to `append_turn`), or while deleting it:
        everyone sharing the store then waits for the holder (`StoreConflictError` when a wait is too long).
        """

    @abc.abstractmethod
    async def create(self, owner: str | None) -> SessionRecord:
        """Create an empty session owned by `owner` (an API-key fingerprint, or None without keys)."""

    @abc.abstractmethod
    async def get(self, session_id: str) -> SessionRecord | None:
        """The session, or None when there is none with this id."""

    @abc.abstractmethod
    async def turns(self, session_id: str) -> list[StoredTurn]:
        """The session's kept turns, oldest first."""

    @abc.abstractmethod
    async def load(self, session_id: str) -> tuple[SessionRecord, list[Message]] | None:
        """The session and the messages of its kept turns (the history the next turn is answered with)."""

    @abc.abstractmethod
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
            stored first (only possible when a writer did not hold `lock`).
        """

    @abc.abstractmethod
    async def delete(self, session_id: str) -> bool:
        """Delete a session and its turns; False when there was none."""

    @abc.abstractmethod
    async def count(self) -> int:
        """How many sessions are stored."""


class ContextCache:
    """Parsed contexts of recently active sessions, by version, bounded by their total size (`CACHED_CHARS`).

    Keyed by version, a cached context is never stale: a turn stored elsewhere (another process or replica)
    raised the session's version, so the next read misses and re-reads the turns.
    """

    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self._entries: OrderedDict[str, tuple[int, Turns]] = OrderedDict()
        self._size = 0

    @property
    def size(self) -> int:
        """The total size of the cached turns, in the worst-case bytes `_count` charges."""
        return self._size

    @staticmethod
    def _count(turns: Turns) -> int:
        # A str takes 1 byte per character when it is ASCII, up to 4 otherwise (emoji): count the worst.
        return sum(
            len(m.content) * (1 if m.content.isascii() else 4) + MESSAGE_OVERHEAD
            for _, messages in turns
            for m in messages
        )

    def get(self, session_id: str, version: int) -> Turns | None:
        """The session's turns if they are cached at `version`."""
        entry = self._entries.get(session_id)
        if entry is None or entry[0] != version:
            return None
        self._entries.move_to_end(session_id)
        return entry[1]

    def put(self, session_id: str, version: int, turns: Turns) -> None:
        """Cache the session's turns at `version`, evicting the least recently used sessions over the size limit."""
        self.pop(session_id)
        self._entries[session_id] = (version, turns)
        self._size += self._count(turns)
        while self._size > self.max_size and len(self._entries) > 1:
            _, (_, dropped) = self._entries.popitem(last=False)
            self._size -= self._count(dropped)

    def appended(self, session_id: str, version: int, cutoff: int, messages: list[Message]) -> None:
        """Follow a turn stored at `version` + 1 that dropped the turns up to `cutoff`: extend the cached turns
        when they were cached at `version`, else forget them (they are read again when needed).
        """
        cached = self.get(session_id, version)
        if cached is not None:
            turns = [(seq, m) for seq, m in cached if seq > cutoff] + [(version + 1, messages)]
            self.put(session_id, version + 1, turns)
        else:
            self.pop(session_id)

    def pop(self, session_id: str) -> None:
        """Forget the session's cached turns, if any."""
        entry = self._entries.pop(session_id, None)
        if entry is not None:
            self._size -= self._count(entry[1])


def keep_from(turn_sizes: Sequence[tuple[int, int]], max_messages: int) -> int:
    """The last turn number to drop so the kept turns fit `max_messages` (0 when none goes).

    Args:
        turn_sizes: (turn number, message count) of the stored turns, NEWEST first.
        max_messages: the bound; the newest turn is always kept, however long.
    """
    kept = 0
    for index, (seq, count) in enumerate(turn_sizes):
        kept += count
        if index > 0 and kept > max_messages:
            return int(seq)
    return 0
