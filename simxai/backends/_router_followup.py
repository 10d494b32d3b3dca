"""The router's follow-up on the last call that ran: that call again with one thing of it replaced.

"same for the other class", "and for those who rent?", "and her glucose?": a turn that only names what changes
is the previous call with that argument replaced (or its counterpart for an instance). The parts of such turns
are read by `simxai.followup`; this module decides which call they make.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai._last_tried import added_change, from_last_tried
from simxai.backends._router_arguments import counts_predictions
from simxai.backends._router_by_category import compared_groups
from simxai.backends._router_class_group import class_of_group, without_class_conditions
from simxai.backends._router_decision import Decision
from simxai.backends._router_going_back import goes_back_to_one
from simxai.backends._router_group_feature import group_feature_decision
from simxai.backends._router_judged_focus import judged_in_focus
from simxai.backends._router_masking import FEATURE_FILLER, only_fillers, only_names_instance
from simxai.backends._router_per_class import asks_every_class
from simxai.backends._router_similarity import known_words
from simxai.backends._router_unheld_subset import said_group
from simxai.backends._router_why_named import why_of_the_one_named
from simxai.backends.base import CompletionRequest
from simxai.extraction import (
    extract_argument,
    extract_changes,
    extract_ids,
    extract_instance,
    extract_metric,
    extract_texts,
    feature_spans,
)
from simxai.followup import (
    CONTINUES,
    INSTANCE_COUNTERPART,
    LastCall,
    adds_to_previous,
    bare_why,
    carried_change,
    class_follow_up,
    continues_added_changes,
    last_call,
    names_other_class,
    other_class_arguments,
    repeated_step,
    repeated_value,
    same_question,
    shifted_condition,
)
from simxai.followup_calls import successful_calls
from simxai.followup_context import (
    asks_overall,
    beyond_group,
    continued_group,
    group_follow_up,
    group_phrase,
    referred_group,
    says_all_the_data,
)
from simxai.followup_denied import denied_condition
from simxai.followup_fragment import word_edit
from simxai.followup_subject import about_several, which_members
from simxai.hosts.base import ChangeValue, HostSchema
from simxai.messages import Message

# A word that asks something of its own: a turn holding one is more than a follow-up's new group.
_ASKS = re.compile(
    r"\b(?:what|why|how|which|who|show|tell|give|explain|predict\w*|list|describe|compare|FEATURE|INSTANCE)\b",
    re.IGNORECASE,
)
# "in the data", "across the dataset": a feature asked about as the data holds it, not as a change to suppose
_IN_THE_DATA = re.compile(
    r"\b(?:in|across|over|of|from)\s+(?:the\s+|our\s+|your\s+|all\s+the\s+)?data(?:\s*set)?\b", re.IGNORECASE
)
_PRONOUNS = frozenset("her his their its she he they".split())


# A turn that only asks which members a group has: "which ones?", "and which are they?", "list them please".
_WHICH_ONES = re.compile(
    rf"\W*(?:(?:and|ok(?:ay)?|so)\W+)?(?:{which_members()})(?:\s+(?:exactly|then|please))?\W*", re.IGNORECASE
)


def _per_class(call: LastCall, text: str, named: str) -> bool:
    """Whether a call is a metric of one class (precision, recall, f1) or the global explanation, naming no class yet,
    and the turn names the class alone ("for placed only"): "the ones labelled placed" or "placed runs" name a group
    of instances instead.
    """
    metric = str(call.arguments.get("metric") or "").lower()
    per_class = call.name == "get_model_performance" and metric in _PER_CLASS
    # "and for cracked in particular?" after the features that matter overall: that class's ranking
    if not (per_class or call.name == "get_global_explanation") or call.arguments.get("label"):
        return False
    rest = re.sub(re.escape(named).replace("_", "[_ -]?"), " ", text.lower())
    return all(w in _ALONE for w in re.findall(r"[a-z']+", rest))


_PER_CLASS = frozenset({"precision", "recall", "f1"})


def _class_after_metric(text: str, schema: HostSchema) -> str | None:
    """The class a per-class metric word is followed by ("recall lame", "precision on rebind?"), or None."""
    match = re.search(r"\b(?:recall|precision|f1|f-score)\W+(?:(?:for|on|of)\s+)?(?:the\s+)?([a-z_]+)\b", text, re.I)
    said = match.group(1).lower() if match is not None else None
    return next((c for c in schema.class_names if c.lower() == said), None)


# What a turn naming a class alone may say besides it
_ALONE = frozenset(
    "and but what about how for the only just then there now please instead class in particular specifically".split()
)


def repeated_call(text: str, masked: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The previous call again with one thing replaced, for a follow-up that only names that thing.

    "same for the other class" swaps the label, "and for those who rent?" after a metric moves it to a
    group, "and for patient 14?" after a global explanation asks for the instance's own, "and her
    glucose?" after a relative what-if makes the same change to glucose (see `simxai.followup`).
    """
    previous = last_call(history)
    takes = {s.name: [p.name for p in s.parameters] for s in request.functions}
    if previous is None or previous.name not in takes:
        return None
    schema = request.host
    if (why := why_of_the_one_named(text, history, request)) is not None:
        return why  # "Why?" after "Standby 105804. Call?" was answered without the cue: that cue's explanation
    if (of_group := group_feature_decision(text, history, schema, set(takes))) is not None:
        return of_group  # "their page count?" after a call about a group: that feature among its members
    if (
        bare_why(text)
        and "instance" not in takes[previous.name]
        and previous.name != "get_global_explanation"
        and {"get_local_explanation", "get_global_explanation"} <= set(takes)
    ):
        # "why?" after a metric or the data card: no function explains that answer; the instance discussed
        # earlier is stale, so ask whether it is that instance's prediction or the model overall
        return Decision("get_local_explanation", 0.0, False, runner_up="get_global_explanation")
    if bare_why(text) and "instance" in takes[previous.name] and "get_local_explanation" in takes:
        return Decision("get_local_explanation", 1.0, True)  # "how come?" after a prediction: why it is so
    judged = judged_in_focus(text, history, schema) if "get_model_performance" in takes else None
    if judged is not None:  # "how many of them does it get wrong?" after a group's predictions: its performance
        return judged
    focus = previous.arguments.get("instance")
    if previous.name == "get_prediction" and isinstance(focus, str) and _WHICH_ONES.fullmatch(text):
        # "which ones?" after the predictions of a group: that call again, whose reply then names a few of them
        return Decision(previous.name, 1.0, True, arguments=dict(previous.arguments))
    if "get_prediction" in takes and _of_one_prediction(text, focus, schema):
        if previous.name == "explain_what_if" and previous.arguments.get("changes") and _HOW_SURE.search(text):
            # "how sure are you about that?" after a what-if: the changed instance's probabilities, which the
            # what-if states; the unchanged instance's prediction would answer another question
            return Decision(previous.name, 1.0, True, arguments=dict(previous.arguments))
        # "is that right?", "how sure is the model?" after a question about one instance: its prediction, which
        # states the probabilities and whether the recorded label agrees
        return Decision("get_prediction", 1.0, True, arguments={"instance": focus})
    if names_other_class(text) and len(text.split()) <= 8 and schema is not None:
        arguments = other_class_arguments(previous, schema.class_names, takes[previous.name])
        if arguments is not None:
            return Decision(previous.name, 1.0, True, arguments=arguments)
    if schema is None:
        return None
    step = repeated_step(text, previous, schema) or repeated_value(text, previous, schema) or _mirrored(text, previous)
    if step is None and (focus_call := _added_change_alone(previous, history)) is not None:
        # "and 30?" after "... and guests down to 40" was added to a scenario: that change again, the rest kept
        alone = repeated_step(text, focus_call, schema) or repeated_value(text, focus_call, schema)
        step = {**previous.arguments["changes"], **alone} if alone is not None else None
    if step is not None:  # "and 10?" after "what if bmi were 5 higher" or "... 80", when 10 is no id
        # "another 5 on top of that": from the value the what-if just tried
        return Decision(previous.name, 1.0, True, arguments={"changes": from_last_tried(text, step, previous)})
    if asks_overall(text, schema.instance_noun) and previous.arguments.get("group") not in (None, "all"):
        # "and overall?" after a metric on a group: the same metric on all the data
        rest = {k: v for k, v in previous.arguments.items() if k != "group"}
        return Decision(previous.name, 1.0, True, arguments=rest)
    metric = extract_metric(text) if previous.name == "get_model_performance" else None
    if metric is not None and compared_groups(text, schema) is not None:
        metric = None  # "which carrier is it most accurate for?": each carrier, not the previous group again
    if metric is not None and len(text.split()) <= 8 and not extract_ids(text, schema) and "FEATURE" not in masked:
        # "what about recall for that group?", "and precision?": the previous call with this metric, on the
        # group it names, else on the previous group (one thing replaced)
        group = extract_argument("group", text, schema) or referred_group(text, history, schema)
        if group is None:  # "how accurate is it for smokers?": a group no feature selects, scored or refused
            group = said_group(text, previous.name, previous.arguments, schema, known_words(request.functions))
        arguments = {**previous.arguments, "metric": metric}
        if metric not in _PER_CLASS_METRICS:
            # "what is the accuracy for patients over 60?" after "precision for stable": a label is a per-class
            # score's argument; carried into the accuracy it would score the stable ones only, unasked
            arguments.pop("label", None)
        if group is None and says_all_the_data(text, schema.instance_noun):
            arguments.pop("group", None)  # "how accurate is it on the test set?": the whole held-out split
        if group is not None:
            arguments["group"] = group
        label = extract_argument("label", text, schema, previous.name) or _class_after_metric(text, schema)
        if label is not None:  # "and the f1 for progressing?" after "recall for stable": that label's
            arguments["label"] = label
            if group is None:  # "precision of on time?" after "... for late crossings": no Late group (stale48)
                arguments = without_class_conditions(arguments, previous.arguments.get("group"))
        elif asks_every_class(text):  # "recall per class" after "precision for wilting": every class's, not one
            arguments.pop("label", None)
        elif group is None and metric in _ONE_CLASS_METRICS and (carried := class_of_group(arguments.get("group"))):
            # "and precision?" after "... for late crossings": Late's precision, not among the Late ones (ux49)
            arguments = without_class_conditions({**arguments, "label": carried}, previous.arguments.get("group"))
        return Decision(previous.name, 1.0, True, arguments=arguments)
    if same_question(text) and "instance" in takes[previous.name]:
        # "same for applicant 56": the previous call with every argument kept but the instance
        instance = extract_instance(text, schema)
        numbers = [int(n) for n in re.findall(r"\b\d+\b", text)]
        if instance is None and len(numbers) == 1 and schema.has_id(numbers[0]):
            # "and for 505, same scenario?": the one number of a "same ..." turn, if it can be an id
            instance = numbers[0]
        if instance is not None and not extract_changes(text, schema):
            return Decision(previous.name, 1.0, True, arguments={**previous.arguments, "instance": instance})
    named = class_follow_up(text, schema.class_names, schema.instance_noun)
    if named is not None:
        arguments = other_class_arguments(previous, schema.class_names, takes[previous.name], named)
        described = previous.arguments.get("feature") if previous.name == "get_data_information" else None
        feature = schema.feature(str(described)) if described is not None else None
        if arguments is None and feature is not None and feature.type == "categorical":
            # "and lost?" after "which carrier is most often late?": that answer counts every class per category
            arguments = dict(previous.arguments)
        if arguments is None and _per_class(previous, text, named) and "label" in takes[previous.name]:
            arguments = {**previous.arguments, "label": named}  # "for placed only" after a precision: placed's
        if arguments is not None and arguments.get("label") not in (None, previous.arguments.get("label")):
            # the metric's class replaced: a class condition left in the group would be stale (stale48)
            arguments = without_class_conditions(arguments, previous.arguments.get("group"))
        if arguments is not None:
            return Decision(previous.name, 1.0, True, arguments=arguments)
    for name in ("group", "instance"):
        condition = previous.arguments.get(name)
        shifted = shifted_condition(text, condition, schema) if isinstance(condition, str) else None
        if shifted is None and isinstance(condition, str):
            shifted = denied_condition(text, condition, schema)  # "and not night call?" after "... night calls?"
        if shifted is not None:  # "and over 40?" after "... on patients under 40?"
            return Decision(previous.name, 1.0, True, arguments={**previous.arguments, name: shifted})
    focus = _text_in_focus(previous) if schema.kind == "text" and "explain_what_if" in takes else None
    if focus is not None and not extract_ids(text, schema):
        # "remove 'not'" after a question about a review: an edit of that review, not a new text
        edits = extract_changes(text, schema)
        edited = {str(part) for pair in (edits or {}).items() for part in pair}
        if not (edits and "text" not in edits and all(quoted in edited for quoted in extract_texts(text))):
            edits = word_edit(text, focus)  # "gorgeous -> okay", "what if phone was book"
        if edits:
            before = previous.arguments.get("changes") if previous.name == "explain_what_if" else None
            # "and 'clear' removed as well?", and "and 'slow' became 'quick'" goes on with the scenario as a
            # tabular host's "and ..." does (`continues_added_changes`); a whole new text replaces it
            goes_on = "text" not in edits and continues_added_changes(text, before, edits)
            if isinstance(before, dict) and (adds_to_previous(text) or goes_on):
                edits = {**before, **edits}
            return Decision("explain_what_if", 1.0, True, arguments={"changes": edits})
    group = extract_argument("group", text, schema) if "group" in takes[previous.name] else None
    ids = extract_ids(text, schema)
    # "for patients over 50" after a metric: a group and no new request; so is "above 70 percent humidity"
    only_group = bool(group) and len(text.split()) <= 8 and not _ASKS.search(beyond_group(masked, text, group, schema))
    # "and how many of them are predicted progressing?" after a metric counts predictions: no metric on a group
    regrouped = group_follow_up(text, group, ids, previous) and not counts_predictions(text, schema, group)
    if regrouped or (only_group and previous.name == "get_model_performance"):
        label = previous.arguments.get("label")
        if isinstance(group, str) and label is not None and extract_argument("label", text, schema) is None:
            # "what about trees on sand?" after "the precision for wilting": wilting's precision on that group
            return Decision(previous.name, 1.0, True, arguments={**previous.arguments, "group": group})
        return Decision(previous.name, 1.0, True)
    if (
        previous.name == "get_data_information"
        and isinstance(group, str)
        and not ids
        and CONTINUES.match(text)
        and only_group
        and "FEATURE" not in masked
    ):
        # "and among the ones over 60?" after a feature's statistics: the same feature on that group, a group in
        # place of the last one (a feature of its own would be another question)
        return Decision(previous.name, 1.0, True, arguments={**previous.arguments, "group": group})
    phrase = group_phrase(text) if previous.name == "get_model_performance" and not ids else None
    if phrase is not None and "INSTANCE" not in masked:
        # "for women?" after a metric: that group, scored or refused plainly, never everyone's figure
        return Decision(previous.name, 1.0, True, arguments={**previous.arguments, "group": group or phrase})
    moved = continued_group(text, schema, known_words(request.functions)) if phrase is None and not ids else None
    if moved is not None and previous.name == "get_model_performance" and "INSTANCE" not in masked:
        # "what about vans instead?" after a metric: the same metric on that group (or asked which group)
        return Decision(previous.name, 1.0, True, arguments={**previous.arguments, "group": moved})
    moved_to = _group_of_instances(text, masked, schema) if "instance" in takes[previous.name] else None
    if moved_to is not None and previous.name != "get_model_performance":
        # "what about people under 25?" after "why is patient 12 predicted stable?": the same question on the
        # group (a function that needs one instance refuses it, and the engine asks which one is meant)
        kept = {k: v for k, v in previous.arguments.items() if k not in _ONE_INSTANCES_OWN}
        return Decision(previous.name, 1.0, True, arguments={**kept, "instance": moved_to})
    counterpart = INSTANCE_COUNTERPART.get(previous.name)
    if counterpart in takes and "GROUP" not in masked and only_names_instance(masked, schema):
        return Decision(counterpart, 1.0, True)
    if (
        previous.name == "explain_what_if"
        and schema.kind == "tabular"
        and "FEATURE" in masked
        and "NUM" not in masked  # "10 years": an amount (of age), not another feature
        and only_fillers(masked.replace("FEATURE", " "), FEATURE_FILLER | _PRONOUNS)
        and not _IN_THE_DATA.search(text)  # "what about the feature X in the data": its statistics, no change
    ):
        # "and her glucose?": the same relative change to glucose; after an absolute change the engine asks
        spans = feature_spans(text, schema)
        feature = extract_argument("feature", text, schema) if len(spans) == 1 else None
        changes = carried_change(str(feature), previous) if isinstance(feature, str) else None
        if changes is None and isinstance(feature, str) and adds_to_previous(text):
            changes = _added_category(text, schema, feature, previous)  # "and insulated too": set, on top
        return Decision(previous.name, 1.0, True, arguments={"changes": changes} if changes else {})
    return None


