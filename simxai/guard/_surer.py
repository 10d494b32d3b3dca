"""Which of two subjects the model is surer about (claims-27).

A reply about two subjects compares how sure the model is of each: "77 is the weaker approval, about eight points
behind 560", "of the two, 207 is the far more certain call", "the model is less sure of 42 than of 1203". Each
subject's sureness is its predicted class's probability; the subject named before the comparison must have the
higher one ("surer", "more certain", "firmer") or the lower one ("weaker", "less sure", "closer call"). Read only
when the outputs give exactly two subjects, each with one predicted class and its probability, and the sentence
names the subject by its id before the comparison; a denied or asked comparison is no claim. Since claims-33 also
the subject named right after it and set against the other by "than": "less sure about 12 than about 150", "more
confident on 104950 than on 105010", "less confident in losing 41 than in keeping 17" (g20, g23, g24); since
claims-34 the subject right after it when no "than" follows, the other being the outputs' other subject: "of the
two, the model is more confident about 402", "a little surer on 115521" (g24, g25); since claims-42 the subject
called by its predicted class when the two are predicted different classes: "the premium call is the surer".
Since claims-46 the class also by its noun ("the rejection is the surer call" of rejected), the subject also by a
value of its own that the other does not share ("the 35-year-old is the surer of the two", "the goat wheel's call",
a word value of a column), and "with more / less confidence" is a comparison too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._facts import Facts

__all__ = ["surer_claims"]

_SURER = re.compile(
    r"\b(?:surer|firmer|safer|clearer|more\s+(?:certain|confident|confidence|sure|firmly|surely|clear-?cut|decisive(?:ly)?|"
    r"secure)|"
    r"less\s+(?:borderline|marginal|close)|(?:the\s+)?stronger\s+(?:\w+\s+)?(?:call|approval|rejection|prediction|case|one))\b",
    re.I,
)
_LESS_SURE = re.compile(
    r"\b(?:shakier|less\s+(?:certain|confident|confidence|sure|firmly|surely|clear-?cut|decisive(?:ly)?|secure)|"
    r"more\s+(?:borderline|marginal)|closer\s+call|(?:the\s+)?weaker\s+(?:\w+\s+)?(?:call|approval|rejection|prediction|case|one))\b",
    re.I,
)
#: "the first is the surer call", "the latter ...": which subject is meant is said by its place, not read.
_ORDINAL = re.compile(r"\b(?:first|second|former|latter|other)\b", re.I)
#: The subject right after the comparison, then "than" and the other: "about 12 than about 150".
_AFTER = re.compile(
    r"^\s+(?:about|of|on|in|for|with|over)\s+(?:[a-z]+\s+){0,2}?#?(\d{1,12})\b[^.;:]{0,30}?\bthan\b"
    r"[^.;:]{0,30}?(?<![\d.,])(\d{1,12})\b",
    re.I,
)
#: The subject right after the comparison and no "than": "the model is a touch surer about 115433." (claims-34)
_ALONE = re.compile(
    r"^\s+(?:about|of|on|in|for|with|over)\s+(?:[a-z]+\s+){0,2}?#?(\d{1,12})\b(?![.,]\d)(?![^.;:]{0,40}\bthan\b)", re.I
)
_DENIED = re.compile(r"\b(?:not|never|no|isn't|wasn't|aren't|nor)\b[^.;:]{0,20}$", re.I)


def _sureness(facts: Sequence[Facts]) -> dict[int, float]:
    """Each subject's predicted class's probability, when it has exactly one of each."""
    out: dict[int, float] = {}
    for f in facts:
        if f.subject_id is None or len(f.predicted) != 1:
            continue
        shares = {x for x in f.label_numbers.get(next(iter(f.predicted)), set()) if 0 <= x <= 1}
        if len(shares) == 1:
            out[f.subject_id] = next(iter(shares))
    return out


def _by_class(
    before: str, facts: Sequence[Facts], sure: dict[int, float], forms: Mapping[str, str] | None = None
) -> int | None:
    """The subject whose predicted class `before` names last ("the premium call is the surer"), by the class's
    name or one of its noun forms (`forms`: "rejection" of rejected), when the two subjects are predicted
    different classes.
    """
    classes = {f.subject_id: next(iter(f.predicted)) for f in facts if f.subject_id in sure and len(f.predicted) == 1}
    if len(set(classes.values())) != 2:
        return None
    spellings = {label.lower(): label for label in classes.values()}
    spellings |= {form.lower(): label for form, label in (forms or {}).items() if label in spellings.values()}
    whose = {label: subject for subject, label in classes.items()}
    said = [
        (m.start(), whose[label])
        for spelled, label in spellings.items()
        for m in re.finditer(rf"(?<![\w-]){re.escape(spelled)}(?![\w-])", before, re.I)
    ]
    return max(said)[1] if said else None


#: A number said as a subject's attribute ("the 35-year-old", "the 268-kilo bell", "the 10 kg one").
_ATTRIBUTE = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)(?:-[a-z]+|\s+[a-z]{1,3}\b)")


def _by_value(before: str, facts: Sequence[Facts], sure: dict[int, float]) -> int | None:
    """The subject that `before` calls by a value only it holds: a number of one of its features said as an
    attribute ("the 35-year-old") or a word value of one of its columns ("the goat wheel's call").
    """
    own: dict[int, tuple[set[float], set[str]]] = {}
    for f in facts:
        if f.subject_id in sure:
            numbers = {n for key, values in f.feature_numbers.items() for n in values}
            values = [v.lower().replace("-", " ") for v in f.categories.values() if len(v) > 2]
            # a value or one long word of it ("the park item" of "city park")
            words = {*values, *(w for v in values for w in v.split() if len(w) > 3)}
            own[f.subject_id] = (numbers, words)
    if len(own) != 2:
        return None
    (a, (na, wa)), (b, (nb, wb)) = own.items()
    text = before.lower().replace("-", " ")
    said: list[tuple[int, int]] = []
    for m in _ATTRIBUTE.finditer(before):
        n = float(m.group(1))
        if (n in na) != (n in nb):
            said.append((m.start(), a if n in na else b))
    for word in wa ^ wb:
        for m in re.finditer(rf"(?<![\w]){re.escape(word)}(?![\w])", text):
            said.append((m.start(), a if word in wa else b))
    return max(said)[1] if said else None


def surer_claims(
    sentence: str, facts: Sequence[Facts], forms: Mapping[str, str] | None = None
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each comparison of sureness the sentence makes of one of two subjects."""
    sure = _sureness(facts)
    ids = {f.subject_id for f in facts if f.subject_id is not None}
    if len(sure) != 2 or len(ids) != 2 or sentence.rstrip().endswith("?"):
        return
    (a, pa), (b, pb) = sure.items()
    if abs(pa - pb) < 0.005:
        return
    for pattern, higher in ((_SURER, True), (_LESS_SURE, False)):
        for m in pattern.finditer(sentence):
            before = re.split(r"[;:]|\s-\s", sentence[: m.start()])[-1]  # the comparison's own clause
            if _DENIED.search(before) or _ORDINAL.search(before):
                continue
            named = [
                (x.start(), int(x.group(1)))
                for x in re.finditer(r"(?<![\d.,])(\d{1,12})(?![\d]|[.,]\d)", before)
                if int(x.group(1)) in sure
            ]
            after = _AFTER.match(sentence[m.end() :])
            alone = _ALONE.match(sentence[m.end() :]) if after is None else None
            if not named and after is not None and {int(after.group(1)), int(after.group(2))} == set(sure):
                subject = int(after.group(1))
            elif not named and alone is not None and int(alone.group(1)) in sure:
                subject = int(alone.group(1))  # "the model is surer about 512": of the two, claims-34
            elif not named and (called := _by_class(before, facts, sure, forms)) is not None:
                subject = called  # "the standard call is the surer": the subject predicted standard
            elif not named and (called := _by_value(before, facts, sure)) is not None:
                subject = called  # "the 35-year-old is the surer": the subject 35 years old (claims-46)
            elif not named or re.search(r"\b(?:than|of|about)\s+(?:\w+\s+)?$", before[: named[-1][0]]):
                continue
            else:
                subject = named[-1][1]
            other = b if subject == a else a
            yield (
                f"surer {'than' if higher else 'less than'} {other}: {subject}",
                (sure[subject] > sure[other]) == higher,
            )
