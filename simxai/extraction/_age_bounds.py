"""Groups of people bounded by a bare number, read as bounds of the host's age feature.

"patients over 60", "people between 30 and 40", "the over 60s", "the over sixties", "older than 70", "runners 60 and
over": a number said of people, with no feature named, is an age when the host has an age feature and the number lies
in its range.
"""

from __future__ import annotations

import re

from simxai.extraction._features import feature_mentions
from simxai.extraction._group_words import OR_TAIL, _in_range, category_nouns, numeric_name_at, tail_op
from simxai.extraction._lexicon import _AFTER_AGE, _NUM, _PEOPLE_NOUNS, _group_noun, _parse_number, plural_pattern
from simxai.extraction._time_units import span_in_unit, time_unit
from simxai.hosts.base import FeatureSchema, HostSchema

#: The decades of a life said as words: "the over sixties" is an age bracket.
DECADES = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70}
DECADES |= {"eighties": 80, "nineties": 90}
# the years of a decade that a word before it keeps: all ten, or the early, mid or late ones (first, last)
_PARTS = {"": (0, 9), "early": (0, 3), "mid": (4, 6), "late": (7, 9)}


def age_clauses(text: str, schema: HostSchema, age: FeatureSchema) -> list[str]:
    """The bounds of `age` that `text` says of people, as condition clauses ("age > 60")."""
    clauses: list[str] = []
    for match in re.finditer(rf"\b(?P<op>older|younger)\s+than\s+(?P<v>{_NUM})", text, re.IGNORECASE):
        value = _in_unit(match.group("v"), text, match.end("v"), age)
        clauses.append(f"{age.name} {'>' if match.group('op').lower() == 'older' else '<'} {value}")
    # "in their fifties", "in her 40s": the decade of a life as a range of the age; "early", "mid" or "late" before
    # it, its first four, middle three or last three years ("in her late sixties": 67 to 69)
    for match in re.finditer(
        rf"\bin\s(?:their|his|her|my|our|your)\s(?:(?P<part>early|mid|late)[\s-]?)?"
        rf"(?:(?P<w>{'|'.join(DECADES)})|(?P<d>[1-9]0)[’']?s)\b",
        text,
        re.IGNORECASE,
    ):
        decade = DECADES[match.group("w").lower()] if match.group("w") else int(match.group("d"))
        first, last = _PARTS[(match.group("part") or "").lower()]
        if _in_range(age, float(decade)) and time_unit(age) in (None, "year"):  # a decade of years, no 40 months
            clauses += [f"{age.name} >= {decade + first}", f"{age.name} <= {decade + last}"]
    # "patients over 60", "people under 30": a group of people above or below a bare number is an age
    people = (
        rf"(?:{_group_noun(schema)}|{_PEOPLE_NOUNS}{_aged_nouns(age)}|people|persons|folks?|those|them|many|ones|individuals|everyone|"
        r"anyone|"
        r"men|women|males|females|"
        # people named by their age ("the kids, under 16", "juniors under 12")
        r"kids|children|teens|teenagers|youngsters|juniors|seniors|adults|toddlers|"
        # a noun for people by what they do ("learners", "employees", "tenants", "residents", "drivers"): the
        # English endings of such nouns, in the plural; a unit of measure with such an ending is no one ("tanks over
        # 16 degrees" bounds a temperature, never an age)
        r"(?!(?:degrees|(?:kilo|centi|milli)?met(?:er|re)s|(?:milli)?lit(?:er|re)s|parameters)\b)"
        r"[a-z]{2,}(?:ers|ees|ists|ants|ents|ians|ors))"
    )
    # "patients between 30 and 40", "smokers aged between 30 and 40", "between 30 and 40 years old": an age
    # range (a plural made from a category, "smokers", names people too)
    plurals = "".join("|" + re.escape(text[a:b]) for a, b, _c in category_nouns(text, schema))
    for match in re.finditer(
        rf"\b(?:(?:{people}{plurals}),?\s(?:(?:who\s(?:are|were)|aged|say)\s)?|aged\s)"
        rf"between\s(?P<a>{_NUM})\s(?:and|to)\s"
        rf"(?P<b>{_NUM})\b(?!\s?%)(?!\s?(?!{_AFTER_AGE}\b|years?\b|yrs?\b)[A-Za-z])"
        rf"|\bbetween\s(?P<a2>{_NUM})\s(?:and|to)\s(?P<b2>{_NUM})\s(?:years?|yrs?)(?:\sold)?\b",
        text,
        re.IGNORECASE,
    ):
        low, high = (match.group("a"), match.group("b")) if match.group("a") else (match.group("a2"), match.group("b2"))
        if numeric_name_at(text, schema, match.start()):
            continue  # "containers between 20 and 30": a feature's name, not people
        if _in_range(age, float(low)) and _in_range(age, float(high)):
            end = match.end("b") if match.group("a") else match.end("b2")  # "between 1 and 2 years": both in years
            low, high = _in_unit(low, text, end, age), _in_unit(high, text, end, age)
            clauses += [f"{age.name} >= {low}", f"{age.name} <= {high}"]
    for match in re.finditer(
        # "patients over 60", "how many of them are over 60"
        rf"\b{people},?\s(?:(?:(?:who\s)?(?:are|were)|aged|say)\s)?(?P<op>over|under|above|below)\s(?P<v>{_NUM})"
        rf"(?:\s(?:years?|yrs?)(?:\sold)?)?\b(?!\s?%)(?!\s?(?!{_AFTER_AGE}\b)[A-Za-z])"
        # "the over 60s", "our over-65 patients": the number is an age bracket
        rf"|\b(?P<op2>over|under)[\s-](?P<v2>\d{{2}})(?:s\b|\s{people}\b)"
        # "the over sixties", "the under-thirties": the bracket said as a word of its decade
        rf"|\b(?P<op5>over|under)[\s-](?P<w5>{'|'.join(DECADES)})\b"
        # "the subpopulation aged over 60": "aged" makes the bound an age, whatever the noun before it
        rf"|\baged\s(?P<op3>over|under|above|below)\s(?P<v3>{_NUM})\b(?!\s?%)"
        # "older runners, say 60 and over", "senior dogs, like 7 and up": the bound after the number, an open tail
        rf"|\b{people},?\s(?:(?:(?:who\s)?(?:are|were)|aged|say|like|so|i\.?e\.?)\s)?(?P<v4>{_NUM})"
        rf"(?:\s(?:years?|yrs?)(?:\sold)?)?\s(?P<tail>{OR_TAIL})"
        # "60 or more applicants" (written "60+ applicants"): the open tail before the people it bounds
        rf"|\b(?P<v6>{_NUM})\s(?P<tail6>{OR_TAIL})\s(?=(?:{people})\b)",
        text,
        re.IGNORECASE,
    ):
        if match.group("op3"):
            over = match.group("op3").lower() in ("over", "above")
            clauses.append(f"{age.name} {'>' if over else '<'} {match.group('v3')}")
            continue
        if match.group("tail6"):
            if _bound_of_another(text, schema, age, match.start()):
                continue  # "income 80 or more folks": the income's bound
            if _in_range(age, float(match.group("v6"))) and not numeric_name_at(text, schema, match.end()):
                clauses.append(f"{age.name} {tail_op(match.group('tail6'))} {match.group('v6')}")
            continue
        if match.group("tail"):
            if _in_range(age, float(match.group("v4"))) and not numeric_name_at(text, schema, match.start()):
                clauses.append(f"{age.name} {tail_op(match.group('tail'))} {match.group('v4')}")
            continue
        if match.group("op5"):
            over = match.group("op5").lower() == "over"
            clauses.append(f"{age.name} {'>' if over else '<'} {DECADES[match.group('w5').lower()]}")
            continue
        if match.group("op2"):
            if _bound_of_another(text, schema, age, match.start()):
                continue  # "income over 80 folks": 80 bounds the income, said of people; no age
            over = match.group("op2").lower() == "over"
            clauses.append(f"{age.name} {'>' if over else '<'} {match.group('v2')}")
            continue
        if numeric_name_at(text, schema, match.start()):
            continue  # "containers over 20": a feature's name, whose bound is read with the feature
        over = match.group("op").lower() in ("over", "above")
        clauses.append(f"{age.name} {'>' if over else '<'} {_in_unit(match.group('v'), text, match.end('v'), age)}")
    return clauses


