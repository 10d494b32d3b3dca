"""The router's learned function selector: masked turn -> calibrated probability per function.

A turn is first masked by the router (quoted texts, groups, features, numbers and labels become
placeholders) and then by `model_text` (the host's instance noun, a change the turn names); what remains is
the request's wording, the same for every host. Two views of it feed a multinomial logistic regression
trained by `simxai.eval_suite.router_training.train` on requests made for many host schemas: word 1-2-grams and
character 2-5-grams, TF-IDF weighted (exact wording, typos), and the mean of static token embeddings
(synonyms the templates never used): the view the artifact's settings name — the table distilled from
all-MiniLM-L6-v2 that ships beside this package (`simxai.backends.static_encoder`; the shipped artifact's since
the twelfth round, chosen on authors held out in docs/router.md), or WordLlama's 256-dimension model inside the
`wordllama` wheel (any artifact's without the setting, as every artifact before); both run on numpy and are
never downloaded. Its logits are divided by a temperature fitted on the dev split, so that the top probability
can decide when to ask instead of answering.

The artifact (`router_model.npz`, beside this module) holds the vocabulary, idf weights, coefficients,
temperature and the fingerprint of the data and settings it was trained from; no pickle.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simxai.exceptions import UsageError
from simxai.hosts.base import HostSchema

__all__ = [
    "ARTIFACT",
    "EMBEDDINGS",
    "SelectorModel",
    "analyze",
    "embed",
    "load_selector",
    "model_text",
    "read_selector",
    "save_selector",
    "wordllama_model",
]

ARTIFACT = Path(__file__).with_name("router_model.npz")

# Placeholders, spelled so that no English word collides with them after lowercasing.
_PLACEHOLDERS = {
    "INSTANCE": "zinst",
    "GROUP": "zgroup",
    "FEATURE": "zfeat",
    "NUM": "znum",
    "LABEL": "zlabel",
}
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[?!]")


def model_text(masked: str, schema: HostSchema | None, *, names_changes: bool, asks_why_not: bool = False) -> str:
    """The router's masked turn with host words made generic, as the selector reads it.

    Args:
        masked: the turn after the router's `_mask` (placeholders in capitals).
        schema: the host schema; its instance noun (and plural) becomes `znoun`.
        names_changes: whether the turn names concrete changes (`extract_changes` found some); adds `zchange`.
        asks_why_not: whether the turn asks why a label was not given ("why was it not assessed as LABEL?");
            adds `zwhynot`.
    """
    text = masked
    for placeholder, word in _PLACEHOLDERS.items():
        text = text.replace(placeholder, f" {word} ")
    text = text.lower().replace("’", "'")
    noun = schema.instance_noun.lower() if schema is not None and schema.instance_noun else ""
    if noun and noun not in ("instance", "text"):
        plural = "people" if noun == "person" else noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")
        text = re.sub(rf"\b(?:{re.escape(noun)}|{re.escape(plural)})\b", " znoun ", text)
    if asks_why_not:
        text += " zwhynot"
    if names_changes:
        text += " zchange"
    return " ".join(text.split())


def analyze(text: str) -> list[str]:
    """The features of a model text: word unigrams and bigrams, and character 2-5-grams within words."""
    words = _TOKEN.findall(text)
    terms = [f"w:{w}" for w in words]
    terms += [f"b:{a} {b}" for a, b in zip(["^", *words], [*words, "$"], strict=True)]
    for word in words:
        if word.startswith("z") and word in _ZWORDS:
            continue
        padded = f" {word} "
        for size in range(2, 6):
            terms += [f"c:{padded[i : i + size]}" for i in range(len(padded) - size + 1)]
    return terms


_ZWORDS = frozenset({*_PLACEHOLDERS.values(), "znoun", "zchange", "zwhynot"})


def embedding_text(text: str) -> str:
    """A model text with the placeholders as plain words, which the embedding model knows."""
    for word, plain in _PLAIN.items():
        text = text.replace(word, plain)
    return " ".join(text.split())


_PLAIN = {
    "zinst": "this",
    "zgroup": "them",
    "zfeat": "feature",
    "znum": "number",
    "zlabel": "label",
    "znoun": "instance",
    "zchange": "",
    "zwhynot": "",
}


@functools.cache
def wordllama_model() -> Any:
    """The WordLlama model shipped inside the `wordllama` wheel, loaded once per process, never downloaded.

    `WordLlama.load()` looks for the tokenizer in a folder the wheel does not have and then tries Hugging
    Face; pointing `cache_dir` at the package folder finds both shipped files, and `disable_download`
    makes a missing file an error instead of a network request.
    """
    try:
        import wordllama
        from wordllama import WordLlama
    except ImportError as exc:  # pragma: no cover - a core dependency
        raise UsageError("the router needs the `wordllama` package (a core dependency of simxai)") from exc
    try:
        return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    except FileNotFoundError as exc:
        raise UsageError(f"the WordLlama model files are missing from the installed wheel: {exc}") from exc


#: The embedding views a selector may read (its settings' "embedding"; an artifact without it read WordLlama).
EMBEDDINGS = ("wordllama", "minilm-static")


def embed(texts: list[str], kind: str = "wordllama") -> np.ndarray:
    """Unit-length embeddings of model texts, shape (len(texts), 256): WordLlama's or the static MiniLM table's.

    Raises:
        UsageError: `kind` is not one of `EMBEDDINGS`.
    """
    if kind == "minilm-static":
        from simxai.backends.static_encoder import static_encoder

        return static_encoder().encode([embedding_text(t) for t in texts])
    if kind != "wordllama":
        raise UsageError(f"unknown embedding view {kind!r}; valid: {', '.join(EMBEDDINGS)}")
    with np.errstate(invalid="ignore", divide="ignore"):  # a text with no known token has a zero norm
        vectors = np.asarray(wordllama_model().embed([embedding_text(t) for t in texts], norm=True), dtype=float)
    return np.nan_to_num(vectors)  # ... and no direction: a zero vector, never NaN


@dataclass(frozen=True)
class SelectorModel:
    """A loaded selector: TF-IDF vocabulary and a calibrated multinomial logistic regression."""

    classes: tuple[str, ...]
    vocabulary: dict[str, int]
    idf: np.ndarray
    coef: np.ndarray  # (n_classes, n_terms + embedding dimensions)
    intercept: np.ndarray
    temperature: float
    metadata: dict[str, Any]

    @property
    def embedding_weight(self) -> float:
        """How much the embedding view is scaled against the unit-length TF-IDF view (0: not used)."""
        return float(self.metadata.get("settings", {}).get("embedding_weight", 0.0))

    @property
    def embedding(self) -> str:
        """Which embedding view the selector was trained with (one of `EMBEDDINGS`)."""
        return str(self.metadata.get("settings", {}).get("embedding", "wordllama"))

    def logits(self, text: str) -> np.ndarray:
        """Uncalibrated class scores of a model text."""
        scores = self.intercept.astype(float).copy()
        counts: dict[int, int] = {}
        for term in analyze(text):
            column = self.vocabulary.get(term)
            if column is not None:
                counts[column] = counts.get(column, 0) + 1
        if counts:
            columns = np.fromiter(counts, dtype=np.int64)
            weights = (1.0 + np.log(np.fromiter(counts.values(), dtype=float))) * self.idf[columns]
            weights /= math.sqrt(float(weights @ weights))
            scores += self.coef[:, columns] @ weights
        if self.embedding_weight:
            scores += self.coef[:, len(self.vocabulary) :] @ (embed([text], self.embedding)[0] * self.embedding_weight)
        return scores

    def probabilities(self, text: str, allowed: frozenset[str] | None = None) -> dict[str, float]:
        """Calibrated probability per class, renormalised over `allowed` classes when given."""
        logits = self.logits(text) / self.temperature
        keep = np.array([allowed is None or c in allowed for c in self.classes])
        if not keep.any():
            return {}
        logits = np.where(keep, logits, -np.inf)
        exp = np.exp(logits - logits[keep].max())
        probs = exp / exp.sum()
        return {c: float(p) for c, p, k in zip(self.classes, probs, keep, strict=True) if k}


def save_selector(model: SelectorModel, path: Path) -> None:
    """Write the artifact: numeric arrays and JSON text, no pickle."""
    terms = sorted(model.vocabulary, key=model.vocabulary.__getitem__)
    np.savez_compressed(
        path,
        terms=np.array(json.dumps(terms)),
        classes=np.array(json.dumps(list(model.classes))),
        idf=model.idf.astype(np.float32),
        coef=model.coef.astype(np.float32),
        intercept=model.intercept.astype(np.float32),
        temperature=np.array(model.temperature),
        metadata=np.array(json.dumps(model.metadata, sort_keys=True)),
    )


def read_selector(path: Path) -> SelectorModel:
    """Read an artifact written by `save_selector`.

    Raises:
        UsageError: the file is missing or not a selector artifact.
    """
    try:
        with np.load(path, allow_pickle=False) as data:
            terms = json.loads(str(data["terms"]))
            return SelectorModel(
                classes=tuple(json.loads(str(data["classes"]))),
                vocabulary={t: i for i, t in enumerate(terms)},
                idf=data["idf"].astype(float),
                coef=data["coef"].astype(float),
                intercept=data["intercept"].astype(float),
                temperature=float(data["temperature"]),
                metadata=json.loads(str(data["metadata"])),
            )
    except (OSError, KeyError, ValueError) as exc:
        raise UsageError(
            f"the router model {path} is missing or unreadable ({exc}); rebuild it with "
            "`python -m simxai.eval_suite.router_training --data-dir ../shared/datasets`"
        ) from exc


@functools.cache
def load_selector() -> SelectorModel:
    """The shipped selector, loaded once per process."""
    return read_selector(ARTIFACT)
