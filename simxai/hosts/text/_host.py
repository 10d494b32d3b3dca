"""A text classifier as a SimXAI host: SHAP word attributions, verified word-edit counterfactuals, cards.

Instances are texts. A host may carry a labelled data set `(text, label)`; its rows are the instances a user
can refer to by number (the 0-based position), and conditions such as ``"label = positive"``,
``"prediction = negative"``, ``"id < 10"`` or ``"text_length_words > 9"`` select groups of them
(`simxai.hosts.text._conditions` states which strings are conditions and which are texts).

Explanations work on words. A word is a run of letters or digits, with inner apostrophes ("isn't" is one
word). For SHAP a word owns the punctuation and space that follow it (the first word also owns anything
before it), and a removed word is replaced by shap's mask token "...". Every text is whitespace-normalised
when it enters the host, so that the text with no word removed is exactly the text the model predicted.
"""

from __future__ import annotations

import operator
import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeVar

import numpy as np

from simxai.exceptions import ArgumentError, HostError
from simxai.hosts import _imports
from simxai.hosts._cache import LRUCache, Resources
from simxai.hosts._metrics import check_metric, classification_scores
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema, InstanceRef, Selection
from simxai.hosts.text._cards import TextDataCard, TextModelCard, TextOutputCard
from simxai.hosts.text._conditions import ConditionFields, read_condition
from simxai.hosts.text._search import WordEdits
from simxai.hosts.text._shap import _Shap, word_attributions
from simxai.hosts.text._words import _WORD, _Edit, _match_case, _normalise, _shorten, _unquote, _Words, words_of
from simxai.instances import CONDITION_HELP, Clause, closest, parse_condition
from simxai.results import (
    Attribution,
    Change,
    Counterfactual,
    CounterfactualResult,
    DataInformationResult,
    FeatureInfo,
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
    TextEdit,
    WhatIfResult,
    format_number,
)
from simxai.textbounds import MAX_DIGITS
from simxai.work import charge

__all__ = ["TextHost"]

_OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    "=": operator.eq,
    "!=": operator.ne,
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
}
_LENGTH = "text_length_words"  # the data card's statistic of a text, which conditions may compare too
_LENGTH_ALIASES = ("length", "text_length", "words", "word_count", "number_of_words", "length_words")
_GROUP_TOP = 100  # a group explanation lists this many words; the rest are summed into "(other words)"
_SUBSTITUTES_PER_WORD = 4
_MAX_KEPT_EDITS = 12
_BATCH = 16  # texts per model call, and per charge to the call's budget
#: What `warm` explains once, with shap's partition explainer, so that its numba code is compiled at start-up.
_WARM_TEXT = "a short text that the explainer is run on once when the host starts"

T = TypeVar("T")


