"""A what-if's change that no extraction reading found but that the turn's words tie to its one feature, run
without a question.

`_unsure_change` offers the one unclaimed number of a what-if as its feature's change and asks for a yes. When
the number is plainly that feature's new value, the yes is no news: "if her blood pressure were 100 rather than
131", "what if we dropped the deposit on 4410 to zero", "if I'd overstayed 30 mins" (a unit of the feature's own
name after the number); since ask47 also a number put beside the feature just named ("a patchy brood, 4", "moth
traces 0"), a step counted in the feature's own noun ("plus 6 inspections"), a feature named by two of its words,
and a noun after "the" that starts one feature's name ("the honey was 12"). The value is run as said (the
what-if's reply shows the old and new value). A number with no such tie is still asked about: "what if the two
missing porters turned up" counts porters, it does not set the feature to two. A step ("lost another 10 points")
is still asked about too. A comparative that names one feature, then a number ("colder still,
4" of the one temperature feature) is that feature's new value: the number wins over the direction
(`comparative_value_answer`, dlg47).
"""

from __future__ import annotations

import re

from simxai._self_repair import self_corrected
from simxai._unsure_change import signed, unsure_change
from simxai.extraction import comparative_value_answer, extract_ids, feature_spans
from simxai.extraction.mentions import FeatureMention, feature_mentions
from simxai.followup import changed_feature
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.hosts.name_words import lead_unit_of, name_unit_of, name_words, unit_words
from simxai.normalize import normalize

__all__ = ["first_word_feature", "one_feature_named", "sure_change", "unit_tied_feature"]

# The word right before a number that makes it the feature's new value ("were 100", "to 0", "at 12").
# (an article or a hedge may stand between: "cut to like 4", "closed up to a 2": ux48)
# (a verb of arriving at the value: "if her hdl reached 70", "hit 12": ux49)
_VALUE_MARK = re.compile(
    r"(?:\b(?:to|were|was|be|been|is|at|of|reach(?:ed|es)?|hits?)|=)\s*"
    r"(?:(?:a|an|like|about|around|roughly|say)\s+){0,2}$",
    re.IGNORECASE,
)
# A verb of having right before a count said before the feature's words ("were 171022 to have 2 vet visits": ux49)
_HAVING = re.compile(r"\b(?:have|has|had|having)\s+(?:(?:only|just|exactly)\s+)?$", re.IGNORECASE)
# The word right after a number (a unit, when it is one of the feature's name).
_NEXT_WORD = re.compile(r"\s*([a-z]+)", re.IGNORECASE)
# A number as written, not inside a word or a decimal (its unit may follow at once: "44%", "20hrs")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?!\.\d)")
# A unit of time as a word, whole or shortened ("minutes", "mins", "hrs", "days").
# A word of direction right before a step's number ("another 24", "2 more"), or right after its unit ("24 hrs more")
_STEP_BEFORE = re.compile(r"\b(?:another|more|less|fewer|extra|additional|plus|minus)\s+$", re.IGNORECASE)
_DIRECTION = re.compile(r"\s*(?:more|less|fewer|extra|additional)\b", re.IGNORECASE)
_STEP_AFTER = re.compile(
    r"^\s*(?:more|less|fewer|extra|longer|shorter|higher|lower|heavier|lighter|older|younger)\b", re.IGNORECASE
)
_TIME = re.compile(r"^(?:sec|min|hour|hr|day|night|week|month|year|yr)", re.IGNORECASE)


def sure_change(user: str, schema: HostSchema | None) -> dict[str, ChangeValue] | None:
    """The change of a what-if turn's one feature when the turn ties its one unclaimed number to that feature as
    its new value (a value word before it, or a unit of the feature's name after it); None otherwise.
    """
    if schema is None or schema.kind != "tabular":
        return None
    compared = comparative_value_answer(user, schema)
    if compared is not None:  # "warmer still, 14": the one feature the comparative names, and its new value
        return dict(compared)
    feature = changed_feature(user, schema) or one_feature_named(user, schema) or unit_tied_feature(user, schema)
    feature = feature or first_word_feature(user, schema)
    if feature is None:
        return None
    value = unsure_change(user, feature, schema)
    found = schema.feature(feature)
    if value is None and found is not None and _none_of(user, found, schema):
        return {feature: 0}  # "4012 no glaze coats at all?": none of what the feature counts (ux49)
    if value is None or found is None:
        return None
    text = normalize(self_corrected(user), schema)
    named = [m for m in feature_mentions(text, schema) if m.feature.name == feature]
    amount = value.lstrip("+-").rstrip("%") if isinstance(value, str) else f"{value:g}"
    said = [m for m in re.finditer(rf"(?<![\w.]){re.escape(amount)}(?![\w]|\.\d)", text)]
    if len(said) != 1:
        return None
    number = said[0]
    if isinstance(value, str):  # a step: tied by the feature's unit, its direction said right beside it
        after = text[number.end() :]
        direction = _DIRECTION.match(after)  # "20 more litres"
        after = after[direction.end() :] if direction is not None else after
        unit = _NEXT_WORD.match(after)
        # "plus 6 inspections" of inspections_logged: a step beside its direction counts what the feature counts
        counted = unit is not None and any(m.start == len(text) - len(after) + unit.start(1) for m in named)
        tied = unit is not None and not value.endswith("%") and (_unit_of(after, found) or counted)
        beside = (
            unit is not None
            and (
                direction is not None
                or signed(text, number.start(), found.min) != ""  # "52010 +5 mites"
                or _STEP_BEFORE.search(text[: number.start()])
                or _STEP_AFTER.match(after[unit.end() :])
            )
        )
        return {feature: value} if tied and beside else None
    if _VALUE_MARK.search(text[: number.start()]) or _unit_of(text[number.end() :], found):
        return {feature: value}
    if _said_of(text, number, named) or _measure_of(text, number, named):
        return {feature: value}
    return None


