"""A per-class metric asked for every class at once: "precision for each label", "per class recall", "the f1 of
every class", "recall by class", "class-wise precision".

The performance function scores one label at a time (its `label` argument; without one it reports the average over
the labels), so a turn that asks for the figure of each class gets one call per class, each with its label, as
several ids give one call each. Only for precision, recall, f1 or every metric ("all"): accuracy and the confusion
matrix have no per-class figure in this sense, and roc_auc is one number. A host with more classes than the
router's call limit keeps the one call (the average, which the function says it is), and a host with a feature
named by one of the words ("class", "label", "category", "outcome") keeps it too: "recall by class" there may
mean that feature's groups.
"""

from __future__ import annotations

import re

from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words
from simxai.messages import ToolCall

__all__ = ["asks_every_class", "per_class_calls"]

_CLASS_WORD = r"(?:class(?:es)?|labels?|categor(?:y|ies)|outcomes?)"
# "for each class", "of every label", "for all (the) classes", "for both labels", "per class", "by label",
# "class-wise", "each class's", "broken down by class"
_EVERY_CLASS = re.compile(
    rf"\b(?:(?:for|of|on|in|across)\s+(?:each|every|all(?:\s+the)?|both(?:\s+the)?|the\s+(?:different|separate))\s+"
    rf"{_CLASS_WORD}|(?:each|every)\s+{_CLASS_WORD}'?s?|per[\s-]+{_CLASS_WORD}|by\s+{_CLASS_WORD}|"
    rf"{_CLASS_WORD}[\s-]*wise)\b",
    re.IGNORECASE,
)
_PER_CLASS_METRICS = ("precision", "recall", "f1", "all")
_LIMIT = 4  # the router's call limit (`_router_arguments.MAX_CALLS`)


def asks_every_class(text: str) -> bool:
    """Whether a turn asks a figure of every class ("recall per class", "precision for each label")."""
    return _EVERY_CLASS.search(text) is not None


def per_class_calls(call: ToolCall, text: str, schema: HostSchema | None) -> list[ToolCall] | None:
    """One performance call per class when `text` asks the per-class metric of every class, else None."""
    if call.name != "get_model_performance" or schema is None or call.arguments.get("label") is not None:
        return None
    if call.arguments.get("metric") not in _PER_CLASS_METRICS or not _EVERY_CLASS.search(text):
        return None
    classes = list(schema.class_names)
    own_words = {w.lower() for f in schema.features for name in (f.name, *f.aliases) for w in name_words(name)}
    if not 2 <= len(classes) <= _LIMIT or own_words & {"class", "label", "category", "outcome"}:
        return None
    return [
        ToolCall(id=f"call_{i}", name=call.name, arguments={**call.arguments, "label": label})
        for i, label in enumerate(classes)
    ]
