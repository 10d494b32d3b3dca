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
    return text


def _recorded(label: str, match: re.Match[str]) -> str:
    return f"{match.group('party')} {match.group('adv')}recorded {label} for "
