"""Follow-ups that change the feature in focus without naming it: "higher", "20 % lower", "5 more", "double it".

A what-if follow-up often names only a direction and an amount ("what if it were higher?", "and if it were
20 % lower instead?", "what about 5 more?"). Such a turn refers to the feature in focus, the one the last
what-if changed (or the last feature asked about), and replaces the previous change rather than repeating
it. `extract_step` reads the step from the turn; `focus_feature` finds the feature in focus in a history;
`step_changes` turns the two into the `changes` argument of `explain_what_if`.

Other follow-ups repeat the previous call with one thing replaced, read from the call itself rather than
from older state: "and her glucose?" after a relative what-if ("+10 %") makes the same change to glucose
(`carried_change`; after an absolute one, "glucose = 30" would be a guess, so the engine asks); "same for
the other class" swaps the label of the previous call on a two-class model (`other_class_arguments`); a
turn that only names a group after a metric question scores the metric on that group (`followup_context`);
a turn that only names an instance after a global explanation asks for its local explanation
(`INSTANCE_COUNTERPART`).

A direction without an amount ("what if it were higher?") is no change yet: the engine asks how much,
offering a concrete amount (a tenth of the feature's range), because any default would be a guess that
decides the answer (a small step may keep the label where a large one flips it).

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from simxai.extraction import extract_feature, feature_spans
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.messages import Message
from simxai.normalize import normalize

__all__ = [
    "INSTANCE_COUNTERPART",
    "LastCall",
    "Step",
    "answer_amount",
    "answer_value",
    "changed_feature",
    "changed_feature_answer",
    "class_follow_up",
    "shifted_condition",
    "carried_change",
    "extract_step",
    "focus_feature",
    "last_call",
    "adds_to_previous",
    "bare_why",
    "names_other_class",
    "same_question",
    "offered_amount",
    "other_class_arguments",
    "step_changes",
    "step_feature",
]

_NUM = r"\d+(?:\.\d+)?"
_UP = r"higher|more|greater|larger|bigger|up|increased|raised|older|longer|heavier|taller"
_DOWN = r"lower|less|smaller|fewer|down|decreased|reduced|lowered|younger|shorter|lighter"
_INC = r"increase|increased|raise|raised|add|added|bump|boost|up"
_DEC = r"decrease|decreased|reduce|reduced|lower|lowered|cut|drop|dropped|subtract|subtracted"
_AGE_WORDS = ("older", "younger")

# "20 % lower", "5 more", "5 points higher", "10 years older"
_AMOUNT_DIRECTION = re.compile(
    rf"(?<![\w.])(?P<n>{_NUM})(?:\s?(?P<pct>%))?\s+(?:(?:points?|units?|years?)\s+)?(?P<dir>{_UP}|{_DOWN})\b",
    re.IGNORECASE,
)
# "higher by 5", "lower by 20%", "increase it by 5", "reduce that by 10 %"
_DIRECTION_BY = re.compile(
    rf"\b(?P<dir>{_UP}|{_DOWN}|{_INC}|{_DEC})\s+(?:(?:it|that|this|them)\s+)?by\s+(?P<n>{_NUM})(?:\s?(?P<pct>%))?",
    re.IGNORECASE,
)
# "double it", "if it were halved", "twice as high"
_MULTIPLY = re.compile(
    r"\b(?P<m>double|doubled|triple|tripled|halve|halved|twice|half)\b(?!\s+(?:the|a|an|her|his|its|their)\s+\w)",
    re.IGNORECASE,
)
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

    def value(self) -> ChangeValue | None:
        """The change as `explain_what_if` takes it ("+5", "-20%", "*2"), or None without an amount."""
        if self.amount is None:
            return None
        if self.sign == "=":
            return int(self.amount) if self.amount.is_integer() else self.amount
        return f"{self.sign}{self.amount:g}{'%' if self.percent else ''}"


def _sign(direction: str) -> Literal["+", "-"]:
    return "-" if re.fullmatch(rf"{_DOWN}|{_DEC}", direction, re.IGNORECASE) else "+"


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
    5); "double it" -> Step("*", 2); "and if it were 90?" -> Step("=", 90); "what if it were higher?" ->
    Step("+", None) (no amount given).
    """
    text = normalize(text, schema)
    match = _AMOUNT_DIRECTION.search(text) or _DIRECTION_BY.search(text)
    if match:
        direction = match.group("dir").lower()
        return Step(_sign(direction), float(match.group("n")), bool(match.group("pct")), direction in _AGE_WORDS)
    multiply = _MULTIPLY.search(text)
    if multiply:
        return Step("*", float(_MULTIPLIERS.get(multiply.group("m").lower(), 0.5)))
    value = _SET_IT.search(text)
    if value:
        return Step("=", float(value.group("n")))
    only = _DIRECTION_ONLY.search(text)
    if only:
        direction = (only.group("dir") or only.group("verb")).lower()
        return Step(_sign(direction), None, age=direction in _AGE_WORDS)
    return None


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
    value = step.value()
    if feature is None or value is None:
        return None
    return {feature: value}


