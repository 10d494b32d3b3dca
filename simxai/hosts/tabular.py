"""`TabularHost`: the `Host` protocol for a scikit-learn classifier over a table.

Instance ids are the row positions 0..n-1 of the hosted table, or the values of a declared id column.
Attributions come from the fastest exact SHAP explainer for the model's family (`_tabular_shap`),
counterfactuals from the project's own search (`_tabular_search`) or DiCE; every number the host reports
about the model (a counterfactual's label, a still-this range, a what-if prediction) is re-checked with the
model itself before it is returned. Explainers are built on first use (or by `warm` at start-up) and reused;
results per instance are cached.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Literal, TypeVar

import numpy as np
import pandas as pd
import pydantic

from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts._cache import LRUCache, Resources
from simxai.hosts._memory import keep_large_allocations_mapped, release_free_memory
from simxai.hosts._metrics import check_metric, classification_scores
from simxai.hosts._tabular_cards import (
    assessment,
    feature_info,
    hyperparameters,
    model_type,
    scalar,
)
from simxai.hosts._tabular_checks import (
    ClassNames,
    check_aliases,
    check_arguments,
    check_class_names,
    check_counterfactual_method,
    check_features,
    check_model,
    check_named_features,
    held_out,
    instance_ids,
    positions,
    recorded_labels,
    stratified_split,
)
from simxai.hosts._tabular_data import Table, Value
from simxai.hosts._tabular_dice import CounterfactualSearch, verify
from simxai.hosts._tabular_families import OutputSpace, exact_output, family, output_space, split_model
from simxai.hosts._tabular_resolve import Resolver
from simxai.hosts._tabular_search import NeighbourSearch
from simxai.hosts._tabular_shap import Attributions, Attributor, Known, fits, split_thresholds
from simxai.hosts._tabular_still import GRID_POINTS, stable_ranges
from simxai.hosts.base import (
    METRICS,
    ChangeValue,
    FeatureSchema,
    HostSchema,
    InstanceRef,
    Selection,
    plural,
)
from simxai.hosts.month_wrap import month_of_year, wrapped_months
from simxai.instances import CONDITION_HELP, RelativeChange, closest, parse_change
from simxai.results import (
    Attribution,
    Change,
    Counterfactual,
    CounterfactualResult,
    DataInformationResult,
    GlobalExplanationResult,
    Importance,
    LabelInfo,
    LocalExplanationResult,
    ModelInformationResult,
    OutputInformationResult,
    PerformanceResult,
    PredictionResult,
    StillThisResult,
    Subject,
    WhatIfResult,
)

__all__ = ["DataCard", "ModelCard", "OutputCard", "TabularHost", "stratified_split"]

T = TypeVar("T")

#: Rows averaged for the global explanation and for a group's mean attribution, with an exact explainer
#: (tree, linear) and with the model-agnostic one, which costs about 0.1 s per row, hence its smaller samples.
GLOBAL_SAMPLE = 200
EXACT_GROUP_SAMPLE = 2000
AGNOSTIC_GLOBAL_SAMPLE = 50
AGNOSTIC_GROUP_SAMPLE = 50
MAX_COUNTERFACTUALS = 10
#: Rows per model call when the host runs its model over the whole table.
_CHUNK = 50_000


class DataCard(pydantic.BaseModel):
    """What the data is, in plain words. Everything left out is generated from the data."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    description: str | None = None
    feature_descriptions: dict[str, str] = {}
    target_description: str | None = None


class ModelCard(pydantic.BaseModel):
    """What the model is and how it was made. Strengths and limitations left out are generated."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    description: str | None = None
    training: str | None = None
    strengths: list[str] | None = None
    limitations: list[str] | None = None


class OutputCard(pydantic.BaseModel):
    """What each label and the probability mean."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    label_meanings: dict[str, str] = {}
    probability_meaning: str | None = None


