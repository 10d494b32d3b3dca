"""Numbers spelled in words, written in digits (claims-13o): "about twenty-two percent" reads "about 22 percent",
"seventy-two millimetres against fifty-two" reads "72 millimetres against 52", "four hundred staff" reads "400
staff", and a number said the way ids and prices are spoken, its hundreds before its tens, reads as one number
("thirteen twenty-one" is 1321, "five-eighty-six" 586). Only what is surely a number is rewritten: a tens word
(twenty ... ninety, with its unit), a number of hundreds, and any number word before "percent"; "one", "two", ...
alone are as often pronouns or small counts ("this one", "the two classes") and stay words.

Decimals and halves said in words (claims-21): a number, or "zero", then "point" and its digits one word each
("ninety-one point seven per cent" is 91.7 per cent, "zero point nine" 0.9), a number "and a half" ("eighty-seven and
a half per cent" is 87.5), and "the hundred and twenty" (120, as "a hundred and twenty" was): each was read as the
number after "point" or "and" alone (7 %, 20), a false alarm.

Since claims-39: a decimal said from its point ("accuracy point seven three" is 0.73, "minus point oh two" −0.02;
g15, g17, g18, g30), a number of hundreds before a teen ("five twelve" is 512, "six-ten" 610; g9, g15, g30), and a
count from three to nineteen before "of" and a number ("twelve of eighty-nine" is 12 of 89; g13, g30). Since
claims-41, odds against "one" ("about thirty-two to one" is 32 to 1; g29, g31).
"""

from __future__ import annotations

import re

from simxai._spoken import TENS, UNITS
from simxai.guard._prefilter import gated

__all__ = ["spelled_numbers"]

# The number words are `_spoken`'s (the one table of them); "zero" alone is as often a word as one.
_UNITS = {w: n for w, n in UNITS.items() if n > 0}
_TENS = TENS
_UNIT = "|".join(sorted(_UNITS, key=len, reverse=True))
_TEN = "|".join(_TENS)
_SMALL = rf"(?:(?:{_TEN})(?:[- ](?:{_UNIT}))?|{_UNIT})"
#: The teens, said after a number of hundreds ("five twelve" is 512, "six-ten" 610; claims-39).
_TEEN = "|".join(w for w, n in sorted(_UNITS.items(), key=lambda x: -len(x[0])) if 10 <= n <= 19)
#: A count of a whole said in words: "twelve of eighty-nine", "eleven of thirty-three" (claims-39); not the whole of
#: a fraction in words ("two in three of the 120 cases", "six out of ten of ...").
_COUNT_OF = "|".join(w for w, n in sorted(_UNITS.items(), key=lambda x: -len(x[0])) if 3 <= n <= 19)
#: "four hundred (and) twenty", "a hundred and twenty", "seventy-two", "twenty", "eight percent".
_SPELLED = gated(
    rf"(?<![\w-])(?P<n>(?P<s>{_UNIT})[- ](?P<st>(?:{_TEN})(?:-(?:{_UNIT}))?|{_TEEN})|"
    rf"(?<!in )(?<!of )(?P<c>{_COUNT_OF})(?=\s+of\s+(?:the\s+)?(?:\d|(?:{_TEN})\b|(?:{_UNIT})\s+hundred\b))|"
    rf"(?P<h>{_SMALL}|a|one)\s+hundred(?:\s+(?:and\s+)?(?P<r>{_SMALL}))?|"
    rf"(?P<the>the)\s+hundred\s+and\s+(?P<tr>{_SMALL})|"
    rf"(?P<t>(?:{_TEN})(?:[- ](?:{_UNIT}))?)|"
    rf"(?P<u>{_SMALL})(?=\s+(?:percent|per cent)\b))(?![\w-])",
    re.I,
)


_TO_PERCENT = re.compile(
    rf"\s+to\s+(?:about\s+|around\s+|roughly\s+|almost\s+|nearly\s+)?{_SMALL}\s+(?:percent|per cent)\b", re.I
)


def _value(words: str) -> int:
    """The value of a number below a hundred in words ("seventy-two", "twenty", "eight")."""
    total = 0
    for word in re.split(r"[- ]", words.lower()):
        total += _TENS.get(word, 0) + _UNITS.get(word, 0)
    return total


