"""The class a turn asks to keep ("what would patient 12 need to stay progressing?" -> progressing).

The class is read as `extract_label` reads any class (`class_mentions` and `label_mentions`: a class name or
another word for it); what this module adds is the verb that asks to keep it: keep, stay, remain or still right
before it, with at most four words between (a quoted text is one): "keep this review positive", "still be
predicted stable". A class the turn moves away from ("stay out of the progressing group", "keep it from becoming
progressing") or after a negation ("not stay stable") is no class to keep; a turn with no such verb before a
class names none (None), and the function keeps whatever the model predicts.
"""

from __future__ import annotations

import re

from simxai.extraction._class_names import class_mentions
from simxai.extraction._polarity import away_from, label_mentions
from simxai.hosts.base import HostSchema

__all__ = ["extract_kept_label"]

# Words that may stand between the verb and the class ("keep this review", "stay predicted as"); a word of moving
# away, of becoming another class or of a bound ends the reading ("stay clear of", "stay stable until").
# A quoted text counts as one word ("keep 'a dull film' negative").
_BETWEEN = (
    r"(?:(?:'[^']*'|\"[^\"]*\"|“[^”]*”|‘[^’]*’)\s+|"
    r"(?!(?:not|no|never|from|out|off|away|clear|free|rid|than|before|until|unless|without|instead|but|or|"
    r"becom\w*|turn\w*|flip\w*|chang\w*|switch\w*|go|goes|going|get|gets|getting|move\w*)\b)[\w'-]+\s+){0,4}"
)
_KEEP = re.compile(
    rf"(?<![\w'-])(?P<verb>keep(?:s|ing)?|kept|stay(?:s|ed|ing)?|remain(?:s|ed|ing)?|still)\s+{_BETWEEN}$",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"(?:\bnot|n't|\bnever|\bno\s+longer)\s+$", re.IGNORECASE)


def extract_kept_label(text: str, schema: HostSchema | None) -> str | None:
    """The class `text` asks to keep, said after keep / stay / remain / still; else None.

    `text` is normalised already (`extract_argument` does it). Of several classes so said, the last one.
    """
    if schema is None:
        return None
    mentions = label_mentions(text, schema, class_mentions(text, schema))
    kept = None
    for start, _end, name in mentions:
        cue = _KEEP.search(text, 0, start)
        if cue is None:
            continue
        before = text[: cue.start()]
        if not _NEGATED.search(before):
            kept = name
    if kept is not None and mentions and mentions[-1][2] == kept and away_from(text, mentions) == kept:
        return None  # "how can it stay out of the progressing group"
    return kept