def _diverse(found: list[Counterfactual], count: int) -> list[Counterfactual]:
    """Up to `count` counterfactuals, fewest changes first, preferring ones that change other features.

    `found` comes sorted by number and size of changes; two ways that move the same feature to different
    values tell a user less than two ways that move different features.
    """
    chosen: list[Counterfactual] = []
    seen: set[frozenset[str]] = set()
    for cf in found:
        features = frozenset(c.feature for c in cf.changes)
        if features not in seen and len(chosen) < count:
            chosen.append(cf)
            seen.add(features)
    chosen += [cf for cf in found if cf not in chosen][: count - len(chosen)]
    return sorted(chosen, key=lambda cf: len(cf.changes))


class TabularHost:
    """A fitted scikit-learn classifier over a table, with its XAI resources.

    Args:
        model: a fitted classifier (an estimator or a Pipeline) with `predict_proba` and `classes_`, fitted on
            a DataFrame whose columns are the feature columns of `data`.
        data: the features and the target column (and the id column, if any); instance ids are its row
            positions 0..n-1 unless `id_column` names a column of ids.
        target: the name of the target column.
        class_names: names for the model's classes, bound by value: a mapping from each value in
            `model.classes_` to its name (`{0: "rejected", 1: "approved"}`). String classes are their own
            names (default: the classes as text); a list must then repeat `classes_` in order. A list for
            numeric classes is bound by position, with a warning in the log stating the mapping used.
        name: the host's name, e.g. "diabetes progression".
        instance_noun: what one row is, e.g. "patient".
        categorical_features: features holding categories as numeric codes (a column of strings is
            categorical without being listed).
        test_ids: the held-out instances, by instance id; by default a stratified split with `test_size`
            and `seed`.
        test_size: the held-out fraction when `test_ids` is not given.
        seed: seeds the split, the background sample, the explainers and the searches.
        feature_descriptions: a description per feature (overrides the data card's).
        feature_aliases: other names users may use for a feature (e.g. "bp" for blood_pressure).
        immutable_features: features counterfactuals never change (e.g. age, sex).
        data_card: the data card; missing parts are generated.
        model_card: the model card; missing parts are generated.
        output_card: the output card; missing parts are generated.
        background_size: rows in the background sample of the linear and the model-agnostic explainers.
        id_column: a column of `data` holding each row's id (distinct integers): the model does not use it,
            and its values are the instance ids users name ("customer 10412").
        category_names: names for the codes of categorical features, by feature and code value
            (`{"region": {0: "north", 1: "south"}}`). A named feature is categorical; every code in the
            data must be named. Questions and replies use the names; the codes are still understood.
        explainer: "auto" (the fastest exact SHAP explainer for the model's family: tree ensembles, linear
            models and pipelines ending in them; else the model-agnostic one), "tree", "linear" or "kernel".
        counterfactual_method: "nearest" (the project's own search from the nearest rows the model gives
            the target label) or "dice" (DiCE's random then genetic search; needs the `dice` extra).

    Raises:
        UsageError: naming the first argument that is wrong and what would be valid.
    """

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
            )
        check_aliases(feature_aliases or {}, self.instance_noun, self.class_names)
        descriptions = {**data_card.feature_descriptions, **(feature_descriptions or {})}
        categorical = [*categorical_features, *(f for f in category_names if f not in categorical_features)]
        self.table = Table(data[feature_order], categorical, descriptions, feature_aliases or {}, category_names)
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
                )
                for f in self.table.features
            ],
            id_range=(0, len(data) - 1) if ids is None else (int(ids.min()), int(ids.max())),
            id_name=id_column if ids is not None else None,
        )
        self._lazy = Resources()
        self._results: LRUCache[Hashable, Any] = LRUCache()
        self._resolver = Resolver(
            self.table,
            self._schema,
            self.instance_noun,
            self.recorded_labels,
            lambda: [self.class_names[i] for i in self._predictions()[0]],
            ids,
        )
        self._smoke_test()

    # ----------------------------------------------------------------------------------------- checks
    def _smoke_test(self) -> None:
        try:
            proba = np.asarray(self.model.predict_proba(self.table.rows([0])))
        except Exception as exc:
            raise UsageError(f"model.predict_proba failed on the first row of data: {exc}") from exc
        if proba.shape != (1, len(self.class_names)):
            raise UsageError(f"model.predict_proba gave shape {proba.shape}, expected (1, {len(self.class_names)})")

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

    def warm(self, progress: Callable[[str, int, int], None] | None = None) -> None:
        """Compute what the first questions would otherwise wait for; safe to run in a background thread.

        In order: the model's predictions and outputs over the whole table, the held-out metrics, the global
        explanation, the counterfactual search's pools. Each is built once (a question asking for one while
        it is being built waits for it, and a finished one is never built again).

        Args:
            progress: called before each step with (step name, steps done, steps in all), and once at the end
                with ("ready", n, n).
        """
        steps: list[tuple[str, Callable[[], object]]] = [
            ("predicting every row", self._predictions),
            ("the model's raw outputs", self._outputs),
            ("held-out metrics", lambda: self._resource("performance", self._scores)),
            ("global explanation", self._global_attributions),
        ]
        if self._mutable and self.counterfactual_method == "nearest":
            steps.append(("counterfactual search", self._nearest))
        for done, (name, step) in enumerate(steps):
            if progress is not None:
                progress(name, done, len(steps))
            step()
        release_free_memory()
        if progress is not None:
            progress("ready", len(steps), len(steps))

    def _outputs(self) -> tuple[OutputSpace, np.ndarray]:
        """The model's own output for every row and the space it is in.

        The space is the one the exact explainer for the model attributes (log-odds, a score, a forest's
        probabilities), or the probabilities when only the model-agnostic explainer fits. Computed from the
        model alone, without building the explainer: the explainer's build-time check and every explanation
        of table rows then check their additivity against these outputs instead of running the model again.
        """

        def build() -> tuple[OutputSpace, np.ndarray]:
            probabilities = self._predictions()[1]
            n = len(self.class_names)
            if fits(self.model, self.explainer) == "agnostic":
                return "probability", probabilities
            space = output_space(split_model(self.model)[1], n)
            if space == "probability":  # a forest's explained output is its predict_proba
                return space, probabilities
            try:
                chunks = [
                    exact_output(self.model, self.table.X.iloc[start : start + _CHUNK], n)
                    for start in range(0, len(self.table), _CHUNK)
                ]
            except (ValueError, TypeError, NotImplementedError):
                # The exact explainer's build runs the same call, fails the same way and falls back to the
                # model-agnostic explainer, which attributes the probabilities.
                return "probability", probabilities
            return space, np.concatenate(chunks)

        return self._resource("outputs", build)

    def _known(self, ids: Sequence[int] | np.ndarray, space: OutputSpace) -> Known | None:
        """What the host knows of the model's output for table rows: (outputs in `space` or None, probabilities).

        The probabilities are known once the whole table has been predicted, the outputs in the explained
        space once they have been computed too (`warm` does both). Never waits: while the table is still
        being predicted (at start-up), the caller runs the model.
        """
        predictions = self._lazy.peek("predictions")
        if predictions is None:
            return None
        outputs = self._lazy.peek("outputs")
        index = np.asarray(ids, dtype=int)
        return (outputs[1][index] if outputs is not None and outputs[0] == space else None), predictions[1][index]

    def _attributor(self) -> Attributor:
        def build() -> Attributor:
            background = min(self.background_size, len(self._train_ids))
            rows = np.sort(np.random.default_rng(self.seed).choice(self._train_ids, background, replace=False))
            outputs = self._lazy.peek("outputs")
            return Attributor(
                self.model,
                self.table,
                len(self.class_names),
                self.table.rows(rows),
                self.seed,
                self.explainer,
                None if outputs is None else (outputs[0], outputs[1][rows]),
            )

        return self._resource("attributor", build)

    def _search(self) -> CounterfactualSearch:
        return self._resource(
            "dice",
            lambda: CounterfactualSearch(self.model, self.table, self._y, self.target, self._mutable, self.seed),
        )

    def _nearest(self) -> NeighbourSearch:
        return self._resource(
            "nearest",
            lambda: NeighbourSearch(self.table, self._predictions()[0], self._mutable, self._predict_frame, self.seed),
        )

    def _thresholds(self) -> list[np.ndarray] | None:
        return self._resource("thresholds", lambda: split_thresholds(self.model, len(self.table.names)))

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

    def _label_index(self, label: str, argument: str) -> int:
        for i, name in enumerate(self.class_names):
            if isinstance(label, str) and name.lower() == label.strip().lower():
                return i
        raise ArgumentError(
            f"unknown label {label!r}; labels are {', '.join(self.class_names)}",
            argument=argument,
            valid=", ".join(self.class_names),
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
        return self._resolver.resolve(instance)

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

    # -------------------------------------------------------------------------------- predictions

    def predict(self, subject: Subject) -> PredictionResult:
        """Predict the label and class probabilities (the distribution for a group)."""
        if subject.kind == "row" and subject.id is not None:
            row = self._resolver.position(subject.id)
            labels, proba = self._predictions()
            return PredictionResult(
                subject=subject,
                label=self.class_names[labels[row]],
                probabilities=self._probabilities(proba[row]),
                true_label=self.class_names[self._y[row]],
            )
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

    def what_if(self, subject: Subject, changes: Mapping[str, ChangeValue]) -> WhatIfResult:
        """Predict again after applying `changes` (absolute values, relative changes or categories).

        Raises:
            ArgumentError: no changes, an unknown feature (with close names), or a value the feature
                cannot take.
        """
        if not changes:
            raise ArgumentError(
                "no changes given",
                argument="changes",
                valid='e.g. {"bmi": 30} or {"glucose": "-5"}',
                missing=["changes"],
            )
        before = self._resolver.frame(subject)
        after = before.copy()
        applied: list[Change] = []
        for key, raw in changes.items():
            feature = self.table.lookup(str(key), "changes")
            parsed = parse_change(raw)
            old = self.table.value_column(feature, before)
            new: list[Value]
            if feature.kind == "categorical":
                if isinstance(parsed, RelativeChange):
                    raise ArgumentError(
                        f"{feature.name} is categorical; it cannot change by {raw!r}",
                        argument="changes",
                        valid=", ".join(feature.categories),
                    )
                new = [self.table.check(feature, raw, "changes")] * len(before)
            elif isinstance(parsed, RelativeChange):
                stepped = [float(np.round(parsed.apply(float(v)), 10)) for v in old]
                if parsed.kind == "add" and month_of_year(feature.name, feature.min, feature.max):
                    stepped = wrapped_months(stepped)  # December + 1 is 1, never 13
                new = list(stepped)
                for v in new:
                    self.table.check(feature, v, "changes")
            else:
                new = [self.table.check(feature, parsed, "changes")] * len(before)
            self.table.set_column(after, feature, new)
            computed = feature.decimals if isinstance(parsed, RelativeChange) else None
            applied.append(self._change(feature.name, old, new, subject, computed))
        old_labels, old_proba = self._predict_frame(before)
        new_labels, new_proba = self._predict_frame(after)
        group = subject.kind == "group"
        return WhatIfResult(
            subject=subject,
            changes=applied,
            old_label=self.class_names[self._majority(old_labels)],
            old_probabilities=self._probabilities(old_proba.mean(axis=0)),
            new_label=self.class_names[self._majority(new_labels)],
            new_probabilities=self._probabilities(new_proba.mean(axis=0)),
            old_label_counts=self._counts(old_labels) if group else None,
            new_label_counts=self._counts(new_labels) if group else None,
        )

    def _change(
        self, feature: str, old: list[Value], new: list[Value], subject: Subject, decimals: int | None = None
    ) -> Change:
        """The change as stated: a row's values (a computed new value with the feature's `decimals`), or a group's."""
        if subject.kind != "group":
            return Change(feature=feature, old=old[0], new=new[0], decimals=decimals)
        # A group's change is stated by its mean (numeric) or its most common value (categorical).
        if isinstance(old[0], str):
            return Change(feature=feature, old=max(set(old), key=old.count), new=max(set(new), key=new.count))
        digits = self.table.by_name[feature].decimals + 1
        old_mean = float(np.mean([float(v) for v in old]))
        new_mean = float(np.mean([float(v) for v in new]))
        return Change(feature=feature, old=round(old_mean, digits), new=round(new_mean, digits))

    # ------------------------------------------------------------------------------- attributions

    def local_explanation(self, subject: Subject, label: str | None) -> LocalExplanationResult:
        """SHAP attributions of the output for `label` (default: the predicted label); a group's mean.

        Base value plus the sum of the contributions equals the output, which is the model's own output for
        the label in `output_space`: its probability, or its raw score (log-odds) for gradient boosting.
        """
        index = self._label_index(label, "label") if label is not None else None
        return self._results.get(("local", self._key(subject), index), lambda: self._local(subject, index))

    def _local(self, subject: Subject, index: int | None) -> LocalExplanationResult:
        attributor = self._attributor()
        method = attributor.method
        positions = self._resolver.positions(subject)
        frame = self._resolver.frame(subject) if positions is None else None
        explained = positions
        sample = EXACT_GROUP_SAMPLE if attributor.tree else AGNOSTIC_GROUP_SAMPLE
        if positions is not None and len(positions) > sample:
            picked = np.random.default_rng(self.seed).choice(len(positions), sample, replace=False)
            explained = positions[np.sort(picked)]
            nouns = self._resolver.nouns(len(positions))
            method += f", mean over {sample} sampled of the {len(positions)} {nouns}"
        attributions = self._results.get(
            ("attributions", self._key(subject)),
            lambda: self._explain(attributor, explained, frame),
        )
        predictions = self._lazy.peek("predictions")
        if positions is not None and predictions is not None:
            labels, proba = predictions[0][positions], predictions[1][positions]
        elif explained is positions and self._decides_by_argmax:
            # The explainer already ran the model on these rows.
            proba = attributions.probabilities
            labels = proba.argmax(axis=1)
        else:
            labels, proba = self._predict_frame(self._resolver.frame(subject) if frame is None else frame)
        predicted = self._majority(labels)
        k = predicted if index is None else index
        contributions = attributions.values[:, :, k].mean(axis=0)
        values = (
            self.table.row_values(int(positions[0]))
            if subject.kind == "row" and positions is not None
            else (subject.values if subject.kind == "values" else None)
        )
        items = [
            Attribution(feature=name, value=values[name] if values else None, contribution=float(c))
            for name, c in zip(self.table.names, contributions, strict=True)
        ]
        items.sort(key=lambda a: abs(a.contribution), reverse=True)
        return LocalExplanationResult(
            subject=subject,
            label=self.class_names[k],
            predicted_label=self.class_names[predicted],
            probability=float(proba[:, predicted].mean()),
            base_value=float(attributions.base[k]),
            output=float(attributions.outputs[:, k].mean()),
            output_space=attributor.space,
            method=method,
            attributions=items,
        )

    def _explain(
        self, attributor: Attributor, positions: np.ndarray | None, frame: pd.DataFrame | None
    ) -> Attributions:
        """Attributions of table rows (`positions`) or of the rows of `frame`.

        For table rows the model's outputs over the whole table are reused once they are known, and a bare
        estimator over numbers reads the rows as a float matrix, without a DataFrame.
        """
        if positions is None:
            assert frame is not None
            return attributor.explain(frame)
        known = self._known(positions, attributor.space)
        readable = known is not None and known[0] is not None and attributor.reads_matrix
        matrix = self.table.matrix(positions) if readable else None
        return attributor.explain(self.table.rows(positions) if matrix is None else matrix, known)

    def global_explanation(self, label: str | None) -> GlobalExplanationResult:
        """Mean absolute SHAP value per feature over a seeded sample of rows, for `label`.

        The sample has at most 200 rows for a tree model, at most 50 for a model-agnostic explainer.

        The default label is the second class for a binary model (the first and second mirror each other),
        else the label the model predicts most often.
        """
        if label is None:
            k = 1 if len(self.class_names) == 2 else self._majority(self._predictions()[0])
        else:
            k = self._label_index(label, "label")
        return self._results.get(("global", k), lambda: self._global(k))

    def _global_attributions(self) -> tuple[Attributions, int]:
        def build() -> tuple[Attributions, int]:
            n = min(GLOBAL_SAMPLE if self._attributor().tree else AGNOSTIC_GLOBAL_SAMPLE, len(self.table))
            rows = np.sort(np.random.default_rng(self.seed).choice(len(self.table), n, replace=False))
            return self._explain(self._attributor(), rows, None), n

        return self._resource("global", build)

    def _global(self, k: int) -> GlobalExplanationResult:
        attributions, n = self._global_attributions()
        values = attributions.values[:, :, k]
        magnitudes, means = np.abs(values).mean(axis=0).tolist(), values.mean(axis=0).tolist()
        importances = [
            Importance(feature=name, importance=magnitudes[j], mean_contribution=means[j])
            for j, name in enumerate(self.table.names)
        ]
        importances.sort(key=lambda i: i.importance, reverse=True)
        return GlobalExplanationResult(
            label=self.class_names[k], method=self._attributor().method, n_samples=n, importances=importances
        )

    # ---------------------------------------------------------------------------- counterfactuals

    def counterfactuals(
        self,
        subject: Subject,
        target_label: str,
        count: int,
        question: Literal["why_not", "how_to_be_that"],
    ) -> CounterfactualResult:
        """Up to `count` changes that make the model predict `target_label`, each re-checked with the model.

        Only mutable features change, within their observed ranges; values are rounded to the precision the
        data records, and rounded counterfactuals are predicted again.

        Raises:
            ArgumentError: a group, an unknown label, or a count outside 1..10.
        """
        self._resolver.single(subject, "a counterfactual")
        if question not in ("why_not", "how_to_be_that"):
            raise ArgumentError(f"unknown question {question!r}", argument="question", valid="why_not, how_to_be_that")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNTERFACTUALS:
            raise ArgumentError(
                f"count must be between 1 and {MAX_COUNTERFACTUALS}, got {count!r}",
                argument="count",
                valid=f"an integer from 1 to {MAX_COUNTERFACTUALS}",
            )
        target = self._label_index(target_label, "target_label")
        return self._results.get(
            ("counterfactuals", self._key(subject), target, count, question, self.counterfactual_method),
            lambda: self._counterfactuals(subject, target, count, question),
        )

    def _counterfactuals(
        self, subject: Subject, target: int, count: int, question: Literal["why_not", "how_to_be_that"]
    ) -> CounterfactualResult:
        frame = self._resolver.frame(subject)
        predictions = self._lazy.peek("predictions") if subject.kind == "row" else None
        current = int(
            predictions[0][self._resolver.position(subject.id)]
            if predictions is not None and subject.id is not None
            else self._predict_labels(frame)[0]
        )
        target_name = self.class_names[target]
        result: dict[str, Any] = {
            "question": question,
            "subject": subject,
            "current_label": self.class_names[current],
            "target_label": target_name,
        }
        if current == target:
            return CounterfactualResult.already(question, subject, target_name, "none (no search needed)")
        if not self._mutable:
            return CounterfactualResult(
                **result,
                counterfactuals=[],
                method="none",
                note="No feature may change, so no search was run.",
            )
        values = self._resolver.values(subject)
        found: list[Counterfactual] = []
        if self.counterfactual_method == "nearest":
            proposed = self._nearest().propose(values, target)
            found = verify(self._predict_frame, self.table, self.class_names, values, proposed, target)
            method = (
                "nearest rows the model gives the target label, sparsified and moved closer "
                "(simxai's own search), each counterfactual re-checked with the model"
            )
        else:
            search = self._search()
            methods = []
            for name in ("random", "genetic"):
                methods.append(name)
                proposed = search.propose(values, target, count, name)
                for cf in verify(self._predict_frame, self.table, self.class_names, values, proposed, target):
                    if all(cf.changes != kept.changes for kept in found):
                        found.append(cf)
                if len(found) >= count:
                    break
            method = f"DiCE ({' then '.join(methods)} search), each counterfactual re-checked with the model"
        found = _diverse(found, count)
        fixed = f"; {', '.join(self.immutable_features)} kept fixed" if self.immutable_features else ""
        note = None
        if not found:
            note = (
                f"No change of {', '.join(self._mutable)} within their observed ranges was found that makes "
                f"the model predict {target_name}{fixed}."
            )
        elif len(found) < count:
            note = f"Only {len(found)} of the {count} requested counterfactuals were found{fixed}."
        return CounterfactualResult(
            **result,
            counterfactuals=found,
            method=method,
            note=note,
        )

    def still_this(self, subject: Subject) -> StillThisResult:
        """Per feature (others fixed), the range or categories that keep the prediction, checked by sampling.

        Ranges lie within the observed values (and the current one); the narrowest relative ranges come first.
        """
        self._resolver.single(subject, "what keeps the prediction")
        return self._results.get(("still", self._key(subject)), lambda: self._still(subject))

    def _still(self, subject: Subject) -> StillThisResult:
        frame = self._resolver.frame(subject)
        labels, proba = self._predict_frame(frame)
        label = int(labels[0])
        thresholds = self._thresholds()
        found = stable_ranges(
            self._predict_labels, self.table, frame, self._resolver.values(subject), label, thresholds, self.seed
        )
        check = "at every split threshold of the trees and at random points" if thresholds else "at random points"
        return StillThisResult(
            subject=subject,
            label=self.class_names[label],
            probability=float(proba[0, label]),
            ranges=found.ranges,
            samples_checked=found.checked,
            samples_kept=found.kept,
            method=f"one feature at a time on a {GRID_POINTS}-point grid over its observed range, checked {check}",
        )

    # ------------------------------------------------------------------------------------- cards

    def performance(self, metric: str, group: Subject | None = None) -> PerformanceResult:
        """Score the model on its held-out split, or on the split's rows in `group`; `metric` is one of `METRICS`.

        The rules for every metric (and a group that holds only some classes) are `simxai.hosts._metrics`'s.

        Raises:
            ArgumentError: an unknown metric, a subject that is no group of rows, a group with no held-out
                row, or roc_auc on rows that hold a single label.
        """
        check_metric(metric)
        ids = self._test_ids
        if group is None:
            scores, matrix = self._resource("performance", self._scores)
        else:
            ids = self._group_test_ids(group)
            scores, matrix = self._scores(ids)
        if metric == "roc_auc" and "roc_auc" not in scores:
            raise ArgumentError(
                "roc_auc is undefined: the held-out rows scored hold a single label",
                argument="metric",
                valid=", ".join(m for m in METRICS if m != "roc_auc"),
            )
        return PerformanceResult(
            metric=metric,
            value=scores.get(metric) if metric not in ("confusion_matrix", "all") else None,
            metrics=scores,
            labels=self.class_names,
            confusion_matrix=matrix if metric in ("confusion_matrix", "all") else None,
            split="held-out split",
            n=len(ids),
            group=group.condition if group is not None else None,
            nouns=plural(self.instance_noun),
        )

    def _group_test_ids(self, group: Subject) -> np.ndarray:
        """The held-out ids in `group`, in order."""
        if group.kind != "group" or group.ids is None:
            raise ArgumentError(
                f"a metric is measured on a group of {plural(self._resolver.noun)}, not on {group.description}",
                argument="group",
                valid=CONDITION_HELP,
            )
        # the group holds instance ids; the held-out split holds row positions (they differ with an id column)
        positions = self._resolver.positions(group)
        ids = np.intersect1d(self._test_ids, positions if positions is not None else np.array([], dtype=int))
        if len(ids) == 0:
            raise ArgumentError(
                f"none of the {len(self._test_ids)} held-out {plural(self._resolver.noun)} is in "
                f"{group.description}, so the model cannot be scored on them",
                argument="group",
                valid=f"a condition that some held-out {plural(self._resolver.noun)} match",
            )
        return ids

    def _scores(self, ids: np.ndarray | None = None) -> tuple[dict[str, float], list[list[int]]]:
        labels, proba = self._predictions()
        ids = self._test_ids if ids is None else ids
        return classification_scores(self._y[ids], labels[ids], proba[ids], len(self.class_names))

    def data_information(self, feature: str | None, group: Subject | None = None) -> DataInformationResult:
        """The data card, with one feature's statistics (and its mean per recorded label) when asked; with `group`,
        the group's size, recorded labels and the feature's statistics among its rows.

        Raises:
            ArgumentError: an unknown feature, with the closest names, or a group subject that holds no rows.
        """
        infos = [feature_info(self.table, f.name, None, self.class_names) for f in self.table.features]
        rows = None
        if group is not None:
            rows = self._resolver.positions(group) if group.kind == "group" else None
            if rows is None:
                raise ArgumentError(
                    f"a data description is of a group of {plural(self._resolver.noun)}, not {group.description}",
                    argument="group",
                    valid=CONDITION_HELP,
                )
        chosen = (
            feature_info(self.table, self.table.lookup(feature, "feature").name, self._y, self.class_names, rows)
            if feature
            else None
        )
        labels = self._y if rows is None else self._y[rows]
        return DataInformationResult(
            name=self.name,
            description=self.data_card.description or self._default_data_description(),
            n_rows=len(labels),
            target=self.target,
            class_balance=self._counts(labels),
            features=infos,
            feature=chosen,
            group=group.condition if group is not None else None,
            n_total=len(self.table) if group is not None else None,
            nouns=plural(self.instance_noun) if group is not None else None,
        )

    def _default_data_description(self) -> str:
        n = len(self.table)
        target = f" {self.data_card.target_description}" if self.data_card.target_description else ""
        return (
            f"The {self.name} data: {n} {self._resolver.nouns(n)}, each described by "
            f"{len(self.table.names)} features; "
            f"the target column {self.target} gives one of the labels {', '.join(self.class_names)}.{target}"
        )

    def model_information(self) -> ModelInformationResult:
        """The model card: type, scalar hyper-parameters, training and evaluation, strengths, limitations.

        Strengths and limitations the card leaves out are generated from the held-out predictions.
        """
        card = self.model_card
        n, n_test = len(self.table), len(self._test_ids)
        evaluation = (
            f"Its performance is measured on a held-out split of {n_test} of the {n} "
            f"{self._resolver.nouns(n)} "
            f"({self._split_text})."
        )
        scores, _ = self._resource("performance", self._scores)
        strengths, limitations = assessment(
            scores["accuracy"], self._y[self._test_ids], self._resolver.nouns(len(self._test_ids))
        )
        kind = model_type(self.model)
        return ModelInformationResult(
            name=self.name,
            model_type=kind,
            description=card.description
            or f"It predicts {self.target} ({', '.join(self.class_names)}) from {len(self.table.names)} features.",
            hyperparameters=hyperparameters(self.model),
            training=f"{card.training} {evaluation}" if card.training else f"not described. {evaluation}",
            strengths=card.strengths if card.strengths is not None else strengths,
            limitations=card.limitations if card.limitations is not None else limitations,
        )

    def output_information(self) -> OutputInformationResult:
        """The output card: each label with its meaning, and what the probability means."""
        card = self.output_card
        labels = []
        for i, name in enumerate(self.class_names):
            raw = scalar(list(self._class_position)[i])
            default = f"the model predicts the recorded {self.target} value {raw!r}"
            labels.append(LabelInfo(name=name, meaning=card.label_meanings.get(name, default)))
        return OutputInformationResult(
            labels=labels,
            probability_meaning=card.probability_meaning
            or "Each probability is the model's score for a label (from predict_proba); the scores of all "
            "labels sum to 1. They are the model's own scores and are not guaranteed to be calibrated.",
        )
