"""SHAP over words: a tokenizer for shap's text masker, exact Shapley values for short texts, the partition
explainer for longer ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from simxai.hosts.text._words import _WORD, words_of

_MASK_TOKEN = "..."


class _ShapTokenizer:
    """The part of the Hugging Face tokenizer API that `shap.maskers.Text` uses, over our words.

    The offsets are widened so that the segments cover the whole text: the first starts at 0 (keeping a
    leading quote) and the last ends at the end (keeping final punctuation such as "!", which models may
    read). A text with no word at all is one token, so that it can still be masked.
    """

    def __call__(self, text: str, return_offsets_mapping: bool = True) -> dict[str, list[Any]]:
        spans = [m.span() for m in _WORD.finditer(text)]
        if not spans and text.strip():
            spans = [(len(text) - len(text.lstrip()), len(text.rstrip()))]
        if spans:
            spans[0] = (0, spans[0][1])
            spans[-1] = (spans[-1][0], len(text))
        out: dict[str, list[Any]] = {"input_ids": [text[a:b] for a, b in spans]}
        if return_offsets_mapping:
            out["offset_mapping"] = spans
        return out


def _exact_shapley(masks: np.ndarray, value: np.ndarray) -> np.ndarray:
    """Shapley values from the model's outputs `value` (2**n, classes) on every coalition.

    Row m of `masks` is coalition m, whose bit i says whether word i is kept; so m | 1 << i adds word i.
    """
    n = masks.shape[1]
    sizes = masks.sum(1)
    weight = np.array([math.factorial(s) * math.factorial(n - s - 1) / math.factorial(n) for s in range(n)])
    phi = np.zeros((n, value.shape[1]))
    for i in range(n):
        without = np.flatnonzero(~masks[:, i])
        gain = value[without | (1 << i)] - value[without]
        phi[i] = (weight[sizes[without]][:, None] * gain).sum(0)
    return phi


@dataclass(frozen=True)
class _Shap:
    """Attributions of one text: one row per word, one column per class."""

    words: tuple[str, ...]
    values: np.ndarray
    base: np.ndarray
    output: np.ndarray
    method: str


def word_attributions(
    text: str,
    predict_proba: Callable[[Sequence[str]], np.ndarray],
    call_model: Callable[[Sequence[str]], np.ndarray],
    class_names: Sequence[str],
    *,
    exact_max_words: int,
    seed: int,
    max_evals: int,
) -> _Shap:
    """The SHAP attributions of `text`'s words: exact up to `exact_max_words` words, else shap's partition."""
    from simxai.hosts._imports import import_shap

    shap = import_shap()
    # A masker per text: shap's Text masker caches the last text it saw, so sharing one across threads
    # (the server may explain two texts at once) would mix up their words. Building one is cheap.
    masker = shap.maskers.Text(_ShapTokenizer(), mask_token=_MASK_TOKEN, collapse_mask_token=True)
    # One name per masker token: the word itself, or the whole text when it has no word.
    words = tuple(words_of(text)) or (text.strip(),)
    n = len(words)
    output = predict_proba([text])[0]
    if n <= exact_max_words:
        # Exact Shapley values: with few words all 2**n coalitions are affordable (1024 model calls for
        # 10 words), and exact values are deterministic and additive by construction. The coalitions are
        # built by shap's own masker so that both paths mean the same thing by "a word removed".
        masks = ((np.arange(2**n)[:, None] >> np.arange(n)) & 1).astype(bool)
        value = call_model([str(masker(mask, text)[0][0]) for mask in masks])
        phi = _exact_shapley(masks, value)
        return _Shap(words, phi, value[0], output, "SHAP, exact Shapley values over words")
    explainer = shap.Explainer(
        lambda xs: call_model([str(x) for x in xs]),
        masker,
        output_names=class_names,
        algorithm="partition",
        seed=seed,
    )
    explanation = explainer([text], max_evals=max(max_evals, 4 * n), silent=True)
    values = np.asarray(explanation.values[0], dtype=float).reshape(n, len(class_names))
    base = np.asarray(explanation.base_values[0], dtype=float).reshape(len(class_names))
    return _Shap(words, values, base, output, "SHAP partition explainer over words")
