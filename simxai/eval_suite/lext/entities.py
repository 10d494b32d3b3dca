"""Entities for LExT's NER weight, found deterministically in the host's own vocabulary.

The LExT paper weighs the cosine of an explanation to its ground truth by how many of the explanation's
named entities the ground truth also names, with a medical NER model. SimXAI explains any host, so its
default extractor needs no model: an entity is a term of the host's vocabulary found in the text —

- a class label, a feature name (or alias, or categorical value), or a metric name of the host schema;
- for a text host, the words of the instance and of its edits as the function output holds them (stop
  words excepted), since each word is one of the model's features;
- a number, compared by absolute value with percentages read as fractions (``84.5%`` = ``0.845``), and a
  unit word that follows a number in the function output (``96 bpm``).

Text is compared lowercased, with ``_`` and ``-`` read as spaces, on word boundaries. A real NER model plugs
in through `EntityExtractor` (for instance `CallableEntities(pipeline)`), and then ignores the vocabulary.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import pydantic

from simxai.hosts.base import METRICS, HostSchema

__all__ = [
    "CallableEntities",
    "EntityExtractor",
    "HostVocabulary",
    "VocabularyEntities",
    "canonical_number",
    "find_numbers",
    "is_stopword",
    "normalize",
    "vocabulary_for_output",
    "words",
]

_NUMBER = re.compile(r"(?<![\w.])[-+−]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?%)?(?![\w])")
_WORD = re.compile(r"[^\W\d_]{2,}")
_UNIT_AFTER = re.compile(r"^\s([^\W\d_]{1,12})\b")
_LABEL_KEYS = (
    "label",
    "predicted_label",
    "current_label",
    "target_label",
    "old_label",
    "new_label",
    "true_label",
)


def normalize(text: str) -> str:
    """Lowercase, with ``_`` and ``-`` read as spaces and runs of spaces collapsed."""
    return " ".join(re.sub(r"[_\-]", " ", text.lower()).split())


@functools.cache
def _stopwords() -> frozenset[str]:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS)


def is_stopword(word: str) -> bool:
    """Whether `word` is an English stop word (scikit-learn's list)."""
    return word.lower() in _stopwords()


def words(text: str) -> list[str]:
    """The lowercased words of `text` (letters only, two or more), in order."""
    return _WORD.findall(text.lower())


def canonical_number(surface: str) -> str | None:
    """A number as entities compare it: absolute value, percent as a fraction, up to 6 significant digits.

    ``"84.5%"`` -> ``"0.845"``, ``"-0.187"`` -> ``"0.187"``, ``"1,200"`` -> ``"1200"``; None if not a number.
    """
    match = _NUMBER.fullmatch(surface.strip())
    if match is None:
        return None
    value = abs(float(match.group(1).replace(",", "") + (match.group(2) or "")))
    if match.group(3):
        value /= 100.0
    text = f"{value:.6g}"
    return "0" if text in ("-0", "0") else text


def find_numbers(text: str) -> list[tuple[str, str, int]]:
    """Every number in `text` as (surface, canonical form, end offset)."""
    out = []
    for match in _NUMBER.finditer(text):
        canonical = canonical_number(match.group(0))
        if canonical is not None:
            out.append((match.group(0), canonical, match.end()))
    return out


class HostVocabulary(pydantic.BaseModel):
    """The host's own terms that count as entities for one ground truth (all stored normalized)."""

    model_config = pydantic.ConfigDict(frozen=True)

    labels: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    metrics: tuple[str, ...] = ()
    units: tuple[str, ...] = ()

    def terms(self) -> list[str]:
        """Every term, longest first (so a phrase is preferred over a word inside it), without duplicates."""
        seen = {normalize(t) for group in (self.labels, self.features, self.metrics, self.units) for t in group}
        return sorted((t for t in seen if t), key=lambda t: (-len(t), t))


def _walk(value: Any, key: str, found: dict[str, list[str]]) -> None:
    if isinstance(value, Mapping):
        for k, item in value.items():
            if k == "probabilities" or k.endswith("_probabilities") or k.endswith("label_counts"):
                if isinstance(item, Mapping):
                    found["labels"].extend(str(label) for label in item)
            if k == "metrics" and isinstance(item, Mapping):
                found["metrics"].extend(str(m) for m in item)
            _walk(item, str(k), found)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, key, found)
    elif isinstance(value, str):
        if key in _LABEL_KEYS:
            found["labels"].append(value)
        elif key == "metric":
            found["metrics"].append(value)
        elif key in ("feature", "name"):
            found["features"].append(value)
        elif key in ("old", "new", "text", "categories"):
            found["words"].append(value)


