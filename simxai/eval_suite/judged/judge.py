"""The LLM judge: the project's prompts, a strict reply parser, one corrective retry.

The judge talks to any `Backend` (for the paper's setting, `openai:meta-llama/Llama-3.1-8B-Instruct`
served by vLLM). It must answer with one JSON object `{"verdict": ..., "reason": "..."}`, optionally in a
single ```json fence, and nothing else. A reply that does not parse is sent back once with the reason;
if the second reply fails too, the verdict is *unparseable* and is counted as such, never turned into a
label.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

import pydantic

from simxai.backends.base import Backend, CompletionRequest
from simxai.exceptions import SimXAIError
from simxai.messages import Message

__all__ = [
    "ASPECTS",
    "JSON_FENCE",
    "PROMPT_VERSION",
    "Aspect",
    "JudgeReplyError",
    "LLMJudge",
    "StrictReply",
    "Verdict",
    "ask_strictly",
    "parse_verdict",
    "read_json_object",
]

T = TypeVar("T")

Aspect = Literal["faithfulness", "relevance", "coherence"]

#: Each aspect's verdict values -> the boolean they mean (True: preserved / needs context / coherent).
ASPECTS: dict[str, dict[Any, bool]] = {
    "faithfulness": {"preserved": True, "not_preserved": False},
    "relevance": {1: True, 0: False},
    "coherence": {1: True, 0: False},
}

#: Changes whenever a prompt changes, so cached verdicts of older prompts are not reused.
PROMPT_VERSION = "1"

SYSTEM = (
    "You are a strict evaluator of an assistant that explains a machine-learning model to users by calling "
    "explanation functions. You judge one aspect of one turn. "
    "Answer with only a JSON object and no other text."
)

_FORMAT = {
    "faithfulness": '{"verdict": "preserved" or "not_preserved", "reason": "<one sentence>"}',
    "relevance": '{"verdict": 1 or 0, "reason": "<one sentence>"}',
    "coherence": '{"verdict": 1 or 0, "reason": "<one sentence>"}',
}

_INSTRUCTIONS = {
    "faithfulness": (
        "Aspect: faithfulness of the reply to the function outputs.\n"
        "The assistant called the functions below and received their outputs. The reply is `preserved` when "
        "everything it states about the model, the data or the instance (numbers, labels, features, "
        "directions, reasons) is stated by the outputs or follows directly from them. Rephrasing, "
        "summarising and leaving details out are fine. It is `not_preserved` when it adds a claim the "
        "outputs do not support, changes a value, or contradicts an output."
    ),
    "relevance": (
        "Aspect: context relevance of the current user turn.\n"
        "Answer 1 when the turn cannot be understood or answered without the earlier conversation: it refers "
        'back to an instance, text, label, result or topic introduced earlier ("it", "this sentence", '
        '"why not the other label?", "what if I change that word?"). Answer 0 when the turn stands on its '
        "own, even if it continues the same topic."
    ),
    "coherence": (
        "Aspect: contextual coherence of the reply.\n"
        "The current user turn depends on the earlier conversation. Answer 1 when the reply uses that "
        "context coherently: it addresses the instance, label and earlier results the user refers to and "
        "neither contradicts nor ignores them. Answer 0 otherwise."
    ),
}


class JudgeReplyError(ValueError):
    """A judge reply that is not exactly one valid verdict object (internal to the retry)."""


class Verdict(pydantic.BaseModel):
    """A judge's verdict: the label as a boolean, or why there is none."""

    value: bool | None
    status: Literal["ok", "unparseable", "error"]
    raw: str | None = None
    reason: str | None = None
    attempts: int = 1


#: One optional ```json (or bare ```) fence around a whole reply; group 1 is what it holds.
JSON_FENCE = re.compile(r"^```(?:json)?\s*\n?(.*?)\n?```$", re.DOTALL)


def read_json_object(text: str) -> dict[str, Any]:
    """Read a reply that must be one JSON object, bare or in a single ```json fence.

    Raises:
        JudgeReplyError: the reply is not JSON, or JSON but not an object.
    """
    body = text.strip()
    fenced = JSON_FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        data = json.loads(body)
    except ValueError:
        raise JudgeReplyError("the reply is not a single JSON object") from None
    if not isinstance(data, dict):
        raise JudgeReplyError("the reply is JSON but not an object")
    return data


@dataclass(frozen=True)
class StrictReply(Generic[T]):
    """What `ask_strictly` got: the value `read` made of a reply, or why there is none."""

    status: Literal["ok", "unparseable", "error"]
    value: T | None
    raw: str | None
    attempts: int


