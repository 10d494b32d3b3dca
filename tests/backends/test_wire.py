"""The OpenAI wire format, tested with plain dicts: request bodies and the response shapes servers return."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from simxai.backends.base import CompletionRequest
from simxai.backends.wire import encode_body, openai_messages, parse_response, request_body, template_messages
from simxai.exceptions import ModelOutputError, ToolCallParseError, UsageError
from simxai.messages import Message, ToolCall

RECORDINGS = Path(__file__).parent / "recordings"
TOOLS = json.loads((Path(__file__).resolve().parents[2] / "simxai" / "specs" / "tools.json").read_text())


def recording(name: str) -> dict[str, Any]:
    return json.loads((RECORDINGS / name).read_text())


def conversation() -> list[Message]:
    what_if = ToolCall(
        id="chatcmpl-tool-1",
        name="explain_what_if",
        arguments={"instance": 12, "changes": {"bmi": -2.5, "smoker": True}},
    )
    info = ToolCall(id="chatcmpl-tool-2", name="get_model_information", arguments={})
    return [
        Message.system("You are SimXAI, a helpful assistant."),
        Message.user("What if patient 12 had a lower bmi and smoked?"),
        Message.assistant("", [what_if, info]),
        Message.tool(what_if, "The prediction changes from diabetes (0.81) to healthy (0.44)."),
        Message.tool(info, "A random forest with 100 trees."),
        Message.assistant("The prediction would change to healthy."),
        Message.user("Thanks! Ünïcödé 😀"),
    ]


# --- requests -------------------------------------------------------------------------------------


def test_request_body_shape() -> None:
    request = CompletionRequest(messages=conversation(), tools=TOOLS, temperature=0.0, max_tokens=256)
    body = request_body("Team-ACE/ToolACE-2.5-Llama-3.1-8B", request)
    assert list(body) == ["model", "temperature", "max_tokens", "tools", "tool_choice", "messages"]
    assert body["model"] == "Team-ACE/ToolACE-2.5-Llama-3.1-8B"
    assert body["temperature"] == 0.0 and body["max_tokens"] == 256
    assert body["tool_choice"] == "auto"
    assert [t["function"]["name"] for t in body["tools"]] == [t["function"]["name"] for t in TOOLS]
    assert body["tools"] == TOOLS and body["tools"] is not TOOLS
    messages = body["messages"]
    assert messages[0] == {"role": "system", "content": "You are SimXAI, a helpful assistant."}
    assert messages[2] == {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "chatcmpl-tool-1",
                "type": "function",
                "function": {
                    "name": "explain_what_if",
                    "arguments": '{"instance":12,"changes":{"bmi":-2.5,"smoker":true}}',
                },
            },
            {
                "id": "chatcmpl-tool-2",
                "type": "function",
                "function": {"name": "get_model_information", "arguments": "{}"},
            },
        ],
    }
    assert messages[3] == {
        "role": "tool",
        "tool_call_id": "chatcmpl-tool-1",
        "content": "The prediction changes from diabetes (0.81) to healthy (0.44).",
    }
    assert messages[4]["tool_call_id"] == "chatcmpl-tool-2"
    assert messages[5] == {"role": "assistant", "content": "The prediction would change to healthy."}


def test_request_without_tools_sends_no_tool_fields() -> None:
    body = request_body("m", CompletionRequest(messages=[Message.user("hi")], tool_choice="none"))
    assert "tools" not in body and "tool_choice" not in body


def test_tool_choice_none_is_sent_with_tools() -> None:
    body = request_body("m", CompletionRequest(messages=[Message.user("hi")], tools=TOOLS[:1], tool_choice="none"))
    assert body["tool_choice"] == "none"


def test_extra_parameters() -> None:
    body = request_body("m", CompletionRequest(messages=[Message.user("hi")], tools=TOOLS[:1]), extra={"seed": 7})
    assert list(body) == ["model", "temperature", "max_tokens", "seed", "tools", "tool_choice", "messages"]
    with pytest.raises(UsageError, match="may not replace \\['messages', 'model'\\]"):
        request_body("m", CompletionRequest(messages=[]), extra={"model": "x", "messages": []})


def test_tool_message_needs_a_call_id() -> None:
    with pytest.raises(UsageError, match="tool_call_id"):
        openai_messages([Message(role="tool", content="result")])


def test_bodies_are_byte_stable_and_share_their_prefix() -> None:
    history = conversation()
    first = encode_body(request_body("m", CompletionRequest(messages=history[:2], tools=TOOLS)))
    again = encode_body(request_body("m", CompletionRequest(messages=history[:2], tools=TOOLS)))
    later = encode_body(request_body("m", CompletionRequest(messages=history, tools=TOOLS)))
    assert first == again
    # Everything before the new messages is byte-identical: settings, tools, system prompt, first question.
    shared = first[: first.rindex(b"}]}")]
    assert later.startswith(shared)
    assert later.index(b'"messages"') > later.index(b'"tools"')
    assert "Ünïcödé 😀".encode() in later  # unicode is sent as is, not \\u-escaped
    assert json.loads(later) == request_body("m", CompletionRequest(messages=history, tools=TOOLS))


def test_template_messages_keep_arguments_as_dicts() -> None:
    messages = template_messages(conversation())
    assert messages[2]["tool_calls"][0]["function"]["arguments"] == {
        "instance": 12,
        "changes": {"bmi": -2.5, "smoker": True},
    }
    assert messages[3] == {
        "role": "tool",
        "content": "The prediction changes from diabetes (0.81) to healthy (0.44).",
        "tool_call_id": "chatcmpl-tool-1",
        "name": "explain_what_if",
    }
    assert messages[0] == {"role": "system", "content": "You are SimXAI, a helpful assistant."}


# --- responses ------------------------------------------------------------------------------------


def test_native_tool_calls() -> None:
    response = parse_response(recording("vllm_native_tool_calls.json"))
    assert response.model == "Team-ACE/ToolACE-2.5-Llama-3.1-8B"
    assert response.finish_reason == "tool_calls"
    assert response.content == ""
    assert [(c.id, c.name, c.arguments) for c in response.tool_calls] == [
        ("chatcmpl-tool-3b8e0f6c2d9a4e71b5c4f0a9d8e7c6b5", "get_prediction", {"instance": 12}),
        (
            "chatcmpl-tool-9d1a7c3e5f2b4d6a8c0e1f3a5b7d9c2e",
            "explain_what_if",
            {"instance": 12, "changes": {"bmi": 30, "smoking_status": "never smoked"}},
        ),
    ]


def test_pythonic_content_with_negative_numbers() -> None:
    response = parse_response(recording("vllm_pythonic_negative_number.json"))
    assert response.content == ""
    assert [(c.id, c.name, c.arguments) for c in response.tool_calls] == [
        ("call_0", "explain_what_if", {"instance": 12, "changes": {"age": -5, "bmi": -2.5}})
    ]


def test_pythonic_content_with_json_literals_after_prose() -> None:
    response = parse_response(recording("vllm_pythonic_true_leading_text.json"))
    assert response.content == "To answer this I will look at the data first."
    assert [(c.name, c.arguments) for c in response.tool_calls] == [
        ("get_data_information", {"feature": "glucose"}),
        (
            "explain_what_if",
            {"instance": {"id": 7, "smoker": True, "note": None}, "changes": {"glucose": "-10%"}},
        ),
    ]
    assert response.tool_calls[1].arguments["instance"]["smoker"] is True


def test_plain_text_reply() -> None:
    body = recording("vllm_plain_text.json")
    response = parse_response(body)
    assert response.tool_calls == []
    assert response.content == body["choices"][0]["message"]["content"]
    assert response.finish_reason == "stop"


def test_other_servers() -> None:
    ollama = parse_response(recording("ollama_native_tool_calls.json"))
    assert [(c.id, c.name, c.arguments) for c in ollama.tool_calls] == [
        ("call_x4k2m9qa", "get_model_performance", {"metric": "f1"})
    ]
    openai = parse_response(recording("openai_plain_text.json"))
    assert openai.content.startswith("Which patient do you mean?") and openai.tool_calls == []


def test_malformed_content_call() -> None:
    with pytest.raises(ToolCallParseError, match="bare name patient_12"):
        parse_response(recording("vllm_malformed_content.json"))


def test_malformed_native_arguments() -> None:
    with pytest.raises(ToolCallParseError, match="explain_what_if: arguments are not valid JSON"):
        parse_response(recording("vllm_malformed_arguments.json"))


def test_a_cut_off_call_says_so() -> None:
    body = recording("vllm_plain_text.json")
    body["choices"][0]["message"]["content"] = "[explain_what_if(instance=12, changes={'bmi': 3"
    body["choices"][0]["finish_reason"] = "length"
    with pytest.raises(ToolCallParseError, match="cut off at max_tokens"):
        parse_response(body)


def _with_message(**message: Any) -> dict[str, Any]:
    return {
        "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", **message}, "finish_reason": "stop"}],
    }


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [(None, {}), ("", {}), ('{"a": [1, {"b": null}]}', {"a": [1, {"b": None}]}), ({"a": 1}, {"a": 1})],
)
def test_native_argument_forms(arguments: Any, expected: dict[str, Any]) -> None:
    body = _with_message(
        content=None, tool_calls=[{"type": "function", "function": {"name": "f", "arguments": arguments}}]
    )
    call = parse_response(body).tool_calls[0]
    assert (call.id, call.name, call.arguments) == ("call_0", "f", expected)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("[1, 2]", "must be a JSON object, got list"),
        ('{"a": NaN}', "non-finite"),
        ('{"a": 1, "a": 2}', "repeats the key"),
        (5, "must be a JSON string, got int"),
        ({"a": float("nan")}, "not plain JSON"),
    ],
)
def test_bad_native_arguments(arguments: Any, message: str) -> None:
    body = _with_message(
        tool_calls=[{"id": "x", "type": "function", "function": {"name": "f", "arguments": arguments}}]
    )
    with pytest.raises(ToolCallParseError, match=message):
        parse_response(body)


def test_content_as_text_parts() -> None:
    body = _with_message(content=[{"type": "text", "text": "Hello "}, {"type": "text", "text": "there."}])
    assert parse_response(body).content == "Hello there."


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ([], "expected a JSON object from the backend, got list"),
        ({}, "response has no choices"),
        ({"choices": []}, "response has no choices"),
        (
            {"error": {"message": "model overloaded", "type": "server_error"}},
            "backend returned an error.*model overloaded",
        ),
        ({"choices": [{"index": 0}]}, r"no choices\[0\]\.message"),
        ({"choices": ["text"]}, r"no choices\[0\]\.message"),
        (_with_message(content=42), "content must be a string or null, got int"),
        (_with_message(tool_calls={"name": "f"}), "tool_calls must be a list"),
        (_with_message(tool_calls=["f"]), r"tool_calls\[0\] must be an object"),
        (_with_message(tool_calls=[{"id": "x"}]), r"tool_calls\[0\] has no function object"),
        (
            _with_message(tool_calls=[{"function": {"arguments": "{}"}}]),
            r"tool_calls\[0\]\.function has no name",
        ),
    ],
)
def test_unexpected_shapes(body: Any, message: str) -> None:
    with pytest.raises(ModelOutputError, match=message) as info:
        parse_response(body)
    assert not isinstance(info.value, ToolCallParseError)


def test_calls_in_content_can_be_left_as_text() -> None:
    body = recording("vllm_pythonic_negative_number.json")
    response = parse_response(body, calls_in_content=False)
    assert response.tool_calls == []
    assert response.content == "[explain_what_if(instance=12, changes={'age': -5, 'bmi': -2.5})]"
    # Native calls are the server's decision and are kept either way.
    assert len(parse_response(recording("vllm_native_tool_calls.json"), calls_in_content=False).tool_calls) == 2


def test_body_encoder_matches_the_pure_path_byte_for_byte():
    from simxai.backends.base import CompletionRequest
    from simxai.backends.testing import call
    from simxai.backends.wire import BodyEncoder, encode_body, request_body
    from simxai.functions import default_registry
    from simxai.messages import Message

    tools = default_registry().openai_tools()
    history = [
        Message.system("sys ü"),
        Message.user('why "12"?'),
        Message.assistant("", [call("get_local_explanation", instance=12)]),
        Message.tool(call("get_local_explanation", instance=12), '{"result": 1}'),
    ]
    requests = [
        CompletionRequest(messages=history, tools=tools),
        CompletionRequest(messages=history, tools=tools, tool_choice="none", temperature=0.3, max_tokens=7),
        CompletionRequest(messages=history),
        CompletionRequest(messages=history, tools=tools[:2]),
        CompletionRequest(messages=history, tools=tools),
    ]
    for extra in (None, {"seed": 1, "top_p": 0.9}):
        encoder = BodyEncoder("m", extra)
        for request in requests:
            assert encoder.encode(request) == encode_body(request_body("m", request, extra=extra))
