"""Follow-ups that repair or combine the previous question, and what the answers so far say about its subjects.

- A correction replaces what the last turn said: "no, I meant 14" after "predict patient 41" is patient 14; "no
  wait, 24" after "what if the loan term were 36" is a loan term of 24; "sorry, bmi not age" after "what if age
  went up by 5" moves the change to bmi (`correction`, in `simxai.backends._dialogue_correction`). The number
  replaces the number of the last turn whose role it can take (an id, or a value or step within the feature's range);
  when it can take two, the router asks.
- "both together" after two what-ifs makes both changes at once, on the instance of the last (`combined_changes`).
- "only those over 60" after a metric on women is the metric on women over 60 (`simxai.backends._dialogue_narrowing`);
  "back to all the women" after it is the metric on women again (`simxai.backends._dialogue_widening`); "back to the
  heavy ones" goes back to a group asked about before the one in focus (`simxai.backends._dialogue_earlier_group`).
- "and a smaller loan amount too, 80" after a what-if adds loan_amount = 80; with no feature the value fits, the
  router asks which feature it is for, never reads 80 as an instance (`added_value`).
- "and 'dull' instead?" after a text what-if that replaced one word replaces it by "dull" (`replaced_word`).
- "now lower it instead", "and younger instead" after a relative what-if is the same step the other way
  (`reversed_step`).
- "and 28?" after "what if her bmi were 30" is bmi 28 when 28 is no id of the host and lies in bmi's range
  (`repeated_value`).
- The labels the answers so far gave each instance (`known_labels`) settle what the state leaves open: "why is the
  second one progressing?" about a patient predicted progressing asks why it is so, not why it is not
  (`with_known_labels`); "why was the first approved?" is the first of the last list (`with_labelled_position`);
  "why is he progressing?" after an answer about two patients of whom one is predicted
  progressing is about that one (`reading_by_label`); "and why is the other normal?" after an answer about one of
  two listed instances is about the other one (`with_other_instance`).

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai.backends._dialogue_correction import NUMBER as _NUMBER
from simxai.backends._dialogue_correction import as_number as _as_number
from simxai.backends._dialogue_correction import correction, correction_readings, numeric_range
from simxai.backends._dialogue_earlier_group import earlier_group
from simxai.backends._dialogue_labels import subject_id
from simxai.backends._dialogue_narrowing import narrowed_group
from simxai.backends._dialogue_widening import widened_group
from simxai.backends._router_added_change import added_supposition
from simxai.backends._router_decision import Decision
from simxai.backends.base import CLARIFY, CompletionRequest, CompletionResponse
from simxai.extraction import extract_argument, extract_changes, feature_spans, named_ids
from simxai.followup import last_call, other_class_arguments
from simxai.followup_calls import LastCall, adds_to_previous, successful_calls
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = [
    "added_value",
    "combined_changes",
    "correction",
    "correction_readings",
    "repair_decision",
    "repeated_value",
    "replaced_word",
    "reversed_step",
]

# "both together", "both at once", "combine them", "the two changes together", "both of them": both changes at once
_BOTH = re.compile(
    r"^\W*(?:(?:and|now|ok(?:ay)?|so|then)\W+)*(?:(?:what\s+about|how\s+about|try|do|with|and\s+with)\s+)?"
    r"(?:both(?:\s+of\s+(?:them|those))?(?:\s+changes)?(?:\s+(?:together|at\s+once|combined|at\s+the\s+same\s+time))?"
    r"|(?:the\s+)?two\s+(?:changes\s+)?(?:together|at\s+once|combined)|(?:all\s+)?together|"
    r"combine\s+(?:them|both|the\s+two|those)(?:\s+changes)?)\W*$",
    re.IGNORECASE,
)
# "now lower it instead", "and younger instead", "the other way", "lower the bmi instead": the step reversed
_REVERSED = re.compile(
    r"^\W*(?:(?:and|now|ok(?:ay)?|so|then|what\s+about|how\s+about|what\s+if)\W+)*(?:(?:make|set|move|turn|put|try|"
    r"go)\s+)?(?:(?:it|that|them|her|his|him|its|the)\s+)?(?:(?P<f1>[a-z_]+)\s+)?"
    r"(?P<dir>lower|higher|up|down|less|more|younger|older|smaller|larger|bigger|fewer|increase|decrease|raise|"
    r"reduce|drop|cut)(?:\s+(?:it|that|them|the\s+(?P<f2>[a-z_]+)))?\s+(?:instead|rather)\W*$"
    r"|^\W*(?:(?:and|now|ok(?:ay)?|so|then)\W+)*(?:(?:what\s+about|how\s+about|try|go)\s+)?"
    r"(?:the\s+)?(?:other\s+way(?:\s+round)?|opposite\s+(?:way|direction)|(?:in\s+)?the\s+other\s+direction)\W*$",
    re.IGNORECASE,
)
# "what about the opposite class", "and the other label?": a fragment that only swaps the class of a question
_OTHER_CLASS_ONLY = re.compile(
    r"^\W*(?:(?:and|but|now|ok(?:ay)?|so|then)\W+)*(?:(?:what|how)\s+about|same\s+for|and\s+for|for)?\s*(?:the\s+)?"
    r"(?:other|opposite)\s+(?:class|label|outcome|category|one)\W*$",
    re.IGNORECASE,
)
# "only those over 60", "among them, the smokers", "just the ones who rent": a condition added to the group in focus
_UP = frozenset("higher up more older larger bigger increase raise".split())
_AGE_WORDS = frozenset({"younger", "older"})
# "and 28?", "what about 28", "and if it were 28?", "at 28 then", "make that 0", "change it to 22": a new value for the
# feature in focus (an order to replace the value just tried names no feature: the one in focus is meant)
_BARE_VALUE = re.compile(
    r"^[^\w+-]*(?:(?:ok(?:ay)?|so|now|then)\W+)?(?:(?:and|or|what\s+about|how\s+about)\s+)?"
    r"(?:(?:make|change|set|put)\s+(?:it|that|this|those)\s+|(?:if\s+)?(?:it|she|he|they)\s+(?:were|was|is)\s+)?"
    r"(?:(?:at|to)\s+)?(?P<n>" + _NUMBER + r")(?:\s+(?:then|instead))?\W*$",
    re.IGNORECASE,
)


# --- what-ifs combined, reversed, or with a new value ----------------------------------------------------------


def _what_ifs(history: Sequence[Message]) -> list[LastCall]:
    """The successful what-if calls of `history`, last first."""
    return [call for call in successful_calls(history) if call.name == "explain_what_if"]


def combined_changes(text: str, history: Sequence[Message]) -> dict[str, Any] | None:
    """The arguments of "both together" after two what-ifs: the last call with both changes.

    The changes are made on the instance of the last what-if, the one in focus, also when the earlier what-if was
    about another instance: "both" names the two changes, and the dialogue has moved on to the last instance.
    """
    if not _BOTH.match(text):
        return None
    calls = _what_ifs(history)
    if len(calls) < 2 or calls[0] != last_call(history):
        return None
    last, before = calls[0], calls[1]
    if subject_id(last) is None or subject_id(before) is None:
        return None
    changes, earlier = last.arguments.get("changes"), before.arguments.get("changes")
    if not isinstance(changes, dict) or not isinstance(earlier, dict) or set(earlier) <= set(changes):
        return None
    return {**last.arguments, "changes": {**earlier, **changes}}


def _single_change(history: Sequence[Message]) -> tuple[LastCall, str, Any] | None:
    """The last call when it is a what-if with one change, with that change's feature and value; else None."""
    previous = last_call(history)
    if previous is None or previous.name != "explain_what_if":
        return None
    changes = previous.arguments.get("changes")
    if not isinstance(changes, dict) or len(changes) != 1:
        return None
    [(feature, value)] = changes.items()
    return previous, str(feature), value


