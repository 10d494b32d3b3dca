"""The layer side of LExT: replaying a dialogue through SimXAI's engine, reading a turn's ground truth,
and the redaction and label tools the faithfulness tests need.

The layer under test is an `Agent` (an engine over a host and a backend). A row's question is asked after
the layer has answered the row's earlier user turns itself (free-running), so that the question's "it" and
"this sentence" resolve against the layer's own dialogue state. Repeated asks of the same row (further
generations, paraphrases, redactions, the counterfactual) start from the same history and state.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from simxai.agent import Agent, Conversation, DialogueState, Turn
from simxai.eval_suite.lext.entities import canonical_number, find_numbers, is_stopword, normalize, words
from simxai.exceptions import SimXAIError
from simxai.messages import Message

__all__ = [
    "REDACTED",
    "Grounding",
    "Replay",
    "about_instance",
    "attributions_of",
    "grounding",
    "is_unknown",
    "key_words",
    "opposite_label",
    "predicted_label",
    "redact",
    "redact_history",
]

REDACTED = "[REDACTED]"

# Result kinds whose `label`-like field is the model's prediction for the subject, and that field.
_PREDICTION_FIELDS = {
    "prediction": ("label", "probabilities"),
    "local_explanation": ("predicted_label", None),
    "counterfactual": ("current_label", None),
    "still_this": ("label", None),
    "what_if": ("new_label", "new_probabilities"),
}


@dataclass(frozen=True)
class Grounding:
    """What a turn's reply stands on: the payloads and renderings of the calls that ended ok."""

    payloads: tuple[Any, ...] = ()
    renderings: tuple[str, ...] = ()
    functions: tuple[str, ...] = ()

    @property
    def grounded(self) -> bool:
        """Whether any call ended ok, so the reply has a ground truth to be scored against."""
        return bool(self.renderings)

    @property
    def text(self) -> str:
        """The ground truth as text: the deterministic renderings, joined."""
        return " ".join(self.renderings)


def grounding(turn: Turn) -> Grounding:
    """The ground truth of a turn: its successful function outputs."""
    ok = [c for c in turn.calls if c.status == "ok"]
    return Grounding(
        payloads=tuple(c.output for c in ok),
        renderings=tuple(c.rendering or "" for c in ok),
        functions=tuple(c.function for c in ok),
    )


def is_unknown(turn: Turn) -> bool:
    """Whether the layer could not answer: no call ended ok (it asked back, refused, or the call failed)."""
    return not any(c.status == "ok" for c in turn.calls)


@dataclass
class Replay:
    """One conversation with the layer, advanced through a dialogue's user turns as rows need them."""

    agent: Agent
    conversation: Conversation | None = None
    sent: list[str] = field(default_factory=list)

    async def before(self, users: Sequence[str]) -> tuple[list[Message], DialogueState]:
        """Bring the conversation to just after `users` (restarting it if it went elsewhere).

        Returns:
            The conversation's history and state at that point.
        """
        users = list(users)
        if self.conversation is None or self.sent != users[: len(self.sent)]:
            self.conversation, self.sent = self.agent.conversation(), []
        for text in users[len(self.sent) :]:
            await self.conversation.send(text)
            self.sent.append(text)
        return list(self.conversation.history), self.conversation.state

    async def send(self, question: str) -> Turn:
        """Ask the row's question as the dialogue's next turn (the first generation)."""
        assert self.conversation is not None, "call before() first"
        turn = await self.conversation.send(question)
        self.sent.append(question)
        return turn


def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)


def redact(text: str, redacted: Sequence[str]) -> str:
    """Replace every whole-word occurrence of each word (any case) with ``[REDACTED]``."""
    for word in redacted:
        text = _word_pattern(word).sub(REDACTED, text)
    return text


def _redact_value(value: Any, redacted: Sequence[str]) -> Any:
    if isinstance(value, str):
        return redact(value, redacted)
    if isinstance(value, Mapping):
        return {k: _redact_value(v, redacted) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_redact_value(v, redacted) for v in value]
    return value


