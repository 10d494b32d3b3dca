"""Follow-ups that change the feature in focus without naming it: "higher", "20 % lower", "5 more", "double it".

A what-if follow-up often names only a direction and an amount ("what if it were higher?", "and if it were
20 % lower instead?", "what about 5 more?"). Such a turn refers to the feature in focus, the one the last
what-if changed (or the last feature asked about), and replaces the previous change rather than repeating
it. `extract_step` reads the step from the turn; `focus_feature` finds the feature in focus in a history;
`step_changes` turns the two into the `changes` argument of `explain_what_if`.

Other follow-ups repeat the previous call with one thing replaced, read from the call itself rather than
from older state: `simxai.followup_calls` (re-exported here), `simxai.followup_context` (a metric moved to a
group), `simxai.followup_fragment` (descriptions, the speaker's id, counts, positions) and
`simxai.followup_readings` (two readings, asked about).

A direction without an amount ("what if it were higher?") is no change yet: the engine asks how much,
offering a concrete amount (a tenth of the feature's range), because any default would be a guess that
decides the answer (a small step may keep the label where a large one flips it).

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from simxai._directions import STEP_DOWN, STEP_UP
from simxai.extraction import (
    article_spans,
    by_fractions,
    extract_feature,
    feature_spans,
    fraction_steps,
    span_in_unit,
    time_unit,
)
from simxai.extraction.mentions import SPAN_UNITS
from simxai.followup_calls import (
    CONTINUES,
    INSTANCE_COUNTERPART,
    LastCall,
    adds_to_previous,
    bare_why,
    carried_change,
    class_follow_up,
    continues_added_changes,
    from_last_tried,
    last_call,
    names_other_class,
    other_class_arguments,
    repeated_step,
    repeated_value,
    said_from_last_tried,
    same_question,
    shifted_condition,
)
from simxai.followup_length import measures_length
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.messages import Message
from simxai.normalize import normalize

__all__ = [
    "CONTINUES",
    "INSTANCE_COUNTERPART",
    "LastCall",
    "Step",
    "answer_amount",
    "confirms",
    "answer_value",
    "changed_feature",
    "changed_feature_answer",
    "class_follow_up",
    "shifted_condition",
    "carried_change",
    "extract_step",
    "focus_feature",
    "multiplied_step",
    "last_call",
    "adds_to_previous",
    "bare_why",
    "continues_added_changes",
    "from_last_tried",
    "names_other_class",
    "same_question",
    "offered_amount",
    "other_class_arguments",
    "repeated_step",
    "repeated_value",
    "step_changes",
    "step_feature",
]

_NUM = r"\d+(?:\.\d+)?"
_UP, _DOWN = STEP_UP, STEP_DOWN
_INC = r"increase|increased|raise|raised|add|added|bump|boost|up"
_DEC = r"decrease|decreased|reduce|reduced|lower|lowered|cut|drop|dropped|subtract|subtracted"
_AGE_WORDS = ("older", "younger")

# "20 % lower", "5 more", "5 points higher", "10 years older"
_AMOUNT_DIRECTION = re.compile(
    rf"(?<![\w.])(?P<n>{_NUM})(?:\s?(?P<pct>%))?\s+(?:(?:points?|units?|(?P<unit>{SPAN_UNITS})|degrees?)\s+)?(?P<dir>{_UP}|{_DOWN})\b"
    rf"(?:\s+(?P<after>{SPAN_UNITS})\b)?",  # "2 more days": the unit after the direction
    re.IGNORECASE,
)
# "higher by 5", "lower by 20%", "increase it by 5", "reduce that by 10 %"
_DIRECTION_BY = re.compile(
    rf"\b(?P<dir>{_UP}|{_DOWN}|{_INC}|{_DEC})\s+(?:(?:it|that|this|them)\s+)?by\s+(?P<n>{_NUM})(?:\s?(?P<pct>%))?",
    re.IGNORECASE,
)
# "and down 8 instead?", "up another 5", "down by 10%": the direction first, its amount after (never "up to 8"); a
# full stop after the amount ends the sentence ("And down another 10."), a digit after it is a decimal
_DIRECTION_AMOUNT = re.compile(
    rf"\b(?P<dir>up|down)\s+(?:by\s+)?(?:another\s+|a\s+further\s+)?(?P<n>{_NUM})(?:\s?(?P<pct>%))?(?!\w|\.\d)",
    re.IGNORECASE,
)
# "double it", "if it were halved", "twice as high"
_MULTIPLY = re.compile(
    r"\b(?P<m>double|doubled|triple|tripled|halve|halved|twice|half)\b(?!\s+(?:the|a|an|her|his|its|their)\s+\w)",
    re.IGNORECASE,
)
# "1.5 times", "3 times higher", "2x less": a factor of the value in focus (a division when it is less)
_TIMES = re.compile(rf"(?<![\w.])(?P<n>{_NUM})\s*(?:times|x)(?:\s+(?P<dir>{_UP}|{_DOWN}))?\b", re.IGNORECASE)
_MULTIPLIERS = {"double": 2, "doubled": 2, "twice": 2, "triple": 3, "tripled": 3, "halve": 0.5, "halved": 0.5}
# "what if it were higher?", "a bit lower", "even higher", "make it higher", "increase it"
_DIRECTION_ONLY = re.compile(
    rf"\b(?:were|was|is|be|been|got|gets|went|goes|made|make\s+(?:it|that|this|them))\s+"
    rf"(?:(?:a\s+(?:bit|little|lot)|much|even|slightly|somewhat|still|any)\s+)?(?P<dir>{_UP}|{_DOWN})\b"
    rf"|\b(?P<verb>{_INC}|{_DEC})\s+(?:it|that|this|them)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Step:
    """A relative change named without a feature: a sign, and an amount when one is given."""

    #: "=" sets the feature to `amount` ("and if it were 90?").
    sign: Literal["+", "-", "*", "="]
    amount: float | None
    percent: bool = False
    #: "older" / "younger" name the age feature by themselves.
    age: bool = False
    #: The unit of time the amount was said in ("two weeks more"), or None.
    unit: str | None = None
    #: Said of a span of time ("twice as long", "a bit longer"): a feature that counts time changes.
    duration: bool = False

    def value(self) -> ChangeValue | None:
        """The change as `explain_what_if` takes it ("+5", "-20%", "*2"), or None without an amount."""
        if self.amount is None:
            return None
        if self.sign == "=":
            return int(self.amount) if self.amount.is_integer() else self.amount
        return f"{self.sign}{self.amount:g}{'%' if self.percent else ''}"


# "what if her income dropped?", "if the claims fell": a feature said to move, in the past tense, with no amount
_MOVED = r"rose|fell|dropped|declined|climbed|sank|shrank|grew"
_MOVED_ONLY = re.compile(rf"\b(?P<dir>{_MOVED})(?!\s+(?:to|by|from|in|on|at|for)\b)(?=\s*[?.!]*\s*$)", re.IGNORECASE)


def _sign(direction: str) -> Literal["+", "-"]:
    down = rf"{_DOWN}|{_DEC}|fell|declined|sank|shrank"
    return "-" if re.fullmatch(down, direction, re.IGNORECASE) else "+"


# "and if it were 90?", "set it to 25", "what if that went to 110": a new value of the feature in focus
_SET_IT = re.compile(
    rf"\b(?:if\s+(?:it|that|this)\s+(?:is|was|were|became)|(?:it|that)\s+(?:were|was)|"
    rf"(?:set|make|change|put)\s+(?:it|that|this)\s+(?:to|at)|(?:it|that)\s+(?:went|goes|rose|fell|dropped)\s+to)"
    rf"\s(?P<n>-?{_NUM})(?![\d.%]|\s?%|\s(?:years?|points?|units?|percent|times|more|less|higher|lower|older|younger)\b)",
    re.IGNORECASE,
)


def extract_step(text: str, schema: HostSchema | None = None) -> Step | None:
    """The relative change a turn names without a feature, or None.

    "what if it were 20 % lower instead?" -> Step("-", 20, percent=True); "what about 5 more?" -> Step("+",
    5); "and down 8 instead?" -> Step("-", 8); "double it" -> Step("*", 2); "and if it were 90?" -> Step("=",
    90); "what if it were higher?" -> Step("+", None) (no amount given).
    """
    # "a quarter higher" -> "25% higher", "a month less" -> "1 month less"
    text = article_spans(fraction_steps(by_fractions(normalize(text, schema))))
    step = _step(text)
    if step is not None and _DURATION.search(text):
        step = replace(step, duration=True)  # "stored for twice as long": of a feature that counts time
    return step


# "twice as long", "for longer", "a bit shorter": a step said of a span of time
_DURATION = re.compile(r"\bas\s+long\b|\blonger\b|\bshorter\b", re.IGNORECASE)


def _step(text: str) -> Step | None:
    times = _TIMES.search(text)
    if times:
        factor = float(times.group("n"))
        if times.group("dir") and _sign(times.group("dir")) == "-" and factor > 1:
            return Step("-", round(100 - 100 / factor, 2), percent=True)  # "3 times less": a division
        return Step("*", factor)
    match = _AMOUNT_DIRECTION.search(text) or _DIRECTION_BY.search(text) or _DIRECTION_AMOUNT.search(text)
    if match:
        direction = match.group("dir").lower()
        age = direction in _AGE_WORDS
        unit = (
            None if age else (match.groupdict().get("unit") or match.groupdict().get("after"))
        )  # "10 years older" is age's
        return Step(_sign(direction), float(match.group("n")), bool(match.group("pct")), age, unit)
    multiply = _MULTIPLY.search(text)
    if multiply:
        return Step("*", float(_MULTIPLIERS.get(multiply.group("m").lower(), 0.5)))
    value = _SET_IT.search(text)
    if value:
        return Step("=", float(value.group("n")))
    only = _DIRECTION_ONLY.search(text) or _MOVED_ONLY.search(text)
    if only:
        direction = (only.groupdict().get("dir") or only.group("verb")).lower()
        return Step(_sign(direction), None, age=direction in _AGE_WORDS)
    return None


# "double it", "halve that", "twice that": a factor of the change just tried, said of it with a pronoun
_MULTIPLY_IT = re.compile(r"\b(?:double|triple|halve|twice)\s+(?:it|that)\b", re.IGNORECASE)
# "twice that", "double that", "half of that": "that" is the value just said, not the feature
_MULTIPLY_THAT = re.compile(r"\b(?:double|triple|halve|twice|half(?:\s+of)?)\s+that\b", re.IGNORECASE)
# "halve it instead": the factor replaces the change just tried, of the feature itself
_INSTEAD = re.compile(r"\binstead\b", re.IGNORECASE)
_SIGNED_STEP = re.compile(r"(?P<sign>[+-])(?P<n>\d+(?:\.\d+)?)(?P<pct>%?)")


def multiplied_step(text: str, step: Step, focus: str | None, history: Sequence[Message]) -> Step:
    """The step "double it" takes after a what-if that moved the feature in focus by a step: that step multiplied
    ("30 days more", then "double it": 60 days more, "+60"); after a value said outright, "twice that" and "double it"
    are that value multiplied ("3 hours", then "twice that": 6; "what if the price were 100", then "double it": 200,
    as the people/ and gate authors read it, dlg48); `step` itself after any other turn, and with "instead" ("halve
    it instead": the feature halved in place of the step).
    """
    if step.sign != "*" or step.amount is None or focus is None or _INSTEAD.search(text):
        return step
    if said_from_last_tried(text) or not (_MULTIPLY_IT.search(text) or _MULTIPLY_THAT.search(text)):
        return step  # "halve that again": of the value the last what-if tried (`from_last_tried`), not of its step
    previous = last_call(history)
    changes = previous.arguments.get("changes") if previous is not None else None
    said = (
        changes.get(focus)
        if previous is not None and previous.name == "explain_what_if" and isinstance(changes, dict)
        else None
    )
    if isinstance(said, int | float) and not isinstance(said, bool):
        return Step("=", float(said) * step.amount)
    if not _MULTIPLY_IT.search(text):
        return step
    tried = _SIGNED_STEP.fullmatch(said) if isinstance(said, str) else None
    if tried is None:
        return step
    sign: Literal["+", "-"] = "+" if tried.group("sign") == "+" else "-"
    return Step(sign, float(tried.group("n")) * step.amount, percent=bool(tried.group("pct")))


def focus_feature(history: Sequence[Message], schema: HostSchema | None = None) -> str | None:
    """The feature in focus: the last feature a what-if changed or a question asked about, in `history`.

    With `schema`, a user turn the assistant answered with a question (no call) counts too: after "what if
    the loan amount was smaller?" and "How much lower?", "reduce it by 5" changes the loan amount.
    """
    for index in range(len(history) - 1, -1, -1):
        message = history[index]
        answered_by_question = (
            index + 1 < len(history) and history[index + 1].role == "assistant" and not history[index + 1].tool_calls
        )
        if schema is not None and message.role == "user" and answered_by_question:
            named = extract_feature(message.content, schema)
            if named is not None:
                return named
        for call in reversed(message.tool_calls):
            changes = call.arguments.get("changes")
            if call.name == "explain_what_if" and isinstance(changes, dict) and changes:
                return str(list(changes)[-1])
            feature = call.arguments.get("feature")
            if isinstance(feature, str) and feature:
                return feature
    return None


def _age(schema: HostSchema | None) -> str | None:
    if schema is None:
        return None
    return next((f.name for f in schema.features if f.type == "numeric" and "age" in f.name.lower().split("_")), None)


def step_changes(step: Step, focus: str | None, schema: HostSchema | None) -> dict[str, ChangeValue] | None:
    """The changes a step makes to the feature in focus ("older" / "younger" always change age), or None.

    None when no feature is in focus or the step has no amount: the engine asks then.
    """
    feature = step_feature(step, focus, schema)
    said = schema.feature(feature) if schema is not None and feature is not None else None
    if step.unit and step.amount is not None and said is not None and said.type == "numeric" and not step.percent:
        amount = span_in_unit(step.amount, step.unit, said)  # "two weeks more" on a feature in months: +0.47
        step = step if amount is None else replace(step, amount=amount)
    value = step.value()
    if feature is None or value is None:
        return None
    return {feature: value}


def step_feature(step: Step, focus: str | None, schema: HostSchema | None) -> str | None:
    """The feature a step changes: age for "older" / "younger", else the feature in focus. A step said of a span
    of time ("twice as long") never changes a focus that counts no time ("storage_temp"): it changes the one
    feature that counts a span of time (`years_in_storage`), or none (the engine asks); "longer" of a focus that
    measures a length ("Ski Len (cm)") changes it.
    """
    if step.age:
        return _age(schema) or focus
    said = schema.feature(focus) if schema is not None and focus is not None else None
    spans_no_time = said is None or (time_unit(said) is None and not measures_length(said))
    if step.duration and schema is not None and spans_no_time:
        return _span_feature(schema)
    return focus


def _span_feature(schema: HostSchema) -> str | None:
    """The one numeric feature that counts a span of time by a plural unit in its name ("years_in_storage",
    "TransitDays"; not "collection_month", a month of the year), or None.
    """
    spans = [
        f.name
        for f in schema.features
        if f.type == "numeric"
        and time_unit(f) is not None
        and re.search(r"(?:years|months|weeks|days|hours|nights)(?![a-z])", f.name, re.IGNORECASE)
    ]
    return spans[0] if len(spans) == 1 else None


def offered_amount(feature: FeatureSchema) -> float | None:
    """A concrete amount to offer for "higher" without one: a tenth of the feature's range, two digits."""
    if feature.type != "numeric" or feature.min is None or feature.max is None or feature.max <= feature.min:
        return None
    return float(f"{(feature.max - feature.min) / 10:.2g}")


# "10", "by 5 %", "10 years", "3 points please"
_BARE_AMOUNT = re.compile(
    rf"^\W*(?:by\s+)?(?P<n>{_NUM})(?:\s?(?P<pct>%))?(?:\s+(?:years?|points?|units?))?(?:\s+please)?[\s.!?]*$",
    re.IGNORECASE,
)
_YES = re.compile(r"^\W*(?:yes|yeah|yep|ok(?:ay)?|sure|fine|go\s+ahead|do\s+it|please)\b", re.IGNORECASE)
# The words around the number of an answer that say nothing more: "like 10 km", "by £30 a night", "about 20".
_ANSWER_LEAD = re.compile(
    r"^\W*(?:(?:like|about|around|roughly|maybe|say|so|ok(?:ay)?|um|hmm|no|nope|actually|rather|sorry|"
    r"i\s+mean|i\s+meant)\b[\s,]*)+",  # "no, I meant 30 years": the answer is 30
    re.I,
)
_CURRENCY = re.compile(r"[£$€]")
_PER_UNIT = re.compile(r"\s(?:a|an|per|each)\s+(?:night|day|week|month|year|hour|person|head)\b", re.I)
_UNIT_AFTER = re.compile(r"(?P<n>\d)\s?(?P<u>[A-Za-z]+)\b")
_LEADING_ID = re.compile(r"^\W*(?P<n>\d+)\s*[,:]\s*")
_UNITS = frozenset(
    "km kms kg kgs mm cm ha hours hrs hour days mins minutes miles pounds dollars euros quid bucks years yrs "
    "months weeks degrees".split()
)


def _answer_core(text: str, schema: HostSchema | None) -> str:
    """An answer to "how much?" or "what should X be?" with what only surrounds its number dropped.

    A leading "like" or "about", a currency sign, a unit after the number ("10 km": any unit a feature's name
    holds, as `commute_km`, or a common one) or "a night", and the instance it names ("applicant 180, make it
    700", "23005, by 30": the engine reads that instance itself).
    """
    text = _PER_UNIT.sub("", _CURRENCY.sub("", text))
    if schema is not None:
        units = _UNITS | {p for f in schema.features for p in f.name.lower().split("_")[1:] if len(p) <= 3}
        text = _UNIT_AFTER.sub(lambda m: m.group("n") if m.group("u").lower() in units else m.group(0), text)
        noun = re.escape(schema.instance_noun or "instance")
        named = re.search(rf"\b{noun}\s(?P<n>\d+)\b[\s,:]*", text, re.IGNORECASE)
        if named is not None and schema.has_id(int(named.group("n"))):
            text = text[: named.start()] + text[named.end() :]
        leading = _LEADING_ID.match(text)
        if leading is not None and schema.has_id(int(leading.group("n"))):
            text = text[leading.end() :]
    return _ANSWER_LEAD.sub("", text)


def answer_amount(
    text: str, sign: Literal["+", "-"], offer: ChangeValue | None, schema: HostSchema | None
) -> ChangeValue | None:
    """The change a user's answer to "how much higher?" gives: a step, a bare amount, or yes to the offer."""
    text = _answer_core(normalize(text, schema), schema)
    step = extract_step(text, schema)
    if step is not None and step.amount is not None:
        return step.value()
    bare = _BARE_AMOUNT.match(text)
    if bare:
        return f"{sign}{float(bare.group('n')):g}{'%' if bare.group('pct') else ''}"
    if offer is not None and _YES.match(text):
        return offer
    return None


def confirms(text: str) -> bool:
    """Whether a turn only says yes ("yes", "yes please", "sure, go ahead"), with no value of its own."""
    return bool(_YES.match(text)) and not re.search(r"\d", text) and len(text.split()) <= 6


_BARE_VALUE = re.compile(
    rf"^\W*(?:(?:to|make\s+it|set\s+it\s+to|it\s+should\s+be|say)\s+)?(?P<n>-?{_NUM})"
    r"(?:\s+(?:old|ago|long|or\s+so))?[\s.!?]*$",  # "10 years old", "5 weeks ago": the unit dropped, its word left
    re.I,
)


def answer_value(text: str, feature: FeatureSchema, schema: HostSchema | None) -> ChangeValue | None:
    """The change a user's answer to "what should glucose be?" gives: a step, or a bare value that sets it.

    "110" -> 110; "10% higher" -> "+10%"; for a categorical feature, one of its categories named alone.
    """
    text = _answer_core(normalize(text, schema), schema)
    step = extract_step(text, schema)
    if step is not None and step.amount is not None:
        return step.value()
    bare = _BARE_VALUE.match(text)
    if bare and feature.type == "numeric":
        number = float(bare.group("n"))
        return int(number) if number.is_integer() else number
    words = text.strip(" .!?").lower()
    return next((c for c in feature.categories or [] if c.lower() == words), None)


def changed_feature(text: str, schema: HostSchema) -> str | None:
    """The one feature a what-if turn that names no change is about ("and her glucose?"), or None."""
    if schema.kind != "tabular":
        return None
    return extract_feature(text, schema) if len(feature_spans(text, schema)) == 1 else None


def changed_feature_answer(text: str, feature: str, schema: HostSchema) -> dict[str, ChangeValue] | None:
    """The `changes` an answer to "what should glucose be?" gives, or None when it is no answer."""
    found = next((f for f in schema.features if f.name == feature), None)
    value = answer_value(text, found, schema) if found is not None else None
    return {feature: value} if value is not None else None
