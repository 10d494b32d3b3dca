"""Rankings said as numbered items (claims-18): "1 debt_to_income 0.122; 2 credit_score 0.153", "#1 bmi, #2 hdl",
a table's rows "| 1 | satisfaction | −0.901 |" and "| 2 | tenure_years | +1.251 |", one item per line "1. bmi".

An item is a number from 1 up, at the start of a line, a clause (after a semicolon) or a table cell, or in a list
written inline (after a comma, a middle dot, an arrow, a dash or a sentence's end; claims-38), with the feature's
name right after it. A run of items numbered 1, 2, 3, ... in the order written says each ranks no lower
than the next: checked pair by pair against the local or global ranking (ties pass), as a chain is
(`_chains`). A text model's words are read unquoted in such a run (claims-41, `_words.quote_numbered`). Numbers
that do not count up from 1 (options "(1) ... (2) ..." of a counterfactual are read only
where the outputs rank features at all) start no run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from simxai.guard._reading import find_mentions
from simxai.guard._words import quote_numbered

__all__ = ["numbered_rank_claims"]

#: An item's number right before its name: at the start of a line, a clause or what a colon leads, or in a cell;
#: inline lists too (claims-38): after a comma, a middle dot, an arrow, a dash or a sentence's end ("— 1. DTI,
#: 2. credit score" g27, "1 pH · 2 cellar temp" g24, "1) debt-to-income +0.16, 2) income" g28, "importance. 1 clay").
_ITEM = re.compile(
    r"(?:^|[\n;:|·,→]|[.!?][ \t]|[ \t][-–—])[ \t]*(?:#[ \t]*)?(?P<k>\d{1,2})[ \t]*(?:[.):]|\|)?[ \t]*[*_`]*$"
)


def numbered_rank_claims(
    raw: str, features: Mapping[str, str], quoted_only: Iterable[str], rankings: list[list[list[str]]]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each pair of consecutive items of a numbered ranking in `raw`.

    Args:
        raw: the reply as written (its tables and lines kept).
        features: each spelling of a feature -> the feature.
        quoted_only: the names read only in quotes (a text model's words).
        rankings: the outputs' rankings (each a list of tied groups), best first.
    """
    if not rankings:
        return
    quoted_only = set(quoted_only)
    if quoted_only:  # a text model's words numbered inline, "1 beautifully, 2 love" (claims-41)
        raw = quote_numbered(raw, quoted_only)
    for run in _runs(raw, features, quoted_only):
        for a, b in zip(run, run[1:], strict=False):
            if a != b:
                yield f"rank order {a} before {b}", any(_in_order(a, b, r) for r in rankings)


def _runs(raw: str, features: Mapping[str, str], quoted_only: Iterable[str]) -> list[list[str]]:
    """The runs of items numbered 1, 2, 3, ... in the order written, each as its features (two or more)."""
    runs: list[list[str]] = []
    current: list[str] = []
    for m in find_mentions(raw, features, quoted_only=quoted_only):
        item = _ITEM.search(raw[max(0, m.start - m.quoted - 24) : m.start - m.quoted])
        if item is None:
            continue
        k = int(item.group("k"))
        if k == len(current) + 1:
            current.append(features[m.name])
        elif k == 1:
            runs.append(current)
            current = [features[m.name]]
    runs.append(current)
    return [run for run in runs if len(run) > 1]


def _in_order(a: str, b: str, ranking: list[list[str]]) -> bool:
    """Whether `a` ranks no lower than `b` in `ranking` (tied groups, best first); both must be ranked."""
    ra = next((k for k, group in enumerate(ranking) if a in group), None)
    rb = next((k for k, group in enumerate(ranking) if b in group), None)
    return ra is not None and rb is not None and ra <= rb
