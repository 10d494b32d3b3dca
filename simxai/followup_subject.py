"""Who a turn is about: several instances, one instance named anew, or (by default) the one in focus.

Stale dialogue state gives confident wrong answers when a turn about *several* instances is filled with the
single instance in focus, or when a new request for an instance is read as "the same for":

- "which patients are most likely progressing?", "how many of them are over 60?" after a question about
  patient 30 speak of several patients (`about_several`): never patient 30. The words may give a group (the
  call takes it); else the engine asks, offering a group or one instance (`several_question`), since no
  function ranks instances (`ranks_instances`).
- "which reviews ...?" asks for instances (`asks_for_instances`): only a group's prediction lists them.
- "show me patient 20" after a what-if on patient 12 has a verb of its own whose object is the instance
  (`shows_instance`): a new request for it (its prediction), where "what about patient 20" and "and for 20?"
  repeat the previous question.

Every pattern here is linear: one optional token at a time, no nested quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from simxai.extraction import extract_ids, feature_spans
from simxai.extraction.mentions import BOUND_WORDS, feature_named_by_word
from simxai.host_examples import example_id
from simxai.hosts.base import HostSchema, plural, regular_plural
from simxai.normalize import word_stems
from simxai.turn_memo import per_turn

__all__ = [
    "ONE_INSTANCE_FUNCTIONS",
    "about_several",
    "asks_for_instances",
    "class_group",
    "is_single_instance",
    "named_class",
    "one_at_a_time_question",
    "ranks_instances",
    "several_question",
    "shows_instance",
    "states_a_group",
    "supposes_its_own_change",
    "which_members",
]

#: The functions that answer for one instance and refuse a group (a counterfactual is searched for one instance).
ONE_INSTANCE_FUNCTIONS = frozenset({"explain_why_not", "explain_how_to_be_that", "explain_how_to_still_be_this"})

# Plural nouns that name instances of any host ("the people over 60", "which records").
_GENERIC_PLURALS = (
    "people",
    "persons",
    "individuals",
    "instances",
    "rows",
    "records",
    "samples",
    "examples",
    "cases",
    "entries",
    "datapoints",
)
# A plural reference whose antecedent the turn does not name: "them", "those", "which ones".
# ("they" / "them" alone may be one person: "what could they change?" is about the policyholder in focus; with
# "both" / "all" they are several.)
_PLURAL_PRONOUN = re.compile(
    r"\b(?:those|these|ones)\b|\b(?:they|them)\s(?:all|both)\b|\b(?:all|both|each)\sof\s(?:them|these|those)\b",
    re.IGNORECASE,
)
_BOTH = re.compile(r"\b(?:both|all|each)\b", re.IGNORECASE)
# A reference to one instance: "she", "his", "this patient", "that one" (not "it", which is often the model).
_ONE_REFERENCE = re.compile(r"\b(?:she|he|her|his|him|hers|this\s+one|that\s+one)\b", re.IGNORECASE)
# "who is predicted to leave?", "who gets approved": a question whose answer is instances
_WHO = re.compile(r"^\W*(?:and\s+)?who\s+(?:is|are|was|were|will|would|gets?|got)\b", re.IGNORECASE)
# a count of instances: "how many of them ...", "how many are over 60" (not "how many features ...")
_HOW_MANY = re.compile(r"\bhow\s+many\s+(?:of\s+(?:them|those|these)|are|were|get|got|have|is)\b", re.IGNORECASE)
# Words that rank instances: a superlative, "top 5", "ranked by", "sorted by".
_RANKS = re.compile(
    r"\b(?:most|least|highest|lowest|top|bottom|biggest|largest|smallest|greatest|riskiest|safest|strongest|"
    r"weakest|rank(?:ed|ing|s)?|sort(?:ed)?|order(?:ed)?\s+by)\b",
    re.IGNORECASE,
)


def _plurals(schema: HostSchema, *, generic: bool = True) -> list[str]:
    """The host's plural noun, and with `generic` the plurals of records any host has."""
    noun = (schema.instance_noun or "").lower()
    own = [regular_plural(noun), noun + "s"] if noun else []
    return [*dict.fromkeys(own), *(_GENERIC_PLURALS if generic else ("people",))]