def step_feature(step: Step, focus: str | None, schema: HostSchema | None) -> str | None:
    """The feature a step changes: age for "older" / "younger", else the feature in focus."""
    return (_age(schema) if step.age else None) or focus


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


def answer_amount(
    text: str, sign: Literal["+", "-"], offer: ChangeValue | None, schema: HostSchema | None
) -> ChangeValue | None:
    """The change a user's answer to "how much higher?" gives: a step, a bare amount, or yes to the offer."""
    text = normalize(text, schema)
    step = extract_step(text, schema)
    if step is not None and step.amount is not None:
        return step.value()
    bare = _BARE_AMOUNT.match(text)
    if bare:
        return f"{sign}{float(bare.group('n')):g}{'%' if bare.group('pct') else ''}"
    if offer is not None and _YES.match(text):
        return offer
    return None


_BARE_VALUE = re.compile(
    rf"^\W*(?:(?:to|make\s+it|set\s+it\s+to|it\s+should\s+be|say)\s+)?(?P<n>-?{_NUM})[\s.!?]*$", re.I
)


def answer_value(text: str, feature: FeatureSchema, schema: HostSchema | None) -> ChangeValue | None:
    """The change a user's answer to "what should glucose be?" gives: a step, or a bare value that sets it.

    "110" -> 110; "10% higher" -> "+10%"; for a categorical feature, one of its categories named alone.
    """
    text = normalize(text, schema)
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


# ---- follow-ups that repeat the previous call with one thing replaced ---------------------------------------

#: The function that asks a global question's question about one instance: "which features matter most?"
#: then "and for patient 14?" wants patient 14's own feature contributions, not only its prediction.
INSTANCE_COUNTERPART = {"get_global_explanation": "get_local_explanation"}

#: The label argument of each function that takes one, and the output field that names the label it used.
_LABEL_ARGUMENTS = {"prediction_label": "label", "expected_label": "target_label", "target_label": "target_label"}
_OTHER_CLASS = re.compile(
    r"\b(?:other|opposite)\s+(?:class|label|one|outcome|category|sentiment|prediction|way|side|result)\b",
    re.IGNORECASE,
)
#: A turn that continues the previous question rather than starting a new one.
CONTINUES = re.compile(r"^\W*(?:and|but|also|now|then|same|what\s+about|how\s+about)\b", re.IGNORECASE)


@dataclass(frozen=True)
class LastCall:
    """The last successful call of a history: its function, arguments and output."""

    name: str
    arguments: dict[str, Any]
    output: Any


def last_call(history: Sequence[Message]) -> LastCall | None:
    """The last call in `history` whose result came back without an error, or None."""
    results: dict[str, Any] = {}
    for message in reversed(history):
        if message.role == "tool" and message.tool_call_id is not None:
            results.setdefault(message.tool_call_id, _result(message.content))
        elif message.role == "assistant" and message.tool_calls:
            for call in reversed(message.tool_calls):
                payload = results.get(call.id)
                if isinstance(payload, dict) and "error" not in payload:
                    return LastCall(call.name, dict(call.arguments), payload.get("result"))
            results = {}
    return None