# "and higher?", "what about lower instead?": a direction alone, the other way from the step just tried
_OTHER_WAY = re.compile(
    r"^\W*(?:(?:and|or|what\s+about|how\s+about)\s+)?(?:(?:if\s+)?(?:it\s+)?(?:were|was|went)\s+)?"
    r"(?P<dir>higher|lower|more|less|up|down|bigger|smaller)(?:\s+instead)?\W*$",
    re.IGNORECASE,
)
_UPWARD = frozenset("higher more up bigger".split())


def _mirrored(text: str, previous: LastCall) -> dict[str, ChangeValue] | None:
    """The step of a one-change what-if turned the other way, for a direction said alone ("and higher?" after "10 %
    less": 10 % more); None for the same direction ("and lower?" after a step down: how much lower is not said).
    """
    match = _OTHER_WAY.match(text)
    changes = previous.arguments.get("changes")
    if match is None or previous.name != "explain_what_if" or not isinstance(changes, dict) or len(changes) != 1:
        return None
    [(feature, value)] = changes.items()
    said = str(value).strip()
    up = match.group("dir").lower() in _UPWARD
    if said[:1] not in ("+", "-") or (said[0] == "+") == up:
        return None
    return {str(feature): ("+" if up else "-") + said[1:]}


def _added_category(text: str, schema: HostSchema, feature: str, previous: LastCall) -> dict[str, ChangeValue] | None:
    """The previous what-if's changes and the value a turn that names one categorical feature alone reads for it
    ("and insulated as well" of a True/False column `insulated`: True, on top), or None when it reads none.
    """
    column = schema.feature(feature)
    said = extract_changes(text, schema) or {}
    earlier = previous.arguments.get("changes")
    if column is None or column.type != "categorical" or set(said) != {feature} or not isinstance(earlier, dict):
        return None
    return {**earlier, **said}


