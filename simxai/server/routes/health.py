"""Liveness, readiness and Prometheus metrics."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from simxai.hosts.remote import RemoteHost
from simxai.server.deps import started_state
from simxai.server.metrics import CONTENT_TYPE_LATEST

router = APIRouter(tags=["operations"])

#: Seconds the readiness check waits for the backend's answer.
PING_TIMEOUT = 5.0


@router.get("/healthz", summary="Liveness")
async def healthz() -> dict[str, str]:
    """200 while the process serves requests."""
    return {"status": "ok"}


@router.get(
    "/readyz",
    summary="Readiness",
    responses={
        503: {
            "description": "Not ready: still starting, a remote host is down, the LLM backend is unreachable, "
            "or the session database is."
        }
    },
)
async def readyz(request: Request) -> JSONResponse:
    """200 when the host is loaded (a remote host answers), the session database answers, and the LLM backend
    answers (or the router fallback is enabled).

    `warmup` reports the host's start-up work (predictions, metrics, global explanation; for a text host
    also shap's import and numba compilation) computed in the background: its step, steps done and total,
    and seconds so far.
    """
    state = started_state(request)
    if state is None:
        return JSONResponse({"ready": False, "reason": "starting: the host is not loaded yet"}, status_code=503)
    agent = state.agent
    try:
        reachable = await asyncio.wait_for(agent.backend.ping(), PING_TIMEOUT)
    except (asyncio.TimeoutError, OSError):
        reachable = False
    fallback = agent.fallback.name if agent.fallback is not None else None
    host_up = True
    if isinstance(state.host, RemoteHost):
        # No fallback answers for a host: every turn would fail while it is down.
        try:
            host_up = await asyncio.wait_for(asyncio.to_thread(state.host.ping), PING_TIMEOUT)
        except asyncio.TimeoutError:
            host_up = False
    store_reachable = await state.store.ping()
    ready = host_up and (reachable or fallback is not None) and store_reachable
    body: dict[str, Any] = {
        "ready": ready,
        "host": agent.schema.name,
        "host_reachable": host_up,
        "backend": agent.backend.name,
        "backend_reachable": reachable,
        "fallback": fallback,
        "store_reachable": store_reachable,
    }
    if state.warmup is not None:
        # The host's start-up work: answers come without it, only slower until it is done.
        body["warmup"] = state.warmup.body()
    reasons = []
    if not host_up and isinstance(state.host, RemoteHost):
        reasons.append(f"the remote host at {state.host.base_url} does not answer")
    if not reachable:
        reasons.append(
            f"the LLM backend {agent.backend.name} does not answer"
            + (f"; turns fall back to the {fallback}" if fallback else "")
        )
    if not store_reachable:
        reasons.append(f"the session database {state.store.description} does not answer")
    if reasons:
        body["reason"] = "; ".join(reasons)
    return JSONResponse(body, status_code=200 if ready else 503)


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
async def metrics(request: Request) -> Response:
    """Turns, latency per stage, function calls, clarifications, guard fallbacks and backend errors."""
    state = started_state(request)
    body = state.metrics.exposition() if state is not None else b""
    return Response(body, media_type=CONTENT_TYPE_LATEST)
