"""Conversation backends and the one resolver that builds them from a spec string."""

from __future__ import annotations

from simxai.backends.base import Backend, CompletionRequest, CompletionResponse
from simxai.exceptions import UsageError

__all__ = ["BACKEND_SPECS", "Backend", "CompletionRequest", "CompletionResponse", "load_backend"]

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
        if max_response_bytes is not None:
            options["max_response_bytes"] = max_response_bytes
        return OpenAIBackend(target, api_key=api_key, **options)  # type: ignore[arg-type]
    if kind == "hf":
        if not target:
            raise UsageError("backend 'hf:' needs a local model folder, e.g. hf:/models/ToolACE-2.5-Llama-3.1-8B")
        from simxai.backends.hf import TransformersBackend

        return TransformersBackend(target)
    raise UsageError(f"unknown backend {spec!r}; valid: {', '.join(BACKEND_SPECS)}")
