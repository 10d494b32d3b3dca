"""The base of every function result, the subject it is about, and any result as JSON or plain words."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any, Literal

import pydantic

from simxai.results.formatting import format_number, listed

Scalar = float | int | str | bool | None


class Result(pydantic.BaseModel):
    """Base class of every function result."""

    model_config = pydantic.ConfigDict(frozen=True)

    def render(self) -> str:
        """Deterministic plain-English rendering of the result."""
        raise NotImplementedError(f"{type(self).__name__} must implement render()")


class NotWhole(pydantic.BaseModel):
    """A number with a fraction given for a feature the data records in whole numbers only (a grade of 1 to 5).

    The model was never fitted on such a value; a tree splits between whole numbers, so it often scores the value
    exactly as a neighbour, and the note says which.
    """

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    value: float
    low: float
    high: float
    #: the whole neighbours (below and above `value`) the model gives exactly the same probabilities as; empty
    #: when it gives neither's, or when it was not asked (a group)
    same_as: list[int] = []

    def render(self) -> str:
        """Say that the data holds whole numbers there, and what the model makes of the value."""
        said = (
            f"{self.feature} holds whole numbers in the data ({format_number(self.low)} to "
            f"{format_number(self.high)}), so {format_number(self.value)} is no value it shows"
        )
        if self.same_as:
            return f"{said}; the model gives it the same probabilities as {listed([str(n) for n in self.same_as])}"
        return f"{said}; the model was never fitted on such a value"


class Unseen(pydantic.BaseModel):
    """A category value the model's encoder was never fitted on (a `OneHotEncoder(handle_unknown="ignore")`).

    The data holds it, so the host takes it; the model reads it as none of the values it knows.
    """

    model_config = pydantic.ConfigDict(frozen=True)

    feature: str
    value: str
    #: the feature's values the model's encoder was fitted on
    known: list[str]

    def render(self) -> str:
        """Say that the model was never fitted on the value, how it reads it, and the values it knows."""
        return (
            f"the model was never fitted on {self.feature} = {self.value} (its encoder knows "
            f"{listed(self.known)}), so it reads {self.value} as none of them"
        )


class Subject(pydantic.BaseModel):
    """What an instance reference resolved to: one row, custom values, a group of rows, or a text."""

    model_config = pydantic.ConfigDict(frozen=True)

    kind: Literal["row", "values", "group", "text"]
    description: str
    id: int | None = None
    values: dict[str, Scalar] | None = None
    text: str | None = None
    condition: str | None = None
    size: int = 1
    ids: list[int] | None = None
    #: A group's members in the plural, as the host calls them ("patients"); None: "ids".
    nouns: str | None = None
    #: A row's features that were missing in the data (for given values: given as null): `values` holds what the
    #: model's imputer fills in there.
    #: Left out of the payload when None.
    filled: list[str] | None = None
    #: Custom values with a fraction for a feature the data records in whole numbers only. Left out when None.
    not_whole: list[NotWhole] | None = None
    #: Values (of a row or custom values) the model's encoder was never fitted on. Left out when None.
    unseen: list[Unseen] | None = None

    @pydantic.model_serializer(mode="wrap")
    def _without_unset_filled(self, handler: pydantic.SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in ("filled", "not_whole", "unseen"):
            if data.get(name) is None:
                data.pop(name, None)
        return data

    @property
    def is_single(self) -> bool:
        """Whether the subject is one instance (a row, custom values or a text), not a group."""
        return self.kind != "group"


def filled_note(subject: Subject, changed: Collection[str] = ()) -> str:
    """A sentence saying which of a row's values were missing and are shown as the model's imputer fills them, or "".

    A feature in `changed` (a what-if or counterfactual changes it) is said to be filled in the value it is
    changed *from*: the value used after the change is the one asked for.
    """
    if not subject.filled:
        return ""
    if subject.kind == "values":  # a custom instance given with nulls: say what was put in their place
        used = ", ".join(f"{n} = {_shown((subject.values or {}).get(n))}" for n in subject.filled)
        return f" The model's imputer fills in {used}, which {'were' if len(subject.filled) > 1 else 'was'} not given."
    kept = [n for n in subject.filled if n not in changed]
    moved = [n for n in subject.filled if n in changed]
    note = ""
    if kept:
        many = len(kept) > 1
        note += (
            f" For {subject.description}, {listed(kept)} {'were' if many else 'was'} missing in the data; "
            f"the {'values' if many else 'value'} used {'are' if many else 'is'} what the model's imputer fills in."
        )
    if moved:
        many = len(moved) > 1
        note += (
            f" {'For ' + subject.description + ', ' if not kept else ''}{listed(moved)} "
            f"{'were' if many else 'was'} missing in the data: the {'values' if many else 'value'} changed from "
            f"{'are' if many else 'is'} what the model's imputer fills in."
        )
    return note


def whole_note(subject: Subject, changed: Collection[str] = ()) -> str:
    """A note on custom values with a fraction where the data holds whole numbers only, and on values the model's
    encoder was never fitted on, or "".

    A fraction of a feature in `changed` (a what-if sets it) is left out: the value used is the one the change
    asks for; an unseen value is said even then, as the prediction before the change was made on it.
    """
    kept = [n.render() for n in subject.not_whole or () if n.feature not in changed]
    kept += [u.render() for u in subject.unseen or ()]
    return f" Note: {'; '.join(kept)}." if kept else ""


def _shown(value: Any) -> str:
    return format_number(value) if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


def _members(subject: Subject, shown: int = 5) -> str:
    """A few ids of a group picked by its prediction or label ("Among them: patients 3, 8 and 12"), or ""."""
    if not re.search(r"\b(?:prediction|label) = ", subject.condition or ""):
        return ""
    return group_members(subject, shown)


def group_members(subject: Subject, shown: int = 5) -> str:
    """The first ids of a group, named by the host's noun when the subject holds it ("Among them: patients 3, 8 and
    12 (5 of 40)."), or "" for a subject that is no group.
    """
    ids = subject.ids or []
    if subject.kind != "group" or not ids:
        return ""
    first = [str(i) for i in ids[:shown]]
    nouns = subject.nouns or "ids"
    return f" Among them: {nouns} {listed(first)}" + (
        f" ({len(first)} of {len(ids)})." if len(ids) > len(first) else "."
    )


def result_payload(result: Any) -> Any:
    """A JSON-serialisable form of any function result (pydantic models, or plain data from host extensions)."""
    if isinstance(result, pydantic.BaseModel):
        return result.model_dump(mode="json")
    return pydantic.TypeAdapter(Any).dump_python(result, mode="json")


def render_result(result: Any) -> str:
    """The deterministic rendering of any function result."""
    if isinstance(result, Result):
        return result.render()
    if isinstance(result, str):
        return result
    text = _plain(result_payload(result))
    return text if text.endswith((".", "?", "!")) else text + "."


def _plain(value: Any, depth: int = 0) -> str:
    """Any JSON value in plain words: "count: 12; threshold: 0.8", lists joined, nested parts in brackets."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, int | float):
        return format_number(value)
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if not value:
            return "nothing"
        inner = (", " if depth else "; ").join(
            f"{str(k).replace('_', ' ')}: {_plain(v, depth + 1)}" for k, v in value.items()
        )
        return f"({inner})" if depth else inner
    if isinstance(value, list):
        if not value:
            return "none"
        if all(isinstance(v, dict) for v in value):
            return "; ".join(f"({i}) {_plain(v, depth + 1).strip('()')}" for i, v in enumerate(value, 1))
        return ", ".join(_plain(v, depth + 1) for v in value)
    return str(value)
