"""OpenAIBackend over httpx.MockTransport, replaying hand-recorded vLLM/Ollama/OpenAI responses."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from simxai.backends.aiohttp_transport import AiohttpTransport
from simxai.backends.base import CompletionRequest
from simxai.backends.openai import OpenAIBackend
from simxai.exceptions import (
    BackendError,
    BackendHTTPError,
    BackendUnavailableError,
    ModelOutputError,
    ToolCallParseError,
    UsageError,
)
from simxai.messages import Message, ToolCall

RECORDINGS = Path(__file__).parent / "recordings"
TOOLS = json.loads((Path(__file__).resolve().parents[2] / "simxai" / "specs" / "tools.json").read_text())
MODEL = "Team-ACE/ToolACE-2.5-Llama-3.1-8B"


def recorded(name: str, status: int = 200) -> httpx.Response:
    return httpx.Response(
        status, content=(RECORDINGS / name).read_bytes(), headers={"content-type": "application/json"}
    )


class Server:
    """A scripted server: each request gets the next reply (a response, an exception, or a function)."""

    def __init__(self, *replies: httpx.Response | Exception | Callable[[httpx.Request], httpx.Response]) -> None:
        self.replies: Iterator[Any] = iter(replies)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        reply = next(self.replies)
        if isinstance(reply, Exception):
            raise reply
        if callable(reply):
            return reply(request)
        return reply

    @property
    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(r.content) for r in self.requests]


def backend(server: Server, **options: Any) -> OpenAIBackend:
    options.setdefault("backoff", 0.0)
    return OpenAIBackend(MODEL, transport=httpx.MockTransport(server), **options)


def request(messages: list[Message] | None = None) -> CompletionRequest:
    return CompletionRequest(
        messages=messages
        or [Message.system("You are SimXAI."), Message.user("What does the model predict for patient 12?")],
        tools=TOOLS,
        max_tokens=256,
    )


async def test_native_tool_calls_and_the_request_sent() -> None:
    server = Server(recorded("vllm_native_tool_calls.json"))
    llm = backend(server, api_key="sk-test", extra_body={"seed": 0})
    response = await llm.complete(request())
    assert [(c.name, c.arguments) for c in response.tool_calls] == [
        ("get_prediction", {"instance": 12}),
        ("explain_what_if", {"instance": 12, "changes": {"bmi": 30, "smoking_status": "never smoked"}}),
    ]
    sent = server.requests[0]
    assert sent.method == "POST"
    assert str(sent.url) == "http://localhost:8000/v1/chat/completions"
    assert sent.headers["authorization"] == "Bearer sk-test"
    assert sent.headers["content-type"] == "application/json"
    body = server.bodies[0]
    assert body["model"] == MODEL
    assert body["seed"] == 0
    assert body["max_tokens"] == 256 and body["temperature"] == 0.0
    assert [t["function"]["name"] for t in body["tools"]] == [
        "get_prediction",
        "get_global_explanation",
        "get_local_explanation",
        "explain_why_not",
        "explain_how_to_be_that",
        "explain_how_to_still_be_this",
        "explain_what_if",
        "get_model_performance",
        "get_data_information",
        "get_model_information",
        "get_output_information",
    ]
    assert body["messages"] == [
        {"role": "system", "content": "You are SimXAI."},
        {"role": "user", "content": "What does the model predict for patient 12?"},
    ]
    assert llm.name == f"openai:{MODEL}"
    await llm.aclose()


async def test_replayed_calls_and_results_and_a_stable_prefix() -> None:
    server = Server(recorded("vllm_native_tool_calls.json"), recorded("vllm_plain_text.json"))
    llm = backend(server)
    first_request = request()
    first = await llm.complete(first_request)
    history = [
        *first_request.messages,
        Message.assistant(first.content, first.tool_calls),
        *(Message.tool(call, f'result of {call.name}: it\'s "fine"') for call in first.tool_calls),
    ]
    second = await llm.complete(request(history))
    assert second.content.startswith("The model predicts diabetes")
    replayed = server.bodies[1]["messages"]
    assert replayed[2] == {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "chatcmpl-tool-3b8e0f6c2d9a4e71b5c4f0a9d8e7c6b5",
                "type": "function",
                "function": {"name": "get_prediction", "arguments": '{"instance":12}'},
            },
            {
                "id": "chatcmpl-tool-9d1a7c3e5f2b4d6a8c0e1f3a5b7d9c2e",
                "type": "function",
                "function": {
                    "name": "explain_what_if",
                    "arguments": '{"instance":12,"changes":{"bmi":30,"smoking_status":"never smoked"}}',
                },
            },
        ],
    }
    assert replayed[3] == {
        "role": "tool",
        "tool_call_id": "chatcmpl-tool-3b8e0f6c2d9a4e71b5c4f0a9d8e7c6b5",
        "content": 'result of get_prediction: it\'s "fine"',
    }
    assert replayed[4]["tool_call_id"] == "chatcmpl-tool-9d1a7c3e5f2b4d6a8c0e1f3a5b7d9c2e"
    # The second body starts with the first one's bytes up to its last message's end: settings, tools
    # and the whole earlier conversation are byte-identical, so a prefix cache can reuse them.
    first_bytes, second_bytes = server.requests[0].content, server.requests[1].content
    assert second_bytes.startswith(first_bytes[: first_bytes.rindex(b"}]}")])
    await llm.aclose()


@pytest.mark.parametrize(
    ("recording", "expected_calls", "expected_content"),
    [
        (
            "vllm_pythonic_negative_number.json",
            [("explain_what_if", {"instance": 12, "changes": {"age": -5, "bmi": -2.5}})],
            "",
        ),
        (
            "vllm_pythonic_true_leading_text.json",
            [
                ("get_data_information", {"feature": "glucose"}),
                (
                    "explain_what_if",
                    {"instance": {"id": 7, "smoker": True, "note": None}, "changes": {"glucose": "-10%"}},
                ),
            ],
            "To answer this I will look at the data first.",
        ),
        ("vllm_plain_text.json", [], "The model predicts diabetes for patient 12"),
        ("ollama_native_tool_calls.json", [("get_model_performance", {"metric": "f1"})], ""),
        ("openai_plain_text.json", [], "Which patient do you mean?"),
    ],
)
async def test_recorded_replies(recording: str, expected_calls: list[Any], expected_content: str) -> None:
    llm = backend(Server(recorded(recording)))
    response = await llm.complete(request())
    assert [(c.name, c.arguments) for c in response.tool_calls] == expected_calls
    assert response.content.startswith(expected_content)
    if not expected_content:
        assert response.content == ""
    await llm.aclose()


async def test_malformed_content_call() -> None:
    llm = backend(Server(recorded("vllm_malformed_content.json")))
    with pytest.raises(ToolCallParseError, match="patient_12"):
        await llm.complete(request())


async def test_malformed_tool_call_arguments() -> None:
    llm = backend(Server(recorded("vllm_malformed_arguments.json")))
    with pytest.raises(ToolCallParseError, match="not valid JSON"):
        await llm.complete(request())


async def test_retries_a_500_with_exponential_backoff() -> None:
    server = Server(
        recorded("vllm_error_500.json", 500),
        recorded("vllm_error_500.json", 503),
        recorded("vllm_plain_text.json"),
    )
    llm = backend(server, backoff=0.25)
    delays: list[float] = []

    async def record(seconds: float) -> None:
        delays.append(seconds)

    llm._sleep = record
    response = await llm.complete(request())
    assert response.content.startswith("The model predicts")
    assert len(server.requests) == 3
    assert delays == [0.25, 0.5]
    assert server.requests[0].content == server.requests[2].content


async def test_500_after_all_retries() -> None:
    server = Server(*(recorded("vllm_error_500.json", 500) for _ in range(3)))
    llm = backend(server, max_retries=2)
    with pytest.raises(BackendHTTPError, match="HTTP 500") as info:
        await llm.complete(request())
    assert info.value.status_code == 500
    assert "engine is dead" in info.value.body
    assert len(server.requests) == 3


async def test_400_is_not_retried() -> None:
    server = Server(recorded("vllm_error_400.json", 400), recorded("vllm_plain_text.json"))
    llm = backend(server)
    with pytest.raises(BackendHTTPError, match="HTTP 400") as info:
        await llm.complete(request())
    assert info.value.status_code == 400
    assert len(server.requests) == 1
    # The upstream body is kept for the log, never put in the message a client sees (issue 14, item 8).
    assert "maximum context length" in info.value.body and "maximum context length" not in str(info.value)


async def test_429_is_retried_after_the_servers_delay() -> None:
    limited = httpx.Response(429, json={"error": {"message": "Rate limit reached"}}, headers={"retry-after": "2"})
    server = Server(limited, recorded("openai_plain_text.json"))
    llm = backend(server, backoff=0.1)
    delays: list[float] = []

    async def record(seconds: float) -> None:
        delays.append(seconds)

    llm._sleep = record
    await llm.complete(request())
    assert delays == [2.0]


@pytest.mark.parametrize(
    "error",
    [
        httpx.ConnectError("[Errno 111] Connection refused"),
        httpx.ReadTimeout("timed out"),
        httpx.RemoteProtocolError("Server disconnected without sending a response."),
    ],
)
async def test_unreachable_after_retries(error: Exception) -> None:
    server = Server(error, error, error)
    llm = backend(server, max_retries=2)
    with pytest.raises(BackendUnavailableError, match="after 3 attempts") as info:
        await llm.complete(request())
    assert info.value.__cause__ is error
    assert len(server.requests) == 3


async def test_connect_error_then_success() -> None:
    server = Server(httpx.ConnectError("refused"), recorded("vllm_plain_text.json"))
    response = await backend(server).complete(request())
    assert response.content.startswith("The model predicts")


async def test_no_retries() -> None:
    server = Server(httpx.ConnectTimeout("timed out"), recorded("vllm_plain_text.json"))
    with pytest.raises(BackendUnavailableError, match="after 1 attempts"):
        await backend(server, max_retries=0).complete(request())


async def test_truncated_body() -> None:
    # A body cut short is the server's failure, not the model's output: a BackendError, after the retries.
    content = (RECORDINGS / "vllm_native_tool_calls.json").read_bytes()
    server = Server(*[httpx.Response(200, content=content[: len(content) // 2])] * 3)
    with pytest.raises(BackendError, match="not valid JSON .* after 3 attempts") as raised:
        await backend(server, max_retries=2).complete(request())
    assert not isinstance(raised.value, ModelOutputError) and len(server.requests) == 3


async def test_one_truncated_body_is_retried() -> None:
    content = (RECORDINGS / "vllm_native_tool_calls.json").read_bytes()
    server = Server(httpx.Response(200, content=content[: len(content) // 2]), recorded("vllm_native_tool_calls.json"))
    response = await backend(server).complete(request())
    assert response.tool_calls[0].name == "get_prediction" and len(server.requests) == 2


@pytest.mark.parametrize(
    "body", [{"object": "list", "data": []}, {"choices": []}, {"error": {"message": "overloaded"}}, [1, 2], "text"]
)
async def test_a_200_that_is_not_a_completion_is_the_servers_failure(body: Any) -> None:
    # Issue 14, item 7: a BackendError (503, or the router fallback), not the model's fault.
    server = Server(httpx.Response(200, json=body))
    with pytest.raises(BackendError, match="not a chat completion") as info:
        await backend(server).complete(request())
    assert not isinstance(info.value, ModelOutputError)


async def test_ping() -> None:
    server = Server(recorded("vllm_models.json"), recorded("vllm_error_500.json", 500), httpx.ConnectError("refused"))
    llm = backend(server, base_url="http://gpu-box:8000/v1/")
    assert await llm.ping() is True
    assert str(server.requests[0].url) == "http://gpu-box:8000/v1/models"
    assert server.requests[0].method == "GET"
    assert await llm.ping() is False
    assert await llm.ping() is False


async def test_connections_are_lazy_and_closable() -> None:
    server = Server(recorded("vllm_plain_text.json"), recorded("vllm_plain_text.json"))
    closed: list[bool] = []

    class Transport(httpx.MockTransport):
        async def aclose(self) -> None:
            closed.append(True)

    llm = OpenAIBackend(MODEL, transport=Transport(server), backoff=0.0)
    assert llm._pool is None
    await llm.complete(request())
    assert isinstance(llm._pool, Transport)
    await llm.aclose()
    assert llm._pool is None and closed == [True]
    await llm.aclose()  # closing twice is harmless
    await llm.complete(request())  # and a later request uses the transport again
    await llm.aclose()
    assert closed == [True, True]


def test_the_default_pool_is_aiohttp_and_built_on_first_use() -> None:
    llm = OpenAIBackend("m", base_url="http://127.0.0.1:9/v1")
    assert llm._pool is None
    assert isinstance(llm._transport(), AiohttpTransport) and llm._transport() is llm._pool


async def test_no_api_key_sends_no_authorization() -> None:
    server = Server(recorded("vllm_plain_text.json"))
    await backend(server).complete(request())
    assert "authorization" not in server.requests[0].headers


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"timeout": 0}, "timeout must be positive"),
        ({"max_retries": -1}, "max_retries must be 0 or more"),
        ({"backoff": -1}, "backoff must be 0 or more"),
        ({"base_url": "localhost:8000/v1"}, "must start with http"),
        ({"extra_body": {"messages": []}}, "may not replace"),
    ],
)
def test_bad_settings(options: dict[str, Any], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        OpenAIBackend(MODEL, **options)


def test_the_backoff_comes_from_the_settings_and_a_negative_one_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from simxai.settings import Settings, build_backend, read_settings

    for name in [n for n in os.environ if n.startswith("SIMXAI_")]:
        monkeypatch.delenv(name)
    default = build_backend(read_settings(Settings, {"backend": f"openai:{MODEL}"}))
    assert isinstance(default, OpenAIBackend) and default.backoff == 0.5
    monkeypatch.setenv("SIMXAI_LLM_BACKOFF", "0.05")
    quick = build_backend(read_settings(Settings, {"backend": f"openai:{MODEL}"}))
    assert isinstance(quick, OpenAIBackend) and quick.backoff == 0.05
    monkeypatch.setenv("SIMXAI_LLM_BACKOFF", "-1")
    with pytest.raises(UsageError, match=r"^bad setting: SIMXAI_LLM_BACKOFF='-1': input should be greater than"):
        read_settings(Settings, {"backend": f"openai:{MODEL}"})


def test_a_model_name_is_required() -> None:
    with pytest.raises(UsageError, match="needs a model name"):
        OpenAIBackend("")


def test_the_same_calls_serialise_the_same() -> None:
    call = ToolCall(id="c", name="f", arguments={"b": 1, "a": [True, None]})
    from simxai.backends.wire import encode_body, request_body

    one = encode_body(request_body(MODEL, request([Message.user("x"), Message.assistant("", [call])])))
    two = encode_body(request_body(MODEL, request([Message.user("x"), Message.assistant("", [call])])))
    assert one == two
    assert b'"arguments":"{\\"b\\":1,\\"a\\":[true,null]}"' in one


async def test_without_tools_the_reply_is_text() -> None:
    server = Server(recorded("vllm_pythonic_negative_number.json"), recorded("vllm_pythonic_negative_number.json"))
    llm = backend(server)
    messages = [Message.user("Summarise what you found.")]
    for settings in ({"tools": TOOLS, "tool_choice": "none"}, {}):
        response = await llm.complete(CompletionRequest(messages=messages, **settings))
        assert response.tool_calls == [] and response.content.startswith("[explain_what_if(")
    assert server.bodies[0]["tool_choice"] == "none" and "tools" not in server.bodies[1]


async def test_requests_go_through_the_environment_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # A plain-HTTP proxy gets the absolute URL in the request line: the mock LLM plays the proxy here.
    from simxai.backends.testing.mockserver import MockLLMServer, text_message

    with MockLLMServer(lambda body: text_message("via the proxy")) as proxy:
        for name in ("HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "no_proxy", "https_proxy", "all_proxy"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy.port}")
        llm = OpenAIBackend(MODEL, base_url="http://gpu-box.invalid:8000/v1", max_retries=0)
        try:
            response = await llm.complete(request())
        finally:
            await llm.aclose()
    assert response.content == "via the proxy"


async def _endless_body() -> Any:
    while True:
        yield b" " * 1024
        await asyncio.sleep(0.01)


async def test_an_endless_body_ends_at_the_deadline() -> None:
    # Issue 14, item 4: SIMXAI_TIMEOUT is per read, so a body dripped forever never timed out.
    server = Server(lambda r: httpx.Response(200, content=_endless_body()))
    llm = backend(server, deadline=0.5, max_response_bytes=10**9)
    # The error names the deadline: the call ended at it, not at the body's (never coming) end. The 60 s
    # wait_for only guards the test against a hang (it would raise TimeoutError instead).
    with pytest.raises(BackendUnavailableError, match="within the deadline of 0.5 s"):
        await asyncio.wait_for(llm.complete(request()), 60)


async def test_a_body_beyond_the_limit_is_the_servers_failure() -> None:
    server = Server(lambda r: httpx.Response(200, content=_endless_body()))
    with pytest.raises(BackendError, match="larger than 4096 bytes"):
        await backend(server, max_response_bytes=4096).complete(request())
    assert len(server.requests) == 1  # not retried: the same answer would come again


async def test_lone_surrogates_from_the_model_become_replacement_characters() -> None:
    # Issue 14, item 6: half a UTF-16 pair in a reply, a tool name or an argument could not be stored (500).
    body = (
        '{"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", '
        '"content": "a\\ud800b", "tool_calls": [{"id": "c1", "type": "function", "function": '
        '{"name": "get_pred\\udc00", "arguments": "{\\"instance\\": \\"x\\ud800\\"}"}}]}}]}'
    )
    server = Server(httpx.Response(200, content=body.encode()))
    response = await backend(server).complete(request())
    assert response.content == "a\ufffdb"
    assert response.tool_calls[0].name == "get_pred\ufffd"
    assert response.tool_calls[0].arguments == {"instance": "x\ufffd"}
    json.dumps(response.model_dump(), ensure_ascii=False).encode("utf-8")  # storable


async def test_credentials_in_the_base_url_are_never_shown() -> None:
    # Issue 14, item 8: errors relayed the remote host's URL with its user:password@ part.
    server = Server(*[httpx.ConnectError("refused")] * 3)
    llm = backend(server, base_url="http://alice:s3cret@gpu-box:8000/v1")
    with pytest.raises(BackendUnavailableError) as info:
        await llm.complete(request())
    assert "s3cret" not in str(info.value) and "http://***@gpu-box:8000/v1" in str(info.value)
    assert "s3cret" not in repr(llm)


# ---- the server's tokenizer (vLLM's POST /tokenize) ------------------------------------------------------


async def test_tokens_are_counted_by_the_servers_tokenizer() -> None:
    server = Server(recorded("vllm_tokenize.json"), recorded("vllm_tokenize.json"))
    llm = backend(server, api_key="sk-test")
    messages = [
        Message.system("You are SimXAI."),
        Message.assistant("", [ToolCall(id="c1", name="get_prediction", arguments={"instance": 12})]),
        Message.tool(ToolCall(id="c1", name="get_prediction", arguments={}), '{"result": "stable"}'),
    ]
    assert await llm.count_tokens(messages, TOOLS) == 12
    assert llm.tokenizer == "yes"
    sent = server.requests[0]
    # vLLM serves it at the server's root, beside /v1, with the chat messages and tools in the completion's shape.
    assert sent.method == "POST" and str(sent.url) == "http://localhost:8000/tokenize"
    body = server.bodies[0]
    assert body["model"] == MODEL and body["tools"] == TOOLS
    assert body["messages"][1]["tool_calls"][0]["function"]["arguments"] == '{"instance":12}'
    assert body["messages"][2] == {"role": "tool", "tool_call_id": "c1", "content": '{"result": "stable"}'}
    assert await llm.count_tokens(messages[:1], []) == 12 and "tools" not in server.bodies[1]


@pytest.mark.parametrize(
    "answer",
    [
        httpx.Response(404, json={"detail": "Not Found"}),  # an OpenAI-compatible server without the endpoint
        httpx.Response(404, text="404 page not found"),  # Ollama
        recorded("llamacpp_tokenize.json"),  # llama.cpp's /tokenize: tokens of a prompt, no count
        recorded("vllm_error_400.json", 400),  # a request the server will not tokenize
    ],
)
async def test_a_server_that_does_not_count_tokens_is_asked_once(answer: httpx.Response) -> None:
    server = Server(answer)
    llm = backend(server)
    assert await llm.count_tokens([Message.user("hi")], TOOLS) is None
    assert await llm.count_tokens([Message.user("hi")], TOOLS) is None
    assert len(server.requests) == 1 and llm.tokenizer == "no"


async def test_a_count_that_fails_is_skipped_and_asked_again_up_to_three_times() -> None:
    server = Server(
        recorded("vllm_tokenize.json"),
        recorded("vllm_error_500.json", 500),
        httpx.ConnectError("refused"),
        recorded("vllm_tokenize.json"),
        *[recorded("vllm_error_500.json", 500)] * 3,
    )
    llm = backend(server)
    counts = [await llm.count_tokens([Message.user("hi")], []) for _ in range(8)]
    assert counts == [12, None, None, 12, None, None, None, None]
    assert len(server.requests) == 7 and llm.tokenizer == "no"  # a success resets the failures in a row


async def test_a_slow_count_does_not_hold_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    import simxai.backends.openai as openai_module

    monkeypatch.setattr(openai_module, "_TOKENIZE_TIMEOUT", 0.2)

    async def slow(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(30)
        return recorded("vllm_tokenize.json")

    llm = OpenAIBackend(MODEL, transport=httpx.MockTransport(slow))
    started = asyncio.get_running_loop().time()
    assert await llm.count_tokens([Message.user("hi")], []) is None
    assert asyncio.get_running_loop().time() - started < 5
    assert llm.tokenizer == "unknown"  # a timeout is no answer about the endpoint


@pytest.mark.parametrize(
    ("base_url", "url"),
    [
        ("http://gpu-box:8000/v1", "http://gpu-box:8000/tokenize"),
        ("https://llm.example.org/serving/v1/", "https://llm.example.org/serving/tokenize"),
        ("http://localhost:8000", "http://localhost:8000/tokenize"),
    ],
)
async def test_the_tokenize_url_is_beside_v1(base_url: str, url: str) -> None:
    server = Server(recorded("vllm_tokenize.json"))
    await backend(server, base_url=base_url).count_tokens([Message.user("hi")], [])
    assert str(server.requests[0].url) == url
