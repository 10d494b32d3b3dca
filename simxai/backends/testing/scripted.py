"""Public test doubles: a backend that replays scripted replies, and one driven by a function."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from simxai.backends.base import Backend, CompletionRequest, CompletionResponse
from simxai.exceptions import UsageError
from simxai.messages import ToolCall

__all__ = ["FunctionBackend", "ScriptedBackend", "call", "reply"]


def call(name: str, _id: str | None = None, /, **arguments: Any) -> ToolCall:
    """A tool call for scripts: `call("get_prediction", instance=12)`."""
    return ToolCall(id=_id or f"call_{name}", name=name, arguments=arguments)


def reply(content: str = "", *calls: ToolCall) -> CompletionResponse:
    """A scripted completion: text, tool calls, or both."""
    return CompletionResponse(content=content, tool_calls=list(calls), model="scripted", finish_reason="stop")


class ScriptedBackend(Backend):
    """Replays a queue of completions and records every request.

    Items may be a `CompletionResponse`, a plain string (a text reply), a `ToolCall` or a list of them,
    or an exception instance to raise.
    """

    def __init__(self, script: Iterable[Any] = (), *, name: str = "scripted", writes_replies: bool = True) -> None:
        self._script: list[Any] = list(script)
        self.requests: list[CompletionRequest] = []
        self.name = name
        self.writes_replies = writes_replies

    def add(self, *items: Any) -> None:
        """Append `items` to the end of the script, in order."""
        self._script.extend(items)

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Record the request and replay the next scripted item: a reply, tool calls, or an exception to raise."""
        self.requests.append(request)
        if not self._script:
            raise UsageError(f"ScriptedBackend ran out of replies after {len(self.requests) - 1} requests")
        item = self._script.pop(0)
        if isinstance(item, BaseException):
            raise item
        if isinstance(item, CompletionResponse):
            return item
        if isinstance(item, str):
            return reply(item)
        if isinstance(item, ToolCall):
            return reply("", item)
        if isinstance(item, list) and all(isinstance(c, ToolCall) for c in item):
            return reply("", *item)
        raise UsageError(f"ScriptedBackend cannot replay {item!r}")

    @property
    def remaining(self) -> int:
        """How many scripted items have not been replayed yet."""
        return len(self._script)

    def assert_complete(self) -> None:
        """Fail unless every scripted reply was used."""
        if self._script:
            raise AssertionError(f"{len(self._script)} scripted replies were not used: {self._script!r}")


class FunctionBackend(Backend):
    """A backend whose completions come from a (sync or async) function of the request."""

    def __init__(
        self,
        func: Callable[[CompletionRequest], CompletionResponse | Awaitable[CompletionResponse]],
        *,
        name: str = "function",
        writes_replies: bool = True,
    ) -> None:
        self._func = func
        self.name = name
        self.writes_replies = writes_replies
        self.requests: list[CompletionRequest] = []

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Record the request and return what the function makes of it (awaited when it is a coroutine)."""
        self.requests.append(request)
        result = self._func(request)
        if inspect.isawaitable(result):
            result = await result
        assert isinstance(result, CompletionResponse)
        return result
