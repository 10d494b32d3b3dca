"""A feature's summary statistics said by name: "an average of about 48.5", "a typical spread (standard deviation)
of about 13.1", "a median of 50", "the lowest value is 19", "an upper quartile of 29.3".

A data summary (`get_data_information`) gives each numeric feature a minimum, maximum, mean and standard deviation,
and the feature asked about its median and quartiles (`Facts.statistics`). Every one of them is also the feature's
number, so a reply that gives the mean the standard deviation's value ("an average of about 13.1 and a spread of about
48.5") passes the feature's number check; here a number right after a statistic's name is checked against that
statistic of the feature the sentence names last before it. A number said of one label's rows ("a mean of 45.3 for
progressing patients") is no statistic of the whole data and is not read here, nor is one whose statistic's name
follows a label ("the stable average").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._mentions import Mention
from simxai.guard._reading import NumberClaim, find_mentions, matches, numbers

__all__ = ["STATISTICS", "misnamed_statistic_claims", "statistic_claims"]

#: What may stand between a statistic's name and its number: "of", "is", "about", "(standard deviation)".
_FILL = (
    r"(?:\s*\([^()]{1,40}\))?"
    r"(?:\s+(?:value|of|is|was|sits|at|around|about|roughly|approximately|near|=)|\s*[:=~≈])*"
)
#: Each statistic's names.
_NAMES = {
    "mean": r"average|mean",
    "std": r"standard deviation|std\.?|sd|typical spread",
    "min": r"minimum|lowest value|smallest value|min\.?",
    "max": r"maximum|highest value|largest value|max\.?",
    "median": r"median|middle value|50th\s+percentile",
    "q1": r"(?:lower|first|bottom)\s+quartile|25th\s+percentile|q1",
    "q3": r"(?:upper|third|top)\s+quartile|75th\s+percentile|q3",
}
#: A number feature's statistics in a data card (`FeatureInfo`), as the guard keeps them (`Facts.statistics`).
STATISTICS = tuple(_NAMES)
#: A statistic's name after its feature and right before its number: "bmi has a mean of 26.4".
_STATISTICS = {
    name: re.compile(rf"\b(?:{words})(?:\s+value)?\)?{_FILL}\s*(?=-?\d)", re.I) for name, words in _NAMES.items()
}
#: A statistic's name right before its feature, whose number follows: "the median bmi is 25.7", "the mean of age: 48".
_NAMED_FIRST = {name: re.compile(rf"\b(?:{words})\s+(?:of\s+)?(?:the\s+)?$", re.I) for name, words in _NAMES.items()}
_THEN_NUMBER = re.compile(rf"{_FILL}\s*(?=-?\d)", re.I)
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
        statistics: feature (lower case) -> statistic name ("min", "max", "mean", "std", "median", "q1", "q3") -> value.
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
            if _says_a_label(sentence[max(before[-1].end, cue.start() - 30) : cue.start()], low_labels):
                continue
            if _of_a_label(sentence[claim.end :], low_labels):
                continue
            yield f"{name} of {feature} {claim.raw}", matches(claim, {value})
    yield from _named_first(sentence, mentions, features, claims, low_labels, statistics)


def _named_first(
    sentence: str,
    mentions: Sequence[Mention],
    features: Mapping[str, str],
    claims: Sequence[NumberClaim],
    labels: set[str],
    statistics: Mapping[str, Mapping[str, float]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for "the median bmi is 25.7": the statistic's name, the feature, then its number, on one line,
    with no label said before the number (a label's rows: "progressing patients are heavier: a mean bmi of 28.4").
    """
    for mention in mentions:
        then = _THEN_NUMBER.match(sentence, mention.end)
        if then is None or "\n" in sentence[mention.start : then.end()] or "|" in sentence[mention.start : then.end()]:
            continue
        claim = next((c for c in claims if c.start == then.end() and c.high is None and not c.percent), None)
        lead = sentence[max(0, mention.start - 40) : mention.start]
        if claim is None or _says_a_label(sentence[: claim.end], labels) or _of_a_label(sentence[claim.end :], labels):
            continue
        for name, pattern in _NAMED_FIRST.items():
            value = statistics.get(features[mention.name], {}).get(name)
            if value is not None and pattern.search(lead):
                yield f"{name} of {features[mention.name]} {claim.raw}", matches(claim, {value})


#: A median or mean said before its number, with up to four words between (the feature in the writer's words, a verb):
#: "the median wall gets 4.87", "median 85.2", "the mean hedge is 65.2 years old" (claims-55).
_SAID_STATISTIC = re.compile(
    r"\b(?P<name>median|mean)\b(?P<between>(?:\s+(?!(?:and|or|but|while|than|not|no)\b)[a-z][\w'-]*){0,4})"
    r"\s*[:=]?\s*(?:of\s+|is\s+|was\s+|at\s+|about\s+|around\s+)*(?=-?\d)",
    re.I,
)


def misnamed_statistic_claims(
    sentence: str, labels: Sequence[str], statistics: Mapping[str, Mapping[str, float]]
) -> Iterator[tuple[str, bool]]:
    """(claim, False) for a number said as a median (or a mean) that no output gives as one but another statistic of
    the outputs is: "the median hedge is 65.2 years old" when 65.2 is the mean and no median of 65.2 is given
    (claims-55). A number that is a median (or mean) of any feature or label's rows, or no statistic at all, is left to
    the other readings; so is a number said of one label's rows ("down mean 16.8", "a mean of 45.3 for stable").
    """
    if not statistics:
        return
    claims = list(numbers(sentence))
    low_labels = {label.lower() for label in labels}
    for cue in _SAID_STATISTIC.finditer(sentence):
        if _NOT_A_VALUE.search(cue.group("between")) or _says_a_label(cue.group(0), low_labels):
            continue
        if _says_a_label(sentence[max(0, cue.start() - 30) : cue.start()], low_labels):
            continue
        claim = next((c for c in claims if c.start == cue.end() and c.high is None and not c.percent), None)
        if claim is None:
            continue
        if _of_a_label(sentence[claim.end :], low_labels):
            continue
        name = cue.group("name").lower()
        # a label's rows' mean ("mean|stable") is a mean
        said = [
            (k.split("|")[0] == name, v) for stats in statistics.values() for k, v in stats.items() if v is not None
        ]
        own = {v for same, v in said if same}
        other = {v for same, v in said if not same}
        if matches(claim, own) or not matches(claim, other):
            continue
        yield f"{name} {claim.raw} (another statistic's value)", False


def _says_a_label(text: str, labels: set[str]) -> bool:
    """Whether `text` says one of the (lower-case) labels as a word."""
    low = text.lower()
    return any(re.search(rf"\b{re.escape(label)}\b", low) for label in labels)


def _of_a_label(after: str, labels: set[str]) -> bool:
    """Whether the words after a number say it is of one label's rows: "45.3 for progressing patients"."""
    some = _OF_SOME.match(after)
    return some is not None and some.group("w").lower().rstrip("s") in {x.rstrip("s") for x in labels}
