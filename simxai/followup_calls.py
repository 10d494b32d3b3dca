"""Follow-ups that repeat the previous call with one thing replaced, read from that call, not from older state.

"and her glucose?" after a relative what-if ("+10 %") makes the same change to glucose (`carried_change`;
after an absolute one, "glucose = 30" would be a guess, so the engine asks); "same for the other class"
swaps the label of the previous call on a two-class model (`other_class_arguments`); "and on the negative
ones?" names another class (`class_follow_up`); "and over 40?" moves a one-clause bound (`shifted_condition`);
"same for applicant 56" keeps every argument but the instance (`same_question`); "and 10?" after "bmi 5
higher" is a new amount when 10 is no id (`repeated_step`); a turn that only names an instance after a
global explanation asks for its local explanation (`INSTANCE_COUNTERPART`). `last_call` reads the call.

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from simxai._directions import CHANGE_DOWN, CHANGE_UP, alternation
from simxai._last_tried import from_last_tried, said_from_last_tried
from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import ChangeValue, HostSchema
from simxai.messages import Message, successful_payload

__all__ = [
    "CONTINUES",
    "INSTANCE_COUNTERPART",
    "LastCall",
    "adds_to_previous",
    "continues_added_changes",
    "bare_why",
    "carried_change",
    "class_follow_up",
    "last_call",
    "names_other_class",
    "other_class_arguments",
    "repeated_step",
    "repeated_value",
    "same_question",
    "shifted_condition",
    "stepped_amount",
    "successful_calls",
    "said_as_change",
    "from_last_tried",
    "said_from_last_tried",
    "valued_number",
]

_NUM = r"\d+(?:\.\d+)?"

#: The function that asks a global question's question about one instance: "which features matter most?"
#: then "and for patient 14?" wants patient 14's own feature contributions, not only its prediction.
INSTANCE_COUNTERPART = {"get_global_explanation": "get_local_explanation"}

#: The label argument of each function that takes one, and the output field that names the label it used.
_LABEL_ARGUMENTS = {
    "prediction_label": "label",
    "expected_label": "target_label",
    "target_label": "target_label",
    "label": "label",  # the label a metric or a global explanation is of
}
_OTHER_CLASS = re.compile(
    r"\b(?:other|opposite)\s+(?:class|label|one|outcome|category|sentiment|prediction|way|side|result)\b",
    re.IGNORECASE,
)
#: A turn that continues the previous question rather than starting a new one.
# "compare that with the under-35s": the answer just given, set beside the same question on another subject
CONTINUES = re.compile(
    r"^\W*(?:and|but|also|now|then|same|what\s+about|how\s+about|"
    r"compare\s+(?:that|this|it|those|these)(?:\s+(?:figure|number|result|one))?\s+(?:with|to|against))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class LastCall:
    """The last successful call of a history: its function, arguments and output."""

    name: str
    arguments: dict[str, Any]
    output: Any


def successful_calls(history: Sequence[Message]) -> Iterator[LastCall]:
    """The calls in `history` whose results came back without an error, last first."""
    results: dict[str, Any] = {}
    for message in reversed(history):
        if message.role == "tool" and message.tool_call_id is not None:
            results.setdefault(message.tool_call_id, successful_payload(message.content))
        elif message.role == "assistant" and message.tool_calls:
            for call in reversed(message.tool_calls):
                payload = results.get(call.id)
                if payload is not None:
                    yield LastCall(call.name, dict(call.arguments), payload.get("result"))
            results = {}  # call ids repeat from turn to turn: a result belongs to the calls just before it


def last_call(history: Sequence[Message]) -> LastCall | None:
    """The last call in `history` whose result came back without an error, or None."""
    return next(successful_calls(history), None)


_BARE_WHY = re.compile(r"^\W*(?:(?:and|but|so|ok(?:ay)?)\W+)?(?:why|how\s+come|why\s+is\s+that|why\s+so)\W*$", re.I)


_ADDS = re.compile(
    r"\b(?:also|too|as\s+well|in\s+addition|additionally|on\s+top(?:\s+of\s+(?:that|it|this))?(?!\s+of\b)|both\s+(?:that|this|it)\s+and|"
    r"(?:together|along|combined)\s+with\s+(?:that|this|it|the\s+(?:last|previous|first)\s+(?:one|change)))\b",
    re.I,
)


def adds_to_previous(text: str) -> bool:
    """Whether a what-if adds its changes to the previous ones ("and with glucose 100 as well?")."""
    return bool(_ADDS.search(text))


# A turn that goes on from the last one ("and ...", "plus ..."), and one that takes back a change ("... instead?",
# but not the old value after "instead of": "and on clay instead of sand" still adds the soil)
# (a "+" and a space opening the turn is "plus": "+ 2 fewer misses"; "+2" is a signed amount)
_GOES_ON = re.compile(r"^\s*\+\s|^\W*(?:and|plus)\b", re.I)
# "and if ...", "and what if ...", "and suppose ...": a supposition opened anew after the joining word
_NEW_SUPPOSITION = re.compile(r"^\W*and\W+(?:what\s+)?(?:if|suppose|supposing|imagine)\b", re.I)
_REPLACES = re.compile(r"\binstead\b(?!\s+of\b)|\brather\b(?!\s+than\b)|\bnot\s+that\b", re.I)


def continues_added_changes(text: str, earlier: object, changes: dict[str, Any]) -> bool:
    """Whether a what-if that goes on with "and" / "plus" adds its changes to a scenario being built up.

    "and with the roof repaired", "plus a second lock", "and two fewer guests" name a further feature of the same
    scenario: people build a scenario up change by change, and in the people/ sets every such turn after a what-if
    keeps the earlier changes. A turn that opens a supposition of its own ("and if she didn't smoke?") may be another
    scenario, unless a scenario was already built up (two features or more). A change of a feature already
    changed, or a turn that takes back ("... instead?"), replaces.
    """
    if not isinstance(earlier, dict) or not changes or not _GOES_ON.match(text) or _REPLACES.search(text):
        return False
    if any(name in earlier for name in changes):
        return False
    return len(earlier) >= 2 or _NEW_SUPPOSITION.match(text) is None


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
    "and but what about how for the a an on in among with those ones one cases case now then also same please "
    "predicted labelled labeled classified as being are is were was ones instead only just there particular "
    "specifically".split()
)


# A continuation that starts with its preposition: "for blighted?", "on the negative ones?"
_FOR_ONLY = re.compile(r"^\W*(?:for|on)\s", re.IGNORECASE)


def class_follow_up(text: str, labels: Sequence[str], noun: str | None = None) -> str | None:
    """The class a continuation names and nothing else ("and on the negative ones?" -> "negative"), or None.

    A word names a class when it is the class's name or its stem ("approve" for "approved"); the turn must
    continue the previous question ("and ...", "what about ...", or only "for ..." / "on ...").
    """
    if not CONTINUES.match(text) and not _FOR_ONLY.match(text):
        return None
    nouns = {noun.lower(), noun.lower() + "s"} if noun else set()
    named: set[str] = set()
    said = text.lower()
    for name in labels:  # a class of several words, however they are joined: "on time" for on_time
        parts = re.split(r"[\s_]+", name.strip().lower())
        pattern = r"(?<![\w-])" + r"[\s_-]+".join(map(re.escape, parts)) + r"(?![\w-])"
        if len(parts) > 1 and re.search(pattern, said):
            named.add(name)
            said = re.sub(pattern, " ", said)
    for word in re.findall(r"[A-Za-z']+", said):
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
    # "the ones missing 6 or fewer": one word of the feature's verb between, if it names no other feature (dlg49)
    rf"(?:(?P<verb>with|having|[a-z]{{3,}}(?:ing|ed))\s+)?"
    rf"(?:(?P<op>over|above|under|below|more\s+than|less\s+than|fewer\s+than|older\s+than|younger\s+than|"
    rf"at\s+(?:most|least))\s+(?P<n>{_NUM})|"
    # "6 or fewer", "10 or more": the bound itself included
    rf"(?P<n2>{_NUM})\s+or\s+(?P<op2>fewer|less|under|below|lower|more|over|above|higher))[\s.!?]*$",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"^\s*(?P<feature>[A-Za-z_]\w*)\s*(?:>=|<=|>|<)\s*-?\d+(?:\.\d+)?\s*$")


def shifted_condition(text: str, condition: str, schema: HostSchema | None = None) -> str | None:
    """A one-clause numeric condition moved to the bound a continuation names ("and over 40?"), or None.

    After "how does it do on patients under 40?", "and over 40?" names only a bound: it is the same
    feature's ("age > 40"); "and the ones missing 6 or fewer" after `missed_days > 6` is `missed_days <= 6`: a word
    before the bound must name that feature or open a word of its name, never another feature of `schema` ("the
    ones aged over 40" after a bmi bound) nor an unknown one ("weighing").
    """
    match = _SHIFT.match(text)
    clause = _CLAUSE.match(condition)
    if match is None or clause is None:
        return None
    verb, feature = (match.group("verb") or "").lower(), clause.group("feature")
    named = {m.feature.name for m in feature_mentions(verb, schema)} if verb and schema is not None else set()
    stem = verb[:4]  # "missing" of missed_days: the verb's stem opens a word of the feature's name
    if named - {feature} or (verb not in ("", "with", "having") and not named and not _opens_a_word(stem, feature)):
        return None
    if match.group("n2") is not None:
        up = match.group("op2").lower() in ("more", "over", "above", "higher")
        return f"{feature} {'>=' if up else '<='} {match.group('n2')}"
    op = match.group("op").lower()
    if op.startswith("at"):
        return f"{feature} {'>=' if op.endswith('least') else '<='} {match.group('n')}"
    above = op.split()[0] in ("over", "above", "more", "older")
    return f"{feature} {'>' if above else '<'} {match.group('n')}"


def _opens_a_word(stem: str, name: str) -> bool:
    """Whether `stem` opens one of the words of the feature name `name` ("miss" of missed_work_days)."""
    return any(word.startswith(stem) for word in re.findall(r"[a-z]+", name.lower()))


_SAME = re.compile(
    r"^\W*(?:(?:and|ok(?:ay)?|now|then)\W+)?(?:(?:please\s+)?(?:do|show|give\s+me|tell\s+me|ask)\s+)?(?:the\s+)?"
    r"same(?:\s+[a-z]+)?\s+(?:for|with|on|about)\b"
    # "try that on patient 9", "now run it for 31", "apply the same to log 5": the last question done again elsewhere
    r"|^\W*(?:(?:and|ok(?:ay)?|now|then|so)\W+)?(?:(?:please|can\s+you|could\s+you)\s+)?(?:try|run|apply|repeat|redo)"
    r"\s+(?:that|this|it|the\s+same)(?:\s+(?:again|too|as\s+well))?\s+(?:for|with|on|to)\b"
    r"|^\W*(?:(?:and|so)\W+)?(?:how\s+(?:does|do|would)\s+(?:that|this|it)\s+compare|compare\s+(?:that|this|it))\s+"
    r"(?:with|to|against)\b"
    # "and for 505, same scenario?": the instance first, then "same ..."
    # ("same diet?", "same plan": the word after "same" names what stays, whatever it is)
    r"|^\W*(?:and\s+)?(?:for|with|on)\s+\S+(?:\s\d+)?,?\s+(?:the\s+)?same(?:\s+[a-z]+)?(?:\s+(?:again|please))?\W*$"
    # "ok and my other parcel, 39119, same changes": a few words naming an id, then "same ..." and nothing else
    r"|^\W*(?:[a-z]+,?\s+){0,5}#?\d+,?\s+(?:the\s+)?same(?:\s+[a-z]+)?(?:\s+(?:again|please|too))?\W*$",
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


def _comparatives(words: str) -> tuple[str, ...]:
    """The comparatives ("deeper", "colder") of a `simxai._directions` alternation, without its verbs ("rose")."""
    return tuple(word for word in words.split("|") if word.endswith("er"))


# The direction words a value said after a direction may follow ("lower still, 100", "shallower still, 3"); which
# way each goes is checked against the value tried (`valued_number`). Comparatives only: "and up, 5" is no value.
_TOWARD_UP = alternation(("higher", "more", "bigger", "larger", "greater"), _comparatives(CHANGE_UP))
_TOWARD_DOWN = alternation(("lower", "less", "smaller", "fewer"), _comparatives(CHANGE_DOWN))
_UPWARD_WORD = re.compile(rf"\b(?:{_TOWARD_UP})\b", re.IGNORECASE)
_DOWNWARD_WORD = re.compile(rf"\b(?:{_TOWARD_DOWN})\b", re.IGNORECASE)
# "and 10?", "and -10?" (a sign of its own), "and 100 points", "and 20 more", "and £200 instead?", "and 10 cm
# instead?" (the feature's own unit): a new amount for the same change
_BARE_STEP = re.compile(
    r"^[^\w+-]*(?:(?:and|or|what\s+about|how\s+about)\s+)?"
    # "same but 20 %", "the same again, only 5": the change just tried with another amount
    r"(?:(?:the\s+)?same(?:\s+again)?\W+(?:but|only|just)\s+(?:with\s+|by\s+)?)?(?:with\s+)?"
    # "and if it were £10k instead?", "what if it was 4 instead": the number said as what the change were
    r"(?P<were>(?:what\s+)?if\s+(?:it|that)\s+(?:were|was|is)\s+)?"
    # "even lower, say 33", "higher still, maybe 50", "smaller still, 12": a direction, then the value the feature were
    # "deeper still, 18", "fewer still, 4": any direction word of a change (`simxai._directions`) does
    rf"(?P<toward>(?:(?:even|still|a\s+bit|much)\s+)?(?:{_TOWARD_UP}|{_TOWARD_DOWN})"
    r"(?:\s+still)?(?:\W+(?:say|maybe|perhaps|like|about|around)\s+|\s*[,:;]\s*)"  # "lower still, 100": the value
    # "damper still, 24": a comparative no list holds, said with "still", then the value (its way is not checked)
    r"|[a-z]{2,}(?:er|ier)\s+still\s*[,:;]\s*)?"
    # "another 5 on top of that": a further step, from the value just tried (`simxai._last_tried`)
    r"(?P<another>another\s+)?"
    r"(?P<by>by\s+)?(?P<sign>[+-])?\s?[£$€]?(?P<n>\d+(?:\.\d+)?)\s?(?P<pct>%)?"
    r"(?:\s?(?P<own>(?!more\b|instead\b|points?\b|units?\b|on\b)[a-z]{1,3}(?:/[a-z])?))?"
    # "and 4 more instead?": a unit word, then "on top of that" and "instead", each optional
    r"(?:\s+(?P<unit>points?|units?|more))?(?:\s+on\s+top(?:\s+of\s+(?:that|it|this))?)?(?:\s+instead)?\W*$",
    re.IGNORECASE,
)


def _bare_step(text: str, feature: str) -> re.Match[str] | None:
    """`_BARE_STEP`'s match, when a unit said after the number is the one `feature`'s name ends in ("new_snow_cm")."""
    match = _BARE_STEP.match(text)
    own = match.group("own") if match is not None else None
    if own is not None and own.lower().replace("/", "") != feature.lower().rsplit("_", 1)[-1]:
        return None
    return match


def stepped_amount(text: str, call: LastCall) -> tuple[str, str, str] | None:
    """For a bare number after a relative what-if: (feature, the change with that amount, the number), or None.

    "and 10?" after {"bmi": "+5"} -> ("bmi", "+10", "10"); a percent step keeps its "%".
    """
    step = _step(text, call)
    return None if step is None else step[:3]


def _step(text: str, call: LastCall) -> tuple[str, str, str, bool] | None:
    """`stepped_amount`, and whether the turn itself marked the number as an amount ("%" or a sign: "-10")."""
    changes = call.arguments.get("changes")
    if call.name != "explain_what_if" or not isinstance(changes, dict) or len(changes) != 1:
        return None
    [(feature, value)] = changes.items()
    match = _bare_step(text, str(feature))
    if match is None:
        return None
    value = str(value).strip()
    if value[:1] not in ("+", "-") or match.group("toward"):  # "even lower, say 33": a value, not an amount
        return None
    number, said_percent = match.group("n"), bool(match.group("pct"))
    percent = said_percent or value.endswith("%")
    sign = match.group("sign") or value[0]
    return str(feature), f"{sign}{number}{'%' if percent else ''}", number, said_percent or marks_amount(text)


def valued_number(text: str, call: LastCall) -> tuple[str, float] | None:
    """For a bare number after a what-if that set one numeric feature: (that feature, the number), or None.

    "and 650 instead?" after {"credit_score": 700} -> ("credit_score", 650.0); a sign, "%", a unit or "by"
    makes it a step, not a value.
    """
    changes = call.arguments.get("changes")
    if call.name != "explain_what_if" or not isinstance(changes, dict) or len(changes) != 1:
        return None
    [(feature, value)] = changes.items()
    match = _bare_step(text, str(feature))
    if match is None or any(match.group(g) for g in ("sign", "pct", "unit", "by", "another")):
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number, toward = float(match.group("n")), match.group("toward")
    up, down = bool(toward and _UPWARD_WORD.search(toward)), bool(toward and _DOWNWARD_WORD.search(toward))
    if (up or down) and (number > value) != up:
        return None  # "higher still, 50" after 100: the direction and the value disagree, so neither is read
    return str(feature), number


def marks_amount(text: str) -> bool:
    """Whether a bare-number follow-up marks its number as an amount, never an id: a sign ("and -10?"), a
    unit ("and 100 points", "and 20 more"), "by" ("and by 20?") or "if it were" ("and if it were 4 instead?").
    """
    match = _BARE_STEP.match(text)
    return match is not None and bool(
        match.group("sign") or match.group("unit") or match.group("by") or match.group("were") or match.group("another")
    )


def said_as_change(text: str) -> bool:
    """Whether a bare-number follow-up says its number as what the change were ("and if it was 35 instead?"): an
    amount or a value of the feature in focus, never an id.
    """
    match = _BARE_STEP.match(text)
    return match is not None and (match.group("were") is not None or match.group("toward") is not None)


def repeated_value(text: str, call: LastCall, schema: HostSchema | None) -> dict[str, ChangeValue] | None:
    """The previous what-if with its feature set to a bare number that cannot be an id ("and 70?").

    After "what if moisture were 80", "and 70?" sets moisture to 70 when 70 is no id of the host; an id keeps
    its readings (`simxai.followup_readings`: asked about when it is also a value in the feature's range).
    """
    valued = valued_number(text, call)
    if valued is None or schema is None or (schema.has_id(valued[1]) and not said_as_change(text)):
        return None
    feature, number = valued
    return {feature: int(number) if number.is_integer() else number}


def repeated_step(text: str, call: LastCall, schema: HostSchema | None) -> dict[str, ChangeValue] | None:
    """The previous relative what-if with a new amount, for a bare number that cannot be an id ("and 10?").

    After "what if bmi were 5 higher", "and 10?" is bmi 10 higher when 10 is no id of the host; a number in
    the id range stays an id ("and for 31?" repeats the question for instance 31).
    """
    step = _step(text, call)
    if step is None:
        return None
    feature, change, number, said_percent = step
    if not said_percent and schema is not None and schema.has_id(float(number)):
        return None
    return {feature: change}
