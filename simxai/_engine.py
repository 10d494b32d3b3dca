"""What a turn reads of its agent: the loop's knobs (`AgentSettings`) and the agent's parts (`Engine`).

`simxai.agent.Agent` is the one `Engine`; the turn's modules (`_turn_records`, `_turn_calls`) name it by this
protocol so that they need not import the module that runs them.
"""

from __future__ import annotations

from typing import Annotated, Any, Protocol

import pydantic

from simxai.backends.base import Backend
from simxai.guard import Vocabulary
from simxai.hosts.base import Host, HostSchema
from simxai.registry import FunctionSpec, Registry
from simxai.work import WorkerPool

__all__ = ["AgentSettings", "Engine"]


class AgentSettings(pydantic.BaseModel):
    """Knobs of the loop."""

    max_calls_per_turn: Annotated[int, pydantic.Field(ge=1, le=16)] = 4
    #: The most recent history messages sent to the backend.
    history_messages: Annotated[int, pydantic.Field(ge=0)] = 40
    guard: bool = True
    #: Whether the guard re-reads the router's own rendering of the outputs too (`SIMXAI_GUARD_RENDERINGS`); off, such
    #: a reply's report says `rendered` and lists no claims. Replies an LLM wrote are read whatever this says.
    guard_renderings: bool = False
    temperature: float = 0.0
    max_tokens: int = 512
    #: The prompt-token budget of a request (`SIMXAI_CONTEXT_TOKENS`): the oldest turns are dropped to fit.
    context_tokens: Annotated[int, pydantic.Field(ge=256)] | None = None

    @pydantic.model_validator(mode="after")
    def _room_for_the_reply(self) -> AgentSettings:
        if self.context_tokens is not None and self.context_tokens <= self.max_tokens:
            raise ValueError(
                f"context_tokens ({self.context_tokens}) must exceed max_tokens ({self.max_tokens}), "
                "which the reply needs"
            )
        return self


class Engine(Protocol):
    """The parts of an agent a turn uses (`simxai.agent.Agent` has them all)."""

    host: Host
    backend: Backend
    registry: Registry
    settings: AgentSettings
    fallback: Backend | None
    pool: WorkerPool | None
    schema: HostSchema
    system_prompt: str
    tools: list[dict[str, Any]]
    specs: list[FunctionSpec]
    vocabulary: Vocabulary
