"""The web chat page in real headless Chromium: ask, see the reply, open the call panel, see the bar chart."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import CHROMIUM, CHROMIUM_ARGS, free_port

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

    def start(
        *, host: Any = None, backend: Any = None, delays: dict[str, tuple[float, float]] | None = None, **settings: Any
    ) -> str:
        port = free_port()
        settings.setdefault("db_path", str(tmp_path / f"{port}.db"))
        app = create_app(ServerSettings(**settings), host=host or demo_host, backend=backend or load_backend("router"))
        if delays:
            _delay(app, delays)
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


def _delay(app: Any, delays: dict[str, tuple[float, float]]) -> None:
    """Make the requests whose path ends with a key wait (seconds before handling, seconds after), as a loaded
    machine does; the other requests run at once."""
    import asyncio

    @app.middleware("http")
    async def wait(request: Any, call_next: Any) -> Any:
        before, after = next((d for end, d in delays.items() if request.url.path.endswith(end)), (0.0, 0.0))
        await asyncio.sleep(before)
        response = await call_next(request)
        await asyncio.sleep(after)
        return response


@pytest.fixture(scope="module")
def _chromium() -> Iterator[Any]:
    # One Playwright driver and one Chromium for the module: starting both cost about 1.3 s of CPU per test,
    # a page in a fresh context about 0.15 s.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def browser(_chromium: Any) -> Iterator[Any]:
    """The module's Chromium; each page a test opens (`new_page`) has a context of its own, closed after the test,
    so no cookie, storage or page is left for the next test."""
    assert _chromium.is_connected(), "the module's Chromium has gone"
    assert not _chromium.contexts, "a page of an earlier test is still open"
    try:
        yield _chromium
    finally:
        for context in _chromium.contexts:
            context.close()


def _page(browser, **viewport: Any) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport=viewport or {"width": 1100, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page, errors


def _ask(page: Any, text: str, index: int) -> Any:
    from playwright.sync_api import expect

    question = page.get_by_label("Your question")
    question.fill(text)
    question.press("Enter")
    answer = page.locator("li.msg.assistant").nth(index)
    expect(answer).not_to_have_attribute("aria-busy", "true", timeout=30_000)
    return answer


def test_ask_see_the_reply_its_picture_and_the_folded_call_panel(serve, browser, demo_host, tmp_path):
    from playwright.sync_api import expect

    label = demo_host.predict(demo_host.resolve(12)).label
    page, errors = _page(browser)
    page.goto(serve() + "/")
    expect(page.locator("#status")).to_contain_text("backend: router")

    first = _ask(page, "what does the model predict for patient 12?", 0)
    expect(first.locator(".reply")).to_contain_text(f"The model predicts {label} for patient 12")
    expect(first.locator("details.calls summary")).to_have_text("1 function call: get_prediction")
    expect(first.locator("figure.picture figcaption")).to_have_text(f"Predicted {label} for patient 12")

    second = _ask(page, "why?", 1)
    expect(second.locator(".reply")).to_contain_text("The features that matter most")
    expect(second.locator(".reply")).to_contain_text("in log-odds, the model's score before it becomes a probability")
    # The picture is shown inline; the raw JSON is folded away.
    bars = second.locator("figure.picture .chart .bar")
    expect(bars).to_have_count(len(demo_host.schema().features))
    widths = [b.bounding_box()["width"] for b in bars.all()]
    assert max(widths) > 50 and widths == sorted(widths, reverse=True)
    assert second.locator(".bar.pos").count() and second.locator(".bar.neg").count()
    expect(second.locator("figure.picture .note")).to_contain_text("Bars are in log-odds")
    panel = second.locator("details.calls")
    expect(panel.locator("pre.output")).to_be_hidden()
    panel.locator("summary").click()
    call = panel.locator("section.call")
    expect(call.locator("h3")).to_contain_text("get_local_explanation")
    expect(call.locator("pre.arguments")).to_contain_text('"instance": 12')
    expect(call.locator("pre.output")).to_contain_text('"attributions"')
    page.screenshot(path=str(tmp_path / "chat.png"), full_page=True)

    # Reloading the page resumes the session from the server's history, pictures included.
    page.reload()
    expect(page.locator("li.msg.assistant")).to_have_count(2)
    expect(page.locator("li.msg.assistant").nth(1).locator("details.calls summary")).to_contain_text(
        "get_local_explanation"
    )
    expect(page.locator("li.msg.assistant").nth(1).locator("figure.picture")).to_have_count(1)
    assert errors == []


def _calls_backend() -> Any:
    """A backend that runs the call a message spells out (`call NAME {json}`), independent of the router."""
    import json

    from simxai.backends.testing import FunctionBackend, call, reply

    def respond(request: Any) -> Any:
        last = request.messages[-1]
        if last.role != "user":
            return reply("")  # after the results: the engine renders them
        name, _, arguments = last.content.removeprefix("call ").partition(" ")
        return reply("", call(name, **json.loads(arguments or "{}")))

    return FunctionBackend(respond, name="calls", writes_replies=False)


@pytest.mark.parametrize(
    ("message", "caption", "inside"),
    [
        ('call get_prediction {"instance": 12}', "Predicted", ".chart .bar"),
        ('call get_prediction {"instance": "age > 60"}', "Predictions for the", ".chart .bar"),
        ("call get_global_explanation", "Which features matter most overall", ".chart .bar"),
        ('call get_global_explanation {"label": "stable"}', "overall for predicting stable", ".chart .bar"),
        ('call explain_why_not {"instance": 12}', "Why not", "table.grid td.hit"),
        ('call explain_how_to_be_that {"instance": 12}', "How to get", "table.grid td.hit"),
        ('call explain_what_if {"instance": 12, "changes": {"bmi": 30}}', "What if, for patient 12", ".chart .bar"),
        ('call explain_how_to_still_be_this {"instance": 12}', "stays", ".range-track .marker"),
        ('call get_model_performance {"metric": "all"}', " patients)", "table.grid td.hit"),  # the host's plural
        (
            'call get_model_performance {"metric": "recall", "label": "stable"}',
            "How well the model does",
            "table.grid th:text-is('recall of stable')",
        ),
        ('call get_data_information {"feature": "bmi"}', "bmi in the data, by recorded label", ".hist .seg"),
        ('call get_data_information {"feature": "sex"}', "sex in the data, by recorded label", "table.grid td"),
        ("call get_data_information", "Recorded labels in the", ".chart .bar"),
        (
            'call get_data_information {"feature": "bmi", "group": "bmi > 30"}',
            "bmi among the 95 patients with bmi > 30 (of 442)",
            ".hist .seg",
        ),
        ('call get_data_information {"group": "age > 60"}', "Recorded labels among the 86 patients", ".chart .bar"),
    ],
)
def test_every_kind_of_result_has_its_picture(serve, browser, demo_host, message, caption, inside):
    from playwright.sync_api import expect

    page, errors = _page(browser)
    page.goto(serve(backend=_calls_backend()) + "/")
    answer = _ask(page, message, 0)
    picture = answer.locator("figure.picture").first
    expect(picture.locator("figcaption").first).to_contain_text(caption)
    assert picture.locator(inside).count() > 0
    assert errors == []


def test_a_relative_what_if_shows_the_new_value_at_the_datas_precision(serve, browser, demo_host):
    from playwright.sync_api import expect

    glucose = demo_host.resolve(12).values["glucose"]
    page, errors = _page(browser)
    page.goto(serve(backend=_calls_backend()) + "/")
    answer = _ask(page, 'call explain_what_if {"instance": 12, "changes": {"glucose": "+33.33%"}}', 0)
    expect(answer.locator("figure.picture td.hit")).to_have_text(f"{glucose * 1.3333:.0f}")  # recorded in integers
    expect(answer.locator(".reply")).to_contain_text(f"from {glucose:.0f} to {glucose * 1.3333:.0f}:")
    assert errors == []


def test_a_question_sent_while_the_page_starts_keeps_its_answer(serve, browser, demo_host):
    """On a slow server the page is still starting (reading the host, then resuming or creating a session) when
    the question is sent; the start-up must not replace the log under the pending answer nor start a second
    session."""
    from playwright.sync_api import expect

    label = demo_host.predict(demo_host.resolve(12)).label
    page, errors = _page(browser)
    # The start-up reads the host for a second; the turn is still running when that ends.
    page.goto(serve(backend=_calls_backend(), delays={"/v1/host": (0.0, 1.0), "/messages": (2.0, 0.0)}) + "/")
    answer = _ask(page, 'call get_prediction {"instance": 12}', 0)
    expect(answer.locator(".reply")).to_contain_text(f"The model predicts {label} for patient 12")
    expect(page.locator("li.msg.user")).to_have_count(1)
    page.reload()  # the turn is in the session the page kept
    expect(page.locator("li.msg.assistant")).to_have_count(1)
    expect(page.locator("li.msg.assistant .reply")).to_contain_text(f"The model predicts {label}")
    assert errors == []


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_newest_answer_and_its_picture_are_visible_after_four_turns(serve, browser, width, height, tmp_path):
    page, errors = _page(browser, width=width, height=height)
    page.goto(serve(backend=_calls_backend()) + "/")
    messages = [
        'call get_prediction {"instance": 12}',
        'call get_local_explanation {"instance": 12}',
        'call explain_what_if {"instance": 12, "changes": {"bmi": 30}}',
        'call get_model_performance {"metric": "all"}',
    ]
    for i, message in enumerate(messages):
        answer = _ask(page, message, i)
        page.wait_for_timeout(200)  # the smooth part of scrolling, if any
        bar_top = page.locator("form#ask").bounding_box()["y"]
        for part in (answer.locator(".reply"), answer.locator("figure.picture figcaption").first):
            box = part.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= bar_top, (message, box, bar_top)
    page.screenshot(path=str(tmp_path / f"four-turns-{width}.png"))
    page.reload()
    page.wait_for_timeout(300)
    last = page.locator("li.msg.assistant").nth(3)
    box = last.locator(".reply").bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.locator("form#ask").bounding_box()["y"]
    assert errors == []


def test_an_unreachable_server_fails_the_pending_bubble_in_plain_words(serve, browser):
    from playwright.sync_api import expect

    page, _ = _page(browser)
    url = serve(backend=_calls_backend())
    page.goto(url + "/")
    expect(page.locator("#status")).to_contain_text("backend: calls")
    page.wait_for_timeout(200)
    page.route("**/v1/sessions/**", lambda route: route.abort("connectionrefused"))
    page.get_by_label("Your question").fill("call get_global_explanation")
    page.get_by_label("Your question").press("Enter")
    bubble = page.locator("li.msg.assistant")
    expect(bubble).to_have_count(1)
    expect(bubble).to_have_class("msg assistant error")
    expect(bubble.locator(".reply")).to_have_text("The SimXAI server is not reachable — is `simxai serve` running?")
    expect(page.locator(".thinking")).to_have_count(0)


def test_the_empty_state_speaks_of_the_hosts_own_instances(serve, browser, loan_host):
    from playwright.sync_api import expect

    from simxai.hosts.sentiment import load_sentiment_host

    for host, expected in ((loan_host, "applicant 12"), (load_sentiment_host(), '"the acting was superb')):
        page, errors = _page(browser)
        page.goto(serve(host=host) + "/")
        expect(page.locator("#empty")).to_contain_text(expected)
        assert "patient" not in page.locator("#empty").inner_text()
        assert errors == []


def test_export_the_conversation_as_markdown_and_json(serve, browser):
    import json

    page, errors = _page(browser)
    page.goto(serve(backend=_calls_backend()) + "/")
    _ask(page, 'call get_prediction {"instance": 12}', 0)
    with page.expect_download() as markdown:
        page.get_by_role("button", name="Export .md").click()
    assert markdown.value.suggested_filename.endswith(".md")
    text = Path(markdown.value.path()).read_text(encoding="utf-8")
    assert '## 1. You\n\ncall get_prediction {"instance": 12}' in text and "The model predicts" in text
    with page.expect_download() as as_json:
        page.get_by_role("button", name="Export .json").click()
    history = json.loads(Path(as_json.value.path()).read_text(encoding="utf-8"))
    assert [t["calls"][0]["function"] for t in history["turns"]] == ["get_prediction"]
    assert errors == []


def test_the_api_docs_load_without_a_cdn(serve, browser):
    from playwright.sync_api import expect

    page, _ = _page(browser)
    url = serve()
    outside: list[str] = []

    def guard(route: Any) -> None:
        if route.request.url.startswith(url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", guard)
    page.goto(url + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("SimXAI", timeout=30_000)
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert outside == []


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


def test_the_claim_count_under_a_reply_agrees_in_number(serve, browser):
    from playwright.sync_api import expect

    from simxai.backends.testing import ScriptedBackend, call

    backend = ScriptedBackend(
        [
            call("get_model_performance", metric="accuracy"),
            "The accuracy is 0.73.",
            call("get_model_performance", metric="accuracy"),
            "The accuracy on 89 patients is 0.73.",
        ]
    )
    page, errors = _page(browser)
    page.goto(serve(backend=backend) + "/")
    expect(_ask(page, "how accurate is the model?", 0).locator(".meta")).to_contain_text(" · 1 claim checked")
    expect(_ask(page, "and on how many patients?", 1).locator(".meta")).to_contain_text(" · 2 claims checked")
    assert not errors


def test_a_routers_rendering_says_it_is_built_from_the_outputs_not_a_claim_count(serve, browser):
    # The guard does not re-read SimXAI's own rendering on the live path: the page says what the reply is.
    from playwright.sync_api import expect

    page, errors = _page(browser)
    page.goto(serve() + "/")
    meta = _ask(page, "what does the model predict for patient 12?", 0).locator(".meta")
    expect(meta).to_contain_text("router · ")
    expect(meta).to_contain_text(" · built from the outputs")
    expect(meta).not_to_contain_text("checked")
    assert not errors


def test_the_status_line_says_the_router_is_offline_and_no_llm(serve, browser):
    from playwright.sync_api import expect

    page, errors = _page(browser)
    page.goto(serve() + "/")
    expect(page.locator("#status")).to_contain_text("backend: router (offline, no LLM)")
    assert "no language model" in (page.locator("#status").get_attribute("title") or "")
    other, _ = _page(browser)
    other.goto(serve(backend=_calls_backend()) + "/")
    expect(other.locator("#status")).to_contain_text("backend: calls")
    assert "offline" not in other.locator("#status").inner_text()
    assert errors == []


# Every word of every table cell on one line: a word broken across lines ("excell / ent") has two boxes.
_BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll("table.grid th, table.grid td")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


def test_table_cells_on_a_phone_do_not_break_a_label_inside_a_word(serve, browser, loan_host):
    page, errors = _page(browser, width=390, height=844)
    page.goto(serve(host=loan_host, backend=_calls_backend()) + "/")
    answer = _ask(page, 'call get_model_performance {"metric": "all"}', 0)
    assert answer.locator("table.grid th").count() > 2
    assert page.evaluate(_BROKEN_WORDS) == []
    assert errors == []


def test_a_metric_of_exactly_one_reads_1_000_in_the_reply_and_the_table(serve, browser):
    # an invented host the model separates perfectly: every metric on its held-out split is exactly 1
    import numpy as np
    import pandas as pd
    from playwright.sync_api import expect
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts import host_from_model

    depth = np.linspace(1, 40, 120).round(1)
    data = pd.DataFrame({"dive_id": np.arange(301, 421), "DepthM": depth, "aborted": (depth > 20).astype(int)})
    model = DecisionTreeClassifier(random_state=0).fit(data[["DepthM"]], data.aborted)
    host = host_from_model(
        model,
        data,
        name="dives",
        target="aborted",
        instance_noun="dive",
        id_column="dive_id",
        test_ids=data.dive_id[::4],
    )
    page, errors = _page(browser)
    page.goto(serve(host=host, backend=_calls_backend()) + "/")
    answer = _ask(page, 'call get_model_performance {"metric": "precision"}', 0)
    expect(answer.locator(".reply")).to_contain_text("is 1.000.")
    expect(answer.locator("table.grid td").first).to_have_text("1.000")
    assert errors == []


def _halts_host() -> Any:
    """An invented host (cable-car halts): a long feature name joined by underscores, and a mean by label that is an
    exact tie at three decimals (1.0625 for the label `halted`)."""
    import numpy as np
    import pandas as pd
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts import host_from_model

    rows = np.arange(120)
    halted = rows % 2 == 0
    data = pd.DataFrame(
        {
            "halt_no": np.arange(50001, 50121),
            "days_since_inspection": np.where(halted, np.where(rows // 2 % 2 == 0, 1.0, 1.125), 30.0),
            "wind_speed_ms": np.linspace(0, 20, 120).round(1),
            "stopped": np.where(halted, "halted", "running"),
        }
    )
    model = DecisionTreeClassifier(max_depth=2, random_state=0)
    model.fit(data[["days_since_inspection", "wind_speed_ms"]], data.stopped)
    return host_from_model(model, data, name="halts", target="stopped", instance_noun="halt", id_column="halt_no")


# Every part of every bar label on one line: a name breaks after its underscores, never inside a part of it.
_BROKEN_LABELS = """() => {
  const broken = [];
  for (const label of document.querySelectorAll(".bar-row .feat")) {
    const node = label.firstChild;
    for (const match of node.data.matchAll(/[^\\s\\u200b]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (range.getClientRects().length > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


def test_bar_labels_on_a_phone_break_after_an_underscore_not_inside_a_word(serve, browser):
    page, errors = _page(browser, width=390, height=844)
    page.goto(serve(host=_halts_host(), backend=_calls_backend()) + "/")
    answer = _ask(page, 'call get_local_explanation {"instance": 50002}', 0)
    assert answer.locator(".bar-row .feat").count() == 2
    assert page.evaluate(_BROKEN_LABELS) == []
    titles = {answer.locator(".bar-row .feat").nth(i).get_attribute("title") for i in range(2)}
    assert "days_since_inspection = 30" in titles  # the title keeps the name as it is, with no break marks
    assert errors == []


def test_a_mean_at_an_exact_tie_reads_the_same_in_the_reply_and_the_picture(serve, browser):
    from playwright.sync_api import expect

    page, errors = _page(browser)
    page.goto(serve(host=_halts_host(), backend=_calls_backend()) + "/")
    answer = _ask(page, 'call get_data_information {"feature": "days_since_inspection"}', 0)
    expect(answer.locator(".reply")).to_contain_text("halted 1.062")
    expect(answer.locator("p.legend")).to_contain_text("halted (mean 1.062)")
    assert errors == []
