"""SimXAI: a conversational layer that lets people talk to a machine-learning model and understand it.

The public face: build an `Agent` over a `Host` (your model and its XAI resources) and a backend
(`load_backend("router" | "openai:<model>" | "hf:<path>")`), then `await agent.conversation().send(text)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simxai._version import __version__ as __version__
from simxai.agent import Agent, AgentSettings, CallRecord, Clarification, Conversation, DialogueState, Turn
from simxai.backends import Backend, load_backend
from simxai.exceptions import (
    ArgumentError,
    BackendError,
    BackendHTTPError,
    BackendUnavailableError,
    BudgetError,
    FunctionCallError,
    HostError,
    ModelOutputError,
    SimXAIError,
    ToolCallParseError,
    UsageError,
)
from simxai.functions import default_registry
from simxai.guard import GuardReport
from simxai.hosts.base import Host, HostSchema
from simxai.messages import Message, ToolCall
from simxai.registry import FunctionSpec, Registry, provide_default_registry

if TYPE_CHECKING:
    from simxai.hosts.tabular import TabularHost
    from simxai.hosts.text import TextHost

# The core builds no registry itself: an `Agent` given none gets the eleven functions (the functions layer sits
# above the core, so the package wires it in here).
provide_default_registry(default_registry)

__all__ = [
    "Agent",
    "AgentSettings",
    "ArgumentError",
    "Backend",
    "BackendError",
    "BackendHTTPError",
    "BackendUnavailableError",
    "BudgetError",
    "CallRecord",
    "Clarification",
    "Conversation",
    "DialogueState",
    "FunctionCallError",
    "FunctionSpec",
    "GuardReport",
    "Host",
    "HostError",
    "HostSchema",
    "Message",
    "ModelOutputError",
    "Registry",
    "SimXAIError",
    "TabularHost",
    "TextHost",
    "ToolCall",
    "ToolCallParseError",
    "Turn",
    "UsageError",
    "default_registry",
    "load_backend",
]

# Host bindings import pandas and scikit-learn; load them on first use.
_LAZY = {"TabularHost": "simxai.hosts.tabular", "TextHost": "simxai.hosts.text"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simxai' has no attribute {name!r}")
