"""A new value said with its sign keeps it: "had -5 kg of compost", "minus 5 kg", "negative 5 kg" -> -5 (neg47).

Readings that find a value by its place in the turn ("5 kg of compost") take the digits only; this puts back a
minus said right before them. The engine then questions a value below the data's range as it does for any call
("compost_kg -5 is below the data's range 0-39; did you mean 5 lower?"). A minus is a sign only where it starts a
number of its own: not between two numbers ("5-10", a range), nor after a word or a mark ("#-5", "covid-19"), and
"minus" / "negative" not after a number ("30 minus 5" is a sum). A value is turned negative only when every time
its number is said, it is said with such a sign.
"""

from __future__ import annotations

import re

from simxai.hosts.base import ChangeValue

# "-5", "−5" at the start of a number of its own; "minus 5", "negative 5" not after a number
_SIGNED = re.compile(
    r"(?:(?<![\w#.,\-−+/])[-−]|(?<![\d.])(?<!\d\s)\b(?:minus|negative)\s+)(?P<n>\d+(?:\.\d+)?)(?![\w.\-]|,\d)", re.I
)
# any number of its own, signed or not
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w]|\.\d|,\d)")


def signed_values(text: str, changes: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """`changes` with each positive absolute value whose number the turn says only with a minus made negative."""
    signed = [m.start("n") for m in _SIGNED.finditer(text)]
    if not signed:
        return changes
    said: dict[float, list[int]] = {}
    for number in _NUMBER.finditer(text):
        said.setdefault(float(number.group()), []).append(number.start())
    found = dict(changes)
    for name, value in changes.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            continue
        places = said.get(float(value), [])
        if places and all(place in signed for place in places):
            found[name] = -value
    return found


# a word of direction turns the answer into a step ("no, 5 lower"), not the value as said
_DIRECTION = re.compile(
    r"\b(?:lower|less|fewer|down|decrease[sd]?|reduce[sd]?|by|higher|more|up|increase[sd]?)\b", re.I
)


def insisted_changes(questioned: dict[str, ChangeValue] | None, user: str) -> dict[str, ChangeValue] | None:
    """The questioned changes with their one offered step ("did you mean 5 lower?", offered as "-5") put back to the
    value below the data's range that was said, when the answer says that value again with its sign ("no, really
    -5", "I mean minus 5") and no direction; None for any other answer.
    """
    offered = [n for n, v in (questioned or {}).items() if isinstance(v, str) and re.fullmatch(r"-\d+(?:\.\d+)?", v)]
    if questioned is None or len(offered) != 1 or _DIRECTION.search(user):
        return None
    [name] = offered
    amount = float(str(questioned[name])[1:])
    if not any(float(m.group("n")) == amount for m in _SIGNED.finditer(user)):
        return None
    value = -amount
    return {**questioned, name: int(value) if value.is_integer() else value}
