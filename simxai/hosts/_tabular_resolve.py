"""A tabular host's instance references (row ids, feature values, group conditions) to subjects and back."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts._tabular_data import Feature, Table, Value
from simxai.hosts._tabular_missing import Imputation
from simxai.hosts.base import HostSchema, InstanceRef, Selection, fraction_range, plural
from simxai.instances import CONDITION_HELP, Clause, parse_condition
from simxai.results import Subject, format_number, listed
from simxai.textbounds import MAX_DIGITS


def _text(value: Value) -> str:
    return value if isinstance(value, str) else format_number(value)


class Resolver:
    """Turns instance references into subjects, and subjects (from anywhere) into checked model input.

    Args:
        table: the host's table.
        schema: the host's schema (conditions are parsed against it).
        noun: what one row is, e.g. "patient".
        recorded: the recorded label name of every row.
        predicted: returns the predicted label name of every row (computed on first use).
        ids: each row's instance id (an id column's values); by default the row positions 0..n-1.
        imputation: the model's imputers, which fill the null values of a custom instance (None: none).
    """

    def __init__(
        self,
        table: Table,
        schema: HostSchema,
        noun: str,
        recorded: Sequence[str],
        predicted: Callable[[], Sequence[str]],
        ids: np.ndarray | None = None,
        imputation: Imputation | None = None,
    ) -> None:
        self.table = table
        self._imputation = imputation
        self._ids = ids
        self._where = {int(v): i for i, v in enumerate(ids)} if ids is not None else None
        self.schema = schema
        self.noun = noun
        self._recorded = np.array(recorded, dtype=object)
        self._predicted = predicted
        self._id_pattern = re.compile(
            rf"(?:(?:id|row|instance|{re.escape(noun)})\s*(?:no\.?|number)?\s*)?#?\s*(-?\d+)", re.IGNORECASE
        )

    def nouns(self, n: int) -> str:
        return self.noun if n == 1 else plural(self.noun)

    @property
    def id_text(self) -> str:
        """The valid ids in words, e.g. "a row id from 0 to 441"."""
        if self._ids is None:
            return f"a row id from 0 to {len(self.table) - 1}"
        low, high = int(self._ids.min()), int(self._ids.max())
        gaps = "" if high - low + 1 == len(self._ids) else f" ({len(self._ids)} of them)"
        return f"an id from {low} to {high}{gaps}"

    def position(self, row: int) -> int:
        """The table row of an instance id.

        Raises:
            ArgumentError: no such id, with the valid ids in `valid`.
        """
        self.check_row(row)
        return row if self._where is None else self._where[int(row)]

    def resolve(self, instance: InstanceRef) -> Subject:
        """The subject an instance reference names (see `TabularHost.resolve`)."""
        if isinstance(instance, bool):
            raise ArgumentError(f"cannot use {instance!r} as an instance", argument="instance", valid=self.id_text)
        if isinstance(instance, int | np.integer):
            return self.row(int(instance))
        if isinstance(instance, float):
            if instance.is_integer():
                return self.row(int(instance))
            raise ArgumentError(f"{instance} is not a row id", argument="instance", valid=self.id_text)
        if isinstance(instance, Mapping):
            return self._values(instance)
        if isinstance(instance, str):
            selection = self.select(instance)
            if selection.subject is None:
                raise self._none_matches(selection)
            return selection.subject
        raise ArgumentError(
            f"cannot use a {type(instance).__name__} as an instance",
            argument="instance",
            valid=f"a row id, an object of feature values, or {CONDITION_HELP}",
        )

    def select(self, reference: str) -> Selection:
        """What a reference in words selects: a row ("patient 12") or the group of a condition, which may be empty.

        Raises:
            ArgumentError: an id out of range or a condition this table cannot read.
        """
        text = " ".join(reference.split())  # no long run of spaces for the patterns to backtrack over
        match = self._id_pattern.fullmatch(text)
        if match is None:
            return self._group(text)
        if len(match.group(1).lstrip("-")) > MAX_DIGITS:
            raise ArgumentError(
                f"the id has {len(match.group(1))} digits; {self.id_text}",
                argument="instance",
                valid=self.id_text,
            )
        return Selection(subject=self.row(int(match.group(1))))

    def _none_matches(self, selection: Selection) -> ArgumentError:
        """The error `resolve` raises for a condition no row meets, with the ranges of its numeric features."""
        ranges = "; ".join(
            f"{f.name} ranges from {format_number(f.min)} to {format_number(f.max)}"
            + (", a fraction of 1, not a percentage" if fraction_range(f.min, f.max) else "")
            for f in (self.table.by_name.get(name) for name in selection.fields)
            if f is not None and f.kind == "numeric"
        )
        return ArgumentError(
            f"no {self.noun} matches {selection.condition!r}" + (f" ({ranges})" if ranges else ""),
            argument="instance",
            valid=f"a condition some {plural(self.noun)} match",
        )

    def check_row(self, row: int) -> None:
        """Check a row id without building its subject.

        Raises:
            ArgumentError: no such row, naming the valid range.
        """
        known = 0 <= row < len(self.table) if self._where is None else int(row) in self._where
        if not known:
            raise ArgumentError(
                f"there is no {self.noun} {row}",
                argument="instance",
                valid=self.id_text,
            )

    def row(self, row: int) -> Subject:
        """The subject of one row.

        Raises:
            ArgumentError: no such row, naming the valid range.
        """
        position = self.position(row)
        filled = self.table.filled.get(position)
        return Subject(
            kind="row",
            description=f"{self.noun} {row}",
            id=row,
            values=dict(self.table.row_values(position)),
            filled=list(filled) if filled else None,
        )

    def _base_id(self, value: Any) -> int:
        if not isinstance(value, bool) and isinstance(value, int | float | str):
            try:
                number = float(value)
            except ValueError:
                number = None
            if number is not None and number.is_integer():
                self.check_row(int(number))
                return int(number)
        raise ArgumentError(f"id must be a row id, got {value!r}", argument="instance", valid=self.id_text)

    def _values(self, given: Mapping[str, Any]) -> Subject:
        base: int | None = None
        values: dict[str, Value] = {}
        nulls: list[str] = []
        for key, value in given.items():
            if str(key).strip().lower() in ("id", (self.schema.id_name or "id").lower()):  # "stall_no": the id column
                if base is not None:
                    raise ArgumentError("the id is given twice", argument="instance", valid=self.id_text)
                base = self._base_id(value)
                continue
            feature = self.table.lookup(str(key), "instance")
            if feature.name in values or feature.name in nulls:
                raise ArgumentError(f"{feature.name} is given twice", argument="instance")
            if value is None and feature.name in self.table.reads_missing:
                values[feature.name] = self.table.check(feature, value, "instance")  # the model reads it as missing
                continue
            if value is None:
                nulls.append(self._fillable(feature))
                continue
            values[feature.name] = self.table.check(feature, value, "instance")
        given_text = ", ".join([*(f"{k} = {_text(v)}" for k, v in values.items()), *(f"{n} not given" for n in nulls)])
        filled = nulls or None
        if base is None:
            missing = [n for n in self.table.names if n not in values and n not in nulls]
            if missing:
                raise ArgumentError(
                    f"a custom {self.noun} needs a value for every feature; missing: {listed(missing)}",
                    argument="instance",
                    valid=f"values for all {len(self.table.names)} features ({', '.join(self.table.names)}), "
                    "or an id plus the values to change",
                    missing=missing,
                )
            values = self._impute(values, nulls)
            description = f"a {self.noun} with {given_text}"
            return Subject(kind="values", description=description, values=dict(values), filled=filled)
        if not values and not nulls:
            return self.row(base)
        full = self._impute({**self.table.row_values(self.position(base)), **values}, nulls)
        description = f"{self.noun} {base} with {given_text}"
        return Subject(kind="values", description=description, id=base, values=dict(full), filled=filled)

    def _fillable(self, feature: Feature) -> str:
        """The name of a feature given as null, when the model's imputer fills it.

        Raises:
            ArgumentError: the model fills no missing value of the feature, naming what it does fill.
        """
        fills = self._imputation.features if self._imputation is not None else ()
        if feature.name in fills:
            return feature.name
        valid = (
            f"one of {listed(feature.categories, 'or')}"
            if feature.kind == "categorical"
            else f"a number (observed {format_number(feature.min or 0)} to {format_number(feature.max or 0)})"
        )
        reads = sorted(self.table.reads_missing)
        if fills:
            others = f" (it fills missing values of {listed(fills)} only)"
        elif reads:  # a model with no imputer that reads a missing number itself ("rain_mm": null is fine)
            others = f" (it has no imputer; it reads a missing value of {listed(reads)} only)"
        else:
            others = " (it has no imputer)"
        raise ArgumentError(
            f"{feature.name} is null, but the model does not fill a missing {feature.name}{others}; give {valid}",
            argument="instance",
            valid=valid,
        )

    def _impute(self, values: dict[str, Value], nulls: Sequence[str]) -> dict[str, Value]:
        """`values` with each of `nulls` filled as the model's imputer fills it (checked on the model's output).

        Raises:
            ArgumentError: a fill that would change the model's probabilities.
        """
        if not nulls or self._imputation is None:
            return values
        placeholder = {f.name: f.categories[0] if f.kind == "categorical" else 0.0 for f in self.table.features}
        frame = self.table.frame([{**placeholder, **values}])
        for name in nulls:
            frame[name] = pd.Series([np.nan], dtype=frame[name].dtype if frame[name].dtype != bool else object)
        try:
            filled = self._imputation.fill(frame)
        except UsageError as exc:
            raise ArgumentError(
                f"{listed(nulls)} cannot be left null: {exc}",
                argument="instance",
                valid=f"values for all {len(self.table.names)} features ({', '.join(self.table.names)})",
            ) from exc
        return {**values, **{n: self.table.value_column(self.table.by_name[n], filled)[0] for n in nulls}}

    def _group(self, text: str) -> Selection:
        clauses = parse_condition(text, self.schema)
        mask = np.ones(len(self.table), dtype=bool)
        for clause in clauses:
            mask &= self._matches(clause)
        rows = np.flatnonzero(mask)
        ids = [int(i) for i in (rows if self._ids is None else self._ids[rows])]
        condition = " and ".join(c.text() for c in clauses)
        fields = list(dict.fromkeys(c.field for c in clauses))
        if not ids:
            return Selection(subject=None, condition=condition, fields=fields)
        n = len(ids)
        description = f"all {n} {self.nouns(n)}" if not clauses else f"the {n} {self.nouns(n)} with {condition}"
        nouns = plural(self.noun)
        group = Subject(
            kind="group", description=description, condition=condition or "all", size=n, ids=ids, nouns=nouns
        )
        return Selection(subject=group, condition=group.condition, fields=fields)

    def _matches(self, clause: Clause) -> np.ndarray:
        column: np.ndarray
        if clause.field == "id":
            column = np.arange(len(self.table), dtype=float) if self._ids is None else self._ids.astype(float)
        elif clause.field == "label":
            column = self._recorded
        elif clause.field == "prediction":
            column = np.array(self._predicted(), dtype=object)
        else:
            feature = self.table.by_name[clause.field]
            kind = object if feature.kind == "categorical" else float
            column = np.array(self.table.value_column(feature, self.table.X), dtype=kind)
        if clause.op == "=":
            return np.asarray(column == clause.value)
        if clause.op == "!=":
            return np.asarray(column != clause.value)
        compare = {">": np.greater, ">=": np.greater_equal, "<": np.less, "<=": np.less_equal}[clause.op]
        return np.asarray(compare(column.astype(float), float(clause.value)))

    def frame(self, subject: Subject) -> pd.DataFrame:
        """The model input of a subject, re-checking one built elsewhere.

        Raises:
            ArgumentError: unknown ids, missing or invalid values, or a subject kind a table cannot use.
        """
        positions = self.positions(subject)
        if positions is not None:
            return self.table.rows(positions)
        return self.table.frame([self.values(subject)])

    def positions(self, subject: Subject) -> np.ndarray | None:
        """The table rows of a row or group subject (checked); None for a subject of given values.

        Raises:
            ArgumentError: unknown ids, or a subject kind a table cannot use.
        """
        if subject.kind == "row" and subject.id is not None:
            return np.array([self.position(subject.id)])
        if subject.kind == "values" and subject.values is not None:
            return None
        if subject.kind == "group" and subject.ids:
            known = range(len(self.table)) if self._where is None else self._where
            bad = [i for i in subject.ids if i not in known]
            if bad:
                raise ArgumentError(f"the group holds unknown ids {bad[:5]}", argument="instance", valid=self.id_text)
            if self._where is None:
                return np.asarray(subject.ids, dtype=int)
            return np.array([self._where[int(i)] for i in subject.ids], dtype=int)
        raise ArgumentError(
            f"a tabular host cannot use a {subject.kind} subject ({subject.description})",
            argument="instance",
            valid=f"a row id, feature values, or {CONDITION_HELP}",
        )

    def values(self, subject: Subject) -> dict[str, Value]:
        """The checked feature values of a single-instance subject."""
        if subject.kind == "row" and subject.id is not None:
            return self.table.row_values(self.position(subject.id))
        given = {self.table.lookup(k, "instance").name: v for k, v in (subject.values or {}).items()}
        missing = [n for n in self.table.names if n not in given]
        if missing:
            raise ArgumentError(f"values are missing {missing}", argument="instance", missing=missing)
        return {f.name: self.table.check(f, given[f.name], "instance") for f in self.table.features}

    def single(self, subject: Subject, what: str) -> None:
        """Refuse a group where one instance is needed."""
        if subject.kind == "group":
            raise ArgumentError(
                f"{what} needs one {self.noun}, but {subject.description} selects {subject.size}",
                argument="instance",
                valid=f"one row id or the values of one {self.noun}",
            )
