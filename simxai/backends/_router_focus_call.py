"""A close call between the instance in focus and the model as a whole: asked about, not guessed.

After a question about one instance, a turn that names no instance of its own ("how sure is the model about that",
"ok thanks, I'll take it up with the agent") may ask about that instance (its prediction, its explanation) or about
the model as a whole (its description, its global weights). When the selector's two likeliest functions split that
way, the call decides more than the function: a function about one instance runs on the instance the dialogue state
holds, which the turn did not name, and one about the model drops the instance the user may have meant. A selector
sure of its choice settles it; one above the clarification threshold but short of `ONE_LEFT` (the bar an unsure
choice must clear once its rivals are ruled out, `simxai.backends._router_unsure`) does not, and the router asks
between the two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.backends._router_followup import about_the_person_in_focus
from simxai.backends._router_unsure import ONE_LEFT
from simxai.extraction import extract_changes, extract_group, extract_ids, extract_label, extract_texts
from simxai.followup_subject import about_several
from simxai.hosts.base import HostSchema
from simxai.messages import Message
from simxai.registry import FunctionSpec

__all__ = ["instance_in_focus", "unsure_about_the_focus"]


def unsure_about_the_focus(
    decision: Decision,
    text: str,
    masked: str,
    history: Sequence[Message],
    functions: Sequence[FunctionSpec],
    schema: HostSchema | None,
) -> bool:
    """Whether the selector's choice, short of `ONE_LEFT`, is torn between a function of the instance the dialogue
    holds and one of the model as a whole, the turn naming no instance itself (module doc).
    """
    if decision.function is None or decision.runner_up is None or decision.confidence >= ONE_LEFT:
        return False
    if decision.also or decision.arguments is not None or decision.whole_text:
        return False  # a compound request, a follow-up's arguments or a text to classify: read already
    takes = {s.name for s in functions if any(p.name == "instance" for p in s.parameters)}
    if (decision.function in takes) == (decision.runner_up in takes):
        return False  # both about an instance, or both about the model: the instance is no part of the choice
    if "INSTANCE" in masked or "GROUP" in masked or (schema is not None and extract_ids(text, schema)):
        return False  # the turn names its own instance, or a group
    if about_several(text, schema):
        return False  # "how many of them are over 60?": several instances, not the one in focus
    if about_the_person_in_focus(text, history):
        return False  # "which factors drive his result?": the one in focus, said so
    if _states_its_arguments(decision.function if decision.function in takes else decision.runner_up, text, schema):
        return False  # "what if it was a light roast": the change a what-if of the one in focus needs, said
    if decision.function == "get_global_explanation" and schema is not None and extract_label(text, schema):
        # "which features matter most for cancelled?": a class named with nothing pointing at the one in focus
        # is the class the ranking is for, the global explanation's own argument (stale48)
        return False
    return any(
        call.arguments.get("instance") not in (None, True, False) for m in history for call in m.tool_calls or ()
    )


def _states_its_arguments(function: str, text: str, schema: HostSchema | None) -> bool:
    """Whether the turn states what the function about one instance needs besides the instance: the changes of a
    what-if, the class a why-not or a counterfactual search is about. Such a turn asks that function of the one in
    focus, not the model as a whole.
    """
    if function == "explain_what_if":
        return bool(extract_changes(text, schema))
    if function in ("explain_why_not", "explain_how_to_be_that"):
        return schema is not None and extract_label(text, schema) is not None
    return False


def instance_in_focus(history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """The instance of the dialogue's last call about one instance by its id, as the question names it ("patient 5"),
    or None (no such call, or one about a text or feature values).
    """
    for message in reversed(history):
        for call in message.tool_calls or ():
            instance = call.arguments.get("instance")
            if isinstance(instance, int) and not isinstance(instance, bool):
                noun = schema.instance_noun if schema is not None and schema.instance_noun else "instance"
                return f"{noun} {instance}"
    return None


def named_group(text: str, schema: HostSchema | None) -> str | None:
    """The group `text` names, as an option of the router's question names it ("the group 'sex = female'", "the
    group 'women'" where no feature codes it), or None: "which women are predicted progressing?" is about them,
    never about the instance in focus of an earlier why.
    """
    if schema is None or schema.kind != "tabular":
        return None
    group = extract_group(text, schema)
    return f"the group '{group}'" if isinstance(group, str) and group.strip() and group != "all" else None


_OF_THE_MODEL = re.compile(r"\b(?:model|classifier|system|algorithm|tool|app|data\s*set|dataset)\b", re.IGNORECASE)
# "that one", "this review": one instance pointed at
_POINTED = re.compile(r"\b(?:that|this)\s+(?:one|(?P<noun>[a-z]+))\b", re.IGNORECASE)
# a whole turn that only points: "(and) (what|how) about that <noun> (then)?", "and this one?"
_BARE_POINTER = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|right)\W+)?(?:(?:what|how)(?:'?s|\s+is)?\s+about\s+)?(?:that|this)\s+"
    r"(?:one|(?P<noun>[a-z]+))(?:[\s,]+(?:then|now|there|here))?\W*$",
    re.IGNORECASE,
)


def points_at_nothing(text: str, history: Sequence[Message], schema: HostSchema | None) -> bool:
    """Whether the first turn of a dialogue asks the class of one instance it points at ("is that one positive?",
    "is this one progressing?") that nothing before names: no id, no quoted text, no earlier turn. The instance is to
    be asked for. A turn naming no class ("how was this one trained?") may point at the model, unless it is nothing
    but the pointer at the host's noun ("what about that review?", "and that one?").
    """
    if schema is None or any(m.role == "user" for m in history) or extract_ids(text, schema) or extract_texts(text):
        return False
    noun = (schema.instance_noun or "instance").lower()
    bare = _BARE_POINTER.match(text)
    if bare is not None and (bare.group("noun") or "one").lower() in ("one", noun, noun + "s"):
        return True  # "what about that game then?", "and this one?" opening a dialogue: which one is asked
    if extract_label(text, schema) is None:
        return False
    if _OF_THE_MODEL.search(text):  # "is that one a good model?": the model, not an instance
        return False
    for match in _POINTED.finditer(text):
        said = (match.group("noun") or "one").lower()
        if said in ("one", noun, noun + "s", "instance", "row", "case", "example"):
            return True
    return False


# "compare men and women", "dhl vs ups": two things set side by side, and nothing said of what to compare
_BARE_COMPARISON = re.compile(
    r"^\W*(?:(?:can|could)\s+you\s+|please\s+|now\s+|ok(?:ay)?\s+)?compare\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+"
    r"(?:and|with|to|vs\.?|versus)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\W*$",
    re.IGNORECASE,
)
# words that say what is compared: a metric, the predictions, the reasons, the data
_COMPARED_WHAT = re.compile(
    r"\b(?:accura\w*|precision|recall|f1|auc|error\w*|perform\w*|score\w*|predict\w*|outcome\w*|label\w*|"
    r"reason\w*|feature\w*|importan\w*|why|explain\w*|data|count\w*|number\w*|rates?|probabilit\w*)\b",
    re.IGNORECASE,
)


def bare_comparison(text: str) -> bool:
    """Whether a turn only sets two things side by side ("compare men and women."), saying nothing of what to
    compare (their predictions, the model's accuracy on each, their data): the router asks which it is.
    """
    return bool(_BARE_COMPARISON.match(text)) and not _COMPARED_WHAT.search(text)
