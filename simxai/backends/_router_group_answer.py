"""An answer that names one instance to the router's question about a group it could not pick out.

"why did we lose the long wet race?" names no instance and no group the host has: the router asks "Which long wet race
do you mean? ..." (`_router_unknown.group_question`). "It was 305020." or "race 305020" answers it: the question
asked before is routed again with the words the question quoted replaced by that instance ("why did we lose race
305020?"), and its arguments are read from that text; the rest of a description the quoted words open, up to a comma
before the request ("the noisy race i rode in june, what happened"), goes with them ("race 305020, what happened"). An
answer that says anything else is a new request.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from simxai.backends._router_arguments import calls_for
from simxai.backends._router_decision import Decision
from simxai.backends._router_masking import mask, only_names_instance
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_ids
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["GroupQuestion", "group_question_asked", "instance_for_group_question"]

# The router's question about a group named by words the host cannot read (`group_question`); the feature it names
# may hold spaces and signs ("airflow (m/s) runs from 0 to 8")
_GROUP_QUESTION = re.compile(r"^Which (?P<words>.+?) do you mean\? (?:No feature of the|\S[^?]*? runs from)")
# "it was 305020", "that's 305020", "it's race 305020": a short lead-in before the instance
_LEAD_IN = re.compile(r"^\W*(?:(?:it|that|this|the\s+one)\s*(?:'s|\s+is|\s+was|\s+were)|i\s+mean|i\s+meant)\s+", re.I)


# the rest of a description after the words quoted ("i rode in june", "by the pier"), asking nothing, then a comma or
# a dash and the request ("whats it say")
_DESCRIPTION_THEN_REQUEST = re.compile(
    r"^(?P<rest>(?:\s+(?!(?:why|what|whats|how|which|is|was|does|did|would|can|could)\b)[\w'-]+){1,8}?)\s*[,;:–—-]\s+"
    r"(?P<request>\S.*)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class GroupQuestion:
    """The router's question about a group it could not pick out, asked in the turn before."""

    words: str  # the words of the user's turn the question quoted ("long wet race")
    asked: str  # the question itself
    before: str  # the user's turn it asked about


def group_question_asked(history: Sequence[Message], schema: HostSchema | None) -> GroupQuestion | None:
    """The group question the router asked last, after the user's turn before it, on a tabular host; or None."""
    if schema is None or schema.kind != "tabular" or len(history) < 2:
        return None
    asked, before = history[-1], history[-2]
    if asked.role != "assistant" or asked.tool_calls or before.role != "user":
        return None
    question = _GROUP_QUESTION.match(asked.content or "")
    if question is None:
        return None
    return GroupQuestion(question.group("words"), asked.content or "", before.content or "")


def instance_for_group_question(
    text: str,
    history: Sequence[Message],
    request: CompletionRequest,
    decide: Callable[[str, Sequence[Message]], Decision],
) -> Decision | None:
    """The question asked before, about the one instance `text` names, after the router's group question; or None."""
    schema = request.host
    question = group_question_asked(history, schema)
    if question is None or schema is None:
        return None
    said = _LEAD_IN.sub("", text)
    ids = extract_ids(said, schema)
    if len(ids) != 1 or not only_names_instance(mask(said, schema), schema, said):
        return None
    words, before = question.words, question.before
    if words.lower() not in before.lower():
        return None
    start = before.lower().index(words.lower())
    noun = schema.instance_noun or "instance"
    after = before[start + len(words) :]
    described = _DESCRIPTION_THEN_REQUEST.match(after)
    if described is not None:  # "the noisy race i rode in june, what happened": the description ends at the comma
        after = f", {described.group('request')}"
    rewritten = f"{before[:start]}{noun} {ids[0]}{after}"
    rewritten = re.sub(r"\b(?:the|a|an|that|this)\s+(?=" + re.escape(noun) + r" \d)", "", rewritten, flags=re.I)
    decision = decide(rewritten, history[:-2])
    spec = next((s for s in request.functions if s.name == decision.function), None)
    if spec is None or not decision.confident:
        return None
    calls = calls_for(spec, rewritten, history[:-2], schema)
    if len(calls) != 1 or calls[0].arguments.get("instance") != ids[0]:
        return None
    return Decision(decision.function, decision.confidence, True, arguments=dict(calls[0].arguments))
