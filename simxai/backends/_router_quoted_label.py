"""A label in quotes that the host does not have: asked about, never dropped.

On a tabular host a phrase in quotes where a label stands ("will 5010 be 'half cracked'?", "can you predict 'needs
a new lid' for 5010?", "the recall for 'slightly late'?") names the class the user has in mind. When it is none of
the model's labels (nor a feature, an alias, a category or a form of a label the extraction reads), answering the
prediction or the metric without it answers another question with confidence: the router asks which label was
meant, listing the labels. Everything compared comes from the schema.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.extraction.mentions import class_mentions, feature_mentions, label_mentions
from simxai.hosts.base import HostSchema
from simxai.messages import ToolCall

__all__ = ["quoted_label_question"]

# A phrase in quotes of one to five words, after a word that puts a label there: "be", "predict", "as", "not", "for"
_QUOTED = re.compile(
    r"\b(?:be|become|becomes|stay|stays|predict|predicts|predicted|as|not|for|label(?:l?ed)?|class(?:ed)?)\s+"
    r"(?:an?\s+)?(?P<q>['\"‘“])(?P<p>[A-Za-z][\w-]*(?:\s+[\w-]+){0,4})['\"’”]",
    re.IGNORECASE,
)
# Functions whose answer is about a label: the prediction, a metric, an explanation of one class
_ABOUT_A_LABEL = frozenset(
    {
        "get_prediction",
        "get_model_performance",
        "explain_why_not",
        "explain_how_to_be_that",
        "explain_how_to_still_be_this",
        "get_local_explanation",
        "get_global_explanation",
    }
)


def _listing(values: Sequence[str]) -> str:
    values = list(values)
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def _whole_label(phrase: str, schema: HostSchema) -> bool:
    """Whether the phrase is a label as a whole, in any form the extraction reads ("needs servicing", "a decline");
    "partly late" is not `late`, a word more makes it another class.
    """
    for start, end, _name in label_mentions(phrase, schema, class_mentions(phrase, schema)):
        if phrase[:start].strip().lower() in ("", "a", "an", "the") and not re.search(r"\w", phrase[end:]):
            return True
    return False


def quoted_label_question(text: str, calls: Sequence[ToolCall], schema: HostSchema) -> str | None:
    """The question naming the labels, when `text` quotes a label the host lacks in a call about a label; else None."""
    if schema.kind != "tabular" or not any(c.name in _ABOUT_A_LABEL for c in calls):
        return None
    for match in _QUOTED.finditer(text):
        phrase = match.group("p")
        if _whole_label(phrase, schema) or feature_mentions(phrase, schema):
            continue
        words = {w.lower() for w in re.findall(r"[A-Za-z]+", phrase)}
        categories = {c.lower() for f in schema.features for c in f.categories or []}
        if words & categories or phrase.lower().replace(" ", "_") in categories:
            continue
        return (
            f"The model's labels are {_listing(schema.class_names)}; '{phrase}' is not one of them. Which did you mean?"
        )
    return None
