"""Groups a metric question names by their values, and groups named as alternatives to compare.

"accuracy on the gold plan", "on car loans", "on negative reviews": a value before its feature's name or a
noun, with no group words around it (`_named_values`, `_class_group`); "smokers and non-smokers", "men vs
women": one feature with several values, which `alternatives` splits into one group each.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import TypeVar

from simxai.exceptions import ArgumentError
from simxai.extraction._category_forms import category_form
from simxai.extraction._category_words import category_word_forms
from simxai.extraction._class_names import class_mentions
from simxai.extraction._features import feature_mentions
from simxai.extraction._lexicon import _GROUP_NOUNS, _NO, _PEOPLE_NOUNS, _YES, _group_noun, yes_no_of
from simxai.extraction._noun_presence import had_noun, noun_adjective
from simxai.hosts.base import HostSchema, regular_plural
from simxai.instances import clause_field, parse_condition

_Value = TypeVar("_Value")

__all__ = ["alternatives", "category_with_its_noun", "completed_group", "longest_value", "unread_value"]


def longest_value(text: str, start: int, categories: list[str] | None, value: _Value) -> _Value | str:
    """`value`, or the longest category of its feature that begins with it and is said right there in `text` after
    `start` (the feature's mention): "whose pattern is black and white" is `black and white`, not `black`, when both
    "black" and "black and white" could be read, for a value read word by word stops at "and".
    """
    if not isinstance(value, str) or not categories:
        return value
    after = text[start : start + 80].lower()
    longer = [
        c
        for c in categories
        if len(c) > len(value)
        and c.lower().startswith(value.lower() + " ")
        and re.search(rf"\b{re.escape(c.lower())}\b", after) is not None
    ]
    return max(longer, key=len) if longer else value


def alternatives(condition: str) -> list[str]:
    """The groups a condition names as alternatives: one feature equal to several values, one group each.

    "smoker = yes and smoker = no" (from "smokers and non-smokers") selects nobody as a conjunction; it is two
    groups to compare: ["smoker = yes", "smoker = no"]. The other clauses stay in each ("age > 50 and plan =
    silver and plan = gold" -> ["age > 50 and plan = silver", "age > 50 and plan = gold"]). A condition that
    names each feature once is returned as it is.
    """
    clauses = [c.strip() for c in condition.split(" and ")]
    values: dict[str, list[str]] = {}
    for clause in clauses:
        match = re.fullmatch(r"(?P<f>[\w.]+)\s*=\s*(?P<v>.+)", clause)
        if match is not None:
            values.setdefault(match.group("f"), []).append(clause)
    several = next((named for named in values.values() if len(set(named)) > 1), None)
    if several is None:
        return [condition]
    others = [c for c in clauses if c not in several]
    return [" and ".join([*others, clause]) for clause in dict.fromkeys(several)]


def completed_group(asked: str, answer: str, schema: HostSchema) -> str:
    """The group after the user answered "which group?" about `asked` ("age > 50 and women" -> "sex = 2").

    The answer replaces what could not be read; the clauses of `asked` that could be read stay, unless the answer
    names their feature again: "age > 50 and sex = 2". A text host's answer replaces the whole group.
    """
    if schema.kind != "tabular" or answer == "all":
        return answer
    try:
        answered = {clause.field for clause in parse_condition(answer, schema)}
    except ArgumentError:
        return answer
    kept: list[str] = []
    for clause in (c.strip() for c in asked.split(" and ")):
        try:
            parsed = parse_condition(clause, schema)
        except ArgumentError:
            continue  # what the question was about
        if not any(c.field in answered for c in parsed):
            kept.append(clause)
    return " and ".join(dict.fromkeys([*kept, answer]))


# What follows a value that names a group in a metric question: "car loans", "gold plan members".
# after a value, a noun of rows ("orchard hives") or "only" / "alone" restricting the rows to it ("f1, orchard only")
_GROUP_TAIL = (
    r"(?:\s+(?:[a-z]+\s+)?(?:{nouns}|loans?|policies|holders|ones|folks|subgroup|group|segment|slice|cohort)"
    r"|\s+(?:only|alone)\b(?!\s+(?:if|when|because)\b))"
)
_PICKED = r"\b(?:which|what|some|any|all|those|these|many)\s+(?:[a-z]+\s+)?$"
_METRIC_LEAD = r"\b(?:on|for|among|in|across|from|with|within|of|about)\s+(?:(?:the|our|those|these|all|a|an)\s+)?$"


# A noun and a bound said aside after it ("upper plots, above 1500 m", "old ones: over 30"), which restates the word
# before the noun as a number
_RESTATED = re.compile(
    r"(?:\s+[a-z]+){0,2}?\s*[,:;–—-]\s*(?:(?:anything|any|those|ones|say|so|i\.?e\.?|meaning)\s+)?"
    r"(?:over|above|under|below|beyond|more\s+than|less\s+than|at\s+least|at\s+most|upwards\s+of)\s*[$£€]?\s?\d",
    re.IGNORECASE,
)


def _named_values(text: str, schema: HostSchema) -> list[str]:
    """Categories a metric question names without group words, as conditions ("accuracy on the gold plan").

    A category counts next to its feature's name ("gold plan", "plan gold", "sex 2"), or, when only one feature
    has it, after "on / for / among (the)" or before a group noun ("on car loans", "for east region members").
    A category word inside a feature's name ("home" in "home ownership") is that name, not a value.
    """
    # a mention that is one of its feature's own values is that value ("the dark ones" where an alias is "how dark")
    mentions = [
        m
        for m in feature_mentions(text, schema)
        if text[m.start : m.end].lower() not in {c.lower() for c in m.feature.categories or []}
    ]
    participles = yes_no_participles(text, schema)
    # ("water-damaged phones": "damaged" is no value of another feature there)
    inside = [(m.start, m.end) for m in mentions] + [(start, end) for start, end, _clause in participles]
    owners: dict[str, int] = {}
    for feature in schema.features:
        for category in feature.categories or []:
            owners[category.lower()] = owners.get(category.lower(), 0) + 1
    nouns = _GROUP_NOUNS + (f"|{_group_noun(schema)}" if schema.instance_noun else "") + f"|{_PEOPLE_NOUNS[3:-1]}"
    tail = re.compile(_GROUP_TAIL.format(nouns=nouns), re.IGNORECASE)
    clauses: list[str] = [clause for _start, _end, clause in participles]
    for feature in schema.features:
        if feature.type != "categorical" or not feature.categories or f"{feature.name} = " in " ".join(clauses):
            continue
        spans = [(m.start, m.end) for m in mentions if m.feature is feature]
        said: list[tuple[int, int]] = []  # where a longer value was found: "shared house" holds no "house"
        named = [re.escape(c).replace("_", r"[_\s-]") for c in feature.categories if c and len(c) >= 2]
        others = (
            re.compile(
                rf"(?<![\w-])(?:{'|'.join(named)})(?:e?s)?\s*(?:,|or|and|vs\.?|versus|than)\s+(?:the\s+)?$", re.I
            )
            if named
            else None
        )
        for category in sorted(feature.categories, key=len, reverse=True):
            if not category or category.lower() in (*_YES, *_NO):
                continue
            found = None
            # a value in the plural names its rows too: "on saturdays", "for the sundays", "the sweet peppers"
            plural = "(?:e?s)?" if re.fullmatch(r"[a-z]{3,}(?:[_ ][a-z]+)*", category, re.I) else ""
            # a value with an underscore is also written with a hyphen or a space ("the asia-europe lane")
            spelled = re.escape(category).replace("_", r"[_\s-]")
            # or by the one word of it no other value holds ("the tomato trays" for cherry tomato)
            forms = [spelled, *category_word_forms(feature.name, category, schema)]
            words = "|".join(forms[1:]) or "(?!)"
            value = rf"(?<![\w.-])(?:(?P<whole>{spelled}){plural}|(?P<word>{words})(?:e?s)?)(?!\w|\.\d)"
            for match in re.finditer(value, text, re.IGNORECASE):
                said_form = match.group("whole") or match.group("word")
                start, end = match.start(), match.end()
                if match.group("word") and _RESTATED.match(text, end):
                    continue  # "the upper plots, above 1500 m": the bound said aside says what "upper" is, no category
                if any(low <= start < high for low, high in inside) or any(a <= start < b for a, b in said):
                    continue
                if text[end : end + 1] == "-" and not any(low == end + 1 for low, _ in spans):
                    continue  # "self-employed" holds no "self"; "west-facing" is west with its feature's word
                beside = any(
                    re.fullmatch(r"\s*(?:=|:|is)?\s*", text[high:start]) or re.fullmatch(r"\s*-?", text[end:low])
                    for low, high in spans
                )
                alone = (
                    re.sub(r"[_ ]", "", category).isalpha()  # "for the self-employed": self_employed
                    and len(category) >= 3
                    and owners.get(category.lower()) == 1
                    and (
                        bool(re.search(_METRIC_LEAD, text[max(0, start - 30) : start], re.IGNORECASE))
                        or bool(tail.match(text[end:]))
                        # "which dvds are predicted late?", "some late magazines": the value in the plural, as the
                        # noun of rows picked out by a determiner
                        or (
                            len(match.group()) > len(said_form)
                            and bool(re.search(_PICKED, text[max(0, start - 30) : start], re.IGNORECASE))
                        )
                    )
                )
                # "with dhl or ups", "the silver and the gold": a value joined to another value of its feature
                joined = others is not None and bool(others.search(text[max(0, start - 40) : start]))
                if beside or alone or joined:
                    found = category
                    said.append((start, end))
                    break
            if found is not None:  # every value named: "the silver and gold plans" (`alternatives` splits them)
                clauses.append(f"{feature.name} = {found}")
        if not any(c.startswith(f"{feature.name} = ") for c in clauses):
            # "on the days the ECT propagated", "with a propagating ECT": a form of a value beside its feature's name
            for low, high in spans:
                after = re.match(r"\s+(?:(?:was|is|were)\s+)?([a-z][\w-]*)", text[high:], re.IGNORECASE)
                before = re.search(r"\b([a-z][\w-]*)[\s-]+$", text[:low], re.IGNORECASE)
                said_forms = [category_form(m.group(1), feature.categories) for m in (after, before) if m is not None]
                form = next((f for f in said_forms if f is not None), None)
                if form is not None:
                    clauses.append(f"{feature.name} = {form}")
                    break
    given = {clause_field(c) for c in clauses}
    return clauses + [c for c in _described_forms(text, schema) if clause_field(c) not in given]


# "the people who are renting", "applicants that were renting", "renting applicants": a form of a category word
# describing the group, in a relative clause or before a plural noun
_DESCRIBED = re.compile(
    r"\b(?:who|that|which)\s+(?:are|were|is|was|have\s+been|had\s+been)\s+(?:(?:currently|still|now)\s+)?"
    r"(?P<a>[a-z][\w-]{3,})\b|\b(?P<b>[a-z]{3,}ing)\s+[a-z]+s\b",
    re.IGNORECASE,
)


def _described_forms(text: str, schema: HostSchema) -> list[str]:
    """Categories named in another form of their word as a description of the group ("who are renting").

    Only a word that is a form of one category of one feature counts ("renting" -> `home_ownership = rent`).
    """
    clauses: list[str] = []
    for match in _DESCRIBED.finditer(text):
        word = match.group("a") or match.group("b")
        found = [
            (feature.name, form)
            for feature in schema.features
            if feature.type == "categorical" and feature.categories
            for form in [category_form(word, feature.categories)]
            if form is not None and form.lower() not in (*_YES, *_NO)
        ]
        if len(found) == 1:
            clauses.append(f"{found[0][0]} = {found[0][1]}")
    return list(dict.fromkeys(clauses))


def yes_no_participles(text: str, schema: HostSchema) -> list[tuple[int, int, str]]:
    """A yes/no feature named by a noun of several words, said as an adjective: (start, end, condition).

    "water-damaged phones" or "the water damaged ones" for `water_damage` (no / yes) name its "yes" rows, "non
    water-damaged" its "no" rows: the last word of the feature's name or an alias with "-d" / "-ed". One-word
    names in the plural ("smokers") are read by `category_nouns`.
    """
    found: list[tuple[int, int, str]] = []
    for feature in schema.features:
        pair = yes_no_of(feature)
        if feature.type != "categorical" or pair is None:
            continue
        yes, no = pair
        for term in {t.lower().replace("_", " ") for t in (feature.name, *feature.aliases)}:
            words = term.split()
            if len(words) < 2 or not all(w.isalpha() for w in words) or len(words[-1]) < 4:
                continue
            last = words[-1] + ("d" if words[-1].endswith("e") else "ed")
            said = r"[\s_-]+".join(map(re.escape, [*words[:-1], last]))
            pattern = rf"(?<![\w-])(?P<non>non[\s-]?|not\s+)?{said}(?![\w-])"
            for match in re.finditer(pattern, text, re.IGNORECASE):
                found.append((match.start(), match.end(), f"{feature.name} = {no if match.group('non') else yes}"))
        found += had_noun(text, feature, yes, no)  # "without a sally" of `sally_fitted`
        found += noun_adjective(text, feature, yes, no)  # "the rusty ones" of `edge_rust`
    return sorted(found)


def _class_group(text: str, schema: HostSchema | None) -> str | None:
    """A class before a group noun ("on negative reviews", "the progressing patients"): the rows labelled so."""
    if schema is None:
        return None
    nouns = _GROUP_NOUNS + (f"|{_group_noun(schema)}" if schema.instance_noun else "") + "|texts|reviews|ones|folks"
    for start, end, name in class_mentions(text, schema):
        before = text[max(0, start - 30) : start]
        led = re.search(_METRIC_LEAD, before, re.IGNORECASE) or re.fullmatch(r"\W*(?:the\s+|only\s+)?", before, re.I)
        if re.match(rf"\s+(?:{nouns})\b", text[end:], re.IGNORECASE) and led:
            return f"label = {name}"
    return None


_LED_PLURAL = re.compile(r"\b(?:on|for|among|about)\s+(?:(?:the|our|those|these|all)\s+)?(?P<w>[a-z]{4,}s)\b", re.I)


def unread_value(text: str, schema: HostSchema) -> str | None:
    """A plural after "on / for / among" that looks like a category value but is none ("on blursdays"), or None.

    It looks like one when it is spelt close to a value ("on saturdys") or ends like two or more values of one
    feature ("-days" of monday..sunday). It is passed on as said, so that the function asks about it rather
    than answer for all rows or for the group of the previous turn.
    """
    for match in _LED_PLURAL.finditer(text):
        word = match.group("w").lower()
        singular = word[:-2] if word.endswith("es") and not word.endswith("ses") else word[:-1]
        for feature in schema.features:
            values = [c.lower() for c in feature.categories or [] if c and c.isalpha() and len(c) >= 3]
            if feature.type != "categorical" or not values or singular in values or word in values:
                continue
            close = any(SequenceMatcher(None, singular, value).ratio() >= 0.8 for value in values)
            ending = next((n for n in (5, 4, 3) if sum(v.endswith(singular[-n:]) for v in values) >= 2), None)
            if close or ending is not None:
                return match.group("w")
    return None


# Words of a supposition about one instance: a category with its feature's noun there is a change, not a group
_SUPPOSED = re.compile(r"\b(?:if|were|had|suppose|instead)\b|\d", re.IGNORECASE)


def category_with_its_noun(text: str, schema: HostSchema) -> bool:
    """Whether a category stands before a plural of a word of its own feature's name or aliases, naming the rows
    with that value ("the stiff shells" of `shell_flex`, "the touring skis" of an alias "type of ski"); never in a
    supposition or beside a number ("if 12 had stiff shells" changes one instance).
    """
    if _SUPPOSED.search(text):
        return False
    for feature in schema.features:
        categories = [str(c).lower() for c in feature.categories or () if str(c).replace("_", "").isalpha()]
        terms = " ".join([feature.name, *feature.aliases]).lower().replace("_", " ")
        nouns = {regular_plural(w) for w in re.findall(r"[a-z]{3,}", terms)} - {regular_plural(c) for c in categories}
        if not categories or not nouns:
            continue
        values = "|".join(re.escape(c).replace("_", r"[_\s-]") for c in categories)
        if re.search(rf"\b(?:{values})[\s-]+(?:{'|'.join(map(re.escape, nouns))})\b", text, re.IGNORECASE):
            return True
    return False
