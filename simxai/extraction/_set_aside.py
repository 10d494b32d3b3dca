"""A class set aside by "instead of" / "rather than": never the class a counterfactual should reach.

"What would 12 need to be kept rather than treated?", "how could it be sold instead of being discarded?": the class
said after those words is the one the user wants to leave. When the wanted class before them is read too,
`simxai.extraction._polarity.not_but` takes it. When it is not (a word no reading knows as a class: "kept" for
keep, "fired" on a host whose classes are dry and reject), the last class named is the one set aside, and reading it
as the target answers the opposite question with confidence. So the target is the other class of two, and of more
than two none: which one to reach is the user's to say (the router asks, as it does after "avoid X").
"""

from __future__ import annotations

import re

from simxai.extraction._class_names import class_mentions
from simxai.extraction._polarity import label_mentions
from simxai.hosts.base import HostSchema
from simxai.normalize import normalize

__all__ = ["set_aside", "target_beside"]

# the words that set a class aside, up to the class: "rather than treated", "instead of being discarded", "rather
# than be labelled a reject"
_SET_ASIDE = re.compile(
    r"\b(?:instead\s+of|rather\s+than)\s+(?:(?:be|being|get|getting|become|becoming|end\s+up|ending\s+up)\s+)?"
    r"(?:(?:predicted|classified|rated|flagged|labell?ed|marked|graded|called)\s+(?:as\s+)?)?(?:(?:a|an|the)\s+)?$",
    re.IGNORECASE,
)


def set_aside(text: str, schema: HostSchema | None) -> str | None:
    """The one class `text` names, when every mention of it follows "instead of" / "rather than"; else None."""
    if schema is None:
        return None
    text = normalize(text, schema)
    mentions = label_mentions(text, schema, class_mentions(text, schema))
    if len({name for _, _, name in mentions}) != 1:
        return None  # no class, or two: `not_but` and the cues of `extract_label` read which one is wanted
    if all(_SET_ASIDE.search(text, max(0, start - 60), start) for start, _, _ in mentions):
        return mentions[0][2]
    return None


def target_beside(text: str, schema: HostSchema | None) -> tuple[bool, str | None]:
    """(whether `text` sets a class aside, the class to reach then): the other of two classes, or None of more."""
    left = set_aside(text, schema)
    if left is None or schema is None:
        return False, None
    others = [name for name in schema.class_names if name != left]
    return True, others[0] if len(others) == 1 else None
