"""A static distillation of all-MiniLM-L6-v2: a token -> vector table, so a sentence costs a look-up.

Model2Vec-style: every WordPiece token of MiniLM's vocabulary went through the encoder once, alone between
`[CLS]` and `[SEP]`; the output at the token's own position, centred and reduced by PCA to 256 dimensions, is
its row. A text's vector is the unit-length mean of its tokens' rows (as WordLlama's), about 0.05 ms. The table
(float16) and MiniLM's tokenizer ship beside this module in `minilm_static.npz`, with the PCA mean and
components, so that `tests/backends/test_static_encoder.py` can check rows against the encoder itself. It was
built from the pinned weights of the `encoder` extra (`simxai.backends.sentence_encoder`) by

    python -m simxai.backends.static_encoder            # writes minilm_static.npz beside this module

([unusedN] tokens, which no text yields, have zero rows) and is read with numpy and `tokenizers` (core
dependencies through `wordllama`); nothing is downloaded.
docs/router.md ("A static distillation of MiniLM") has the measurements that chose it. all-MiniLM-L6-v2 is
Apache-2.0; the repository's NOTICE names the derived table.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simxai.exceptions import UsageError

__all__ = ["DIMENSIONS", "TABLE", "StaticEncoder", "distil", "read_table", "static_encoder", "token_outputs"]

TABLE = Path(__file__).with_name("minilm_static.npz")
DIMENSIONS = 256
_BATCH = 512


@dataclass(frozen=True)
class StaticEncoder:
    """The loaded table: one row per WordPiece id, and the tokenizer that gives the ids."""

    vectors: np.ndarray  # (vocabulary, DIMENSIONS), float16
    tokenizer: Any  # tokenizers.Tokenizer
    mean: np.ndarray  # (384,) the PCA's centre
    components: np.ndarray  # (DIMENSIONS, 384) the PCA's axes

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length mean token vectors of `texts`, shape (len(texts), DIMENSIONS); zeros for a text of no token."""
        out = np.zeros((len(texts), self.vectors.shape[1]))
        for row, item in enumerate(self.tokenizer.encode_batch(list(texts), add_special_tokens=False)):
            if item.ids:
                vector = self.vectors[item.ids].astype(np.float64).mean(axis=0)
                norm = float(np.linalg.norm(vector))
                out[row] = vector / norm if norm > 0 else vector
        return out


def read_table(path: Path) -> StaticEncoder:
    """Read a table written by `python -m simxai.backends.static_encoder`; `UsageError` if missing or unreadable."""
    from tokenizers import Tokenizer

    try:
        with np.load(path, allow_pickle=False) as data:
            tokenizer = Tokenizer.from_str(str(data["tokenizer"]))
            encoder = StaticEncoder(data["vectors"], tokenizer, data["mean"], data["components"])
    except (OSError, KeyError, ValueError, Exception) as exc:  # tokenizers raises a bare Exception on bad JSON
        raise UsageError(
            f"the router's static MiniLM table {path} is missing or unreadable ({exc}); rebuild it with "
            "`python -m simxai.backends.static_encoder` (needs the `encoder` extra)"
        ) from exc
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return encoder


@functools.cache
def static_encoder() -> StaticEncoder:
    """The shipped table, loaded once per process."""
    return read_table(TABLE)


def token_outputs(ids: Sequence[int]) -> np.ndarray:
    """MiniLM's output at each token of `ids`, alone between `[CLS]` and `[SEP]`: shape (len(ids), 384), float32.

    Needs the `encoder` extra (the pinned all-MiniLM-L6-v2 weights, run in numpy).
    """
    from simxai.backends.sentence_encoder import sentence_encoder

    encoder = sentence_encoder()
    cls_id, sep_id = encoder.tokenizer.token_to_id("[CLS]"), encoder.tokenizer.token_to_id("[SEP]")
    rows = []
    for start in range(0, len(ids), _BATCH):
        batch_ids = np.asarray(ids[start : start + _BATCH], dtype=np.int64)
        batch = np.stack([np.full_like(batch_ids, cls_id), batch_ids, np.full_like(batch_ids, sep_id)], axis=1)
        rows.append(encoder.forward(batch, np.ones(batch.shape, dtype=np.float32))[:, 1])
    return np.concatenate(rows).astype(np.float32) if rows else np.zeros((0, 384), dtype=np.float32)


def distil(outputs: np.ndarray, dimensions: int = DIMENSIONS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The PCA of the token outputs: (centre, axes, float16 rows), the axes' signs fixed for a stable file."""
    mean = outputs.astype(np.float64).mean(axis=0)
    centred = outputs.astype(np.float64) - mean
    _, _, axes = np.linalg.svd(centred, full_matrices=False)
    axes = axes[:dimensions]
    axes *= np.where(axes[np.arange(len(axes)), np.abs(axes).argmax(axis=1)] < 0, -1.0, 1.0)[:, None]
    return mean.astype(np.float32), axes.astype(np.float32), (centred @ axes.T).astype(np.float16)


def main(argv: list[str] | None = None) -> int:
    """Build the table from the installed, pinned MiniLM weights and write it (minutes: one pass per token)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--out", type=Path, default=TABLE, help=f"where to write it (default {TABLE})")
    parser.add_argument("--outputs", type=Path, help="a saved (vocabulary, 384) float32 .npy of token_outputs")
    args = parser.parse_args(argv)
    from simxai.backends.sentence_encoder import model_dir, sentence_encoder

    size = sentence_encoder().tokenizer.get_vocab_size()
    started = time.perf_counter()
    outputs = np.load(args.outputs) if args.outputs else token_outputs(range(size))
    if outputs.shape != (size, 384):
        parser.error(f"--outputs {args.outputs} has shape {outputs.shape}; give ({size}, 384) token outputs")
    print(f"token outputs in {time.perf_counter() - started:.0f} s", flush=True)
    mean, axes, vectors = distil(outputs)
    tokenizer = json.loads((model_dir() / "tokenizer.json").read_text())
    # no text yields BERT's [unusedN] tokens (the pre-tokenizer splits at brackets): zero rows compress away
    vectors[[i for token, i in tokenizer["model"]["vocab"].items() if token.startswith("[unused")]] = 0
    tokenizer["padding"] = tokenizer["truncation"] = None
    np.savez_compressed(
        args.out, vectors=vectors, mean=mean, components=axes, tokenizer=np.array(json.dumps(tokenizer))
    )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
