"""Two classes' shares said as a score, and a share said per hundred (claims-23).

- "A to B" whose two numbers make up the whole (100, or 1 for fractions) and that stands on its own ("Stable,
  79 to 21.", "edges ahead, 0.52 to 0.48", "fifty-six to forty-four, ...") is a split of the probability
  between two classes, as "79 % to 21 %" is: the first number is the class named before it, the second the other
  class's. It was read as a range that any value between its ends satisfies, so a swapped split passed and a
  split after a change was bound to a feature named earlier.
- A class followed by a number with decimals in (1, 100) and no sign ("Scrubbed at 44.6.", "REJECTED 88.6 | approved
  11.4") is that class's share in percent (it was a number of no field, compared with every number of the outputs).
- "N in 100" ("about 7 in 100", "93 chances in a hundred") with nothing after it is the share N %, bound to the
  class like any probability (it was compared with every number of the outputs).

A range keeps its reading: the pair must follow a mark or a verb of winning, with no "from", "between", "now",
"range" or "aged" before it in its sentence, and nothing but a mark or a preposition after it.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence

from simxai.guard._prefilter import gated

__all__ = ["clock_times", "spoken_splits"]

_NUM = r"\d{1,2}(?:\.\d+)?|0?\.\d+|100"
#: A pair that stands on its own: after a mark or a verb of winning, before a mark or a preposition.
_PAIR = gated(
    rf"(?P<lead>(?:^|[,:(]|\s-|\b(?:wins|won|leads|led|ahead|it|by|at))\s+)(?:(?:about|roughly|around)\s+)?"
    rf"(?P<a>{_NUM})\s+to\s+(?P<b>{_NUM})(?=\s*(?:[,.;!)]|$|\s+(?:for|in|on|against|with)\b))",
    re.I | re.M,
)
#: Words in the sentence before a pair that make it a range of values.
_RANGED = re.compile(
    r"\b(?:from|between|now|range[sd]?|ranging|aged|ages|anywhere|spans?|runs?|goes|went|varies|limits?|bounds?)\b",
    re.I,
)
#: Words of a statistic of a column, whose numbers after a class are the class's statistic.
_STATISTIC = re.compile(
    r"\b(?:mean|means|average[sd]?|averaging|median|sd|std|min|max|range|spread|by (?:label|class|verdict|outcome))\b",
    re.I,
)
#: Words a contribution's direction is said with: the number after "towards <class>," is the contribution's size.
_TOWARDS = re.compile(r"\b(?:towards?|away\s+from|against|favou?r(?:s|ing)?)\s+$", re.I)
_PER_HUNDRED = re.compile(
    r"(?<![\w.])(?P<n>\d{1,2}(?:\.\d)?)\s+(?:chances?\s+)?in\s+(?:a\s+|every\s+)?(?:100|hundred)(?!\.?\d|\w|\s*[\w%])",
    re.I,
)


#: Where a sentence ends: a stop before a space or the end (not a decimal point), or a line break.
_END = re.compile(r"[.!?](?=\s|$)|\n")


def _sentence_start(marks: list[int], at: int) -> int:
    """The offset of the mark ending the sentence before `at` (-1 when none), of a text's sorted `marks`."""
    i = bisect_left(marks, at)
    return marks[i - 1] if i else -1


def _sentence_end(marks: list[int], at: int, length: int) -> int:
    """The offset of the mark ending the sentence at `at` (the text's `length` when none)."""
    i = bisect_left(marks, at)
    return marks[i] if i < len(marks) else length


def _whole(a: str, b: str) -> float | None:
    """100 when `a` and `b` are percentages making up the whole, 1 when they are fractions that do; else None."""
    x, y = float(a), float(b)
    if x <= 0 or y <= 0:
        return None
    decimals = max(len(s.partition(".")[2]) for s in (a, b))
    tolerance = 1.01 * 10.0**-decimals
    fractions = x < 1 and y < 1 and "." in a and "." in b
    whole = 1.0 if fractions else 100.0
    return whole if abs(x + y - whole) <= tolerance else None


