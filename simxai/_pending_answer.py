"""The user's answer to the engine's pending question: the arguments it completes the waiting call with.

The turn (`simxai.agent`) asks this first, before the backend: "which group?" -> "over 70 I mean" fills the group;
"glucose 500 is above the range; intended?" -> "yes" runs the questioned value as given; "how much lower?" ->
"member 5099" fills the instance and the question stands. Nothing here runs a call or changes the state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from simxai._call_questions import Asked
from simxai.extraction import (
    approximate_value_answer,
    comparative_value_answer,
    completed_group,
    extract_argument,
    extract_changes,
    extract_feature,
    feature_spans,
    insisted_changes,
)
from simxai.extraction.mentions import feature_mentions, unnamed_subject
from simxai.followup import Step, adds_to_previous, answer_amount, changed_feature_answer, confirms
from simxai.followup_context import only_an_instance
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words
from simxai.instances import clause_field
from simxai.prompts import step_question
from simxai.registry import Registry
from simxai.state import PendingCall
from simxai.turns import Clarification

__all__ = ["Answered", "answered_arguments", "instance_for_pending", "offer_taken"]

# Words a short answer may end in that say nothing of it ("over 70 I mean", "under 30 please").
_AFTERTHOUGHT = re.compile(r"\W*\b(?:i\s+mean|please|then|instead|actually|only)\W*$", re.IGNORECASE)


# What an answer that only names a feature says besides the name ("the visits per week please", "VisitsPerWeek.")
_NAME_ONLY = re.compile(
    r"^\W*(?:(?:the|his|her|their|its|that|this|one|feature|column|ok|okay|so|and|then|by|i\s+mean|please|"
    r"thanks|of\s+course)\W*)*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Answered:
    """The waiting call's arguments completed by the answer.

    `confirmed`: the user said yes to values questioned as outside the data's range; they run as given this turn.
    """

    arguments: dict[str, Any]
    confirmed: bool = False


def answered_arguments(pending: PendingCall, user: str, schema: HostSchema, registry: Registry) -> Answered | None:
    """The arguments `user`'s answer completes the pending call with, or None when it answers nothing."""
    insisted = insisted_changes(pending.questioned, user) if pending.missing == "changes" else None
    if insisted is not None:  # "below the range; did you mean 5 lower?" -> "no, really -5": run -5 as said
        return Answered({**pending.arguments, "changes": insisted}, confirmed=True)
    confirmed = False
    value = _word_resolved(pending, user, schema) or extract_argument(pending.missing, user, schema)
    if value is None and pending.missing == "metric" and not pending.arguments.get("group") and len(user.split()) <= 8:
        # "which metric?" after "how does it do on the humid days?" -> "above 70 percent humidity": the answer says
        # which group was meant, and a group asked about is scored by every metric (as `_router_arguments` does)
        value = "all" if extract_argument("group", user, schema, pending.function) is not None else None
    # "which metric?" about "the heavy riders" -> "over 90 kilo": a bound of the one feature the group's words name
    regrouped = _bound_of_named(pending, user, schema) if value is None and pending.missing == "metric" else None
    if regrouped is not None:
        value = "all"
    if value is None and pending.questioned is not None and confirms(user):
        value, confirmed = pending.questioned, True  # "glucose 500 is above the range; intended?" -> "yes"
    if value is None and pending.missing == "group" and pending.feature is not None:
        # "older than what?" -> "over 65": a bound of the feature the vague group named
        value = extract_argument("group", f"{pending.feature} {user}", schema)
    if value is None and pending.missing == "group" and pending.feature is None and schema is not None:
        # "which group?" -> "over 70 I mean": a bound said of the host's instances ("patients over 70")
        noun = f"{schema.instance_noun}s "
        said = noun + _AFTERTHOUGHT.sub("", user)
        if not any(m.start < len(noun) for m in feature_mentions(said, schema)):
            # a feature named by the noun added here ("roasts" for days_since_roast) is no feature the user said
            value = extract_argument("group", said, schema)
    if value is None and pending.missing == "changes" and pending.feature is None:
        if pending.step is None or pending.step.feature is None:
            # "what should change?" / "which feature should be lower?" -> "like 10 km": the value of the one
            # feature whose unit the answer gives, as said (approximately), not a step
            value = approximate_value_answer(user, schema)
        if value is None and pending.step is None:
            # "what should change?" -> "warmer still, 14": the one feature the comparative names, set to the number
            value = comparative_value_answer(user, schema)
    if value is None and pending.step is not None:
        said, feature = user, pending.step.feature
        spans = feature_spans(said, schema) if feature is None else []
        if len(spans) == 1:
            # "which feature should be higher?" -> "blood pressure, by 20": the answer names the feature too
            feature = extract_feature(said, schema)
            said = said[: spans[0][0]] + said[spans[0][1] :]
        amount = answer_amount(said, pending.step.sign, pending.step.offer, schema)
        if amount is None and feature is not None and pending.step.factor is not None and _NAME_ONLY.match(said):
            # "which feature should be 2 times as high?" -> "visits per week"; not "what if the loan lasted a week
            # less?", which says a change of its own
            amount = pending.step.factor
        value = {feature: amount} if amount is not None and feature is not None else None
    if value is None and pending.feature is not None and pending.missing == "changes":
        if not _of_another_subject(user, pending.feature, schema):
            value = _of_the_offer(user, changed_feature_answer(user, pending.feature, schema), pending)
    if value is None:
        return None
    previous = pending.arguments.get(pending.missing)
    if isinstance(previous, dict) and isinstance(value, dict):
        value = {**previous, **value}
    if pending.missing == "group" and isinstance(previous, str) and isinstance(value, str):
        # "which group is 'women'?" about "age > 50 and women" -> "sex = 2": "age > 50 and sex = 2"
        value = completed_group(previous, value, schema)
    arguments = {**pending.arguments, pending.missing: value}
    if regrouped is not None:
        arguments["group"] = regrouped
    registered = registry.get(pending.function)
    takes = {p.name for p in registered.spec.parameters} if registered is not None else set()
    if "metric" in takes and pending.missing != "metric":
        metric = extract_argument("metric", user, schema)
        if metric is not None:  # "which group?" -> "accuracy for patients over 60": the metric named now
            arguments["metric"] = metric
    for name in ("label", "group") if pending.missing == "metric" else ():
        named = extract_argument(name, user, schema, pending.function)
        if name in takes and name not in arguments and named is not None:
            arguments[name] = named  # "which metric?" -> "the precision for blighted on loam": all of it
    if "instance" in takes and "instance" not in arguments:
        # "how much lower?" -> "applicant 988, by 5": the answer may also name the instance
        instance = extract_argument("instance", user, schema)
        if isinstance(instance, int) and not isinstance(instance, bool):
            arguments["instance"] = instance
    return Answered(arguments, confirmed)


