"""Two subjects' records said as a pair in a sentence that names neither (claims-56, gfa49).

"Neither call is sure: 501 leans A, 502 leans B. The records say C and D respectively", "The model gets both wrong:
the logs recorded C and D". The pair is each subject's record in the order the reply named the subjects, but no
subject is named in its sentence, so each class was bound to the subject named last and the first subject's record
was flagged as the second's.

Read only on a reply about two subjects that each have a record in the outputs, in a sentence that names no id of
theirs: a cue of a record (`_cues.RECORDED`, which "the survey says X" reaches as "recorded X" through
`_party_verbs`), then two classes joined by "and" (and "respectively", or nothing after them but the sentence's
end). With both subjects named earlier in the reply the pair is checked in their order ("records in order"); the
two classes swapped are flagged. With an order the reply does not give, it is listed as unchecked. Either way the
two classes are blanked for the other readings, which would bind both to one subject.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.guard._cues import RECORDED
from simxai.guard._facts import Facts

__all__ = ["record_pairs"]

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")
#: "... C and D respectively", "... C and D." (up to the sentence's end).
_PAIR_END = r"\s*(?:,?\s*respectively\b[^.!?\n]*|\s*[.!]?\s*$)"


def record_pairs(text: str, facts: Sequence[Facts], labels: Sequence[str]) -> tuple[str, list[tuple[str, bool | None]]]:
    """`text` with each pair of records said of two unnamed subjects blanked, and the claims they make (holds, or
    None when the reply gives no order of the subjects).
    """
    subjects = {f.subject_id: f.recorded for f in facts if f.subject_id is not None and f.recorded}
    if len(subjects) != 2 or not labels:
        return text, []
    said = "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True))
    pair = re.compile(rf"\b(?P<x>{said})\s*,?\s+and\s+(?P<y>{said}){_PAIR_END}", re.I)
    ids = [str(i) for i in subjects]
    claims: list[tuple[str, bool | None]] = []
    out = text
    for sentence in _SENTENCE.finditer(text):
        body = sentence.group(0)
        if any(re.search(rf"(?<![\d.]){i}(?!\d)", body) for i in ids):
            continue
        m = pair.search(body)
        if m is None or not RECORDED.search(body[max(0, m.start() - 40) : m.start()]):
            continue
        x, y = m.group("x").lower(), m.group("y").lower()
        before = text[: sentence.start()]
        seen = {i: s.start() for i in ids if (s := re.search(rf"(?<![\d.]){i}(?!\d)", before))}
        if len(seen) == 2:
            first, second = sorted(seen, key=seen.__getitem__)
            holds = x in _lower(subjects[int(first)]) and y in _lower(subjects[int(second)])
            claims.append((f"records in order: {first} {x}, {second} {y}", holds))
        else:
            claims.append((f"records {x} and {y} (no order of the subjects said, not compared)", None))
        at = sentence.start()
        for g in ("x", "y"):
            out = out[: at + m.start(g)] + " " * (m.end(g) - m.start(g)) + out[at + m.end(g) :]
    return out, claims


def _lower(recorded: set[str]) -> set[str]:
    return {r.lower() for r in recorded}