async def ask_strictly(
    backend: Backend,
    messages: list[Message],
    read: Callable[[str], T],
    *,
    form: str,
    max_tokens: int,
    temperature: float = 0.0,
) -> StrictReply[T]:
    """Ask `backend` (no tools; temperature 0 unless given) and read the reply with `read`; never raise.

    A reply `read` rejects with `JudgeReplyError` is sent back once with the reason and `form` (the
    expected answer's shape); a second rejection is *unparseable*. A backend failure is an *error*.
    """
    raw: str | None = None
    for attempt in (1, 2):
        request = CompletionRequest(
            messages=messages, tool_choice="none", temperature=temperature, max_tokens=max_tokens
        )
        try:
            response = await backend.complete(request)
        except SimXAIError as exc:
            return StrictReply("error", None, f"{type(exc).__name__}: {exc}", attempt)
        raw = response.content
        try:
            value = read(raw)
        except JudgeReplyError as exc:
            messages = [
                *messages,
                Message.assistant(raw),
                Message.user(f"Your reply could not be read: {exc}. Answer with only {form}."),
            ]
            continue
        return StrictReply("ok", value, raw, attempt)
    return StrictReply("unparseable", None, raw, 2)


def parse_verdict(aspect: str, text: str) -> tuple[bool, str | None]:
    """Read a judge reply strictly.

    Returns:
        The verdict as a boolean and the stated reason.

    Raises:
        JudgeReplyError: saying what is wrong with the reply.
    """
    allowed = ASPECTS[aspect]
    data = read_json_object(text)
    extra = set(data) - {"verdict", "reason"}
    if "verdict" not in data or extra:
        raise JudgeReplyError(f"the object must have the keys verdict and reason only (got {sorted(data)})")
    verdict = data["verdict"]
    if isinstance(verdict, str) and 1 in allowed and verdict.strip() in ("0", "1"):
        verdict = int(verdict)
    if isinstance(verdict, bool) or not isinstance(verdict, str | int) or verdict not in allowed:
        valid = " or ".join(json.dumps(v) for v in allowed)
        raise JudgeReplyError(f"verdict {json.dumps(verdict)} is not {valid}")
    reason = data.get("reason")
    return allowed[verdict], reason if isinstance(reason, str) else None


def _context_text(context: Sequence[tuple[str, str]]) -> str:
    if not context:
        return "(none)"
    return "\n".join(f"{'User' if role == 'user' else 'Assistant'}: {text}" for role, text in context)


def judge_prompt(
    aspect: str,
    *,
    question: str,
    answer: str = "",
    outputs: Sequence[tuple[str, str]] = (),
    context: Sequence[tuple[str, str]] = (),
) -> str:
    """The user message asking the judge about one turn."""
    parts = [_INSTRUCTIONS[aspect]]
    if aspect != "faithfulness":
        parts.append(f"Earlier conversation:\n{_context_text(context)}")
    parts.append(f"Current user turn:\n{question}")
    if aspect == "faithfulness":
        listed = "\n".join(f"{i}. {name}: {text}" for i, (name, text) in enumerate(outputs, 1)) or "(none)"
        parts.append(f"Function outputs:\n{listed}")
    if aspect != "relevance":
        parts.append(f"Assistant reply:\n{answer}")
    parts.append(f"Answer with only {_FORMAT[aspect]}.")
    return "\n\n".join(parts)


class LLMJudge:
    """A judge backed by any conversation backend.

    Args:
        backend: the backend that answers the judge prompts.
        max_tokens: the reply budget (a verdict and a one-sentence reason).
    """

    def __init__(self, backend: Backend, *, max_tokens: int = 200) -> None:
        self.backend = backend
        self.max_tokens = max_tokens

    @property
    def name(self) -> str:
        """The judge's name in reports: its backend's."""
        return self.backend.name

    async def judge(
        self,
        aspect: Aspect,
        *,
        question: str,
        answer: str = "",
        outputs: Sequence[tuple[str, str]] = (),
        context: Sequence[tuple[str, str]] = (),
    ) -> Verdict:
        """Ask for one verdict; retry once on an unreadable reply; never raise for a backend failure."""
        messages = [
            Message.system(SYSTEM),
            Message.user(judge_prompt(aspect, question=question, answer=answer, outputs=outputs, context=context)),
        ]
        reply = await ask_strictly(
            self.backend,
            messages,
            lambda raw: parse_verdict(aspect, raw),
            form=_FORMAT[aspect],
            max_tokens=self.max_tokens,
        )
        value, reason = reply.value if reply.value is not None else (None, None)
        return Verdict(value=value, status=reply.status, raw=reply.raw, reason=reason, attempts=reply.attempts)
