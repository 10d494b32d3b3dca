"""Going back to an earlier subject of the dialogue: "back to the first one", "back to 140520 - why?".

The opening only says which instance the question is about (read by `simxai.backends._dialogue_focus` and the id
readers); the function is asked by the rest of the turn. The selector is given the rest alone
(`without_going_back`): "back to the first one: why is it a rebind" is "why is it a rebind" about the first one, and
the words of going back carry no function of their own. `goes_back_to_one` tells that the turn is about one instance
of the dialogue (a question such as "which of its parts matter?" is then that instance's, not the model's).
`with_reference_as_pronoun` gives the selector "it" for "the other one" / "the first one" said as the subject or
object of a question ("what holds the other one at shelve" is "what holds it at shelve"): which one is meant is read
by the dialogue's readers, and the word "other" is no contrast of classes for the selector to weigh ("why not ...").
"""

from __future__ import annotations

import re

__all__ = ["PLACE_REFERENCE", "goes_back_to_one", "with_reference_as_pronoun", "without_going_back"]

# "back to the first one", "going back to the other visit", "back to the first, ..."
_BACK_TO_ONE = re.compile(
    r"\bback\s+to\s+the\s+(?:first|second|third|last|previous|earlier|other)(?:\s+(?:one|[a-z]+))?\b", re.IGNORECASE
)
# the opening of a turn that goes back, then a mark that ends it ("back to 140520 - ", "ok, back to the first one: ")
_OPENING = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|right|and|so|now|then)\W+)*(?:(?:going|go|let'?s\s+go|coming|come|get(?:ting)?)\s+)?"
    r"back\s+to\s+(?:the\s+(?:first|second|third|last|previous|earlier|other)(?:\s+(?:one|[a-z]+))?|"
    r"(?:[a-z]+\s+)?#?\d+|him|her|it|them)\s*(?:[,:;.!?]|\s[-–—])\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
_MIN_REST_WORDS = 2
#: An instance referred to by its place in the dialogue: "the other one", "the first one", "the earlier one".
PLACE_REFERENCE = r"\bthe\s+(?:other|first|second|third|last|previous|earlier)\s+one\b"
# "the other one", "the first one" followed by more of the question ("why is the first one rebind"); not after a
# word that makes it a class ("why not the other one", "make it the other one", "to the first one", "as the other one")
_REFERENCE = re.compile(
    r"(?<!\bnot\s)(?<!\bbe\s)(?<!\bit\s)(?<!\bto\s)(?<!\binto\s)(?<!\bas\s)(?<!\bthan\s)(?<!\bor\s)"
    rf"{PLACE_REFERENCE}(?=\s+[a-z])",
    re.IGNORECASE,
)


def goes_back_to_one(text: str) -> bool:
    """Whether a turn goes back to an earlier instance by its place in the dialogue ("back to the first one")."""
    return _BACK_TO_ONE.search(text) is not None


def without_going_back(text: str) -> str:
    """The turn after an opening that goes back to an earlier subject, when the rest asks something; else the turn."""
    match = _OPENING.match(text)
    if match is None or len(match.group("rest").split()) < _MIN_REST_WORDS:
        return text
    return match.group("rest")


# "ok the first one, why?", "the other one - how come?": the reference, a mark, then a bare question of cause
_REFERENCE_THEN_WHY = re.compile(
    rf"{PLACE_REFERENCE}\s*[,:;-]*\s*(?P<why>why|how\s+come)(?:\s+(?:is\s+that|so))?(?=\s*[?.!]*\s*$)", re.IGNORECASE
)


def with_reference_as_pronoun(text: str) -> str:
    """`text` with "the other one" / "the first one" inside a question read as "it" (module doc), and a bare "why?"
    after it as a question of its cause ("ok the first one, why?": "ok why is it").
    """
    text = _REFERENCE_THEN_WHY.sub("why is it", text)  # ("how come" asks the same)
    return _REFERENCE.sub("it", text)
