"""Liveness, readiness and Prometheus metrics."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

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
    responses={503: {"description": "Not ready: still starting, or the LLM backend is unreachable."}},
)
async def readyz(request: Request) -> JSONResponse:
    """200 when the host is loaded and the LLM backend answers (or the router fallback is enabled)."""
    state = started_state(request)
    if state is None:
        return JSONResponse({"ready": False, "reason": "starting: the host is not loaded yet"}, status_code=503)
    agent = state.agent
    try:
        reachable = await asyncio.wait_for(agent.backend.ping(), PING_TIMEOUT)
    except (asyncio.TimeoutError, OSError):
        reachable = False
    fallback = agent.fallback.name if agent.fallback is not None else None
    ready = reachable or fallback is not None
    body: dict[str, Any] = {
        "ready": ready,
        "host": agent.schema.name,
        "backend": agent.backend.name,
        "backend_reachable": reachable,
        "fallback": fallback,
    }
    if not reachable:
        body["reason"] = f"the LLM backend {agent.backend.name} does not answer" + (
            f"; turns fall back to the {fallback}" if fallback else ""
        )
    return JSONResponse(body, status_code=200 if ready else 503)


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
async def metrics(request: Request) -> Response:
    """Turns, latency per stage, function calls, clarifications, guard fallbacks and backend errors."""
    state = started_state(request)
    body = state.metrics.exposition() if state is not None else b""
    return Response(body, media_type=CONTENT_TYPE_LATEST)
