"""A correction of a group's condition: "no, above 35 degrees" after the predictions for the inverters over 30 kg in
temperatures above 40 is the same question on the inverters over 30 kg above 35 degrees.

Read alone, the correction names only the temperature's bound and the weight's was dropped in silence. Here the
conditions it says again replace those of the same features in the previous call's group, and the others stay. A
bound said with no feature ("no, I meant over 350") is on the one feature the group bounds by a comparison, if one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_argument
from simxai.followup_calls import last_call
from simxai.hosts.base import HostSchema
from simxai.instances import condition_fields
from simxai.messages import Message

__all__ = ["corrected_group"]

# "no, above 35 degrees", "actually I meant the Heliox ones", "sorry, I meant over 30 kg", "I meant more than 4 trips"
_CORRECTS = re.compile(
    r"^\W*(?:(?:no|nope|sorry|oops|wait|actually|correction|my\s+bad|hang\s+on)\b\W*)+(?:i\s+(?:meant|mean)\b)?"
    r"|^\W*i\s+meant\b",
    re.IGNORECASE,
)


def corrected_group(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The previous call again, its group's conditions on the features the correction names replaced by the new ones;
    None unless the turn is a correction whose every condition is on a feature the previous group already bounds.
    """
    schema = request.host
    previous = last_call(history)
    if _CORRECTS.match(text) is None or previous is None or schema is None or schema.kind != "tabular":
        return None
    if previous.name not in {s.name for s in request.functions}:
        return None
    key = next((k for k in ("group", "instance") if isinstance(previous.arguments.get(k), str)), None)
    said = extract_argument("group", text, schema)
    if said is None and key is not None:
        said = _unnamed_bound(text, previous.arguments[key], schema)
    if key is None or not isinstance(said, str) or said in ("", "all"):
        return None
    old = previous.arguments[key].split(" and ")
    new = said.split(" and ")
    if not all(condition_fields(c) for c in new):
        return None
    features = {field for c in new for field in condition_fields(c)}
    if not features <= {field for c in old for field in condition_fields(c)} or set(new) <= set(old):
        return None
    kept = [c for c in old if not set(condition_fields(c)) & features]
    return Decision(previous.name, 1.0, True, arguments={**previous.arguments, key: " and ".join(kept + new)})


# what a correction says after its opening when it is a bound alone: "over 350", "below 12 m/s", "at least 3"
_BARE_BOUND = re.compile(
    r"\s*(?:(?:over|above|under|below|(?:more|greater|higher|fewer|less|lower)\s+than|at\s+(?:least|most))\s+"
    r"|between\s+-?\d[^a-z]*\s+and\s+)-?\d",
    re.IGNORECASE,
)
_COMPARED = re.compile(r"\s(?:[<>]=?)\s")


def _unnamed_bound(text: str, group: str, schema: HostSchema) -> str | None:
    """The correction's bound on the one feature `group` bounds by a comparison ("no, I meant over 350" after
    "days_since_inspection > 300"), as a group of that bound alone; None when the bound names no feature here or
    the group bounds none or several.
    """
    opening = _CORRECTS.match(text)
    rest = text[opening.end() :] if opening else ""
    if _BARE_BOUND.match(rest) is None:
        return None
    bounded = {f for c in group.split(" and ") if _COMPARED.search(c) for f in condition_fields(c)}
    if len(bounded) != 1:
        return None
    [field] = bounded
    said = extract_argument("group", f"{field} {rest.strip()}", schema)
    return said if isinstance(said, str) and condition_fields(said) == [field] else None
