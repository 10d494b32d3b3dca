"""Helpers for the HTTP service tests: run an app in process, talk to sessions, read event streams."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from simxai.backends.openai import OpenAIBackend

BASE = "http://test"


@asynccontextmanager
async def serving(app, **client_options: Any) -> AsyncIterator[httpx.AsyncClient]:
    """Run the app's lifespan and yield a client that talks to it in process."""
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app)
        async with httpx.AsyncClient(transport=transport, base_url=BASE, **client_options) as client:
            yield client


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def unreachable_backend() -> OpenAIBackend:
    """An OpenAI-compatible backend whose server is not running (nothing listens on port 9 of loopback)."""
    return OpenAIBackend("ToolACE", base_url="http://127.0.0.1:9/v1", max_retries=0, timeout=2)


async def new_session(client: httpx.AsyncClient, **kwargs: Any) -> str:
    response = await client.post("/v1/sessions", **kwargs)
    assert response.status_code == 201, response.text
    return response.json()["session_id"]


async def say(client: httpx.AsyncClient, session_id: str, text: str, **kwargs: Any) -> dict[str, Any]:
    response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": text}, **kwargs)
    assert response.status_code == 200, response.text
    return response.json()


def parse_sse(text: str) -> list[tuple[str, str]]:
    """(event, data) pairs of a server-sent event stream; comments are skipped."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
        if data:
            events.append((name, "\n".join(data)))
    return events