# "no" or "zero" right before the feature's words ("no glaze coats at all"), with at most one word between
_NONE_BEFORE = re.compile(r"\b(?:no|zero)\s+(?:[a-z]+\s+)?$", re.IGNORECASE)


def _none_of(user: str, feature: FeatureSchema, schema: HostSchema) -> bool:
    """Whether a what-if says none of what a numeric feature counts, right before its words ("4012 no glaze coats at
    all?"), when the feature's values reach 0 and the turn holds no number but its ids: its new value is 0.
    """
    if feature.type != "numeric" or feature.min != 0:
        return False
    text = normalize(self_corrected(user), schema)
    ids = set(extract_ids(text, schema))
    if any(float(m.group(1)) not in ids for m in _NUMBER.finditer(text)):
        return False
    named = [m for m in feature_mentions(text, schema) if m.feature.name == feature.name]
    return any(_NONE_BEFORE.search(text[: m.start]) for m in named)


# Words a terse what-if may hold besides the id, the number and the feature ("52010 0 mites", "what if 77 had 3 rips?")
_TERSE = frozenset("what if and so say then had has have with ? ! . ,".split())


def _measure_of(text: str, number: re.Match[str], named: list[FeatureMention]) -> bool:
    """Whether a what-if's number is the feature's new value said right before its words (ux48): with a unit of time
    between them ("took a 36 month term" of `lease_term`: the thing's size, not a count of things; never a unit
    other than the one the feature's name or description counts in), in a turn that
    says nothing else beside the id ("52010 0 mites"), or after a verb that says the rest of the feature's name
    ("were missing only 3 frames" of `frames_missing`). A count with a verb of its own stays a question: "what if the
    two missing porters turned up" moves the count, it does not set it.
    """
    after = text[number.end() :]
    unit = re.match(r"\s+([a-z]+)\s+", after, re.IGNORECASE)
    gap = unit.end() if unit is not None and _TIME.match(unit.group(1)) else 0
    start = number.end() + (gap or len(after) - len(after.lstrip()))
    mention = next((m for m in named if m.start == start), None)
    if mention is None:
        return False
    if gap:  # a unit of its own ("3 days pad wear" of a wear in millimetres) ties nothing; its own unit does
        counted = re.search(r"\bin\s+[a-z]+\s*\.?$", mention.feature.description or "", re.IGNORECASE)
        own = name_unit_of(mention.feature.name) or lead_unit_of(mention.feature.name) or counted
        return not own or _unit_of(after, mention.feature)
    if _HAVING.search(text[: number.start()]):  # "had just 3 glaze coats": the count it has, set as said
        return True
    rest = text[: number.start()] + " " + text[mention.end :]
    words = [w for w in re.findall(r"[a-z]+|\d+|[?!.,]", rest.lower()) if not w.isdigit()]
    if all(w in _TERSE for w in words):
        return True
    said = text[mention.start : mention.end].lower()
    others = [w for w in name_words(mention.feature.name) if w.isalpha() and len(w) > 3 and w not in said]
    before = re.findall(r"[a-z]+", text[: number.start()].lower())[-3:]
    return bool(others) and all(any(b[:4] == w[:4] for b in before) for w in others)


def _said_of(text: str, number: re.Match[str], named: list[FeatureMention]) -> bool:
    """Whether a what-if's number is said of the feature just named: right after its words ("moth traces 0"), or
    alone at the turn's end after a comma that closes the clause naming it ("had a patchy brood, 4": the value put
    beside the feature, as a score is given).
    """
    before = text[: number.start()]
    if any(m.end <= len(before) and not before[m.end :].strip() for m in named):
        return True
    if text[number.end() :].strip(" .!?") or not before.rstrip().endswith(","):
        return False
    clause = re.split(r"[.;:!?,]", before.rstrip()[:-1])[-1]
    start = len(before.rstrip()) - 1 - len(clause)
    return any(m.start >= start for m in named)


