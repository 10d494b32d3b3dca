"""A correction of a group's condition: "no, above 35 degrees" after the predictions for the inverters over 30 kg in
temperatures above 40 is the same question on the inverters over 30 kg above 35 degrees.

Read alone, the correction names only the temperature's bound and the weight's was dropped in silence. Here the
conditions it says again replace those of the same features in the previous call's group, and the others stay.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_argument
from simxai.followup_calls import last_call
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
