"""An agreement with the record said of every subject at once (claims-53, guard46): "both sheets agree", "both match
the survey", "the log agrees with both", "Both right", "both records say X".

The readers of "the prediction is correct" and of a party's finding (`_agreement`) read a sentence about one
subject; a reply about several that says, in one clause, that every call matches its record went unread. Read here,
on outputs about two or more subjects that each give a recorded label: a clause with a word for all of them ("both",
"all three", "each", "every one") and a word of agreement ("agree", "match", "right", "correct", "confirmed", "as
logged") claims that every prediction is its record; a clause with a word for all of them and a record's verb before
a class ("both sheets record X", "all three were logged as X") claims that each record is that class. A clause that
limits or denies ("only", "one of", "neither", "not", "except", "half") claims nothing, and so does one where "right"
places something ("right at", "right on"). With a subject whose record or call the outputs do not give, nothing is
read. Nothing of a host's domain.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts

__all__ = ["all_agree_claims"]

_ALL = re.compile(r"\b(?:both|all\s+(?:two|three|four|five|\d+)|each(?:\s+one)?|every\s+one|all\s+of\s+them)\b", re.I)
_AGREE = re.compile(
    r"\b(?:agree(?:s|d)?|match(?:es|ed)?|right(?!\s+(?:at|on|in|around|about|near|there|up|down|off|where|now)\b)|"
    r"correct(?:ly)?|confirm(?:s|ed)?|as\s+(?:logged|recorded|registered|noted)|bears?\s+out|bore\s+out)\b",
    re.I,
)
_LIMITS = re.compile(
    r"\b(?:not|no|never|neither|nor|only|one\s+of|but\s+one|except|half|none|just\s+one|disagree\w*|mismatch\w*)\b"
    r"|n't\b|\bwrong",
    re.I,
)
_RECORD_VERB = (
    r"(?:record(?:s|ed)?|log(?:s|ged)?|list(?:s|ed)?|say|says|said|have\s+(?:them|it)\s+as|had\s+(?:them|it)\s+as)"
)
_CLAUSES = re.compile(r"[;:.!?]|,\s*(?:and|but|while|whereas|though|although)\b|\s+(?:but|whereas)\s+", re.I)


def all_agree_claims(
    sentence: str, subjects: Sequence[Facts], labels: Sequence[str], forms: Mapping[str, str]
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each agreement or record `sentence` says of every subject of `subjects` at once.

    Args:
        sentence: one sentence of the reply.
        subjects: the outputs' facts, one per subject the reply is about.
        labels: the host's classes.
        forms: other words of a class (its noun or verb) -> the class.
    """
    if len(subjects) < 2 or sentence.rstrip().endswith("?"):
        return
    if any(len(f.recorded) != 1 for f in subjects):
        return
    known = {x.lower(): x for x in labels} | {k.lower(): v for k, v in forms.items()}
    spelled = "|".join(re.escape(k).replace("_", "[ _]") for k in sorted(known, key=len, reverse=True))
    recorded_as = re.compile(
        rf"\b{_RECORD_VERB}\s+(?:(?:them|it|both|all)\s+)?(?:(?:as|down\s+as)\s+)?(?:an?\s+)?(?P<x>{spelled})\b", re.I
    )
    for clause in _CLAUSES.split(sentence):
        if not _ALL.search(clause) or _LIMITS.search(clause):
            continue
        if said := recorded_as.search(clause):
            label = known[said.group("x").lower()]
            yield f"recorded {label} (said of every subject)", all(f.recorded == {label} for f in subjects)
        elif _AGREE.search(clause) and all(f.predicted for f in subjects):
            yield "every prediction matches its record", all(f.predicted == f.recorded for f in subjects)
