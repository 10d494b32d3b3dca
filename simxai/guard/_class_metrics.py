"""What a reply says of one class's recall or precision, read from the confusion matrix or the class's metrics
(claims-46, helper gfa39).

A class's recall is its row's right calls over the row (its true cases), its precision the same over its column
(its predictions). Four readings, each of a class named by its name, a noun form ("cancellations" of cancelled) or
in quotes:

- a class ranked among the classes by a metric: "recall is best for cancelled and worst for flew", "flew has the
  highest precision": the class's value must be the largest (or smallest) of the classes';
- every true case found: "it finds all 8 of the cancellations": the row's right calls must be the whole row (and
  the count said, the row's size);
- a confusion that never happens: "it never calls a flawed bell sound": that cell must be 0;
- a recall said as a share of the true cases: "of the bells that really came out flawed, the model flags about
  89 %": the class's recall, to the precision shown (a hedge widens it by a point and a half).

A class is read only when the outputs hold one set of classes; a denied or asked sentence is no claim.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts

__all__ = ["class_metric_claims"]

_CLASS = r"«(?P<{0}>\d+)»"
_BEST = r"best|highest|strongest|top|greatest"
_WORST = r"worst|lowest|weakest|poorest"
_METRIC = r"(?P<m>recall|precision|sensitivity)"
#: "recall is best for «0» and worst for «2»": each superlative after the metric, then its class.
_RANKED_AFTER = re.compile(rf"\b(?P<s>{_BEST}|{_WORST})\s+(?:for|on|with|among|in)\s+(?:the\s+)?{_CLASS.format('a')}")
#: "«0» has the highest precision", "«1» gets the worst recall".
_RANKED_BEFORE = re.compile(
    rf"{_CLASS.format('a')}[^«.;:]{{0,30}}?\b(?:has|have|gets|get|shows|show|with|had)\s+(?:by\s+far\s+)?the\s+"
    rf"(?P<s>{_BEST}|{_WORST})\s+{_METRIC}"
)
_FINDS = (
    r"(?:finds|found|catches|caught|spots|spotted|flags|flagged|identifies|identified|detects|detected|"
    r"recogni[sz]es|recogni[sz]ed|picks out|picked out)"
)
#: "finds all 8 of the «2»", "catches every one of the «0»", "spotted all the late «1»".
_ALL = re.compile(
    rf"\b{_FINDS}\s+(?:all|every(?:\s+one)?)\s+(?:(?P<n>\d+)\s+)?(?:of\s+)?(?:the\s+|its\s+)?(?:[a-z-]+\s+)?"
    rf"{_CLASS.format('a')}"
)
#: "never calls a «0» bell «1»", "never labels any «1» as «0»".
_NEVER = re.compile(
    r"\bnever\s+(?:calls|called|labels|labell?ed|classifies|classified|predicts|predicted|marks|marked|flags|"
    rf"flagged|mistakes|mistook|takes|took)\s+(?:a|an|any|one)\s+{_CLASS.format('a')}(?:\s+[a-z-]+){{0,2}}?\s+"
    rf"(?:as\s+|for\s+)?(?:an?\s+)?{_CLASS.format('b')}"
)
_HEDGE = r"(?P<h>about|around|roughly|nearly|almost|some|approximately|close to|~)?\s*"
#: "of the bells that really came out «0», the model flags about 89 %".
_SHARE_FOUND = re.compile(
    r"\bof\s+(?:the|all)\s+(?:[a-z-]+\s+){0,2}?(?:that|which|who)\s+(?:really|truly|actually|in fact)\s+"
    r"(?:(?:were|are|was|is|came out|come out|turned out|turn out|ended up|went|proved)\s+)?(?:as\s+)?"
    rf"{_CLASS.format('a')}[^«.;:\d]{{0,12}}?,?\s*(?:the model|it)\s+(?:correctly\s+)?(?:{_FINDS}|calls|gets)\b"
    rf"[^«.;:\d%]{{0,20}}?{_HEDGE}(?P<n>\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)"
)
_DENIED = re.compile(r"\b(?:not|isn't|doesn't|don't|didn't|no longer)\b|n't\b", re.I)


def _marked(sentence: str, spellings: Mapping[str, int]) -> str:
    """`sentence` in lower case with each class's spelling (plural or quoted too) replaced by «i»."""
    text = sentence.lower()
    for spelled in sorted(spellings, key=len, reverse=True):
        name = r"[\s_-]?".join(re.escape(p) for p in re.split(r"[\s_-]+", spelled) if p)
        if name:
            text = re.sub(rf"(?<![\w«])['\"“‘]?{name}(?:s|es)?['\"”’]?(?![\w»])", f"«{spellings[spelled]}»", text)
    return text


