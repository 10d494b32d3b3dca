"""A step of a month-of-year feature wraps round the year: December + 1 is 1 (January), never 13.

A month-of-year feature is, as `simxai.extraction._month_names` reads it, a numeric feature whose name has the
word "month" (not "months": a count) and whose recorded values lie within 1-12.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.hosts.name_words import name_words

__all__ = ["month_of_year", "wrap_note", "wrapped_months"]


def month_of_year(name: str, low: float | None, high: float | None) -> bool:
    """Whether the numeric feature `name`, with recorded values from `low` to `high`, holds a month of the year."""
    words = [w.lower() for w in name_words(name)]
    return "month" in words and low is not None and high is not None and 1 <= low and high <= 12


def wrapped_months(values: Sequence[float]) -> list[float]:
    """Months after a whole-month step, brought back into 1-12 round the year (13 -> 1, 0 -> 12)."""
    return [float((int(round(v)) - 1) % 12 + 1) if float(v).is_integer() else float(v) for v in values]


def wrap_note(asked: object, applied: object) -> str:
    """A sentence saying which stepped month wrapped round the year, for the what-if's change line, or "".

    `asked` are the changes the call was given ({"collection_month": "+1"}), `applied` the result's changes (their
    payload: feature, old, new); a step whose new value is not old plus the step wrapped.
    """
    if not isinstance(asked, dict) or not isinstance(applied, list):
        return ""
    notes = []
    for change in applied:
        if not isinstance(change, dict):
            continue
        feature = change.get("feature")
        if not isinstance(feature, str) or "month" not in [w.lower() for w in name_words(feature)]:
            continue
        step = asked.get(feature)
        old, new = change.get("old"), change.get("new")
        if not isinstance(step, str) or not isinstance(old, int | float) or not isinstance(new, int | float):
            continue
        said = re.fullmatch(r"\s*([+-])\s*(\d+(?:\.\d+)?)\s*", step)
        if said is None:
            continue
        sign, amount = said.group(1), float(said.group(2))
        if abs(abs(new - old) - amount) > 1e-6:
            notes.append(
                f"{change['feature']} is a month of the year: {old:g} {sign} {amount:g} wraps round to {new:g}"
            )
    return f" ({'; '.join(notes)}.)" if notes else ""
