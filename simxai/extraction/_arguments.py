"""Dispatch by argument name, for the user's answer to a clarifying question."""

from __future__ import annotations

import re
from typing import Any

from simxai.extraction._bare_ids import COUNTED_BELOW
from simxai.extraction._features import extract_feature, extract_label, extract_metric, extract_target_label
from simxai.extraction._groups import _written_condition, extract_group
from simxai.extraction._instances import extract_ids, extract_instance
from simxai.extraction._kept_label import extract_kept_label
from simxai.extraction._result_counts import BARE_COUNT, extract_count
from simxai.extraction._scored_labels import importance_label, label_group, scored_label
from simxai.extraction._self_corrections import extract_changes
from simxai.extraction._set_aside import target_beside
from simxai.hosts.base import HostSchema
from simxai.normalize import normalize
from simxai.textbounds import bounds_text_argument

_LABEL_ARGUMENTS = ("expected_label", "target_label", "prediction_label")


# A bound on a group of instances ("for patients over 60 kg", "on parcels between 2 and 5 litres"), as written;
# an amount of money ("on rooms under £100 a night", "applicants earning under £30k a year") with its sign and period
_MONEY = r"[£$€]?\s?\d+(?:[.,]\d+)?"
_UNREAD_BOUND = re.compile(
    r"\b(?:for|on|among|in|across|with)\s+(?:(?:the|those|these|all)\s+)?(?:[a-z]+\s+){0,2}?"
    rf"(?P<bound>(?:over|under|above|below|between\s+{_MONEY}\s+(?:and|to)|(?:[a-z]+er|more|less|fewer)\s+than|"
    rf"at\s+least|at\s+most)\s+{_MONEY}(?:\s?(?!(?:an?|per)\b)[a-z][a-z/0-9²]*)?"
    r"(?:\s+(?:a|per|an)\s+(?:night|day|week|month|year|hour|head|person))?)",
    re.IGNORECASE,
)

# Texts selected by a word ("on reviews with the word boring", "for texts that mention 'refund'"), as written: no
# host's conditions compare words, so the function says so and asks instead of scoring every text.
_WORD_GROUP = re.compile(
    r"\b(?:on|for|among|in|across)\s+(?:(?:the|those|these|all)\s+)?[a-z]+\s+"
    r"(?P<bound>(?:with|containing|that\s+(?:contain|mention|use|say)s?|which\s+(?:contain|mention|use)s?)\s+"
    r"(?:(?:the\s+)?(?:words?|terms?|phrases?)\s+)?['\"‘“]?[\w'-]+['\"’”]?)",
    re.IGNORECASE,
)


def _recall(text: str) -> bool:
    return extract_metric(text) == "recall"


@bounds_text_argument(1)
def extract_argument(name: str, text: str, schema: HostSchema | None, function: str | None = None) -> Any | None:
    """Extract the argument `name` from `text`, e.g. the user's answer to "Which patient do you mean?".

    Dispatches on the argument's name: instance, changes, metric, feature, expected_label / target_label /
    prediction_label, kept_label, label, group, number_of_iterations. For a text host, an `instance` answer with
    no quotes and no id is the text itself. `label` is the label a metric or an importance is asked for ("recall for
    stable"); for `function` get_model_performance, a label said with a noun for instances ("for barbera
    wines") is the group of those instances instead (`label = barbera`). Returns None when the text holds no
    such value, or for an argument name this module does not know (a host's own function may take any
    argument).
    """
    text = normalize(text, schema)
    if name == "label":
        found = scored_label(text, schema)
        if found is None and function == "get_global_explanation":
            return importance_label(text, schema)  # "what decides whether a lift is out of order": that class
        if found is None or (found.instances and function == "get_model_performance" and not _recall(text)):
            return None
        return found.label
    if name == "instance":
        value = extract_instance(text, schema)
        if value is None and schema is not None and schema.kind == "text":
            answer = (
                re.sub(
                    r"^\s*(?:the\s+)?(?:sentence|review|text|input|phrase)\s+(?:is\s+)?:?\s*",
                    "",
                    text,
                    flags=re.IGNORECASE,
                )
                .strip()
                .strip("'\"“”‘’")
                .strip()
            )
            return answer or None
        return value
    if name == "changes":
        return extract_changes(text, schema)
    if name == "metric":
        return extract_metric(text)
    if name == "feature":
        return extract_feature(text, schema)
    if name == "target_label":
        aside, other = target_beside(text, schema)  # "to be kept rather than treated": never treated
        return other if aside else extract_target_label(text, schema)
    if name == "kept_label":
        return extract_kept_label(text, schema)  # "how can patient 12 stay progressing?": said to keep
    if name in _LABEL_ARGUMENTS:
        return extract_label(text, schema)
    if name == "number_of_iterations":
        count = extract_count(text, extract_ids(text, schema))
        # "what could applicant 55 change ...", "what can member 5010 change": the id, not a count of changes;
        # a bare answer ("four", "3 please") is the count, though it would also read as an id
        bare = BARE_COUNT.fullmatch(text) is not None
        if count is not None and schema is not None and count >= COUNTED_BELOW and schema.has_id(count):
            return None  # "what must rider 7123 change ...": a count of results never reaches a thousand; an id does
        return None if count is not None and not bare and count in extract_ids(text, schema) else count
    if name == "group":
        group = extract_group(text, schema) or _written_condition(text, schema) or label_group(text, schema)
        scored = scored_label(text, schema, bare=False) if function == "get_model_performance" else None
        if scored is not None and (not scored.instances or _recall(text)) and group == f"label = {scored.label}":
            # "how good is it at catching stable patients", "recall on the stable patients": the label's recall;
            # scored on the patients recorded stable, a recall is stable's (or another label's, undefined)
            return None
        if group is None:
            # "accuracy for patients over 60 kg": a bound no feature reads is passed on as said, so that the
            # function says it cannot select it and asks, rather than score everyone
            bound = _UNREAD_BOUND.search(text)
            if bound is None and schema is not None and schema.kind == "text":
                bound = _WORD_GROUP.search(text)
            if bound is not None:
                return bound.group("bound")
        if group is None and re.fullmatch(
            r"\W{0,3}(?:all|everyone|everybody|overall|none|no group)\W{0,3}", text, re.I
        ):
            return "all"  # the answer to "which group?": the whole split
        return group
    return None
