"""What the user named that the host does not have: asked about instead of silently dropped.

A call that leaves out what the turn named answers a different question with confidence ("f1 for region =
central" answered with everyone's f1). Before the router answers, `unknown_named` looks for three such names and
returns one short question that says what was wrong and what is valid (an id outside the host's range needs
no check here: the host refuses it and the engine asks, naming the range):

- a group value that is no category of its feature ("region = central", "plan platinum", "in the central region");
- a label that is none of the host's labels where a call takes a label ("why not remission", "-> neutral");
- a counterfactual away from one of more than two classes ("how could she avoid the high tier", "out of the high
  tier and into the cellar"): which class to reach instead;
- a feature the host lacks, given a value in a what-if ("what if insulin were 20");
- an instance named as the user's own without an id ("can my boat pass?") in a call about no instance
  (`simxai.backends._router_own_instance`; also when the selector reads the turn as asking for nothing);
- a thing no feature holds, named as what would change or weigh on the answer ("would a new saddle help horse 12",
  "in better conditions": `simxai.backends._router_unrecorded`), when no call carries changes or a group;
- an id the turn wrote after a word that is no id noun ("predicton for wien 5011"), where the call would
  otherwise fall back to the instance in focus;
- an attribute of one instance that the data does not record ("the abv of member 5010", "the churn score of 12":
  `simxai.backends._router_attributes`);
- a group named by a graded word with no threshold ("the long boats", "the richer applicants") that no call carries as
  its group: answering would drop it (`vague_question`, also for a turn the selector thinks asks for nothing);
- a breakdown by a feature's values ("recall per plan") that no call carries: which group, one at a time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai._sure_change import sure_change
from simxai.backends._router_attributes import unknown_attribute
from simxai.backends._router_narrowed import unread_narrowing
from simxai.backends._router_own_instance import own_instance, own_instance_question, whose_question
from simxai.backends._router_quoted_label import quoted_label_question
from simxai.backends._router_shared_word import shared_word_question
from simxai.backends._router_supposed_thing import supposed_thing_question
from simxai.backends._router_unheld_subset import unheld_subset, unread_part
from simxai.backends._router_unknown_value import NOT_A_VALUE, listing, unknown_category
from simxai.backends._router_unknown_value import names as _names
from simxai.backends._router_unnamed_group import unnamed_group_words, unread_quality
from simxai.backends._router_unrecorded import unrecorded_question
from simxai.extraction import extract_ids, extract_label
from simxai.extraction.mentions import (
    class_mentions,
    feature_mentions,
    label_mentions,
    misread_id,
    moved_away_from,
    set_aside,
    vague_group,
)
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words
from simxai.messages import ToolCall

__all__ = [
    "INSTANCE_FUNCTIONS",
    "breakdown_feature",
    "uncalled_question",
    "unknown_named",
    "unknown_breakdown",
    "unknown_thing",
    "vague_question",
]

# The functions besides the metrics that take a group of instances (the data's as `group`, the predictions' as
# `instance`): a value their feature lacks, said before its name, would be dropped and everyone described.
_ABOUT_GROUPS = frozenset({"get_data_information", "get_prediction"})
_LABEL_FUNCTIONS = {
    "explain_why_not": "expected_label",
    "explain_how_to_be_that": "target_label",
    "get_local_explanation": "prediction_label",
}
# "why not remission", "why is 4 not (predicted|classed as) remission", "-> remission", "to become remission"
_NAMED_LABEL = re.compile(
    r"\bwhy\s+not\s+(?:an?\s+)?(?P<a>[a-z][a-z_-]+)\b(?!\s+(?:the|a|an|it|them|her|him|just|to)\b)|"
    r"\bwhy\s+(?:\w+\s+){0,5}?not\s+(?:predicted|classified|classed|labell?ed|rated|deemed|assessed|flagged|marked|"
    r"considered|regarded|seen)\s+(?:as\s+)?(?:an?\s+)?(?P<b>[a-z][a-z_-]+)|"
    r"\bwhy\s+(?:\w+\s+){0,4}?(?:isn't|wasn't|not)\s+(?:an?\s+)?(?P<c>[a-z][a-z_-]+)\s*(?:[?.!]|$)|"
    r"(?:->|→|=>)\s*(?P<d>[a-z][a-z_-]+)|"
    r"\b(?:turn\w*|flip\w*|chang\w*)\s+(?:\w+\s+){0,4}?(?:into|to)\s+(?:an?\s+)?(?P<e>[a-z][a-z_-]+)(?=\s*[?.!,]|\s*$)",
    re.IGNORECASE,
)
_NOT_A_LABEL = frozenset(
    "the a an it this that them him her me us one other another different opposite class label outcome result "
    "so yet more less also just even only there here then now way otherwise instead change changed try show tell "
    "give use both important relevant used included enough better worse working good bad correct right wrong "
    "accurate sure possible available shown higher lower to something anything else faster slower quicker sooner "
    "earlier "
    # a verb of changing the outcome after "to" ("what would it take for 12 to flip"): no label named
    "flip switch swap turn move go".split()
)
# "what if insulin were 20", "set insulin to 20", "if her insulin was 20", "insulin=20"
_NAMED_SETTING = re.compile(
    r"\b(?:if|set|with|had|has|make|making)\s+(?:(?:the|her|his|their|its|my|a|an|patient's|\w+'s)\s+)?"
    r"(?P<f>[a-z][a-z_]{2,})\s*(?:were|was|is|=|of|at|to|becomes?)?\s*-?\d|"
    r"\b(?P<g>[a-z][a-z_]{2,})\s*=\s*-?\d",
    re.IGNORECASE,
)
_NOT_A_FEATURE = frozenset(
    "patient patients id number instance row sample record review text case person she he they it age years year "
    "value values score probability threshold change changed it's that this what which who each all one "
    "only just even still also about around nearly almost roughly exactly some another extra more less fewer".split()
)  # (adverbs and quantifiers before an amount, "if only 150 skated", "had just 4 riders", name no feature)


def _unknown_label(text: str, schema: HostSchema) -> str | None:
    labels = {c.lower() for c in schema.class_names}
    named = label_mentions(text, schema, class_mentions(text, schema))
    for match in _NAMED_LABEL.finditer(text):
        word = next(g for g in match.groups() if g)
        lower = word.lower()
        if any(match.start() <= start < match.end() for start, _end, _name in named):
            continue  # "why is lameness not predicted?": the class is said in the clause, by another form of it
        if lower in labels or lower in _NOT_A_LABEL or any(lower in label or label in lower for label in labels):
            continue
        if lower in {w for f in schema.features for w in _names(f)} or lower == (schema.instance_noun or "").lower():
            continue
        return f"The model's labels are {listing(schema.class_names)}; '{word}' is not one of them. Which did you mean?"
    return None


def _away_from_one_of_many(text: str, calls: Sequence[ToolCall], schema: HostSchema) -> str | None:
    """A question when a counterfactual moves away from one of more than two classes ("avoid the high tier", "to be
    kept rather than treated"): the class to reach instead is the user's to name, not a guess.

    Round 47 tried taking the search's default target (the likeliest other class) for a turn that only leaves a
    class; on the round's unread gate it turned questions into confidently wrong answers, so it was dropped.
    """
    if len(schema.class_names) <= 2 or not any(
        c.name == "explain_how_to_be_that" and not c.arguments.get("target_label") for c in calls
    ):
        return None
    left = moved_away_from(text, schema) or set_aside(text, schema)  # "to be kept rather than treated"
    if left is None:
        return None
    others = [name for name in schema.class_names if name != left]
    return f"Instead of {left}, which label should the changes reach: {listing(others)}?"


# "what if 5 had a trailer?", "suppose 7 needed a skipper on board": a thing had, up to a preposition
_HAD_THING = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*)\b[^?.!;]{0,40}?\b(?:had|has|have|having|needed|needs|got|gets|with|without)\s+"
    r"(?:a|an|no)\s+(?P<h>[a-z][a-z-]+(?:\s+(?!(?:on|in|at|for|to|from|by|with|and|or)\b)[a-z][a-z-]+){0,2})",
    re.IGNORECASE,
)


def _known(word: str, names: set[str]) -> bool:
    """Whether a word is a feature's, an alias's or a category's word, or shares its first five letters ("child")."""
    return word in names or (len(word) >= 5 and any(n[:5] == word[:5] for n in names if len(n) >= 5))


def _feature_words(schema: HostSchema) -> set[str]:
    names = {w for f in schema.features for n in _names(f) for w in re.findall(r"[a-z]+", n)}
    names |= {n for f in schema.features for n in _names(f)} | {
        w for f in schema.features for w in name_words(f.name) if w.isalpha() and len(w) > 1
    }
    return names | {c.lower() for f in schema.features for c in f.categories or []}


def _unknown_thing(text: str, schema: HostSchema) -> str | None:
    """The question for a thing had in a what-if that no feature holds ("what if 5 had a trailer?"), or None."""
    names = _feature_words(schema)
    noun = (schema.instance_noun or "").lower()
    for match in _HAD_THING.finditer(text):
        words = match.group("h").lower().split()
        if any(_known(w, names) or w in _NOT_A_FEATURE or w in (noun, noun + "s") for w in words):
            continue
        return (
            f"The model has no feature for '{match.group('h')}': its features are "
            f"{listing([f.name for f in schema.features])}. Which feature should change, and to what?"
        )
    return None


def unknown_thing(text: str, schema: HostSchema | None) -> str | None:
    """The question for a thing had in a what-if about a named instance that no feature holds ("suppose 7 had a
    trailer"), asked instead of a choice between two functions when the router is unsure; None otherwise.
    """
    if schema is None or schema.kind == "text" or not extract_ids(text, schema):
        return None
    return _unknown_thing(text, schema)


def _unknown_feature(text: str, calls: Sequence[ToolCall], schema: HostSchema) -> str | None:
    if not any(c.name == "explain_what_if" and not c.arguments.get("changes") for c in calls) and not any(
        c.name in INSTANCE_FUNCTIONS and "changes" not in c.arguments for c in calls
    ):
        return None
    question = _unknown_thing(text, schema)
    if question is not None:
        return question
    names = _feature_words(schema)
    noun = (schema.instance_noun or "").lower()
    if not any(c.name == "explain_what_if" and not c.arguments.get("changes") for c in calls):
        return None
    if sure_change(text, schema) is not None:
        return None  # "had lain 100 hours": the number's unit ties it to a feature; "lain" names none (`sure_change`)
    ids = {str(i) for i in extract_ids(text, schema)}
    for match in _NAMED_SETTING.finditer(text):
        word = (match.group("f") or match.group("g")).lower()
        number = re.search(r"-?\d+", text[match.end("f" if match.group("f") else "g") :])
        if word in names or word in _NOT_A_FEATURE or word in (noun, noun + "s"):
            continue
        if number is not None and number.group(0) in ids:
            continue  # "if member 5010 had ...": the word names the instance by its id
        features = [f.name for f in schema.features]
        return (
            f"The model has no feature '{word}': its features are {listing(features)}. "
            "Which feature should change, and to what?"
        )
    return None


# The built-in functions about one instance: without an `instance` argument the engine uses the one in focus.
INSTANCE_FUNCTIONS = frozenset(
    "get_prediction get_local_explanation explain_what_if explain_why_not explain_how_to_be_that "
    "explain_how_to_still_be_this".split()
)


def _unread_id(text: str, calls: Sequence[ToolCall], schema: HostSchema) -> str | None:
    if not any(c.name in INSTANCE_FUNCTIONS and "instance" not in c.arguments for c in calls):
        return None
    found = misread_id(text, schema)
    if found is None:
        return None
    word, number = found
    noun = schema.instance_noun or "instance"
    return (
        f"I could not read '{word} {number}' as an id: do you mean {noun} {number}? "
        f"Please write it as '{noun} {number}' (or name another {noun})."
    )


def vague_question(text: str, schema: HostSchema | None) -> str | None:
    """One question for a group named with no threshold ("what about the long boats"), naming a valid form; or None."""
    vague = vague_group(text, schema) if schema is not None else None
    if schema is None or vague is None:
        return None
    return group_question(vague.words, vague.feature, schema)


def group_question(words: str, feature: FeatureSchema | None, schema: HostSchema) -> str:
    """The question for a group named by `words` that the host cannot pick out, naming a valid condition."""
    noun = schema.instance_noun or "instance"
    if feature is not None and feature.min is not None and feature.max is not None:
        middle = f"{(feature.min + feature.max) / 2:.0f}"
        return (
            f"Which {words} do you mean? {feature.name} runs from {feature.min:g} to {feature.max:g} in the "
            f"data: give a bound, such as '{feature.name} > {middle}'."
        )
    numeric = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
    if schema.kind == "text" or not numeric:
        return (
            f"Which {words} do you mean? No feature of the {noun}s says which those are: name them by a label "
            f"({listing(schema.class_names)}) or by an id."
        )
    example = numeric[0]
    return (
        f"Which {words} do you mean? No feature of the {noun}s is called that: give a condition on one of "
        f"{listing([f.name for f in schema.features])}, such as '{example.name} > "
        f"{((example.min or 0) + (example.max or 0)) / 2:.0f}'."
    )


def uncalled_question(text: str, schema: HostSchema | None) -> str | None:
    """For a turn the selector reads as asking for no function: the question for a group named with no threshold,
    for a thing had in a what-if about a named instance that no feature holds, for which instance is the user's
    own when a turn asks about a class for it ("will mine be approved?") without an id, or for which feature a
    supposition about an instance changes ("what if she had a parrot"); None for a plain reply.
    """
    if schema is None:
        return None
    question = vague_question(text, schema)
    if question is None:
        question = unknown_thing(text, schema)
    if question is None:
        question = unrecorded_question(text, schema)
    if question is None and (words := unnamed_group_words(text, schema)) is not None:
        question = group_question(words, None, schema)  # "so how are the creaky ones doing": which are those?
    if question is None and (
        (_OWN.search(text) and not extract_ids(text, schema) and extract_label(text, schema))
        or own_instance(text, schema) is not None
    ):
        # "is mine going to be approved?", "is my boat ok": the user's own instance, which the data cannot tell
        question = whose_question(schema)
    if question is None:
        question = supposed_thing_question(text, schema)  # "what if she had a parrot": which feature? (ux49)
    return question


# The user's own instance, named without an id: "my order", "mine", "our booking"
_OWN = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?\w+|\bmine\b|\bours\b", re.IGNORECASE)


# "accuracy by purpose", "approvals per region", "for each plan": a breakdown over a feature's values
_BY = re.compile(r"\b(?:by|per|for\s+each|across)\s+(?:the\s+|each\s+|every\s+|their\s+|its\s+)?$", re.IGNORECASE)


def breakdown_feature(text: str, schema: HostSchema | None) -> FeatureSchema | None:
    """The feature a turn breaks a metric or count down by ("accuracy by plan", "recall per region"), or None."""
    if schema is None or schema.kind == "text":
        return None
    for mention in feature_mentions(text, schema):
        if _BY.search(text[max(0, mention.start - 30) : mention.start]):
            return mention.feature
    return None


def _breakdown_dropped(text: str, calls: Sequence[ToolCall], schema: HostSchema) -> str | None:
    """One question when a metric or count is asked by a feature's values ("accuracy by plan") and no call carries
    that feature: the functions take one group at a time, so the answer for everyone would drop the breakdown.
    """
    grouped = [c for c in calls if c.name in ("get_model_performance", "get_prediction")]
    if not grouped or len(grouped) < len(calls):
        return None
    said = " ".join(str(c.arguments.get("group") or c.arguments.get("instance") or "") for c in grouped)
    feature = breakdown_feature(text, schema)
    if feature is not None and feature.name not in said:
        if feature.categories:
            values = list(feature.categories)
            return (
                f"Which {feature.name} do you mean: {listing(values)}? I compute that for one group at a time; "
                f"name one, or a few to compare ('{values[0]} and {values[-1]}')."
            )
        if feature.min is not None and feature.max is not None:
            return (
                f"Which {feature.name} group do you mean? I compute that for one group at a time: give a bound, "
                f"such as '{feature.name} > {(feature.min + feature.max) / 2:.0f}'."
            )
    return None


# "can we see this by region", "the accuracy per branch", "break it down by colour": a breakdown over a thing named
# after what is broken down
_BY_THING = re.compile(
    r"\b(?:this|that|it|them|these|those|down|up|out|numbers|figures|results|accuracy|performance|precision|recall|"
    r"f1|metrics?|scores?|predictions?|stats|statistics)\s+(?:by|per|for\s+each|across)\s+"
    r"(?:the\s+|each\s+|every\s+|their\s+|its\s+)?(?P<w>[a-z][a-z-]{2,})\b",
    re.IGNORECASE,
)
# A bound or a clause right after the word: it heads a group of rows ("the hulls older than 40 months", ux48)
_HEADS_A_GROUP = re.compile(
    r"\s+(?:[a-z]+er\s+than|over|under|above|below|with|without|that|which|where|who|aged|between|from|"
    r"(?:more|less|fewer)\s+than|(?:at\s+)?(?:least|most))\b",
    re.IGNORECASE,
)
# Words a breakdown is by that no feature needs to hold: the model's own terms and fixed phrases ("by far")
_BY_ANYTHING = frozenset(
    "model classifier label labels class classes outcome outcomes prediction predictions feature features "
    "importance group groups category categories value values type types far default hand percent percentage "
    "itself themselves name id ids number numbers metric metrics error errors mistake mistakes".split()
)


def _unknown_breakdown(text: str, schema: HostSchema) -> str | None:
    """The question for a breakdown by a thing no feature holds ("can we see this by region?"), or None.

    Answering for everyone, or another function's answer, would drop the breakdown without saying so.
    """
    names = _feature_words(schema)
    noun = (schema.instance_noun or "").lower()
    for match in _BY_THING.finditer(text):
        word = match.group("w").lower()
        if (
            _known(word, names)
            or word in NOT_A_VALUE
            or word in _BY_ANYTHING
            or word in (noun, noun + "s")
            or any(word == c.lower() or word[:5] == c.lower()[:5] for c in schema.class_names)
            or _HEADS_A_GROUP.match(text[match.end() :])  # "across the hulls older than 40 months": rows
        ):
            continue
        return (
            f"No feature of this data records '{match.group('w')}', so I cannot break the answer down by it: the "
            f"features are {listing([f.name for f in schema.features])}. Which of them, or which group, do you mean?"
        )
    return None


def unknown_breakdown(text: str, schema: HostSchema | None) -> str | None:
    """The question for a breakdown by a thing no feature holds, asked before a choice between two functions when the
    router is unsure ("what are the approval numbers by branch": neither function can break its answer down).
    """
    return None if schema is None or schema.kind == "text" else _unknown_breakdown(text, schema)


def _vague_unasked(text: str, calls: Sequence[ToolCall], schema: HostSchema) -> str | None:
    """The vague-group question when no call carries the group and none is about one instance or a change."""
    for call in calls:
        instance = call.arguments.get("instance")
        # a group over everyone or by a condition ("all", "prediction = late") drops the vague words: asked
        over_a_group = isinstance(instance, str) and (instance == "all" or re.search(r"[=<>]", instance) is not None)
        if call.arguments.get("group") or call.name == "explain_what_if" or (instance is not None and not over_a_group):
            return None  # the group is passed on (the function asks for its threshold), or the turn is about one
    return vague_question(text, schema)


def unknown_named(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> str | None:
    """A question naming what the turn named that the host does not have, or None when everything it named exists.

    Args:
        text: the (normalised) turn.
        calls: the calls the router is about to make for it.
        schema: the host's schema.
    """
    if schema is None or not calls:
        return None
    # an id outside the host's range needs no check here: the host refuses it and the engine asks, naming the range
    question = None
    if schema.kind != "text" and any(c.name == "get_model_performance" for c in calls):
        question = unknown_category(text, schema)
    elif schema.kind != "text" and any(c.name in _ABOUT_GROUPS and "instance" not in c.arguments for c in calls):
        question = unknown_category(text, schema, after_name=False)  # "average vat temp of the silk fibre bolts"
    if question is None and any(
        c.name in _LABEL_FUNCTIONS and not c.arguments.get(_LABEL_FUNCTIONS[c.name]) for c in calls
    ):
        question = _unknown_label(text, schema)
    if question is None:
        question = quoted_label_question(text, calls, schema)  # "will 5010 be 'half cracked'?" with no such label
    if question is None:
        question = _away_from_one_of_many(text, calls, schema)
    if question is None and schema.kind != "text":
        question = _unknown_feature(text, calls, schema)
    if question is None and not any(c.arguments.get("changes") or c.arguments.get("group") for c in calls):
        question = unrecorded_question(text, schema)  # "would better tyres help 12": no feature holds tyres
    if question is None and not any(c.name in INSTANCE_FUNCTIONS for c in calls):
        question = own_instance_question(text, schema)  # "can my boat pass?" read as the outputs' description
    if question is None:
        question = _unread_id(text, calls, schema)
    if question is None:
        question = unknown_attribute(text, calls, schema)
    if question is None:
        question = _vague_unasked(text, calls, schema)
    if question is None and (subset := unheld_subset(text, calls, schema)) is not None:
        question = group_question(subset.words, subset.feature, schema)  # "the rooftop trays": no word of the host's
    if question is None and (quality := unread_quality(text, calls, schema)) is not None:
        question = group_question(quality, None, schema)  # "how many of the grumpy ones does it call weak" (ux48)
    # "over 30 km/h on the night routes": the bound is read, the routes are not; never drop them silently. So for
    # "how many of them are vegetarian?" after a group: the group in focus is kept, the vegetarians are not read
    part = unread_part(text, calls, schema) or unread_narrowing(text, calls, schema) if question is None else None
    if part is not None:
        question = f"I can read {part[0]}, but not '{part[1]}'. " + group_question(part[1], None, schema)
    if question is None and schema.kind != "text":
        question = _breakdown_dropped(text, calls, schema)
    if question is None and schema.kind != "text" and not any(c.arguments.get("changes") for c in calls):
        question = _unknown_breakdown(text, schema)  # "can we see this by region?" with no region in the data
    if question is None:
        # last: the questions above that name a shared word's features ("Which wear do you mean? ... runs from ...",
        # a what-if's ambiguous head) are read back when answered; this one only names the candidates
        question = shared_word_question(text, calls, schema)  # "the usual border?" of border_width_cm, BorderStyle
    return question
