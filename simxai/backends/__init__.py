"""Conversation backends and the one resolver that builds them from a spec string.

What users import is listed in `__all__`: the `Backend` interface with its request and response, the resolver
`load_backend`, the concrete backends (`RouterBackend`, `OpenAIBackend`, `TransformersBackend`) and the test
doubles (`ScriptedBackend`, `FunctionBackend`). The concrete backends load on first use, so a heavy library
(httpx, transformers) is imported only by the code that needs it; the other modules (`wire`, `toolcalls`,
names with a leading underscore) are their implementation, but for `router_model`, the learned selector and
its artifact, which the router's trainer (`simxai.eval_suite.router_training`) writes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from simxai.backends.base import Backend, CompletionRequest, CompletionResponse
from simxai.exceptions import UsageError

if TYPE_CHECKING:
    from simxai.backends.hf import TransformersBackend
    from simxai.backends.openai import OpenAIBackend
    from simxai.backends.router import RouterBackend
    from simxai.backends.testing import FunctionBackend, ScriptedBackend

__all__ = [
    "BACKEND_SPECS",
    "Backend",
    "CompletionRequest",
    "CompletionResponse",
    "FunctionBackend",
    "OpenAIBackend",
    "RouterBackend",
    "ScriptedBackend",
    "TransformersBackend",
    "load_backend",
]

_LAZY = {
    "FunctionBackend": "simxai.backends.testing",
    "OpenAIBackend": "simxai.backends.openai",
    "RouterBackend": "simxai.backends.router",
    "ScriptedBackend": "simxai.backends.testing",
    "TransformersBackend": "simxai.backends.hf",
}

BACKEND_SPECS = (
    "router",
    "openai:<model> (any OpenAI-compatible server: vLLM, Ollama, llama.cpp, OpenAI)",
    "hf:<local model folder>",
    "scripted",
)


def load_backend(
    spec: str,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout: float | None = None,
    deadline: float | None = None,
    backoff: float | None = None,
    max_response_bytes: int | None = None,
) -> Backend:
    """Build a backend from a spec: ``router``, ``openai:<model>``, ``hf:<path>`` or ``scripted``.

    The one entry point for the server, the CLIs and settings. Heavy libraries load only for the backend
    that needs them.

    Raises:
        UsageError: the spec names no known backend, or lacks its model or path.
    """
    kind, _, target = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "router":
        from simxai.backends.router import RouterBackend

        return RouterBackend()
    if kind == "scripted":
        from simxai.backends.testing import ScriptedBackend

        return ScriptedBackend()
    if kind == "openai":
        if not target:
            raise UsageError("backend 'openai:' needs a model name, e.g. openai:Team-ACE/ToolACE-2.5-Llama-3.1-8B")
        from simxai.backends.openai import OpenAIBackend

        options: dict[str, object] = {}
        if base_url:
            options["base_url"] = base_url
        if timeout is not None:
            options["timeout"] = timeout
        if deadline is not None:
            options["deadline"] = deadline
        if backoff is not None:
            options["backoff"] = backoff
        if max_response_bytes is not None:
            options["max_response_bytes"] = max_response_bytes
        return OpenAIBackend(target, api_key=api_key, **options)  # type: ignore[arg-type]
    if kind == "hf":
        if not target:
            raise UsageError("backend 'hf:' needs a local model folder, e.g. hf:/models/ToolACE-2.5-Llama-3.1-8B")
        from simxai.backends.hf import TransformersBackend

        return TransformersBackend(target)
    raise UsageError(f"unknown backend {spec!r}; valid: {', '.join(BACKEND_SPECS)}")


def __getattr__(name: str) -> Any:
    """Load a concrete backend from its module on first use (a listed name only)."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simxai.backends' has no attribute {name!r}")
