"""The app factory: one FastAPI app per call, its host, backend, sessions and metrics built at startup.

uvicorn --factory simxai.server.app:create_app        # settings from SIMXAI_* variables
create_app(ServerSettings(db_path=...), host=..., backend=ScriptedBackend([...]))   # in tests
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

import simxai
from simxai.agent import Agent
from simxai.backends import Backend
from simxai.hosts.base import Host
from simxai.redact import redact_url
from simxai.server.deps import AppState
from simxai.server.errors import install_error_handlers
from simxai.server.metrics import Metrics
from simxai.server.middleware import BodyLimitMiddleware, CatchAllMiddleware
from simxai.server.ratelimit import RateLimiter
from simxai.server.routes import export, functions, health, host_info, openai, page, sessions
from simxai.server.routes.docs import install_docs
from simxai.server.settings import ServerSettings
from simxai.server.store import build_store
from simxai.server.warmup import start_warmup
from simxai.settings import agent_settings, build_backend, build_fallback, load_host
from simxai.work import WorkerPool

__all__ = ["close_host", "create_app"]

logger = logging.getLogger("simxai.server")

#: Seconds shutdown waits for streamed turns whose clients left, so their turns are still stored.
SHUTDOWN_GRACE = 10.0

VLLM_HINT = (
    "To use an LLM served by vLLM (or any OpenAI-compatible server): simxai serve --backend "
    "openai:Team-ACE/ToolACE-2.5-Llama-3.1-8B --base-url http://localhost:8001/v1 "
    "(or SIMXAI_BACKEND and SIMXAI_BASE_URL)."
)

DESCRIPTION = """
Talk to a machine-learning model and understand it. A tool-calling LLM (or, offline, the router) picks
one of eleven XAI functions, calls it on the host system and verbalizes the result; a faithfulness guard
checks the claims it reads in the reply (predicted label, class probabilities, feature values, directions,
ranks, what-if outcomes, counterfactual changes, metrics, counts) against the output fields they name, and
lists what it read but could not check (`faithfulness.unchecked`). It reads patterns, not meaning: a claim
phrased in a way it does not read passes unread (docs/guard.md says what it reads and what it does not).

* **Sessions**: `POST /v1/sessions`, then `POST /v1/sessions/{id}/messages` with `{"content": "..."}`
  (JSON, or server-sent events with `Accept: text/event-stream`); `GET` reads the history.
* **Functions**: `GET /v1/functions` lists the specs; `POST /v1/functions/{name}` returns the raw result.
* **OpenAI-compatible**: `POST /v1/chat/completions` with model `simxai`; the conversation travels in
  `messages`.
* **Operations**: `/healthz`, `/readyz`, `/metrics` (Prometheus).

