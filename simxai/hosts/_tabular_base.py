"""`TabularBase`: the tabular host's state: its checked arguments, the table, the model's predictions and
resolving references; the host's jobs (`_tabular_explanations`, `_tabular_changes`, `_tabular_information`)
build on it and `tabular.TabularHost` puts them together.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np
import pandas as pd

from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts._cache import LRUCache, Resources
from simxai.hosts._memory import keep_large_allocations_mapped
from simxai.hosts._tabular_cards import DataCard, ModelCard, OutputCard, scalar
from simxai.hosts._tabular_checks import (
    ClassNames,
    bound_by_position,
    check_aliases,
    check_arguments,
    check_class_names,
    check_counterfactual_method,
    check_features,
    check_model,
    check_named_features,
    check_names_by_position,
    held_out,
    instance_ids,
    positions,
    recorded_labels,
    restore_categories,
)
from simxai.hosts._tabular_data import Table, words_among_numbers
from simxai.hosts._tabular_families import family
from simxai.hosts._tabular_missing import fill_missing
from simxai.hosts._tabular_resolve import Resolver
from simxai.hosts._tabular_shap import fits
from simxai.hosts._tabular_unseen import known_categories, log_unseen, unseen_values
from simxai.hosts._tabular_whole import not_whole, with_fraction
from simxai.hosts.base import FeatureSchema, HostSchema, InstanceRef, Selection
from simxai.instances import closest
from simxai.results import PredictionResult, Subject, listed

T = TypeVar("T")

#: Rows per model call when the host runs its model over the whole table.
_CHUNK = 50_000


class TabularBase:
    """A tabular host's state and model calls, which each of its jobs reads (`TabularHost` states the arguments)."""

    def __init__(
        self,
        model: Any,
        data: pd.DataFrame,
        target: str,
        class_names: ClassNames | None = None,
        *,
        name: str,
        instance_noun: str = "instance",
        categorical_features: Sequence[str] = (),
        test_ids: Sequence[int] | None = None,
        test_size: float = 0.2,
        seed: int = 0,
        feature_descriptions: Mapping[str, str] | None = None,
        feature_aliases: Mapping[str, Sequence[str]] | None = None,
        immutable_features: Sequence[str] = (),
        data_card: DataCard | None = None,
        model_card: ModelCard | None = None,
        output_card: OutputCard | None = None,
        background_size: int = 100,
        id_column: str | None = None,
        category_names: Mapping[str, Mapping[Any, str]] | None = None,
        explainer: str = "auto",
        counterfactual_method: str = "nearest",
    ) -> None:
        keep_large_allocations_mapped()
        check_arguments(name, instance_noun, data, target, seed, background_size)
        ids = instance_ids(data, id_column, target)
        if id_column is not None:
            data = data.drop(columns=[id_column])
        self.model = model
        self.name = name.strip()
        self.instance_noun = instance_noun.strip()
        self.target = target
        self.seed = seed
        self.background_size = background_size
        classes = check_model(model)
        feature_order = check_features(model, data, target)
        data = restore_categories(model, data, feature_order)  # a LightGBM model's pandas categories, by its order
        fits(model, explainer)
        self.explainer = explainer
        self._decides_by_argmax = family(model) != "agnostic"
        self.counterfactual_method = check_counterfactual_method(counterfactual_method)
        self.class_names = check_class_names(class_names, classes)
        self._class_position: dict[Any, int] = {scalar(c): i for i, c in enumerate(classes)}
        data_card = data_card or DataCard()
        model_card = model_card or ModelCard()
        output_card = output_card or OutputCard()
        category_names = dict(category_names or {})
        check_named_features(
            feature_order,
            (
                ("categorical_features", categorical_features),
                ("category_names", list(category_names)),
                ("immutable_features", immutable_features),
                ("feature_descriptions", list(feature_descriptions or {})),
                ("feature_aliases", list(feature_aliases or {})),
                ("data_card.feature_descriptions", list(data_card.feature_descriptions)),
            ),
        )
        unknown_labels = [k for k in output_card.label_meanings if k not in self.class_names]
        if unknown_labels:
            raise UsageError(
                f"output_card.label_meanings names unknown labels {unknown_labels}; labels are {self.class_names}"
                + _near_labels(unknown_labels, self.class_names)
            )
        check_aliases(feature_aliases or {}, self.instance_noun, self.class_names)
        descriptions = {**data_card.feature_descriptions, **(feature_descriptions or {})}
        categorical = [*categorical_features, *(f for f in category_names if f not in categorical_features)]
        # Gaps are filled as the model's own imputer fills them (checked to leave every prediction unchanged).
        features, self.filled = fill_missing(model, data[feature_order])
        self.table = Table(
            features,
            categorical,
            descriptions,
            feature_aliases or {},
            category_names,
            self.filled.cells,
            self.filled.reads_missing,
        )
        self.data_card, self.model_card, self.output_card = data_card, model_card, output_card
        self._y = recorded_labels(data[target], self._class_position, self.class_names, target)
        self._test_ids, self._split_text = held_out(
            test_ids if ids is None or test_ids is None else positions(ids, test_ids, "test_ids"),
            test_size,
            len(self.table),
            self._y,
            self.seed,
        )
        self._train_ids = np.setdiff1d(np.arange(len(data)), self._test_ids)
        self._mutable = [
            f.name
            for f in self.table.features
            if f.name not in immutable_features and (f.kind == "numeric" and f.min != f.max or len(f.categories) > 1)
        ]
        self.immutable_features = [f for f in feature_order if f in immutable_features]
        self._schema = HostSchema(
            name=self.name,
            kind="tabular",
            instance_noun=self.instance_noun,
            class_names=self.class_names,
            features=[
                FeatureSchema(
                    name=f.name,
                    type=f.kind,
                    min=f.min,
                    max=f.max,
                    categories=list(f.categories) if f.kind == "categorical" else None,
                    description=f.description,
                    aliases=list(f.aliases),
                    immutable=f.name in immutable_features,
                )
                for f in self.table.features
            ],
            id_range=(0, len(data) - 1) if ids is None else (int(ids.min()), int(ids.max())),
            id_name=id_column if ids is not None else None,
        )
        self._lazy = Resources()
        # categories the data holds but the model's encoder was never fitted on: said at load and in each answer
        self.unseen_known = known_categories(model, self.table.features)
        log_unseen(self.name, self.unseen_known, self.table.features, self.table.X)
        self._results: LRUCache[Hashable, Any] = LRUCache()
        self._resolver = Resolver(
            self.table,
            self._schema,
            self.instance_noun,
            self.recorded_labels,
            lambda: [self.class_names[i] for i in self._predictions()[0]],
            ids,
            self.filled.imputation,
        )
        self._smoke_test(ids)
        if bound_by_position(class_names, classes):
            predicted = self._predictions()[0]
            check_names_by_position(self.class_names, classes, data[target], self._y, predicted)

    # ----------------------------------------------------------------------------------------- checks
    def _smoke_test(self, ids: np.ndarray | None) -> None:
        """Ask the model about the first row and the first row of each category: a value it cannot take is said.

        A number column with a word in one cell ("calm" among wind speeds) reads as a column of categories the
        model was never given; without this it failed at the first question with a traceback (newuser48).
        """
        rows = [0]
        for feature in self.table.features:
            if feature.kind == "categorical":
                column = self.table.X[feature.name]
                rows.extend(int(i) for i in np.flatnonzero(~column.duplicated().to_numpy()))
        rows = sorted(set(rows))
        try:
            proba = np.asarray(self.model.predict_proba(self.table.rows(rows)))
        except Exception as exc:
            raise UsageError(self._failing_row(rows, ids, exc)) from exc
        if proba.shape != (len(rows), len(self.class_names)):
            raise UsageError(
                f"model.predict_proba gave shape {proba.shape[1:]} per row, expected ({len(self.class_names)},)"
            )

    def _failing_row(self, rows: list[int], ids: np.ndarray | None, error: Exception) -> str:
        """The first of `rows` the model fails on, with its categories and the model's own error, in one line."""
        for row in rows:
            try:
                self.model.predict_proba(self.table.rows([row]))
            except Exception as exc:  # noqa: BLE001 - any failure of the user's model is what is reported
                name = f"row {row} of data" if ids is None else f"{self.instance_noun} {int(ids[row])} (row {row})"
                values = self.table.row_values(row)
                shown = ", ".join(
                    f"{f.name} = {values[f.name]!r}" for f in self.table.features if f.kind == "categorical"
                )
                odd = [words_among_numbers(f.name, self.table.X[f.name]) for f in self.table.features]
                hint = "".join(f"; {words}: write a number there" for words in odd if words)
                return f"model.predict_proba failed on {name}" + (f" ({shown})" if shown else "") + f": {exc}{hint}"
        return f"model.predict_proba failed on rows of data: {error}"

    # ------------------------------------------------------------------------------- lazy resources

    def _resource(self, key: str, build: Callable[[], T]) -> T:
        """Build an expensive resource once, even when threads ask at the same time."""
        return self._lazy.get(key, build)

    def _predictions(self) -> tuple[np.ndarray, np.ndarray]:
        def build() -> tuple[np.ndarray, np.ndarray]:
            # In chunks, so that the model's own copies of its input stay small on a large table.
            parts = [
                self._predict_frame(self.table.X.iloc[start : start + _CHUNK])
                for start in range(0, len(self.table), _CHUNK)
            ]
            return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])

        return self._resource("predictions", build)

    # ---------------------------------------------------------------------------------- utilities

    @property
    def test_ids(self) -> np.ndarray:
        """The held-out row ids (sorted)."""
        return self._test_ids.copy()

    @property
    def train_ids(self) -> np.ndarray:
        """The row ids outside the held-out split (sorted)."""
        return self._train_ids.copy()

    @property
    def recorded_labels(self) -> list[str]:
        """The recorded label of every row."""
        return [self.class_names[i] for i in self._y]

    def _predict_labels(self, frame: pd.DataFrame) -> np.ndarray:
        """Class positions from `model.predict` (the model's own decision)."""
        # CatBoost returns a column (rows, 1) for a multi-class model. Each distinct label is looked up once.
        predicted = np.asarray(self.model.predict(frame)).reshape(len(frame))
        distinct, inverse = np.unique(predicted, return_inverse=True)
        positions = np.array([self._class_position[scalar(v)] for v in distinct], dtype=int)
        return positions[inverse.reshape(-1)]

    def _predict_frame(self, frame: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
        """Class positions from `model.predict` (the model's own decision) and probabilities.

        The tree and linear classifiers `family` recognises decide by the largest probability (ties to the
        first class), so for them one `predict_proba` call gives both; other models are asked both ways.
        """
        proba = np.asarray(self.model.predict_proba(frame), dtype=float)
        if self._decides_by_argmax:
            return proba.argmax(axis=1), proba
        return self._predict_labels(frame), proba

    def _predicted(self, subject: Subject) -> PredictionResult:
        """The model's prediction of custom values or of a group's rows (label counts and mean probabilities).

        Cached for custom values: a why-not asks for it (to state a tie) and its search starts from it.
        """
        if subject.kind == "values":
            return self._results.get(("predicted", self._key(subject)), lambda: self._predicted_now(subject))
        return self._predicted_now(subject)

    def _predicted_now(self, subject: Subject) -> PredictionResult:
        labels, proba = self._predict_frame(self._resolver.frame(subject))
        if subject.kind == "group":
            return PredictionResult(
                subject=subject,
                label=self.class_names[self._majority(labels)],
                probabilities=self._probabilities(proba.mean(axis=0)),
                label_counts=self._counts(labels),
            )
        return PredictionResult(
            subject=subject, label=self.class_names[labels[0]], probabilities=self._probabilities(proba[0])
        )

    def _label_index(self, label: str, argument: str) -> int:
        for i, name in enumerate(self.class_names):
            if isinstance(label, str) and name.lower() == label.strip().lower():
                return i
        raise ArgumentError(
            f"unknown label {label!r}; labels are {listed(self.class_names)}",
            argument=argument,
            valid=listed(self.class_names),
            suggestions=closest(str(label), self.class_names),
        )

    def _probabilities(self, row: np.ndarray) -> dict[str, float]:
        return {name: float(p) for name, p in zip(self.class_names, row, strict=True)}

    def _counts(self, labels: np.ndarray) -> dict[str, int]:
        return {name: int((labels == i).sum()) for i, name in enumerate(self.class_names)}

    def _majority(self, labels: np.ndarray) -> int:
        return int(np.bincount(labels, minlength=len(self.class_names)).argmax())

    # ------------------------------------------------------------------------------------ resolve

    def schema(self) -> HostSchema:
        """Describe the features, labels, id range and metrics."""
        return self._schema

    def resolve(self, instance: InstanceRef) -> Subject:
        """Turn a reference into a subject.

        An int (or numeric string, or "patient 12") is a row id. A dict of every feature's value is a custom
        instance; a dict with "id" and some features is that row with those values changed. Any other string
        is a condition selecting a group ("glucose > 120 and age < 50", "label = <class>" for the recorded
        label, "prediction = <class>" for the model's, "id < 20", "all").

        Raises:
            ArgumentError: an unknown id (naming the valid range), missing features (listed in `missing`,
                never imputed), an unknown feature (with close names), an impossible value, or a condition
                no row matches.
        """
        subject = self._resolver.resolve(instance)
        unseen = unseen_values(self.unseen_known, subject.values or {}) if subject.kind != "group" else []
        if unseen:  # the model reads a value its encoder was never fitted on as none of those it knows
            subject = subject.model_copy(update={"unseen": unseen})
        if subject.kind != "values" or not with_fraction(self.table, subject.values or {}):
            return subject
        # "a grade of 2.5" where the data holds whole grades: tried as given, and said with what the model makes of it
        found = not_whole(self.table, subject.values or {}, self._resolver.frame(subject), self.model.predict_proba)
        return subject.model_copy(update={"not_whole": found})

    def select(self, reference: str) -> Selection:
        """Read a reference in words as `resolve` does; a condition no row meets is a selection without subject.

        Raises:
            ArgumentError: an unknown id or a condition this data cannot read (as `resolve`).
        """
        return self._resolver.select(reference)

    def describes_groups(self) -> bool:
        """True: `data_information` describes a group's rows."""
        return True

    @staticmethod
    def _key(subject: Subject) -> str:
        return subject.model_dump_json()


def _near_labels(unknown: list[str], labels: list[str]) -> str:
    """' (did you mean Late?)' for label names written in another case or slightly misspelt."""
    near = [m for name in unknown for m in closest(str(name), labels, n=1)]
    return f" (did you mean {', '.join(dict.fromkeys(near))}?)" if near else ""