# The argument that belongs to the one instance a call was about: "why is patient 12 predicted stable?" explains
#: The metrics `get_model_performance` scores for one class (its label; "all" gives that class's precision, recall and
#: f1 beside the accuracy); accuracy alone, roc_auc and the confusion matrix take no class.
_PER_CLASS_METRICS = frozenset({"precision", "recall", "f1", "all"})
_ONE_CLASS_METRICS = _PER_CLASS_METRICS - {"all"}  # a score of one class, no other metric beside it
# patient 12's label, which a group's mean explanation need not have.
_ONE_INSTANCES_OWN = frozenset({"instance", "prediction_label"})
# A question of its own after the opening of a follow-up ("what about people over 60, why are they ...").
_THOSE = re.compile(r"\b(?:those|these|ones)\b", re.IGNORECASE)
_OWN_QUESTION = re.compile(r"\b(?:why|which|who|how\s+(?:many|much|often|come)|if|were|was|had)\b", re.IGNORECASE)


def _group_of_instances(text: str, masked: str, schema: HostSchema) -> str | None:
    """The group a short follow-up moves an instance question to ("what about people under 25?", "and for the
    ones over 60?"), as a condition the data selects; None for any other turn.

    Only a continuation ("and", "what about", "same for") that names no id, no change and no question of its own,
    and whose group the host's features (or the model's classes) select: words no feature reads ("what about
    women?") are no group the instance question can move to.
    """
    if not CONTINUES.match(text) or len(text.split()) > 9 or extract_ids(text, schema):
        return None
    if "INSTANCE" in masked or _OWN_QUESTION.search(text):
        return None
    if extract_changes(text, schema) and not (about_several(text, schema) or _THOSE.search(text)):
        return None  # "what about bmi 30?" after a what-if: a change; "trees on sand", "those on loam": a group
    group = extract_argument("group", text, schema)
    return group if isinstance(group, str) and re.search(r"[=<>]", group) else None


