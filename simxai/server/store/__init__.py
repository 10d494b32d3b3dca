"""Session stores: the interface and its SQLite and PostgreSQL implementations, chosen by the settings.

`SIMXAI_DB_URL=postgresql://user:password@host:5432/db` selects PostgreSQL (the `simxai[postgres]` extra);
otherwise sessions live in the SQLite file `SIMXAI_DB_PATH` (or ``sqlite:///path`` as the URL).
"""

from __future__ import annotations

from simxai.exceptions import StoreError
from simxai.server.settings import ServerSettings
from simxai.server.store.base import AppendOutcome, SessionRecord, SessionStore, StoredTurn
from simxai.server.store.sqlite import SqliteStore

__all__ = ["AppendOutcome", "SessionRecord", "SessionStore", "SqliteStore", "StoredTurn", "build_store"]


def build_store(settings: ServerSettings) -> SessionStore:
    """The store the settings name (not yet open)."""
    url = settings.db_url
    if url is not None and url.startswith(("postgresql://", "postgres://")):
        # Imported only here: asyncpg is an optional extra that SQLite users need not install.
        try:
            from simxai.server.store.postgres import PostgresStore
        except ImportError as exc:
            raise StoreError(
                "SIMXAI_DB_URL names PostgreSQL, which needs the asyncpg driver: pip install 'simxai[postgres]'"
            ) from exc

        return PostgresStore(
            url,
            max_history_messages=settings.max_history_messages,
            pool_size=settings.db_pool_size,
            lock_wait=settings.db_lock_wait,
        )
    path = url.removeprefix("sqlite:///") if url is not None else settings.db_path
    return SqliteStore(path, max_history_messages=settings.max_history_messages)
