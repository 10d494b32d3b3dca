"""The OpenAI chat-completions wire format of vLLM, Ollama, llama.cpp and OpenAI. Pure: dict in, dict out.

`request_body` builds the JSON for ``POST /chat/completions`` and `encode_body` serialises it; the same
request always gives the same bytes, with the fixed parts (model, settings, tools) first, so servers
with prefix caching (vLLM) reuse the system prompt and tool list from one turn to the next.

`parse_response` reads a completion. Native ``tool_calls`` are used when present; otherwise the
content is searched for a pythonic or JSON call list, because vLLM's ``pythonic`` parser hands a call
back as plain content whenever it cannot read it (a negative number, ``true``/``null``, a word before
the list).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from simxai.backends.base import CompletionRequest, CompletionResponse
from simxai.backends.toolcalls import decode_arguments, extract_tool_calls
from simxai.exceptions import ModelOutputError, ToolCallParseError, UsageError
from simxai.messages import Message, ToolCall

__all__ = [
    "BodyEncoder",
    "RESERVED_KEYS",
    "encode_body",
    "encode_json",
    "openai_messages",
    "parse_response",
    "request_body",
    "template_messages",
]

#: Body keys that `request_body` owns; extra body parameters may not replace them.
RESERVED_KEYS = frozenset({"model", "messages", "tools", "tool_choice"})


def encode_json(value: Any) -> str:
    """Compact, stable JSON: no spaces, unicode kept, keys in insertion order."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def encode_body(body: Mapping[str, Any]) -> bytes:
    """The UTF-8 bytes of a request body, byte-identical for equal bodies built the same way."""
    return encode_json(body).encode("utf-8")


def request_body(model: str, request: CompletionRequest, *, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``/chat/completions`` JSON body for `request`.

    Args:
        model: the model name the server knows, e.g. ``Team-ACE/ToolACE-2.5-Llama-3.1-8B``.
        request: messages, tool specs and sampling settings.
        extra: further server-specific parameters (``seed``, ``top_p``, ``chat_template_kwargs``, ...),
            placed after the settings and before the tools and messages.

    Raises:
        UsageError: `extra` tries to replace a key in `RESERVED_KEYS`, or a tool message has no
            ``tool_call_id``.
    """
    extra = dict(extra or {})
    clash = RESERVED_KEYS.intersection(extra)
    if clash:
        raise UsageError(f"extra body parameters may not replace {sorted(clash)}; SimXAI sets them itself")
    body: dict[str, Any] = {
        "model": model,
        "temperature": request.temperature,
        "max_tokens": request.max_tokens,
        **extra,
    }
    # OpenAI rejects an empty tool list and a tool_choice without tools, so both go only with tools.
    if request.tools:
        body["tools"] = [_copy(tool) for tool in request.tools]
        body["tool_choice"] = request.tool_choice
    body["messages"] = openai_messages(request.messages)
    return body


class BodyEncoder:
    """Encodes request bodies like `encode_body(request_body(...))`, byte for byte, but serialises a tool list
    only once: the engine sends the same list object with every request, and re-encoding it was a large share
    of a busy server's CPU. The list is keyed by identity and held, so its id cannot be reused; callers must
    not mutate a tool list after sending it (the engine never does).
    """

    def __init__(self, model: str, extra: Mapping[str, Any] | None = None) -> None:
        request_body(model, _EMPTY, extra=extra)  # the same checks as the pure path
        self._model = model
        self._extra = dict(extra or {})
        self._tools: tuple[list[dict[str, Any]], str] | None = None

    def encode(self, request: CompletionRequest) -> bytes:
        """Encode `request` as the JSON body `encode_body(request_body(...))` gives, reusing the tool list's JSON."""
        head = encode_json(
            {
                "model": self._model,
                "temperature": request.temperature,
                "max_tokens": request.max_tokens,
                **self._extra,
            }
        )
        parts = [head[:-1]]
        if request.tools:
            if self._tools is None or self._tools[0] is not request.tools:
                self._tools = (request.tools, encode_json(request.tools))
            parts.append(f',"tools":{self._tools[1]},"tool_choice":{encode_json(request.tool_choice)}')
        parts.append(f',"messages":{encode_json(openai_messages(request.messages))}}}')
        return "".join(parts).encode("utf-8")


def openai_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Messages in the OpenAI shape: tool-call arguments as JSON strings, tool results by call id.

    Raises:
        UsageError: a tool message has no ``tool_call_id``.
    """
    result: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "tool":
            if not message.tool_call_id:
                raise UsageError("a tool message needs the tool_call_id of the call it answers")
            result.append({"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content})
        elif message.role == "assistant" and message.tool_calls:
            calls = [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": encode_json(call.arguments)},
                }
                for call in message.tool_calls
            ]
            result.append({"role": "assistant", "content": message.content, "tool_calls": calls})
        else:
            result.append({"role": message.role, "content": message.content})
    return result


def template_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Messages in the shape Hugging Face chat templates read: tool-call arguments as dicts.

    Tool results carry the function's ``name`` as well as the call id, for templates that show it.
    """
    result: list[dict[str, Any]] = []
    for message in messages:
        item: dict[str, Any] = {"role": message.role, "content": message.content}
        if message.tool_calls:
            item["tool_calls"] = [
                {
                    "id": c.id,
                    "type": "function",
                    "function": {"name": c.name, "arguments": _copy(c.arguments)},
                }
                for c in message.tool_calls
            ]
        if message.role == "tool":
            item["tool_call_id"] = message.tool_call_id
            if message.name:
                item["name"] = message.name
        result.append(item)
    return result


def parse_response(body: Any, *, calls_in_content: bool = True) -> CompletionResponse:
    """Read a ``/chat/completions`` response body.

    Args:
        body: the decoded JSON body.
        calls_in_content: whether to look for call lists in the content when there are no native
            ``tool_calls``. Off when the request offered no tools or set ``tool_choice="none"``: the
            reply is then text, as the OpenAI contract promises.

    Raises:
        ModelOutputError: the body lacks ``choices[0].message`` or has another unexpected shape
            (the message names what is missing).
        ToolCallParseError: a native call's arguments are not a JSON object, or the content holds a
            call list that is malformed.
    """
    if not isinstance(body, Mapping):
        raise ModelOutputError(f"expected a JSON object from the backend, got {type(body).__name__}")
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices:
        error = body.get("error")
        if error:
            detail = error.get("message", error) if isinstance(error, Mapping) else error
            raise ModelOutputError(f"backend returned an error instead of a completion: {str(detail)[:300]}")
        raise ModelOutputError("response has no choices; expected choices[0].message")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, Mapping) else None
    if not isinstance(message, Mapping):
        raise ModelOutputError("response has no choices[0].message object")
    finish_reason = choice.get("finish_reason")
    finish_reason = finish_reason if isinstance(finish_reason, str) else None
    content = _content(message.get("content"))
    raw_calls = message.get("tool_calls") or []
    if not isinstance(raw_calls, list):
        raise ModelOutputError(f"choices[0].message.tool_calls must be a list, got {type(raw_calls).__name__}")
    calls: list[ToolCall] = []
    if raw_calls:
        calls = [_native_call(raw, i) for i, raw in enumerate(raw_calls)]
    elif calls_in_content:
        try:
            calls, content = extract_tool_calls(content)
        except ToolCallParseError as exc:
            if finish_reason == "length":
                raise ToolCallParseError(f"{exc} (the reply was cut off at max_tokens)") from None
            raise
    model = body.get("model")
    return CompletionResponse(
        content=content,
        tool_calls=calls,
        model=model if isinstance(model, str) else "",
        finish_reason=finish_reason,
    )