def _result(content: str) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        return None


_BARE_WHY = re.compile(r"^\W*(?:(?:and|but|so|ok(?:ay)?)\W+)?(?:why|how\s+come|why\s+is\s+that|why\s+so)\W*$", re.I)


_ADDS = re.compile(r"\b(?:also|too|as\s+well|in\s+addition|additionally|on\s+top\s+of\s+(?:that|it|this))\b", re.I)


def adds_to_previous(text: str) -> bool:
    """Whether a what-if adds its changes to the previous ones ("and with glucose 100 as well?")."""
    return bool(_ADDS.search(text))


def bare_why(text: str) -> bool:
    """Whether a turn is only "why?" ("and why?", "how come?"), which asks about the answer just given."""
    return bool(_BARE_WHY.match(text))


def names_other_class(text: str) -> bool:
    """Whether a turn asks about "the other class" ("same for the other class", "and the opposite label?")."""
    return bool(_OTHER_CLASS.search(text))


def other_class_arguments(
    call: LastCall, labels: Sequence[str], parameters: Sequence[str], target: str | None = None
) -> dict[str, Any] | None:
    """The previous call's arguments with its label replaced by `target`, or None.

    The label is the call's label argument, else the label its output names (`get_local_explanation`
    explains the predicted label when none is given), else a class named in a group condition ("prediction
    = stable"). Without `target`, the other class of a two-class model; None when the model has more than
    two classes (which other one is a guess) or the call has no label to replace.
    """
    if target is None and len(labels) != 2:
        return None
    arguments = dict(call.arguments)
    output = call.output if isinstance(call.output, dict) else {}

    def replaced(current: str) -> str:
        if target is not None:
            return target
        return labels[1] if current == labels[0] else labels[0]

    for name, field in _LABEL_ARGUMENTS.items():
        if name not in parameters:
            continue
        current = arguments.get(name) or output.get(field)
        if isinstance(current, str) and current in labels:
            arguments[name] = replaced(current)
            return arguments if arguments[name] != current else None
    for name in ("instance", "group"):
        condition = arguments.get(name)
        if isinstance(condition, str):
            pattern = re.compile(rf"(?<=[=\s])({'|'.join(re.escape(label) for label in labels)})\b")
            swapped = pattern.sub(lambda m: replaced(m.group(1)), condition)
            if swapped != condition:
                arguments[name] = swapped
                return arguments
    return None


# Words a turn that only names another class may hold besides it ("and on the negative ones?", "and approve?").
_CLASS_FILLER = frozenset(
    "and but what about how for the on in among with those ones one cases case now then also same please "
    "predicted labelled labeled classified as being are is were was ones instead".split()
)


def class_follow_up(text: str, labels: Sequence[str], noun: str | None = None) -> str | None:
    """The class a continuation names and nothing else ("and on the negative ones?" -> "negative"), or None.

    A word names a class when it is the class's name or its stem ("approve" for "approved"); the turn must
    continue the previous question ("and ...", "what about ...").
    """
    if not CONTINUES.match(text):
        return None
    nouns = {noun.lower(), noun.lower() + "s"} if noun else set()
    named: set[str] = set()
    for word in re.findall(r"[A-Za-z']+", text.lower()):
        label = next((x for x in labels if _stem_of(word, x.lower())), None)
        if label is not None:
            named.add(label)
        elif word not in _CLASS_FILLER and word not in nouns:
            return None
    return named.pop() if len(named) == 1 else None


def _stem_of(word: str, label: str) -> bool:
    return word == label or (len(word) >= 4 and label.startswith(word) and len(label) - len(word) <= 3)


