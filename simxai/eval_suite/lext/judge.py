"""The judge tasks LExT needs, with strict JSON replies and one corrective retry.

Every task asks for exactly one JSON object (optionally in a single ```json fence) with fixed keys. A reply
that does not parse is sent back once with the reason; a second failure makes the answer *unparseable*,
which is counted and leaves the metric unavailable, never guessed. A backend failure is an *error*,
likewise counted. The first line of every prompt names the task (``Task: <name>``), which keeps prompts
self-describing and lets function-driven test judges answer by task.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Literal

import pydantic

from simxai.backends.base import Backend
from simxai.eval_suite.judged.judge import JudgeReplyError, ask_strictly, read_json_object
from simxai.messages import Message

__all__ = ["LEXT_PROMPT_VERSION", "JudgeAnswer", "LExTJudge", "ReplyError", "parse_object"]

#: Changes whenever a prompt or the way a layer is asked changes, so cached cases of older runs are not reused.
LEXT_PROMPT_VERSION = "2"  # 2: the counterfactual re-ask puts the rewrite in the history

SYSTEM = (
    "You help evaluate explanations that an assistant gave about a machine-learning model. Follow the task "
    "exactly and answer with only a JSON object, no other text."
)


#: A judge reply that is not the requested JSON object (internal to the retry); the judge module's error,
#: so that `ask_strictly` retries on it.
ReplyError = JudgeReplyError


class JudgeAnswer(pydantic.BaseModel):
    """What a judge task returned: the parsed value, or why there is none."""

    task: str
    value: Any = None
    status: Literal["ok", "unparseable", "error"]
    raw: str | None = None
    attempts: int = 1


def parse_object(text: str, keys: Sequence[str]) -> dict[str, Any]:
    """Read a reply that must be one JSON object with exactly `keys`.

    Raises:
        ReplyError: saying what is wrong.
    """
    data = read_json_object(text)
    if set(data) != set(keys):
        raise ReplyError(f"the object must have exactly the keys {', '.join(keys)} (got {', '.join(sorted(data))})")
    return data


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ReplyError(f"{what} must be a non-empty string")
    return value.strip()


def _texts(value: Any, what: str, count: int) -> list[str]:
    if not isinstance(value, list) or len(value) != count:
        raise ReplyError(f"{what} must be a list of exactly {count} strings")
    out = [_text(v, f"every item of {what}") for v in value]
    if len({v.lower() for v in out}) != count:
        raise ReplyError(f"the {count} items of {what} must differ")
    return out


def _choice(value: Any, what: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value.strip().lower() not in [c.lower() for c in choices]:
        raise ReplyError(f"{what} must be one of: {', '.join(json.dumps(c) for c in choices)}")
    return next(c for c in choices if c.lower() == value.strip().lower())


class LExTJudge:
    """The LExT judge over any conversation backend.

    Args:
        backend: the backend that answers (e.g. `load_backend("openai:<model>", base_url=...)`).
        max_tokens: the reply budget of one task.
    """

    def __init__(self, backend: Backend, *, max_tokens: int = 400) -> None:
        self.backend = backend
        self.max_tokens = max_tokens

    @property
    def name(self) -> str:
        """The judge's name in reports: its backend's."""
        return self.backend.name

    async def ask(
        self,
        task: str,
        prompt: str,
        keys: Sequence[str],
        read: Callable[[dict[str, Any]], Any],
    ) -> JudgeAnswer:
        """Send one task; parse strictly with `read`; retry once on an unreadable reply; never raise."""
        form = "{" + ", ".join(f'"{k}": ...' for k in keys) + "}"
        messages = [Message.system(SYSTEM), Message.user(f"Task: {task}\n\n{prompt}")]
        reply = await ask_strictly(
            self.backend, messages, lambda raw: read(parse_object(raw, keys)), form=form, max_tokens=self.max_tokens
        )
        return JudgeAnswer(task=task, value=reply.value, status=reply.status, raw=reply.raw, attempts=reply.attempts)

    async def question_for(self, explanation: str) -> JudgeAnswer:
        """The one question the explanation answers completely (context relevancy)."""
        prompt = (
            "Write the one question that the explanation below answers completely, as a user would ask.\n\n"
            f'Explanation:\n{explanation}\n\nAnswer with only {{"question": "<the question>"}}.'
        )
        return await self.ask("context_question", prompt, ["question"], lambda d: _text(d["question"], "question"))

    async def paraphrases(self, question: str, count: int) -> JudgeAnswer:
        """`count` paraphrases of the user's question, same meaning (paraphrase stability)."""
        prompt = (
            f"Paraphrase the user's question below in {count} different ways. Keep its meaning and every "
            f"name, number and quoted text it contains; change only the wording.\n\nQuestion:\n{question}\n\n"
            f'Answer with only {{"paraphrases": [{count} strings]}}.'
        )
        return await self.ask(
            "paraphrase", prompt, ["paraphrases"], lambda d: _texts(d["paraphrases"], "paraphrases", count)
        )

    async def qag_questions(self, explanation: str, count: int) -> JudgeAnswer:
        """`count` questions the explanation can answer (QAG, step 1)."""
        prompt = (
            f"Write {count} different questions that can be answered using the explanation below.\n\n"
            f'Explanation:\n{explanation}\n\nAnswer with only {{"questions": [{count} strings]}}.'
        )
        return await self.ask(
            "qag_questions", prompt, ["questions"], lambda d: _texts(d["questions"], "questions", count)
        )

    async def answerable(self, explanation: str, question: str) -> JudgeAnswer:
        """Whether the explanation alone answers the question (QAG, step 2): True or False."""
        prompt = (
            f"Can the question be answered from this explanation alone?\n\nExplanation:\n{explanation}\n\n"
            f'Question:\n{question}\n\nAnswer with only {{"answer": "yes" or "no"}}.'
        )
        return await self.ask(
            "qag_answer", prompt, ["answer"], lambda d: _choice(d["answer"], "answer", ("yes", "no")) == "yes"
        )

    async def flip(self, question: str, explanation: str, label: str, opposite: str) -> JudgeAnswer:
        """The explanation rewritten so that it implies `opposite` instead of `label` (counterfactual)."""
        prompt = (
            f"A user asked: {question}\nThe assistant's explanation says the model's answer is {label!r}:\n"
            f"{explanation}\n\nRewrite the explanation so that it now implies the answer {opposite!r} "
            "instead. Keep its form and length; change only what is needed.\n\n"
            'Answer with only {"explanation": "<the rewritten explanation>"}.'
        )
        return await self.ask(
            "counterfactual_rewrite",
            prompt,
            ["explanation"],
            lambda d: _text(d["explanation"], "explanation"),
        )

    async def stated_label(self, question: str, reply: str, labels: Sequence[str]) -> JudgeAnswer:
        """Which of `labels` the reply says the model predicts, or "none" (counterfactual)."""
        choices = [*labels, "none"]
        listed = ", ".join(json.dumps(c) for c in choices)
        prompt = (
            f"A user asked: {question}\nThe assistant replied:\n{reply}\n\nWhich label does the reply say "
            f'the model predicts? Answer "none" if it states no label or several.\n\n'
            f'Answer with only {{"label": one of {listed}}}.'
        )
        return await self.ask("stated_label", prompt, ["label"], lambda d: _choice(d["label"], "label", choices))
