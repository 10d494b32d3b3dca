"""A group that is only a class, carried into a metric question that names a class (stale48).

After "how accurate is it for late crossings?" (the group `label = Late`), "what is the precision of on time?" names
the class the per-class metric scores. Carried along, the old group would score On Time's precision among the
crossings labelled Late only, where the model's On Time calls are all wrong or absent: a confident 0.000 for a
question nobody asked. A class condition in the group and the class the metric is for are two readings of the same
words, and the turn's class is the newer one: the class conditions (`label = X`, `prediction = X`) of the carried
group are dropped, its conditions on features kept ("vessel = Tern and label = Late" keeps `vessel = Tern`).
A one-class metric that names no class ("and precision?") reads the group's one class as its class (ux49,
`class_of_group`): Late's precision over the crossings, not among the Late ones.

`class_conditions_dropped` is the one reading of a group's class conditions (twins49): the narrowing of a count
(`_dialogue_narrowing.narrowed_count`) drops the class counted from its group by it too.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["class_conditions_dropped", "class_of_group", "without_class_conditions"]

# one condition of a group on the recorded or the predicted class ("label = Late", "prediction != On Time")
_CLASS_CONDITION = re.compile(r"^\s*(?:label|prediction)\s*!?=\s*.+$", re.IGNORECASE)
# one condition that a class is given ("label = Late"), and its class
_CLASS_GIVEN = re.compile(r"^\s*(?:label|prediction)\s*=\s*(?P<c>.+?)\s*$", re.IGNORECASE)


def class_of_group(group: object) -> str | None:
    """The one class a group's class conditions give ("vessel = Tern and label = Late" -> "Late"), or None: no class
    condition, a class denied ("label != Late"), or two classes. After "how accurate is it for late crossings?",
    "and precision?" asks for Late's precision over the crossings, not among the Late ones (ux49): there the model's
    calls of the other classes are all wrong or absent, and the figure answers nothing that was asked.
    """
    if not isinstance(group, str):
        return None
    parts = _parts(group)
    classes = {m.group("c") for m in map(_CLASS_GIVEN.match, parts) if m is not None}
    if len(classes) != 1 or any(_CLASS_CONDITION.match(p) and not _CLASS_GIVEN.match(p) for p in parts):
        return None
    return classes.pop()


def class_conditions_dropped(group: str) -> str:
    """`group` without its conditions on the recorded or the predicted class ("label = Late", "prediction != On
    Time", in any case), its other conditions kept in their order; "" when nothing else is left of it.
    """
    return " and ".join(part for part in _parts(group) if not _CLASS_CONDITION.match(part))


def _parts(group: str) -> list[str]:
    return re.split(r"\s+and\s+", group.strip())


def without_class_conditions(arguments: dict[str, Any], carried: object) -> dict[str, Any]:
    """`arguments` with the class conditions of the group `carried` from the previous call dropped (module doc); the
    group itself is dropped when nothing else is left of it. A group the turn named itself is not `carried`: the
    caller passes it only when it took the previous call's.
    """
    if not isinstance(carried, str) or arguments.get("group") != carried:
        return arguments
    if not any(_CLASS_CONDITION.match(part) for part in _parts(carried)):
        return arguments
    kept = class_conditions_dropped(carried)
    rest = {name: value for name, value in arguments.items() if name != "group"}
    return {**rest, "group": kept} if kept else rest
