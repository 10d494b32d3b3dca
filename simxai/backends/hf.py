"""An in-process backend that runs a local Hugging Face transformers model (extra ``simxai[hf]``).

Meant for offline work and small models; for serving ToolACE use vLLM through `OpenAIBackend`.
torch and transformers are imported on first use, never at import time.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import threading
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from simxai.backends import wire
from simxai.backends.base import Backend, CompletionRequest, CompletionResponse
from simxai.backends.toolcalls import extract_tool_calls
from simxai.exceptions import BackendUnavailableError, UsageError
from simxai.messages import Message

__all__ = ["TransformersBackend", "toolace_chat_template"]

# Llama 3.x end-of-turn tokens; generation stops at whichever the vocabulary has.
_STOP_TOKENS = ("<|eot_id|>", "<|eom_id|>", "<|end_of_text|>")


@functools.cache
def toolace_chat_template() -> str:
    """The text of SimXAI's ToolACE chat template (``simxai/backends/templates/toolace.jinja``)."""
    return resources.files("simxai.backends").joinpath("templates/toolace.jinja").read_text(encoding="utf-8")


class TransformersBackend(Backend):
    """Completions from a local transformers causal LM, generated greedily in a worker thread.

    The model folder is loaded on the first request (``local_files_only``: nothing is ever
    downloaded). The prompt is the tokenizer's own chat template rendered with the tools, or SimXAI's
    ToolACE template when the tokenizer has none; tool calls are read from the generated text
    (pythonic or JSON). A lock keeps concurrent requests from interleaving on the one model.

    Args:
        path: a local folder holding ``config.json``, the weights and the tokenizer files.
        max_new_tokens: the most tokens generated per reply (a request's ``max_tokens`` may lower it).
        device: where the model runs, e.g. ``cpu``, ``cuda`` or ``cuda:1``.
        chat_template: a Jinja chat template that replaces the tokenizer's own.

    Attributes:
        last_prompt: the prompt text of the latest request, for inspection.

    Raises:
        UsageError: `max_new_tokens` is not positive.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        max_new_tokens: int = 256,
        device: str = "cpu",
        chat_template: str | None = None,
    ) -> None:
        if max_new_tokens < 1:
            raise UsageError(f"max_new_tokens must be at least 1, got {max_new_tokens}")
        self.path = Path(path)
        self.name = f"hf:{path}"
        self.max_new_tokens = max_new_tokens
        self.device = device
        self.last_prompt: str | None = None
        self._chat_template = chat_template
        self._tokenizer: Any = None
        self._model: Any = None
        self._stop_ids: list[int] | None = None
        # A threading lock, taken inside the worker thread: it works whichever event loop (or plain
        # thread) calls, and also guards the lazy loading.
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"TransformersBackend(path={str(self.path)!r}, device={self.device!r})"

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Generate a reply and read any tool calls from it.

        Generation is greedy, so `request.temperature` is ignored and replies are reproducible.

        Raises:
            UsageError: the path is not a local model folder, or torch/transformers are missing.
            BackendUnavailableError: the folder could not be loaded as a model.
            ToolCallParseError: the generated text holds a malformed tool call.
        """
        return await asyncio.to_thread(self._complete, request)

    async def ping(self) -> bool:
        """Whether the model is loaded or its folder looks loadable (it is not loaded by this check)."""
        return self._model is not None or (self.path / "config.json").is_file()

    async def aclose(self) -> None:
        """Drop the model and tokenizer; the next request loads them again."""
        await asyncio.to_thread(self._unload)

    async def count_tokens(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> int | None:
        """The prompt tokens of a request with these messages and tools, by the model's own tokenizer and chat
        template (the prompt `complete` generates from). None when the tokenizer cannot be loaded.
        """
        request = CompletionRequest(messages=list(messages), tools=list(tools))
        try:
            return await asyncio.to_thread(self._count, request)
        except (UsageError, BackendUnavailableError):
            return None  # the completion will say what is wrong

    def render_prompt(self, request: CompletionRequest) -> str:
        """The prompt text `request` becomes. Blocks: loads the tokenizer on first use."""
        with self._lock:
            tokenizer = self._load_tokenizer()
            return self._render(tokenizer, self._template_arguments(tokenizer, request))

    # --- work done in the worker thread -----------------------------------------------------------

    def _complete(self, request: CompletionRequest) -> CompletionResponse:
        with self._lock:
            tokenizer = self._load_tokenizer()
            model = self._load_model()
            arguments = self._template_arguments(tokenizer, request)
            # Rendered once as text (kept in last_prompt) and once, in _generate, as token ids, which is
            # where control tokens in user text can be neutralised.
            self._render(tokenizer, arguments)
            text, finish_reason = self._generate(tokenizer, model, request, dict(arguments))
        calls, content = extract_tool_calls(text) if request.offers_tools else ([], text)
        return CompletionResponse(
            content=content.strip(),
            tool_calls=calls,
            model=self.path.name,
            finish_reason="tool_calls" if calls else finish_reason,
        )

    def _count(self, request: CompletionRequest) -> int:
        with self._lock:
            tokenizer = self._load_tokenizer()
            encoded = tokenizer.apply_chat_template(
                **self._template_arguments(tokenizer, request), tokenize=True, return_dict=True
            )
        return len(encoded["input_ids"])

    def _render(self, tokenizer: Any, arguments: dict[str, Any]) -> str:
        prompt: str = tokenizer.apply_chat_template(**arguments, tokenize=False)
        self.last_prompt = prompt
        return prompt

    def _template_arguments(self, tokenizer: Any, request: CompletionRequest) -> dict[str, Any]:
        template = self._chat_template or getattr(tokenizer, "chat_template", None) or toolace_chat_template()
        return {
            "conversation": wire.template_messages(request.messages),
            "tools": list(request.tools) if request.offers_tools else None,
            "chat_template": template,
            "add_generation_prompt": True,
        }

    def _generate(
        self, tokenizer: Any, model: Any, request: CompletionRequest, arguments: dict[str, Any]
    ) -> tuple[str, str]:
        import torch
        from transformers import GenerationConfig

        # Control tokens inside user text (say, a typed "<|eot_id|>") are encoded as plain text, so
        # nobody can close a turn or open a new one from the chat box. Older transformers lack this.
        if "sanitize_control_tokens" in inspect.signature(tokenizer.apply_chat_template).parameters:
            arguments["sanitize_control_tokens"] = True
        encoded = tokenizer.apply_chat_template(**arguments, tokenize=True, return_dict=True, return_tensors="pt")
        input_ids = encoded["input_ids"].to(model.device)
        attention_mask = encoded["attention_mask"].to(model.device)
        if self._stop_ids is None:  # the vocabulary is a large dict: read it once per loaded model
            self._stop_ids = _stop_token_ids(tokenizer, model)
        stop_ids = self._stop_ids
        limit = min(self.max_new_tokens, request.max_tokens)
        config = GenerationConfig(
            max_new_tokens=limit,
            do_sample=False,
            eos_token_id=stop_ids or None,
            pad_token_id=tokenizer.pad_token_id if tokenizer.pad_token_id is not None else (stop_ids or [0])[0],
        )
        with torch.inference_mode():
            output = model.generate(input_ids=input_ids, attention_mask=attention_mask, generation_config=config)
        new_tokens = output[0, input_ids.shape[1] :].tolist()
        stopped = bool(new_tokens) and new_tokens[-1] in stop_ids
        finish_reason = "length" if len(new_tokens) >= limit and not stopped else "stop"
        return tokenizer.decode(new_tokens, skip_special_tokens=True), finish_reason

    def _load_tokenizer(self) -> Any:
        if self._tokenizer is None:
            transformers = _import_transformers()
            self._check_folder()
            try:
                self._tokenizer = transformers.AutoTokenizer.from_pretrained(self.path, local_files_only=True)
            except (OSError, ValueError) as exc:
                raise BackendUnavailableError(f"{self.name}: cannot load the tokenizer: {exc}") from exc
        return self._tokenizer

    def _load_model(self) -> Any:
        if self._model is None:
            transformers = _import_transformers()
            import torch

            self._check_folder()
            try:
                device = torch.device(self.device)
            except RuntimeError as exc:
                raise UsageError(f"invalid device {self.device!r}: {exc}") from None
            try:
                model = transformers.AutoModelForCausalLM.from_pretrained(self.path, local_files_only=True)
                model = model.to(device)
            except (OSError, ValueError, RuntimeError) as exc:
                raise BackendUnavailableError(f"{self.name}: cannot load the model: {exc}") from exc
            model.eval()
            self._model = model
        return self._model

    def _check_folder(self) -> None:
        if not (self.path / "config.json").is_file():
            raise UsageError(
                f"{self.name}: {str(self.path)!r} is not a local model folder (no config.json); "
                "TransformersBackend never downloads, so point it at a folder on disk"
            )

    def _unload(self) -> None:
        with self._lock:
            self._model = None
            self._tokenizer = None
            self._stop_ids = None


def _import_transformers() -> Any:
    try:
        import transformers
    except ImportError as exc:
        raise UsageError("TransformersBackend needs torch and transformers: pip install 'simxai[hf]'") from exc
    return transformers


def _stop_token_ids(tokenizer: Any, model: Any) -> list[int]:
    """The ids that end a turn: the model's configured EOS ids plus the Llama 3.x turn tokens it knows."""
    ids: list[int] = []
    configured = getattr(model.generation_config, "eos_token_id", None)
    for value in (configured if isinstance(configured, list) else [configured], [tokenizer.eos_token_id]):
        ids += [i for i in value if isinstance(i, int)]
    vocabulary = tokenizer.get_vocab()
    ids += [vocabulary[token] for token in _STOP_TOKENS if token in vocabulary]
    return list(dict.fromkeys(ids))
