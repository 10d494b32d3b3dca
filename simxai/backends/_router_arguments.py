"""The router's arguments for a chosen function, extracted from the turn by `simxai.extraction`.

What cannot be found is left out: the engine fills it from the dialogue state or asks. Several ids ("compare
patients 3 and 4") or texts give one call each, at most `MAX_CALLS`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from simxai._last_tried import continued_step
from simxai.backends._router_added_change import added_supposition
from simxai.backends._router_by_category import compared_groups, often_in_category, ranked_category
from simxai.backends._router_counted_outcome import outcome_counted
from simxai.backends._router_per_class import per_class_calls
from simxai.backends._router_scaled_word import scaled_shared_word
from simxai.backends._router_similarity import known_words
from simxai.backends._router_state_readings import with_boolean_group
from simxai.backends._router_tipped import kept_by_tipping
from simxai.backends._router_unheld_subset import graded_bound, said_group
from simxai.backends._router_unknown import breakdown_feature
from simxai.backends._router_whole_category import whole_category
from simxai.extraction import (
    alternatives,
    extract_argument,
    extract_changes,
    extract_group,
    extract_ids,
    extract_instance,
    extract_texts,
    missing_changes,
)
from simxai.extraction.mentions import (
    counted_by_a_verb,
    described_feature,
    either_groups,
    feature_mentions,
    feature_of_change,
    named_id_dropped,
    without_id_amounts,
)
from simxai.followup import (
    adds_to_previous,
    continues_added_changes,
    extract_step,
    focus_feature,
    last_call,
    multiplied_step,
    step_changes,
)
from simxai.followup_context import referred_group
from simxai.hosts.base import HostSchema, plural
from simxai.instance_values import about_one_instance
from simxai.instances import clause_field
from simxai.messages import Message, ToolCall
from simxai.normalize import normalize
from simxai.registry import FunctionSpec

#: At most this many calls for one turn ("compare patients 3, 4, 5 and 6").
MAX_CALLS = 4
# A count of rows asked for ("how many", "the number of"): of a category value, the rows of that value
# The functions whose group a category said whole names (`_router_whole_category`)
_WHOLE_GROUPS = frozenset({"get_data_information", "get_model_performance"})
_COUNTED = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b|\bcount\s+(?:of|the)\b", re.IGNORECASE)


def calls_for(spec: FunctionSpec, text: str, history: Sequence[Message], schema: HostSchema | None) -> list[ToolCall]:
    """Calls of `spec` with the arguments found in `text`: one per instance it names, at most `MAX_CALLS`."""
    return with_boolean_group(_calls_for(spec, text, history, schema), [p.name for p in spec.parameters], text, schema)


def _calls_for(spec: FunctionSpec, text: str, history: Sequence[Message], schema: HostSchema | None) -> list[ToolCall]:
    parameters = [p.name for p in spec.parameters]
    if "changes" in parameters:
        readings = alternative_changes(text, schema)
        if readings:  # "what if her bmi were 30 or 35": one what-if per value
            calls = [call for reading in readings for call in calls_for(spec, reading, history, schema)]
            return [call.model_copy(update={"id": f"call_{i}"}) for i, call in enumerate(calls[:MAX_CALLS])]
    arguments: dict[str, Any] = {}
    changes: dict[str, Any] | None = None  # a value may be None: a missing value ("were unknown")
    if "changes" in parameters:
        changes = extract_changes(text, schema)
        if changes and schema is not None:  # "if we salted 62024 today (so 0 folds)": 62024 is the batch, no salt
            changes = named_id_dropped(changes, extract_ids(text, schema), schema)
        if not changes and schema is not None and (supposed := added_supposition(text)) is not None:
            changes = extract_changes(supposed, schema)  # "plus no rain at all" after a what-if
        if not changes:
            changes = missing_changes(text, schema)  # "and if its weight were unknown?": null, a missing value
        if not changes and (scaled := scaled_shared_word(text, schema)) is not None:
            changes = extract_changes(scaled, schema)  # "on half the lease": of lease_amount, not lease_term
        if not changes:
            # "and if it were 20 % lower instead?": the feature in focus, a new change in place of the old
            # ("and fired it 3 more times": a count of a verb that names no feature, no step of the one in focus)
            step = None if counted_by_a_verb(text) else extract_step(text, schema)
            # the feature the turn names, as the engine reads it, else the one in focus ("his rent": none, asked)
            focus = feature_of_change(text, schema, lambda: focus_feature(history, schema))
            turn_step = step
            if step is not None:
                step = multiplied_step(text, step, focus, history)  # "double it" after "30 days more": "+60"
            changes = step_changes(step, focus, schema) if step is not None else None
            # "up by 12 on 62021" read as a step of 62021: the id, no amount (a value multiplied from the last
            # what-if's, "double it" after 30, is no number of the turn)
            if changes and schema is not None and step == turn_step:
                changes = without_id_amounts(changes, schema) or None
        previous = last_call(history) if changes else None
        if changes and previous is not None and previous.name == spec.name and not extract_ids(text, schema):
            # "and with glucose 100 as well?": on top of the previous what-if's changes, same instance; so is the
            # next "and ..." of a scenario built up change by change
            earlier = previous.arguments.get("changes")
            if adds_to_previous(text) or continues_added_changes(text, earlier, changes):
                changes = {**earlier, **changes} if isinstance(earlier, dict) else changes
            changes = continued_step(text, changes, previous)  # "4 degrees colder than that"; "and 2 less?" after 3
        if changes:
            arguments["changes"] = changes
    for name in parameters:
        if name in ("instance", "changes"):
            continue
        value = extract_argument(name, text, schema, spec.name)
        if value is not None:
            arguments[name] = value
    if spec.name == "explain_how_to_still_be_this" and "kept_label" in parameters and "kept_label" not in arguments:
        kept_class = kept_by_tipping(text, schema)  # "before 8830 tips into repair": the other class is kept
        if kept_class is not None:
            arguments["kept_label"] = kept_class
    compared = compared_groups(text, schema) if spec.name == "get_model_performance" else None
    one_of_them = compared is not None and arguments.get("group") in (None, *compared.split(" and "))
    if "group" in parameters and compared is not None and one_of_them:
        # "which carrier does it do worst on?", "compare dhl and ups on recall": each carrier, one call each (over
        # the one category a group reading took from the turn; another group read from it stays)
        arguments["group"] = compared
    elif "group" in parameters and "group" not in arguments:
        # the group the turn refers to ("what about recall for that group?"); a value named by the word that tells it
        # apart ("precision on the stoneware") is read with the turn's groups (`simxai.extraction._category_words`)
        group = referred_group(text, history, schema)
        if group is not None:
            arguments["group"] = group
        elif (bound := graded_bound(text, schema)) is not None:
            arguments["group"] = bound  # "the humid mugs, over 60%": on the feature "humid" grades
        elif spec.name == "get_model_performance" and (feature := breakdown_feature(text, schema)) is not None:
            # "accuracy by plan": the function scores one group at a time, and asks which (the answer completes it)
            arguments["group"] = feature.name
        elif spec.name == "get_model_performance" and (
            said := said_group(text, spec.name, arguments, schema, known_words([spec]))
        ):
            # "how accurate is it for smokers?" where no feature selects smokers: the group as said, which the
            # function scores or refuses plainly (naming what is valid), never everyone's figure
            arguments["group"] = said
        elif spec.name in _WHOLE_GROUPS and (whole := whole_category(text, schema, arguments.get("feature"))):
            arguments["group"] = whole  # "average mites roof garden": a value of several words said whole
    read_group = arguments.get("group")
    if spec.name in _WHOLE_GROUPS and isinstance(read_group, str) and not re.search(r"[=<>]", read_group):
        # "mites at the old orchard" read as the words "old": the category said whole, of which they are a part
        whole = whole_category(text, schema, arguments.get("feature"))
        if whole is not None and re.search(rf"\b{re.escape(read_group.lower())}\b", whole.lower()):
            arguments["group"] = whole
    if spec.name == "get_model_performance" and "metric" in parameters and "metric" not in arguments:
        group = arguments.get("group")
        scored = any(c.name == spec.name and c.arguments.get("metric") for m in history for c in m.tool_calls)
        # (groups set side by side, "is it better with dhl or ups?", get every metric each: a question about the
        # metric would hold one call, and the others would be dropped)
        if isinstance(group, str) and re.search(r"[=<>]", group) and not scored:
            # "is it fair to renters?", "does it do worse on the over 60s?": how it does on that group, by every
            # metric; a person asking about a group rarely has one metric in mind, and asking which is no help.
            # After a metric was asked for, the engine keeps that one ("and for tenants in london?")
            arguments["metric"] = "all"
    ranked = ranked_category(text, schema) if spec.name in ("get_data_information", "get_prediction") else None
    if spec.name == "get_data_information" and "feature" in parameters and ranked is not None:
        arguments["feature"] = ranked.feature.name  # "which carrier is most often late?": its labels per carrier
    if spec.name == "get_data_information" and "feature" in parameters and "feature" not in arguments:
        described = described_feature(text, schema)  # "how many vans are in the data": vehicle_type
        if described is not None:
            arguments["feature"] = described
    if spec.name == "get_data_information" and isinstance(arguments.get("group"), str) and schema is not None:
        # "for the thick ones, over 4 layers, what was the usual stitch count?": the feature asked about, not the one
        # that bounds the group
        asked = _asked_beside_group(text, arguments.get("feature"), arguments["group"], schema)
        arguments = {**arguments, "feature": asked} if asked is not None else arguments
    if spec.name == "get_data_information" and isinstance(arguments.get("group"), str):
        # the card counts the recorded labels of the group: "what share of the over 60s are progressing" is of
        # `age > 60`, and a ranking by a label ("which dairy has most premium wheels") of everyone
        clauses = arguments["group"].split(" and ")
        kept = [c for c in clauses if not c.startswith("label = ")]
        if kept and kept != clauses:
            arguments["group"] = " and ".join(kept)
        elif kept != clauses and ranked is not None:
            del arguments["group"]
        described = arguments.get("feature")
        categorical = schema is not None and any(
            f.name == described and f.type == "categorical" for f in schema.features
        )
        if (
            kept
            and described is not None
            and all(c.startswith(f"{described} ") for c in kept)
            and _COUNTED.search(text)
        ):
            # "how many vans are in the data", "how many pots are on sand", "how many had more than 8 on leaf curl":
            # the rows of that group, counted, not the statistics of the feature that bounds it
            del arguments["feature"]
        elif kept and categorical and all(c.startswith(f"{described} = ") for c in kept):
            if _named_in_its_values_only(text, str(described), kept, schema):
                del arguments["feature"]  # "stats for the main pad" of a feature `pad`: the group named, not `pad`
            else:
                # "which vans are in the data": the feature's card, every value (a number's card does not:
                # "faults of inverters with a trip count of 0" keeps its group)
                del arguments["group"]
    if spec.name == "get_data_information":  # "what is the income of applicant 12": that applicant's value
        group = arguments.get("group")
        # "rental days of snowboards or touring gear": the rows of either value, never a conjunction of them
        groups = either_groups(group, text, schema) if isinstance(group, str) else [group]
        calls = [
            ToolCall(id=f"call_{i}", name=spec.name, arguments={**arguments, "group": g} if g else arguments)
            for i, g in enumerate(groups[:MAX_CALLS])
        ]
        return about_one_instance(calls, text, schema, history, {"get_prediction"})
    if "instance" not in parameters:
        # "accuracy for smokers and non-smokers": one call per group, to compare; "on crimp or sloper routes": one
        # "is it better with dhl or ups?": two groups set side by side, each scored (`_SIDE_BY_SIDE`)
        group = arguments.get("group")
        groups = _groups(group, text, schema) if isinstance(group, str) else []
        if len(groups) == 1 and groups[0] != group:
            arguments = {**arguments, "group": groups[0]}
        if len(groups) > 1:
            return [
                ToolCall(id=f"call_{i}", name=spec.name, arguments={**arguments, "group": group})
                for i, group in enumerate(groups[:MAX_CALLS])
            ]
        call = ToolCall(id="call_0", name=spec.name, arguments=arguments)
        return per_class_calls(call, text, schema) or [call]  # "precision for each label": one call per class
    named = ranked.groups() if ranked is not None and ranked.predicted else instances(text, history, schema, changes)
    if spec.name == "get_prediction" and len(named) == 1 and isinstance(named[0], str) and _COUNT.search(text):
        named = [counted_group(named[0])]
    elif spec.name == "get_prediction" and not named and (rows := rows_group(text, schema)) is not None:
        # "out of the students, how many are flagged?", "which dvds are predicted late?": the group's predictions,
        # not the instance in focus (no id is named: `instances` would have returned it)
        named = [rows]
    if not named and spec.name == "get_local_explanation" and (frequent := often_in_category(text, schema)):
        named = [frequent]  # "why is saltmarsh damaged so often?": the model's reasons over the rows of saltmarsh
    if len(named) == 1 and isinstance(named[0], str) and schema is not None and schema.kind == "tabular":
        # "what does it predict for the silver and gold plans": each; "for pinch or pocket routes": their rows
        named = _groups(named[0], text, schema)
    if not named:
        return [ToolCall(id="call_0", name=spec.name, arguments=arguments)]
    said = arguments.get("changes")
    if isinstance(said, dict) and len(named) > 1:
        # "what if applicants in the east moved to the west?": the group moved, not also the group already there
        named = [n for n in named if _beyond(said, n)] or named
    calls = []
    for i, instance in enumerate(named[:MAX_CALLS]):
        own = dict(arguments)
        if isinstance(said, dict) and _beyond(said, instance):
            own["changes"] = _beyond(said, instance)  # (all of them already the group's: the what-if says so)
        calls.append(ToolCall(id=f"call_{i}", name=spec.name, arguments={"instance": instance, **own}))
    return calls


def _named_in_its_values_only(text: str, feature: str, clauses: list[str], schema: HostSchema | None) -> bool:
    """Whether the turn names `feature` only inside the words of its own categories the group `clauses` hold ("the
    main pad" of `pad = main pad`): the category is said, not the feature.
    """
    rest = text
    for clause in clauses:
        value = clause.split(" = ", 1)[1]
        if not set(re.findall(r"[a-z]+", feature.lower())) & set(re.findall(r"[a-z]+", value.lower())):
            return False  # "which vans are in the data": the feature described by a value, no word of its name
        rest = re.sub(re.escape(value).replace("_", "[ _]").replace(r"\ ", "[ _]"), " ", rest, flags=re.IGNORECASE)
    return (
        rest != text
        and described_feature(rest, schema) != feature
        and extract_argument("feature", rest, schema) != feature
    )


def _beyond(changes: dict[str, Any], instance: Any) -> dict[str, Any]:
    """The changes a group does not already have: "what if all car loans had an income 10 higher?" changes the
    income of the group `purpose = car`, not also its purpose to car (an empty dict: the group has every value already).
    """
    if not isinstance(instance, str):
        return changes
    fixed = {c.split(" = ", 1)[0].strip(): c.split(" = ", 1)[1].strip() for c in instance.split(" and ") if " = " in c}
    return {k: v for k, v in changes.items() if k not in fixed or fixed[k].lower() != str(v).lower()}


# Words that set the groups of a turn side by side: "better with dhl or ups", "more accurate for car or home loans",
# "compare", "versus"; values joined by "or" are then each its own group, never their union (`either_groups`)
_SIDE_BY_SIDE = re.compile(r"\b(?:better|worse|more|less|compar\w*|versus|vs|differ\w*|than)\b", re.I)


def _groups(condition: str, text: str, schema: HostSchema | None) -> list[str]:
    """The groups `condition` names: each on its own when the turn sets them side by side, else `either_groups`."""
    return alternatives(condition) if _SIDE_BY_SIDE.search(text) else either_groups(condition, text, schema)


# A turn that picks rows out of the data ("which dvds ...", "show me some late magazines")
_PICKS_ROWS = re.compile(r"\b(?:which|show\s+me|list|some|any|all)\b", re.I)
_COUNT = re.compile(r"\b(?:how\s+many|count|number\s+of|what\s+(?:share|fraction|proportion|percentage))\b", re.I)


def rows_group(text: str, schema: HostSchema | None) -> str | None:
    """The group whose predictions a turn counts ("out of the students, how many are flagged?") or picks rows of
    ("which dvds are predicted late?"), as `counted_group` gives it; a group said in words no feature codes ("which
    women are ...") as said, so that the function asks about it; else None. The group is read once.
    """
    picks = _PICKS_ROWS.search(text)
    if schema is None or schema.kind != "tabular" or not (picks or _COUNT.search(text)):
        return None
    group = extract_group(text, schema)
    if not isinstance(group, str) or group == "all":
        return None
    if not re.search(r"[=<>]", group):
        return group if picks and _MODEL_SAYS.search(text) else None
    return counted_group(group) if picks or counts_predictions(text, schema, group) else None


def counts_predictions(text: str, schema: HostSchema | None, group: str | None = None) -> bool:
    """Whether a turn counts a predicted outcome within a group ("how many smokers on the gold plan end up with a
    surcharge?"): a question for the model's predictions over the group, not for the data's records. `group` is
    the turn's group when already read.
    """
    if schema is None or schema.kind != "tabular" or not _COUNT.search(text):
        return False
    group = extract_group(text, schema) if group is None else group
    if not isinstance(group, str) or not re.search(r"[=<>]", group):
        return False
    # the group's count of a class the model gives ("how many of the under-30s does it turn down?"): its
    # predictions, whatever words name the class
    if any(c.strip().startswith("prediction ") for c in group.split(" and ")):
        return True
    if _JUDGED.search(text):
        return False
    # the model as the agent, or the class said as what happens to the counted now ("how many renters get rejected")
    return bool(_MODEL_SAYS.search(text)) or outcome_counted(text, schema)


def judges_a_group(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn asks how well the model does on a group it names ("is it fair to the over 70s, is it wrong
    about them more often?", "does it work for older cats"): its performance there, not its predictions for them.
    """
    if schema is None or schema.kind != "tabular" or not judges_the_model(text):
        return False
    if extract_ids(text, schema):
        return False
    group = extract_group(text, schema)
    return isinstance(group, str) and bool(re.search(r"[=<>]", group))


def judges_the_model(text: str) -> bool:
    """Whether a turn speaks of how right or how fair the model is ("is it wrong more often", "is it fair to")."""
    return bool(_JUDGED.search(text) or _HOW_WELL.search(text))


# How well the model does, in words: "is it fair to", "does it work for", "reliable on", "does it do worse on"
_HOW_WELL = re.compile(
    r"\b(?:fair|unfair\w*|bias\w*|reliab\w*|work(?:s|ing)?\s+(?:for|on|with)|"
    r"(?:do|does|doing)\s+(?:well|badly|poorly|better|worse))\b",
    re.IGNORECASE,
)
# Whether the model is right about the group counted ("how many over 60 does it get wrong?"): its performance
_JUDGED = re.compile(r"\b(?:right|wrong\w*|correct\w*|mistak\w*|errors?|accura\w*|miss\w*|misclassif\w*)\b", re.I)
# What the model does to a group counted: "are predicted to", "does it expect", "flagged as", "does the model turn
# down"
_MODEL_SAYS = re.compile(
    r"\b(?:predict\w*|expect\w*|flagg?\w*|reckons?|forecast\w*|classif\w*|deem\w*|judge\w*)\b|"
    r"\b(?:does|do|will|would)\s+(?:it|the\s+model)\s+(?!have\b|hold\b|contain\b|include\b|cover\b)\w+|"
    # the model as the agent of a passive ("how many dinghies get sent to repair by it": ux48)
    r"\b(?:get|gets|got|are|is|were|was|be|been)\s+(?:\w+\s+){1,3}?by\s+(?:it|the\s+(?:model|classifier|system))\b",
    re.IGNORECASE,
)


def counted_group(condition: str) -> str:
    """The group whose predictions a count is asked of: "how many gold plan members are predicted surcharge" counts
    the predictions of `plan = gold`; the predicted class is what is counted, not a part of the group (a group
    of nothing but that class would answer "all of them"). A condition of nothing but predictions stays.
    """
    clauses = [c.strip() for c in condition.split(" and ")]
    kept = [c for c in clauses if not c.startswith("prediction ")]
    return " and ".join(kept) if kept and len(kept) < len(clauses) else condition


# Two values offered as alternatives: "30 or 35", "30, or maybe 35", "20% or 30%".
_ALTERNATIVE_VALUES = re.compile(
    r"(?<![\w.])(?P<a>-?\d+(?:\.\d+)?\s*%?)\s*,?\s+(?:or|vs\.?|versus)\s+(?:maybe\s+|perhaps\s+|even\s+)?"
    r"(?P<b>-?\d+(?:\.\d+)?\s*%?)(?![\w.])",
    re.IGNORECASE,
)


def alternative_changes(text: str, schema: HostSchema | None) -> list[str]:
    """The turn once per value of a change offered as alternatives ("if her bmi were 30 or 35"), or [].

    Only when each reading names a change and the changes differ: "patient 3 or 4, if bmi were 30" offers two
    instances, not two changes (their calls come from the ids).
    """
    match = _ALTERNATIVE_VALUES.search(text)
    if match is None:
        return []
    first, second = match.group("a").strip(), match.group("b").strip()
    if second.endswith("%") and not first.endswith("%"):
        first += "%"  # "10 or 20 percent lower": both are percentages
    readings = [text[: match.start()] + value + text[match.end() :] for value in (first, second)]
    changes = [extract_changes(reading, schema) for reading in readings]
    if not all(changes) or changes[0] == changes[1]:
        return []
    return readings


def instances(
    text: str, history: Sequence[Message], schema: HostSchema | None, changes: dict[str, Any] | None
) -> list[Any]:
    """The instances a turn names: several ids or texts give one call each."""
    ids = extract_ids(text, schema)
    if len(ids) > 1:
        return list(ids)
    if schema is not None and schema.kind == "text" and changes:
        # The quoted words of the edits are not the text ("replace 'great' with 'awful' in '...'").
        edited = {str(span) for pair in changes.items() for span in pair if span}
        texts = [t for t in extract_texts(text) if t not in edited]
        if texts:
            return [max(texts, key=len)]
        rest = text
        for span in sorted(edited, key=len, reverse=True):
            rest = rest.replace(span, " ")
        instance = extract_instance(re.sub(r"['\"“”‘’]\s*['\"“”‘’]", " ", rest), schema, history)
        return [instance] if instance is not None else []
    if schema is not None and schema.kind == "text":
        texts = extract_texts(text)
        if len(texts) > 1:
            return texts
    instance = extract_instance(text, schema, history)
    if isinstance(instance, dict) and changes:
        return []  # the feature values are the changes, not a custom instance
    if isinstance(instance, str) and changes and _the_changes_again(instance, changes):
        return []  # "and leaves up to 12 as well": the change's words read as a group too; the instance in focus
    return [instance] if instance is not None else []


def _the_changes_again(condition: str, changes: dict[str, Any]) -> bool:
    """Whether every clause of `condition` is a changed feature bounded by its own new value (`leaf_count <= 12` of
    the change leaf_count 12): the words of the change, read twice. "what if those with income over 50 had 40" is a
    group and a change; so is "what if all vallee wheels were aged more" (`dairy = vallee`: a value, no bound).
    """
    for clause in condition.split(" and "):
        value = re.search(r"(?:<|>)=?\s*(?P<v>.+)$", clause)
        new = changes.get(clause_field(clause))
        if value is None or new is None or value.group("v").strip().lower() != str(new).strip().lower():
            return False
    return True


def _asked_beside_group(text: str, feature: Any, group: str, schema: HostSchema) -> str | None:
    """The one feature a data question names outside its group's condition, when the feature read (if any) is one
    the group tests: "for loads with fat over 7, how long did they rest?" asks the rest, of the fatty loads.
    """
    tested = {clause_field(c) for c in group.split(" and ")}
    if feature is not None and feature not in tested:
        return None
    said = normalize(text, schema)
    noun = schema.instance_noun.lower()
    rows = {noun, plural(noun).lower()}  # "how many guest conductor rehearsals": the rows, not a feature `Rehearsals`
    mentions = [m for m in feature_mentions(said, schema) if said[m.start : m.end].lower() not in rows]
    others = {m.feature.name for m in mentions} - tested
    return others.pop() if len(others) == 1 else None
