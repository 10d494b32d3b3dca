"""A condition that answers the router's question about a group it could not pick out: the question asked before,
on that group.

"how does it get on with the cold towers?" names no group the host has: the router asks "Which cold towers do you
mean? No feature of the attempts is called that: give a condition on one of ..." (`_router_unknown.group_question`).
"below 10 degrees" answers it (`_router_bound_answer` reads it as "TowerTempC < 10"): the question asked before is
routed again with the words the question quoted replaced by the instances that meet the condition ("how does it get
on with the attempts with TowerTempC < 10?"), and its call is kept only when it runs on that condition. Without this,
the bare condition was routed on its own, by the selector, as whatever a condition alone looks like most. When the
selector is unsure of the rewritten question, its two likeliest functions are offered (the router asks), since the
reading rests on a turn two back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from simxai.backends._router_arguments import calls_for
from simxai.backends._router_bound_answer import bound_answer
from simxai.backends._router_decision import Decision
from simxai.backends._router_group_answer import group_question_asked
from simxai.backends._router_narrowed import GROUP_SLOT
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_argument
from simxai.messages import Message

__all__ = ["group_for_group_question"]


def quoted_words(words: str, said: str) -> tuple[int, int] | None:
    """Where the words a question quoted stand in the turn it quoted (start, end), or None: as written, or each word
    said with an ending the question left out ("Which sunny days do you mean?" of "on the sunniest days" after the
    host's words were read; "moon nights" of "the moony nights").
    """
    start = said.lower().find(words.lower())
    if start >= 0:
        return start, start + len(words)
    parts = [re.escape(w) for w in re.findall(r"\w+", words)]
    loose = re.search(r"\b" + r"\w*\s+".join(parts) + r"\w*", said, re.IGNORECASE) if parts else None
    return (loose.start(), loose.end()) if loose else None


def group_for_group_question(
    text: str,
    history: Sequence[Message],
    request: CompletionRequest,
    decide: Callable[[str, Sequence[Message]], Decision],
) -> Decision | None:
    """The question asked before, on the group `text` states as a bare condition; or None.

    `text` is a bound said against the router's question ("below 10 degrees", read by `bound_answer`) or the bare
    condition `_router_corrections.reread` made of it ("TowerTempC < 10"); any turn that says more than its
    condition is left to the other readings.
    """
    schema = request.host
    question = group_question_asked(history, schema)
    if question is None or schema is None:
        return None
    # the turn as said ("below 10 degrees", when the router routes the question it asked again) or as reread
    said = bound_answer(text, question.asked, schema) or text.strip()
    condition = extract_argument("group", said, schema)
    if not isinstance(condition, str) or condition.strip() != said:
        return None
    quoted = quoted_words(question.words, question.before)
    if quoted is None:
        return None
    before, (start, end) = question.before, quoted
    noun = schema.instance_noun or "instance"
    rewritten = f"{before[:start]}{noun}s with {condition}{before[end:]}"
    rewritten = re.sub(r"\b(?:the|those|these)\s+(?=" + re.escape(noun) + r"s with\b)", "", rewritten, flags=re.I)
    decision = decide(rewritten, history[:-2])
    spec = next((s for s in request.functions if s.name == decision.function), None)
    if spec is None or decision.function not in GROUP_SLOT:
        return None
    if not decision.confident:
        # unsure which question the group was for: the two likeliest, asked about, not the bare condition's guess
        return decision if decision.runner_up is not None else None
    calls = calls_for(spec, rewritten, history[:-2], schema)
    if len(calls) != 1 or calls[0].arguments.get(GROUP_SLOT[spec.name]) != condition:
        return None
    return Decision(decision.function, decision.confidence, True, arguments=dict(calls[0].arguments))
