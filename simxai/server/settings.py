"""Settings of the HTTP service: the engine's settings plus where to listen, sessions, limits and access."""

from __future__ import annotations

from typing import Annotated, Any

import pydantic
import pydantic_settings

from simxai.settings import Settings

__all__ = ["ServerSettings"]


def _split(value: Any) -> Any:
    # Environment variables hold lists as "a,b,c"; a JSON list also works, as does a real list.
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            return pydantic.TypeAdapter(list[str]).validate_json(text)
        return [part.strip() for part in text.split(",") if part.strip()]
    return value


CommaList = Annotated[list[str], pydantic_settings.NoDecode, pydantic.BeforeValidator(_split)]


class ServerSettings(Settings):
    """How `simxai serve` runs. Every field is also a `SIMXAI_*` environment variable.

    Attributes:
        bind: the address to listen on (``SIMXAI_BIND``).
        port: the TCP port (``SIMXAI_PORT``).
        db_path: the SQLite file that keeps sessions across restarts; ``:memory:`` keeps them in memory.
        db_url: where sessions are kept, as a URL: ``postgresql://user:password@host:5432/db`` for a
            PostgreSQL database that many replicas share (needs ``simxai[postgres]``), or ``sqlite:///path``;
            unset means the SQLite file `db_path` (``SIMXAI_DB_URL``).
        db_pool_size: the most pooled PostgreSQL connections one replica opens (for short reads and writes;
            one more connection holds the replica's session locks).
        db_lock_wait: the longest a turn waits (seconds) for another turn of the same session on another
            replica before it is answered 409 (PostgreSQL).
        api_keys: accepted API keys, comma-separated; empty means no authentication. A session belongs to
            the key that created it.
        cors_origins: origins allowed to call the API from a browser, comma-separated (``*`` for any).
        max_body_bytes: the largest request body accepted (413 beyond it).
        max_message_chars: the longest user message accepted (422 beyond it).
        max_history_messages: how many messages of a session's history are kept (older turns are dropped
            whole, so a call is never separated from its result).
        workers: threads that run function calls at once; further calls queue, owners taking turns.
        call_seconds: the time budget of one function call (422 `budget_exceeded` beyond it).
        call_evaluations: the model-evaluation budget of one function call (the default fits a model-agnostic
            SHAP explanation of one row: up to 1,024 coalitions x a 100-row background).
        session_ttl: seconds after its last turn that a session expires (0: never).
        rate_limit: requests per minute one API key (or, without keys, one client address) may send to
            `/v1` (0: no limit); beyond it, 429 with `Retry-After`.
        keep_alive_seconds: how long an idle keep-alive connection stays open.
        header_seconds: how long a new connection may take to send a complete request head.
        max_connections: open connections at once; the oldest idle one is closed to admit a new one.
        log_level: the server's log level.
    """

    bind: str = "127.0.0.1"
    port: int = pydantic.Field(default=8000, ge=0, le=65535)
    db_path: str = "simxai-sessions.db"
    db_url: str | None = None
    db_pool_size: int = pydantic.Field(default=20, ge=2, le=1000)
    db_lock_wait: float = pydantic.Field(default=120.0, gt=0)
    api_keys: CommaList = []
    cors_origins: CommaList = []
    max_body_bytes: int = pydantic.Field(default=64 * 1024, ge=1024)
    max_message_chars: int = pydantic.Field(default=4000, ge=1)
    max_history_messages: int = pydantic.Field(default=200, ge=10)
    workers: int = pydantic.Field(default=4, ge=1, le=64)
    call_seconds: float = pydantic.Field(default=30.0, gt=0)
    call_evaluations: int = pydantic.Field(default=250_000, ge=1)
    session_ttl: float = pydantic.Field(default=0.0, ge=0)
    rate_limit: float = pydantic.Field(default=0.0, ge=0)
    keep_alive_seconds: float = pydantic.Field(default=5.0, gt=0)
    header_seconds: float = pydantic.Field(default=10.0, gt=0)
    max_connections: int = pydantic.Field(default=512, ge=8)
    log_level: str = "info"

    @pydantic.field_validator("db_url")
    @classmethod
    def _known_database(cls, url: str | None) -> str | None:
        if url is None or not url.strip():
            return None
        url = url.strip()
        if not url.startswith(("postgresql://", "postgres://", "sqlite:///")):
            scheme = url.split("://", 1)[0] if "://" in url else url[:20]
            raise ValueError(
                f"the database URL scheme {scheme!r} is not supported; use postgresql://user:password@host/db "
                "or sqlite:///path/to/file.db"
            )
        return url

    @pydantic.field_validator("api_keys")
    @classmethod
    def _keys_are_long_enough(cls, keys: list[str]) -> list[str]:
        short = [k for k in keys if len(k) < 8]
        if short:
            raise ValueError(f"{len(short)} API key(s) are shorter than 8 characters; use long random keys")
        return keys
