"""How surely a feature's number is bound to that feature: the grain of its mechanism.

The guard checks a number against the field of the name it binds it to: for a feature, the name nearest before it
in its clause or sentence (or right after it). The binding is close when nothing that could own the number stands
between the name and it: no other feature, no other number (but the first end of a pair it closes: "bmi from 23.7
to 27.3", "18 up to 27.2", a table row's "now 23.7 and needed 27.3"), no clause break (a semicolon, a new line),
no other word whose bracket holds the number ("age (−0.152) and the lorries (−0.112)"),
and at most `CLOSE_WORDS` words ("hdl = 62", "bmi of 32.1", "triglycerides_log matters most, with a mean |SHAP|
of 0.585", "'was' pushes towards positive (0.312)"). Otherwise the number is only the nearest to the name, and the
field it is of is a guess: "the income is low at 12, while the requested amount is fairly large at 169" (169 is
the loan amount, a feature the reply names in words the host does not know); "credit score of 741, which adds
about 26 points; the loan being for a home adds about 5 more" (5 is the purpose's push).

A number bound by its unit ("36.7 mm" on a host whose one `*_mm` feature it is, "a 47-year-old") is as close as a
name beside it. A loose binding decides nothing when the outputs hold the number under another field: whether the
reply is wrong then depends only on which field the number is of, which the guard guessed. Such a claim is recorded
under its own mechanism (`LOOSE`), and the guard flags by it only with `every_mechanism` (`_trust`): otherwise it
is listed as unchecked ("Flagged only when the binding is sure" in `docs/guard.md` measures what that costs and
gains). A loosely bound number that no field of the outputs holds is wrong under any binding and keeps its
mechanism.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from simxai.guard._attributes import attribute_names, said_as_attribute
from simxai.guard._own_subject import other_owner
from simxai.guard._plain import said_as_age
from simxai.guard._reading import NumberClaim, find_mentions, fits
from simxai.guard._units import unit_feature

if TYPE_CHECKING:
    from simxai.guard._state import _Names

__all__ = [
    "CLOSE_WORDS",
    "LOOSE",
    "PAIR_WORDS",
    "close_binding",
    "defaulted_share",
    "names_a_class",
    "number_doubt",
    "number_mechanism",
]

#: The mechanism's suffix for a loosely bound number that another field of the outputs holds.
LOOSE = ", loosely bound, another field's number"
#: How many words may stand between a feature's name and its number for the binding to be close.
CLOSE_WORDS = 12
#: A number as written (not a digit inside a word such as "HbA1c").
_NUMBER = re.compile(r"(?<![\w.])[-+−]?\d+(?:[.,]\d+)*%?(?!\w)")
#: How many words may join the two ends of a pair whose second end is the first's field: "from 23.7 to 27.3",
#: "18 up to 27.2", a table row's cells "bmi and now 23.7 and needed 27.3".
PAIR_WORDS = 3
#: The first end of a change said "from A to", right before its second end.
_FROM_TO = re.compile(
    r"\bfrom\s+[-+−]?\d+(?:[.,]\d+)*\s*%?\s*(?:to|→|->|–|-)\s*(?:about\s+|around\s+|roughly\s+)?$", re.I
)
#: A number written in thousands or millions ("81.7k", "2.4m", "1.2 bn"): a quantity said in its own scale, which
#: the feature named before need not be measured in.
_SCALED = re.compile(r"(?:k|K|m|M|bn|mn)\b")
#: A clause break: a semicolon, a new line, a sentence's end, a ticker's bar before a name ("A +0.4 ▲ | B −0.1"; a
#: table's "| bmi | 23.7 |" has a number after its bar).
_BREAK = re.compile(r"[;!?\n]|\.(?:\s|$)|\s[|│¦]\s+(?=[^\W\d_])")
_WORD = re.compile(r"[^\W\d_]+")
#: A word right before the bracket that holds the number: the number is that word's.
_GLOSSED_NOUN = re.compile(r"[^\W\d_]{3,}\s*\(\s*[-+−]?$")


def _close_gap(gap: str) -> bool:
    """Whether `gap`, the text between a feature's name and a number, keeps them close: no clause break, at most
    `CLOSE_WORDS` words, and no number but the first end of a pair the number closes (at most `PAIR_WORDS` words
    after it); the number that closes "from A to B" is as close as A ("raise bmi by 15 %, from 23.7 to 27.3").
    """
    pair = _FROM_TO.search(gap)
    if pair is not None:
        gap = gap[: pair.start()]  # the second end of "from A to B" is bound as surely as A
    numbers = list(_NUMBER.finditer(gap))
    if len(numbers) > 1 or (numbers and len(_WORD.findall(gap[numbers[0].end() :])) > PAIR_WORDS):
        return False
    if numbers and _GLOSSED_NOUN.search(gap[numbers[0].end() :]):
        return False  # "age (−0.152) and the lorries (−0.112)": the second number is the lorries', in brackets
    return not _BREAK.search(gap) and len(_WORD.findall(gap)) <= CLOSE_WORDS


def _after_another(names: _Names, before: str) -> bool:
    """Whether the last feature named in `before` has a number of its own: one between it and the end of `before`
    ("credit score 838, asking "), or one right before it ("€31.9k income, asking ").
    """
    ahead = find_mentions(before, names.features, quoted_only=names.quoted_only)
    if not ahead:
        return False
    last = max(ahead, key=lambda m: m.end)
    return _NUMBER.search(before[last.end :]) is not None or _OWN_BEFORE.search(before[: last.start]) is not None


#: A number right before a name, its own: "€31.9k income", "12 % tin".
_OWN_BEFORE = re.compile(r"\d(?:k|K|m|M|%)?\s*$")


def close_binding(names: _Names, wanted: set[str], before: str, after: str) -> bool:
    """Whether one of the features `wanted` (lower case) stands close to the number: the last feature named before
    it (`before`: the sentence up to the number) or the first named after it (`after`: the rest of the sentence),
    with a close gap (`_close_gap`; after the number, no number at all).
    """
    ahead = find_mentions(before, names.features, quoted_only=names.quoted_only)
    if ahead:
        last = max(ahead, key=lambda m: m.end)
        if names.feature(last) in wanted and _close_gap(before[last.end :]):
            return True
    behind = find_mentions(after[:80], names.features, quoted_only=names.quoted_only)
    if behind:
        first = min(behind, key=lambda m: m.start)
        gap = after[: first.start]
        if names.feature(first) in wanted and not _NUMBER.search(gap) and _close_gap(gap):
            return True
    return False


def _owned_elsewhere(names: _Names, wanted: set[str], before: str, segment_before: str, signed: bool = False) -> bool:
    """Whether a number bound to a feature of `wanted` named before its segment may be another thing's
    (`_own_subject.other_owner`); `before` is the sentence up to the number, `segment_before` its segment's part;
    `signed`, whether the number is written with its sign.
    """
    ahead = find_mentions(before, names.features, quoted_only=names.quoted_only)
    ahead = [m for m in ahead if names.feature(m) in wanted]
    if not ahead:
        return False
    last = max(ahead, key=lambda m: m.end)
    return other_owner(segment_before, before[: last.start], names.feature(last), names.labels, signed)


def number_mechanism(
    names: _Names,
    entities: list[tuple[str, str, int]],
    borrowed: bool,
    sentence: str,
    at: int,
    claim: NumberClaim,
    numbers: set[float],
) -> str:
    """The mechanism of `claim`, a number the outputs do not support as the fields `entities` name: the kinds of
    field, whether the name is before the number's segment, and, for a feature's number, whether the binding is
    loose while another field of the outputs holds it (one of `numbers`, all the outputs' numbers). `at` is where
    the number's segment starts in `sentence` (the claim's positions are the segment's).
    """
    kinds = "/".join(sorted({k for k, _, _ in entities}))
    via = f"number of a {kinds}" + (" named before its segment" if borrowed else "")
    if kinds != "feature" or not fits(claim, numbers):
        return via
    wanted = {name.lower() for _, name, _ in entities}
    before, after = sentence[: max(0, at + claim.start)], sentence[max(0, at + claim.end) :]
    unit = unit_feature(after, set(names.features.values()))
    if (unit is not None and unit[0].lower() in wanted) or ("age" in wanted and said_as_age(before, after)):
        return via  # bound by its unit ("36.7 mm", "a 47-year-old"): as sure as a name beside it
    attribute = said_as_attribute(after)
    if attribute is not None and not attribute_names(*attribute, [*wanted, *_spellings(names, wanted)]):
        return via + LOOSE  # "the 157-year-old sheet with three mould spots": the number is the sheet's (claims-49)
    if _SCALED.match(after) and _after_another(names, before):
        return via + LOOSE  # "credit score 838, asking 81.7k": in thousands, of whatever field holds it (claims-46)
    segment_before, signed = sentence[max(0, at) : max(0, at + claim.start)], claim.raw[:1] in "+-−"
    if borrowed and _owned_elsewhere(names, wanted, before, segment_before, signed):
        return via + LOOSE  # "the ramp under 148", "Lorries, 23 % of the traffic, added 0.111" (claims-19)
    return via if close_binding(names, wanted, before, after) else via + LOOSE


def _spellings(names: _Names, wanted: set[str]) -> list[str]:
    """How the reply's host spells the features of `wanted` (their names and aliases)."""
    return [spelled for spelled, feature in names.features.items() if feature in wanted]


def number_doubt(
    names: _Names, entities: list[tuple[str, str, int]], sentence: str, at: int, claim: NumberClaim
) -> str:
    """Why a feature's number is not bound surely to its feature, or "" (claims-30, policy A of `_sure`): the
    feature is named in the number's segment but not beside it (`close_binding`) nor by its unit.
    """
    if {k for k, _, _ in entities} != {"feature"}:
        return ""
    wanted = {name.lower() for _, name, _ in entities}
    before, after = sentence[: max(0, at + claim.start)], sentence[max(0, at + claim.end) :]
    unit = unit_feature(after, set(names.features.values()))
    if (unit is not None and unit[0].lower() in wanted) or ("age" in wanted and said_as_age(before, after)):
        return ""
    return "" if close_binding(names, wanted, before, after) else "the number is not beside its feature's name"


def defaulted_share(claim: NumberClaim, label_numbers: dict[str, set[float]], bound: set[str]) -> str:
    """Why a share bound to the predicted class only because its sentence names no class is not compared, or "":
    when another class of the outputs has that probability, the reply may mean that class in words the guard does
    not read as a class ("a 3.5 % chance of being unfit", "the chance of turning back"), and which class it meant is
    the guess (claims-28: such bindings flagged faithful replies of g15-g21 on their first runs).
    """
    others = {n for label, ns in label_numbers.items() if label not in bound for n in ns}
    if others and fits(claim, others):
        return "bound to the predicted class only because its sentence names no class; another class's probability"
    return ""


def names_a_class(reply: str, labels: Iterable[str]) -> bool:
    """Whether a word of `reply` starts as a class's first word does, less its last two letters ("rejects" of
    rejected, "stay" of stays, "fit" of fit_to_travel): the reply may name a class in a form the readers miss.
    """
    stems = {w[: max(3, len(w) - 2)] for w in (re.split(r"[\W_]+", x.lower())[0] for x in labels) if w}
    return any(re.search(rf"\b{re.escape(stem)}", reply, re.I) for stem in stems)
