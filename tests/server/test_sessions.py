"""Sessions: the create → turns → history → delete cycle, restarts, bounds, serialisation and isolation."""

from __future__ import annotations

import asyncio
import sqlite3

from simxai.backends.base import CompletionRequest, CompletionResponse
from simxai.backends.testing import FunctionBackend, call, reply
from simxai.guard import Vocabulary, check_claims

from .helpers import new_session, say, serving


async def test_three_turns_with_a_follow_up_and_the_history(client, demo_host):
    created = await client.post("/v1/sessions")
    assert created.status_code == 201
    session_id = created.json()["session_id"]
    assert set(created.json()) == {"session_id", "created_at"}

    first = await say(client, session_id, "what does the model predict for patient 12?")
    prediction = demo_host.predict(demo_host.resolve(12))
    assert first["calls"][0]["function"] == "get_prediction"
    assert first["calls"][0]["arguments"] == {"instance": 12}
    assert first["calls"][0]["output"]["label"] == prediction.label
    assert prediction.label in first["reply"]
    assert first["backend"] == "router" and first["clarification"] is None
    assert first["faithfulness"]["passed"] is True and first["turn"] == 1

    why = await say(client, session_id, "why?")
    assert [c["function"] for c in why["calls"]] == ["get_local_explanation"]
    assert why["calls"][0]["arguments"]["instance"] == 12  # the follow-up resolved to the same patient
    assert why["calls"][0]["output"]["attributions"]

    what_if = await say(client, session_id, "what if her bmi were 30?")
    assert what_if["calls"][0]["function"] == "explain_what_if"
    assert what_if["calls"][0]["arguments"] == {"instance": 12, "changes": {"bmi": 30}}

    for turn in (first, why, what_if):
        assert set(turn) >= {"reply", "calls", "clarification", "faithfulness", "backend"}
        for c in turn["calls"]:
            assert set(c) >= {"function", "arguments", "output", "status"}

    history = (await client.get(f"/v1/sessions/{session_id}")).json()
    assert history["session_id"] == session_id and history["turn_count"] == 3
    assert [t["user"] for t in history["turns"]] == [
        "what does the model predict for patient 12?",
        "why?",
        "what if her bmi were 30?",
    ]
    assert [t["reply"] for t in history["turns"]] == [first["reply"], why["reply"], what_if["reply"]]
    assert history["turns"][1]["calls"] == why["calls"]
    assert history["state"]["instance"] == 12


async def test_delete_then_unknown(client):
    session_id = await new_session(client)
    await say(client, session_id, "how accurate is the model?")
    deleted = await client.delete(f"/v1/sessions/{session_id}")
    assert deleted.status_code == 204 and deleted.content == b""
    for response in (
        await client.get(f"/v1/sessions/{session_id}"),
        await client.delete(f"/v1/sessions/{session_id}"),
        await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "why?"}),
    ):
        assert response.status_code == 404
        assert session_id in response.json()["error"] and "POST /v1/sessions" in response.json()["error"]


async def test_a_session_survives_a_restart(make_app, db_path):
    async with serving(make_app()) as client:
        session_id = await new_session(client)
        await say(client, session_id, "what does the model predict for patient 40?")
        before = (await client.get(f"/v1/sessions/{session_id}")).json()

    # The WAL journal is in use, and the committed turn is visible to any new connection.
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT COUNT(*) FROM turns").fetchone()[0] == 1

    async with serving(make_app()) as client:
        after = (await client.get(f"/v1/sessions/{session_id}")).json()
        assert after == before
        why = await say(client, session_id, "why?")
        assert why["calls"][0]["function"] == "get_local_explanation"
        assert why["calls"][0]["arguments"]["instance"] == 40
        assert why["turn"] == 2


async def test_history_is_bounded_at_turn_boundaries(make_app, db_path):
    async with serving(make_app(max_history_messages=10)) as client:
        session_id = await new_session(client)
        await say(client, session_id, "what does the model predict for patient 7?")
        for _ in range(5):
            await say(client, session_id, "why?")
        history = (await client.get(f"/v1/sessions/{session_id}")).json()
        # A router turn adds four messages (user, call, result, reply): at most two turns fit in ten.
        assert history["turn_count"] == 6
        assert [t["turn"] for t in history["turns"]] == [5, 6]
        # The state outlives the dropped turns: "why?" still means patient 7.
        assert (await say(client, session_id, "why?"))["calls"][0]["arguments"]["instance"] == 7
    with sqlite3.connect(db_path) as db:
        counts = [n for (n,) in db.execute("SELECT n_messages FROM turns WHERE session_id = ?", (session_id,))]
    assert sum(counts) <= 10 and len(counts) == 2


