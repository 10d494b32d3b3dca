"""A statistic of the data that the data summary does not hold: "no, I meant the median", "the 90th percentile of
weight?".

`get_data_information` gives a number feature's range, mean and standard deviation (and its mean per recorded label),
nothing else. A turn asking for another statistic (a median, a percentile, a quartile, a variance, a skew) is told
so plainly, naming the feature asked about or the one the last data summary described; no function runs, since
none would give that number and another function's answer (the labels' meanings, the summary again) would be read
as the answer to it. A word that is part of a feature's name or alias ("median_income") asks for no statistic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.extraction import extract_feature
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words
from simxai.messages import Message

__all__ = ["unheld_statistic"]

_UNHELD = re.compile(
    r"\b(?P<s>medians?|percentiles?|quartiles?|quantiles?|interquartile|iqr|variances?|skew(?:ness)?|kurtosis)\b",
    re.IGNORECASE,
)
_NAMES = {"medians": "median", "percentiles": "percentile", "quartiles": "quartile", "quantiles": "quantile"}
_NAMES |= {"variances": "variance", "interquartile": "interquartile range", "iqr": "interquartile range"}
_NAMES |= {"skewness": "skew"}


def _last_feature(history: Sequence[Message]) -> str | None:
    """The feature of the last data summary called for, or None."""
    for message in reversed(history):
        for call in message.tool_calls or []:
            if call.name == "get_data_information":
                feature = call.arguments.get("feature")
                return feature if isinstance(feature, str) and feature else None
    return None


def unheld_statistic(text: str, history: Sequence[Message], schema: HostSchema | None, names: set[str]) -> str | None:
    """The plain reply that the data summary cannot give the statistic asked for, or None."""
    if schema is None or schema.kind != "tabular" or "get_data_information" not in names:
        return None
    said = _UNHELD.search(text)
    if said is None:
        return None
    word = said.group("s").lower()
    held = {w.lower() for f in schema.features for term in (f.name, *f.aliases) for w in name_words(term)}
    if word in held or word.rstrip("s") in held:
        return None  # "median_income": a feature, no statistic
    statistic = _NAMES.get(word, word)
    feature = extract_feature(text, schema) or _last_feature(history)
    of = f" of {feature}" if feature else ""
    return (
        f"I cannot give the {statistic}{of}: the data summary gives a number feature's range, mean and standard "
        "deviation (and its mean per label), not that statistic."
    )
