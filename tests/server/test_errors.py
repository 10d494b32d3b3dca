"""Bad input and failures: each gets its status and a clear message, and no stack trace reaches a client."""

from __future__ import annotations

import logging

import pytest

from simxai.backends.testing import FunctionBackend, ScriptedBackend
from simxai.exceptions import BackendHTTPError

from .helpers import new_session, say, serving, unreachable_backend


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({}, "content: Field required"),
        ({"content": 12}, "content: Input should be a valid string"),
        ({"content": "   "}, "the message is empty"),
        ({"content": "hi", "role": "user"}, "role: Extra inputs are not permitted"),
        (
            [{"content": "hi"}],
            "the body must be a JSON object of the request's fields (listed at /docs); it was a JSON list",
        ),
    ],
)
async def test_wrong_json_shape_is_422_naming_the_field(client, body, needle):
    session_id = await new_session(client)
    response = await client.post(f"/v1/sessions/{session_id}/messages", json=body)
    assert response.status_code == 422
    assert response.json()["type"] == "validation_error"
    assert needle in response.json()["error"], response.json()


async def test_invalid_json_is_422(client):
    session_id = await new_session(client)
    response = await client.post(
        f"/v1/sessions/{session_id}/messages",
        content=b'{"content": ',
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 422 and "not valid JSON" in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"content": "hi \xff"}', "the body is not UTF-8 text (invalid start byte at byte 16)"),
        (b"[" * 10_000 + b"]" * 10_000, "the JSON body is nested too deeply"),
        (b'{"content": 1' + b"0" * 5_000 + b"}", "a number in the JSON body has more than 4300 digits"),
    ],
)
async def test_a_body_that_cannot_be_decoded_is_400_saying_why(client, body, message):
    # FastAPI's own message for these is only "There was an error parsing the body".
    session_id = await new_session(client)
    response = await client.post(
        f"/v1/sessions/{session_id}/messages", content=body, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json() == {"error": f"Invalid request: {message}.", "type": "bad_request"}


async def test_an_unpaired_surrogate_is_422_not_500(client):
    # JSON may escape half a UTF-16 pair; such text cannot be stored or sent on as UTF-8 (it was a 500).
    session_id = await new_session(client)
    body = b'{"content": "predict patient 12 \\ud800"}'
    headers = {"Content-Type": "application/json"}
    response = await client.post(f"/v1/sessions/{session_id}/messages", content=body, headers=headers)
    assert response.status_code == 422
    assert "unpaired surrogate \\ud800 at character 19" in response.json()["error"]
    chat = b'{"messages": [{"role": "user", "content": "predict patient 12 \\ud800"}]}'
    response = await client.post("/v1/chat/completions", content=chat, headers=headers)
    assert response.status_code == 422 and "unpaired surrogate" in response.json()["error"]["message"]
    assert (await client.get(f"/v1/sessions/{session_id}")).json()["turn_count"] == 0


async def test_a_message_over_the_limit_is_422_saying_the_limit(make_app):
    async with serving(make_app(max_message_chars=50)) as client:
        session_id = await new_session(client)
        response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "x" * 51})
        assert response.status_code == 422
        assert (
            response.json()["error"] == "Invalid request: content: the message is 51 characters long; the limit is 50."
        )
        assert (
            await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "hello " * 8})
        ).status_code == 200


async def test_a_body_over_the_limit_is_413_declared_or_streamed(make_app):
    async with serving(make_app(max_body_bytes=2048)) as client:
        session_id = await new_session(client)
        url = f"/v1/sessions/{session_id}/messages"
        declared = await client.post(url, json={"content": "x" * 3000})
        assert declared.status_code == 413
        assert declared.json() == {
            "error": "The request body is larger than the limit of 2048 bytes.",
            "type": "request_too_large",
        }

        async def chunks():  # no Content-Length: the limit must hold while reading
            for _ in range(4):
                yield b"x" * 1000

        streamed = await client.post(url, content=chunks(), headers={"Content-Type": "application/json"})
        assert streamed.status_code == 413
        openai = await client.post("/v1/chat/completions", json={"messages": [{"role": "user", "content": "x" * 3000}]})
        assert openai.status_code == 413 and "2048 bytes" in openai.json()["error"]["message"]


