"""Going back to an earlier subject of the dialogue: "back to the first one", "back to 140520 - why?".

The opening only says which instance the question is about (read by `simxai.backends._dialogue_focus` and the id
readers); the function is asked by the rest of the turn. The selector is given the rest alone
(`without_going_back`): "back to the first one: why is it a rebind" is "why is it a rebind" about the first one, and
the words of going back carry no function of their own. `goes_back_to_one` tells that the turn is about one instance
of the dialogue (a question such as "which of its parts matter?" is then that instance's, not the model's).
"""

from __future__ import annotations

import re

__all__ = ["goes_back_to_one", "without_going_back"]

# "back to the first one", "going back to the other visit"
_BACK_TO_ONE = re.compile(
    r"\bback\s+to\s+the\s+(?:first|second|third|last|previous|earlier|other)\s+(?:one|[a-z]+)\b", re.IGNORECASE
)
# the opening of a turn that goes back, then a mark that ends it ("back to 140520 - ", "ok, back to the first one: ")
_OPENING = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|right|and|so|now|then)\W+)*(?:(?:going|go|let'?s\s+go|coming|come|get(?:ting)?)\s+)?"
    r"back\s+to\s+(?:the\s+(?:first|second|third|last|previous|earlier|other)\s+(?:one|[a-z]+)|"
    r"(?:[a-z]+\s+)?#?\d+|him|her|it|them)\s*(?:[,:;.!?]|\s[-–—])\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
_MIN_REST_WORDS = 2


def goes_back_to_one(text: str) -> bool:
    """Whether a turn goes back to an earlier instance by its place in the dialogue ("back to the first one")."""
    return _BACK_TO_ONE.search(text) is not None


def without_going_back(text: str) -> str:
    """The turn after an opening that goes back to an earlier subject, when the rest asks something; else the turn."""
    match = _OPENING.match(text)
    if match is None or len(match.group("rest").split()) < _MIN_REST_WORDS:
        return text
    return match.group("rest")
