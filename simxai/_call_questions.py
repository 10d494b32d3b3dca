"""The argument guards of a call before it runs: what the dialogue state may fill, a step with no amount, a what-if
value outside the data's range, a missing or invalid argument, and the questions they ask.

Each question comes with the call that waits for its answer in the dialogue state (`Asked`); the turn
(`simxai.agent`) stores it and records the call. Everything here reads the user's words, the host's schema and the
state, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from simxai._unsure_change import unsure_change, unsure_change_question
from simxai.exceptions import ArgumentError
from simxai.extraction.mentions import (
    counts_times,
    feature_of_change,
    subject_features,
    unnamed_subject,
    vague_group,
)
from simxai.followup import adds_to_previous, changed_feature, extract_step, step_changes, step_feature
from simxai.followup_subject import (
    ONE_INSTANCE_FUNCTIONS,
    about_several,
    is_single_instance,
    one_at_a_time_question,
    several_question,
    shows_instance,
    states_a_group,
    supposes_its_own_change,
)
from simxai.hosts.base import HostSchema
from simxai.messages import ToolCall
from simxai.prompts import clarifying_question, feature_change_question, offered_change, step_question
from simxai.state import FILLABLE, DialogueState, PendingCall, StepQuestion
from simxai.turns import Clarification

__all__ = ["Asked", "argument_question", "fillable", "range_question", "relative_change", "with_scenario_kept"]


@dataclass(frozen=True)
class Asked:
    """A question for the user, and the call that waits for the answer in the dialogue state."""

    clarification: Clarification
    pending: PendingCall


def _below_its_range(name: str, value: Any, schema: HostSchema) -> bool:
    """Whether a what-if value is a number below the smallest value the data shows for the feature called `name`."""
    feature = schema.feature(name)
    return feature is not None and feature.below_its_range(value)


def fillable(parameters: Sequence[str], user: str, state: DialogueState, schema: HostSchema) -> list[str]:
    """The parameters the dialogue state may fill for this turn's calls.

    A turn about several instances ("which patients are most likely progressing?", "how many of them are over
    60?") never gets the single instance in focus: a group in focus may stand for "them", one patient may
    not; the function then asks which group or instance. A new request for an instance ("show me patient
    20") carries no earlier changes to it: it is no "the same for"; nor does a turn that names a feature of its
    own to change ("what if patient 20 had quit?"), whose value the engine asks for when it cannot read it.
    """
    dropped = set()
    if is_single_instance(state.instance, schema) and about_several(user, schema):
        dropped.add("instance")
    if states_a_group(user, schema):
        dropped.add("instance")  # "and for those with X below 5?": its own group, read or asked; never the last one
    if shows_instance(user, schema) or supposes_its_own_change(user, schema):
        dropped.add("changes")
    return [p for p in parameters if p not in dropped]


def relative_change(
    call: ToolCall, parameters: Sequence[str], user: str, state: DialogueState, schema: HostSchema
) -> dict[str, Any] | Asked:
    """The call's arguments, with a change that names no feature applied to the feature in focus.

    "what if it were 20 % lower instead?" replaces the previous change by -20 % of the feature in focus,
    never reruns the previous change. A direction without an amount, or without a feature in focus,
    is asked about (the question is returned).
    """
    if "changes" not in parameters or call.arguments.get("changes") or schema.kind != "tabular":
        return dict(call.arguments)
    step = extract_step(user, schema)
    if step is None:
        return dict(call.arguments)  # no change named: the previous one applies ("and for patient 7?")
    # "what if the loan amount was smaller?": the feature the turn names, else the one in focus
    # ("if it were lighter": the weight); "what if his rent were 10% lower?": a noun naming no feature is not the
    # feature in focus, asked about
    focus = feature_of_change(user, schema, lambda: state.feature)
    if focus is not None and counts_times(user) and adds_to_previous(user):
        # "and ring it 5 fewer times too": "times" after a count names no feature ("wait time"), and a change added
        # to the last one ("too") is of another feature than the one in focus: asked which, unless the turn names it
        focus = feature_of_change(user, schema, lambda: None)
    subject = unnamed_subject(user, schema) if focus is None else None
    feature = step_feature(step, focus, schema)
    changes = step_changes(step, focus, schema)
    if changes is not None:
        return {**call.arguments, "changes": changes}
    kept = {k: v for k, v in call.arguments.items() if k != "changes"}
    if "instance" in parameters and kept.get("instance") in (None, ""):
        kept = state.fill(kept, ["instance"])
    offered = subject_features(subject, schema) if subject is not None else []
    asked = step_question(schema, step, feature, subject, offered)
    clarification = Clarification(function=call.name, missing=["changes"], question=asked)
    question = None
    if subject is not None and feature is None and isinstance(whole := step.value(), str):
        # the change was said whole ("10% lower"): the answer only names the feature
        question = StepQuestion(feature=None, sign="-" if whole.startswith("-") else "+", factor=whole)
    elif step.sign in ("+", "-"):
        # with no feature in focus, the answer names it ("blood pressure, by 20"), or names it alone and the amount
        # said stands ("5 fewer" -> "the rings": -5)
        offer = offered_change(schema, feature, step.sign) if feature is not None else None
        said = step.value() if feature is None else None
        question = StepQuestion(
            feature=feature, sign=step.sign, offer=offer, factor=said if isinstance(said, str) else None
        )
        if feature is None and adds_to_previous(user) and state.changes:
            kept["changes"] = dict(state.changes)  # "... too": the answer's change joins the scenario
    elif step.sign == "*" and feature is None and isinstance(factor := step.value(), str):
        question = StepQuestion(feature=None, sign="+", factor=factor)  # "Which feature should be 2 times as high?"
    pending = PendingCall(function=call.name, arguments=kept, missing="changes", step=question)
    return Asked(clarification, pending)


def range_question(function: str, arguments: dict[str, Any], questions: list[str], schema: HostSchema) -> Asked:
    """Ask whether changes outside the data's range are meant; yes runs them as given (`PendingCall.questioned`),
    and another amount or value for the one feature questioned ("no, 1 kg") replaces the change.
    """
    changes = dict(arguments["changes"])
    # "glucose -5 ... did you mean 5 lower?": yes takes that reading, the relative change "-5"
    offered = {k: f"{v:g}" for k, v in changes.items() if _below_its_range(k, v, schema) and v < 0}
    changes.update(offered)
    asked = "for that" if offered else "to run it as given"
    question = f"{' '.join(questions)} Say yes {asked}, or give another change."
    clarification = Clarification(function=function, missing=["changes"], question=question)
    kept = {k: v for k, v in arguments.items() if k != "changes"}
    [(name, value)] = changes.items() if isinstance(changes, dict) and len(changes) == 1 else [(None, None)]
    sign = str(value).strip()[:1] if isinstance(value, str) else ""
    up_or_down: Literal["+", "-"] = "+" if sign == "+" else "-"
    step = StepQuestion(feature=name, sign=up_or_down) if name is not None and sign in ("+", "-") else None
    pending = PendingCall(
        function=function,
        arguments=kept,
        missing="changes",
        questioned=changes,
        step=step,
        feature=name if step is None else None,
    )
    return Asked(clarification, pending)


def argument_question(
    function: str,
    arguments: dict[str, Any],
    exc: ArgumentError,
    user: str,
    schema: HostSchema,
    functions: Collection[str],
) -> Asked:
    """The question for a missing or invalid argument; the call waits for the answer in the state.

    `functions` are the registered function names (a group is offered the functions that take one).
    """
    missing = exc.missing or [exc.argument]
    name = missing[0] if missing[0] in FILLABLE or len(missing) == 1 else exc.argument
    question = clarifying_question(schema, name, exc)
    if name == "instance" and exc.missing == ["instance"] and about_several(user, schema):
        question = several_question(user, schema, function)  # a group, or one instance?
    given = arguments.get("instance")
    if name == "instance" and not exc.missing and isinstance(given, str) and function in ONE_INSTANCE_FUNCTIONS:
        if not is_single_instance(given, schema):  # "what about people over 60?" after a counterfactual
            offer = {"get_prediction", "get_local_explanation"} <= set(functions)
            question = one_at_a_time_question(schema, given, group_functions=offer)
    # "and her glucose?" after a what-if that set bmi: the question is what glucose should be
    feature = changed_feature(user, schema) if name == "changes" else None
    changes = arguments.get("changes")
    if feature is not None and isinstance(changes, dict) and feature in changes and changes[feature] is None:
        feature = None  # "and if its weight were unknown?" refused by the host: its reason stands, no new value asked
    offered = None
    if feature is not None:
        question = feature_change_question(schema, feature)
        # "lost another 10 points" names the feature and a number no reading was sure of: the question offers it
        read = unsure_change(user, feature, schema) if exc.missing else None
        if read is not None:
            question, offered = unsure_change_question(feature, read), {feature: read}
    if name == "group" and function == "get_data_information":  # a group of the data is described, not scored
        question = question.replace("should I score the model on?", "should I describe?")
    if name == "group":  # "the older subgroup": the answer "over 65" is a bound of age
        vague = vague_group(str(arguments.get("group") or ""), schema)
        feature = vague.feature.name if vague is not None and vague.feature is not None else None
        # "accuracy by age": the group is the feature itself, and "over 60" is a bound of it
        feature = feature or next((f.name for f in schema.features if f.name == arguments.get("group")), None)
    # a group stays too: its readable clauses are kept beside the answer ("age > 50 and women" -> "sex = 2")
    kept = {k: v for k, v in arguments.items() if k != name or isinstance(v, dict) or name == "group"}
    if name == "changes" and not exc.missing and schema.kind == "text":
        kept.pop("changes", None)  # "'great' is not in the review": the answer's words replace the edit refused
    pending = PendingCall(
        function=function,
        arguments=kept,
        missing=name,
        feature=feature,
        questioned=offered,
        offered=offered is not None,
    )
    return Asked(Clarification(function=function, missing=missing, question=question), pending)


def with_scenario_kept(asked: Asked, user: str, state: DialogueState) -> Asked:
    """`asked` with the earlier changes of the scenario kept in the waiting call, when the question asks what one
    feature of a what-if should be and the turn adds that feature to the last what-if on the same instance ("and
    seal 3 better as well" after "what if it were 8 months old": which way is better is asked, and the answer runs
    with the age kept, dlg48). The question says what stays.
    """
    pending, earlier = asked.pending, state.changes
    if (
        pending.function != "explain_what_if"
        or pending.missing != "changes"
        or pending.feature is None
        or not isinstance(earlier, dict)
        or not earlier
        or pending.feature in earlier
        or "changes" in pending.arguments
        or state.last_function != "explain_what_if"
        or pending.arguments.get("instance") != state.instance
        or not adds_to_previous(user)
    ):
        return asked
    kept = ", ".join(f"{name} {value}" for name, value in earlier.items())
    said = asked.clarification.question
    question = f"Keeping {kept}: {said[:1].lower()}{said[1:]}"
    clarification = asked.clarification.model_copy(update={"question": question})
    arguments = {**pending.arguments, "changes": dict(earlier)}
    return Asked(clarification, pending.model_copy(update={"arguments": arguments}))