def reversed_step(text: str, history: Sequence[Message], schema: HostSchema | None) -> dict[str, Any] | None:
    """The arguments of "now lower it instead" after a relative what-if: the same step the other way, or None."""
    match = _REVERSED.match(text)
    single = _single_change(history)
    if match is None or single is None or schema is None:
        return None
    previous, feature, value = single
    step = str(value).strip()
    if not re.fullmatch(r"[+-]" + _NUMBER + "%?", step):
        return None
    named = [w for w in (match.group("f1"), match.group("f2")) if w]
    for word in named:
        if extract_argument("feature", word, schema) != feature:
            return None  # "lower the glucose instead" after a bmi step: a new question
    direction = (match.group("dir") or "").lower()
    if direction in _AGE_WORDS and extract_argument("feature", "age", schema) != feature:
        return None
    if direction:
        sign = "+" if direction in _UP else "-"
        if sign == step[0]:
            return None  # "higher instead" after a step up: no other way to go
    else:
        sign = "-" if step[0] == "+" else "+"
    return {**previous.arguments, "changes": {feature: sign + step[1:]}}


def repeated_value(text: str, history: Sequence[Message], schema: HostSchema | None) -> dict[str, Any] | None:
    """The arguments of "and 28?" after "what if her bmi were 30": the feature set to the new value, when the number
    is no id of the host and lies in the feature's range; else None.
    """
    match = _BARE_VALUE.match(text)
    single = _single_change(history)
    if match is None or single is None or schema is None:
        return None
    previous, feature, value = single
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    number = float(match.group("n"))
    bounds = numeric_range(schema, str(feature))
    if bounds is None or schema.has_id(number) or not bounds[0] <= number <= bounds[1]:
        return None
    return {**previous.arguments, "changes": {feature: _as_number(number)}}


