"""A correction of a group's condition: "no, above 35 degrees" after the predictions for the inverters over 30 kg in
temperatures above 40 is the same question on the inverters over 30 kg above 35 degrees.

Read alone, the correction names only the temperature's bound and the weight's was dropped in silence. Here the
conditions it says again replace those of the same features in the previous call's group, and the others stay. A
bound said with no feature ("no, I meant over 350") is on the one feature the group bounds by a comparison, if one.

A variation of the same question is read the same way: "same but the north wing", "same question for the blue
plates", "swap the red plates for blue ones", "and the blue plates instead?" after a metric on the red plates over
30 cm is the metric on the blue plates over 30 cm. The value swapped out, when it is said, is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._dialogue_narrowing import said_category
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


# "same but the north wing", "same question for ...", "swap the red plates for blue", "and the blue ones instead?"
_VARIES = re.compile(
    r"\bsame\s+(?:question|thing|again|but|query)\b|^\W*(?:(?:and|now|ok(?:ay)?|so)\W+)*(?:same|swap|switch)\b|"
    r"\binstead\W*$",
    re.IGNORECASE,
)
# the category a variation names alone: "same but blue plates", "and the blue plates instead?"
_VARIED_VALUE = re.compile(
    r"\bsame\s+but\s+(?:(?:for|on|with)\s+)?(?:the\s+)?(?P<but>[a-z][a-z\s-]*?)(?:\s+ones)?\W*$|"
    r"^\W*(?:(?:and|now|ok(?:ay)?|so|what\s+about|how\s+about)\W+)*(?:(?:for|on|with)\s+)?(?:the\s+)?"
    r"(?P<instead>[a-z][a-z\s-]*?)(?:\s+ones)?\s+instead\W*$",
    re.IGNORECASE,
)
# a supposition is a what-if's, never a variation of a question on a group
_SUPPOSES = re.compile(r"\b(?:if|would|were|suppose)\b", re.IGNORECASE)


def corrected_group(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The previous call again, its group's conditions on the features the correction names replaced by the new ones;
    None unless the turn is a correction or a variation of the same question whose every condition is on a feature
    the previous group already bounds.
    """
    schema = request.host
    previous = last_call(history)
    varies = _VARIES.search(text) is not None and _SUPPOSES.search(text) is None
    if (_CORRECTS.match(text) is None and not varies) or previous is None or schema is None:
        return None
    if schema.kind != "tabular" or previous.name not in {s.name for s in request.functions}:
        return None
    key = next((k for k in ("group", "instance") if isinstance(previous.arguments.get(k), str)), None)
    said = extract_argument("group", text, schema)
    if said is None and key is not None:
        said = _unnamed_bound(text, previous.arguments[key], schema)
    if said is None and varies and (value := _VARIED_VALUE.search(text)) is not None:
        said = said_category(value.group("but") or value.group("instead"), schema)
    if key is None or not isinstance(said, str) or said in ("", "all"):
        return None
    old = previous.arguments[key].split(" and ")
    new = said.split(" and ")
    if varies and len(new) > 1:
        new = [c for c in new if c not in old]  # "swap the red plates for blue": the value swapped out is dropped
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
