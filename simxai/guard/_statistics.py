"""A feature's summary statistics said by name: "an average of about 48.5", "a typical spread (standard deviation)
of about 13.1", "a median of 50", "the lowest value is 19".

A data summary (`get_data_information`) gives each numeric feature a minimum, maximum, mean and standard deviation
(`Facts.statistics`). Every one of them is also the feature's number, so a reply that gives the mean the standard
deviation's value ("an average of about 13.1 and a spread of about 48.5") passes the feature's number check; here a
number right after a statistic's name is checked against that statistic of the feature the sentence names last
before it. A number said of one label's rows ("a mean of 45.3 for progressing patients") is no statistic of the
whole data and is not read here, nor is one whose statistic's name follows a label ("the stable average").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._reading import find_mentions, matches, numbers

__all__ = ["statistic_claims"]

#: What may stand between a statistic's name and its number: "of", "is", "about", "(standard deviation)".
_FILL = (
    r"(?:\s*\([^()]{1,40}\))?"
    r"(?:\s+(?:value|of|is|was|sits|at|around|about|roughly|approximately|near|=)|\s*[:=~≈])*"
)
_STATISTICS = {
    "mean": re.compile(rf"\b(?:average|mean)(?:\s+value)?{_FILL}\s*(?=-?\d)", re.I),
    "std": re.compile(rf"\b(?:standard deviation|std\.?|sd|typical spread)\)?{_FILL}\s*(?=-?\d)", re.I),
    "min": re.compile(rf"\b(?:minimum|lowest value|smallest value|min\.?){_FILL}\s*(?=-?\d)", re.I),
    "max": re.compile(rf"\b(?:maximum|highest value|largest value|max\.?){_FILL}\s*(?=-?\d)", re.I),
}
#: A number said of some rows only: "45.3 for progressing patients", "among the stable ones", "in group A".
_OF_SOME = re.compile(r"^\s*%?\s*(?:\)\s*)?(?:for|among|in|of|across|within)\s+(?:the\s+)?(?P<w>[\w-]+)", re.I)
#: A statistic of something other than a feature's values: "mean absolute SHAP value", "mean contribution".
_NOT_A_VALUE = re.compile(r"\b(?:shap|contribution|importance|log-odds|probability|score)\b", re.I)


def statistic_claims(
    sentence: str,
    features: Mapping[str, str],
    labels: Sequence[str],
    statistics: Mapping[str, Mapping[str, float]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each number the sentence gives a feature's named statistic.

    Args:
        sentence: one sentence of the reply.
        features: spelling -> feature (lower case), as the guard reads names.
        labels: the host's labels (a number said of one label's rows is not the whole data's).
        statistics: feature (lower case) -> statistic name ("min", "max", "mean", "std") -> value.
    """
    if not statistics:
        return
    mentions = find_mentions(sentence, features)
    if not mentions:
        return
    claims = list(numbers(sentence))
    low_labels = {label.lower() for label in labels}
    for name, pattern in _STATISTICS.items():
        for cue in pattern.finditer(sentence):
            before = [m for m in mentions if m.end <= cue.start()]
            if not before or _NOT_A_VALUE.search(sentence[before[-1].end : cue.end()]):
                continue
            feature = features[before[-1].name]
            value = statistics.get(feature, {}).get(name)
            claim = next((c for c in claims if c.start == cue.end() and c.high is None and not c.percent), None)
            if value is None or claim is None:
                continue
            # "the stable average is 54.3", "stable patients' mean of 94.6": one label's rows, not the whole data
            lead = sentence[max(before[-1].end, cue.start() - 30) : cue.start()].lower()
            if any(re.search(rf"\b{re.escape(x)}\b", lead) for x in low_labels):
                continue
            some = _OF_SOME.match(sentence[claim.end :])
            if some is not None and some.group("w").lower().rstrip("s") in {x.rstrip("s") for x in low_labels}:
                continue
            yield f"{name} of {feature} {claim.raw}", matches(claim, {value})