def _percent(number: str, whole: float) -> str:
    if whole == 100.0:
        return f"{number} %"
    decimals = max(0, len(number.partition(".")[2]) - 2)
    return f"{float(number) * 100:.{decimals}f} %"


def spoken_splits(text: str, labels: Sequence[str]) -> str:
    """`text` with each two-class split said as a score written as two percentages, and each "N in 100" as N %.

    A split is read only after exactly one of the `labels` named before it in its sentence, the class its first
    number is of ("stable, 79 to 21"); after two ("stable leads progressing, 78.6 to 21.4") or none ("56 to 44,
    negative takes it") which class each number is of is not said where the guard binds it, and it stays as it was.
    """
    named = [re.compile(r"\b" + re.escape(label).replace("_", "[ _]") + r"\b", re.I) for label in labels]

    marks = [m.start() for m in _END.finditer(text)]

    def split(m: re.Match[str]) -> str:
        whole = _whole(m.group("a"), m.group("b"))
        start = _sentence_start(marks, m.start())
        if whole is None or _RANGED.search(text, start + 1, m.start("a")):
            return m.group(0)
        if sum(1 for label in named if label.search(text, start + 1, m.start("a"))) != 1:
            return m.group(0)
        said = m.group(0)[: m.start("a") - m.start()]
        return f"{said}{_percent(m.group('a'), whole)} to {_percent(m.group('b'), whole)}"

    text = _PAIR.sub(split, text)
    text = _PER_HUNDRED.sub(lambda m: f"{m.group('n')} %", text)
    if not labels:
        return text
    # "Scrubbed at 44.6.", "REJECTED 88.6 | approved 11.4": a class's share in percent without its sign.
    said = "|".join(re.escape(label).replace("_", "[ _]") for label in sorted(labels, key=len, reverse=True))
    bare = re.compile(
        rf"\b(?P<label>{said})(?P<gap>\s+at\s+|\s*[,:]\s*|\s+-\s+|\s+)(?P<n>[1-9]\d?\.\d{{1,2}})"
        r"(?=\s*(?:[,.;!)|]|$|\s+(?:and|but|for|on|sure|confidence|confident)\b))(?![\d%]|\s*%)",
        re.I | re.M,
    )

    marks = [m.start() for m in _END.finditer(text)]

    def share(m: re.Match[str]) -> str:
        sentence = (_sentence_start(marks, m.start()) + 1, _sentence_end(marks, m.end(), len(text)))
        if _STATISTIC.search(text, *sentence):
            return m.group(0)  # "by label: stable 87.9, progressing 94.6": each class's mean, not its share
        if _TOWARDS.search(text[max(0, m.start() - 24) : m.start()]):
            return m.group(0)  # "(pushes towards progressing, 1.3)": a contribution to the class, not its share
        return f"{m.group('label')}{m.group('gap')}{m.group('n')} %"

    return bare.sub(share, text)


#: A subtitle's or log's time stamp: "[00:02:40]", "[12:05]", "00:02:40" (three parts).
#: Since claims-25 also a clock time closing a bracket or said with its zone or half of the day ("[Voicemail,
#: 09:12]", "at 9:15 am") and a calendar date ("2026-12-04"): no value of any output either.
_CLOCK = re.compile(
    r"\[\s*\d{1,2}:[0-5]\d(?::[0-5]\d)?(?:[.,]\d+)?\s*\]|(?<![\w:.])\d{1,2}:[0-5]\d:[0-5]\d(?![\w:]|\.\d)"
    r"|(?<![\w:.])\d{1,2}:[0-5]\d(?=\s*\]|\s*(?:am|pm|a\.m\.|p\.m\.|utc|gmt)\b)"
    r"|(?<![\w.-])(?:19|20)\d\d-[01]\d-[0-3]\d(?![\w-]|\.\d)",
    re.I,
)


def clock_times(text: str) -> str:
    """`text` with its time stamps blanked (kept as spaces, so every other position stays): "[00:02:40] Lower the
    glucose ..." states no number 40, where each part was read as a value of the outputs.
    """
    return _CLOCK.sub(lambda m: " " * len(m.group(0)), text)
