"""Two readings of an unsure or unfit choice about one named instance (asks30, docs/router.md "asks30").

- *A value stated for a named instance.* Torn between the prediction and the what-if of one instance named by its
  id, a turn whose words the changes extraction reads as a new value of a feature ("4021 at 12 degrees", "4021 with
  a 30 cm crown") asks what the model says with that value: only the what-if takes the value, the prediction would
  drop it. The two options are one family (the what-if *is* the prediction, with the value set), so asking which is
  meant asks the user nothing the turn did not say. A new instance described by its values names no id and is left
  to the prediction (`changes_decision`).
- *A what-if with nothing to change.* A selector sure of the what-if for a turn that names no change, no feature and
  supposes nothing ("odds that 4021 fails early?") leaves the engine asking what should change, a question about
  an option the turn cannot mean by the what-if's own contract (`_router_unsure.ruled_out`). The what-if is set
  aside as it is for an unsure choice: the rest is renormalised, and it is answered only when one option holds
  `ONE_LEFT` of it; otherwise the router asks between the two likeliest of the rest.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from simxai.backends._router_decision import Decision
from simxai.extraction import extract_changes, extract_ids
from simxai.hosts.base import HostSchema

__all__ = ["stated_change_decision"]

_FAMILY = frozenset({"explain_what_if", "get_prediction"})
# The instance said to be or have something ("he's in sales", "she has had two", "it was at 12"): its own values,
# described, not a value set for it
_DESCRIBES = re.compile(r"\b(?:he|she|it|they)(?:'s|'re|\s+(?:is|was|are|were|has|had|have))\b|\bhas\s+had\b", re.I)


def stated_change_decision(
    decision: Decision, text: str, schema: HostSchema | None, names: Collection[str]
) -> Decision | None:
    """A sure what-if for an unsure choice between one named instance's prediction and its what-if when the turn
    states a new value of a feature (module doc), else None.
    """
    if schema is None or schema.kind != "tabular" or decision.confident or not _FAMILY <= set(names):
        return None
    if {decision.function, decision.runner_up} != _FAMILY:
        return None
    if _DESCRIBES.search(text):
        return None
    ids = extract_ids(text, schema)
    if len(ids) != 1:
        return None
    changes = extract_changes(text, schema)
    if not changes:
        return None
    return Decision("explain_what_if", decision.confidence, True)