def _per_class(labels: Sequence[str], facts: Facts) -> dict[str, dict[str, float]]:
    """Each class's recall and precision: from the confusion matrix of those classes, else the class's metrics."""
    out: dict[str, dict[str, float]] = {}
    for names, rows, _ in facts.confusions:
        if set(names) != set(labels):
            continue
        for i, name in enumerate(names):
            row, col = sum(rows[i]), sum(r[i] for r in rows)
            out[name] = {
                **({"recall": rows[i][i] / row} if row else {}),
                **({"precision": rows[i][i] / col} if col else {}),
            }
        return out
    for label in labels:
        own = facts.label_metrics.get(label, {})
        out[label] = {m: next(iter(v)) for m, v in own.items() if m in ("recall", "precision") and len(v) == 1}
    return out


def class_metric_claims(
    sentence: str, labels: Sequence[str], forms: Mapping[str, str], facts: Facts
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for what `sentence` says of one class's recall or precision (see the module's doc)."""
    if len(labels) < 2 or not (facts.confusions or facts.label_metrics) or sentence.rstrip().endswith("?"):
        return
    per_class = _per_class(labels, facts)
    if not any(per_class.values()) or _DENIED.search(sentence):
        return
    index = {label: i for i, label in enumerate(labels)}
    spellings = {label.lower(): index[label] for label in labels}
    spellings |= {form.lower(): index[label] for form, label in forms.items() if label in index}
    text = _marked(sentence, spellings)
    yield from _ranked(text, labels, per_class)
    matrix = next((c for c in facts.confusions if set(c[0]) == set(labels)), None)
    if matrix is not None:
        names, rows, _ = matrix
        at = {name: i for i, name in enumerate(names)}
        for m in _ALL.finditer(text):
            label = labels[int(m.group("a"))]
            row = rows[at[label]]
            whole = row[at[label]] == sum(row) and (m.group("n") is None or float(m.group("n")) == sum(row))
            yield f"confusion all {label} found", whole
        for m in _NEVER.finditer(text):
            true, called = labels[int(m.group("a"))], labels[int(m.group("b"))]
            if true != called:
                yield f"confusion 0 {true} called {called}", rows[at[true]][at[called]] == 0
    for m in _SHARE_FOUND.finditer(text):
        label = labels[int(m.group("a"))]
        recall = per_class.get(label, {}).get("recall")
        if recall is None:
            continue
        said = float(m.group("n"))
        places = len(m.group("n").partition(".")[2])
        tolerance = 0.5 * 10**-places + (1.5 if m.group("h") else 0.0)
        yield f"metric recall of {label} {m.group('n')}%", abs(recall * 100 - said) <= tolerance + 1e-9


def _ranked(text: str, labels: Sequence[str], per_class: dict[str, dict[str, float]]) -> Iterator[tuple[str, bool]]:
    """A class said to have the best or the worst recall or precision of the classes."""
    said: list[tuple[str, str, str]] = []
    metric = re.search(rf"\b{_METRIC}\b", text)
    if metric is not None:
        for m in _RANKED_AFTER.finditer(text, metric.end()):
            said.append((metric.group("m"), m.group("s"), labels[int(m.group("a"))]))
    for m in _RANKED_BEFORE.finditer(text):
        said.append((m.group("m"), m.group("s"), labels[int(m.group("a"))]))
    for name, superlative, label in said:
        name = "recall" if name == "sensitivity" else name
        values = {k: v[name] for k, v in per_class.items() if name in v}
        if label not in values or len(values) < 2:
            continue
        best = re.fullmatch(_BEST, superlative) is not None
        edge = max(values.values()) if best else min(values.values())
        yield f"metric {name} {'best' if best else 'worst'} for {label}", abs(values[label] - edge) < 1e-9