def _plural_noun_pattern(schema: HostSchema) -> re.Pattern[str]:
    words = "|".join(re.escape(p) for p in _plurals(schema))
    # not followed by ids ("patients 3 and 4" lists instances) nor a possessive ("patients' bmi")
    return re.compile(rf"\b(?:{words})\b(?!\s?#?\s?\d)(?!')", re.IGNORECASE)


def named_class(text: str, schema: HostSchema) -> str | None:
    """The one class a turn names, by its name or a word of its stem ("progressing", "rejects"), else None."""
    words = set(re.findall(r"[A-Za-z][\w-]*", text))
    found = []
    for name in schema.class_names:
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE):
            found.append(name)
        elif " " not in name and any(len(w) >= 4 and word_stems(w) & word_stems(name) for w in words):
            found.append(name)
    return found[0] if len(found) == 1 else None


# "the ones who were approved", "those that are predicted progressing", "patients who got rejected"
_CLASS_CLAUSE = (
    r"\b(?:ones|those|people|{words})\s(?:who|that|which)\s(?:are|were|is|was|gets?|got)\s"
    r"(?P<how>predicted\s|classified\s|labell?ed\s)?(?:as\s|to\sbe\s)?(?P<word>[\w-]+)"
    # "the approved ones", "the progressing ones"
    r"|\bthe\s(?P<word2>[\w-]+)\sones\b"
)


def class_group(text: str, schema: HostSchema | None) -> str | None:
    """The group a plural names by a class in a clause of its own ("the ones who were approved" ->
    "prediction = approved", "those labelled positive" -> "label = positive"), or None.
    """
    if schema is None:
        return None
    words = "|".join(re.escape(p) for p in _plurals(schema))
    text = " ".join(text.split())
    match = re.search(_CLASS_CLAUSE.format(words=words), text, re.IGNORECASE)
    if match is None:
        return None
    said = match.group("word") or match.group("word2")
    name = named_class(said, schema)
    if name is None:
        return None
    field = "label" if (match.group("how") or "").lower().startswith("label") else "prediction"
    return f"{field} = {name}"