# A question about one prediction that names none: whether it is right, how sure the model is of it.
# "how sure ...", "how confident ...": the probabilities of the outcome just shown
_HOW_SURE = re.compile(r"\bhow\s+(?:sure|confident|certain)\b", re.IGNORECASE)
_ONE_PREDICTION = re.compile(
    r"^\W*(?:(?:and|so|but|ok(?:ay)?|hmm+)\W+)*(?:"
    r"(?:is|was)\s+(?:that|this|it|that\s+prediction|this\s+prediction|its\s+prediction|the\s+prediction)\s+"
    r"(?:right|correct|wrong|true)(?:\s+(?:about|for|on)\s+(?:that|this|him|her|it|them)(?:\s+one)?)?"
    r"|(?:are|were)\s+you\s+(?:sure|certain)(?:\s+(?:about|of)\s+(?:that|this|it))?"
    r"|how\s+(?:sure|confident|certain)\s+(?:is|was|are|were)\s+(?:it|the\s+model|that|this|you)"
    r"(?:\s+(?:about|of)\s+(?:it|that|this|him|her|them|the\s+prediction))?"
    r")\W*$",
    re.IGNORECASE,
)


def _of_one_prediction(text: str, focus: object, schema: HostSchema | None) -> bool:
    """Whether a turn asks about the prediction for the one instance in focus ("is that right?", "how sure is
    the model?"); a model's accuracy is asked with words of its own ("how accurate is the model overall?").
    """
    one = isinstance(focus, int | dict) and not isinstance(focus, bool)
    if isinstance(focus, str) and schema is not None and schema.kind == "text":
        one = re.search(r"[=<>]", focus) is None  # a text, not a group condition
    if not one:
        return False
    # "is that right? it sounds like praise to me": the question first, then a remark that asks nothing of its own
    asked, _, remark = text.partition("?")
    if remark.strip() and ("?" in remark or (schema is not None and extract_ids(remark, schema))):
        return False
    return _ONE_PREDICTION.match(asked + "?" if remark.strip() else text) is not None


