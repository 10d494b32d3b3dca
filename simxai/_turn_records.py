"""The working set of one turn and its records: the messages, the calls, the events and timings, and each request
to the backend (with the fallback when it is unreachable and one corrective retry on unusable output).

`_TurnRecords` is the base of the turn (`simxai.agent._TurnRun`); `_turn_calls` adds running calls on top of it.
"""

from __future__ import annotations

import inspect
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from simxai._engine import Engine
from simxai.backends.base import CompletionRequest, CompletionResponse
from simxai.budget import fit_request
from simxai.exceptions import BackendError, ModelOutputError
from simxai.messages import Message, ToolCall
from simxai.prompts import unreadable_output
from simxai.state import DialogueState
from simxai.turns import CallRecord, EventHandler, TurnEvent

__all__ = ["trim"]


def trim(history: Sequence[Message], limit: int) -> list[Message]:
    """The last `limit` messages, never starting inside a call/result group (an orphan tool result)."""
    recent = list(history[-limit:]) if limit else []
    while recent and (recent[0].role == "tool" or recent[0].tool_calls):
        recent.pop(0)
    return [m for m in recent if m.role != "system"]


class _Stage:
    """Wall-clock seconds per stage of a turn."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def add(self, stage: str, started: float) -> None:
        self.seconds[stage] = self.seconds.get(stage, 0.0) + time.perf_counter() - started


@dataclass(frozen=True)
class _Completed:
    """What asking the backend ended with.

    `response` is None after unusable output twice; `fallback` is the note when this request fell back.
    """

    response: CompletionResponse | None
    fallback: str | None = None


class _TurnRecords:
    """The mutable working set of one turn, its records, and its requests to the backend."""

    def __init__(
        self,
        agent: Engine,
        user: str,
        history: Sequence[Message],
        state: DialogueState,
        on_event: EventHandler | None,
    ) -> None:
        self.agent = agent
        self.user = user
        self.state = state
        self.on_event = on_event
        self.backend = agent.backend  # the fallback after the backend failed (`_fall_back`)
        self.new: list[Message] = [Message.user(user)]
        self.messages: list[Message] = [
            Message.system(agent.system_prompt),
            *trim(history, agent.settings.history_messages),
            self.new[0],
        ]
        self.history_end = len(self.messages) - 1  # where this turn's messages start
        self.dropped = 0
        self.calls: list[CallRecord] = []
        # The user's words in this dialogue: numbers and names the user stated are theirs, not claims.
        self.said = "\n".join([*(m.content for m in history if m.role == "user"), user])
        self.stage = _Stage()
        # Successful calls of this turn by name and arguments: an identical call reuses the result.
        self._done: dict[str, CallRecord] = {}
        self._all_reused = False
        # The user said yes to values questioned as outside the data's range: they run as given this turn.
        self._confirmed = False
        # The engine's own prompts (retries) and the rejected texts they answer, by identity: a backend that writes
        # no replies (the router, also as the fallback) would route them as if the user had written them.
        self._engine_turns: set[int] = set()

    async def _complete(self, tool_choice: Literal["auto", "none"]) -> _Completed:
        """Ask the backend; fall back when it is unreachable; one corrective retry on unusable output."""
        started = time.perf_counter()
        fallback: str | None = None
        try:
            for attempt in range(2):
                budget = self.agent.settings.context_tokens
                if budget is not None:
                    dropped = await fit_request(
                        self.messages,
                        self.history_end,
                        budget - self.agent.settings.max_tokens,
                        self.agent.tools,
                        self.backend,
                    )
                    self.history_end -= dropped
                    self.dropped += dropped
                try:
                    try:
                        return _Completed(await self.backend.complete(self._request(tool_choice)), fallback)
                    except BackendError as exc:
                        fallback = self._fall_back(exc)
                        return _Completed(await self.backend.complete(self._request(tool_choice)), fallback)
                except ModelOutputError as exc:
                    if attempt == 1:
                        return _Completed(None, fallback)
                    self._retry_prompt(unreadable_output(exc))
            return _Completed(None, fallback)
        finally:
            self.stage.add("backend", started)

    def _request(self, tool_choice: Literal["auto", "none"]) -> CompletionRequest:
        """The request for the backend in use; one that writes no replies never sees the engine's own prompts.

        The router reads the last user message as the user's question: after a retry prompt (and the rejected
        text it answers) it would route the prompt itself, so it gets the dialogue without them.
        """
        messages = self.messages
        if not self.backend.writes_replies and self._engine_turns:
            messages = [m for m in messages if id(m) not in self._engine_turns]
        return CompletionRequest(
            messages=messages,
            tools=self.agent.tools,
            tool_choice=tool_choice,
            temperature=self.agent.settings.temperature,
            max_tokens=self.agent.settings.max_tokens,
            host=self.agent.schema,
            functions=self.agent.specs,
        )

    def _retry_prompt(self, prompt: str, rejected: str | None = None) -> None:
        """Append the engine's corrective `prompt` (after the `rejected` text it answers), marked as the engine's."""
        if rejected is not None:
            answered = Message.assistant(rejected)
            self._append(answered)
            self._engine_turns.add(id(answered))
        message = Message.user(prompt)
        self._append(message)
        self._engine_turns.add(id(message))

    def _fall_back(self, error: BackendError) -> str:
        """Switch the rest of the turn to the fallback backend after `error`, and say so.

        Raises:
            BackendError: `error` again, when there is no fallback or the fallback itself failed.
        """
        if self.agent.fallback is None or self.backend is self.agent.fallback:
            raise error
        note = f"{self.agent.fallback.name}: {self.backend.name} failed ({error})"
        self.backend = self.agent.fallback
        return note

    def _record_assistant(self, response: CompletionResponse) -> None:
        self._append(Message.assistant(response.content, list(response.tool_calls)))

    def _append(self, message: Message) -> None:
        self.messages.append(message)
        self.new.append(message)

    async def _finish_call(
        self,
        call: ToolCall,
        arguments: dict[str, Any],
        status: Literal["ok", "error", "clarification", "rejected"],
        *,
        output: Any = None,
        error: str | None = None,
        rendering: str | None = None,
    ) -> None:
        record = CallRecord(
            id=call.id,
            function=call.name,
            arguments=arguments,
            status=status,
            output=output,
            error=error,
            rendering=rendering,
        )
        self.calls.append(record)
        if status == "ok":
            self._record_ran(call, arguments)
            content = json.dumps({"result": output, "summary": rendering}, ensure_ascii=False)
        else:
            content = json.dumps({"error": error}, ensure_ascii=False)
        self._append(Message.tool(call, content))
        await self._emit(TurnEvent(type="call", call=record))

    def _record_ran(self, call: ToolCall, arguments: dict[str, Any]) -> None:
        """Make the assistant message that asked for `call` hold the arguments that ran.

        The engine completes a call before it runs (the dialogue's instance, a step on the feature in focus, a
        change tied to its feature by a unit): later turns read the history's calls, and "twice that" after "what
        if it rested 20 hrs" doubles the 20 that ran, not a call that named no change.
        """
        for index in range(len(self.messages) - 1, self.history_end, -1):
            message = self.messages[index]
            if message.role != "assistant" or all(c.id != call.id for c in message.tool_calls):
                continue
            if all(c.arguments == arguments for c in message.tool_calls if c.id == call.id):
                return
            ran = [
                c.model_copy(update={"arguments": dict(arguments)}) if c.id == call.id else c
                for c in message.tool_calls
            ]
            updated = message.model_copy(update={"tool_calls": ran})
            self.messages[index] = updated
            self.new = [updated if m is message else m for m in self.new]
            return

    async def _emit(self, event: TurnEvent) -> None:
        if self.on_event is None:
            return
        result = self.on_event(event)
        if inspect.isawaitable(result):
            await result