@per_turn
def about_several(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn speaks of several instances it names by no id, so no single instance answers it.

    The host's plural noun or a plural of records ("which patients ...", "the people over 60"), not followed by
    ids; a count ("how many are over 60", "how many of them ..."); or "those" / "which ones" / "who" with a class
    of the model ("which ones are progressing", "who gets approved"), since such a pronoun may also stand for
    features or words; "they" / "them" only with "both" or "all" ("why are they both progressing?"): alone they
    may be one person ("what could they change to get the standard rate?"). A turn that also refers to one
    instance ("why is she progressing when most patients are stable?") is about that one.
    """
    if schema is None or extract_ids(text, schema) or _ONE_REFERENCE.search(text):
        return False
    text = " ".join(text.split())
    if _plural_noun_pattern(schema).search(text) or _HOW_MANY.search(text):
        return True
    if _WHO.match(text) or _PLURAL_PRONOUN.search(text):
        return named_class(text, schema) is not None or bool(_BOTH.search(text))
    return False


# the words of a chance or a share, whose bound is on the model's output ("those over 80% likely")
_CHANCE = re.compile(r"%|\b(?:percent|probab\w*|likel\w*|chances?|confiden\w*|sure|certain\w*)\b", re.IGNORECASE)
_SUPPOSED = re.compile(r"\b(?:if|suppose|supposing|imagine|pretend)\b", re.IGNORECASE)


def states_a_group(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn states a group of its own by a bound on a number ("and for those with charge below 190?",
    "batches roasted over 14 minutes", "the ones whose score is under 3"): the plural or "those" / "ones", then
    a few words and a comparison with a number. Such a turn names a new group even when no condition can be read
    from it, so the group in focus must not stand in for it. A what-if ("if those were over 3") or a bound on a
    chance ("those over 80% likely") states none.
    """
    if schema is None or schema.kind != "tabular" or _SUPPOSED.search(text) or _CHANCE.search(text):
        return False
    words = "|".join(re.escape(p) for p in _plurals(schema))
    pattern = rf"\b(?:those|ones|{words})\b(?:\s+[\w'()/-]+){{0,6}}?\s+(?:{BOUND_WORDS})\s*[$£€]?\s*-?\d"
    return re.search(pattern, " ".join(text.split()), re.IGNORECASE) is not None


def asks_for_instances(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn asks which instances ("which reviews are most negative?", "which ones are progressing?",
    "who is predicted to leave?", "show me the patients over 60"): only a group's prediction lists instances.

    The plural is the host's own noun, "people" or "ones": "in which cases is the model unreliable?" asks no
    instances.
    """
    if schema is None or extract_ids(text, schema):
        return False
    if _WHO.match(text):
        return named_class(text, schema) is not None  # "who gets approved?", not "who trained the model?"
    words = "|".join(re.escape(p) for p in _plurals(schema, generic=False))
    which = (
        rf"\b(?:which|what)\s+(?:of\s+the\s+)?(?:(?:{words}|ones)\b|of\s+(?:them|those|these)\b)"
        # "what are the most positive reviews?": the plural after a few words of its own
        rf"|\b(?:which|what)\s+(?:are|were)\s+(?:the\s+)?(?:[\w-]+\s+){{0,3}}?(?:{words})\b"
        # "show me the patients over 60", "list all reviews predicted negative", "show me some blighted trees"
        rf"|\b(?:show|list|display|give)\s+(?:me\s+|us\s+)?(?:all\s+|some\s+|a\s+few\s+)?(?:the\s+|those\s+)?"
        rf"(?:[\w-]+\s+){{0,2}}?(?:{words})\b"
    )
    return re.search(which, text, re.IGNORECASE) is not None and about_several(text, schema)


def which_members(nouns: str = "") -> str:
    """The pattern (no flags) of asking which members the group in focus has: "which ones", "which of them",
    "which are they", "who are they", "(can you) list them"; `nouns`, an alternation, adds "which NOUN".

    `asks_for_instances` reads something else on purpose: a question of its own that names the instances
    (the host's plural, "what", "show"), not only the members of a group already given.
    """
    nouns = f"{nouns}|" if nouns else ""
    return (
        rf"\bwhich\s+(?:{nouns}ones?|of\s+them|are\s+(?:they|those|these))\b|\bwho\s+are\s+they\b"
        r"|\b(?:can\s+you\s+)?(?:list|name)\s+(?:them|those|these)\b"
    )


def ranks_instances(text: str) -> bool:
    """Whether a turn asks to rank instances ("most likely", "the top 5", "sorted by"), which no function does."""
    return _RANKS.search(text) is not None


def is_single_instance(value: object, schema: HostSchema | None) -> bool:
    """Whether an instance argument names one instance (an id, feature values, a text), not a group condition."""
    if value is None or isinstance(value, bool):
        return False
    if isinstance(value, int | float | Mapping):
        return True
    if not isinstance(value, str) or schema is None:
        return False
    if schema.kind != "text":
        return re.fullmatch(r"#?\s?\d+", value.strip()) is not None  # any other string is a group condition
    # a text host's instance is a text unless it reads as a condition ("prediction = negative")
    return re.match(r"^\s*[A-Za-z_]+\s*(?:[<>!]=?|==?)\s*\S", value) is None and value.strip().lower() != "all"


# "show me patient 20", "can I see review 48?", "tell me about applicant 7", "pull up member 5099 please": a verb
# whose object is the instance. "show me the same for patient 20" or "show me that for 20" is a follow-up.
_SHOW = re.compile(
    r"^\W*(?:(?:and|ok(?:ay)?|now|then|so|next|also|alright|right)\W+)*"
    r"(?:(?:can|could|would|will)\s(?:you|i|we)\s|(?:please|pls)\s|let\sme\s|let'?s\s|"
    r"i\s(?:want|need|would\slike|'d\slike)\s(?:to\s)?|i'd\slike\sto\s)?"
    r"(?:show|see|view|display|give|pull\sup|bring\sup|open|look\sat|check|describe|tell\sme\sabout|"
    r"talk\sabout|go\sto|move\son\sto|switch\sto)\s"
    r"(?:me\s|us\s)?(?:the\s)?(?:one\s|details\s(?:of|for)\s)?"
    r"(?:(?P<object>[A-Za-z]+)\s?)?(?:(?:#|no\.?|number|id)\s?)?(?P<id>\d+(?:(?:,\s?|\s)(?:and\s|&\s)?\d+)*)"
    r"(?:\s(?:please|pls|now|next|then))?\W*$",
    re.IGNORECASE,
)
_ID_WORDS = frozenset("id instance row record case entry item example sample data point".split())


def shows_instance(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn is a new request for one instance, or a few, by a verb of its own ("show me patient 20",
    "show me patients 88 and 203").

    The object is the instances themselves: the host's noun (or an id word, either in the plural for several) and
    their ids, or bare ids; "show me the same for patient 20" and "what about patient 20" repeat the previous
    question instead.
    """
    if schema is None:
        return False
    text = " ".join(text.split())  # one space between words: the pattern reads single spaces
    match = _SHOW.match(text)
    if match is None:
        return False
    noun = (schema.instance_noun or "").lower()
    word = (match.group("object") or "").strip().lower()
    if word and word not in {noun, *_ID_WORDS} and word.rstrip("s") not in {noun, *_ID_WORDS}:
        return False  # the noun or an id word, either in the plural ("patients 88 and 203")
    return extract_ids(text, schema) == [int(n) for n in re.findall(r"\d+", match.group("id"))]


# "same", "too", "as well", "also", "again": the turn keeps the earlier changes and may name their feature
_KEEPS_CHANGES = re.compile(r"\b(?:same|too|as\s+well|also|again|those\s+changes|that\s+change)\b", re.IGNORECASE)


def supposes_its_own_change(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn names a feature of its own for a what-if, so earlier changes do not carry over to it.

    "what if order 7005 had gone express?" after a what-if on another order that changed the carrier asks about
    express, whatever the engine could read of its value: carrying the carrier change to order 7005 would answer
    a question nobody asked. "and for 7005?", "same for 7005" and "7005 with the same weight too" keep them.
    """
    if schema is None or schema.kind != "tabular" or _KEEPS_CHANGES.search(text):
        return False
    return bool(feature_spans(text, schema)) or feature_named_by_word(text, schema) is not None


def several_question(text: str, schema: HostSchema, function: str = "get_prediction") -> str:
    """The question for a turn about several instances that gives no group: a group, or one instance.

    It says plainly when the turn asks for a ranking, which no function makes, and offers a group in the
    host's words (the class the turn names, a numeric feature's upper range) or one instance by id; for
    `function` other than the prediction, it offers to answer that question for the group or the instance.
    """
    noun = schema.instance_noun or "instance"
    nouns = regular_plural(noun)
    examples = []
    label = named_class(text, schema)
    if label is not None:
        examples.append(f"'{nouns} predicted {label}'")
    ranged = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
    if ranged and schema.kind != "text":
        feature = ranged[0]
        assert feature.min is not None and feature.max is not None  # noqa: S101 - filtered above
        value = feature.min + 0.75 * (feature.max - feature.min)
        value = round(value) if feature.max - feature.min >= 10 else round(value, 1)
        examples.append(f"'{nouns} with {feature.name} over {value:g}'")
    if not examples and schema.class_names:
        examples.append(f"'{nouns} predicted {schema.class_names[0]}'")
    ident = example_id(schema)
    one = f"one {noun}" + (f" ('{noun} {ident}')" if ident is not None else "")
    group = "a group" + (f" ({' or '.join(examples)})" if examples else "")
    lead = (
        f"I can't rank {nouns}: no function orders them. "
        if ranks_instances(text)
        else f"That is about several {nouns}. "
    )
    if function == "get_prediction":
        offer = f"I can show the prediction for {group}, with the {nouns} in it, or for {one}."
    elif function in ONE_INSTANCE_FUNCTIONS:  # a counterfactual is found for one instance: the group gets predictions
        offer = f"I can answer that for {one}, or show the predictions for {group}."
    else:
        offer = f"I can answer that for {group}, or for {one}."
    return f"{lead}{offer} Which would you like?"


def one_at_a_time_question(schema: HostSchema, group: str, *, group_functions: bool = True) -> str:
    """The question when a group was given to a function that answers for one instance at a time ("what about
    people over 60?" after a counterfactual for patient 3): which one, and (with `group_functions`, when the
    predictions and explanations are callable) what the group itself can get.
    """
    noun = schema.instance_noun or "instance"
    ident = example_id(schema)
    example = f" (e.g. '{noun} {ident}')" if ident is not None else ""
    offer = " For the group as a whole I can show the predictions or what drives them on average."
    return (
        f"That is answered for one {noun} at a time, and '{group}' selects several {plural(noun)}. "
        f"Which {noun} do you mean{example}?{offer if group_functions else ''}"
    )