class TextHost:
    """A text classifier with its XAI resources (implements the `Host` protocol, kind "text").

    Args:
        predict_proba: Maps a batch of texts to an (n, n_classes) array of class probabilities. The predicted
            label is the most probable class; ties go to the class listed first.
        class_names: The labels, in the column order of `predict_proba`. For two classes the second is the
            positive class of precision, recall, f1 and ROC AUC.
        name: The host's name.
        instance_noun: What one instance is called ("review"), in descriptions and ids ("review 12").
        dataset: Labelled texts `(text, label)`; their 0-based positions are the ids users may refer to.
        test_ids: The ids of the held-out split on which performance is measured. Leave it out only when the
            classifier was not trained on `dataset`: then performance is measured on all of it.
        data_card: What the data set is.
        model_card: What the classifier is.
        output_card: What the labels and probabilities mean.
        substitutes: Candidate replacement words for a word (e.g. its antonyms), used by counterfactual
            search and by what may change while the prediction stays.
        insertions: Words counterfactual search may insert before a word (e.g. "not").
        seed: Seeds the data sample of the global explanation and shap's partition explainer.
        exact_max_words: Texts with at most this many words get exact Shapley values (2**n model calls);
            longer ones get shap's partition explainer.
        global_sample_size: How many data set texts the global explanation averages over.
        max_evals: The model-call budget of the partition explainer per text.
        max_edits: The most word edits one counterfactual may make.
        beam_width: How many partial edit sets counterfactual search extends at each step.
        max_words: The longest text (in words) an instance may be; a longer one is refused with an
            `ArgumentError` (422 in the server). Explanations cost about the square of a text's length.
    """

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

    # -- start-up work -----------------------------------------------------------------------------

    def warm(self, progress: Callable[[str, int, int], None] | None = None) -> None:
        """Do the one-time work the first questions would otherwise wait for; safe in a background thread.

        In order: import shap and run one partition explanation of a short fixed text (so that shap's numba
        code is compiled; the result is not kept), predict every text of the data set, the held-out metrics,
        the data set's word counts, and the global explanation. Each is built once; a question asking for one
        while it is built builds or waits for it as it would without this.

        Args:
            progress: called before each step with (step name, steps done, steps in all), and once at the end
                with ("ready", n, n). It may raise to stop the work before the step it is told of.
        """
        steps: list[tuple[str, Callable[[], object]]] = [
            ("loading shap", self._import_shap),
            ("compiling the explainer", self._first_explanation),
        ]
        if self._texts:
            steps.append(("predicting every text", lambda: self.predict_proba(self._texts)))
            if self._eval_ids:
                steps.append(("held-out metrics", lambda: self._resource("performance", self._scores)))
            steps += [("data statistics", self._lengths), ("global explanation", lambda: self.global_explanation(None))]
        for done, (name, step) in enumerate(steps):
            if progress is not None:
                progress(name, done, len(steps))
            step()
        if progress is not None:
            progress("ready", len(steps), len(steps))

    def _import_shap(self) -> None:
        from simxai.hosts._imports import import_shap

        import_shap()

    def _first_explanation(self) -> _Shap:
        """Explain `_WARM_TEXT` once with shap's partition explainer, which compiles its numba code."""
        return word_attributions(
            _WARM_TEXT,
            self.predict_proba,
            self._call_model,
            self.class_names,
            exact_max_words=0,
            seed=self._seed,
            max_evals=self._max_evals,
        )

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

    # -- schema and instances ----------------------------------------------------------------------

    def schema(self) -> HostSchema:
        """Describe the one input (the text), the labels, the id range and the metrics."""
        return HostSchema(
            name=self.name,
            kind="text",
            instance_noun=self.instance_noun,
            class_names=self.class_names,
            features=[
                FeatureSchema(
                    name="text",
                    type="text",
                    description=f"the {self.instance_noun}; what-if may replace it or any of its words",
                )
            ],
            id_range=(0, len(self._texts) - 1) if self._texts else None,
        )

    def resolve(self, instance: InstanceRef) -> Subject:
        """Turn a text, an id, `{"text": ...}` or a condition into a subject.

        A condition compares label (or the data card's target), prediction, id or text_length_words; a string
        that reads as a condition on another field is an error, never a text (see `_conditions`).
        """
        if isinstance(instance, bool):
            raise ArgumentError("an instance cannot be true/false", argument="instance", valid=self._valid_refs())
        if isinstance(instance, int):
            return self._row(instance)
        if isinstance(instance, Mapping):
            if set(instance) == {"text"} and isinstance(instance["text"], str):
                return self._text(instance["text"])
            if set(instance) == {"id"} and isinstance(instance["id"], int) and not isinstance(instance["id"], bool):
                return self._row(instance["id"])
            raise ArgumentError(
                f"a {self.instance_noun} has no feature values; got the keys {sorted(instance)}",
                argument="instance",
                valid='{"text": <the text>} or ' + self._valid_refs(),
            )
        if isinstance(instance, str):
            selection = self.select(instance)
            if selection.subject is None:
                raise ArgumentError(
                    f"no {self.instance_noun} matches {selection.condition!r}",
                    argument="instance",
                    valid=self._valid_refs(),
                )
            return selection.subject
        raise ArgumentError(
            f"cannot use a {type(instance).__name__} as an instance",
            argument="instance",
            valid=self._valid_refs(),
        )

    def select(self, reference: str) -> Selection:
        """Read a reference in words as `resolve` does (an id, a condition, else a text); a condition no text meets
        is a selection without subject.

        Raises:
            ArgumentError: an unknown id, a condition this host cannot read, or a text it cannot take.
        """
        # One space between words, so the patterns below never backtrack over a long run of spaces.
        stripped = _normalise(reference)
        id_ref = re.fullmatch(
            rf"(?:#|id ?[:=]? ?|{re.escape(self.instance_noun)} ?#? ?)?(-?\d{{1,{MAX_DIGITS}}})",
            stripped,
            re.IGNORECASE,
        )
        if id_ref:
            return Selection(subject=self._row(int(id_ref.group(1))))
        condition = read_condition(stripped, self._fields, self._plural)
        if condition is not None:
            return self._group(condition)
        return Selection(subject=self._text(stripped))

    def describes_groups(self) -> bool:
        """True: `data_information` describes a group's texts."""
        return True

    def _valid_refs(self) -> str:
        ids = f"an id from 0 to {len(self._texts) - 1}, " if self._texts else ""
        return f"{ids}a text, or {self._fields.valid(quoted=False)}"

    def _text(self, text: str) -> Subject:
        text = _normalise(_unquote(text))
        if not text:
            raise ArgumentError(
                f"the {self.instance_noun} is empty",
                argument="instance",
                valid=f"a non-empty {self.instance_noun}",
            )
        words = len(words_of(text))
        if words > self.max_words:
            raise ArgumentError(
                f"the {self.instance_noun} has {words} words; this host explains {self._plural} of at most "
                f"{self.max_words} words",
                argument="instance",
                valid=f"a {self.instance_noun} of at most {self.max_words} words",
            )
        return Subject(kind="text", description=f'the {self.instance_noun} "{_shorten(text)}"', text=text)

    def _checked_id(self, row: int) -> int:
        """`row`, once checked to be an id of the data set (raises, naming the valid range, if not)."""
        if not self._texts:
            raise ArgumentError(
                f"{self.instance_noun} ids are not available: this host has no data set",
                argument="instance",
                valid=f"the {self.instance_noun} itself, as a string",
            )
        if not 0 <= row < len(self._texts):
            raise ArgumentError(
                f"there is no {self.instance_noun} {row}",
                argument="instance",
                valid=f"an id from 0 to {len(self._texts) - 1}",
            )
        return row

    def _row(self, row: int) -> Subject:
        text = self._texts[self._checked_id(row)]
        return Subject(kind="row", description=f'{self.instance_noun} {row} ("{_shorten(text)}")', id=row, text=text)

    def _group(self, condition: str) -> Selection:
        if not self._texts:
            raise ArgumentError(
                f"this host has no data set, so no group of {self._plural} can be selected",
                argument="instance",
                valid=f"one {self.instance_noun}, as a string",
            )
        # Conditions may use label, prediction, id and the data card's statistics: the words of a text are
        # not features. `read_condition` has given each field its canonical name.
        schema = self.schema().model_copy(
            update={"features": [FeatureSchema(name=_LENGTH, type="numeric", aliases=list(_LENGTH_ALIASES))]}
        )
        try:
            clauses = parse_condition(condition, schema)
        except ArgumentError as exc:
            # The parser's own `valid` names a value (the labels, "a number") or else its tabular example.
            own = exc.valid and CONDITION_HELP not in exc.valid
            raise ArgumentError(
                str(exc),
                argument="instance",
                valid=f"{exc.valid}; {self._fields.quoted()}" if own else self._fields.valid(),
                suggestions=exc.suggestions,
            ) from None
        if any(c.field == "prediction" for c in clauses):
            self.predict_proba(self._texts)  # one batched model call, cached for `_matches`
        ids = [i for i in range(len(self._texts)) if all(self._matches(i, c) for c in clauses)]
        text = " and ".join(c.text() for c in clauses)
        fields = list(dict.fromkeys(c.field for c in clauses))
        if not ids:
            return Selection(subject=None, condition=text, fields=fields)
        description = f"the {len(ids)} {self._plural} with {text}" if clauses else f"all {len(ids)} {self._plural}"
        group = Subject(
            kind="group", description=description, condition=text or "all", size=len(ids), ids=ids, nouns=self._plural
        )
        return Selection(subject=group, condition=group.condition, fields=fields)

    def _matches(self, row: int, clause: Clause) -> bool:
        if clause.field == "label":
            value: Any = self._labels[row]
        elif clause.field == "prediction":
            value = self._label(self.predict_proba([self._texts[row]])[0])
        elif clause.field == _LENGTH:
            value = float(self._lengths()[row])
        else:
            value = float(row)
        return _OPERATORS[clause.op](value, clause.value)

    def _subject_texts(self, subject: Subject) -> list[str]:
        if subject.kind == "group":
            if not subject.ids:
                raise ArgumentError("the group is empty", argument="instance", valid=self._valid_refs())
            return [self._texts[self._checked_id(i)] for i in subject.ids]
        if subject.kind == "row" and subject.id is not None:
            return [self._texts[self._checked_id(subject.id)]]
        if subject.kind == "text" and subject.text:
            return [_normalise(subject.text)]
        raise ArgumentError(
            f"a text host cannot use {subject.description}", argument="instance", valid=self._valid_refs()
        )

    def _one_text(self, subject: Subject, what: str) -> str:
        if subject.kind == "group":
            raise ArgumentError(
                f"{what} needs one {self.instance_noun}, but {subject.description} selects {subject.size}",
                argument="instance",
                valid=f"one id or one {self.instance_noun}",
            )
        return self._subject_texts(subject)[0]

    # -- predictions -------------------------------------------------------------------------------

    def _group_prediction(self, probs: np.ndarray) -> tuple[str, dict[str, int]]:
        labels = [self._label(p) for p in probs]
        counts = {c: labels.count(c) for c in self.class_names}
        return max(self.class_names, key=lambda c: counts[c]), counts

    def predict(self, subject: Subject) -> PredictionResult:
        """Predict the label and probabilities of a text; for a group, label counts and mean probabilities."""
        probs = self.predict_proba(self._subject_texts(subject))
        if subject.kind == "group":
            majority, counts = self._group_prediction(probs)
            return PredictionResult(
                subject=subject,
                label=majority,
                probabilities=self._probabilities(probs.mean(0)),
                label_counts=counts,
            )
        true_label = self._labels[subject.id] if subject.kind == "row" and subject.id is not None else None
        return PredictionResult(
            subject=subject,
            label=self._label(probs[0]),
            probabilities=self._probabilities(probs[0]),
            true_label=true_label,
        )

    # -- attributions ------------------------------------------------------------------------------

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
        return self._resource(f"global explanation {name}", lambda: self._global(k))

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

    # -- counterfactuals and what may change ----------------------------------------------------------

    def _search(self, text: str, target: int, count: int) -> tuple[list[Counterfactual], int]:
        """Beam search over word edits, trying first the words that push hardest away from `target`."""
        words = _Words.of(text)
        contributions = self._attributions(text).values[:, target]
        return self._edits.search(words, contributions, target, count, self._call_model, self.class_names)

    def counterfactuals(
        self,
        subject: Subject,
        target_label: str,
        count: int,
        question: Literal["why_not", "how_to_be_that"],
    ) -> CounterfactualResult:
        """Find up to `count` word edits of the text that make the model predict `target_label`, verified."""
        text = self._one_text(subject, "a counterfactual")
        target = self._label_index(target_label)
        target_name = self.class_names[target]
        current = self._label(self.predict_proba([text])[0])
        if current == target_name:
            return CounterfactualResult.already(question, subject, current, self._edits.method())
        key = (text, target_name, count)
        cached = self._cf_cache.lookup(key)
        if cached is None:
            cached = self._search(text, target, count)
            self._cf_cache.put(key, cached)
        found, checked = cached
        note: str | None = None
        if not found:
            note = (
                f"No edit of up to {self._max_edits} words that makes the model predict {target_name} "
                f"was found ({checked} edited texts checked)."
            )
        return CounterfactualResult(
            question=question,
            subject=subject,
            current_label=current,
            target_label=target_name,
            counterfactuals=found,
            method=self._edits.method(),
            note=note,
        )

    def still_this(self, subject: Subject) -> StillThisResult:
        """Try every single-word removal and substitution; report those after which the label stays.

        All single edits are checked (on the 20 most influential words of a longer text), so the counts are
        of edits checked, not a random sample. The kept edits of the most influential words are listed first.
        """
        text = self._one_text(subject, "what may change")
        probability = self.predict_proba([text])[0]
        label = int(np.argmax(probability))
        words = _Words.of(text)
        importance = np.abs(self._attributions(text).values[:, label])
        positions = [int(i) for i in np.argsort(-importance, kind="stable") if i < len(words.spans)][:20]
        candidates: dict[str, _Edit] = {}
        for i in positions:
            for edit in self._edits.edits_at(words.words, i):
                edited = words.edit([edit])
                if edit.kind == "replace" and edited != text and _WORD.search(edited):
                    candidates.setdefault(edited, edit)
        probs = self._call_model(list(candidates))
        kept, seen = [], set()
        for (_, edit), p in zip(candidates.items(), probs, strict=True):
            if int(np.argmax(p)) == label:
                old = words.words[edit.position]
                if (old.lower(), edit.word.lower()) not in seen:
                    seen.add((old.lower(), edit.word.lower()))
                    kept.append(TextEdit(old=old, new=edit.word))
        samples_kept = int(sum(int(np.argmax(p)) == label for p in probs))
        return StillThisResult(
            subject=subject,
            label=self.class_names[label],
            probability=float(probability[label]),
            kept_edits=kept[:_MAX_KEPT_EDITS],
            samples_checked=len(candidates),
            samples_kept=samples_kept,
            method="each single-word removal or substitution re-predicted by the model",
        )

    def _replacement(self, key: str, value: ChangeValue) -> str:
        if isinstance(value, bool):
            raise ArgumentError(f"the replacement of {key!r} cannot be true/false", argument="changes", valid="a word")
        if isinstance(value, int | float):
            return format_number(value)
        return _normalise(_unquote(value))

    def _apply(self, text: str, changes: Mapping[str, ChangeValue]) -> tuple[str, list[Change], set[str]]:
        """Apply word changes to one text: every occurrence of a word (or phrase) is replaced."""
        words = _Words.of(text)
        lowered = [w.lower() for w in words.words]
        edits: dict[int, _Edit] = {}
        applied, matched = [], set()
        for key, value in changes.items():
            phrase = [w.lower() for w in _WORD.findall(key)]
            if not phrase:
                raise ArgumentError(f"{key!r} is not a word", argument="changes", valid="words of the text")
            new = self._replacement(key, value)
            starts = [j for j in range(len(lowered) - len(phrase) + 1) if lowered[j : j + len(phrase)] == phrase]
            for j in starts:
                span = range(j, j + len(phrase))
                if any(p in edits for p in span):
                    raise ArgumentError(f"the changes of {key!r} overlap another change", argument="changes")
                edits[j] = _Edit(j, "replace", _match_case(words.words[j], new) if len(phrase) == 1 else new)
                edits.update({p: _Edit(p, "replace", "") for p in span[1:]})
            if starts:
                matched.add(key)
                old = " ".join(words.words[starts[0] : starts[0] + len(phrase)])
                applied.append(Change(feature=key, old=old, new=new))
        return words.edit(list(edits.values())), applied, matched

    def _unknown_word(self, key: str, texts: Sequence[str]) -> ArgumentError:
        vocabulary = list(dict.fromkeys(w.lower() for t in texts for w in _WORD.findall(t)))
        shown = ", ".join(vocabulary[:40]) + (", ..." if len(vocabulary) > 40 else "")
        where = f"the {self.instance_noun}" if len(texts) == 1 else f"any of the {self._plural}"
        # said plainly, with the words that can be edited: the user may have another text in mind
        return ArgumentError(
            f"{key!r} is not in {where}, whose words are {shown}",
            argument="changes",
            valid=f"words of the {self.instance_noun}: {shown}; or the key 'text' to replace the whole text",
            suggestions=closest(key, vocabulary),
        )

    def what_if(self, subject: Subject, changes: Mapping[str, ChangeValue]) -> WhatIfResult:
        """Predict again after replacing words (`{"good": "bad"}`, "" removes) or the text (`{"text": ...}`).

        Every occurrence of a word or phrase is replaced, matching the capitalisation of a single word. For a
        group, the words are changed in every text that has them.
        """
        if not changes:
            raise ArgumentError("no change was given", argument="changes", valid='{"<word>": "<new word>"}')
        texts = self._subject_texts(subject)
        if "text" in changes:
            if len(changes) > 1 or subject.kind == "group":
                raise ArgumentError(
                    "the key 'text' replaces the whole text of one instance and cannot be combined with other changes",
                    argument="changes",
                    valid='{"text": "<new text>"} alone, for one instance',
                )
            new_text = self._replacement("text", changes["text"])
            if not new_text:
                raise ArgumentError("the new text is empty", argument="changes", valid="a non-empty text")
            new_texts = [new_text]
            applied = [Change(feature="text", old=texts[0], new=new_text)]
        else:
            new_texts, matched, applied = [], set(), []
            for text in texts:
                new_text, changed, hit = self._apply(text, changes)
                new_texts.append(new_text)
                matched |= hit
                applied += [c for c in changed if c.feature not in {a.feature for a in applied}]
            missing = [key for key in changes if key not in matched]
            if missing:
                raise self._unknown_word(missing[0], texts)
        old, new = self.predict_proba(texts), self.predict_proba(new_texts)
        if subject.kind == "group":
            old_label, old_counts = self._group_prediction(old)
            new_label, new_counts = self._group_prediction(new)
            return WhatIfResult(
                subject=subject,
                changes=applied,
                old_label=old_label,
                old_probabilities=self._probabilities(old.mean(0)),
                new_label=new_label,
                new_probabilities=self._probabilities(new.mean(0)),
                old_label_counts=old_counts,
                new_label_counts=new_counts,
            )
        return WhatIfResult(
            subject=subject,
            changes=applied,
            old_label=self._label(old[0]),
            old_probabilities=self._probabilities(old[0]),
            new_label=self._label(new[0]),
            new_probabilities=self._probabilities(new[0]),
        )

    # -- performance and cards ---------------------------------------------------------------------

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