def spelled_numbers(text: str) -> str:
    """`text` with the numbers it surely spells in words written in digits."""

    def digits(m: re.Match[str]) -> str:
        if m.group("s"):  # "thirteen twenty-one": the hundreds said before the tens, no "hundred"
            return str(100 * _value(m.group("s")) + _value(m.group("st")))
        if m.group("the"):  # "the hundred and twenty reviews"
            return m.group("the") + " " + str(100 + _value(m.group("tr")))
        if m.group("h"):
            hundreds = _value(m.group("h")) or 1  # "a hundred and twenty" (claims-18)
            return str(100 * hundreds + (_value(m.group("r")) if m.group("r") else 0))
        return str(_value(m.group("t") or m.group("u") or m.group("c")))

    out, at = [], 0
    for m in _SPELLED.finditer(text):
        said = digits(m)
        # "from about fifty-two to about fifty-six percent": the first end of a range of percentages is one too.
        if not m.group("u") and _TO_PERCENT.match(text, m.end()):
            said += " percent"
        out += [text[at : m.start()], said]
        at = m.end()
    return _share_units(_to_one(_halves(_decimals("".join([*out, text[at:]])))))


#: Odds against one said in words (claims-41, gfa34): "about thirty-two to one" (g31), "about forty to one on" (g29),
#: "at nineteen to one"; the "one" stayed a word, so the first number was read alone (32 of no field). Not a range
#: said from its start ("from 5 to one"), nor two shares in words ("from four in five to one in two": the
#: denominator of one and the numerator of the next; claims-54, gfa47).
_TO_ONE = gated(
    rf"(?<![\w.-])(?<!from )(?<!\bin )(?<!out of )(?P<n>\d+|{_TEEN}|{_UNIT})\s+to\s+one\b(?![\w-])"
    r"(?!\s+(?:chances?\s+)?(?:in|out\s+of)\b)",
    re.I,
)


#: A share's first number said in words before a denominator in digits, once "a hundred" or "twenty" read as digits:
#: "one in a hundred" reads "1 in 100", "one chance in 20" "1 chance in 20" (claims-54, gfa47); the denominator
#: was read alone (100 of no field).
_SHARE_UNIT = gated(rf"(?<![\w.-])(?P<u>{_UNIT})(?=\s+(?:chances?\s+)?(?:in|out\s+of)\s+\d)", re.I)


def _share_units(text: str) -> str:
    """`text` with a share's number word before a denominator in digits as a digit ("one in 100": "1 in 100")."""
    return _SHARE_UNIT.sub(lambda m: str(_UNITS[m.group("u").lower()]), text)


def _to_one(text: str) -> str:
    """`text` with odds said against "one" in digits: "32 to one" reads "32 to 1", "nineteen to one" "19 to 1"."""

    def odds(m: re.Match[str]) -> str:
        said = m.group("n")
        return f"{said if said.isdigit() else _UNITS[said.lower()]} to 1"

    return _TO_ONE.sub(odds, text)


#: The digits said after "point", one word (or digit) each: "point seven", "point zero five", "point 7".
_DIGIT = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|\d)(?![\w-]|\.\d)"
#: The whole part may be a number word below twenty ("eight point three"; claims-23), read as its digits.
_POINT = gated(rf"(?<![\w.-])(?P<whole>\d+|zero|{_UNIT})\s+point\s+(?P<digits>{_DIGIT}(?:[\s-]+{_DIGIT})*)", re.I)
#: A decimal said from its point, with no whole part (claims-39): "accuracy point seven three", "plus point seven
#: nine", "from point one three to point oh three" (g15, g17, g18, g30); not "the point", "a point" (a noun).
_BARE_POINT = gated(
    rf"(?<![\w.-])(?<!the )(?<!a )(?<!this )(?<!that )(?<!no )(?<!any )(?<!some )(?<!each )(?<!decimal )"
    rf"point\s+(?P<digits>{_DIGIT}(?:[\s-]+{_DIGIT})*)",
    re.I,
)
_DIGIT_VALUE = {**{w: str(n) for w, n in _UNITS.items() if n < 10}, "zero": "0", "oh": "0"}
#: "87 and a half": a whole number and its half.
_HALF = re.compile(r"(?<![\w.])(?P<whole>\d+)\s+and\s+a\s+half\b(?!\s+(?:of|times)\b)", re.I)


def _decimals(text: str) -> str:
    """`text` with "91 point 7" (its tens already rewritten) and "zero point nine" in digits: 91.7, 0.9."""

    def joined(m: re.Match[str]) -> str:
        said = m.group("whole").lower()
        whole = "0" if said == "zero" else str(_UNITS[said]) if said in _UNITS else m.group("whole")
        digits = "".join(_DIGIT_VALUE.get(d.lower(), d) for d in re.split(r"[\s-]+", m.group("digits")))
        return f"{whole}.{digits}"

    def bare(m: re.Match[str]) -> str:
        return "0." + "".join(_DIGIT_VALUE.get(d.lower(), d) for d in re.split(r"[\s-]+", m.group("digits")))

    return _BARE_POINT.sub(bare, _POINT.sub(joined, text))


def _halves(text: str) -> str:
    """`text` with "87 and a half" in digits: 87.5."""
    return _HALF.sub(lambda m: f"{m.group('whole')}.5", text)