def _text_in_focus(previous: LastCall) -> str | None:
    """The text the previous call was about: its quoted instance, or the text its output names (a stored
    review's call may leave the instance to the engine); None when it was about no one text.
    """
    instance = previous.arguments.get("instance")
    if isinstance(instance, str) and not re.search(r"[=<>]", instance):
        return instance
    subject = previous.output.get("subject") if isinstance(previous.output, dict) else None
    said = subject.get("text") if isinstance(subject, dict) else None
    return said if isinstance(said, str) and said else None


_PERSONAL = re.compile(r"\b(?:his|her|hers|him|she|he)\b", re.IGNORECASE)


# "this one", "that person": one instance referred to, never the model
_ONE_REFERRED = re.compile(r"\b(?:this|that)\s+(?:one|person|guy|case|individual|record|row)\b", re.IGNORECASE)
# "that decision", "this verdict": the call about one instance, pointed at; a model as a whole has no such thing
_THAT_CALL = re.compile(
    r"\b(?:this|that)\s+(?:decision|outcome|conclusion|result|verdict|forecast|classification|judge?ment|assessment)\b"
    # "what makes the model say that?": what it said of the one in focus, the sentence's last word
    r"|\b(?:say|says|said|think|thinks|conclude|decide)\s+(?:that|this|so)\s*(?:[?.!]|$)",
    re.IGNORECASE,
)


