"""The router's choice for one turn: a function (or none), how sure it is, and what it offers when it asks."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from simxai.backends._router_added_change import comes_with
from simxai.backends._router_arguments import counts_predictions, judges_a_group
from simxai.backends._router_by_category import (
    compared_categories,
    compared_groups,
    often_in_category,
    ranked_category,
    usual_in_group,
)
from simxai.backends._router_group_records import recorded_in_group
from simxai.backends._router_group_what_if import group_what_if
from simxai.backends._router_masking import mask_spans
from simxai.backends._router_readings import read_function
from simxai.backends._router_scaled_word import scaled_shared_word
from simxai.extraction import (
    extract_argument,
    extract_changes,
    extract_ids,
    extract_instance,
    extract_label,
    extract_metric,
    group_spans,
    is_reference,
)
from simxai.extraction.mentions import ended_as, explained_label, moved_away_from
from simxai.followup import INSTANCE_COUNTERPART
from simxai.followup_calls import adds_to_previous, last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message


@dataclass(frozen=True)
class Decision:
    """Which function answers a turn; `confident` False with a `runner_up` makes the router ask between the two."""

    function: str | None
    confidence: float
    confident: bool
    whole_text: bool = False  # the turn itself is the instance (a bare text for a text host)
    also: tuple[str, ...] = ()  # further functions a compound request asks for ("predict it, then explain")
    runner_up: str | None = None  # the second likeliest function, offered when the router asks
    arguments: dict[str, Any] | None = None  # a follow-up's arguments, taken from the previous call


# Words of the quality of predictions besides the metrics `extract_metric` reads: a performance question has one.
_QUALITY = re.compile(
    r"\b(?:right|wrong|correct\w*|incorrect\w*|mistak\w*|errors?|err(?:s|ed)?|miss\w*|false|true|trust\w*|reliab\w*|"
    r"bias\w*|fair\w*|good|bad|well|badly|better|worse|best|worst)\b",
    re.IGNORECASE,
)


_PREDICTION = re.compile(r"\bpredict\w*|\bpreds?\b", re.IGNORECASE)
# A question about how the model is built or works inside, not how well: "how does it work", "how does it operate".
_MECHANISM = re.compile(
    r"\bhow\s+(?:does|do|did|would)\s+(?:it|this|that|the\s+model|this\s+model|the\s+classifier|they)\s+"
    r"(?:(?:actually|really)\s+)?(?:work|function|operate)\b",
    re.IGNORECASE,
)


# "all the metrics", "every metric you have", "the full set of metrics": the metrics asked for by that word
_THE_METRICS = re.compile(
    r"\bmetrics\b|\b(?:every|each|all|full|complete)\s+(?:(?:set|list)\s+of\s+)?(?:the\s+)?(?:available\s+)?metrics?\b",
    re.IGNORECASE,
)


def names_metric(text: str) -> bool:
    """Whether the turn names a metric by its name ("f1", "recall") or asks for the metrics ("every metric")."""
    return extract_metric(text) not in (None, "all") or _THE_METRICS.search(text) is not None


# Functions about one instance: none of them reports a metric, a rate over many instances.
_ONE_INSTANCE = frozenset({"get_prediction", "get_local_explanation"})


def metric_named(decision: Decision, text: str, schema: HostSchema | None = None) -> Decision:
    """The decision, sure of the performance function when the selector hesitates between it and another, or
    prefers the data's records to it, and the turn names a metric ("what's the f1 for applicants in the central
    region?"): no other function takes one, and the data records none (a metric is computed from predictions).

    "How good" (every metric) is no named metric: "how good is the prediction for patient 5" asks about one. Torn
    between the prediction and the performance, a turn that names a prediction and no metric or quality of it
    ("show me its prediction") asks for the prediction. Torn between the performance and the model card, a turn
    that asks how the model works and names no metric or quality ("how does the model work?") asks for the card.
    Sure of a prediction or an explanation of one instance while the turn names a metric and no instance of
    `schema` ("every metric for applicants in the north"), the selector is overruled: there is no one instance.
    """
    if (
        decision.confident
        and decision.function in _ONE_INSTANCE
        and schema is not None
        and names_metric(text)
        and not extract_ids(text, schema)
    ):
        return replace(decision, function="get_model_performance", confident=True, runner_up=None)
    if (
        decision.function == "get_model_performance"
        and decision.runner_up == "get_model_information"
        and _MECHANISM.search(text)
        and extract_metric(text) is None
        and not _QUALITY.search(text)
    ):
        # "how does the model work?": how it is built, which the model card says; no metric, no "how well"
        return replace(decision, function="get_model_information", confident=True, runner_up=None)
    if decision.confident and decision.function != "get_data_information":
        return decision
    if "get_model_performance" not in (decision.function, decision.runner_up):
        return decision
    if (
        not decision.confident
        and {decision.function, decision.runner_up} == {"get_model_performance", "get_prediction"}
        and _PREDICTION.search(text)
        and extract_metric(text) is None
        and not _QUALITY.search(text)
    ):
        # "show me its prediction": torn between the prediction and how good predictions are, naming a prediction
        # and no word of its quality (no metric, no "how good", "wrong", "error", "trust"): the prediction itself
        return replace(decision, function="get_prediction", confident=True, runner_up=None)
    if not names_metric(text):
        return decision  # "how good" is every metric, but names none: the selector's doubt stands
    return replace(decision, function="get_model_performance", confident=True, runner_up=None)


# Words of ranking what the model weighs, which an instance's explanation answers and its prediction does not.
_RANKS = re.compile(r"\b(?:rank\w*|importan\w*|inputs?|top|most|least|biggest|main|key|sensitiv\w*)\b", re.IGNORECASE)


def instance_counterpart(
    function: str | None, text: str, names: Collection[str], schema: HostSchema | None = None
) -> str | None:
    """The function that answers a question about the whole model asked of one instance, or None.

    The model's global explanation asked of one instance is that instance's own explanation ("which factors weighed
    most for applicant 402?"); its performance asked of one instance in words of performance in general ("score",
    "how well", "performance") is that instance's prediction ("what's the churn score of 12", "how well does it do
    on patient 5"): a metric is a rate over many instances, and one instance has only its outcome. A named metric
    ("the recall for patient 5") stays a performance question, and so does a turn with no word of performance at
    all: then the selector's reading is what is in doubt, and the engine's question about the metric says so.
    Asked of one instance with a class of `schema` named and no word of reasons or ranking ("saw patient 40
    today, does the model think he will be progressing?"), the model's reasons were a misreading: the turn asks
    the outcome, the instance's prediction. The caller checks that the turn names one instance.
    """
    if function in INSTANCE_COUNTERPART:
        counterpart = INSTANCE_COUNTERPART[function]
        if (
            counterpart == "get_local_explanation"
            and "get_prediction" in names
            and schema is not None
            and not REASONS.search(text)
            and not _RANKS.search(text)
            and extract_label(text, schema) is not None
        ):
            counterpart = "get_prediction"  # "does it think patient 40 will be progressing?": the outcome
    elif function == "get_model_performance" and extract_metric(text) == "all":
        counterpart = "get_prediction"
    else:
        return None
    return counterpart if counterpart in names else None


# The functions that change or keep an outcome: moving away from a class ("shed the surcharge") picks among them.
_COUNTERFACTUAL_FUNCTIONS = frozenset({"explain_how_to_be_that", "explain_how_to_still_be_this", "explain_why_not"})
# "how far can her income fall before she loses the approval?", "and still avoid a rejection": the outcome kept
_KEEPS_OUTCOME = re.compile(r"\b(?:before|still|without)\b", re.IGNORECASE)


# "without" and the verb of an outcome one could get, right before a class: "change without getting the surcharge",
# "without being rejected", "without ending up with a surcharge", "without becoming progressing". The verb is needed:
# "to be without the surcharge" leaves a class the instance has.
_WITHOUT = re.compile(
    r"\bwithout\s+(?:(?:get(?:ting)?|being|becom(?:e|ing)|turn(?:ing)?|end(?:ing)?\s+up(?:\s+(?:with|as|in|on))?|"
    r"incurr?(?:ing)?|receiv(?:e|ing)|pick(?:ing)?\s+up|land(?:ing)?(?:\s+(?:with|in|on))?|go(?:ing)?\s+(?:to|into|on))"
    r"\s+)(?:(?:predicted|classified|labell?ed|flagged|rated|marked|put)\s+)?(?:(?:as|on|into|to)\s+)?"
    r"(?:(?:a|an|the|any)\s+)?",
    re.IGNORECASE,
)


def kept_clear_of(text: str, schema: HostSchema | None) -> str | None:
    """The class a turn says must not come of the change ("what can member 5010 change without getting the
    surcharge?" -> surcharge), or None: the class named right after "without" and an outcome verb.
    """
    if schema is None:
        return None
    for match in _WITHOUT.finditer(text):
        following = " ".join(text[match.end() :].split()[:3])  # a class name or another word for it: a few words
        label = extract_label(following, schema) if following else None
        if label is not None:
            return label
    return None


# "what did it decide", "what does the model say", "what would it predict": "what" as the object of a verb of deciding
# or saying asks for the outcome itself ...
_WHAT_IT_DECIDED = re.compile(
    r"\bwhat\s+(?:did|does|do|would|will|has|had)\s+(?:it|they|you|(?:the|this|that|your|their)\s+(?:[\w']+\s+)?\w+)\s+"
    r"(?:decided?|say|said|predict(?:ed)?|conclude[d]?|think|thought|choose|chose(?:n)?|output|give|given|call(?:ed)?)\b",
    re.IGNORECASE,
)
# ... unless the turn asks for reasons too ("what did it decide, and why?", "what did it decide based on?"); words of
# reasons: an instance's explanation answers them, its prediction does not (simxai.backends._router_unsure)
# Asking why, in so many words ("why", "how come", "what makes").
_WHY = re.compile(r"\b(?:why|how\s+come|what\s+makes)\b", re.IGNORECASE)
# A cause asked with "what" as the subject of a verb whose object is the instance or its outcome ("what tipped patient
# 31 over", "what's keeping her there", "what pushed it"), or with the model looking at something ("what's it looking
# at"): the instance's reasons, as "why" asks them. Auxiliaries and determiners after "what" ask something else.
_CAUSE_FORMS = (
    r"\bwhat(?:'s|\s+is|\s+was|\s+has)?\s+(?!(?:is|was|are|were|does|did|do|has|had|will|would|can|could|should|"
    r"the|a|an|it|its|this|that|they|he|she|you)\b)[a-z]+(?:ing|ed|s|ung|ew|ought|ept|ot)\s+(?:it|him|her|them|this|that|"
    r"(?:the|his|its|their)\s+\w+|\w+\s+\d+|\d+)\b"
    r"|\b(?:it|the\s+model|they)(?:'s|\s+is|\s+are)?\s+look(?:ing|s)?\s+at\b"
)
#: Asking for an outcome's causes in so many words: "why", "how come", "what makes", and the forms above.
ASKS_CAUSE = re.compile(rf"{_WHY.pattern}|{_CAUSE_FORMS}", re.IGNORECASE)
REASONS = re.compile(
    r"\b(?:why|how|reasons?|reasoning|because|based|basis|factors?|features?|driv\w*|drove|explain\w*|behind|caus\w*|"
    rf"made|make|led|weigh\w*|matter\w*|influenc\w*|contribut\w*|words?|tokens?)\b|{_CAUSE_FORMS}",
    re.IGNORECASE,
)


# what a rate or count in a group may be read as before it is read as the group's records
_COUNTABLE = (None, "get_prediction", "get_model_performance", "get_data_information")
_ONE_INSTANCE_SEARCHES = ("explain_how_to_still_be_this", "explain_how_to_be_that")


def outcome_decision(
    decision: Decision, text: str, schema: HostSchema | None, names: Collection[str]
) -> Decision | None:
    """A sure decision from the outcome a turn names, or None to keep the selector's.

    An importance question for a label that names no instance ("which features matter most for barbera?") is
    the global explanation of that label, when the selector took the label for an instance's prediction.

    A question about what an output means ("what exactly does 'approved' mean?", "when it says 0.7, what is that
    number?") is the output description; whether the model was right about one named instance ("was it right about
    patient 12?") is that instance's prediction, which states the recorded label beside it; why a class was not given,
    in any words for the class ("how come boat 7 isn't back on schedule?"), is the why-not; a supposition about a
    feature ("what if the loan were larger?") is a what-if, never a data question. A count of a predicted
    outcome within a group ("how many smokers on the gold plan end up with a surcharge?") is the model's predictions
    over the group when the selector chose the data's records, a performance naming no metric, or is unsure. A turn
    that leaves a class ("how might she shed the surcharge?") while the selector hesitates between counterfactual
    functions, or is sure of the one that keeps the class, asks for the changes that reach another class, unless it
    keeps an outcome ("before she loses the approval", "and still avoid a rejection"). A turn that reaches for a
    class only after "without" ("what can member 5010 change without getting the surcharge?") asks what may change
    while the outcome stays clear of that class, whichever counterfactual search the selector leans to and whatever
    its confidence: reaching that class is the opposite of what it asks.
    A turn that asks what the model decided or said ("review 48 is mine, what did it decide") and asks no reason
    asks for the prediction, not for the explanation of it.
    A turn that ranks the categories of a feature by how often a class comes with them ("which carrier is most often
    late?") asks for that class counted in each category, and a yes-no question whether a group usually has a class
    ("are car loans mostly approved?") for it counted in the group; categories compared with no metric named
    ("compare dhl and ups") ask for the labels recorded in each, and why a class is frequent in one category ("why is
    saltmarsh damaged so often?") for the model's reasons over that category (`simxai.backends._router_by_category`).
    """
    recorded = recorded_in_group(text, schema)  # "the approval rate for renters": the group's recorded labels
    if recorded is not None and "get_data_information" in names and decision.function in _COUNTABLE:
        return Decision("get_data_information", decision.confidence, True)
    ranked = ranked_category(text, schema)
    if ranked is not None:  # "which carrier is most often late?": the class counted in each category
        function = "get_prediction" if ranked.predicted else "get_data_information"
        return Decision(function, decision.confidence, True) if function in names else None
    if _WHY.search(text) and often_in_category(text, schema) is not None and "get_local_explanation" in names:
        return Decision("get_local_explanation", decision.confidence, True)  # "why is saltmarsh damaged so often?"
    side_by_side = compared_categories(text, schema)
    if side_by_side is not None and "get_data_information" in names:  # "compare dhl and ups": labels per carrier
        return Decision("get_data_information", decision.confidence, True, arguments={"feature": side_by_side.name})
    if compared_groups(text, schema) is not None and "get_model_performance" in names:
        return Decision("get_model_performance", decision.confidence, True)  # "which carrier does it do worst on?"
    usual = usual_in_group(text, schema)
    if usual is not None and "get_prediction" in names:  # "are car loans mostly approved?": that group's predictions
        return Decision("get_prediction", decision.confidence, True, arguments={"instance": usual})
    if (
        decision.function == "get_local_explanation"
        and "get_prediction" in names
        and _WHAT_IT_DECIDED.search(text)
        and not REASONS.search(text)
    ):
        return Decision("get_prediction", decision.confidence, True)
    if (
        decision.function in _SEARCHES
        and "explain_how_to_still_be_this" in names
        and kept_clear_of(text, schema) is not None
        and extract_label(_WITHOUT.split(text, maxsplit=1)[0], schema) is None  # no class wanted before it
    ):
        return Decision("explain_how_to_still_be_this", decision.confidence, True)
    if (
        decision.function == "explain_why_not"
        and "explain_how_to_be_that" in names
        and not re.search(r"\b(?:why|how\s+come)\b", text, re.IGNORECASE)
        and moved_away_from(text, schema) is not None
    ):
        # "what would keep 20 from being rejected?": the changes that leave the class, not why it is not given
        return Decision("explain_how_to_be_that", decision.confidence, True)
    unsure = not decision.confident
    read = read_function(decision.function, decision.confident, text, schema, names)  # simxai.backends._router_readings
    if read is not None:
        return Decision(read, decision.confidence, True)
    if (
        (decision.function == "get_local_explanation" or (unsure and decision.function == "get_global_explanation"))
        and "get_global_explanation" in names
        and (explained_label(text, schema) or _ranked_for_a_class(text, schema)) is not None
        and extract_instance(text, schema) is None
        and not is_reference(text)
    ):
        # "which features matter most for barbera?": a label, no instance; the model's reasons for that label
        # (also when the selector leans to them unsure: with no instance there is no local explanation to offer)
        return Decision("get_global_explanation", decision.confidence, True)
    if decision.function == "get_prediction" and "get_model_performance" in names and judges_a_group(text, schema):
        # "is it fair to the over 70s?", "does it work for older cats": how well it does on them, not what it predicts
        return Decision("get_model_performance", decision.confidence, True)
    if (
        (
            decision.function == "get_data_information"
            or unsure
            or (decision.function == "get_model_performance" and extract_metric(text) is None)
            or decision.function in _ONE_INSTANCE_SEARCHES  # "how many ... does it keep X": no one instance's search
        )
        and "get_prediction" in names
        and counts_predictions(text, schema)
    ):
        return Decision("get_prediction", decision.confidence, True)
    if (
        # sure of keeping the outcome is no reason to keep it when the turn leaves its class ("shed the surcharge")
        (unsure or decision.function == "explain_how_to_still_be_this")
        and "explain_how_to_be_that" in names
        and {decision.function, decision.runner_up} & _COUNTERFACTUAL_FUNCTIONS
        and (moved_away_from(text, schema) or ended_as(text, schema)) is not None  # "shed the X", "come off X"
        and not _KEEPS_OUTCOME.search(text)
    ):
        return Decision("explain_how_to_be_that", decision.confidence, True)
    return None


# The inputs of the model named in the plural ("which features drive repair", "what factors push it to late")
_INPUTS = re.compile(r"\b(?:features|factors|inputs|variables|drivers|things)\b", re.IGNORECASE)


def _ranked_for_a_class(text: str, schema: HostSchema | None) -> str | None:
    """The one class a question about the model's inputs in the plural names with no cue ("which features drive
    repair", ux48), or None: what drives one class over all the rows is that class's global explanation.
    """
    if not _INPUTS.search(text):
        return None
    label = extract_argument("label", text, schema, "get_global_explanation")  # the class named, cued or not
    return label if isinstance(label, str) else None


# Sure choices the changes overrule: they would answer the question without the changes the turn names, or not at
# all ("no function": "Say subscriber 8150 read tablets. Any difference?").
_DROPS_CHANGES = frozenset({"get_prediction", "get_local_explanation", "get_global_explanation", None})
_STEP_AFTER = re.compile(r"\s*(?:more|less|fewer|higher|lower|greater|smaller|extra)\b", re.IGNORECASE)
# Counterfactual searches take no changes: a step by an amount ("with 4 more classmates", "10 km lower") is the what-if.
_SEARCHES = frozenset({"explain_how_to_be_that", "explain_how_to_still_be_this"})
# A turn that frames a supposition ("if", "suppose", "imagine", "assume", "say ...").
_FRAMES = re.compile(r"\b(?:if|suppos\w*|imagin\w*|assum\w*)\b|^\W*(?:let'?s\s+)?say\b", re.IGNORECASE)
# A turn that supposes something: a conditional, "instead", "would ... with", "what then", "make that ..." (a new
# amount for the change in focus: "make that 5 km shorter").
_SUPPOSES = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*|assum\w*|instead|would|what\s+then)\b|^\W*(?:let'?s\s+)?say\b"
    r"|^\W*(?:(?:and|ok|okay|so|now|then)\W+)?make\s+(?:that|it)\b",
    re.IGNORECASE,
)
# A change given as an order from the turn's start ("knock 3 off ...", "add 2 to ...", "cut her rent by 100"): the
# user supposes it as much as "if ..." does.
_ORDERS_CHANGE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|now|please|just)\W+)*(?:knock|take|shave|trim|cut|add|reduce|raise|lower|increase|"
    r"decrease|drop|bump|double|halve|put)\b",
    re.IGNORECASE,
)
# A new instance described by its values ("predict a reader with 2 upgrades", "someone aged 31, ...", "prediction
# for a ship on the transpacific lane: ..."): no instance of the data changes.
_NEW_INSTANCE = re.compile(
    r"\b(?:a|an|some|new)\s+(?:\d+(?:\.\d+)?\s*)?[a-z]+\s+(?:with|who|that|going|aged)\b"
    r"|\b(?:someone|somebody|anyone)\s+(?:with|who|that|aged|of)\b"
    r"|^\W*(?:predict\w*|prediction|classify)\s+(?:for\s+|of\s+)?(?:a|an|someone|somebody|anyone|the\s+following)\b",
    re.I,
)


def changes_decision(
    decision: Decision, text: str, history: Sequence[Message], schema: HostSchema | None, names: Collection[str]
) -> Decision | None:
    """A sure what-if when the turn names concrete changes to an instance of the data, or None.

    Changes found by extraction ("with 2 fewer skipped deliveries", "a $4k raise", "on tablets") on an instance named in
    the turn or earlier in the dialogue, in a turn that supposes something or changes by an amount ("upgrades up 2
    on 8150"), are what the what-if function takes; no other function takes them. The selector is
    overruled when it is unsure; when it is sure of a function that would drop the changes (a prediction, an
    explanation or no function at all: "and on top of that 2 fewer upgrades?" read as the global explanation),
    only if the changes are relative or framed as a supposition ("if", "suppose"), since "why would patient 12 be
    progressing with a bmi of 30" describes the patient; when it is sure of a counterfactual search, which takes no
    changes, only if a change is a step and supposed ("would 6150 still fail with 4 more classmates", "make that 10 km
    lower instead"). A sure choice of any other function stands, and a new instance described by its values stays a
    prediction, also when the selector reads its values as changes ("what's the prediction for a tree with girth 50,
    soil sand?": no instance of the data to change). A what-if whose every change is a value its group already
    has ("which loans in climate crates had ...": crate type to climate) changes nothing: the group's predictions.
    """
    if schema is None or schema.kind != "tabular" or "explain_what_if" not in names:
        return None
    if decision.function == "explain_what_if" and "get_prediction" in names and _restates_its_group(text, schema):
        return Decision("get_prediction", decision.confidence, True)
    torn = None if decision.confident else decision.runner_up
    if "explain_what_if" in (decision.function, torn) and "get_prediction" in names and _described_anew(text, schema):
        return Decision("get_prediction", decision.confidence, True)  # "... for a tree with girth 50, soil sand?"
    if decision.confident and decision.function not in _DROPS_CHANGES | _SEARCHES:
        return None
    if (on_group := group_what_if(text, schema, history)) is not None:  # "what would the over-60s get with ...?"
        return Decision("explain_what_if", decision.confidence, True, arguments=on_group)
    # "15 km lower": an amount with its direction after it is a step, never a group ("15 km")
    spans = [(a, b) for a, b in group_spans(text, schema) if not _STEP_AFTER.match(text[b:])]
    changes = extract_changes(mask_spans(text, spans, " "), schema)
    if not changes and (scaled := scaled_shared_word(text, schema)) is not None:
        changes = extract_changes(scaled, schema)  # "with half the grant": the amount, not the term (ux49)
    if not changes or _NEW_INSTANCE.search(text):
        return None
    relative = any(isinstance(v, str) and v[:1] in "+-*" and v[1:2].isdigit() for v in changes.values())
    supposes = _SUPPOSES.search(text) or _ORDERS_CHANGE.match(text)  # "knock 3 off her claims. does it change?"
    if decision.confident and decision.function in _SEARCHES and not (relative and supposes):
        # a step supposed ("would 6150 still fail with 4 more classmates") is the what-if; a value or a possibility
        # asked ("could 8150 have 2 more upgrades and still renew") is the search the selector chose; a bare change
        # added to the what-if just answered ("and moved to the south bench") asks for no search
        if not _bare_change_added(text, history, schema):
            return None
    supposed = _FRAMES.search(text) is not None or _adds_to_what_if(text, history) or comes_with(text)
    if not (relative or supposed or (not decision.confident and supposes)):  # unsure: "take 65065 with ..." too
        return None
    if not extract_ids(text, schema) and not _instance_in_dialogue(history, schema):
        return None
    return Decision("explain_what_if", decision.confidence, True)


def _adds_to_what_if(text: str, history: Sequence[Message]) -> bool:
    """Whether a turn adds its changes to the what-if just answered ("and a bigger tank as well", "and on oak")."""
    call = last_call(history)
    joined = adds_to_previous(text) or re.match(r"^\W*(?:and|plus)\b", text, re.IGNORECASE) is not None
    return call is not None and call.name == "explain_what_if" and joined


# Words of a turn that asks something of its own, beyond the changes it names ("and what would keep it thriving?").
_ASKS_OWN = re.compile(r"\b(?:what|how|why|which|would|could|can|should|does|will|still|keep\w*|stay\w*)\b", re.I)


def _bare_change_added(text: str, history: Sequence[Message], schema: HostSchema) -> bool:
    """Whether a turn only adds changes to the what-if just answered ("and moved to the south bench", "plus on
    tablets"): joined to it, with no question word of its own and no class of the host named (a class would be
    the target of a counterfactual search).
    """
    if not _adds_to_what_if(text, history) or _ASKS_OWN.search(text):
        return False
    words = set(re.findall(r"[a-z]+", text.lower()))
    return not any(set(re.findall(r"[a-z]+", label.lower())) <= words for label in schema.class_names)


def _described_anew(text: str, schema: HostSchema) -> bool:
    """Whether a turn describes a new instance by its values ("a tree with girth 50, moisture 40"), with no id
    of the data and no supposition ("what if a tree with girth 50 had ..." changes it).
    """
    if not _NEW_INSTANCE.search(text) or _FRAMES.search(text) or extract_ids(text, schema):
        return False
    return isinstance(extract_instance(text, schema), dict)


def _instance_in_dialogue(history: Sequence[Message], schema: HostSchema) -> bool:
    """Whether an earlier call or user turn named one instance of the data."""
    for message in reversed(history):
        if any(isinstance(call.arguments.get("instance"), int) for call in message.tool_calls):
            return True
        if message.role == "user" and extract_ids(message.content, schema):
            return True
    return False


def _restates_its_group(text: str, schema: HostSchema) -> bool:
    """Whether each change the turn names is a `feature = value` its group of instances already holds, as the one
    value of that feature the group names ("wooden crates ... climate crates" read as both is no such group).
    """
    group = extract_instance(text, schema)
    changes = extract_changes(text, schema) if isinstance(group, str) else None
    held = [c.strip().lower() for c in group.split(" and ")] if isinstance(group, str) else []
    return bool(changes) and all(
        f"{name} = {value}".lower() in held and sum(c.startswith(f"{name} ".lower()) for c in held) == 1
        for name, value in (changes or {}).items()
    )
