"""The one interface every conversation backend implements."""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import Annotated, Any, Literal

import pydantic

from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall
from simxai.registry import FunctionSpec

__all__ = ["CLARIFY", "Backend", "CompletionRequest", "CompletionResponse"]


class CompletionRequest(pydantic.BaseModel):
    """Messages, tool specs and sampling settings for one completion.

    `host` describes the host system and `functions` holds the full specs (with example requests); LLM
    backends ignore both (the tool schemas and the conversation carry what they need), the offline router
    uses them to select functions and extract arguments.
    """

    model_config = pydantic.ConfigDict(frozen=True)

    messages: list[Message]
    # The engine sends the same tool list with every request; validating would deep-copy it each time.
    # Backends treat it as read-only (the OpenAI wire format copies it into each body).
    tools: Annotated[list[dict[str, Any]], pydantic.SkipValidation] = []
    tool_choice: Literal["auto", "none"] = "auto"
    temperature: float = 0.0
    max_tokens: int = 512
    host: HostSchema | None = None
    functions: list[FunctionSpec] = []

    @property
    def offers_tools(self) -> bool:
        """Whether the model may call a tool: tools are given and `tool_choice` is not ``none``."""
        return bool(self.tools) and self.tool_choice != "none"


#: The `finish_reason` of a response whose content is a question back to the user about which function is
#: meant (the offline router when it is unsure); the engine reports it as the turn's clarification.
CLARIFY = "clarify"


class CompletionResponse(pydantic.BaseModel):
    """The model's answer: text, tool calls, or both."""

    model_config = pydantic.ConfigDict(frozen=True)

    content: str = ""
    tool_calls: list[ToolCall] = []
    model: str = ""
    finish_reason: str | None = None


class Backend(abc.ABC):
    """A conversation backend: an LLM behind some API, or the offline router.

    Attributes:
        name: a label for reports, e.g. ``openai:ToolACE-2.5-Llama-3.1-8B`` or ``router``.
        writes_replies: False when the backend cannot phrase replies itself, in which case the engine
            replies with the deterministic rendering of the function outputs.
    """

    name: str = "backend"
    writes_replies: bool = True

    @abc.abstractmethod
    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Produce one completion.

        Raises:
            BackendUnavailableError: the backend could not be reached or timed out.
            BackendHTTPError: the backend answered with an error status.
        """

    async def prepare(self, host: HostSchema, functions: Sequence[FunctionSpec]) -> None:  # noqa: B027
        """Load what the first completion for `host` and `functions` would otherwise load.

        The server calls it once at startup, before it takes requests. Nothing by default: an LLM backend
        loads nothing; the offline router loads its selector and word embeddings.
        """

    async def ping(self) -> bool:
        """Whether the backend is reachable (used by readiness checks)."""
        return True

    async def count_tokens(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> int | None:
        """The prompt tokens of a request with these messages and tools by the model's own tokenizer.

        None when the backend has no tokenizer to ask (the default); the context budget then uses its estimate
        (`simxai.budget`). Never raises.
        """
        return None

    async def aclose(self) -> None:  # noqa: B027 - optional hook: most backends hold nothing to release
        """Release connections or models."""