When the server has API keys (`SIMXAI_API_KEYS`), every `/v1` route needs one as
`Authorization: Bearer <key>` or `X-API-Key: <key>`, and a session belongs to the key that created it.
Errors are `{"error": "<message>", "type": "<type>"}` (OpenAI's shape under `/v1/chat` and `/v1/models`).
"""


def _host_description(settings: ServerSettings, host: Host) -> str:
    name = host.schema().name
    if settings.host_url:
        return f"{name} (remote host at {redact_url(settings.host_url)})"
    if settings.host_config:
        return f"{name} (from {settings.host_config})"
    return f"{name} (the embedded {settings.host} host)"


async def start(
    settings: ServerSettings, host: Host | None, backend: Backend | None, *, freeze_gc: bool = False
) -> AppState:
    """Build an app's resources: host, backend (and router fallback), agent, session store and metrics.

    When the app built its host, or `freeze_gc` says the process is the app's own, the objects that live
    as long as the process are then moved out of the garbage collector's sight.
    """
    owns_host = host is None
    if host is None:
        # Loading a host trains or reads a model: keep the event loop free meanwhile.
        host = await asyncio.to_thread(load_host, settings)
    if backend is None:
        backend = build_backend(settings)
    fallback = build_fallback(settings, backend)
    pool = WorkerPool(settings.workers, seconds=settings.call_seconds, evaluations=settings.call_evaluations)
    # The agent reads the host's schema, which a remote host fetches over the network.
    agent = await asyncio.to_thread(
        Agent, host, backend, settings=agent_settings(settings), fallback=fallback, pool=pool
    )
    # What the first turn would otherwise load on the event loop (the router's selector, word embeddings and
    # spec index: about 0.5 s holding the GIL, during which /healthz and every other client waited).
    for prepared in (backend, fallback):
        if prepared is not None:
            await prepared.prepare(agent.schema, agent.specs)
    store = build_store(settings)
    await store.open()
    state = AppState(
        settings=settings,
        host=host,
        agent=agent,
        store=store,
        metrics=Metrics(agent.registry.names()),
        keys=AppState.fingerprints(settings.api_keys),
        pool=pool,
        limiter=RateLimiter(settings.rate_limit),
        owns_host=owns_host,
    )
    _log_startup(settings, state, backend)
    state.warmup = start_warmup(host)
    if owns_host or freeze_gc:
        # The host's model, data and caches, the agent and the store live as long as the process. Out of
        # the collector's sight, they no longer make each full collection stall every turn in flight (75 ms
        # with the demo host). Never for a host the caller owns: a test process would freeze its own objects.
        gc.collect()
        gc.freeze()
    return state


def _log_startup(settings: ServerSettings, state: AppState, backend: Backend) -> None:
    if backend.name == "router":
        kind = "router (offline, no LLM: replies are deterministic renderings of the function outputs)"
    else:
        kind = backend.name + (f" at {redact_url(settings.base_url)}" if settings.base_url else "")
    db = state.store.description
    logger.info(
        "SimXAI %s: host %s; backend %s%s",
        simxai.__version__,
        _host_description(settings, state.host),
        kind,
        "; falls back to the router when it fails" if state.agent.fallback else "",
    )
    logger.info(
        "sessions are stored in %s%s",
        db,
        " (in memory: lost on restart)"
        if db == ":memory:"
        else ""
        if db.startswith("postgresql")
        else " (set SIMXAI_DB_PATH to move them)",
    )
    logger.info(
        "API keys: %s; CORS origins: %s",
        f"{len(state.keys)} configured" if state.keys else "none (every client may call the API)",
        ", ".join(settings.cors_origins) or "none",
    )
    if backend.name == "router":
        logger.info(VLLM_HINT)


async def stop(state: AppState) -> None:
    """Let streamed turns finish, then close the backends and the session store, stop the host's start-up
    work (waiting for its thread) and close a host the app built.
    """
    if state.tasks:
        await asyncio.wait(set(state.tasks), timeout=SHUTDOWN_GRACE)
    for task in list(state.tasks):
        task.cancel()
    await state.agent.backend.aclose()
    if state.agent.fallback is not None:
        await state.agent.fallback.aclose()
    await state.store.close()
    state.pool.close()
    if state.warmup is not None and not await asyncio.to_thread(state.warmup.stop, SHUTDOWN_GRACE):
        logger.warning("the host's start-up work did not stop within %.0f s of shutdown", SHUTDOWN_GRACE)
    if state.owns_host:
        await asyncio.to_thread(close_host, state.host)


def close_host(host: Host) -> None:
    """Close `host` if it has anything to close: a remote host holds connections; local hosts have none."""
    close = getattr(host, "close", None)
    if callable(close):
        close()


def create_app(
    settings: ServerSettings | None = None,
    *,
    host: Host | None = None,
    backend: Backend | None = None,
    freeze_gc: bool = False,
) -> FastAPI:
    """Build the SimXAI HTTP app.

    The host and backend are built when the app starts (its lifespan), from `settings` unless given; the
    app closes the backend when it stops.

    Args:
        settings: server settings (default: from `SIMXAI_*` environment variables).
        host: the host system to serve instead of the one the settings name (e.g. in tests).
        backend: the backend to use instead of the one the settings name (e.g. a `ScriptedBackend`).
        freeze_gc: freeze the garbage collector's view of the objects built at startup even though `host`
            was given (as `simxai serve` does: it builds the host first, to fail before binding the port).
            An app that builds its own host always does so.
    """
    settings = settings if settings is not None else ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        state = await start(settings, host, backend, freeze_gc=freeze_gc)
        app.state.simxai = state
        try:
            yield
        finally:
            await stop(state)
            del app.state.simxai

    app = FastAPI(
        title="SimXAI",
        version=simxai.__version__,
        summary="A conversational layer for explaining machine-learning models.",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served by install_docs from local files: the default loads Swagger UI from a CDN
        redoc_url=None,
        openapi_tags=[
            {"name": "sessions", "description": "Conversations kept on the server."},
            {"name": "functions", "description": "The XAI functions, called directly."},
            {"name": "openai-compatible", "description": "For OpenAI clients and chat UIs."},
            {"name": "operations", "description": "Health, readiness and metrics."},
        ],
    )
    install_error_handlers(app)
    for module in (export, sessions, functions, openai, health, host_info, page):
        app.include_router(module.router)
    install_docs(app)
    # The last middleware added runs first: CORS headers go on every answer, errors included.
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(CatchAllMiddleware)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "Accept", "X-API-Key"],
        )
    return app