# "the honey was 12", "the kiln ran at 900": a noun after "the", the subject of a value said right after it
_SUBJECT_VALUE = re.compile(
    r"\bthe\s+(?P<w>[a-z]+)\s+(?:(?:was|were|is|had\s+been)(?:\s+at)?|(?:ran|sat|stood|was\s+kept|were\s+kept)\s+at)"
    r"\s+\d",
    re.IGNORECASE,
)


def first_word_feature(user: str, schema: HostSchema | None) -> str | None:
    """The one numeric feature whose name starts with the noun a turn that names no feature gives a value ("what if
    the honey was 12" of `honey frames`, "the kiln ran at 900" of `kiln_temp`), or None: a feature named, another
    form, or two features whose names start with that word. The noun follows "the": "if it still was 10" names none.
    """
    if schema is None or schema.kind != "tabular":
        return None
    text = normalize(self_corrected(user), schema)
    said = _SUBJECT_VALUE.search(text)
    if said is None or feature_spans(text, schema):
        return None
    word = said.group("w").lower()
    starting = [f.name for f in schema.features if f.type == "numeric" and name_words(f.name)[:1] == [word]]
    return starting[0] if len(starting) == 1 else None


def one_feature_named(user: str, schema: HostSchema | None) -> str | None:
    """The feature a turn names in several places, when every mention names that one feature ("if the wax moth left
    no traces" of MothTraces, by an alias and by a word of its name), or None: no mention, or mentions of two
    features.
    """
    if schema is None or schema.kind != "tabular":
        return None
    names = {m.feature.name for m in feature_mentions(normalize(self_corrected(user), schema), schema)}
    return names.pop() if len(names) == 1 else None


def unit_tied_feature(user: str, schema: HostSchema | None) -> str | None:
    """The one numeric feature a turn that names no feature ties its one number to by a unit of that feature's name
    ("what if 5012 was 44 percent" of `abv (%)`, "had lain 100 hours" of `HoursOnRack`), or None: with a feature
    named, with no number or several besides the ids, or with a unit that two features' names count in (a `%` on a
    host with `moisture (%)` and `oxidation_pct` is either).
    """
    if schema is None or schema.kind != "tabular":
        return None
    text = normalize(self_corrected(user), schema)
    if feature_spans(text, schema):
        return None
    ids = set(extract_ids(text, schema))
    numbers = [m for m in _NUMBER.finditer(text) if float(m.group(1)) not in ids]
    if len(numbers) != 1:
        return None
    after = text[numbers[0].end() :]
    direction = _DIRECTION.match(after)
    after = after[direction.end() :] if direction is not None else after
    tied = [f.name for f in schema.features if f.type == "numeric" and _unit_of(after, f)]
    return tied[0] if len(tied) == 1 else None


def _unit_of(after: str, feature: FeatureSchema) -> bool:
    """Whether what follows a number is the unit the feature's name counts in: "30 mins" of overstay_minutes, "600
    kg" of weight_kg, "100%" of battery_pct. A word that merely names the feature ("2 absent helpers" of
    helpers_absent) is no unit: it says what is counted, not the value.
    """
    # ("a 15 km trek" of `km travelled`: the unit the name starts with)
    unit = name_unit_of(feature.name) or lead_unit_of(feature.name)
    if after.lstrip().startswith("%"):
        return unit == "%" or re.search(r"pct|percent", feature.name, re.IGNORECASE) is not None
    word = _NEXT_WORD.match(after)
    if word is None:
        return False
    said = word.group(1).lower()
    if unit is not None and _same_unit(said, unit):
        return True
    # ("4 mm soot" of SootDepth "..., in millimetres": the unit the feature's description says it is counted in)
    counted = re.search(r"\bin\s+([a-z]+)\s*\.?$", feature.description or "", re.IGNORECASE)
    if counted is not None and said in unit_words(said) and counted.group(1).lower() in unit_words(said):
        return True
    # a unit of time a word of the name spells out: "30 mins" of overstay_minutes, "0 weeks" of WeeksAshore
    if _TIME.match(said) is None:
        return False
    return any(_TIME.match(word) and said[:3] == word[:3].lower() for word in name_words(feature.name))


def _same_unit(said: str, unit: str) -> bool:
    """Whether the word `said` after a number is `unit` (as the name writes it) in any of its spellings: "kg" of
    kg, "hrs" of "(hours)" as well as of "(h)"; the words of a unit as a symbol list its spelled forms, so the
    check runs both ways.
    """
    return any(form in unit_words(unit) or unit in unit_words(form) for form in (said, said.rstrip("s")))
