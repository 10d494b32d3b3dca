"""Sentence embedders for LExT's cosine similarities, all loaded from local files only.

- `WordLlamaEmbedder` (the default): WordLlama's ``l2_supercat`` 256-dimension token embeddings with mean
  pooling. Its weights and tokenizer ship inside the ``wordllama`` wheel; they are opened from the package
  folder directly, because ``WordLlama.load()`` looks for the tokenizer under a folder name the wheel does
  not use and would then try to download it.
- `HashingEmbedder`: a deterministic fallback with no weights at all (scikit-learn's `HashingVectorizer` over
  character n-grams); it measures surface overlap, not meaning.
- `SentenceTransformerEmbedder`: a sentence-transformers model from a local folder the user provides (the
  package is optional and imported only when this embedder is built).

Every embedder maps a blank text to the zero vector, and `cosine` of a zero vector is 0: an empty
explanation is similar to nothing.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from simxai.exceptions import UsageError

__all__ = [
    "EMBEDDER_SPECS",
    "Embedder",
    "HashingEmbedder",
    "SentenceTransformerEmbedder",
    "WordLlamaEmbedder",
    "cosine",
    "load_embedder",
]

EMBEDDER_SPECS = ("wordllama", "hashing", "st:<local sentence-transformers folder>")


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors; `name` labels reports and cache keys."""

    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text (shape ``(len(texts), dim)``); a blank text gives a row of zeros."""
        ...


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Cosine similarity of two vectors; 0 when either is the zero vector (nothing to compare)."""
    # float64, so that a text compared with itself comes out at 1 up to the last bit, not float32's 1e-7.
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    norm = float(np.linalg.norm(a)) * float(np.linalg.norm(b))
    if norm == 0.0:
        return 0.0
    return float(np.clip(np.dot(a, b) / norm, -1.0, 1.0))


def _with_blanks(texts: Sequence[str], dim: int, embed: Any) -> np.ndarray:
    """Embed the non-blank texts with `embed` and leave zero rows for the blank ones."""
    out = np.zeros((len(texts), dim), dtype=np.float32)
    filled = [i for i, t in enumerate(texts) if t.strip()]
    if filled:
        out[filled] = np.asarray(embed([texts[i] for i in filled]), dtype=np.float32)
    return out


class WordLlamaEmbedder:
    """WordLlama ``l2_supercat`` (256 dimensions) from the files inside the installed wheel; no network.

    Raises:
        UsageError: wordllama is not installed, or its wheel lacks the bundled files.
    """

    name = "wordllama:l2_supercat_256"
    WEIGHTS = ("weights", "l2_supercat_256.safetensors")
    TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")

    def __init__(self) -> None:
        self._model = _wordllama_model(self.WEIGHTS, self.TOKENIZER)
        self.dim = int(self._model.embedding.shape[1])

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One WordLlama vector per text (a zero vector for a blank one)."""
        return _with_blanks(texts, self.dim, lambda batch: self._model.embed(list(batch)))


@functools.cache
def _wordllama_model(weights: tuple[str, str], tokenizer: tuple[str, str]) -> Any:
    # wordllama calls logging.basicConfig(level=INFO) when imported, which would make every library's INFO
    # records (httpx's, one per judge request) print; the root logger is restored as it was.
    logger = logging.getLogger()
    handlers, level = list(logger.handlers), logger.level
    try:
        import importlib.resources

        from safetensors import safe_open
        from tokenizers import Tokenizer
        from wordllama.inference import WordLlamaInference
    except ImportError as exc:
        raise UsageError(
            f"--embedder wordllama needs the wordllama package ({exc}); or use --embedder hashing"
        ) from None
    finally:
        logger.handlers[:] = handlers
        logger.setLevel(level)
    package = importlib.resources.files("wordllama")
    weights_file = Path(str(package.joinpath(weights[0]).joinpath(weights[1])))
    tokenizer_file = Path(str(package.joinpath(tokenizer[0]).joinpath(tokenizer[1])))
    for path in (weights_file, tokenizer_file):
        if not path.is_file():
            raise UsageError(f"the wordllama wheel has no bundled {path.name} at {path}; use --embedder hashing")
    with safe_open(str(weights_file), framework="np", device="cpu") as handle:
        matrix = handle.get_tensor("embedding.weight")
    return WordLlamaInference(matrix, Tokenizer.from_file(str(tokenizer_file)))


class HashingEmbedder:
    """Character n-gram counts hashed into a fixed-size vector: deterministic, no weights, no fitting.

    Args:
        n_features: the vector size (hash buckets).
        ngram_range: the character n-gram lengths, within word boundaries.
    """

    def __init__(self, n_features: int = 2**18, ngram_range: tuple[int, int] = (3, 5)) -> None:
        from sklearn.feature_extraction.text import HashingVectorizer

        # alternate_sign=False keeps every coordinate non-negative, so cosines stay in [0, 1].
        self._vectorizer = HashingVectorizer(
            analyzer="char_wb",
            ngram_range=ngram_range,
            n_features=n_features,
            alternate_sign=False,
            norm="l2",
            lowercase=True,
        )
        self.name = f"hashing:char{ngram_range[0]}-{ngram_range[1]}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One l2-normalized vector of hashed character n-gram counts per text."""
        # Dense rows are large (2**18 floats) but LExT embeds a handful of short texts at a time.
        return np.asarray(self._vectorizer.transform(list(texts)).toarray(), dtype=np.float32)


class SentenceTransformerEmbedder:
    """A sentence-transformers model loaded from a local folder only (never from the Hub).

    Args:
        path: a folder holding a saved sentence-transformers model.

    Raises:
        UsageError: the folder does not exist, or sentence-transformers is not installed.
    """

    def __init__(self, path: str | Path) -> None:
        folder = Path(path).expanduser()
        if not folder.is_dir():
            raise UsageError(
                f"sentence-transformers model folder {folder} does not exist; pass a local folder "
                "(models are never downloaded)"
            )
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError:
            raise UsageError(
                "--embedder st:<folder> needs the sentence-transformers package (pip install sentence-transformers)"
            ) from None
        self._model = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
        self.dim = int(self._model.get_sentence_embedding_dimension() or 0)
        self.name = f"st:{folder.name}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One sentence-transformers vector per text (a zero vector for a blank one)."""
        return _with_blanks(texts, self.dim, lambda batch: self._model.encode(list(batch), convert_to_numpy=True))


def load_embedder(spec: str) -> Embedder:
    """Build an embedder from ``wordllama``, ``hashing`` or ``st:<folder>``.

    Raises:
        UsageError: an unknown spec, or the embedder cannot be built from local files.
    """
    kind, _, target = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "wordllama" and not target:
        return WordLlamaEmbedder()
    if kind == "hashing" and not target:
        return HashingEmbedder()
    if kind == "st":
        if not target:
            raise UsageError("--embedder st: needs a local folder, e.g. st:/models/all-MiniLM-L6-v2")
        return SentenceTransformerEmbedder(target)
    raise UsageError(f"unknown embedder {spec!r}; valid: {', '.join(EMBEDDER_SPECS)}")
