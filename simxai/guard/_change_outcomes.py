"""A class said as a change's outcome by forms claims-31's readings missed (claims-37, gfa30).

Faithful counterfactual replies of three writers were flagged because the class after the change was read as
today's prediction:

- "a single extra point of blood pressure, 108 rather than 107, is enough for the model to say progressing" (g28):
  the model is said to name the class *for* a change (`said_for_change`);
- "a wick only one tenth of a millimetre thinner and the model says tunnels" (g27): a change said by a comparative
  ("thinner", "more", "less") joined by "and" to the model naming the class (`said_for_change`);
- "half a degree is all that stands between 117535 and a healthy call" (g26): the class some way off, as claims-27's
  "all that separates 120 from a progressing call" (`stands_between`); which way the distance runs is not read.

The outcome is then checked against the class the outputs' change leads to (or, for the distance, skipped as
claims-27 skips it), never against today's prediction.
"""

from __future__ import annotations

import re

from simxai.guard._prefilter import gated

__all__ = ["said_for_change", "stands_between"]

_MODEL = r"(?:the\s+model|it|the\s+classifier)"
_NAMES = r"(?:says?|said|calls?(?:\s+it)?|predicts?|labels?\s+it|gives|goes(?:\s+with)?|reads)"
#: "enough for the model to say X", "takes for it to call it X": the class the model names after a change.
_FOR_CHANGE = re.compile(rf"\benough\s+for\s+{_MODEL}\s+to\s+{_NAMES}\s+(?:it\s+)?[\"'“‘*]?$", re.I)
#: "... one tenth of a millimetre thinner and the model says X": a comparative change, then "and" the model naming it.
_COMPARED_AND = re.compile(
    rf"\b(?:[a-z]{{3,}}er|more|less|fewer)\b[^.;:!?,]{{0,40}}?\s+and\s+(?:then\s+)?{_MODEL}\s+{_NAMES}\s+[\"'“‘*]?$",
    re.I,
)
#: "all that stands between 117535 and a healthy call": the class the subject is some way from.
_BETWEEN = gated(
    r"\bstand(?:s|ing)?\s+between\s+[^.;:!?]{0,40}?\band\s+(?:being\s+)?(?:the\s+|a\s+|an\s+)?[\"'“‘*]?$", re.I
)


def said_for_change(lead: str) -> bool:
    """Whether the class after `lead` (its clause up to it) is named by the model for a change said before it."""
    return bool(_FOR_CHANGE.search(lead) or _COMPARED_AND.search(lead))


def stands_between(lead: str) -> bool:
    """Whether the class after `lead` is said as what a change stands between the subject and."""
    return bool(_BETWEEN.search(lead))
