"""Helpers for the HTTP service tests: run an app in process, talk to sessions, read event streams."""

from __future__ import annotations

import socket
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx

from simxai.backends.openai import OpenAIBackend

BASE = "http://test"
CHROMIUM = Path("/usr/bin/chromium")
# Flags that keep Chromium quiet and offline: no sandbox (containers), no GPU, no background traffic.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


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


@contextmanager
def served_app(host: Any, *, backend: Any = None, **settings: Any) -> Iterator[str]:
    """The service (router backend, or `backend`; in-memory store; `settings` for `ServerSettings`) serving `host`,
    run by uvicorn in a thread on a free loopback port; yields its base URL and stops it on exit."""
    import uvicorn

    from simxai.backends import load_backend
    from simxai.server.app import create_app
    from simxai.server.settings import ServerSettings

    port = free_port()
    app = create_app(
        ServerSettings(db_path=":memory:", **settings), host=host, backend=backend or load_backend("router")
    )
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(600):
            if server.started:
                break
            thread.join(0.05)
        assert server.started, "uvicorn did not start within 30 s"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


@contextmanager
def router_page(host: Any, *, width: int = 1100, height: int = 900, backend: Any = None) -> Iterator[Any]:
    """A headless Chromium page open on the service (router backend, or `backend`; in-memory store) serving `host`
    (`served_app`); skips the test when Debian's chromium is absent."""
    import pytest

    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    from playwright.sync_api import sync_playwright

    with served_app(host, backend=backend) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(f"{url}/")
            yield page
        finally:
            browser.close()


def ask_on_page(page: Any, text: str, index: int = 0) -> Any:
    """Type `text` into the page's question box, send it, and return the `index`-th assistant answer once done."""
    from playwright.sync_api import expect

    question = page.get_by_label("Your question")
    question.fill(text)
    question.press("Enter")
    answer = page.locator("li.msg.assistant").nth(index)
    expect(answer).not_to_have_attribute("aria-busy", "true", timeout=30_000)
    return answer
