"""Shared argument handling for the eleven functions."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from simxai.exceptions import ArgumentError
from simxai.hosts.base import Host, HostSchema
from simxai.instances import closest
from simxai.results import Subject

P = ParamSpec("P")
R = TypeVar("R")

#: The description of the `instance` argument, shared by every function that takes one.
INSTANCE_ARG = (
    "Which instance to use. An integer row id (12 for 'patient 12' or 'id 12'); for a text model, the text "
    "itself as a string; an object of feature values for a custom instance (all features, e.g. "
    '{"age": 50, "bmi": 30.5, ...}), optionally with "id" to start from that row; or a condition string '
    "selecting a group: 'glucose > 120 and age < 50', 'label = <class>' (recorded label) or "
    "'prediction = <class>' (the model's label)."
)


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


def resolve_target(host: Host, subject: Subject, label: str | None, argument: str) -> str:
    """The user's `label` matched to a class name, or else the most probable label other than the predicted one.

    The model is asked for its prediction only when the user named no label: the alternative is the
    natural 'why not' label.
    """
    named = label_of(host.schema(), label, argument)
    if named is not None:
        return named
    prediction = host.predict(subject)
    probabilities = prediction.probabilities
    ranked = sorted(probabilities, key=lambda k: probabilities[k], reverse=True)
    others = [name for name in ranked if name != prediction.label]
    if not others:
        raise ArgumentError(
            "the model has a single label; there is no alternative", argument="expected_label"
        )
    return others[0]


def shared_docs(func: Callable[P, R]) -> Callable[P, R]:
    """Fill the shared argument descriptions (`{INSTANCE}`) into a function's docstring.

    One description of `instance` serves every function, so the specs cannot drift apart.
    """
    if func.__doc__:
        func.__doc__ = func.__doc__.replace("{INSTANCE}", INSTANCE_ARG)
    return func
