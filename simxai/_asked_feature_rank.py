"""A feature's own place in the overall ranking, when the question was about that feature's effect.

"how does terrain affect predictions?" asks about one feature; the global explanation (`get_global_explanation`, which
takes no feature) ranks all of them. The reply leads with what the ranking says of the feature asked about: its
place, its mean absolute contribution and its share of the total, and says what the ranking does not tell (the
direction it pushes one instance) and how to see that (a what-if on one instance). Only a turn that asks how a named
feature bears on the output ("affect", "influence", "impact", "matter", "important", "role", ...) gets the sentence,
whoever selected the call; a plain "which features matter most?" names none and is answered by the ranking alone.
"""

from __future__ import annotations

import re

from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import HostSchema
from simxai.results import GlobalExplanationResult, Result, format_number

__all__ = ["asked_feature_rank"]

_ASKS_EFFECT = re.compile(
    r"\b(?:affect\w*|influenc\w*|impact\w*|effects?|matter\w*|important|importance|role|weigh\w*|drive[sn]?|"
    r"driving|sway\w*|shape[sd]?|contribut\w*|relevan\w*|count\s+for)\b"
    # "what does raised_bed do?" (neg47): the question the router reads as the feature's effect
    r"|^\W*(?:and\s+|so\s+)?what\s+(?:does|do)\s+.+?\s+do\s*[?.!]*\s*$",
    re.IGNORECASE,
)


def _ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def asked_feature_rank(result: Result, text: str, schema: HostSchema | None) -> str:
    """A sentence for each feature `text` asks the effect of, from the global explanation `result`, or ""."""
    if schema is None or schema.kind != "tabular" or not isinstance(result, GlobalExplanationResult):
        return ""
    if not _ASKS_EFFECT.search(text):
        return ""
    ranked = sorted(result.importances, key=lambda i: i.importance, reverse=True)
    places = {imp.feature: place for place, imp in enumerate(ranked, start=1)}
    named = [m.feature.name for m in feature_mentions(text, schema) if m.feature.name in places]
    if not named:
        return ""
    total = sum(imp.importance for imp in ranked)
    sentences = []
    for name in dict.fromkeys(named):
        imp = ranked[places[name] - 1]
        share = f", {100 * imp.importance / total:.0f} % of the total" if total > 0 else ""
        sentences.append(
            f"{name} is {_ordinal(places[name])} of the {len(ranked)} features in how much the model relies on them "
            f"overall for {result.label} (mean absolute contribution {format_number(imp.importance)}{share})."
        )
    noun = schema.instance_noun or "instance"
    said = " and ".join(dict.fromkeys(named))
    return (
        " ".join(sentences)
        + f" This ranking says how much, not in which direction: to see how {said} moves one {noun}'s prediction, "
        f"ask a what-if for that {noun}. "
    )
