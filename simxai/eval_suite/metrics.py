"""Metrics: function-selection accuracy with its confusion matrix, rates, agreement and Cohen's kappa."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence

from simxai.eval_suite.data.labels import ELEVEN, NO_TOOL
from simxai.eval_suite.report import (
    Agreement,
    ConfusionMatrix,
    FunctionScore,
    ParseCase,
    ParseTotals,
    Rate,
)

__all__ = ["agreement", "cohen_kappa", "confusion_matrix", "per_function", "rate", "ratio", "score_parse"]

ERROR_LABEL = "(error)"


def ratio(numerator: int, denominator: int) -> float | None:
    """Numerator / denominator, or None for an empty set."""
    return numerator / denominator if denominator else None


def cohen_kappa(a: Sequence[Hashable], b: Sequence[Hashable]) -> float | None:
    """Cohen's kappa of two raters' labels on the same items.

    Returns None when it is undefined: no items, or both raters gave one and the same label to every item
    (chance agreement is then 1).

    Raises:
        ValueError: the sequences differ in length.
    """
    if len(a) != len(b):
        raise ValueError(f"kappa needs paired labels; got {len(a)} and {len(b)}")
    n = len(a)
    if n == 0:
        return None
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    count_a, count_b = Counter(a), Counter(b)
    expected = sum(count_a[k] * count_b[k] for k in count_a) / (n * n)
    if expected == 1:
        return None
    return (observed - expected) / (1 - expected)


def agreement(
    aspect: str,
    rater_a: str,
    rater_b: str,
    pairs: Sequence[tuple[object, object]],
    *,
    labels: Sequence[object] = (True, False),
    names: Sequence[str] = ("yes", "no"),
    subset: str = "all",
) -> Agreement:
    """Agreement of two raters over `pairs`; a pair with a None (unlabeled, unparseable) is skipped."""
    kept = [(x, y) for x, y in pairs if x is not None and y is not None]
    index = {label: i for i, label in enumerate(labels)}
    table = [[0] * len(labels) for _ in labels]
    for x, y in kept:
        table[index[x]][index[y]] += 1
    agree = sum(x == y for x, y in kept)
    xs = [x for x, _ in kept]
    ys = [y for _, y in kept]
    return Agreement(
        aspect=aspect,
        rater_a=rater_a,
        rater_b=rater_b,
        subset=subset,
        n=len(kept),
        agree=agree,
        rate=ratio(agree, len(kept)),
        kappa=cohen_kappa(xs, ys),
        labels=list(names),
        table=table,
        skipped=len(pairs) - len(kept),
    )


def rate(aspect: str, rater: str, subset: str, values: Sequence[bool | None], **counts: int) -> Rate:
    """The share of positive labels among the given (non-None) values."""
    kept = [v for v in values if v is not None]
    positive = sum(kept)
    return Rate(
        aspect=aspect,
        rater=rater,
        subset=subset,
        n=len(kept),
        positive=positive,
        rate=ratio(positive, len(kept)),
        **counts,
    )


def _predicted(case: ParseCase) -> str:
    return case.predicted if case.predicted is not None else ERROR_LABEL


def _row(case: ParseCase) -> str:
    assert case.gold is not None
    if case.predicted is not None and case.predicted in case.gold:
        return case.predicted
    return case.gold[0]


def confusion_matrix(cases: Sequence[ParseCase]) -> ConfusionMatrix:
    """Gold by first called function over the labeled cases (the eleven, `no tool`, then anything else)."""
    labeled = [c for c in cases if c.gold is not None]
    seen_rows = {_row(c) for c in labeled}
    seen_cols = {_predicted(c) for c in labeled}
    base = [*ELEVEN, NO_TOOL]
    rows = [x for x in base if x in seen_rows or x in seen_cols] + sorted(seen_rows - set(base))
    cols = [x for x in base if x in seen_rows or x in seen_cols] + sorted(seen_cols - set(base))
    r_index = {x: i for i, x in enumerate(rows)}
    c_index = {x: i for i, x in enumerate(cols)}
    matrix = [[0] * len(cols) for _ in rows]
    for c in labeled:
        matrix[r_index[_row(c)]][c_index[_predicted(c)]] += 1
    return ConfusionMatrix(labels=rows, predicted_labels=cols, matrix=matrix)


def per_function(cases: Sequence[ParseCase]) -> list[FunctionScore]:
    """Recall (accuracy) and precision of every gold function among the in-scope cases."""
    scored = [c for c in cases if c.gold is not None and c.in_scope]
    support = Counter(_row(c) for c in scored)
    correct = Counter(_row(c) for c in scored if c.correct)
    predicted = Counter(_predicted(c) for c in scored)
    hits = Counter(_predicted(c) for c in scored if c.correct)
    names = [x for x in (*ELEVEN, NO_TOOL) if support[x] or predicted[x]]
    return [
        FunctionScore(
            function=name,
            support=support[name],
            correct=correct[name],
            accuracy=ratio(correct[name], support[name]),
            predicted=predicted[name],
            precision=ratio(hits[name], predicted[name]),
        )
        for name in names
    ]


def score_parse(cases: Sequence[ParseCase]) -> ParseTotals:
    """Totals of a parsing run over its case records."""
    labeled = [c for c in cases if c.gold is not None]
    in_scope = [c for c in labeled if c.in_scope]
    excluded = Counter(c.excluded_label or "?" for c in labeled if not c.in_scope)
    with_argument = [c for c in in_scope if c.argument_gold is not None]
    referenced = [c for c in cases if c.reference is not None]
    correct = sum(bool(c.correct) for c in in_scope)
    all_correct = sum(bool(c.correct) for c in labeled)
    arg_correct = sum(bool(c.argument_correct) for c in with_argument)
    ref_match = sum(bool(c.reference_match) for c in referenced)
    return ParseTotals(
        cases=len(cases),
        labeled=len(labeled),
        in_scope=len(in_scope),
        correct=correct,
        accuracy=ratio(correct, len(in_scope)),
        all_rows_correct=all_correct,
        all_rows_accuracy=ratio(all_correct, len(labeled)),
        excluded=dict(sorted(excluded.items())),
        errors=sum(c.error is not None for c in cases),
        argument_cases=len(with_argument),
        argument_correct=arg_correct,
        argument_accuracy=ratio(arg_correct, len(with_argument)),
        reference_cases=len(referenced),
        reference_agreement=ratio(ref_match, len(referenced)),
        cached=sum(c.cached for c in cases),
    )
