"""SimXAI: a conversational layer that lets people talk to a machine-learning model and understand it.

The public face: build an `Agent` over a `Host` (your model and its XAI resources) and a backend
(`load_backend("router" | "openai:<model>" | "hf:<path>")`), then `await agent.conversation().send(text)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simxai._version import __version__ as __version__
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
from simxai.hosts.base import Host, HostSchema
from simxai.messages import Message, ToolCall
from simxai.registry import FunctionSpec, Registry, provide_default_registry

if TYPE_CHECKING:
    from simxai.agent import Agent, AgentSettings, CallRecord, Clarification, Conversation, DialogueState, Turn
    from simxai.backends import Backend, load_backend
    from simxai.functions import default_registry
    from simxai.guard import GuardReport
    from simxai.hosts.tabular import TabularHost
    from simxai.hosts.text import TextHost


def _eleven_functions() -> Registry:
    """The eleven functions' registry, for an `Agent` given none.

    The core builds no registry itself (the functions layer sits above it), so the package wires it in here.
    """
    from simxai.functions import default_registry

    return default_registry()


provide_default_registry(_eleven_functions)

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

# Loaded on first use: host bindings import pandas and scikit-learn; the agent, the backends and the guard compile
# a few thousand patterns at import (about 5 s of CPU), which a one-shot `simxai call` never needs; the functions
# import the extraction's lexicon.
_LAZY = {
    "TabularHost": "simxai.hosts.tabular",
    "TextHost": "simxai.hosts.text",
    **dict.fromkeys(
        ["Agent", "AgentSettings", "CallRecord", "Clarification", "Conversation", "DialogueState", "Turn"],
        "simxai.agent",
    ),
    "Backend": "simxai.backends",
    "load_backend": "simxai.backends",
    "GuardReport": "simxai.guard",
    "default_registry": "simxai.functions",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simxai' has no attribute {name!r}")
