"""The class a group is predicted as, when the turn says it by a count or by a verb rather than by the class name.

"how many does the model reject" counts the model's rejected; "which cylinders are predicted to pass" and "who is
expected to progress" say the class (``passes``, ``progressing``) as the verb it is a form of. Both select the
instances whose prediction is that class: a group, never the whole data with the class dropped.
"""

from __future__ import annotations

import re

from simxai.extraction._class_names import class_mentions, class_name_pattern
from simxai.extraction._polarity import label_mentions
from simxai.hosts.base import HostSchema
from simxai.normalize import word_stems

__all__ = ["counted_prediction", "predicted_verb"]

_COUNTED = re.compile(
    r"\bhow\s+many\b[^?.!]{0,60}?\b(?:does|do|did|will|would)\s+(?:the\s+|this\s+|your\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:model|classifier|system|algorithm|it)\s+(?:(?:think|say|expect|consider|predict|mark|flag|call)s?\s+"
    r"(?:(?:are|is|will\s+be|to\s+be|as|would\s+be)\s+)?)?(?P<w>[\w-]+)",
    re.IGNORECASE,
)

# The cue before a verb that says what the model predicts of a group: "predicted to pass", "expected to progress",
# "likely to fail" ("predicted not to pass" names no class here: which one it means is left to the other readings).
_PREDICTED_TO = re.compile(
    r"\b(?:predicted|expected|forecast|projected|tipped|likely|classified)\s+to\s+$",
    re.IGNORECASE,
)


def counted_prediction(text: str, schema: HostSchema) -> str | None:
    """The class in a count of what the model does ("how many does the model reject" -> "rejected"), or None."""
    match = _COUNTED.search(text)
    if match is None:
        return None
    # a class of several words, inflected as the sentence needs ("does the model say need servicing")
    said = next((n for n in schema.class_names if class_name_pattern(n).match(text, match.start("w"))), None)
    if said is not None:
        return said
    word = word_stems(match.group("w"))
    return next((name for name in schema.class_names if word_stems(name) & word), None)


def predicted_verb(text: str, schema: HostSchema) -> str | None:
    """The class said as a verb after a cue of prediction ("predicted to pass" of a class ``passes``), or None.

    The verb is a form of one class's name (`simxai.extraction._polarity.label_mentions`: "pass" of ``passes``,
    "progress" of ``progressing``); a class said as written ("predicted to be passes") is read by the group's
    own class mentions, not here.
    """
    exact = class_mentions(text, schema)
    for start, _end, name in label_mentions(text, schema, exact):
        if (start, name) in {(s, n) for s, _e, n in exact}:
            continue
        if _PREDICTED_TO.search(text[max(0, start - 30) : start]):
            return name
    return None