def vocabulary_for_output(
    payloads: Sequence[Any],
    text: str,
    *,
    schema: HostSchema | None = None,
    labels: Iterable[str] = (),
) -> HostVocabulary:
    """The vocabulary of one ground truth: the host schema's terms, the output's own, and its units.

    Args:
        payloads: the function outputs as JSON-like data (`result_payload`), or none for recorded text.
        text: the ground truth as text (the rendering, or the recorded output); its unit words are taken.
        schema: the host's schema, when there is a host.
        labels: extra class labels (e.g. a recorded domain's labels, where no schema exists).
    """
    found: dict[str, list[str]] = {"labels": list(labels), "features": [], "metrics": [], "words": []}
    for payload in payloads:
        _walk(payload, "", found)
    metrics = [m for m in METRICS if m != "all"]
    if schema is not None:
        found["labels"].extend(schema.class_names)
        metrics = [m for m in schema.metrics if m != "all"]
        for feature in schema.features:
            found["features"].extend([feature.name, *feature.aliases, *(feature.categories or [])])
    # A text host's features are words: the instance's and its edits' words are its vocabulary.
    is_text = schema is None or schema.kind == "text"
    feature_words = [w for t in found["words"] for w in words(t)] if is_text else found["words"]
    features = [f for f in [*found["features"], *feature_words] if not is_stopword(f) and len(normalize(f)) > 1]
    units = []
    for _, _, end in find_numbers(text):
        unit = _UNIT_AFTER.match(text[end:])
        if unit and not is_stopword(unit.group(1)):
            units.append(unit.group(1).lower())
    metrics += found["metrics"]
    return HostVocabulary(
        labels=tuple(dict.fromkeys(normalize(x) for x in found["labels"] if x)),
        features=tuple(dict.fromkeys(normalize(x) for x in features)),
        metrics=tuple(dict.fromkeys(normalize(x) for x in metrics if x != "all")),
        units=tuple(dict.fromkeys(units)),
    )


@runtime_checkable
class EntityExtractor(Protocol):
    """Finds the named entities of a text; `name` labels reports and cache keys."""

    name: str

    def extract(self, text: str, vocabulary: HostVocabulary) -> frozenset[str]:
        """The entities of `text` (normalized strings); `vocabulary` is the ground truth's host vocabulary."""
        ...


class VocabularyEntities:
    """The default extractor: host-vocabulary terms and numbers found in the text (no model)."""

    name = "host-vocabulary"

    def extract(self, text: str, vocabulary: HostVocabulary) -> frozenset[str]:
        """The host-vocabulary terms and the numbers that occur in `text`, normalized."""
        found: set[str] = {canonical for _, canonical, _ in find_numbers(text)}
        remaining = f" {normalize(text)} "
        for term in vocabulary.terms():
            pattern = re.compile(rf"(?<!\w){re.escape(term)}(?!\w)")
            if pattern.search(remaining):
                found.add(term)
                # A found phrase is consumed, so the words inside it do not count again.
                remaining = pattern.sub(" ", remaining)
        return frozenset(found)


class CallableEntities:
    """Adapts any NER callable (text -> entity strings), e.g. a wrapped token-classification pipeline.

    Args:
        func: returns the entity strings of a text.
        name: a label for reports.
    """

    def __init__(self, func: Callable[[str], Iterable[str]], *, name: str = "ner") -> None:
        self._func = func
        self.name = name

    def extract(self, text: str, vocabulary: HostVocabulary) -> frozenset[str]:
        """The normalized entities the wrapped callable finds in `text` (none in a blank one)."""
        if not text.strip():
            return frozenset()
        return frozenset(normalize(e) for e in self._func(text) if normalize(e))