# the unit of time said right after an age's bound ("older than 2 years", "over 2 yrs")
_UNIT_AFTER = re.compile(r"\s?(years?|yrs?|months?|mos|weeks?|wks?|days?)\b", re.IGNORECASE)


def _in_unit(value: str, text: str, end: int, age: FeatureSchema) -> str:
    """The bound `value` in the unit the age's name counts in, when a unit of time said right after it (at `end`)
    is another one: "older than 2 years" of `age (months)` is 24; a bound with no unit, or in the age's own, as said.
    """
    said = _UNIT_AFTER.match(text, end)
    if said is None:
        return value
    unit = said.group(1).lower()
    unit = {"yr": "year", "yrs": "years", "mos": "months", "wk": "week", "wks": "weeks"}.get(unit, unit)
    converted = span_in_unit(_parse_number(value), unit, age)
    return value if converted is None else f"{converted:g}"


def _bound_of_another(text: str, schema: HostSchema, age: FeatureSchema, at: int) -> bool:
    """Whether a numeric feature other than `age` is named right before offset `at` (at most a verb of being or
    "of" between), so that the bound starting there is that feature's: "income over 80 folks", "income of 80 or
    more people". One number, one reading.
    """
    return any(
        m.feature.type == "numeric"
        and m.feature.name != age.name
        and m.end <= at
        and re.fullmatch(r"\s*(?:(?:is|are|was|were|of|at)\s+)?", text[m.end : at], re.IGNORECASE) is not None
        for m in feature_mentions(text, schema)
    )


def _aged_nouns(age: FeatureSchema) -> str:
    """Alternatives for the plural of whose age the feature is, from its description ("the pony's age in years":
    "|ponies"), when the rows are events (treks) of what is aged: "ponies over 15" bounds the age.
    """
    owners = re.findall(r"\b([a-z]{3,})'s\b", (age.description or "").lower())
    return "".join("|" + plural_pattern(owner) for owner in dict.fromkeys(owners))
