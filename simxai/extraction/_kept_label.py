"""The class a turn asks to keep ("what would patient 12 need to stay progressing?" -> progressing).

The class is read as `extract_label` reads any class (`class_mentions` and `label_mentions`: a class name or
another word for it); what this module adds is the verb that asks to keep it: keep, stay, remain or still right
before it, with at most four words between (a quoted text is one): "keep this review positive", "still be
predicted stable", or still right before a verb of having the outcome ("still get a reglaze", "still come out
sound"). A class the turn moves away from ("stay out of the progressing group", "keep it from becoming
progressing") or after a negation ("not stay stable") is no class to keep; a turn with no such verb before a
class names none (None), and the function keeps whatever the model predicts.

A robustness question names the class kept in two more ways (`_named_outcome`). A class said with a verb of
leaving it ("before it stops being flourishing", "is no longer patchy", "isn't patchy any more") is the class the
instance has and would leave: the one kept. And a class said as the outcome under test, with no verb of reaching
another before it ("how firm is the patchy verdict on 12", "how robust is her approval"), is the outcome to keep;
a class after a verb of becoming or a bound ("before it turns patchy", "until it says neglected") is where the
instance would go, and names none.
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
    rf"(?<![\w'-])(?P<verb>keep(?:s|ing)?|kept|stay(?:s|ed|ing)?|remain(?:s|ed|ing)?|still)\s+{_BETWEEN}$|"
    # "still" right before a verb of having the outcome ("and still get a reglaze", "still come out sound": ux49)
    r"(?<![\w'-])still\s+(?:gets?|getting|comes?\s+out(?:\s+as)?|ends?\s+up(?:\s+(?:as|with|on))?)\s+"
    r"(?:(?:a|an|the)\s+)?$",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"(?:\bnot|n't|\bnever|\bno\s+longer)\s+$", re.IGNORECASE)
# a verb of leaving the class right before it: "stops being (a) X", "stop X-ing", "no longer X", "not X any more"
_LEAVES = re.compile(
    r"(?:\b(?:stop(?:s|ped|ping)?|ceas(?:e|es|ed|ing)|quit(?:s|ting)?)|\bno\s+longer)\s+"
    # ("stops being called healthy": a verb of being and one of naming)
    r"(?:(?:being|be|getting|saying|predicting|called|labell?ed|rated|flagged)\s+){0,2}(?:as\s+)?(?:(?:a|an|the)\s+)?$",
    re.IGNORECASE,
)
_NOT_BEFORE = re.compile(
    r"(?:\bnot|n't)\s+(?:(?:be|being|predicted|called|rated)\s+)?(?:as\s+)?(?:(?:a|an|the)\s+)?$", re.I
)
_ANY_MORE = re.compile(r"\s*(?:any\s*more|any\s+longer)\b", re.IGNORECASE)
# words before a class that make it the class reached, not kept: becoming, a bound, what the model would say then
_REACHED = re.compile(
    r"\b(?:becom\w*|turn\w*|flip\w*|switch\w*|chang\w*|go|goes|going|gets?|getting|got|mov\w*|into|to|"
    r"until|till|unless|before|says?|saying|predicts?|called|tips?|tipping)\b(?:\s+[\w'#-]+){0,4}\s+$",
    re.IGNORECASE,
)


def extract_kept_label(text: str, schema: HostSchema | None) -> str | None:
    """The class `text` asks to keep, said after keep / stay / remain / still; else None.

    `text` is normalised already (`extract_argument` does it). Of several classes so said, the last one.
    """
    if schema is None:
        return None
    mentions = label_mentions(text, schema, class_mentions(text, schema))
    kept = None
    cued = False  # a verb of keeping said before a class decides, even when negated ("not stay X": none)
    for start, _end, name in mentions:
        cue = _KEEP.search(text, 0, start)
        if cue is None:
            continue
        cued = True
        before = text[: cue.start()]
        if not _NEGATED.search(before):
            kept = name
    if kept is not None and mentions and mentions[-1][2] == kept and away_from(text, mentions) == kept:
        return None  # "how can it stay out of the progressing group"
    return kept if kept is not None or cued else _named_outcome(text, mentions)


def _named_outcome(text: str, mentions: list[tuple[int, int, str]]) -> str | None:
    """The one class a robustness question names as the outcome it has (module doc), or None."""
    if len({name for _, _, name in mentions}) != 1:
        return None  # none, or two classes: which one is kept is not for us to guess
    start, end, name = mentions[-1]
    before = text[max(0, start - 60) : start]
    if _LEAVES.search(before) or (_NOT_BEFORE.search(before) and _ANY_MORE.match(text, end)):
        return name  # "before it stops being a keeper", "before it's not X anymore"
    if _NEGATED.search(before) or _NOT_BEFORE.search(before) or _REACHED.search(before):
        return None  # "before it turns patchy": where it would go
    return name  # "how firm is the patchy verdict"
