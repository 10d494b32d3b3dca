"""Shares said by counting, two classes' shares said with a slash, totals of named features (claims-37, gfa30).

- **A share as a count of a whole**: "12 of 17 votes", "16 of 17 tunnelled candles caught", "13 of the 19 truly
  patchy skeins", "about 13 chances in 16". Both numbers were read as numbers of no field (or bound to a feature
  named before them: "58 days on the lees · ... (13 of 14 votes)"), and as no output states the count, a faithful
  reply was flagged (g24's neighbour votes, g27's recall counts, g28's precision and recall counts). The pair holds
  when N / M is one of the outputs' shares (a class's probability or a metric) to two decimals; otherwise both are
  read as before, so a count that makes no share of the outputs stays flagged, and so does a pair of counts the
  outputs state ("not ready: 210 of 400" where 210 are ready is a count bound to the wrong class).
- **A split with a slash**: "approve, 65/35" (g27), "approve, but it's a knife-edge, 53/47" (g28). Two numbers
  that make up 100 split the probability between two classes: the first is the class named before it in its
  sentence (a class or, for a class in "-ed", its verb: "approve" of approved) or, when none or several are
  named, the predicted one; the second is another class's. The pair holds when both are; a split given the wrong
  way round ("approve, 47/53" for 53 %) is wrong.
- **A total of named features**: "BMI and blood pressure together (0.98)" (g28), "the wick and the cure put
  together (0.21)" (g27), "credit score plus DTI is about 0.27" (g24), "more than the next six features combined
  (0.280)" (g28). The number was bound to the feature named last and flagged, since no output states the sum (a
  total said as "add up to 0.98" was already left uncompared). It holds when it is the sum of the named features'
  contributions or importances (of one explained class; as signed or as sizes), or of the N features ranked after
  the first for "the next N"; any other total is read as before.

Nothing of a host's domain: the classes, shares and contributions come from the outputs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations, product

from simxai._spoken import UNITS
from simxai.guard._compound import compound_share
from simxai.guard._facts import Facts
from simxai.guard._lift import lift_part
from simxai.guard._prefilter import gated
from simxai.guard._reading import shown_slack

__all__ = ["counted_share"]

#: "12 of 17", "13 of the 19", "16 out of 17", "13 chances in 16": two whole numbers, the first the smaller; "one
#: chance in 40" (g30) and "2 chances in 10,000" (g19) too (gfa32).
_COUNTED = gated(
    r"(?<![\w.,/])(?P<n>\d{1,4}|(?<!-)\bone(?=\s+chance\s))\s+(?:chances?\s+|times\s+)?(?:of|out\s+of|in)\s+"
    r"(?:the\s+|every\s+)?(?P<m>\d{1,3}(?:,\d{3})+|10{4,5}|\d{1,4})(?![\w%/]|[.,]\d|\s*%|\s*percent\b)",
    re.I,
)
#: "53/47", "65/35", "52.4/47.6": a pair on its own (not a date, a ratio of words or a fraction in a longer run).
_SLASH = gated(r"(?<![\w./-])(?P<a>\d{1,2}(?:\.\d{1,2})?)/(?P<b>\d{1,2}(?:\.\d{1,2})?)(?![\w/%]|\.\d)")
#: A total said just before its number: "together (0.98)", "put together (0.21)", "combined, 0.280".
_TOTAL = gated(
    r"\b(?:together|combined|between\s+them|in\s+all)\s*(?:[(,:=]|\b(?:at|is|are|of|make|come\s+to)\b)?\s*"
    r"(?:about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+|just\s+)?[+]?$"
    r"|\bplus\s+[^.;:,()]{1,40}?\s+(?:is|are|comes?\s+to|makes?|gives?|at)\s+"
    r"(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?[+]?$",
    re.I,
)
#: "the next six features", "the next 3 factors": the features ranked after the first.
_NEXT = re.compile(r"\bnext\s+(?P<n>\d|two|three|four|five|six|seven|eight|nine)\s+(?:features|factors|inputs)\b", re.I)
#: Off by at most this from a share, a count's ratio is that share said by counting (12 / 17 = 0.7059 for 70.6 %).
_RATIO_SLACK = 0.005


def _shares(facts: Facts) -> set[float]:
    found = {x for values in facts.label_numbers.values() for x in values}
    found |= {x for values in facts.metrics.values() for x in values}
    found |= {x for by_name in facts.label_metrics.values() for values in by_name.values() for x in values}
    return {x for x in found if 0 < x < 1}


def _within(said: str, shares: Iterable[float]) -> bool:
    """Whether `said`, a percentage as written, is one of `shares` shown at its precision."""
    return any(abs(x * 100 - float(said)) <= shown_slack(said) for x in shares)


def _class_named(before: str, labels: Iterable[str]) -> str | None:
    """The one class `before` names, by its name or, for a class in "-ed", by its verb ("approve", "reject")."""
    named = set()
    for label in labels:
        forms = {label.lower()}
        if label.lower().endswith("ed") and len(label) > 4:
            forms |= {label.lower()[:-1], label.lower()[:-2]}  # "approve", "reject"
        spelled = "|".join(re.escape(f).replace("_", "[ _]") for f in sorted(forms, key=len, reverse=True))
        if re.search(rf"\b(?:{spelled})\b", before, re.I):
            named.add(label)
    return named.pop() if len(named) == 1 else None


def _split_holds(a: str, b: str, before: str, facts: Facts) -> bool:
    predicted = next(iter(facts.predicted)) if len(facts.predicted) == 1 else None
    first = _class_named(before, facts.label_numbers) or predicted
    if first is None or first not in facts.label_numbers:
        return False
    others = {x for label, values in facts.label_numbers.items() if label != first for x in values}
    return _within(a, facts.label_numbers[first]) and _within(b, others)


def _totals(lead: str, named: Iterable[str], facts: Facts) -> set[float]:
    """The sums a total after `lead` may be: of two or more of the `named` features (lower case), or of "the next N"
    features of the outputs' ranking; each feature by one of its numbers (a contribution, an importance), signed
    and as sizes.
    """
    wanted = sorted(set(named))
    groups = [g for size in range(2, min(len(wanted), 4) + 1) for g in combinations(wanted, size)]
    nxt = _NEXT.search(lead)
    ranking = [f for tied in (facts.global_ranking or facts.local_ranking) for f in tied]
    if nxt is not None:
        n = int(nxt.group("n")) if nxt.group("n").isdigit() else UNITS[nxt.group("n").lower()]
        if len(ranking) > n:
            groups.append(tuple(ranking[1 : n + 1]))
    sums: set[float] = set()
    for group in groups:
        held = [sorted(facts.feature_numbers.get(f, ()))[:6] for f in group]
        if all(held):
            for picked in product(*held):
                sums |= {sum(picked), sum(abs(x) for x in picked)}
    return sums


def counted_share(
    clause: str, start: int, end: int, before: str, facts: Facts, named: Iterable[str] = ()
) -> tuple[str, bool] | None:
    """What the number at `clause[start:end]` is and whether it holds, when it is one of a count's pair or of a
    slash split (None when it is neither, or a count whose ratio is no share: read as before); `before` is the
    sentence up to the clause; `named`, the features (lower case) the clause names before the number, for a total.
    """
    if (compound := compound_share(clause, start, end, facts)) is not None:  # "a final compound of +0.31" (gfa32)
        return compound
    if (part := lift_part(clause, start, end, facts)) is not None:  # "0.45 of the 0.68 lift" (gfa32)
        return part
    lead = clause[:start]
    if _TOTAL.search(lead):
        said = clause[start:end].lstrip("+")
        if said.partition(".")[2] and any(
            abs(abs(float(said)) - abs(x)) <= shown_slack(said) for x in _totals(lead, named, facts)
        ):
            return "a total of named features", True
    for m in _COUNTED.finditer(clause):
        if (start, end) not in (m.span("n"), m.span("m")):
            continue
        n, whole = 1 if m.group("n").lower() == "one" else int(m.group("n")), int(m.group("m").replace(",", ""))
        if n in facts.numbers or whole in facts.numbers:
            return None  # "210 of 400" where the outputs count 210 of 400 rows: a count, checked as one
        if 0 < n < whole and any(abs(n / whole - x) <= _RATIO_SLACK for x in _shares(facts)):
            return "a share said by counting", True
        return None
    for m in _SLASH.finditer(clause):
        if (start, end) not in (m.span("a"), m.span("b")):
            continue
        if abs(float(m.group("a")) + float(m.group("b")) - 100) > 0.011 or len(facts.label_numbers) < 2:
            return None
        return "a split of two classes", _split_holds(m.group("a"), m.group("b"), before + clause[: m.start()], facts)
    return None