# "no, ...", "nah ...", "not that ...": an answer that opens by refusing what we offered
_REFUSED = re.compile(r"^\W*(?:no|nope|nah|not\s+that)\b", re.IGNORECASE)


def offer_taken(pending: PendingCall, user: str, schema: HostSchema) -> Answered | None:
    """The waiting what-if with our offered change taken and the turn's own added, when the turn goes on "as well"
    ("Change NetSag to 3? ..." -> "and if the pad gap were 2 as well?": both changes), or None.

    Only an offer of ours (`PendingCall.offered`), never values questioned as outside the data's range, and only
    when the turn names changes of other features and says it adds them ("also", "too", "as well", dlg49).
    """
    offered = pending.questioned
    if not pending.offered or pending.missing != "changes" or not offered or not adds_to_previous(user):
        return None
    if schema.kind != "tabular" or _REFUSED.match(user):
        return None  # "no, but the pad gap 2 too": the offer refused
    added = extract_changes(user, schema)
    if not added or set(added) & set(offered):
        return None  # the turn answers the offer itself ("3 as well"): `answered_arguments` reads it
    return Answered({**pending.arguments, "changes": {**offered, **added}})


def _bound_of_named(pending: PendingCall, user: str, schema: HostSchema) -> str | None:
    """The group a bare bound answer ("over 90 kilo") makes of the one numeric feature the waiting call's unread
    group names ("heavy riders": rider_kg), as `rider_kg > 90`; None when the group was read, names no such
    feature or several, or the answer names a feature of its own or no bound.
    """
    phrase = pending.arguments.get("group")
    if not isinstance(phrase, str) or re.search(r"[=<>]", phrase) or len(user.split()) > 8:
        return None
    named = {m.feature.name for m in feature_mentions(phrase, schema) if m.feature.type == "numeric"}
    if len(named) != 1 or feature_mentions(user, schema):
        return None
    [feature] = named
    said = extract_argument("group", f"{feature} {_AFTERTHOUGHT.sub('', user)}", schema)
    if (
        not isinstance(said, str)
        or not re.search(r"[<>]", said)
        or {clause_field(c) for c in said.split(" and ")} != {feature}
    ):
        return None
    return said


