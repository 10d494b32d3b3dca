"""What routes depend on: the app's resources, the caller's API key, and the caller's session."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import math
import time
from typing import Annotated

from fastapi import Depends, HTTPException, Path, Request
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from simxai.agent import Agent
from simxai.hosts.base import Host
from simxai.server.metrics import Metrics
from simxai.server.ratelimit import RateLimiter
from simxai.server.settings import ServerSettings
from simxai.server.store import SessionRecord, SessionStore
from simxai.server.warmup import Warmup
from simxai.work import WorkerPool, current_owner, set_owner

__all__ = [
    "AppState",
    "Caller",
    "OwnedSession",
    "State",
    "caller",
    "get_state",
    "no_session",
    "owned_session",
    "started_state",
]


@dataclasses.dataclass
class AppState:
    """The resources one app builds at startup and releases at shutdown."""

    settings: ServerSettings
    host: Host
    agent: Agent
    store: SessionStore
    metrics: Metrics
    #: API-key fingerprint by key; empty when the server needs no key.
    keys: dict[str, str]
    #: Runs function calls with their budgets, owners taking turns.
    pool: WorkerPool = dataclasses.field(default_factory=WorkerPool)
    #: Requests per minute per API key or client address (a limit of 0 lets everything through).
    limiter: RateLimiter = dataclasses.field(default_factory=lambda: RateLimiter(0))
    #: Whether the app built the host (and so closes it at shutdown) rather than being given it.
    owns_host: bool = False
    #: Streaming turns run as tasks that finish (and are stored) even if the client goes away.
    tasks: set[asyncio.Task[None]] = dataclasses.field(default_factory=set)
    #: The host's start-up work, computed in the background (None until started).
    warmup: Warmup | None = None

    @staticmethod
    def fingerprints(keys: list[str]) -> dict[str, str]:
        """Each key's fingerprint (its SHA-256, shortened), which sessions record instead of the key."""
        # A session records the fingerprint of the key that created it, never the key itself.
        return {key: hashlib.sha256(key.encode()).hexdigest()[:24] for key in keys}

    def owner_of(self, key: str) -> str | None:
        """The fingerprint of `key` when it is a configured key (compared in constant time), else None."""
        found = None
        for known, fingerprint in self.keys.items():
            if hmac.compare_digest(known.encode(), key.encode()):
                found = fingerprint
        return found


def started_state(request: Request) -> AppState | None:
    """The app's resources, or None while the app has not started (or has stopped)."""
    return getattr(request.app.state, "simxai", None)


async def get_state(request: Request) -> AppState:
    """The app's resources (async: FastAPI would run a plain function on a worker thread)."""
    state = started_state(request)
    if state is None:
        raise RuntimeError("the app has not started: run it under an ASGI server, which runs its lifespan")
    return state


State = Annotated[AppState, Depends(get_state)]

_bearer = HTTPBearer(auto_error=False, description="An API key from SIMXAI_API_KEYS, as a bearer token.")
_api_key = APIKeyHeader(name="X-API-Key", auto_error=False, description="An API key from SIMXAI_API_KEYS.")


async def caller(
    request: Request,
    state: State,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    header_key: Annotated[str | None, Depends(_api_key)],
) -> str | None:
    """The fingerprint of the caller's API key, or None when the server needs none.

    Also names the caller for the worker pool's turns and charges its rate limit.

    Raises:
        HTTPException: 401 when keys are configured and the request has none or an unknown one; 429 when
            the caller is over its rate limit.
    """
    owner = None
    if state.keys:
        key = credentials.credentials if credentials is not None else header_key
        if not key:
            raise HTTPException(
                401,
                "This server needs an API key: send it as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'.",
            )
        owner = state.owner_of(key)
        if owner is None:
            raise HTTPException(401, "The API key is not valid.")
    who = f"key:{owner}" if owner else f"client:{request.client.host if request.client else '?'}"
    set_owner(who)
    wait = state.limiter.take(who)
    if wait > 0:
        seconds = math.ceil(wait)
        raise HTTPException(
            429,
            f"Too many requests: the limit is {state.limiter.per_minute:g} per minute; retry in {seconds} s.",
            headers={"Retry-After": str(seconds)},
        )
    return owner


Caller = Annotated[str | None, Depends(caller)]


def no_session(session_id: str) -> HTTPException:
    """The 404 for a session that does not exist (or that the caller may not see)."""
    return HTTPException(404, f"There is no session {session_id!r}; create one with POST /v1/sessions.")


async def owned_session(
    session_id: Annotated[str, Path(max_length=64, description="The id POST /v1/sessions returned.")],
    state: State,
    owner: Caller,
) -> SessionRecord:
    """The session named in the path, if it exists and belongs to the caller's key.

    Raises:
        HTTPException: 404 when there is no such session, or it belongs to another key (which is not
            revealed, so ids cannot be probed).
    """
    record = await state.store.get(session_id)
    # A session created with a key stays closed when the server later runs without keys (its owner is then
    # None), and one created without a key stays closed to keyed callers: the owner must match exactly.
    if record is None or record.owner != owner:
        raise no_session(session_id)
    ttl = state.settings.session_ttl
    if ttl and time.time() - record.updated_at > ttl:
        async with state.store.lock(session_id):
            await state.store.delete(session_id)
        raise HTTPException(
            404, f"The session {session_id!r} expired after {ttl:g} s without a turn; create a new one."
        )
    # Calls of one session take turns with other sessions', even without API keys.
    set_owner(f"{current_owner()}/session:{session_id}")
    return record


OwnedSession = Annotated[SessionRecord, Depends(owned_session)]
