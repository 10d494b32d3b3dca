"""The text host's SHAP word attributions: of a text, a group's mean, and over a sample of its data set."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from simxai.exceptions import HostError
from simxai.hosts.text._instances import TextInstances
from simxai.hosts.text._shap import _Shap, word_attributions
from simxai.results import Attribution, GlobalExplanationResult, Importance, LocalExplanationResult, Subject

_GROUP_TOP = 100  # a group explanation lists this many words; the rest are summed into "(other words)"


class TextExplanations(TextInstances):
    """Word attributions of a subject and the global word importances, cached per text."""

    def _attributions(self, text: str) -> _Shap:
        cached = self._shap_cache.lookup(text)
        if cached is not None:
            return cached
        result = word_attributions(
            text,
            self.predict_proba,
            self._call_model,
            self.class_names,
            exact_max_words=self._exact_max_words,
            seed=self._seed,
            max_evals=self._max_evals,
        )
        self._shap_cache.put(text, result)
        return result

    def local_explanation(self, subject: Subject, label: str | None) -> LocalExplanationResult:
        """Attribute the probability of `label` (default: the predicted one) to the words of the text.

        For a group, each word's contribution is its summed contribution within a text, averaged over all
        texts of the group (0 where it is absent), so that the mean base value plus the contributions still
        equals the mean probability. Words that contribute nothing are left out, the 100 largest are listed
        and the rest are summed as "(other words)".
        """
        texts = self._subject_texts(subject)
        probs = self.predict_proba(texts)
        if subject.kind == "group":
            predicted, _ = self._group_prediction(probs)
        else:
            predicted = self._label(probs[0])
        k = self._label_index(label if label is not None else predicted)
        explained = [self._attributions(t) for t in texts]
        if subject.kind != "group":
            shap_values = explained[0]
            attributions = [
                Attribution(feature=w, contribution=float(v))
                for w, v in zip(shap_values.words, shap_values.values[:, k], strict=True)
            ]
            method = shap_values.method
        else:
            totals: dict[str, float] = defaultdict(float)
            for shap_values in explained:
                for w, v in zip(shap_values.words, shap_values.values[:, k], strict=True):
                    totals[w.lower()] += float(v) / len(texts)
            # Words that never contribute (to a lexicon model, most words) are left out; they sum to 0.
            ranked = sorted(
                ((w, v) for w, v in totals.items() if abs(v) > 1e-12),
                key=lambda item: abs(item[1]),
                reverse=True,
            )
            attributions = [Attribution(feature=w, contribution=v) for w, v in ranked[:_GROUP_TOP]]
            if len(ranked) > _GROUP_TOP:
                rest = sum(v for _, v in ranked[_GROUP_TOP:])
                attributions.append(Attribution(feature="(other words)", contribution=rest))
            method = "SHAP over words, mean over the group"
        return LocalExplanationResult(
            subject=subject,
            label=self.class_names[k],
            predicted_label=predicted,
            probability=float(probs[:, self._label_index(predicted)].mean()),
            base_value=float(np.mean([e.base[k] for e in explained])),
            output=float(np.mean([e.output[k] for e in explained])),
            output_space="probability",
            method=method,
            attributions=attributions,
        )

    def global_explanation(self, label: str | None) -> GlobalExplanationResult:
        """Rank words by mean absolute SHAP contribution over a seeded sample of the data set.

        A word's contribution in a text is the sum over its occurrences; texts without the word count as 0.
        The default label is the positive class (the second) of a binary model, else the first class.
        """
        if not self._texts:
            raise HostError("this host has no data set to compute a global explanation on")
        k = self._label_index(label) if label is not None else (1 if len(self.class_names) == 2 else 0)
        name = self.class_names[k]
        # Built once per label, through the same resources as the metrics: the start-up work and a question
        # asking meanwhile share one build instead of computing it twice.
        result = self._resource(f"global explanation {name}", lambda: self._global(k))
        if label is None and len(self.class_names) > 2:
            return result.model_copy(update={"default_reason": "the first of the model's labels"})
        return result

    def _global(self, k: int) -> GlobalExplanationResult:
        """The global explanation for label index `k` (uncached; `global_explanation` keeps it)."""
        name = self.class_names[k]
        rng = np.random.default_rng(self._seed)
        size = min(self._global_sample_size, len(self._texts))
        sample = sorted(rng.choice(len(self._texts), size=size, replace=False).tolist())
        absolute: dict[str, float] = defaultdict(float)
        signed: dict[str, float] = defaultdict(float)
        for row in sample:
            per_text: dict[str, float] = defaultdict(float)
            shap_values = self._attributions(self._texts[row])
            for w, v in zip(shap_values.words, shap_values.values[:, k], strict=True):
                per_text[w.lower()] += float(v)
            for w, v in per_text.items():
                absolute[w] += abs(v) / size
                signed[w] += v / size
        ranked = sorted((w for w in absolute if absolute[w] > 0), key=lambda w: absolute[w], reverse=True)
        result = GlobalExplanationResult(
            label=name,
            method="SHAP",
            n_samples=size,
            importances=[
                Importance(feature=w, importance=absolute[w], mean_contribution=signed[w]) for w in ranked[:20]
            ],
        )
        return result