# "twice that", "half of that": a factor of the value just said, "that"
_OF_THAT = re.compile(r"\b(?:double|triple|halve|twice|half(?:\s+of)?)\s+that\b", re.IGNORECASE)
_FACTOR = re.compile(r"\*(?P<k>\d+(?:\.\d+)?)")


def _of_the_offer(user: str, value: dict[str, Any] | None, pending: PendingCall) -> dict[str, Any] | None:
    """`value` with a factor of "that" applied to the value our question offered: "Change visits to 12? ..." ->
    "twice that" is 24, not twice the instance's own visits; `value` unchanged for any other answer.
    """
    offered = pending.questioned.get(pending.feature) if pending.questioned and pending.feature else None
    factor = value.get(str(pending.feature)) if value is not None else None
    times = _FACTOR.fullmatch(factor) if isinstance(factor, str) else None
    if times is None or not isinstance(offered, int | float) or isinstance(offered, bool) or not _OF_THAT.search(user):
        return value
    product = float(offered) * float(times.group("k"))
    return {**(value or {}), str(pending.feature): int(product) if product.is_integer() else product}


def _of_another_subject(user: str, feature: str, schema: HostSchema) -> bool:
    """Whether `user` says its change of something other than `feature`: another feature ("what should LoanDays be?"
    -> "what if his age were 20 higher?") or a noun that names no feature ("... if the borrower were 20 years
    older?"); such a turn is a request of its own, never the number the question waits for.
    """
    if any(m.feature.name != feature for m in feature_mentions(user, schema)):
        return True
    return unnamed_subject(user, schema) is not None


def instance_for_pending(pending: PendingCall, user: str, schema: HostSchema) -> Asked | None:
    """After "how much lower?" about a call with no instance, an answer that only names one ("member 5099")
    fills the instance and the question stands; None for any other answer (then it is a new request).
    """
    if pending.missing != "changes" or pending.step is None or pending.arguments.get("instance") not in (None, ""):
        return None
    if pending.step.feature is None:
        return None
    instance = extract_argument("instance", user, schema)
    if not isinstance(instance, int) or isinstance(instance, bool) or not only_an_instance(user, schema):
        return None
    arguments = {**pending.arguments, "instance": instance}
    step = Step(pending.step.sign, None)
    question = step_question(schema, step, pending.step.feature)
    clarification = Clarification(function=pending.function, missing=["changes"], question=question)
    return Asked(clarification, pending.model_copy(update={"arguments": arguments}))


def _word_resolved(pending: PendingCall, user: str, schema: HostSchema) -> str | None:
    """The pending group with its field that was only a word of several features' names ("wear > 0.5") replaced by
    the one feature the answer names ("pedal_wear_index"): the bound kept, not dropped for the feature's card.
    """
    previous = pending.arguments.get("group")
    named = extract_feature(user, schema) if pending.missing == "group" and isinstance(previous, str) else None
    if named is None or not isinstance(previous, str):
        return None
    clauses = previous.split(" and ")
    for i, clause in enumerate(clauses):
        field = clause_field(clause)
        if schema.feature(field) is None and field.lower() in (w.lower() for w in name_words(named)):
            return " and ".join([*clauses[:i], named + clause.strip()[len(field) :], *clauses[i + 1 :]])
    return None