def _content(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    # Some servers send content as a list of parts; only text parts carry a reply.
    if isinstance(value, list) and all(isinstance(part, Mapping) for part in value):
        return "".join(str(part.get("text", "")) for part in value if part.get("type", "text") == "text")
    raise ModelOutputError(f"choices[0].message.content must be a string or null, got {type(value).__name__}")


def _native_call(raw: Any, index: int) -> ToolCall:
    where = f"choices[0].message.tool_calls[{index}]"
    if not isinstance(raw, Mapping):
        raise ModelOutputError(f"{where} must be an object, got {type(raw).__name__}")
    function = raw.get("function")
    if not isinstance(function, Mapping):
        raise ModelOutputError(f"{where} has no function object")
    name = function.get("name")
    if not isinstance(name, str) or not name:
        raise ModelOutputError(f"{where}.function has no name")
    arguments = function.get("arguments")
    if arguments is None:
        parsed: dict[str, Any] = {}
    elif isinstance(arguments, str):
        parsed = decode_arguments(arguments, name)
    elif isinstance(arguments, Mapping):
        # Not the OpenAI shape (a JSON string), but some servers send the object itself. The round
        # trip through JSON applies the same checks (finite numbers, depth) as a string would get.
        try:
            text = encode_json(arguments)
        except (TypeError, ValueError) as exc:
            raise ToolCallParseError(f"{name}: arguments are not plain JSON: {exc}") from None
        parsed = decode_arguments(text, name)
    else:
        raise ToolCallParseError(f"{name}: arguments must be a JSON string, got {type(arguments).__name__}")
    call_id = raw.get("id")
    if not (isinstance(call_id, str) and call_id):
        call_id = f"call_{index}"
    return ToolCall(id=call_id, name=name, arguments=parsed)


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data, so a body never shares (and never lets a caller mutate) our dicts."""
    if isinstance(value, Mapping):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(item) for item in value]
    return value


_EMPTY = CompletionRequest(messages=[])
