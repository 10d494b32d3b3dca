"""The one number asked for, said first: "how many of those are predicted overheating?" on a group's prediction.

A turn that counts one class over a group ("how many of them are predicted X", "how many rows are predicted X") gets
`get_prediction` on the group, whose rendering gives the whole breakdown by class. The user asked for one number,
so one sentence leads with it: "17 of the 79 inverters with trip_count > 3 are predicted overheating." The
breakdown follows. The class is a class of the output said as a whole phrase in the turn; with none, or two, the
rendering stands alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.turns import CallRecord

__all__ = ["counted_class"]

_COUNTS = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)


def _said_class(text: str, classes: Sequence[str], labelled: str) -> str | None:
    """The one class said in `text` as a whole phrase (the longer of two overlapping names wins) but the recorded
    label the group is chosen by ("labelled fraying but predicted fine": fine), or None.
    """
    found: list[tuple[int, int, str]] = []
    for name in sorted(classes, key=len, reverse=True):
        for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE):
            if not any(a < match.end() and match.start() < b for a, b, _ in found):
                found.append((match.start(), match.end(), name))
    names = {name for _, _, name in found}
    if len(names) == 2:
        names = {n for n in names if not re.search(rf"\blabel\s*=\s*{re.escape(n)}(?:\s+and\b|$)", labelled)}
    return names.pop() if len(names) == 1 else None


def counted_class(user: str, calls: Sequence[CallRecord]) -> str | None:
    """A sentence with the count of the class the turn asks about over the group predicted, or None."""
    if not _COUNTS.search(user):
        return None
    groups = [c for c in calls if c.status == "ok" and c.function == "get_prediction" and isinstance(c.output, dict)]
    if len(groups) != 1:
        return None
    output = groups[0].output
    subject = output.get("subject") or {}
    counts = output.get("label_counts")
    if subject.get("kind") != "group" or not isinstance(counts, dict) or not subject.get("size"):
        return None
    condition = str(subject.get("condition") or "")
    name = _said_class(user, list(counts), condition)
    if name is None:
        return None
    nouns = subject.get("nouns") or "rows"
    clauses = [c.strip() for c in condition.split(" and ") if re.search(r"[=<>]", c)]
    others = [c for c in clauses if not re.fullmatch(rf"prediction\s*=\s*{re.escape(name)}", c, re.IGNORECASE)]
    if subject["size"] == 1 and subject.get("description"):  # "the 1 rope with ...": it is, or is not, that class
        said = str(subject["description"])
        return f"{said[0].upper()}{said[1:]} is{'' if counts[name] else ' not'} predicted {name}."
    verb = "is" if counts[name] == 1 else "are"
    if len(others) < len(clauses):  # the group is the class itself: its size is the count
        scope = f" with {' and '.join(others)}" if others else ""
        return f"{counts[name]} {nouns}{scope} {verb} predicted {name}."
    scope = f" with {' and '.join(clauses)}" if clauses else ""
    return f"{counts[name]} of the {subject['size']} {nouns}{scope} {verb} predicted {name}."
