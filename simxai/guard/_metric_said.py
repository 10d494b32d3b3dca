"""A metric named for a number of an explanation that holds no metric (claims-37): "triglycerides lead with an
accuracy of 0.927" (g23, g27), "credit score has a precision of 0.153" (g23), "honey stores top the list with an
accuracy of 0.210" (g23), where the numbers are the features' mean contributions. The number readers bound the
number to the feature it follows and found it there; the metric's word was not read.

Read only when the turn's outputs explain (contributions or a global ranking) and hold no metric at all: with a
performance output in the turn, a metric's value is checked by the number readers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["metric_word_claims"]

#: A metric's name given a number: "an accuracy of 0.927", "a precision of 0.153", "its recall is 0.61".
_METRIC_OF = re.compile(
    r"\b(?:an?|the|its|their|with)\s+(?P<metric>accuracy|precision|recall|f1(?:[- ]score)?|roc[- ]auc|auc)"
    r"\s+(?:score\s+)?(?:of|is|was|at|=|:)\s*(?:about\s+|roughly\s+|around\s+|nearly\s+)?"
    r"(?P<number>[-+]?\d*\.?\d+\s*%?)",
    re.I,
)


def metric_word_claims(reply: str, explains: bool, holds_metrics: bool) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each metric given a number in `reply` when the outputs explain (`explains`) and hold no
    metric (`holds_metrics` False).
    """
    if not explains or holds_metrics:
        return
    for m in _METRIC_OF.finditer(reply):
        yield f"metric {m.group('metric').lower()} {m.group('number').strip()}", False
