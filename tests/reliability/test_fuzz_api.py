"""Bad input to the HTTP API: a schemathesis fuzz run over the OpenAPI schema, and hand-made hostile bodies.

The fuzz run drives the app in process (`schemathesis.openapi.from_asgi`) with the demo host and the offline
router, generating valid and invalid requests for every operation; for the routes behind a path parameter,
some requests use a live session id or a registered function name so that the generated bodies reach the
engine and the functions instead of a 404. No response may be a 5xx, and every error names what was wrong
without a stack trace.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from simxai.backends import load_backend
from simxai.functions import default_registry
from simxai.server.app import create_app
from simxai.server.settings import ServerSettings

#: Every operation of the schema; a new route fails `test_the_fuzz_run_covers_every_operation` until added.
OPERATIONS = [
    ("POST", "/v1/sessions"),
    ("GET", "/v1/sessions/{session_id}"),
    ("DELETE", "/v1/sessions/{session_id}"),
    ("POST", "/v1/sessions/{session_id}/messages"),
    ("GET", "/v1/sessions/{session_id}/export"),
    ("GET", "/v1/host"),
    ("GET", "/v1/functions"),
    ("POST", "/v1/functions/{name}"),
    ("POST", "/v1/chat/completions"),
    ("GET", "/v1/models"),
    ("GET", "/v1/models/{model}"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/metrics"),
]
#: Generated requests per operation (valid and invalid ones mixed): the whole run stays well under a minute.
EXAMPLES = 100
FUNCTIONS = default_registry().names()
MAX_BODY = 64 * 1024


def error_message(response: Any) -> str:
    """The message of an error body, in SimXAI's shape or OpenAI's."""
    body = response.json()
    error = body["error"]
    return str(error["message"] if isinstance(error, dict) else error)


def assert_clear(response: Any) -> None:
    """No stack trace ever; an error is JSON with a non-empty message saying what was wrong."""
    text = response.text
    assert "Traceback" not in text and 'File "' not in text, text[:500]
    if response.status_code >= 400:
        content_type = response.headers.get("content-type") or ""
        if isinstance(content_type, list):  # schemathesis keeps every value of a header
            content_type = content_type[0]
        assert content_type.startswith("application/json"), response.headers
        assert error_message(response).strip(), text


@pytest.fixture(scope="module")
def api(demo_host, tmp_path_factory) -> Iterator[Any]:
    """The app's OpenAPI schema, loaded from the app in process (schemathesis runs its lifespan)."""
    settings = ServerSettings(db_path=str(tmp_path_factory.mktemp("fuzz") / "sessions.db"))
    app = create_app(settings, host=demo_host, backend=load_backend("router"))
    yield schemathesis.openapi.from_asgi("/openapi.json", app)


def operations(api: Any) -> dict[tuple[str, str], Any]:
    return {(op.method.upper(), op.path): op for op in (result.ok() for result in api.get_all_operations())}


def test_the_fuzz_run_covers_every_operation(api):
    assert sorted(operations(api)) == sorted(OPERATIONS)


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_fuzzed_requests_never_get_a_5xx(api, method, path):
    operation = operations(api)[(method, path)]
    create = operations(api)[("POST", "/v1/sessions")]
    statuses: dict[int, int] = {}
    # Three in four requests behind a path parameter get a live session or a real function name.
    live = st.integers(0, 3).map(bool)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(), live=live, function=st.sampled_from(FUNCTIONS))
    def run(case: Any, live: bool, function: str) -> None:
        if live and "session_id" in (case.path_parameters or {}):
            created = create.Case().call()
            case.path_parameters["session_id"] = created.json()["session_id"]
        if live and "name" in (case.path_parameters or {}):
            case.path_parameters["name"] = function
        if live and path == "/v1/chat/completions" and isinstance(case.body, dict):
            case.body["model"] = "simxai"
        response = case.call()
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        case.validate_response(response, checks=[not_a_server_error])
        assert_clear(response)

    run()
    # Operations without parameters have few distinct requests; hypothesis stops when it has tried them.
    assert statuses, "no request was generated"


# ---- hand-made hostile bodies -------------------------------------------------------------------------


@pytest.fixture
async def client(demo_host, tmp_path, serving) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(
        ServerSettings(db_path=str(tmp_path / "sessions.db"), max_body_bytes=MAX_BODY),
        host=demo_host,
        backend=load_backend("router"),
    )
    async with serving(app) as c:
        yield c


async def routes(client: httpx.AsyncClient) -> list[str]:
    """The three routes that take a body: a session's messages, a function call, the OpenAI face."""
    session_id = (await client.post("/v1/sessions")).json()["session_id"]
    return [f"/v1/sessions/{session_id}/messages", "/v1/functions/get_prediction", "/v1/chat/completions"]


JSON = {"Content-Type": "application/json"}


