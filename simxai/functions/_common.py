"""Shared argument handling for the eleven functions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, ParamSpec, TypeVar

import pydantic

from simxai.exceptions import ArgumentError
from simxai.host_examples import article, example_changes, example_condition
from simxai.hosts.base import ChangeValue, Host, HostSchema, InstanceRef, plural
from simxai.instances import closest
from simxai.registry import Accepts
from simxai.results import PredictionResult, Subject, listed

P = ParamSpec("P")
R = TypeVar("R")

#: The description of the `instance` argument, shared by every function that takes one.
INSTANCE_ARG = "A row id, a text, feature values or a group condition; omit it for the one discussed."


def _one_of(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"one of {listed(names, 'or')}"


def _condition(schema: HostSchema) -> str:
    """A condition this host reads: on its first ranged number feature, else on the model's prediction."""
    ranged = any(f.type == "numeric" and f.min is not None and f.max is not None for f in schema.features)
    return example_condition(schema) if ranged and schema.kind != "text" else f"prediction = {schema.class_names[0]}"


def instances_accepted(host: Host) -> str:
    """What an instance argument takes on `host`: "a plot id (a whole number from 7001 to 7260), ..."."""
    schema = host.schema()
    noun = schema.instance_noun
    forms = []
    if schema.id_range is not None:
        low, high = schema.id_range
        forms.append(f"{article(noun)} {noun} id (a whole number from {low} to {high})")
    forms.append(f"{article(noun)} {noun}'s text" if schema.kind == "text" else f"an object of {noun} feature values")
    forms.append(f"a condition selecting {plural(noun)}, such as '{_condition(schema)}'")
    return listed(forms, "or")


def labels_accepted(host: Host) -> str:
    """What a label argument takes on `host`: "a label's name, one of stays or leaves"."""
    return f"a label's name, {_one_of(host.schema().class_names)}"


def features_accepted(host: Host) -> str:
    """What a feature argument takes on `host`: a feature's name, listing them."""
    return f"a feature's name, {_one_of([f.name for f in host.schema().features])}"


def groups_accepted(host: Host) -> str:
    """What a group argument takes on `host`: a condition, with an example on its own features."""
    schema = host.schema()
    return f"a condition selecting {plural(schema.instance_noun)}, such as '{_condition(schema)}', or all"


def changes_accepted(host: Host) -> str:
    """What a what-if's changes take on `host`: an object, with examples on its own features."""
    return f"an object such as {example_changes(host.schema())}"


#: An instance argument: any of `InstanceRef`'s forms, or left out. The spec states its JSON types only; the
#: system prompt says once how to write each form, instead of every function repeating it. A value of another
#: type is refused naming the host's id range and forms (`instances_accepted`).
Instance = Annotated[
    InstanceRef | None,
    pydantic.WithJsonSchema({"type": ["integer", "string", "object", "null"]}),
    Accepts(instances_accepted),
]


def metrics_accepted(host: Host) -> str:
    """What a metric argument takes on `host`: a metric's name, listing them."""
    return f"a metric's name, {_one_of(list(host.schema().metrics))}"


def label_named(host: Host, value: object) -> str | None:
    """The label a whole number names on `host`: 1 for a host whose labels are "0" and "1" (a model fitted on 0/1
    without `class_names`), else None. A number is never mapped to a named label by position or class value.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return str(value) if str(value) in host.schema().class_names else None


#: A label argument, given by name; a number that is a label's name is read as it, another refused naming the labels.
Label = Annotated[str | None, Accepts(labels_accepted, label_named)]

#: A what-if's changes; a value of another type (a sentence) is refused with examples on the host's features.
Changes = Annotated[dict[str, ChangeValue | None] | None, Accepts(changes_accepted)]

#: A feature's name; a value of another type is refused naming the features.
FeatureName = Annotated[str | None, Accepts(features_accepted)]

#: A condition selecting a group; a value of another type is refused with an example on the host's features.
Group = Annotated[str | None, Accepts(groups_accepted)]


def require_instance(instance: InstanceRef | None, function: str) -> InstanceRef:
    """The instance, or the error that asks the user for one (the dialogue could not supply it)."""
    if instance is None or instance == "":
        raise ArgumentError(
            f"{function} needs the argument 'instance'",
            argument="instance",
            valid="a row id, a text, feature values, or a group condition",
            missing=["instance"],
        )
    return instance


def label_of(schema: HostSchema, label: str | None, argument: str) -> str | None:
    """Match `label` to one of the host's class names (case-insensitive), or raise naming the valid ones."""
    if label is None or label == "":
        return None
    for name in schema.class_names:
        if name.lower() == label.strip().lower():
            return name
    raise ArgumentError(
        f"unknown label {label!r}",
        argument=argument,
        valid=_one_of(schema.class_names),
        suggestions=closest(label, schema.class_names),
    )


def single(subject: Subject, function: str) -> Subject:
    """Refuse a group where a function needs one instance."""
    if not subject.is_single:
        raise ArgumentError(
            f"{function} needs one instance, but {subject.description} selects {subject.size}",
            argument="instance",
            valid="one row id, one text, or the values of one instance",
        )
    return subject


def resolve_target(
    host: Host, subject: Subject, label: str | None, argument: str, prediction: PredictionResult | None = None
) -> str:
    """The user's `label` matched to a class name, or else the most probable label other than the predicted one
    (on a tie, the first other label tied with it, in the model's class order).

    The model is asked for its prediction only when the user named no label and none is given: the alternative
    is the natural 'why not' label.
    """
    named = label_of(host.schema(), label, argument)
    if named is not None:
        return named
    prediction = prediction if prediction is not None else host.predict(subject)
    probabilities = prediction.probabilities
    ranked = sorted(probabilities, key=lambda k: probabilities[k], reverse=True)
    others = [name for name in ranked if name != prediction.label]
    if not others:
        raise ArgumentError("the model has a single label; there is no alternative", argument="expected_label")
    return others[0]


def tie_of(prediction: PredictionResult) -> dict[str, float]:
    """{label: probability} of the labels tied at the top of a prediction (the predicted one first), or {}."""
    top = prediction.probabilities.get(prediction.label)
    if top is None:
        return {}
    tied = {k: p for k, p in prediction.probabilities.items() if k != prediction.label and abs(p - top) < 1e-9}
    return {prediction.label: top, **tied} if tied else {}


def shared_docs(func: Callable[P, R]) -> Callable[P, R]:
    """Fill the shared argument descriptions (`{INSTANCE}`) into a function's docstring.

    One description of `instance` serves every function, so the specs cannot drift apart.
    """
    if func.__doc__:
        func.__doc__ = func.__doc__.replace("{INSTANCE}", INSTANCE_ARG)
    return func