def about_the_person_in_focus(text: str, history: Sequence[Message]) -> bool:
    """Whether a turn speaks of one person ("which factors drive his decision?") or points at one instance or its
    call ("that one", "that decision") after a call about one instance, or in a new conversation ("main reasons
    behind this one?", "what drives her result?").

    A global question in such words asks about that instance: a model has no "his" or "her". With nothing said
    before, it is still about one instance: its local explanation, for which the engine asks which one.
    """
    if not any(m.role in ("user", "assistant") for m in history):
        return bool(_PERSONAL.search(text) or _ONE_REFERRED.search(text))
    previous = last_call(history)
    if previous is not None and goes_back_to_one(text):
        return True  # "back to the first one: which of its parts matter?": that one's own, not the model's
    if previous is None or not (_PERSONAL.search(text) or _ONE_REFERRED.search(text) or _THAT_CALL.search(text)):
        return False  # "which features count most for that decision?": the one in focus, as "his decision" is
    instance = previous.arguments.get("instance")
    return isinstance(instance, int | dict) and not isinstance(instance, bool)


def _added_change_alone(previous: LastCall, history: Sequence[Message]) -> LastCall | None:
    """The last what-if with only the change it added to the scenario before it (`simxai._last_tried.added_change`)."""
    calls = successful_calls(history)
    next(calls, None)
    before = next((c for c in calls if c.name == "explain_what_if"), None)
    added = added_change(previous, before)
    if added is None:
        return None
    return LastCall(previous.name, {**previous.arguments, "changes": dict([added])}, previous.output)