async def test_an_oversized_body_is_413_declared_or_streamed(client):
    for url in await routes(client):
        declared = await client.post(url, content=b" " * (MAX_BODY + 1), headers=JSON)
        assert declared.status_code == 413, (url, declared.text)
        assert f"larger than the limit of {MAX_BODY} bytes" in error_message(declared)

        async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: the limit holds while reading
            for _ in range(MAX_BODY // 1000 + 2):
                yield b" " * 1000

        streamed = await client.post(url, content=chunks(), headers=JSON)
        assert streamed.status_code == 413, (url, streamed.text)
        assert_clear(streamed)


@pytest.mark.parametrize(
    ("body", "content_type", "needle"),
    [
        (b"", "application/json", "Field required"),
        (b"", None, "Field required"),
        (b"   ", "application/json", "not valid JSON"),
        (b"\xff\xfe\x00\x01", "application/json", "not valid JSON"),
        (b'{"content": "predict patient 1 \xff\xfe"}', "application/json", "not UTF-8"),
        (b"[" * 10_000 + b"]" * 10_000, "application/json", "nested too deeply"),
        (b'{"a":' * 5_000 + b"1" + b"}" * 5_000, "application/json", "nested too deeply"),
        (b'{"content": "x", "n": 1' + b"0" * 5_000 + b"}", "application/json", "digits"),
        (b'{"content": "predict patient 1"}', "text/plain", "not sent as JSON (set the header Content-Type"),
        (b"null", "application/json", "the body must be a JSON object of the request's fields"),
        (b'"just a string"', "application/json", "it was a JSON string, not an object"),
    ],
    ids=[
        "empty", "empty-no-type", "blank", "binary", "non-utf8-in-string", "nested-lists", "nested-objects",
        "long-number", "text-plain", "null", "string",
    ],
)  # fmt: skip
async def test_malformed_bodies_are_4xx_with_a_clear_message(client, body, content_type, needle):
    headers = {"Content-Type": content_type} if content_type else {}
    for url in await routes(client):
        response = await client.post(url, content=body, headers=headers)
        # The functions route reads an empty body as no arguments: a 422 naming the missing argument.
        assert 400 <= response.status_code < 500, (url, response.status_code, response.text)
        assert_clear(response)
        if needle and not (url.startswith("/v1/functions") and needle == "Field required"):
            assert needle in error_message(response), (url, response.text)


SURROGATE = '"predict patient 12 \\ud800"'
USER = '{"role": "user", "content": ' + SURROGATE + "}"
HISTORY = USER.replace("user", "assistant") + ', {"role": "user", "content": "hi"}'
PARTS = '{"role": "user", "content": [{"type": "text", "text": ' + SURROGATE + "}]}"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("messages", '{"content": ' + SURROGATE + "}"),
        ("chat", '{"model": "simxai", "messages": [' + USER + "]}"),
        ("chat", '{"messages": [' + HISTORY + "]}"),
        ("chat", '{"messages": [' + PARTS + "]}"),
    ],
    ids=["session", "openai", "openai-history", "openai-parts"],
)  # fmt: skip
@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
async def test_an_unpaired_surrogate_is_a_422_not_a_500(client, path, body, stream):
    """JSON may escape half a UTF-16 pair (\\ud800); such text cannot be stored or sent to an LLM as UTF-8."""
    messages, _, chat = await routes(client)
    url = messages if path == "messages" else chat
    if stream and path == "chat":
        body = body[:-1] + ', "stream": true}'
    headers = {**JSON, "Accept": "text/event-stream"} if stream else JSON
    response = await client.post(url, content=body.encode(), headers=headers)
    assert response.status_code == 422, response.text
    assert "unpaired surrogate \\ud800" in error_message(response)
    assert_clear(response)
    if path == "messages":
        session = (await client.get(url.removesuffix("/messages"))).json()
        assert session["turn_count"] == 0


async def test_control_characters_and_emoji_are_stored_and_read_back(client):
    messages, _, _ = await routes(client)
    text = "predict patient 12 \x00\x1f\u2028 \U0001f600 é"
    response = await client.post(messages, content=json.dumps({"content": text}), headers=JSON)
    assert response.status_code == 200 and response.json()["user"] == text
    history = (await client.get(messages.removesuffix("/messages"))).json()
    assert history["turns"][0]["user"] == text


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    function=st.sampled_from(FUNCTIONS),
    arguments=st.dictionaries(
        st.sampled_from(["instance", "changes", "feature", "metric", "prediction_label", "label"])
        | st.text(max_size=5),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=15)
            | st.sampled_from(["\ud800", "glucose > \udfff", "patient 12", "bmi > 30 and age < 5", "+1e308"]),
            lambda children: st.lists(children, max_size=3)
            | st.dictionaries(st.text(max_size=6), children, max_size=4),
            max_leaves=10,
        ),
        max_size=4,
    ),
)  # fmt: skip
def test_function_arguments_with_any_json_never_get_a_5xx(demo_host, serving, function, arguments):
    """Model-shaped arguments, surrogate escapes included, sent to /v1/functions: a result or a 4xx."""
    import asyncio

    app = create_app(
        ServerSettings(db_path=":memory:"), host=demo_host, backend=load_backend("router")
    )  # fmt: skip
    body = json.dumps(arguments)  # ensure_ascii: surrogates travel as \\ud800 escapes, as a client may send them

    async def call() -> httpx.Response:
        async with serving(app) as c:
            return await c.post(f"/v1/functions/{function}", content=body, headers=JSON)

    response = asyncio.run(call())
    assert response.status_code < 500, (function, body, response.text)
    assert_clear(response)
