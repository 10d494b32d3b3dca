"""The instance a request refers to: ids, references, a group condition, custom feature values or a text."""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.extraction._bare_ids import claimed_before, first_person_ids, foreign_noun_id, unclaimed_id
from simxai.extraction._dashed_ids import rejoin_dashed_ids
from simxai.extraction._features import feature_mentions
from simxai.extraction._groups import _text_group, bounded_condition
from simxai.extraction._lettered_ids import rejoin_lettered_ids
from simxai.extraction._lexicon import _noun_pattern, name_unit
from simxai.extraction._only_values import value_only_group, with_value_group
from simxai.extraction._said_values import said_values
from simxai.extraction._spelled_ids import rejoin_spelled_ids
from simxai.extraction._texts import _unquoted_text, extract_texts, pasted_request
from simxai.hosts.base import HostSchema, InstanceRef
from simxai.messages import Message
from simxai.normalize import normalize
from simxai.textbounds import bounds_text_argument
from simxai.turn_memo import per_turn


def _id_list(body: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", body)]


@per_turn
@bounds_text_argument(0)
def extract_ids(text: str, schema: HostSchema | None = None) -> list[int]:
    """Every instance id named in `text`, in order ("compare patients 3 and 4" -> [3, 4]).

    An id must follow an instance noun ("patient 12", "id 12", "instance #12", "rows 3, 5 and 7"), unless the
    whole text is just the answer ("12", "patient 12 please", "and for 4?"), or the number lies in the host's id
    range and is given as the person's own ("im 502", "my policy number is 5140") or is the one number nothing
    else claims ("5007 what are the chances"), or lies far beyond every feature's values ("PCN 21197" on a host
    whose ids start at 21001; `_bare_ids`).
    """
    text = rejoin_spelled_ids(normalize(text, schema), schema)  # "73O07", "73 oh oh 4"
    text = rejoin_lettered_ids(text, schema)  # "V137105" for visit 137105
    text = _without_texts(rejoin_dashed_ids(text, schema), schema)  # "number 114-207"
    noun = _noun_pattern(schema)
    ids = _named_ids(text, schema)
    if not ids:
        bare = re.fullmatch(
            rf"\s*(?:(?:and|what|how|about|for|now|then|same|ok|okay|so|try|with|the|one|it'?s|is|use|"
            rf"please|maybe|let'?s|say)\s+)*(?:{noun}\s*)?(?:#\s*)?(?P<body>\d+(?:\s*(?:,|and|&)\s*#?\d+)*)"
            rf"(?:\s*(?:please|instead|too|as well|then|now|thanks?(?:\s+you)?))?(?:\s*[.!?]+)?\s*",
            text,
            re.IGNORECASE,
        )
        if bare:
            ids = _id_list(bare.group("body"))
    if not ids:
        ids = _role_ids(text, schema)
    if not ids:
        ids = _subject_id(text, schema)
    if not ids:
        ids = first_person_ids(text, schema)
    if not ids:
        alone = unclaimed_id(text, schema)
        if alone is None:
            alone = foreign_noun_id(text, schema)  # "PCN 21197" where no feature takes a number that large
        ids = [] if alone is None else [alone]
    return list(dict.fromkeys(ids))


@bounds_text_argument(0)
def named_ids(text: str, schema: HostSchema | None = None) -> list[int]:
    """The ids `text` names after an instance noun ("patient 12", "id 12", "instance #12", "rows 3, 5 and 7"), in
    order: `extract_ids` without its readings of a bare number ("and for 4?", "5007 what are the chances").
    """
    text = rejoin_lettered_ids(normalize(text, schema), schema)
    return list(dict.fromkeys(_named_ids(_without_texts(text, schema), schema)))


def _without_texts(text: str, schema: HostSchema | None) -> str:
    for span in extract_texts(text):
        if not pasted_request(span, schema):
            text = text.replace(span, " ")  # a number inside a quoted text is part of the text
    return text


def _named_ids(text: str, schema: HostSchema | None) -> list[int]:
    noun = _noun_pattern(schema)
    ids: list[int] = []
    pattern = re.compile(
        rf"\b{noun}(?:e?s)?\s*(?:number|no\.?|id|#)?\s*[#:=]?\s*"
        rf"(?P<body>\d+(?:\s*(?:,|and|&|or|vs\.?|versus|to|through|-)\s*(?:{noun}(?:e?s)?\s*)?#?\s*\d+)*)"
        # a possessive written without its apostrophe ("patient 141s glucose")
        # ("applicants 60+" is a bound: 60 or more)
        rf"(?:s(?=\s+[A-Za-z]))?\b(?!\s*%|\.\d|\+(?!\s*[\d+=])|\s\+(?!\s*[\d+=]|\s+[A-Za-z]))",
        re.IGNORECASE,
    )
    for match in pattern.finditer(text):
        downward = re.fullmatch(r"(?P<a>\d+)\s+to\s+(?P<b>\d+)", match.group("body"))
        if downward and int(downward.group("b")) < int(downward.group("a")):
            ids.append(int(downward.group("a")))  # "set x for child 305 to 150": the id, then the new value
            continue
        if re.search(r"\d\s*(?:to|through|-)\s*\d", match.group("body")):
            continue  # a range is a group, handled by the condition parser
        if _a_quantity_after_the_noun(text, match, schema):
            continue
        ids += _id_list(match.group("body"))
    return ids


def _a_quantity_after_the_noun(text: str, match: re.Match[str], schema: HostSchema | None) -> bool:
    """Whether a number after the host's noun is an amount, not an id: outside the id range, with a unit, a count's
    noun or a feature after it ("if she'd run 45 km a week" reads "runner 45 km" once a verb that begins the noun is
    taken for it cut short; "had run 3 more marathons").
    """
    if schema is None or schema.id_range is None:
        return False
    numbers = _id_list(match.group("body"))
    if len(numbers) != 1 or schema.has_id(numbers[0]):
        return False
    after = text[match.end() : match.end() + 30]
    if claimed_before(after, numbers[0]):
        return True
    units = {u for u in (name_unit(f) for f in schema.features if f.type == "numeric") if u is not None and len(u) > 1}
    word = re.match(r"\s?([a-z]+)\b", after, re.IGNORECASE)
    if word is not None and word.group(1).lower() in units:
        return True  # "45 km" where a feature's name ends in _km
    mentions = feature_mentions(text, schema)
    if any(m.start <= match.start() < m.end for m in mentions):
        return True  # "was berth number 12" where "berth number" names the feature BerthNo: its value, not berth 12
    return any(match.end() <= m.start <= match.end() + 3 for m in mentions)


# Other words users name a record by ("member 5123", "customer 505", "application number 716", "5555's tier"):
# taken as an id only when the number lies in the host's id range, since these words are not the host's noun.
_ROLE_ID = re.compile(
    r"\b(?:member|customer|client|user|account|application|applicant|policyholder|policy|borrower|subject|"
    r"participant|patient|review|file|profile|caller|insured|holder)s?\s(?:(?:number|no\.?|id|#)\s?)?#?(?P<n>\d+)\b(?!\s?%|\.\d|\+(?!\s*[\d+=])|\s\+(?!\s*[\d+=]|\s+[A-Za-z]))"
    r"|\b(?P<own>\d+)'s\b",
    re.IGNORECASE,
)


def _role_ids(text: str, schema: HostSchema | None) -> list[int]:
    """Ids after another noun for a record, or before a possessive, that lie in the host's id range."""
    if schema is None or schema.id_range is None:
        return []
    found = (int(m.group("n") or m.group("own")) for m in _ROLE_ID.finditer(text))
    return [n for n in found if schema.has_id(n)]


# A bare number as the subject of a question ("why is 87 not stable?", "does 12 get progressing?") or as
# the last words after "for" / "of" / "about" ("the prediction for 87?"). Only one token is optional at a
# time, so the patterns stay linear on long inputs.
_SUBJECT_ID = re.compile(
    r"^\W{0,3}(?:(?:and|so|but|then|ok|okay)\s+)?(?:why|how\s+come|what|what's|is|was|does|did|would|will|could|"
    r"can)\s+(?:(?:is|was|does|did|would|will|isn't|wasn't|doesn't|didn't|the\s+model|it)\s+)?#?(?P<n>\d+)\b",
    re.IGNORECASE,
)
# "I don't get why 302 wasn't ...", "I dont understand why 5210 got ...": a number right after "why" and before a verb
_WHY_ID = re.compile(
    r"\b(?:why|how\s+come)\s#?(?P<n>\d+)\s(?:is|was|isn't|wasn't|got|gets|did|didn't|does|doesn't|has|hasn't|"
    r"ended|came|went|would|wouldn't|should|shouldn't|will|won't|isnt|wasnt|didnt|doesnt)\b",
    re.IGNORECASE,
)
_LAST_ID = re.compile(
    r"(?:\b(?:for|of|about|on)|^\W{0,3}(?:predict|pred|prediction|explain|classify|check|show)(?:\s(?:for|me))?)"
    r"\s#?(?P<n>\d+)[?.!]{0,3}\s{0,3}$",
    re.IGNORECASE,
)
# What may follow a number that is a quantity, not an id.
_QUANTITY_AFTER = re.compile(
    r"^(?:[.,]\d|\s?%|\s(?:years?|yrs?|points?|units?|percent|times|more|less|higher|lower|or\s|and\s\d|"
    r"counterfactuals?|examples?|ways?|features?|most|top)\b)",
    re.IGNORECASE,
)


def _subject_id(text: str, schema: HostSchema | None) -> list[int]:
    """A bare id that is the subject of the question or its last words, when nothing marks it as a quantity."""
    match = _SUBJECT_ID.match(text) or _WHY_ID.search(text) or _LAST_ID.search(text)
    if match is None or _QUANTITY_AFTER.match(text[match.end() : match.end() + 20]):
        return []
    number = int(match.group("n"))
    if schema is not None and schema.id_range is not None and not schema.has_id(number):
        return []
    end, start = match.end(), match.start("n")
    # "is 30 a high bmi": a feature right after the number makes it the feature's value; so does one right
    # before it ("a bmi of 35")
    if any(end <= m.start <= end + 12 or start - 6 <= m.end <= start for m in feature_mentions(text, schema)):
        return []
    return [number]


_REFERENCE = re.compile(
    r"\b(?:it|its|this|that|these|those|her|him|his|she|he|they|them|their|same|above|previous|last|"
    r"former|latter|one)\b",
    re.IGNORECASE,
)


@bounds_text_argument(0)
def is_reference(text: str) -> bool:
    """Whether `text` refers to something mentioned before ("it", "this patient", "the same instance")."""
    return bool(_REFERENCE.search(text))


def _custom_values(text: str, schema: HostSchema | None) -> dict[str, float | int | str] | None:
    """Feature values of a custom instance, when several are given ("a 50 year old with bmi 30 and ...")."""
    if schema is None or schema.kind == "text":
        return None
    values = said_values(text, schema)
    return values if len(values) >= 2 else None


@bounds_text_argument(0)
def extract_instance(text: str, schema: HostSchema | None, history: Sequence[Message] = ()) -> InstanceRef | None:
    """The instance a request refers to, as a function's `instance` argument, or None.

    Recognises ids ("patient 12", "id 12", "instance #12", "row 12", a bare "12" when the text is just an
    answer), quoted texts ('...', "...", “...”, or after "sentence:") for text hosts, group conditions
    ("patients with glucose above 120 and age under 50" -> "glucose > 120 and age < 50", "everyone labelled
    progressing" -> "label = progressing", "those predicted stable" -> "prediction = stable", "all
    patients" -> "all") and custom feature values when several are given ("a 50 year old with bmi 30 and
    glucose 120" -> a dict). A pronoun or other reference ("it", "this patient") gives None, since the engine
    knows the instance in focus, unless `history` holds no tool calls at all (a replayed text-only
    dialogue): then the last instance named in an earlier user turn is used.
    """
    found = _explicit_instance(text, schema)
    if found is not None:
        return found
    if history and not any(m.tool_calls for m in history):
        for message in reversed(history):
            if message.role == "user":
                earlier = _explicit_instance(message.content, schema)
                if earlier is not None:
                    return earlier
    return None


def _explicit_instance(text: str, schema: HostSchema | None) -> InstanceRef | None:
    text = normalize(text, schema)
    ids = extract_ids(text, schema)
    if ids:
        return ids[0]
    if schema is None or schema.kind == "text":
        texts = [t for t in extract_texts(text) if len(t.split()) >= 2 or schema is not None]
        if texts:
            return max(texts, key=len)
        if schema is not None:
            # "how many reviews are predicted positive?": the group, not a text to classify
            return _text_group(text, schema) or _unquoted_text(text)
        return None
    condition = bounded_condition(text, schema)
    if condition is not None:
        return with_value_group(condition, text, schema)  # "how many of the cox pippins does it call juice"
    custom = _custom_values(text, schema)
    if custom is not None:
        given: dict[str, float | int | str | None] = {**custom}  # (an instance's values may be null; these are not)
        return given
    return value_only_group(text, schema)  # "fells only", "for the fells"
