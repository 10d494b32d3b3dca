"""Counts said to make the metric their sentence names (claims-53, guard46): "Recall for X is 0.889: of 9 X it caught
7", "Precision for X is 0.60: 3 of its 6 X calls were right", "when it says X it is right 9 times in 12: precision
0.818".

Such a pair of whole numbers was read as two counts (small ones unchecked, larger ones passing as any share of the
outputs), so counts that do not make the metric passed. Read here: a sentence that names one metric (precision,
recall or accuracy, no other) and says one pair of whole numbers as a share ("N of M", "N out of M", "N times in
M", "of M ..., N"). Its verbs say which share the pair is: a verb of calling and a word of being right (precision:
right calls of the calls), a verb of catching (recall: true cases caught), a word of being right with neither
(accuracy). When that share is the metric the sentence names, the pair's ratio must be that metric's value for the
class the sentence names (else the one class the outputs give metrics for). Verbs of two shares, none, or another
share than the one named leave the pair as before; so does a class whose metric the outputs do not give.

Accuracy said by counting ("N of M right") is read since claims-54 (guard47) only when M is the number of cases the
metrics were measured on (the output's `n` or its confusion matrix's total). claims-53 read it for any M, and the
rebuilt mechanism table found it on two faithful replies of the hand-written DEV writers, each a share in words
beside an accuracy ("about 73 %, or roughly 7 in 10"), so the form was taken out then.

Nothing of a host's domain: the classes and values come from the outputs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import MACRO, Facts

__all__ = ["counted_pair", "metric_count_claims"]

_METRIC = re.compile(
    r"\b(?P<m>precision|recall|accuracy)\b|\b(?:f1|f-score|auc|roc|specificity|sensitivity|hit rate)\b", re.I
)
_WHOLE = r"(?<![\w.,/])(\d{1,4})(?![\w%/]|[.,]\d|\s*(?:%|percent\b))"
#: "7 of 9", "3 of its 6", "16 out of the 23", "9 times in 12": N first.
_N_OF_M = re.compile(
    rf"{_WHOLE}\s+(?:times\s+|chances\s+)?(?:of|out\s+of|in)\s+(?:the\s+|its\s+|all\s+|every\s+)?{_WHOLE}", re.I
)
#: "of 9 misses it caught 7", "of the 7 blocks called stalled, 5 really stalled": M first, N later in the clause.
_OF_M_N = re.compile(rf"\bof\s+(?:the\s+|its\s+|all\s+)?{_WHOLE}(?P<gap>[^\d;:.!?]{{1,60}}?){_WHOLE}", re.I)
_CALL = re.compile(
    r"\b(?:call(?:s|ed)?|says?|said|flag(?:s|ged)?|predict(?:s|ed|ions?)?|label(?:s|led|ed)?|verdicts?)\b", re.I
)
_RIGHT = re.compile(r"\b(?:right|correct(?:ly)?|really|truly|actually|indeed|did)\b", re.I)
_CATCH = re.compile(
    r"\b(?:caught|catch(?:es|ing)?|found|finds?|spot(?:s|ted)?|detect(?:s|ed)?|recogni[sz](?:es|ed)|identifie[sd])\b",
    re.I,
)
_SLACK = 0.005


def metric_count_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a pair of counts `sentence` says as the share of the one metric it names.

    Args:
        sentence: one sentence of the reply.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
        facts: what the outputs state (their metrics, overall and by class).
    """
    read = _read(sentence, labels, forms, facts)
    if read is not None:
        metric, n, whole, value = read
        yield f"{metric} said by counting: {n} of {whole}", abs(n / whole - value) <= _SLACK


def counted_pair(sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts) -> set[float]:
    """The two whole numbers `sentence` says as the share of its metric (checked as that share by
    `metric_count_claims`), or none. claims-56 (gfa49): each was also read as a number of its own ("of the 11
    boxes it called X, 3 were": 11 is no field of the outputs), a false alarm on a right pair.
    """
    read = _read(sentence, labels, forms, facts)
    return {float(read[1]), float(read[2])} if read is not None else set()


def _read(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> tuple[str, int, int, float] | None:
    """(metric, N, M, the metric's value) for the one pair `sentence` says as the share of the one metric it
    names; since claims-56 (gfa49) the pair may be read in the part after the sentence's last colon or semicolon
    when the whole sentence makes two shares ("it finds most of them, though: only 8 of its 13 calls were right").
    """
    named = {m.group("m").lower() if m.group("m") else m.group(0).lower() for m in _METRIC.finditer(sentence)}
    if len(named) != 1 or sentence.rstrip().endswith("?"):
        return None
    metric = named.pop()
    if metric not in ("precision", "recall", "accuracy"):
        return None
    parts = [sentence]
    cut = max(sentence.rfind(":"), sentence.rfind(";"))
    if cut > 0:
        parts.append(sentence[cut + 1 :])
    for part in parts:
        pairs = {(int(m.group(1)), int(m.group(2))) for m in _N_OF_M.finditer(part)}
        pairs |= {(int(m.group(3)), int(m.group(1))) for m in _OF_M_N.finditer(part)}
        pairs = {(n, whole) for n, whole in pairs if 0 < n <= whole}
        if len(pairs) != 1:
            continue
        n, whole = pairs.pop()
        if _share(part) != metric:
            continue
        if metric == "accuracy" and float(whole) not in facts.evaluated:
            return None  # "roughly 7 in 10" beside an accuracy of 73 % is a share in words, not the cases counted
        value = _value(sentence, metric, labels, forms, facts)
        return None if value is None else (metric, n, whole, value)
    return None


def _share(sentence: str) -> str | None:
    """The share the sentence's verbs make of a pair of counts, or None when they make none or two."""
    call, right, catch = (bool(p.search(sentence)) for p in (_CALL, _RIGHT, _CATCH))
    if catch and not call:
        return "recall"
    if call and right and not catch:
        return "precision"
    if right and not call and not catch:
        return "accuracy"
    return None


def _value(sentence: str, metric: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts) -> float | None:
    """The outputs' one value of `metric` (precision or recall) for the class the sentence names (None when there is
    not exactly one).
    """
    if metric == "accuracy":
        values = facts.metrics.get("accuracy", set())
        return next(iter(values)) if len(values) == 1 else None
    said = {label for label in labels if _names(sentence, label)}
    said |= {label for form, label in forms.items() if _names(sentence, form)}
    given = [k for k in facts.label_metrics if k != MACRO]
    classes = said if said else set(given)
    if len(classes) != 1:
        return None
    values = facts.label_metrics.get(classes.pop(), {}).get(metric, set())
    return next(iter(values)) if len(values) == 1 else None


def _names(sentence: str, word: str) -> bool:
    """Whether `sentence` names `word` (a class or its form), alone or as a plural ("misses")."""
    spelled = re.escape(word.lower()).replace("_", "[ _]")
    return re.search(rf"\b{spelled}(?:s|es)?\b", sentence, re.I) is not None
