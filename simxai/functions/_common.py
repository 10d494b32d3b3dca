"""Shared argument handling for the eleven functions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, ParamSpec, TypeVar

import pydantic

from simxai.exceptions import ArgumentError
from simxai.hosts.base import Host, HostSchema, InstanceRef
from simxai.instances import closest
from simxai.results import PredictionResult, Subject

P = ParamSpec("P")
R = TypeVar("R")

#: The description of the `instance` argument, shared by every function that takes one.
INSTANCE_ARG = "A row id, a text, feature values or a group condition; omit it for the one discussed."

#: An instance argument: any of `InstanceRef`'s forms, or left out. The spec states its JSON types only; the
#: system prompt says once how to write each form, instead of every function repeating it.
Instance = Annotated[InstanceRef | None, pydantic.WithJsonSchema({"type": ["integer", "string", "object", "null"]})]


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
        valid=", ".join(schema.class_names),
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
