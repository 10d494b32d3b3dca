"""Server-sent events: each call as it happens, reply deltas, then the stored turn (or a clear error)."""

from __future__ import annotations

import asyncio
import json

from simxai.backends.base import CompletionRequest, CompletionResponse
from simxai.backends.testing import FunctionBackend, ScriptedBackend, call, reply
from simxai.results import format_percent
from simxai.server.turns import event_stream, session_error, session_event, session_turn

from .helpers import new_session, parse_sse, say, serving, unreachable_backend

STREAM = {"Accept": "text/event-stream"}


async def test_a_turn_streams_calls_deltas_and_done(client):
    session_id = await new_session(client)
    await say(client, session_id, "what does the model predict for patient 12?")
    response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "why?"}, headers=STREAM)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = parse_sse(response.text)
    names = [name for name, _ in events]
    assert names[0] == "call" and names[-1] == "done"
    assert set(names[1:-1]) == {"delta"}

    first_call = json.loads(events[0][1])
    assert first_call["function"] == "get_local_explanation" and first_call["status"] == "ok"
    assert first_call["arguments"]["instance"] == 12 and first_call["output"]["attributions"]

    done = json.loads(events[-1][1])
    streamed = "".join(json.loads(data)["text"] for name, data in events if name == "delta")
    assert streamed == done["reply"]
    assert done["calls"][0] == first_call and done["turn"] == 2
    # The final event comes after the turn is stored: the history already has it.
    history = (await client.get(f"/v1/sessions/{session_id}")).json()
    assert history["turns"][-1] == done


async def test_every_call_of_a_multi_call_turn_is_an_event(make_app, demo_host):
    labels = {i: demo_host.predict(demo_host.resolve(i)).label for i in (3, 4)}
    text = " ".join(
        f"Patient {i}: {labels[i]} "
        f"({format_percent(demo_host.predict(demo_host.resolve(i)).probabilities[labels[i]])})."
        for i in (3, 4)
    )
    backend = ScriptedBackend(
        [[call("get_prediction", "a", instance=3), call("get_prediction", "b", instance=4)], text]
    )
    async with serving(make_app(backend)) as client:
        session_id = await new_session(client)
        response = await client.post(
            f"/v1/sessions/{session_id}/messages",
            json={"content": "compare patients 3 and 4"},
            headers=STREAM,
        )
        calls = [json.loads(d) for name, d in parse_sse(response.text) if name == "call"]
        assert [(c["id"], c["arguments"]["instance"]) for c in calls] == [("a", 3), ("b", 4)]
        done = json.loads(parse_sse(response.text)[-1][1])
        assert done["reply"] == text and done["faithfulness"]["passed"]
    backend.assert_complete()


async def test_a_failing_backend_streams_an_error_event_and_stores_nothing(make_app):
    async with serving(make_app(unreachable_backend())) as client:
        session_id = await new_session(client)
        response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "hi"}, headers=STREAM)
        assert response.status_code == 200  # the stream had started; the failure is its last event
        events = parse_sse(response.text)
        assert [name for name, _ in events] == ["error"]
        error = json.loads(events[0][1])
        assert error["status"] == 503 and error["type"] == "backend_unavailable"
        assert "127.0.0.1:9" in error["error"] and "--fallback-to-router" in error["error"]
        assert "Traceback" not in response.text
        assert (await client.get(f"/v1/sessions/{session_id}")).json()["turn_count"] == 0


async def test_stream_errors_before_the_turn_are_plain_json(client):
    response = await client.post("/v1/sessions/nope/messages", json={"content": "why?"}, headers=STREAM)
    assert response.status_code == 404 and response.headers["content-type"] == "application/json"


def _slow_backend(seconds: float) -> FunctionBackend:
    async def respond(request: CompletionRequest) -> CompletionResponse:
        await asyncio.sleep(seconds)
        if request.messages[-1].role == "tool":
            return reply("Done.")
        return reply("", call("get_prediction", instance=3))

    return FunctionBackend(respond)


async def test_a_slow_turn_gets_keep_alive_comments(make_app, monkeypatch):
    monkeypatch.setattr("simxai.server.turns.KEEPALIVE_SECONDS", 0.05)
    async with serving(make_app(_slow_backend(0.2), guard=False)) as client:
        session_id = await new_session(client)
        response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "x"}, headers=STREAM)
        assert ": keep-alive\n\n" in response.text
        assert [name for name, _ in parse_sse(response.text)][-1] == "done"


async def test_a_turn_is_stored_even_if_the_client_leaves_mid_stream(make_app):
    app = make_app(_slow_backend(0.05), guard=False)
    async with serving(app) as client:
        session_id = await new_session(client)
        state = app.state.simxai

        async def run(sink):
            return [(await session_turn(state, session_id, "predict patient 3", on_event=sink)).encode()]

        stream = event_stream(state, run, session_event, session_error)
        first = await anext(stream)  # the call event; then the client goes away
        assert first.startswith(b"event: call")
        await stream.aclose()
        await asyncio.wait(set(state.tasks), timeout=10)
        history = (await client.get(f"/v1/sessions/{session_id}")).json()
        assert history["turn_count"] == 1 and history["turns"][0]["reply"] == "Done."
