"""A statistic of the data asked for after a data summary: "no, I meant the median", "the 90th percentile of weight?".

`get_data_information` gives a number feature's range, mean and standard deviation (and its mean per recorded
label), and for the feature asked about its median and quartiles. A turn asking for one of those that names no
feature ("no, I meant the median", "and the quartiles?") is the summary of the feature (and group) the last data
summary described, called again. A turn asking for a statistic the summary does not give (another percentile, a
variance, a skew) is told so plainly, naming the feature asked about or the one the last data summary described; no
function runs, since none would give that number and another function's answer (the labels' meanings, the summary
again) would be read as the answer to it. A word that is part of a feature's name or alias ("median_income") asks for
no statistic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.extraction import extract_feature
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words
from simxai.messages import Message

__all__ = ["statistic_asked"]

_UNHELD = re.compile(
    r"\b(?P<s>medians?|percentiles?|quartiles?|quantiles?|interquartile|iqr|variances?|skew(?:ness)?|kurtosis)\b",
    re.IGNORECASE,
)
#: The statistics the summary holds for the feature asked about: the median, the quartiles and what they span.
_HELD = {"median", "medians", "quartile", "quartiles", "interquartile", "iqr"}
#: A percentile the quartiles give: "the 75th percentile", "the 50 percentile".
_HELD_PERCENTILE = re.compile(r"\b(?:25|50|75)(?:th)?\s*$")
_NAMES = {"medians": "median", "percentiles": "percentile", "quartiles": "quartile", "quantiles": "quantile"}
_NAMES |= {"variances": "variance", "interquartile": "interquartile range", "iqr": "interquartile range"}
_NAMES |= {"skewness": "skew"}


def _last_summary(history: Sequence[Message]) -> dict[str, Any] | None:
    """The arguments of the last data summary called for, or None."""
    for message in reversed(history):
        for call in message.tool_calls or []:
            if call.name == "get_data_information":
                return dict(call.arguments)
    return None


def statistic_asked(
    text: str, history: Sequence[Message], schema: HostSchema | None, names: set[str]
) -> str | dict[str, Any] | None:
    """A statistic of a number feature asked for: the arguments of the data summary that gives it (when the turn
    names no feature and the last summary described one), the plain reply that the summary cannot give it, or None
    (no statistic, or one the turn's own reading serves: "the median bmi").
    """
    if schema is None or schema.kind != "tabular" or "get_data_information" not in names:
        return None
    said = _UNHELD.search(text)
    if said is None:
        return None
    word = said.group("s").lower()
    held = {w.lower() for f in schema.features for term in (f.name, *f.aliases) for w in name_words(term)}
    if word in held or word.rstrip("s") in held:
        return None  # "median_income": a feature, no statistic
    named = extract_feature(text, schema)
    last = _last_summary(history)
    last_feature = last.get("feature") if last is not None else None
    if not isinstance(last_feature, str) or not last_feature:
        last_feature = None
    if word in _HELD or (word.startswith("percentile") and _HELD_PERCENTILE.search(text[: said.start()])):
        if named is not None or last is None or last_feature is None:
            return None  # "the median bmi": the turn's own reading; no feature known: as any turn
        return {k: v for k, v in last.items() if k in ("feature", "group") and v}
    statistic = _NAMES.get(word, word)
    feature = named or last_feature
    of = f" of {feature}" if feature else ""
    return (
        f"I cannot give the {statistic}{of}: the data summary gives a number feature's range, mean, standard "
        "deviation, median and quartiles (and its mean per label), not that statistic."
    )
