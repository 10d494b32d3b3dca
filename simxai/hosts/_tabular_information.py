"""The tabular host's performance on its held-out split and its data, model and output cards."""

from __future__ import annotations

import numpy as np

from simxai.exceptions import ArgumentError
from simxai.hosts._metrics import check_metric, classification_scores
from simxai.hosts._tabular_base import TabularBase
from simxai.hosts._tabular_cards import assessment, feature_info, hyperparameters, model_type, scalar
from simxai.hosts._tabular_unseen import unseen_in_data
from simxai.hosts.base import METRICS, plural
from simxai.instances import CONDITION_HELP
from simxai.results import (
    DataInformationResult,
    LabelInfo,
    ModelInformationResult,
    OutputInformationResult,
    PerformanceResult,
    Subject,
)


class TabularInformation(TabularBase):
    """Held-out performance (of the whole split or a group's rows) and the data, model and output cards."""

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
            description=(self.data_card.description or self._default_data_description()) + self.filled.sentence(),
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
        # The target's description is a phrase ("whether the customer cancelled"): said beside the column's name.
        described = (self.data_card.target_description or "").strip().rstrip(".")
        target = f" ({described})" if described else ""
        return (
            f"The {self.name} data: {n} {self._resolver.nouns(n)}, each described by "
            f"{len(self.table.names)} features; "
            f"the target column {self.target}{target} gives one of the labels {', '.join(self.class_names)}."
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
            # a fact of the model's structure, beside the card's own words or the generated ones
            limitations=(card.limitations if card.limitations is not None else limitations)
            + [f"the data holds {p}" for p in unseen_in_data(self.unseen_known, self.table.features, self.table.X)],
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
