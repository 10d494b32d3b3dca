"""How often the model is right about the group in focus: "how many of them does it get wrong?".

After a question about a group, a count or a rate of the model's rights or wrongs that names no group of its own
asks how well the model does on that group: its performance there (the confusion matrix for a count, the accuracy
for a rate, or the metric named), on the held-out split. The group's predicted counts would answer another question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_arguments import judges_the_model
from simxai.backends._router_decision import Decision
from simxai.extraction import extract_group, extract_ids, extract_metric
from simxai.followup_context import group_in_focus, says_all_the_data
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["judged_in_focus"]

_HOW_MANY = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)
_HOW_OFTEN = re.compile(
    r"\bhow\s+(?:often|much|many)\b|\b(?:what|which)\s+(?:share|fraction|proportion|percent\w*|part)\b|%",
    re.IGNORECASE,
)


def judged_in_focus(text: str, history: Sequence[Message], schema: HostSchema | None) -> Decision | None:
    """The performance on the group in focus for a count or rate of the model's rights or wrongs, or None."""
    if schema is None or schema.kind != "tabular" or not _HOW_OFTEN.search(text) or not judges_the_model(text):
        return None
    if extract_ids(text, schema) or says_all_the_data(text, schema.instance_noun):
        return None
    named = extract_group(text, schema)
    if isinstance(named, str) and named != "all":
        return None  # a group of its own: the other readings take it
    group = group_in_focus(history, schema)
    if group is None or not re.search(r"[=<>]", group):
        return None
    metric = extract_metric(text) or ("confusion_matrix" if _HOW_MANY.search(text) else "accuracy")
    return Decision("get_model_performance", 1.0, True, arguments={"metric": metric, "group": group})
