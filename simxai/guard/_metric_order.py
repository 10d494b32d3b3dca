"""Two metrics compared in words (claims-20): "recall above precision", "its precision is higher than its recall",
"precision is the higher of the two" (the other being the metric named last before it), with either's value said
after its name or not ("recall (0.803) is lower than precision (0.783)", claims-21).

The comparison must go the way the outputs' values do. Read only when each metric has one value in the outputs
(one performance result); a metric spelled vaguely ("right", "correct") names none, and a question or a denied
comparison is no claim. Two equal values: neither is above the other (claims-32: "precision is noticeably higher
than recall" of a model whose two are the same), and a value may stand between the name and the comparison
("recall 0.664 - higher than ...", "precision is 0.914, slightly lower than ...").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from simxai.guard import _cues as cue
from simxai.guard._prefilter import gated
from simxai.guard._spaced import spaced

__all__ = ["metric_order_claims"]

_MORE = spaced("above|over|higher than|greater than|better than|exceeds|beats|ahead of|more than|tops")
_LESS = spaced("below|under|lower than|less than|worse than|behind|trails")
_BE = r"(?:'s\s+|\s+(?:is|was|sits|stays|comes in|runs|lies)\s+)?(?:\s*(?:\w+ly|well|a bit|a little|much|far)\s+)?"
#: A metric's value said in brackets or after a colon or "of" right after its name ("recall (0.803)", "recall of
#: 0.80"): the comparison after it is still the metric's (claims-21).
_VALUE = r"(?:\s*\(\s*[\d.]+\s*%?\s*\)|\s*(?:,|:|=|\s+of|\s+at|\s+is|\s+was)?\s*[\d.]+\s*%?\s*(?:,|\s[—–-])?)?"
_ORDER = gated(
    rf"«(?P<a>[a-z_0-9]+)»{_VALUE}{_BE}\s*(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\s+(?:its\s+|the\s+)?"
    r"«(?P<b>[a-z_0-9]+)»"
)
_OF_TWO = gated(
    r"«(?P<a>[a-z_0-9]+)»\s+(?:is|was)\s+the\s+(?:(?P<more>higher|better|larger|bigger|greater)|"
    r"(?P<less>lower|worse|smaller|weaker))(?:\s+one)?\s+of\s+the\s+two\b"
)
_DENIED = re.compile(r"(?:\b(?:not|never|no)\b|n't)[^.;:]{0,20}$")


def metric_order_claims(sentence: str, metrics: Mapping[str, set[float]]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each comparison of two metrics in `sentence`.

    Args:
        sentence: one sentence of the reply.
        metrics: each metric's values in the outputs.
    """
    if sentence.rstrip().endswith("?"):
        return
    marked = _marked(sentence.lower())
    for m in [*_ORDER.finditer(marked), *_OF_TWO.finditer(marked)]:
        a = m.group("a")
        # "the higher of the two": the other is the metric named last before it
        before = [n for n in re.findall(r"«([a-z_0-9]+)»", marked[: m.start()]) if n != a]
        b = m.groupdict().get("b") or (before[-1] if before else None)
        if b is None or a == b or _DENIED.search(marked[max(0, m.start() - 30) : m.start()]):
            continue
        va, vb = metrics.get(a, set()), metrics.get(b, set())
        if len(va) != 1 or len(vb) != 1:
            continue
        higher = next(iter(va)) > next(iter(vb))
        said_higher = bool(m.group("more"))  # two equal values: neither is above the other (claims-32)
        yield f"metric {a} {'above' if said_higher else 'below'} {b}", va != vb and higher == said_higher


#: Each metric's spelling (no vague one), longest first, with its pattern (a spelling elsewhere in a word is none).
_SPELLINGS = [
    (spelling, re.compile(rf"(?<![\w«]){re.escape(spelling)}(?![\w»])"), f"«{metric}»")
    for spelling, metric in sorted(
        (
            (spelling, metric)
            for metric, names in cue.METRIC_NAMES.items()
            for spelling in names
            if spelling not in cue.VAGUE_METRIC
        ),
        key=lambda x: -len(x[0]),
    )
]


def _marked(text: str) -> str:
    """`text` with each metric's spelling (no vague one) replaced by «metric»."""
    for spelling, pattern, mark in _SPELLINGS:
        if spelling in text:  # the pattern's literal: a text without it has nothing to replace
            text = pattern.sub(mark, text)
    return text