_SHIFT = re.compile(
    rf"^\W*(?:(?:and|but|what\s+about|how\s+about|now)\s+)?(?:(?:for|on|among)\s+)?(?:(?:those|the\s+ones|ones)\s+)?"
    rf"(?P<op>over|above|under|below|more\s+than|less\s+than|older\s+than|younger\s+than)\s+(?P<n>{_NUM})[\s.!?]*$",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"^\s*(?P<feature>[A-Za-z_]\w*)\s*(?:>=|<=|>|<)\s*-?\d+(?:\.\d+)?\s*$")


def shifted_condition(text: str, condition: str) -> str | None:
    """A one-clause numeric condition moved to the bound a continuation names ("and over 40?"), or None.

    After "how does it do on patients under 40?", "and over 40?" names only a bound: it is the same
    feature's ("age > 40").
    """
    match = _SHIFT.match(text)
    clause = _CLAUSE.match(condition)
    if match is None or clause is None:
        return None
    above = match.group("op").split()[0].lower() in ("over", "above", "more", "older")
    return f"{clause.group('feature')} {'>' if above else '<'} {match.group('n')}"


_SAME = re.compile(
    r"^\W*(?:(?:and|ok(?:ay)?|now|then)\W+)?(?:(?:please\s+)?(?:do|show|give\s+me|tell\s+me|ask)\s+)?(?:the\s+)?"
    r"same(?:\s+[a-z]+)?\s+(?:for|with|on|about)\b"
    r"|^\W*(?:(?:and|so)\W+)?(?:how\s+(?:does|do|would)\s+(?:that|this|it)\s+compare|compare\s+(?:that|this|it))\s+"
    r"(?:with|to|against)\b"
    # "and for 505, same scenario?": the instance first, then "same ..."
    r"|^\W*(?:and\s+)?(?:for|with|on)\s+\S+(?:\s\d+)?,?\s+(?:the\s+)?same(?:\s+(?:thing|question|scenario|"
    r"changes?|again|please))?\W*$",
    re.IGNORECASE,
)


def same_question(text: str) -> bool:
    """Whether a turn asks the previous question again about something else ("same for applicant 56",
    "how does that compare with patient 4?"): every argument but the one it names stays.
    """
    return bool(_SAME.search(text))


def carried_change(feature: str, call: LastCall) -> dict[str, ChangeValue] | None:
    """The previous what-if's unit-free change applied to `feature` instead ("and her glucose?"), or None.

    Only a change without units carries over ("+10%", "*2"): "+50" credit-score points or "bmi = 30" mean
    nothing for another feature, so the engine asks what the new feature should be. None for the feature
    the previous change was on (that is no new question).
    """
    changes = call.arguments.get("changes")
    if call.name != "explain_what_if" or not isinstance(changes, dict) or not changes or feature in changes:
        return None
    value = list(changes.values())[-1]
    if isinstance(value, str) and (value.strip()[:1] in ("*", "/") or value.strip().endswith("%")):
        return {feature: value.strip()}
    return None


_BARE_STEP = re.compile(
    r"^\W*(?:(?:and|or|what\s+about|how\s+about)\s+)?(?:by\s+)?(?P<n>\d+(?:\.\d+)?)\s?(?P<pct>%)?\W*$", re.IGNORECASE
)


def repeated_step(text: str, call: LastCall, schema: HostSchema | None) -> dict[str, ChangeValue] | None:
    """The previous relative what-if with a new amount, for a bare number that cannot be an id ("and 10?").

    After "what if bmi were 5 higher", "and 10?" is bmi 10 higher when 10 is no id of the host; a number in
    the id range stays an id ("and for 31?" repeats the question for instance 31).
    """
    match = _BARE_STEP.match(text)
    changes = call.arguments.get("changes")
    if match is None or call.name != "explain_what_if" or not isinstance(changes, dict) or len(changes) != 1:
        return None
    [(feature, value)] = changes.items()
    value = str(value).strip()
    if value[:1] not in ("+", "-"):
        return None
    number, percent = match.group("n"), bool(match.group("pct")) or value.endswith("%")
    if not match.group("pct") and schema is not None and schema.id_range is not None:
        low, high = schema.id_range
        if low <= float(number) <= high:
            return None
    return {feature: f"{value[0]}{number}{'%' if percent else ''}"}
