"""The text host's performance on its labelled data and its data, model and output cards."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from simxai.exceptions import ArgumentError, HostError
from simxai.hosts._metrics import check_metric, classification_scores
from simxai.hosts.text._base import _LENGTH, _LENGTH_ALIASES
from simxai.hosts.text._instances import TextInstances
from simxai.instances import closest
from simxai.results import (
    DataInformationResult,
    FeatureInfo,
    LabelInfo,
    ModelInformationResult,
    OutputInformationResult,
    PerformanceResult,
    Subject,
    format_number,
)


class TextInformation(TextInstances):
    """Performance (of the scored texts or a group's) and the data, model and output cards."""

    def performance(self, metric: str, group: Subject | None = None) -> PerformanceResult:
        """Score the model on the held-out split (all labelled data if the model was not trained on it).

        Binary: precision, recall, f1 and ROC AUC take the second class as positive. More classes: macro
        averages over the classes the texts scored hold, and one-vs-rest ROC AUC over their recorded labels
        (`simxai.hosts._metrics` states the rules). With `group` (a group subject from `resolve`), only the
        split's texts in the group are scored.
        """
        check_metric(metric)
        if not self._eval_ids:
            raise HostError("this host has no labelled data to measure performance on")
        ids = self._eval_ids
        if group is None:
            scores, matrix = self._resource("performance", self._scores)
        else:
            if group.kind != "group" or group.ids is None:
                raise ArgumentError(
                    f"a metric is measured on a group of {self._plural}, not on {group.description}",
                    argument="group",
                    valid=self._fields.valid(quoted=False),
                )
            chosen = set(group.ids)
            ids = [i for i in self._eval_ids if i in chosen]
            if not ids:
                raise ArgumentError(
                    f"none of the {len(self._eval_ids)} {self._plural} scored is in {group.description}",
                    argument="group",
                    valid=f"a condition that some of the scored {self._plural} match",
                )
            scores, matrix = self._scores(ids)
        if metric == "roc_auc" and "roc_auc" not in scores:
            raise HostError(f"ROC AUC is undefined: the {self._plural} scored hold a single recorded label")
        return PerformanceResult(
            metric=metric,
            value=scores.get(metric),
            metrics=scores,
            labels=self.class_names,
            confusion_matrix=matrix,
            split=self._split,
            n=len(ids),
            group=group.condition if group is not None else None,
            nouns=self._plural,
        )

    def _scores(self, ids: Sequence[int] | None = None) -> tuple[dict[str, float], list[list[int]]]:
        """Every metric and the confusion matrix on `ids` (default: the evaluation ids); the label predicted
        for a text is its most probable class.
        """
        ids = self._eval_ids if ids is None else ids
        position = {name: i for i, name in enumerate(self.class_names)}
        y_true = np.array([position[self._labels[i]] for i in ids], dtype=int)
        probs = self.predict_proba([self._texts[i] for i in ids])
        return classification_scores(y_true, probs.argmax(axis=1), probs, len(self.class_names))

    def data_information(self, feature: str | None, group: Subject | None = None) -> DataInformationResult:
        """The data card: rows, class balance, the text and its length in words (by label); of `group`'s texts."""
        if not self._texts:
            raise HostError("this host has no data set to describe")
        rows = list(range(len(self._texts)))
        if group is not None:
            if group.kind != "group" or not group.ids:
                raise ArgumentError(
                    f"a data description is of a group of {self._plural}, not {group.description}",
                    argument="group",
                    valid=self._fields.valid(),
                )
            rows = list(group.ids)
        lengths = self._lengths()[rows]
        labels = [self._labels[i] for i in rows]
        by_label = {c: float(lengths[[lab == c for lab in labels]].mean()) for c in self.class_names if c in labels}
        infos = {
            "text": FeatureInfo(name="text", type="text", description=self._data_card.text_description),
            _LENGTH: FeatureInfo(
                name=_LENGTH,
                type="numeric",
                description=f"the number of words in a {self.instance_noun} (a statistic, not a model input)",
                min=float(lengths.min()),
                max=float(lengths.max()),
                mean=float(lengths.mean()),
                std=float(lengths.std(ddof=1)) if len(lengths) > 1 else 0.0,
                mean_by_label=by_label,
            ),
        }
        selected = None
        if feature is not None:
            key = feature.strip().lower().replace(" ", "_").replace("-", "_")
            key = _LENGTH if key in _LENGTH_ALIASES else key
            if key not in infos:
                raise ArgumentError(
                    f"unknown feature {feature!r}",
                    argument="feature",
                    valid=", ".join(infos),
                    suggestions=closest(key, list(infos)),
                )
            selected = infos[key]
        return DataInformationResult(
            name=self._data_card.name,
            description=self._data_card.description,
            n_rows=len(rows),
            target=self._data_card.target,
            class_balance={c: labels.count(c) for c in self.class_names},
            features=list(infos.values()),
            feature=selected,
            group=group.condition if group is not None else None,
            n_total=len(self._texts) if group is not None else None,
            nouns=self._plural if group is not None else None,
        )

    def model_information(self) -> ModelInformationResult:
        """The model card, with the accuracy measured on the held-out split appended."""
        card = self._model_card
        description = card.description
        if self._eval_ids:
            scores, _ = self._resource("performance", self._scores)
            description += (
                f" Measured on the {self._split} ({len(self._eval_ids)} {self._plural}), "
                f"its accuracy is {format_number(scores['accuracy'])}."
            )
        return ModelInformationResult(
            name=self.name,
            model_type=card.model_type,
            description=description,
            hyperparameters=card.hyperparameters,
            training=card.training,
            strengths=card.strengths,
            limitations=card.limitations,
        )

    def output_information(self) -> OutputInformationResult:
        """The output card: each label's meaning and what the probability means."""
        meanings = self._output_card.label_meanings
        return OutputInformationResult(
            labels=[LabelInfo(name=c, meaning=meanings.get(c, f"the class {c!r}")) for c in self.class_names],
            probability_meaning=self._output_card.probability_meaning,
        )
