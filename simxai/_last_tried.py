"""A what-if step said from the last value tried, not from the recorded one.

"4 degrees colder than that", "10% more than the last one", "from there, 2 more", "even colder by 3", "another 10%
less", "halve that again": after a what-if that tried a value of the feature, the step
starts from that value, and the what-if's other changes stay in the scenario (`from_last_tried`). So does a step that
goes on ("and 2 less?") after a what-if that set the feature outright ("what if it were 3?": 1, `from_value_set`).

A scenario built up change by change ("what if X were 3" -> "and Y down to 40") has one feature in focus: the one the
last what-if added to the one before it on the same instance (`added_change`). "and 30?", "lower still, 20" set that
feature and keep the rest of the scenario; when the last what-if changed several features at once, none is in focus.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

__all__ = ["added_change", "continued_step", "from_last_tried", "from_value_set", "said_from_last_tried"]

# "another 10% less", "halve that again": a further step from where the last one left the feature
_FROM_LAST_TRIED = re.compile(
    r"\bthan\s+(?:that|this|the\s+(?:last|previous)(?:\s+(?:one|value|try))?)\b|\bfrom\s+there\b|"
    r"\beven\s+(?:more|less|\w+er)\b|\banother\b|\bagain\b|"
    # "10 lower still", "fewer still": "still" after a comparative goes further, never "still be" (dlg49)
    r"\b(?:more|less|fewer|\w+er)\s+still\b",
    re.IGNORECASE,
)


def said_from_last_tried(text: str) -> bool:
    """Whether a step is said from the last value tried ("10 % less than that", "another 5", "halve it again")."""
    return _FROM_LAST_TRIED.search(text) is not None


class _Call(Protocol):
    """A call of the history as `simxai.followup_calls.LastCall` holds it (not imported: that module imports this)."""

    @property
    def name(self) -> str: ...
    @property
    def arguments(self) -> dict[str, Any]: ...
    @property
    def output(self) -> Any: ...


_STEP_VALUE = re.compile(r"^(?P<sign>[+\-*])(?P<n>\d+(?:\.\d+)?)(?P<pct>%)?$")


def from_last_tried(text: str, changes: dict[str, Any], call: _Call | None) -> dict[str, Any]:
    """`changes` with a step said from the last value tried ("4 degrees colder than that") taken from that value.

    After a what-if that tried storage_temp = -12 (recorded -7.2), "make it 4 degrees colder than that" is
    storage_temp = -16, not -7.2 - 4; the other changes of that what-if stay in the scenario. Without such words,
    or without a previous what-if that changed the feature, `changes` is returned as it is.
    """
    if call is None or call.name != "explain_what_if" or not _FROM_LAST_TRIED.search(text):
        return changes
    output = call.output if isinstance(call.output, dict) else {}
    tried: dict[str, float] = {
        str(c.get("feature")): float(c["new"])
        for c in output.get("changes") or []
        if isinstance(c, dict) and isinstance(c.get("new"), int | float) and not isinstance(c.get("new"), bool)
    }
    stepped: dict[str, Any] = {}
    for feature, value in changes.items():
        match = _STEP_VALUE.match(str(value).strip()) if isinstance(value, str) else None
        if match is None or feature not in tried:
            stepped[feature] = value
            continue
        last, n = tried[feature], float(match.group("n"))
        if match.group("sign") == "*":
            new = last * n
        else:
            amount = last * n / 100 if match.group("pct") else n
            new = last + amount if match.group("sign") == "+" else last - amount
        stepped[feature] = round(new, 6)
    if stepped == changes:
        return changes
    earlier = call.arguments.get("changes")
    return {**earlier, **stepped} if isinstance(earlier, dict) else stepped


# "and 2 less?", "then 5 more": a step that goes on from the scenario just tried; "instead" takes it back
_GOES_ON = re.compile(r"^\W*(?:and|then|now|plus|ok(?:ay)?|so)\b", re.IGNORECASE)
# "5 more", "what about 10 lower?", "up 3": a turn that is a step and nothing else goes on too (dlg48)
_STEP_ALONE = re.compile(
    r"^\W*(?:(?:what|how)\s+about\s+)?(?:\d+(?:\.\d+)?\s?%?\s+(?:more|less|fewer|higher|lower|up|down)|"
    r"(?:up|down)\s+\d+(?:\.\d+)?\s?%?)(?:\s+still)?\W*$",
    re.IGNORECASE,
)
_INSTEAD = re.compile(r"\binstead\b|\brather\b", re.IGNORECASE)


def from_value_set(text: str, changes: dict[str, Any], call: _Call | None) -> dict[str, Any]:
    """`changes` with a step of a feature the previous what-if set outright to a number taken from that number.

    "what if its weight were 3?" and then "and 2 kg less?" tries 3 - 2 = 1, not the recorded weight - 2: the turn
    goes on ("and", "then", "plus" ..., or is the step alone: "5 more") from the value the user set. A feature the
    previous what-if moved by a step, a turn that says "instead", or one that does not go on keeps its step (of the
    recorded value, as before).
    """
    goes_on = _GOES_ON.match(text) is not None or _STEP_ALONE.match(text) is not None
    if call is None or call.name != "explain_what_if" or not goes_on or _INSTEAD.search(text):
        return changes
    said = call.arguments.get("changes")
    earlier: dict[str, Any] = said if isinstance(said, dict) else {}
    stepped: dict[str, Any] = {}
    for feature, value in changes.items():
        match = _STEP_VALUE.match(value.strip()) if isinstance(value, str) else None
        last = earlier.get(feature)
        if match is None or match.group("sign") == "*" or not isinstance(last, int | float) or isinstance(last, bool):
            stepped[feature] = value
            continue
        n = float(match.group("n"))
        amount = float(last) * n / 100 if match.group("pct") else n
        new = round(float(last) + amount if match.group("sign") == "+" else float(last) - amount, 6)
        stepped[feature] = int(new) if isinstance(last, int) and new.is_integer() else new
    return changes if stepped == changes else {**earlier, **stepped}


def continued_step(text: str, changes: dict[str, Any], call: _Call | None) -> dict[str, Any]:
    """`changes` with a step from the last value tried (`from_last_tried`), then from a value set (`from_value_set`)."""
    return from_value_set(text, from_last_tried(text, changes, call), call)


def added_change(last: _Call, before: _Call | None) -> tuple[str, Any] | None:
    """The (feature, value) the what-if `last` added to (or moved in) the what-if `before` it on the same instance,
    when `last` holds several changes and all but that one are `before`'s as they were; None otherwise (module doc).
    """
    changes = last.arguments.get("changes")
    if last.name != "explain_what_if" or not isinstance(changes, dict) or len(changes) < 2:
        return None
    earlier = before.arguments.get("changes") if before is not None and before.name == "explain_what_if" else None
    if (
        not isinstance(earlier, dict)
        or before is None
        or before.arguments.get("instance") != last.arguments.get("instance")
    ):
        return None
    new = [(f, v) for f, v in changes.items() if f not in earlier or earlier[f] != v]
    if len(new) != 1 or not set(earlier) <= set(changes):
        return None  # several changes at once, or one taken back: no one feature in focus
    return new[0]
