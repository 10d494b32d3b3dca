"""The tabular host's SHAP explanations: a subject's attributions and the global feature importances."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from simxai.hosts._tabular_base import _CHUNK, TabularBase
from simxai.hosts._tabular_families import OutputSpace, exact_output, output_space, split_model
from simxai.hosts._tabular_shap import Attributions, Attributor, Known, fits
from simxai.results import Attribution, GlobalExplanationResult, Importance, LocalExplanationResult, Subject

#: Rows averaged for the global explanation and for a group's mean attribution, with an exact explainer
#: (tree, linear) and with the model-agnostic one, which costs about 0.1 s per row, hence its smaller samples.
GLOBAL_SAMPLE = 200
EXACT_GROUP_SAMPLE = 2000
AGNOSTIC_GLOBAL_SAMPLE = 50
AGNOSTIC_GROUP_SAMPLE = 50


class TabularExplanations(TabularBase):
    """Local and global SHAP explanations, from the model's outputs over the table and a cached explainer."""

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
        if label is not None:
            k = self._label_index(label, "label")
            return self._results.get(("global", k), lambda: self._global(k))
        if len(self.class_names) == 2:
            return self._results.get(("global", 1), lambda: self._global(1))
        k = self._majority(self._predictions()[0])
        reason = {"default_reason": "the label the model predicts most often"}
        return self._results.get(
            ("global default", k),
            lambda: self._results.get(("global", k), lambda: self._global(k)).model_copy(update=reason),
        )

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
