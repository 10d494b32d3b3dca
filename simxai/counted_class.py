"""The one number asked for, said first: "how many of those are predicted overheating?" on a group's prediction.

A turn that counts one class over a group ("how many of them are predicted X", "how many rows are predicted X") gets
`get_prediction` on the group, whose rendering gives the whole breakdown by class. The user asked for one number,
so one sentence leads with it: "17 of the 79 inverters with trip_count > 3 are predicted overheating." The
breakdown follows. The class is a class of the output said as a whole phrase in the turn; with none, or two, the
rendering stands alone. Two classes or more said as one list ("burnt or dense", "late, lost and damaged") are
counted together: "85 of the 128 loaves with steam = True are predicted burnt or dense (39 burnt, 46 dense)."
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.turns import CallRecord

__all__ = ["counted_class"]

_COUNTS = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)
# What may stand between two names of one list: a comma, "or", "and", "and/or", a slash ("burnt or dense")
_JOINED = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and/or|or|and)\s+|/\s*)(?:either\s+)?", re.IGNORECASE)


def _found(text: str, classes: Sequence[str]) -> list[tuple[int, int, str]]:
    """Each class said in `text` as a whole phrase (the longer of two overlapping names wins), in the text's order."""
    found: list[tuple[int, int, str]] = []
    for name in sorted(classes, key=len, reverse=True):
        for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE):
            if not any(a < match.end() and match.start() < b for a, b, _ in found):
                found.append((match.start(), match.end(), name))
    return sorted(found)


def _said_class(text: str, classes: Sequence[str], labelled: str) -> str | None:
    """The one class said in `text` but the recorded label the group is chosen by ("labelled fraying but predicted
    fine": fine), or None.
    """
    names = {name for _, _, name in _found(text, classes)}
    if len(names) == 2:
        names = {n for n in names if not re.search(rf"\blabel\s*=\s*{re.escape(n)}(?:\s+and\b|$)", labelled)}
    return names.pop() if len(names) == 1 else None


def _said_list(text: str, classes: Sequence[str]) -> list[str]:
    """The classes said as one list ("burnt or dense", "late, lost or damaged"), two or more and fewer than all of
    them, in the order said; [] for any other mention (one class, classes apart, a class said twice).
    """
    found = _found(text, classes)
    names = [name for _, _, name in found]
    if not 2 <= len(names) < len(classes) or len(set(names)) < len(names):
        return []
    joined = all(_JOINED.fullmatch(text[a[1] : b[0]]) for a, b in zip(found, found[1:], strict=False))
    return names if joined else []


def _counted_list(names: list[str], counts: dict[str, Any], subject: dict[str, Any], clauses: list[str]) -> str:
    """The sentence of the rows predicted any of `names` over the group (`counted_class`)."""
    total = sum(int(counts.get(name) or 0) for name in names)
    said = f"{', '.join(names[:-1])} or {names[-1]}"
    parts = ", ".join(f"{int(counts.get(name) or 0)} {name}" for name in names)
    nouns = subject.get("nouns") or "rows"
    verb = "is" if total == 1 else "are"
    others = [c for c in clauses if not re.match(r"prediction\s*(?:!=|=)", c, re.IGNORECASE)]
    if len(others) < len(clauses) and total == subject["size"]:  # the group is those classes: its size the count
        scope = f" with {' and '.join(others)}" if others else ""
        return f"{total} {nouns}{scope} {verb} predicted {said} ({parts})."
    scope = f" with {' and '.join(clauses)}" if clauses else ""
    return f"{total} of the {subject['size']} {nouns}{scope} {verb} predicted {said} ({parts})."


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
    clauses = [c.strip() for c in condition.split(" and ") if re.search(r"[=<>]", c)]
    # (a group chosen by its recorded labels, "labelled burnt or good", names those labels: no count of predictions)
    labelled = any(re.match(r"label\s*(?:!=|=)", c, re.IGNORECASE) for c in clauses)
    if subject["size"] > 1 and not labelled and (listed := _said_list(user, list(counts))):
        return _counted_list(listed, counts, subject, clauses)
    name = _said_class(user, list(counts), condition)
    if name is None:
        return None
    nouns = subject.get("nouns") or "rows"
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
