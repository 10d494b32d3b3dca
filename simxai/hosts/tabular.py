"""`TabularHost`: the `Host` protocol for a scikit-learn classifier over a table.

Instance ids are the row positions 0..n-1 of the hosted table, or the values of a declared id column.
Attributions come from the fastest exact SHAP explainer for the model's family (`_tabular_shap`),
counterfactuals from the project's own search (`_tabular_search`) or DiCE; every number the host reports
about the model (a counterfactual's label, a still-this range, a what-if prediction) is re-checked with the
model itself before it is returned. Explainers are built on first use (or by `warm` at start-up) and reused;
results per instance are cached.
"""

from __future__ import annotations

from collections.abc import Callable

from simxai.hosts._memory import release_free_memory
from simxai.hosts._tabular_cards import DataCard, ModelCard, OutputCard
from simxai.hosts._tabular_changes import TabularChanges
from simxai.hosts._tabular_checks import stratified_split
from simxai.hosts._tabular_explanations import GLOBAL_SAMPLE, TabularExplanations
from simxai.hosts._tabular_information import TabularInformation
from simxai.results import PredictionResult, Subject

__all__ = ["GLOBAL_SAMPLE", "DataCard", "ModelCard", "OutputCard", "TabularHost", "stratified_split"]


class TabularHost(TabularExplanations, TabularChanges, TabularInformation):
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
        return self._predicted(subject)
