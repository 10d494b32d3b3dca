"""Which of several groups the model does worst and best on, said after their scores.

A turn that scores the model on each category of a feature ("which carrier does the model do worst on?",
"accuracy by region") gets one `get_model_performance` result per group. Each states its own score; the user
asked which one is lowest (or highest), so one closing sentence names the group with the lowest score and the
one with the highest, by the metric scored (accuracy when every metric was). Ties are all named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pydantic

from simxai.results import PerformanceResult, format_number, listed
from simxai.turns import CallRecord

__all__ = ["ranked_groups"]

# The metric a ranking uses when every metric was scored.
_RANKING_METRIC = "accuracy"


def _score(output: Any) -> tuple[str, str, float] | None:
    """(group, metric as the rendering names it, value) of one performance output on a group, or None."""
    if not isinstance(output, dict) or output.get("kind") != "performance" or not output.get("group"):
        return None
    metric = output.get("metric")
    if metric == "all":
        metrics = output.get("metrics")
        value = metrics.get(_RANKING_METRIC) if isinstance(metrics, dict) else None
        metric = _RANKING_METRIC
    else:
        value = output.get("value")
    if not isinstance(metric, str) or not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    try:
        phrase = PerformanceResult.model_validate(output).metric_phrase(metric)
    except pydantic.ValidationError:
        return None
    return str(output["group"]), phrase, float(value)


def ranked_groups(calls: Sequence[CallRecord]) -> str:
    """The sentence naming the lowest- and highest-scoring groups of a turn's scores by group, or "".

    Only when two or more performance calls of the turn succeeded on distinct groups with one metric.
    """
    scores = [
        s for c in calls if c.status == "ok" and c.function == "get_model_performance" for s in [_score(c.output)]
    ]
    if len(scores) < 2 or any(s is None for s in scores):
        return ""
    known = [s for s in scores if s is not None]
    metrics = {metric for _, metric, _ in known}
    if len(metrics) != 1 or len({group for group, _, _ in known}) != len(known):
        return ""
    metric = metrics.pop()
    low, high = min(v for _, _, v in known), max(v for _, _, v in known)
    if low == high:
        return f"The model's {metric} is the same ({format_number(low)}) on each of these groups."
    worst = listed([g for g, _, v in known if v == low])
    best = listed([g for g, _, v in known if v == high])
    # one sentence per group, so that each score is read with its own group's output
    return (
        f"Of these groups, the model does worst on {worst} ({metric} {format_number(low)}). "
        f"The model does best on {best} ({metric} {format_number(high)})."
    )