async def test_unknown_session_and_route_are_404(client):
    assert (await client.get("/v1/sessions/0123456789abcdef")).status_code == 404
    missing = await client.get("/v1/nothing-here")
    assert missing.status_code == 404 and missing.json() == {"error": "Not Found", "type": "not_found"}
    too_long = await client.get("/v1/sessions/" + "a" * 65)
    assert too_long.status_code == 422 and "session_id" in too_long.json()["error"]


async def test_backend_down_is_503_with_a_clear_message(make_app):
    async with serving(make_app(unreachable_backend())) as client:
        session_id = await new_session(client)
        response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "predict patient 3"})
        assert response.status_code == 503
        body = response.json()
        assert body["type"] == "backend_unavailable"
        assert body["error"].startswith("The language-model backend failed: openai:ToolACE: no answer from")
        assert "--fallback-to-router" in body["error"]
        metrics = (await client.get("/metrics")).text
        assert 'simxai_backend_errors_total{error="BackendUnavailableError",outcome="failed"} 1.0' in metrics


async def test_backend_http_error_is_503(make_app):
    async with serving(make_app(ScriptedBackend([BackendHTTPError(500, "CUDA out of memory")]))) as client:
        session_id = await new_session(client)
        response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "hello"})
        assert response.status_code == 503 and "HTTP 500" in response.json()["error"]
        # What the upstream said is for the log only (issue 14, item 8).
        assert "CUDA" not in response.text


async def test_backend_down_falls_back_to_the_router_when_enabled(make_app):
    async with serving(make_app(unreachable_backend(), fallback_to_router=True)) as client:
        session_id = await new_session(client)
        turn = await say(client, session_id, "what does the model predict for patient 12?")
        assert turn["backend"] == "router"
        assert turn["fallback"].startswith("router: openai:ToolACE failed")
        assert turn["calls"][0]["function"] == "get_prediction"
        metrics = (await client.get("/metrics")).text
        assert 'simxai_backend_errors_total{error="BackendError",outcome="fallback"} 1.0' in metrics


async def test_an_unexpected_error_is_500_without_a_stack_trace(make_app, caplog):
    def explode(request):
        raise RuntimeError("secret internal detail at /srv/app.py line 3")

    async with serving(make_app(FunctionBackend(explode))) as client:
        session_id = await new_session(client)
        with caplog.at_level(logging.ERROR, logger="simxai.server"):
            response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": "hello"})
            streamed = await client.post(
                f"/v1/sessions/{session_id}/messages",
                json={"content": "hello"},
                headers={"Accept": "text/event-stream"},
            )
    assert response.status_code == 500
    body = response.json()
    assert (
        body["type"] == "internal_error" and body["error"] == f"Internal server error (logged as {body['error_id']})."
    )
    for text in (response.text, streamed.text):
        assert "secret" not in text and "Traceback" not in text and "RuntimeError" not in text
    assert "event: error" in streamed.text
    # The operator still gets the whole story, under the id the client saw.
    logged = [r for r in caplog.records if body["error_id"] in r.getMessage()]
    assert logged and logged[0].exc_info is not None


async def test_cors_is_off_by_default_and_configurable(make_app, client):
    preflight = {"Origin": "https://host-app.example", "Access-Control-Request-Method": "POST"}
    plain = await client.options("/v1/sessions", headers=preflight)
    assert "access-control-allow-origin" not in plain.headers
    async with serving(make_app(cors_origins="https://host-app.example")) as cors_client:
        allowed = await cors_client.options("/v1/sessions", headers=preflight)
        assert allowed.status_code == 200
        assert allowed.headers["access-control-allow-origin"] == "https://host-app.example"
        created = await cors_client.post("/v1/sessions", headers={"Origin": "https://host-app.example"})
        assert created.headers["access-control-allow-origin"] == "https://host-app.example"
        other = await cors_client.options("/v1/sessions", headers={**preflight, "Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


def test_an_unreachable_session_store_is_503_with_retry_after():
    from simxai.exceptions import StoreUnavailableError
    from simxai.server.errors import STORE_RETRY_AFTER, classify, error_response

    info = classify(StoreUnavailableError("the session database postgresql://db/x cannot be reached"))
    response = error_response("/v1/sessions/abc/messages", info)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == str(STORE_RETRY_AFTER) and STORE_RETRY_AFTER >= 1
    assert b'"type":"store_unavailable"' in response.body and b"Try again shortly" in response.body