def _slow_prediction_backend(active: list[int], peak: list[int]) -> FunctionBackend:
    """A backend that takes 20 ms per completion and records how many completions overlap."""

    async def respond(request: CompletionRequest) -> CompletionResponse:
        active[0] += 1
        peak[0] = max(peak[0], active[0])
        try:
            await asyncio.sleep(0.02)
        finally:
            active[0] -= 1
        if request.messages[-1].role == "tool":
            return reply("Done.")
        return reply("", call("get_prediction", instance=3))

    return FunctionBackend(respond)


async def test_concurrent_messages_to_one_session_run_one_at_a_time(make_app):
    active, peak = [0], [0]
    async with serving(make_app(_slow_prediction_backend(active, peak), guard=False)) as client:
        session_id = await new_session(client)
        turns = await asyncio.gather(*(say(client, session_id, f"predict patient 3, take {i}") for i in range(6)))
        assert peak[0] == 1
        assert sorted(t["turn"] for t in turns) == [1, 2, 3, 4, 5, 6]
        history = (await client.get(f"/v1/sessions/{session_id}")).json()
        assert history["turn_count"] == 6 and len(history["turns"]) == 6


async def test_different_sessions_run_concurrently(make_app):
    active, peak = [0], [0]
    async with serving(make_app(_slow_prediction_backend(active, peak), guard=False)) as client:
        ids = [await new_session(client) for _ in range(4)]
        await asyncio.gather(*(say(client, s, "predict patient 3") for s in ids))
        assert peak[0] > 1


async def test_sessions_never_see_each_others_state(client):
    a, b = await new_session(client), await new_session(client)
    await say(client, a, "what does the model predict for patient 12?")
    await say(client, b, "what does the model predict for patient 40?")
    why_a, why_b = await asyncio.gather(say(client, a, "why?"), say(client, b, "why?"))
    assert why_a["calls"][0]["arguments"]["instance"] == 12
    assert why_b["calls"][0]["arguments"]["instance"] == 40
    history_b = (await client.get(f"/v1/sessions/{b}")).json()
    assert all("12" not in t["user"] for t in history_b["turns"])
    fresh = await new_session(client)
    clarify = await say(client, fresh, "why?")
    assert clarify["clarification"] is not None and clarify["clarification"]["missing"] == ["instance"]
    assert clarify["calls"][0]["status"] == "clarification"


async def test_clarification_then_answer(client):
    session_id = await new_session(client)
    question = await say(client, session_id, "why was this predicted?")
    assert question["clarification"]["missing"] == ["instance"]
    assert "Which patient" in question["reply"]
    answer = await say(client, session_id, "patient 5")
    assert answer["clarification"] is None
    assert answer["calls"][0]["function"] == "get_local_explanation"
    assert answer["calls"][0]["arguments"]["instance"] == 5


async def test_the_answer_after_a_clarification_reports_on_its_own_reply(client, demo_host):
    session_id = await new_session(client)
    question = await say(client, session_id, "what does the model predict for patient 5001?")
    assert question["clarification"]["missing"] == ["instance"] and "no patient 5001" in question["reply"]
    assert question["faithfulness"]["passed"] and question["faithfulness"]["claims"] == []
    assert not question["faithfulness"]["rendered"]  # a question is no rendering of outputs
    label = demo_host.predict(demo_host.resolve(12)).label
    for answer_text in ("predict patient 12", "12"):
        answer = await say(client, session_id, answer_text)
        assert [(c["function"], c["arguments"]) for c in answer["calls"]] == [("get_prediction", {"instance": 12})]
        report = answer["faithfulness"]
        assert report["passed"] and not report["fallback_used"] and report["unsupported"] == [], report
        # The router's own rendering: the served report says so (the guard does not re-read it live) ...
        assert report["rendered"] and report["claims"] == [] and f"predicts {label} for patient 12" in answer["reply"]
        # ... and the guard, reading the reply against the call's output, finds its prediction supported.
        outputs = [c["output"] for c in answer["calls"]]
        checked = check_claims(answer["reply"], outputs, vocabulary=Vocabulary.for_schema(demo_host.schema()))
        assert checked.passed and f"prediction {label}" in checked.claims, checked
        if answer_text == "predict patient 12":
            await say(client, session_id, "what does the model predict for patient 5001?")  # asked again
