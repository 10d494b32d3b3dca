"""A class that is a past verb said as what another party did (claims-26): "though the bank actually approved the
loan", "the lender rejected her in the end". On a host whose classes are past verbs (approved, rejected, failed,
took), such a clause is no call of the model: it says what happened, the recorded outcome. It was read as no claim
("... approved the loan") or as the model's prediction ("... approved her").

A party is "the", "a" or a possessive and one or two words that are not the model's (model, classifier, system ...)
nor the instance noun; the class verb must be followed by an object ("the", "her", "it", ...). The span is written
as the party having recorded the class ("the bank actually recorded approved for the loan"), which the readings of a
recorded label check against the outputs' recorded label. A verb that is no class ("approve of") and a class word
as a noun's modifier ("the stable door") are not read: the class must be a past verb followed by an object.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from simxai.guard._label_verbs import past_verb

__all__ = ["party_verbs"]

_MACHINE = (
    r"model|model's|classifier|predictor|algorithm|system|prediction|machine|tool|ai|network|forest|trees?|"
    r"pipeline|guard|engine|it|this|that|which|score"
)
_DET = r"(?:the|a|an|her|his|their|its|our|your)"
_ADVERBS = r"(?:(?:actually|in\s+fact|eventually|finally|really|later|then|in\s+the\s+end|ultimately|also|instead)\s+)*"
_OBJECT = r"(?:the|her|him|them|it|this|that|its|their|his|both|all)\b"


def party_verbs(text: str, labels: Sequence[str], instance_noun: str) -> str:
    """`text` with each class said as a past verb of a party other than the model written as that party recording
    the class.
    """
    noun = re.escape(instance_noun.lower())
    word = rf"(?!(?:{_MACHINE}|{noun}s?)\b)[a-z][a-z'-]*"
    for label in labels:
        if not past_verb(label):
            continue
        pattern = re.compile(
            rf"\b(?P<party>{_DET}\s+{word}(?:\s+{word})?)\s+(?P<adv>{_ADVERBS})(?:{re.escape(label)})\s+(?={_OBJECT})",
            re.IGNORECASE,
        )
        text = pattern.sub(functools.partial(_recorded, label), text)
    return _party_says(text, labels, noun)


#: What other than the model may "say" a class and still be the model's call (claims-55).
_OUTPUTS = r"explanation|search|counterfactual|answer|output|result|verdict|call|what-if|change|edit|rendering|reply"
#: A verb of saying a class, with its object: "says X", "calls it X", "has it as X", "graded it X" (claims-55).
_SAYS = (
    r"(?:says?|said|calls?|called|has|had|marks?|marked|grades?|graded|rates?|rated|lists?|listed|puts?|put|"
    r"gives?|gave)(?:\s+(?:it|her|him|them|this\s+one|that\s+one))?(?:\s+(?:down\s+)?as)?"
)


def _party_says(text: str, labels: Sequence[str], noun: str) -> str:
    """claims-55 (gfa48): a class said by a party other than the model ("the survey disagrees and calls it X",
    "The sheet says X", "the inspector had it as X") is that party's record, written as recorded ("the survey
    disagrees and recorded X"), which the readings of a recorded label check against the outputs' recorded label.
    The party is "the", "a" or a possessive and one or two words, none the model's, an output's or the instance noun;
    one verb joined by "and" may stand between ("disagrees and calls it X").
    """
    if not labels:
        return text
    word = rf"(?!(?:{_MACHINE}|{_OUTPUTS}|{noun}s?)\b)[a-z][a-z'-]*"
    said = "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True))
    pattern = re.compile(
        rf"\b(?P<party>{_DET}\s+{word}(?:\s+{word})?)\s+(?P<adv>{_ADVERBS}(?:[a-z]+\s+and\s+)?)"
        rf"{_SAYS}\s+(?P<label>{said})\b",
        re.IGNORECASE,
    )
    return pattern.sub(lambda m: f"{m.group('party')} {m.group('adv')}recorded {m.group('label')}", text)


def _recorded(label: str, match: re.Match[str]) -> str:
    return f"{match.group('party')} {match.group('adv')}recorded {label} for "
