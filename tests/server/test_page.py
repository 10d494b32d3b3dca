"""The web chat page in real headless Chromium: ask, see the reply, open the call panel, see the bar chart."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import free_port

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

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (.ci/run installs it)"),
]


@pytest.fixture
def serve(demo_host, tmp_path) -> Iterator[Callable[..., str]]:
    """Start real uvicorn servers on loopback (threads) with the router on the demo host; stop them after."""
    import uvicorn

    from simxai.backends import load_backend
    from simxai.server.app import create_app
    from simxai.server.settings import ServerSettings

    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(**settings: Any) -> str:
        port = free_port()
        settings.setdefault("db_path", str(tmp_path / f"{port}.db"))
        app = create_app(ServerSettings(**settings), host=demo_host, backend=load_backend("router"))
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        servers.append((server, thread))
        for _ in range(600):
            if server.started:
                break
            thread.join(0.05)
        assert server.started, "uvicorn did not start within 30 s"
        return f"http://127.0.0.1:{port}"

    try:
        yield start
    finally:
        for server, thread in servers:
            server.should_exit = True
            thread.join(30)


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def test_ask_see_the_reply_and_the_call_panel_with_its_bar_chart(serve, browser, demo_host, tmp_path):
    from playwright.sync_api import expect

    label = demo_host.predict(demo_host.resolve(12)).label
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(serve() + "/")
    expect(page.locator("#status")).to_contain_text("backend: router")

    question = page.get_by_label("Your question")
    question.fill("what does the model predict for patient 12?")
    question.press("Enter")
    first = page.locator("li.msg.assistant").nth(0)
    expect(first.locator(".reply")).to_contain_text(f"The model predicts {label} for patient 12")
    expect(first).not_to_have_attribute("aria-busy", "true")
    expect(first.locator("details.calls summary")).to_have_text("1 function call: get_prediction")

    question.fill("why?")
    page.get_by_role("button", name="Send").click()
    second = page.locator("li.msg.assistant").nth(1)
    expect(second.locator(".reply")).to_contain_text("The features that matter most")
    panel = second.locator("details.calls")
    expect(panel.locator("summary")).to_have_text("1 function call: get_local_explanation")
    panel.locator("summary").click()
    call = panel.locator("section.call")
    expect(call.locator("h3")).to_contain_text("get_local_explanation")
    expect(call.locator("pre.arguments")).to_contain_text('"instance": 12')
    expect(call.locator("pre.output")).to_contain_text('"attributions"')
    bars = call.locator(".chart .bar")
    expect(bars).to_have_count(len(demo_host.schema().features))
    widths = [b.bounding_box()["width"] for b in bars.all()]
    assert max(widths) > 50 and widths == sorted(widths, reverse=True)
    assert call.locator(".bar.pos").count() and call.locator(".bar.neg").count()
    page.screenshot(path=str(tmp_path / "chat.png"), full_page=True)

    # Reloading the page resumes the session from the server's history.
    page.reload()
    expect(page.locator("li.msg.assistant")).to_have_count(2)
    expect(page.locator("li.msg.assistant").nth(1).locator("details.calls summary")).to_contain_text(
        "get_local_explanation"
    )
    assert errors == []


def test_the_page_asks_for_the_api_key_when_the_server_needs_one(serve, browser):
    from playwright.sync_api import expect

    page = browser.new_page()
    page.goto(serve(api_keys="page-test-key-123") + "/")
    expect(page.locator("#status")).to_contain_text("needs an API key")
    expect(page.locator("#key-box")).to_have_attribute("open", "")
    page.get_by_label("Key sent with every request").fill("page-test-key-123")
    page.get_by_label("Key sent with every request").press("Enter")
    page.get_by_label("Your question").fill("how accurate is the model?")
    page.get_by_role("button", name="Send").click()
    expect(page.locator("li.msg.assistant .reply")).to_contain_text("accuracy")
