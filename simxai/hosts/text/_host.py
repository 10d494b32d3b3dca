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

from collections.abc import Callable

from simxai.hosts.text._changes import TextChanges
from simxai.hosts.text._information import TextInformation
from simxai.hosts.text._shap import _Shap, word_attributions
from simxai.results import PredictionResult, Subject

__all__ = ["TextHost"]

#: What `warm` explains once, with shap's partition explainer, so that its numba code is compiled at start-up.
_WARM_TEXT = "a short text that the explainer is run on once when the host starts"


class TextHost(TextChanges, TextInformation):
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

    # -- predictions -------------------------------------------------------------------------------

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