# "and 'dull' instead?", "what about 'flat'?": another replacement for the word the last what-if replaced
_QUOTED_REPLACEMENT = re.compile(
    r"^\W*(?:(?:and|or|what\s+about|how\s+about|try)\s+)?(?:with\s+)?['\"“‘](?P<w>[^'\"”’]{1,40})['\"”’]"
    r"(?:\s+instead)?\W*$",
    re.IGNORECASE,
)


def replaced_word(text: str, history: Sequence[Message], schema: HostSchema | None) -> dict[str, Any] | None:
    """The arguments of "and 'dull' instead?" after a text what-if that replaced one word: that word replaced by the
    new one, in the same text; None otherwise (a longer quote is a text of its own).
    """
    match = _QUOTED_REPLACEMENT.match(text)
    single = _single_change(history)
    if match is None or single is None or schema is None or schema.kind != "text":
        return None
    previous, old, new = single
    word = match.group("w").strip()
    if len(word.split()) > 3:
        return None
    if old == "text" or word.lower() in (str(old).lower(), str(new).lower()):
        return None
    return {**previous.arguments, "changes": {old: word}}


_AMOUNT = re.compile(
    r"\d\s?(?:%|(?:times|less|more|fewer|lower|higher|smaller|larger|bigger|percent|points?|years?|units?)\b)"
    r"|\d\s+(?:(?:levels?|points?|steps?|notches)\s+)?(?:better|worse)\b"  # "seal 3 better": a step, no value (dlg48)
    r"|^\W*(?:and\s+)?another\s+\d",  # "another 5 on top of that": a further step of the change in focus
    re.IGNORECASE,
)


def added_value(
    text: str, history: Sequence[Message], schema: HostSchema | None
) -> dict[str, Any] | CompletionResponse | None:
    """A value said with "too" after a what-if ("and a smaller loan amount too, 80"), added to the previous changes;
    when the turn names no feature the value fits, the question which feature it is for (never a new instance).
    """
    previous = last_call(history)
    if previous is None or previous.name != "explain_what_if" or schema is None or schema.kind != "tabular":
        return None
    changes = previous.arguments.get("changes")
    numbers = re.findall(_NUMBER, text)
    if not isinstance(changes, dict) or not adds_to_previous(text) or len(numbers) != 1 or _AMOUNT.search(text):
        return None  # "2 times less", "10 % more": an amount of a step, which the what-if reads
    if _names_an_instance(text, numbers[0], schema):
        return None  # "also patient 14", "same for 14 too": another instance, never a value
    number = float(numbers[0])
    spans = feature_spans(text, schema)
    feature = extract_argument("feature", text[spans[0][0] : spans[0][1]], schema) if len(spans) == 1 else None
    bounds = numeric_range(schema, feature) if isinstance(feature, str) else None
    if isinstance(feature, str) and bounds is not None and bounds[0] <= number <= bounds[1]:
        return {**previous.arguments, "changes": {**changes, feature: _as_number(number)}}
    if spans:
        return None  # a feature the number does not fit: the engine reads and checks the turn
    supposed = added_supposition(text)
    said = extract_changes(supposed, schema) if supposed is not None else None
    if said and not set(said) & set(changes):
        # "and also 6 cm across", "plus a 4 mm wick": the unit or word after the number names the feature
        return {**previous.arguments, "changes": {**changes, **said}}
    kept = ", ".join(f"{name} {value}" for name, value in changes.items())
    question = f"Which feature should be {_as_number(number)}, besides {kept}? For example '{schema.features[0].name} "
    question += f"{_as_number(number)}'."
    return CompletionResponse(content=question, model="router", finish_reason=CLARIFY)


