"""Progress: a slow call streams `progress` events, and `/readyz` reports the host's start-up work."""

from __future__ import annotations

import asyncio
import json
import threading
import time

from simxai.backends.testing import ScriptedBackend, call, reply
from simxai.hosts.demo import build_demo_host
from simxai.hosts.sentiment import load_sentiment_host
from simxai.server.app import create_app
from simxai.server.settings import ServerSettings
from simxai.server.warmup import Warmup, start_warmup

from .helpers import new_session, parse_sse, serving

STREAM = {"Accept": "text/event-stream"}


async def test_a_slow_function_call_streams_progress_events(db_path, monkeypatch):
    monkeypatch.setattr("simxai.server.turns.PROGRESS_SECONDS", 0.05)
    host = build_demo_host()
    original = host.global_explanation

    def slow(label):
        time.sleep(0.4)
        return original(label)

    monkeypatch.setattr(host, "global_explanation", slow)
    backend = ScriptedBackend([reply("", call("get_global_explanation")), reply("Done.")])
    app = create_app(ServerSettings(db_path=db_path), host=host, backend=backend)
    async with serving(app) as client:
        session_id = await new_session(client)
        response = await client.post(
            f"/v1/sessions/{session_id}/messages", json={"content": "what matters most?"}, headers=STREAM
        )
    events = parse_sse(response.text)
    names = [name for name, _ in events]
    progress = [json.loads(data) for name, data in events if name == "progress"]
    # Progress arrives while the call runs, before its `call` event, and never after the end.
    assert len(progress) >= 3, names
    assert names.index("progress") < names.index("call") and names[-1] == "done"
    elapsed = [p["elapsed_s"] for p in progress]
    assert elapsed == sorted(elapsed) and all("still working" in p["message"] for p in progress)


async def test_the_openai_stream_sends_no_progress_events(make_app, monkeypatch):
    monkeypatch.setattr("simxai.server.turns.PROGRESS_SECONDS", 0.01)

    async with serving(make_app()) as client:
        body = {"model": "simxai", "stream": True, "messages": [{"role": "user", "content": "predict patient 3"}]}
        response = await client.post("/v1/chat/completions", json=body)
    assert response.status_code == 200
    assert "event: progress" not in response.text


async def test_readyz_reports_the_start_up_work(make_app):
    async with serving(make_app()) as client:
        for _ in range(200):
            body = (await client.get("/readyz")).json()
            if body["warmup"]["finished"]:
                break
            assert body["warmup"]["done"] <= body["warmup"]["total"]
            await asyncio.sleep(0.05)
        assert body["warmup"]["finished"] and body["warmup"]["step"] == "done"
        assert body["warmup"]["total"] >= 4 and body["warmup"]["done"] == body["warmup"]["total"]


async def test_readyz_reports_a_text_hosts_start_up_steps(db_path):
    app = create_app(ServerSettings(db_path=db_path), host=load_sentiment_host(), backend=ScriptedBackend([]))
    steps = set()
    async with serving(app) as client:
        # a guard against a hang only (3 min): the text host's warm-up took over the former 60 s on a loaded 2-core
        # machine with two test workers, and the test failed with the start-up still running
        for _ in range(3600):
            body = (await client.get("/readyz")).json()
            steps.add(body["warmup"]["step"])
            if body["warmup"]["finished"]:
                break
            assert body["warmup"]["total"] in (0, 6) and body["warmup"]["done"] <= body["warmup"]["total"]
            await asyncio.sleep(0.05)
    assert body["warmup"]["finished"] and "error" not in body["warmup"]
    assert body["warmup"]["step"] == "done" and body["warmup"]["done"] == body["warmup"]["total"] == 6
    assert steps <= {
        "starting",
        "loading shap",
        "compiling the explainer",
        "predicting every text",
        "held-out metrics",
        "data statistics",
        "global explanation",
        "ready",
        "done",
    }


def test_warmup_reports_each_step_and_a_failure() -> None:
    class Host:
        def __init__(self, fail: bool) -> None:
            self.fail = fail

        def warm(self, progress) -> None:
            progress("first", 0, 2)
            if self.fail:
                raise ValueError("no data")
            progress("second", 1, 2)
            progress("ready", 2, 2)

    for fail in (False, True):
        warmup = start_warmup(Host(fail))  # type: ignore[arg-type]
        for _ in range(200):
            if warmup.finished:
                break
            time.sleep(0.01)
        body = warmup.body()
        assert body["finished"] and warmup.text() is None
        if fail:
            assert body["error"] == "ValueError: no data" and body["step"] == "first"
        else:
            assert body["step"] == "done" and body["done"] == 2 and "error" not in body
    fresh = Warmup()
    fresh.report("global explanation", 3, 5)
    assert fresh.text() == "the host is still computing its start-up work: global explanation (3/5 done)"


class _EndlessHost:
    """A host whose start-up work has no end: a step every 10 ms until it is stopped."""

    def __init__(self) -> None:
        self.steps = 0

    def warm(self, progress) -> None:
        while True:
            progress(f"step {self.steps}", self.steps, 10**6)
            self.steps += 1
            time.sleep(0.01)


def test_stopping_the_start_up_work_ends_its_thread_at_the_next_step() -> None:
    host = _EndlessHost()
    warmup = start_warmup(host)  # type: ignore[arg-type]
    assert warmup.running
    assert warmup.stop(timeout=5) and not warmup.running
    steps = host.steps
    time.sleep(0.05)
    assert host.steps == steps
    body = warmup.body()
    assert body["finished"] and body["error"].startswith("the app stopped before 'step ")


async def test_an_app_stops_its_hosts_start_up_work_when_it_stops(make_app, demo_host, monkeypatch):
    # The work must not outlive its app: in one test process it would run on into the next tests.
    endless = _EndlessHost()
    monkeypatch.setattr(demo_host, "warm", endless.warm)
    app = make_app()
    async with serving(app) as client:
        assert (await client.get("/healthz")).status_code == 200
        warmup = app.state.simxai.warmup
        assert warmup.running
    assert not warmup.running and warmup.finished and "the app stopped" in warmup.body()["error"]


async def test_a_call_waiting_on_the_start_up_work_is_refused_at_its_budget(db_path, monkeypatch):
    # While the start-up work builds the global explanation, a call asking for it waits for it and reaches
    # no budget check; the pool refuses it at its budget all the same, and the next call is served.
    host = build_demo_host()
    original = host.global_explanation
    built = threading.Event()

    def waiting(label):
        built.wait(30)
        return original(label)

    monkeypatch.setattr(host, "global_explanation", waiting)
    settings = ServerSettings(db_path=db_path, call_seconds=0.3, workers=2)
    app = create_app(settings, host=host, backend=ScriptedBackend([]))
    async with serving(app) as client:
        refused = await client.post("/v1/functions/get_global_explanation", json={})
        assert refused.status_code == 422 and refused.json()["type"] == "budget_exceeded", refused.text
        assert not built.is_set()  # refused while the call still waited
        built.set()
        served = await client.post("/v1/functions/get_prediction", json={"instance": 3})
        assert served.status_code == 200, served.text
