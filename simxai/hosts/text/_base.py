"""`TextBase`: the text host's state and its model calls (batched, charged to the call's budget, cached per
text); the host's jobs (`_instances`, `_explanations`, `_changes`, `_information`) build on it and
`_host.TextHost` puts them together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np

from simxai.exceptions import ArgumentError, HostError
from simxai.hosts import _imports
from simxai.hosts._cache import LRUCache, Resources
from simxai.hosts.text._cards import TextDataCard, TextModelCard, TextOutputCard
from simxai.hosts.text._conditions import ConditionFields
from simxai.hosts.text._search import WordEdits
from simxai.hosts.text._shap import _Shap
from simxai.hosts.text._words import _WORD, _normalise
from simxai.instances import closest
from simxai.results import Counterfactual
from simxai.work import charge

_LENGTH = "text_length_words"  # the data card's statistic of a text, which conditions may compare too
_LENGTH_ALIASES = ("length", "text_length", "words", "word_count", "number_of_words", "length_words")
_BATCH = 16  # texts per model call, and per charge to the call's budget

T = TypeVar("T")


class TextBase:
    """A text host's state and model calls, which each of its jobs reads (`TextHost` states the arguments)."""

    def __init__(
        self,
        predict_proba: Callable[[Sequence[str]], np.ndarray],
        class_names: Sequence[str],
        *,
        name: str,
        instance_noun: str = "text",
        dataset: Sequence[tuple[str, str]] = (),
        test_ids: Sequence[int] | None = None,
        data_card: TextDataCard | None = None,
        model_card: TextModelCard | None = None,
        output_card: TextOutputCard | None = None,
        substitutes: Callable[[str], Sequence[str]] | None = None,
        insertions: Sequence[str] = (),
        seed: int = 0,
        exact_max_words: int = 10,
        global_sample_size: int = 60,
        max_evals: int = 500,
        max_edits: int = 3,
        beam_width: int = 5,
        max_words: int = 300,
    ) -> None:
        if len(class_names) < 2 or len(set(class_names)) != len(class_names):
            raise HostError(f"a text host needs at least two distinct class names, got {list(class_names)}")
        if not _imports.shap_installed():
            raise HostError(f"the {name} host explains with shap, which is not installed: pip install 'simxai[shap]'")
        self.name = name
        self.class_names = list(class_names)
        self.instance_noun = instance_noun
        self._predict_proba = predict_proba
        self._texts = [_normalise(text) for text, _ in dataset]
        self._labels = [label for _, label in dataset]
        unknown = sorted(set(self._labels) - set(self.class_names))
        if unknown:
            raise HostError(f"the data set has labels {unknown} that are not class names {self.class_names}")
        if any(not text for text in self._texts):
            raise HostError("the data set has an empty text")
        if test_ids is None:
            self._eval_ids = list(range(len(self._texts)))
            self._split = "labelled data, which the model was not trained on"
        else:
            self._eval_ids = sorted(set(int(i) for i in test_ids))
            if any(not 0 <= i < len(self._texts) for i in self._eval_ids):
                raise HostError(f"test_ids must be ids of the data set (0 to {len(self._texts) - 1})")
            self._split = "held-out test split"
        self._data_card = data_card or TextDataCard(
            name=name, description=f"The labelled {self._plural} attached to this host."
        )
        self._model_card = model_card or TextModelCard(
            model_type="text classifier",
            description="No model card was provided for this classifier.",
            training="Not documented.",
        )
        self._output_card = output_card or TextOutputCard(
            label_meanings={},
            probability_meaning="Each probability is the classifier's probability for that label; "
            "the predicted label is the most probable one.",
        )
        self._fields = ConditionFields.of(
            target=self._data_card.target,
            class_names=self.class_names,
            statistics={_LENGTH: _LENGTH_ALIASES},
            noun=self.instance_noun,
        )
        self._edits = WordEdits(
            substitutes=substitutes or (lambda word: ()),
            has_substitutes=substitutes is not None,
            insertions=tuple(insertions),
            max_edits=max_edits,
            beam_width=beam_width,
        )
        self._seed = seed
        self._exact_max_words = exact_max_words
        self._global_sample_size = global_sample_size
        self._max_evals = max_evals
        self._max_edits = max_edits
        if max_words < 1:
            raise HostError(f"max_words must be at least 1, got {max_words}")
        self.max_words = max_words
        self._proba_cache: LRUCache[str, np.ndarray] = LRUCache(50_000)
        self._shap_cache: LRUCache[str, _Shap] = LRUCache(5000)
        self._cf_cache: LRUCache[tuple[str, str, int], tuple[list[Counterfactual], int]] = LRUCache(5000)
        self._lazy = Resources()

    # -- model calls -------------------------------------------------------------------------------

    @property
    def _plural(self) -> str:
        return f"{self.instance_noun}s"

    def _call_model(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, len(self.class_names)))
        # In batches, each charged to the call's budget: the call stops within one batch of its budget
        # running out or its caller going away.
        parts = []
        for start in range(0, len(texts), _BATCH):
            batch = list(texts[start : start + _BATCH])
            charge(len(batch))
            parts.append(np.asarray(self._predict_proba(batch), dtype=float))
        out = np.concatenate(parts) if len(parts) > 1 else parts[0]
        expected = (len(texts), len(self.class_names))
        if out.shape != expected or not np.all(np.isfinite(out)):
            raise HostError(f"predict_proba returned an array of shape {out.shape}; expected {expected}, finite")
        return out

    def predict_proba(self, texts: Sequence[str]) -> np.ndarray:
        """The class probabilities of `texts` (whitespace-normalised, cached per text)."""
        texts = [_normalise(t) for t in texts]
        rows = {t: self._proba_cache.lookup(t) for t in texts}
        missing = [t for t, row in rows.items() if row is None]
        for text, row in zip(missing, self._call_model(missing), strict=True):
            rows[text] = row
            self._proba_cache.put(text, row)
        return np.array([rows[t] for t in texts]).reshape(len(texts), len(self.class_names))

    def _resource(self, key: str, build: Callable[[], T]) -> T:
        """Build a resource that depends only on the data set and model once, even when threads ask at once.

        A build that raises stores nothing, so the next call raises the same error again.
        """
        return self._lazy.get(key, build)

    def _lengths(self) -> np.ndarray:
        """The number of words in each text of the data set."""
        return self._resource("lengths", lambda: np.array([len(_WORD.findall(t)) for t in self._texts], dtype=float))

    def _label(self, probabilities: np.ndarray) -> str:
        return self.class_names[int(np.argmax(probabilities))]

    def _probabilities(self, probabilities: np.ndarray) -> dict[str, float]:
        return {c: float(p) for c, p in zip(self.class_names, probabilities, strict=True)}

    def _label_index(self, label: str) -> int:
        for i, name in enumerate(self.class_names):
            if name.lower() == label.strip().lower():
                return i
        raise ArgumentError(
            f"unknown label {label!r}",
            argument="label",
            valid=", ".join(self.class_names),
            suggestions=closest(label, self.class_names),
        )

    def _group_prediction(self, probs: np.ndarray) -> tuple[str, dict[str, int]]:
        labels = [self._label(p) for p in probs]
        counts = {c: labels.count(c) for c in self.class_names}
        return max(self.class_names, key=lambda c: counts[c]), counts
