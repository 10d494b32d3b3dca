"""The oracle backend: replays each case's gold first call, so a correct pipeline scores exactly 1.0.

The evaluation runner publishes the case being run in `CURRENT_CASE` (a context variable, so concurrent
cases never see each other's); the oracle answers with that case's gold function, putting the gold
argument (if any) in the function's first parameter. It declines to phrase replies, so the engine renders
the function outputs itself and each case costs one completion.
"""

from __future__ import annotations

import contextvars
from collections.abc import Sequence

from simxai.backends.base import Backend, CompletionRequest, CompletionResponse
from simxai.eval_suite.data.datasets import Case
from simxai.eval_suite.data.labels import NO_TOOL
from simxai.exceptions import UsageError
from simxai.messages import Message, ToolCall
from simxai.registry import FunctionSpec

__all__ = ["CURRENT_CASE", "OracleBackend"]

#: The case an evaluation run is answering (set by the runner around each turn).
CURRENT_CASE: contextvars.ContextVar[Case | None] = contextvars.ContextVar("simxai_eval_case", default=None)

NO_TOOL_REPLY = "No function is needed to answer this."


def _called_this_turn(messages: Sequence[Message]) -> bool:
    last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=-1)
    return any(m.role == "assistant" and m.tool_calls for m in messages[last_user + 1 :])


def _arguments(function: str, argument: str | None, specs: Sequence[FunctionSpec]) -> dict[str, str]:
    spec = next((s for s in specs if s.name == function), None)
    if argument is None or spec is None or not spec.parameters:
        return {}
    return {spec.parameters[0].name: argument}


class OracleBackend(Backend):
    """Answers every case with its gold first call (`no tool`: a text reply)."""

    name = "oracle"
    writes_replies = False

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Call the current case's gold first function once per turn; otherwise reply with text."""
        case = CURRENT_CASE.get()
        if case is None:
            raise UsageError("the oracle backend only answers inside an evaluation run (no current case)")
        gold = case.expected
        if _called_this_turn(request.messages) or gold is None or gold.alternatives[0] == NO_TOOL:
            return CompletionResponse(content=NO_TOOL_REPLY, model=self.name, finish_reason="stop")
        function = gold.alternatives[0]
        call = ToolCall(id="oracle_0", name=function, arguments=_arguments(function, case.argument, request.functions))
        return CompletionResponse(tool_calls=[call], model=self.name, finish_reason="tool_calls")
