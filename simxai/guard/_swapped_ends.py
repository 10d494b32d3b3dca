"""A change said with its ends the wrong way round (claims-20): "p(positive) rises from 0.865 to 0.953" when the
what-if moved it from 0.953 to 0.865, "cooling from 19 to 9 hours" for a change from 9 to 19, "0.929, up from
0.867" for a fall from 0.929.

A move is read where its words say which end is the old one: "from A to B", "A → B", "B, up (down) from A",
and since claims-47 "B instead of A" or "B rather than A" in a sentence that supposes the change ("would", "if",
"with", "to get"), unless A is said to be needed ("576 instead of the 768 needed" sets today's value against it).
Its ends are bound to a change of the outputs only when both match the two ends of one change (a class's
probability before and after a what-if; a feature's old and new value), at the precision shown and in percent or
fraction form: the move must not be that change reversed while no change of the outputs reads it the right way
round. Ends that match no change are no claim of this reading.

A change of a categorical column said with its two categories (`category_change_claims`, claims-47, gfa40):
"Launch from the school field instead of the airstrip" of a counterfactual that moves the flight to the meadow,
"had it turned up in the city park instead of the public library" of a what-if from the park to the library,
"switching the site from the estuary to the bay" of a change the other way: a writer gives a categorical change as
its two ends, and a swapped or invented end went unread (only numbers' ends were read).

A pair is read where its words say which end is the new one: "from A to B" and "A → B" (B is new), and "B instead
of A" or "B rather than A" in a sentence that supposes the change ("would", "if", "had", "with", "to get": without
such a cue, "it is sand instead of loam" may set today's value against the one needed). Both ends must be
categories of one column in the host's schema (`Vocabulary.categories`; no truth value, degree or common word), the
outputs must change that column, and the user's words must not hold the pair. The pair must then be one of that
column's changes (old, new) in the outputs; the pair the other way round, or with a category no change gives, is
unsupported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from simxai._number_words import UNITS
from simxai.guard._facts import Facts
from simxai.guard._mentions import compared_name

__all__ = ["category_change_claims", "swapped_end_claims"]

_NUM = r"-?\d+(?:\.\d+)?"
_ABOUT = r"(?:(?:about|around|roughly|some|nearly|almost)\s+)?"
#: Patterns of a move with the old end `a` and the new end `b`.
_MOVES = (
    re.compile(rf"\bfrom\s+{_ABOUT}(?P<a>{_NUM})\s*(?P<pa>%)?\s*(?:to|→|->)\s*{_ABOUT}(?P<b>{_NUM})\s*(?P<pb>%)?"),
    re.compile(rf"(?<![\w.])(?P<a>{_NUM})\s*(?P<pa>%)?\s*(?:→|->)\s*(?P<b>{_NUM})\s*(?P<pb>%)?"),
    re.compile(rf"(?<![\w.])(?P<b>{_NUM})\s*(?P<pb>%)?,?\s+(?:up|down)\s+from\s+{_ABOUT}(?P<a>{_NUM})\s*(?P<pa>%)?"),
)
#: "with a credit score of 768 instead of 576", "if its value were €69 rather than €66" (gfa40): the new end first,
#: its unit may hold a slash ("2.9 mm/m instead of 1.6", claims-54);
#: read only in a sentence that supposes the change (`_SUPPOSED`) and not of a needed value ("instead of the 40
#: needed" sets today's value against the one needed).
_INSTEAD = re.compile(
    rf"(?<![\w.])(?P<b>{_NUM})\s*(?P<pb>%)?(?:\s*(?:°\s?[CF]|[a-zA-Z]{{1,8}}(?:/[a-zA-Z]{{1,4}})?\b(?:\s+old\b)?))?"
    r"(?:\s+(?:a|per|each)\s+[a-z]{3,8}\b)?,?\s+"
    rf"(?:instead\s+of|rather\s+than)\s+(?:the\s+)?[€£$]?{_ABOUT}(?P<a>{_NUM})\s*(?P<pa>%)?"
    r"(?![\d.]\d|\s*(?:\w+\s+)?(?:needed|required|it needs|that is needed)\b)",
    re.I,
)
_SUPPOSED = re.compile(
    r"\b(?:would|if|were|had|could|with|without|to\s+(?:get|be|make|turn|tip|flip|reach|come)|takes?|"
    r"needs?|it'd|then)\b|'d\b",
    re.I,
)


#: Counts said in words, and how often: "six instead of seven", "twice a week instead of once" (claims-48).
_COUNT_WORDS = {**{w: n for w, n in UNITS.items() if 1 <= n <= 20}, "once": 1, "twice": 2, "thrice": 3}
_COUNT_WORD = re.compile(rf"\b(?:{'|'.join(sorted(_COUNT_WORDS, key=len, reverse=True))})\b", re.I)


def _in_digits(sentence: str) -> str:
    """`sentence` with its counts in words as digits, so "four cracks instead of two" reads as "4 ... 2"."""
    return _COUNT_WORD.sub(lambda m: str(_COUNT_WORDS[m.group(0).lower()]), sentence)


def swapped_end_claims(sentence: str, facts: Facts) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each move of `sentence` whose ends match the two ends of a change of the outputs, and
    (claims-48) for each move of a feature's value whose old end is that value today and whose new end lies on
    the side the outputs' changes of it do not go ("8 → 6" of a change from 8 to 10).

    Args:
        sentence: one sentence of the reply.
        facts: the outputs' facts (a what-if's probabilities before and after; changes' old and new values).
    """
    pairs = list(_pairs(facts))
    if not pairs:
        return
    seen: set[int] = set()
    supposed = _SUPPOSED.search(sentence) is not None
    readings = [(p, sentence) for p in _MOVES] + ([(_INSTEAD, _in_digits(sentence))] if supposed else [])
    for pattern, text in readings:
        for m in pattern.finditer(text):
            if m.start() in seen or m.group("a") == m.group("b"):
                continue
            seen.add(m.start())
            a = (m.group("a"), bool(m.group("pa") or m.group("pb")))
            b = (m.group("b"), bool(m.group("pb") or m.group("pa")))
            forward = any(_near(a, old) and _near(b, new) for old, new in pairs)
            backward = any(_near(a, new) and _near(b, old) for old, new in pairs)
            if forward or backward:
                yield f"move from {a[0]} to {b[0]}", forward
            elif (way := _wrong_way(a, b, facts)) is not None:
                yield f"change {way} from {a[0]} to {b[0]}", False


