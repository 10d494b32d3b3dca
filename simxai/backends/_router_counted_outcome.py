"""A class counted in a group by the verb that says what happens to its members (ux49).

"how many east wing dogs get adopted", "how many renters are rejected", "how many back yard firings get a reglaze",
"how many of them come out cracked": the count of a class said in the present tense, right after "get", "are",
"end up" or "come out", is what the model does to the group now, its predictions. The same count said in the past
tense or of the records ("how many were rejected", "how many got a surcharge", "how many are actually progressing in
the data", "labelled as") is the data's. `counts_predictions` (`_router_arguments`) reads the model's count only when
a verb names the model; this reads the count with no such verb.
"""

from __future__ import annotations

import re

from simxai.extraction.mentions import class_mentions, label_mentions
from simxai.hosts.base import HostSchema

__all__ = ["outcome_counted"]

# The present tense of what happens to a member, right before the class (an article or "as" / "on the" between:
# "get a reglaze", "come out as cracked", "end up on the waiting list")
_HAPPENS = re.compile(
    r"\b(?:get|gets|getting|are|is|end\s+up|ends\s+up|come\s+out|comes\s+out)\s+"
    r"(?:(?:a|an|the|as|on|in|with)\s+){0,2}$",
    re.IGNORECASE,
)
# Words that make the count one of the records, not of the model ("actually", "in the data", "labelled")
_RECORDED = re.compile(
    r"\b(?:actually|really|truly|in\s+(?:the|our|your)\s+(?:data|dataset|data\s*set|records?|training)|"
    r"label+ed|recorded|on\s+record|historically)\b",
    re.IGNORECASE,
)


def outcome_counted(text: str, schema: HostSchema) -> bool:
    """Whether `text` counts a class by a present-tense verb of what happens to the counted (module doc). The caller
    checks that the turn is a count with a group.
    """
    if _RECORDED.search(text):
        return False
    for start, _end, _name in label_mentions(text, schema, class_mentions(text, schema)):
        if _HAPPENS.search(text[max(0, start - 30) : start]):
            return True
    return False
