"""Follow-ups that repair or combine the previous question, and what the answers so far say about its subjects.

- A correction replaces what the last turn said: "no, I meant 14" after "predict patient 41" is patient 14; "no
  wait, 24" after "what if the loan term were 36" is a loan term of 24; "sorry, bmi not age" after "what if age
  went up by 5" moves the change to bmi (`correction`). The number replaces the number of the last turn whose
  role it can take (an id, or a value or step within the feature's range); when it can take two, the router asks.
- "both together" after two what-ifs on one instance makes both changes at once (`combined_changes`).
- "only those over 60" after a metric on women is the metric on women over 60 (`simxai.backends._dialogue_narrowing`).
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

from simxai.backends._correction_steps import DIRECTION, held_amounts, signed, unit_free
from simxai.backends._dialogue_labels import subject_id
from simxai.backends._dialogue_narrowing import narrowed_group
from simxai.backends._router_added_change import added_supposition
from simxai.backends._router_category_correction import category_correction
from simxai.backends._router_decision import Decision
from simxai.backends.base import CLARIFY, CompletionRequest, CompletionResponse
from simxai.extraction import extract_argument, extract_changes, feature_spans, named_ids
from simxai.followup import last_call, other_class_arguments
from simxai.followup_calls import LastCall, adds_to_previous, successful_calls
from simxai.followup_readings import Reading, readings_question
from simxai.hosts.base import HostSchema
from simxai.messages import Message
from simxai.normalize import normalize

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

_NUMBER = r"\d+(?:\.\d+)?"
# "no, I meant 14", "sorry, 58", "make that 24", "no wait, 24", "actually patient 14", "nah make that 5 kilo heavier"
# "I said 20, I meant 15": the number taken back, said before the one meant
_SAID_BEFORE = r"i\s+(?:said|put|wrote|typed|gave)\s+" + _NUMBER + r"\W+"
_TAKEN_BACK = re.compile(r"\bi\s+(?:said|put|wrote|typed|gave)\s+(?P<n>" + _NUMBER + r")", re.IGNORECASE)
_CORRECTS_NUMBER = re.compile(
    r"^\W*(?:(?:(?:no|nope|nah|naw|sorry|oops|wait|actually|correction|my\s+bad|typo|hang\s+on|hold\s+on)\b\W*)+"
    r"(?:" + _SAID_BEFORE + r")?"
    r"(?:(?:i\s+)?(?:meant|mean)\s+|make\s+(?:it|that)\s+|it'?s\s+|it\s+(?:is|was|should\s+be)\s+|should\s+be\s+)?"
    r"|\*\s*|" + _SAID_BEFORE + r"(?:i\s+)?(?:meant|mean)\s+"  # "*8": a star before the number typed again
    r"|(?:(?:ok(?:ay)?|so|now)\W+)?(?:make|change)\s+(?:it|that)\s+(?:to\s+)?)"  # "make that 95": an order alone
    # "i meant the other cloth one, 140533": which one is meant, said before its number
    r"(?:(?:the\s+)?(?:other|another|right|correct|next|second|first)\s+(?:[a-z]+\s+)?(?:one|[a-z]+)\W+)?"
    r"(?:(?:the\s+)?(?P<noun>[a-z]+)\s+)?(?:number\s+|no\.?\s?|#\s?)?(?P<n>" + _NUMBER + r")"
    # "sorry, I meant 10 bells": the changed feature's name after the number
    r"(?:\s+(?P<after>(?!then\b|instead\b|i\b|" + DIRECTION + r")[a-z][a-z_]*))?(?:\s+(?P<dir>" + DIRECTION + r"))?"
    r"(?:\W+(?:then|instead|i\s+meant|i\s+mean))?\W*$",  # "no sorry - 16 i meant": the "i meant" said after
    re.IGNORECASE,
)
# The words a correction of a feature may hold besides the two features ("sorry, bmi not age").
_FEATURE_CORRECTION_WORDS = frozenset(
    "no nope sorry oops oh ah wait actually i meant mean not instead of rather than but the her his its their i'm im "
    "talking about change changing my bad".split()
)
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


# --- corrections ---------------------------------------------------------------------------------------------


def _answered_last_turn(history: Sequence[Message]) -> bool:
    """Whether a call ran after the last user turn (the previous call answers the turn a correction corrects)."""
    for message in reversed(history):
        if message.role == "user":
            return False
        if message.role == "assistant" and message.tool_calls:
            return True
    return False


def _last_user_text(history: Sequence[Message]) -> str:
    return next((m.content for m in reversed(history) if m.role == "user"), "")


def _said_numbers(text: str) -> set[float]:
    return {float(n) for n in re.findall(_NUMBER, text)}


def _numeric_range(schema: HostSchema, feature: str) -> tuple[float, float] | None:
    found = next((f for f in schema.features if f.name == feature), None)
    if found is None or found.type != "numeric" or found.min is None or found.max is None:
        return None
    return float(found.min), float(found.max)


def _as_number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def correction_readings(text: str, history: Sequence[Message], schema: HostSchema | None) -> list[Reading]:
    """Every reading of a number correction ("no, I meant 14") of the previous call: the argument said in the last
    turn that the number can replace (an id, a value or a step in the feature's range). Empty when none fits.
    """
    match = _CORRECTS_NUMBER.match(text)
    previous = last_call(history)
    if match is None or previous is None or schema is None or not _answered_last_turn(history):
        return []
    noun = (match.group("noun") or "").lower()
    host_noun = (schema.instance_noun or "").lower()
    if noun and noun not in (host_noun, host_noun + "s", "id", "instance", "value", "amount", "one"):
        return []  # "no, bmi 30": a value named with its feature is no bare correction
    after = unit_free(match.group("after"))  # "make that 5 kilo heavier": the unit names no feature
    if after and noun:
        return []
    number = float(match.group("n"))
    # "twenty centimetres higher": the last turn's numbers as the readers saw them, words made digits
    said = _said_numbers(normalize(_last_user_text(history), schema))
    taken_back = _TAKEN_BACK.search(text)
    if taken_back is not None:  # "I said 20, I meant 15": only the 20 is replaced, said last or held by the call
        said = (said | held_amounts(previous.arguments.get("changes"))) & {float(taken_back.group("n"))}
    readings = []
    said_noun = bool(noun) and noun in (host_noun, host_noun + "s")  # "i meant review 12": the id, whatever was said
    instance = subject_id(previous) if said_noun else previous.arguments.get("instance")
    if (
        isinstance(instance, int)
        and not isinstance(instance, bool)
        and (float(instance) in said or said_noun)
        and number != instance
        and "." not in match.group("n")
        and schema.has_id(number)
        and not after
    ):
        arguments = {**previous.arguments, "instance": int(number)}
        readings.append(Reading(previous.name, arguments, f"{host_noun or 'instance'} {int(number)}"))
    changes = previous.arguments.get("changes")
    if isinstance(changes, dict) and (not noun or noun in ("value", "amount")):
        for feature, value in changes.items():
            if after and not _names_feature(after, str(feature), schema):
                continue  # "sorry, I meant 10 bells": only the change of the feature named
            reading = signed(_corrected_change(str(feature), value, number, said, schema), match.group("dir"))
            if reading is not None:
                new_changes = {**changes, feature: reading}
                described = f"{feature} {reading}" if isinstance(reading, str) else f"{feature} set to {reading}"
                readings.append(Reading(previous.name, {**previous.arguments, "changes": new_changes}, described))
    return readings


def _names_feature(word: str, feature: str, schema: HostSchema) -> bool:
    """Whether `word` names `feature`: its name, one of its aliases, or a word of its name, singular or plural."""
    found = schema.feature(feature)
    terms = {feature.lower(), *re.split(r"[_\s]+", feature.lower())}
    if found is not None:
        terms.update(alias.lower() for alias in found.aliases)
    singular = word[:-1] if word.endswith("s") else word
    return any(term in (word, singular) or term.rstrip("s") == singular for term in terms if len(term) > 2)


def _corrected_change(
    feature: str, value: Any, number: float, said: set[float], schema: HostSchema
) -> int | float | str | None:
    """The change `value` of `feature` with `number` in place of its number, if the last turn said that number and
    `number` fits the feature (a value in its range, a step no wider than it); else None.
    """
    bounds = _numeric_range(schema, feature)
    if bounds is None:
        return None
    low, high = bounds
    text = str(value).strip()
    if text[:1] in ("+", "-") and re.fullmatch(r"[+-]" + _NUMBER + "%?", text):
        amount = float(text[1:].rstrip("%"))
        percent = text.endswith("%")
        if amount not in said or amount == number or number > (100 if percent else high - low):
            return None
        return f"{text[0]}{_as_number(number)}{'%' if percent else ''}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        if float(value) not in said or float(value) == number or not low <= number <= high:
            return None
        return _as_number(number)
    return None


def _feature_correction(text: str, previous: LastCall, schema: HostSchema) -> dict[str, Any] | None:
    """The previous call's arguments with the feature a correction names ("sorry, bmi not age") in place of the one
    it rejects; None when the turn is no such correction or the rejected feature is not the previous call's.
    """
    spans = feature_spans(text, schema)
    if len(spans) != 2:
        return None
    rest = text[: spans[0][0]] + " " + text[spans[0][1] : spans[1][0]] + " " + text[spans[1][1] :]
    words = re.findall(r"[a-z']+", rest.lower())
    if "not" not in words or any(w not in _FEATURE_CORRECTION_WORDS for w in words):
        return None
    first, second = (extract_argument("feature", text[a:b], schema) for a, b in spans)
    if not isinstance(first, str) or not isinstance(second, str) or first == second:
        return None
    between = re.findall(r"[a-z']+", text[spans[0][1] : spans[1][0]].lower())
    # "bmi not age" / "bmi, not age": the second is rejected; "not age, bmi" / "not age but bmi": the first is
    wrong, right = (second, first) if "not" in between else (first, second)
    changes = previous.arguments.get("changes")
    if isinstance(changes, dict) and wrong in changes and right not in changes:
        moved = {(right if k == wrong else k): v for k, v in changes.items()}
        return {**previous.arguments, "changes": moved}
    if previous.arguments.get("feature") == wrong:
        return {**previous.arguments, "feature": right}
    return None


def correction(
    text: str, history: Sequence[Message], request: CompletionRequest
) -> Decision | CompletionResponse | None:
    """A correction of the last turn as the previous call corrected, a question when it has two readings, or None."""
    schema = request.host
    previous = last_call(history)
    if schema is None or previous is None or previous.name not in {s.name for s in request.functions}:
        return None
    readings = correction_readings(text, history, schema)
    if len(readings) == 1:
        return Decision(previous.name, 1.0, True, arguments=dict(readings[0].arguments))
    if len(readings) == 2:
        return CompletionResponse(content=readings_question(readings), model="router", finish_reason=CLARIFY)
    if schema.kind == "tabular" and _answered_last_turn(history):
        arguments = _feature_correction(text, previous, schema) or category_correction(text, previous, schema)
        if arguments is not None:
            return Decision(previous.name, 1.0, True, arguments=arguments)
    return None


# --- what-ifs combined, reversed, or with a new value ----------------------------------------------------------


def _what_ifs(history: Sequence[Message]) -> list[LastCall]:
    """The successful what-if calls of `history`, last first."""
    return [call for call in successful_calls(history) if call.name == "explain_what_if"]


def combined_changes(text: str, history: Sequence[Message]) -> dict[str, Any] | None:
    """The arguments of "both together" after two what-ifs on one instance: the last call with both changes."""
    if not _BOTH.match(text):
        return None
    calls = _what_ifs(history)
    if len(calls) < 2 or calls[0] != last_call(history):
        return None
    last, before = calls[0], calls[1]
    if subject_id(last) is None or subject_id(last) != subject_id(before):
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
    bounds = _numeric_range(schema, str(feature))
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
    bounds = _numeric_range(schema, feature) if isinstance(feature, str) else None
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