_SAME_FOR = re.compile(r"\bsame\s+(?:for|with|on)\b|\bdo\s+(?:it|that|the\s+same)\s+(?:for|with|on)\b", re.I)


def _names_an_instance(text: str, number: str, schema: HostSchema) -> bool:
    """Whether `number` is an id in `text`: after an instance noun (`named_ids`) or "#", after "same for", or after
    "for" when no feature could take it.
    """
    if float(number) in named_ids(text, schema) or re.search(rf"#\s*{re.escape(number)}(?![\d.])", text):
        return True
    if re.search(rf"\bfor\s+{re.escape(number)}(?![\d.])", text) and _only_an_id(float(number), schema):
        return True  # "and for 305012 too?": an id no feature's values hold
    return _SAME_FOR.search(text) is not None


def _only_an_id(number: float, schema: HostSchema) -> bool:
    """Whether `number` is an id of the host and no numeric feature's range holds it."""
    if not number.is_integer() or not schema.has_id(int(number)):
        return False
    ranges = [(f.min, f.max) for f in schema.features if f.type == "numeric"]
    return all(low is not None and high is not None and not low <= number <= high for low, high in ranges)


def _swappable(history: Sequence[Message], request: CompletionRequest) -> bool:
    """Whether the previous call has a class to swap for "the other class" (`other_class_arguments`)."""
    previous = last_call(history)
    spec = next((f for f in request.functions if previous is not None and f.name == previous.name), None)
    if previous is None or spec is None or request.host is None:
        return False
    parameters = [p.name for p in spec.parameters]
    return other_class_arguments(previous, request.host.class_names, parameters) is not None


def repair_decision(
    text: str, history: Sequence[Message], request: CompletionRequest
) -> Decision | CompletionResponse | None:
    """A correction, "both together", a reversed step or a new value for the previous what-if; else None."""
    corrected = correction(text, history, request)
    if corrected is not None:
        return corrected
    if _OTHER_CLASS_ONLY.match(text) and request.host is not None and not _swappable(history, request):
        # "what about the opposite class" with no answer whose class it could swap: the other class of what?
        labels = " or ".join(request.host.class_names)
        question = (
            f"The other class of which question? The model's labels are {labels}: ask, for example, how many are "
            f"predicted {request.host.class_names[-1]}, or why an instance is not {request.host.class_names[0]}."
        )
        return CompletionResponse(content=question, model="router", finish_reason=CLARIFY)
    narrowed = narrowed_group(text, history, request.host)
    previous = last_call(history)
    if narrowed is not None and previous is not None and previous.name in {s.name for s in request.functions}:
        return Decision(previous.name, 1.0, True, arguments=narrowed)
    widened = widened_group(text, history, request.host)  # "back to all the renters" after renters in the south
    if widened is not None and widened[0] in {s.name for s in request.functions}:
        return Decision(widened[0], 1.0, True, arguments=widened[1])
    earlier = earlier_group(text, history, request.host)  # "back to the heavy ones" after a group on lighter ones
    if earlier is not None and earlier[0] in {s.name for s in request.functions}:
        return Decision(earlier[0], 1.0, True, arguments=earlier[1])
    if "explain_what_if" not in {s.name for s in request.functions}:
        return None
    schema = request.host
    replaced = replaced_word(text, history, schema)
    if replaced is not None:
        return Decision("explain_what_if", 1.0, True, arguments=replaced)
    if schema is not None and schema.kind == "tabular" and extract_changes(text, schema):
        return None  # the turn names its own change: the what-if reads it
    added = added_value(text, history, schema)
    if isinstance(added, CompletionResponse):
        return added
    if added is not None:
        return Decision("explain_what_if", 1.0, True, arguments=added)
    arguments = (
        combined_changes(text, history) or reversed_step(text, history, schema) or repeated_value(text, history, schema)
    )
    return None if arguments is None else Decision("explain_what_if", 1.0, True, arguments=arguments)
