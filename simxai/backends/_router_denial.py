"""What a why-not question stands on: a class denied, contrasted or expected, in the turn's own words.

"why isn't she approved?" (a negation with a class named), "why late rather than on time?" (a contrast), "I
expected 7011 to arrive" (the user's expectation). A turn with none of these asks why the model predicts what it
predicts ("why is order 7011 expected to be lost?": the model's expectation, said in the passive), which an
instance's explanation answers, not a why-not. One source of these words for the router's unsure choices
(`_router_unsure`) and its why-question readings (`_router_readings`).
"""

from __future__ import annotations

import re

from simxai.extraction import extract_label
from simxai.hosts.base import HostSchema

__all__ = ["USER_EXPECTS", "WHY_NEGATED", "denies_a_class"]

#: The user's expectation ("I expected approval", "expected it to be"); "7011 is expected to be lost", with no person
#: and "to" right after it, is the model's (its prediction), no contrast.
USER_EXPECTS = r"\b(?:i|we|you|they|one)\s+(?:\w+\s+)?expect\w*|\bexpect\w*+(?!\s+to\b)"

_NEGATION = re.compile(r"\b(?:not|no|never|nor|neither|without)\b|n't\b|\b(?:is|was|does|did|do|are|were)nt\b", re.I)
# A contrast or the user's expectation ("instead of", "the other class", "I expected", "expected it to"); "keep" only
# as an obstacle ("what keeps 20 from being approved"), not as a class kept ("what keeps it positive").
_CONTRAST = re.compile(
    r"\b(?:instead|rather|other|opposite|should\w*|supposed|thought|wrong\w*|despite|although|though|"
    r"stop\w*|(?:keep\w*|kept)(?=(?:\s+\S+){0,4}?\s+from\b)|prevent\w*|block\w*|hold\w*|held)\b"
    rf"|{USER_EXPECTS}",
    re.IGNORECASE,
)
#: A negation inside a why-question ("why isn't 14 approved?", "how come it didn't flag her").
WHY_NEGATED = re.compile(
    r"\b(?:why|how\s+come)\b[^.?!;]{0,80}?(?:\bnot\b|n't\b|\bnever\b|\b(?:is|was|does|did|do|are|were)nt\b)",
    re.IGNORECASE,
)


def denies_a_class(text: str, schema: HostSchema | None) -> bool:
    """Whether `text` stands on a class denied, contrasted or expected by the user (module doc): a negation counts
    when the label reading finds a class in the turn.
    """
    if _CONTRAST.search(text) or WHY_NEGATED.search(text):
        return True
    return bool(_NEGATION.search(text)) and schema is not None and extract_label(text, schema) is not None