def _wrong_way(a: tuple[str, bool], b: tuple[str, bool], facts: Facts) -> str | None:
    """The feature a move from `a` to `b` is of when it goes the way none of that feature's changes goes: `a` is
    the old value of a change of the outputs (and no class's probability, no change's new value), and every change
    from that value goes the other way. A new end that goes the right way but is none of the changes' is a drifted
    number, not read here.
    """
    if a[1] or b[1]:
        return None  # a percentage is a class's share or a feature's in percent: which one is a guess
    up = float(b[0]) > float(a[0])
    shares = {x for numbers in facts.label_numbers.values() for x in numbers}
    if any(_near(a, x) for x in shares):
        return None
    numeric = {
        feature: [(float(o), float(n)) for o, n in moves if isinstance(o, int | float) and isinstance(n, int | float)]
        for feature, moves in facts.changes.items()
    }
    if any(_near(a, n) for moves in numeric.values() for _, n in moves):
        return None
    from_a = [(feature, o, n) for feature, moves in numeric.items() for o, n in moves if _near(a, o) and o != n]
    if not from_a or any((n > o) == up for _, o, n in from_a):
        return None
    features = {feature for feature, _, _ in from_a}
    return next(iter(features)) if len(features) == 1 else None


def _pairs(facts: Facts) -> Iterable[tuple[float, float]]:
    """(old, new) of each change the outputs state: a class's probability around a what-if, a feature's value."""
    if facts.what_if:
        for label, before in facts.before_numbers.items():
            for old in before:
                for new in facts.after_numbers.get(label, set()):
                    if old != new:
                        yield old, new
    for changes in facts.changes.values():
        for old, new in changes:
            if isinstance(old, int | float) and isinstance(new, int | float) and old != new:
                yield float(old), float(new)


def _near(said: tuple[str, bool], value: float) -> bool:
    """Whether the number as written (and whether in percent) is `value` at the precision it shows."""
    text, percent = said
    x = float(text)
    step = 10.0 ** -(len(text.split(".")[1]) if "." in text else 0)
    forms = [value * 100] if percent else [value, value * 100] if abs(value) <= 1 < abs(x) else [value]
    return any(abs(x - f) <= step / 2 + 1e-9 for f in forms)


#: Categories that say no kind of thing: truth values, empty values and degrees.
_NO_CATEGORY = frozenset("true false yes no none null nan unknown missing other high low medium mid any all".split())
_LEAD = r"(?:(?:the|a|an|its|their)\s+)?"


def category_change_claims(
    sentence: str,
    changes: Mapping[str, Sequence[tuple[Any, Any]]],
    categories: Mapping[str, Sequence[str]],
    context: str = "",
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each categorical change `sentence` gives by its two ends.

    Args:
        sentence: one sentence of the reply.
        changes: feature (lower case) -> its (old, new) values in the outputs' what-ifs and counterfactuals.
        categories: each categorical feature's categories, from the host's schema.
        context: the user's own words.
    """
    if not changes or not categories or sentence.rstrip().endswith("?"):
        return
    text, heard = compared_name(sentence), compared_name(context)
    supposed = _SUPPOSED.search(text) is not None
    for feature, kinds in categories.items():
        pairs = changes.get(feature.lower())
        if not pairs:
            continue
        said = sorted({compared_name(k) for k in kinds if len(k) > 2 and compared_name(k) not in _NO_CATEGORY}, key=len)
        if len(said) < 2:
            continue
        one = "|".join(re.escape(k) for k in reversed(said))
        cat = rf"(?<![\w])(?:{one})(?![\w])"
        forms = [
            (re.compile(rf"\bfrom\s+{_LEAD}(?P<old>{cat})\s+to\s+{_LEAD}(?P<new>{cat})"), True),
            (re.compile(rf"(?P<old>{cat})\s*(?:→|->|=>)\s*(?P<new>{cat})"), True),
            (
                re.compile(rf"(?P<new>{cat})(?:\s+\w+)?\s+(?:instead\s+of|rather\s+than)\s+{_LEAD}(?P<old>{cat})"),
                supposed,
            ),
        ]
        known = {(compared_name(str(old)), compared_name(str(new))) for old, new in pairs}
        for pattern, read in forms:
            for m in pattern.finditer(text) if read else ():
                old, new = m.group("old"), m.group("new")
                if old == new or (old in heard and new in heard):
                    continue
                yield f"change {feature.lower()} from {old} to {new}", (old, new) in known