def redact_history(history: Sequence[Message], redacted: Sequence[str]) -> list[Message]:
    """The history with the words redacted everywhere the layer reads: texts, call arguments, tool outputs.

    Tool outputs are JSON; ``[REDACTED]`` holds no quote or backslash, so they stay valid JSON.
    """
    out = []
    for message in history:
        calls = [c.model_copy(update={"arguments": _redact_value(c.arguments, redacted)}) for c in message.tool_calls]
        out.append(message.model_copy(update={"content": redact(message.content, redacted), "tool_calls": calls}))
    return out


def about_instance(payloads: Sequence[Any]) -> bool:
    """Whether an output concerns an instance (it has a subject), rather than the model or the data."""
    return any(isinstance(p, Mapping) and isinstance(p.get("subject"), Mapping) for p in payloads)


async def attributions_of(agent: Agent, payloads: Sequence[Any], state: DialogueState) -> dict[str, float]:
    """|attribution| by feature or word, from the turn's local explanations.

    Failing those, for an output about an instance, from the host for the instance in focus: the host's
    own SHAP values (the layer is not asked).
    """
    found: dict[str, float] = {}
    for payload in payloads:
        if isinstance(payload, Mapping) and payload.get("kind") == "local_explanation":
            for item in payload.get("attributions", []):
                key = normalize(str(item.get("feature", "")))
                found[key] = max(found.get(key, 0.0), abs(float(item.get("contribution") or 0.0)))
    if found or state.instance is None or not about_instance(payloads):
        return found
    try:
        subject = await asyncio.to_thread(agent.host.resolve, state.instance)
        result = await asyncio.to_thread(agent.host.local_explanation, subject, None)
    except SimXAIError:
        return {}
    for attribution in result.attributions:
        key = normalize(attribution.feature)
        found[key] = max(found.get(key, 0.0), abs(attribution.contribution))
    return found


def key_words(
    inputs: Sequence[str],
    attributions: Mapping[str, float],
    entities: frozenset[str] | set[str],
    k: int = 5,
) -> list[str]:
    """The `k` words of the layer's input that carry the answer, deterministically.

    Candidates are the words and numbers of `inputs` (in order of first appearance). Those the host
    attributes to (non-zero |attribution|) rank first, by magnitude; then those that are entities of the
    ground truth (stop words excepted); words that are neither are never key words.
    """
    ranked: dict[str, tuple[int, float, int]] = {}
    position = 0
    for text in inputs:
        tokens = [(w, normalize(w)) for w in words(text)] + [(s.strip(), c) for s, c, _ in find_numbers(text)]
        for surface, key in tokens:
            position += 1
            name = surface.lower()
            if name in ranked:
                continue
            weight = attributions.get(key, 0.0) if canonical_number(surface) is None else 0.0
            if weight > 0:
                ranked[name] = (0, -weight, position)
            elif key in entities and not is_stopword(key):
                ranked[name] = (1, 0.0, position)
    return [w for w, _ in sorted(ranked.items(), key=lambda item: item[1])[:k]]


def predicted_label(payloads: Sequence[Any]) -> tuple[str, Mapping[str, float] | None] | None:
    """The model's predicted label in the first output that states one, with its class probabilities."""
    for payload in payloads:
        if not isinstance(payload, Mapping):
            continue
        fields = _PREDICTION_FIELDS.get(str(payload.get("kind")))
        if fields is None:
            continue
        label = payload.get(fields[0])
        if isinstance(label, str) and label:
            probabilities = payload.get(fields[1]) if fields[1] else None
            return label, probabilities if isinstance(probabilities, Mapping) else None
    return None


def opposite_label(label: str, labels: Sequence[str], probabilities: Mapping[str, float] | None = None) -> str | None:
    """The label a counterfactual explanation should imply.

    The other class of a binary model; with more classes, the most probable other class (by
    `probabilities`), else the first other one in `labels`.
    """
    others = [x for x in labels if x != label]
    if not others:
        return None
    if probabilities:
        return max(others, key=lambda x: (float(probabilities.get(x, 0.0)), -others.index(x)))
    return others[0]
