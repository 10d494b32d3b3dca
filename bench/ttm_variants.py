"""Variants of the learned TalkToModel parser that were tried and not kept, each scored on the template splits.

    python bench/ttm_variants.py --data-dir ../shared/datasets VARIANT [--splits dev dev-templates train]
        [--cache FILE]

Each variant refits one part of the shipped model (`simxai/integrations/ttm_parser.json`) on the same training
split (`ttm_training`: the train templates, six fillings per dataset) and scores it as `bench/ttm_parse.py`
does (exact match without spaces, one seeded filling per template, each pair parsed on its own). The shipped
model's figures are ``baseline``. docs/talktomodel.md lists each variant with the figures this prints.

Variants (issue 12, item 5; none beat the shipped model on dev):

- ``l1-ops C``: the operation classifiers with an L1 penalty (sparser: fewest discriminating words).
- ``views NAME[,NAME]``: the operation classifiers also see copies of each training sentence reduced to one
  view (``noword``: no word n-grams; ``uni``: word unigrams only; ``embonly``: the embedding and counts).
- ``neighbours TAU COPIES P TARGETS``: copies of each training sentence in which each word of four letters or
  more is replaced, with probability P, by one of its three nearest whole-word WordLlama tokens of cosine TAU
  or more; TARGETS is ``ops``, ``shape`` or ``ops,shape``.
- ``context-shape MODE WEIGHT``: the context classifier (previousfilter or not) also sees the gold shape and
  whether the request has filters of its own, as features of the given weight; at parse time the candidate
  shape's (MODE ``conditional``) or the training frequency of every shape (MODE ``marginal``, no filter flag).
- ``pruned K``: the shape, operation and context classifiers without the features that occur in fewer than
  K distinct training templates.
- ``maxpool WEIGHT``: the element-wise maximum of the sentence's WordLlama token embeddings as 256 more
  sentence features, for shape, operations and context.
- ``families MODE``: each operation of a family sharing its first word (``mistake typical`` / ``mistake
  sample``, ``explain features`` / ``explain cfe``...) scored by a family yes/no classifier and a classifier
  within the family, combined by MODE (``min``, ``avg``, ``mix``: the mean of ``min`` and the flat one).
- ``fillings N``: the whole model rebuilt with N fillings per template instead of six.
"""

from __future__ import annotations

import argparse
import functools
import pickle
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simxai.integrations import ttm_learned, ttm_training
from simxai.integrations.ttm_data import load_ttm_dataset
from simxai.integrations.ttm_features import sentence_features
from simxai.integrations.ttm_grammar import Program, TTMGrammar
from simxai.integrations.ttm_learned import LearnedModel, LearnedParser, load_model, shape_operations
from simxai.integrations.ttm_linear import Features, LinearClassifier, fit_classifier, fit_multilabel
from simxai.integrations.ttm_reader import Reading, read_utterance
from simxai.integrations.ttm_templates import fill_for_dataset

_DATASETS = ("diabetes", "compas", "german")
_FILTER_ROLES = {"filter", "id", "labelfilter", "predictionfilter"}


@dataclass
class Sample:
    """One aligned training pair: its reading, sentence features, gold shape and context, and its template."""

    reading: Reading
    features: Features
    shape: str
    context: str
    has_filters: bool
    template: str


def training_samples(data_dir: str, fillings: int = ttm_training.FILLINGS) -> list[Sample]:
    """The aligned training pairs of the train split, as `ttm_training.build` uses them."""
    prompts = Path(data_dir) / "talktomodel" / "explain" / "prompts"
    found = []
    for name in _DATASETS:
        dataset = load_ttm_dataset(name, data_dir)
        grammar = TTMGrammar(dataset.vocabulary)
        for case in fill_for_dataset(dataset, prompts, per_template=fillings, seed=0, split="train"):
            reading = read_utterance(case.utterance, dataset.vocabulary, dataset.class_names)
            program = grammar.parse(case.gold, numbers=reading.numbers)
            if not isinstance(program, Program):
                continue
            alignment = ttm_training.align(reading, program, dataset.vocabulary)
            if alignment is None:
                continue
            has_filters = bool(_FILTER_ROLES & set(alignment.roles))
            found.append(
                Sample(
                    reading,
                    sentence_features(reading),
                    alignment.shape,
                    alignment.context,
                    has_filters,
                    case.template,
                )
            )
    return found


def evaluate(model: LearnedModel, data_dir: str, splits: list[str]) -> None:
    """Print the exact match of `model` on each split, as bench/ttm_parse.py counts it."""
    prompts = f"{data_dir}/talktomodel/explain/prompts"
    for split in splits:
        total = hits = 0
        for name in _DATASETS:
            dataset = load_ttm_dataset(name, data_dir)
            parser = LearnedParser(dataset.vocabulary, dataset.class_names, model)
            for case in fill_for_dataset(dataset, prompts, seed=0, split=split):
                program = parser.parse(case.utterance)
                text = program.text() if program is not None else ""
                hits += text.replace(" ", "") == case.gold.replace(" ", "")
                total += 1
        print(f"{split}: {hits}/{total} = {hits / total:.1%}", flush=True)


def _operations(samples: list[Sample], features: list[Features] | None = None, **kw: Any) -> LinearClassifier:
    rows = features if features is not None else [s.features for s in samples]
    return fit_multilabel(rows, [shape_operations(s.shape) for s in samples], **kw)


def _l1_operations(samples: list[Sample], c: float) -> LinearClassifier:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.svm import LinearSVC

    labels = [shape_operations(s.shape) for s in samples]
    classes = sorted(set().union(*labels))
    vectorizer = DictVectorizer(sort=True)
    matrix = vectorizer.fit_transform([dict(s.features) for s in samples]).tocsr()
    matrix.indices = matrix.indices.astype("int32")
    matrix.indptr = matrix.indptr.astype("int32")
    coef = np.zeros((len(classes), matrix.shape[1]))
    intercept = np.zeros(len(classes))
    for k, label in enumerate(classes):
        model = LinearSVC(C=c, penalty="l1", dual=False, max_iter=20000, random_state=0)
        model.fit(matrix, [int(label in found) for found in labels])
        coef[k], intercept[k] = model.coef_[0], model.intercept_[0]
    names = vectorizer.get_feature_names_out()
    weights = {str(n): tuple(round(float(v), 4) for v in coef[:, j]) for j, n in enumerate(names) if coef[:, j].any()}
    return LinearClassifier(tuple(classes), tuple(round(float(b), 4) for b in intercept), weights)


def _view(features: Features, view: str) -> dict[str, float]:
    def embedding(name: str) -> bool:
        return name[0] == "e" and name[1:].isdigit()

    keep: dict[str, Callable[[str], bool]] = {
        "noword": lambda n: not n.startswith("n="),
        "uni": lambda n: not (n.startswith("n=") and " " in n),
        "embonly": lambda n: embedding(n) or n.startswith("count"),
    }
    return {n: v for n, v in features.items() if keep[view](n)}


@functools.cache
def _token_matrix() -> tuple[list[str], np.ndarray]:
    from simxai.backends.router_model import wordllama_model

    model = wordllama_model()
    vectors = np.asarray(model.embedding, dtype=float)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
    whole = [(t[1:], i) for t, i in model.tokenizer.get_vocab().items() if t.startswith("\u2581")]
    words = [(w, i) for w, i in whole if w.isalpha() and w.islower() and len(w) >= 4]
    return [w for w, _ in words], vectors[[i for _, i in words]]


def _neighbours(words: set[str], tau: float) -> dict[str, list[str]]:
    from simxai.backends.router_model import wordllama_model

    names, matrix = _token_matrix()
    found = {}
    for word in sorted(words):
        if word.isalpha() and len(word) >= 4:
            similarity = matrix @ np.asarray(wordllama_model().embed([word], norm=True))[0]
            order = np.argsort(-similarity)[:4]
            found[word] = [names[j] for j in order if names[j] != word and similarity[j] >= tau][:3]
    return found


def _maxpool(reading: Reading, weight: float) -> dict[str, float]:
    from simxai.backends.router_model import wordllama_model

    plain = {"<fnum>": "feature", "<fcat>": "feature", "<num>": "number", "<cls>": "class", "<metric>": "metric"}
    text = " ".join(plain.get(w, w) for w in reading.words if w not in "?.!,;")
    model = wordllama_model()
    ids = model.tokenizer.encode(text, add_special_tokens=False).ids
    if not ids:
        return {}
    vectors = np.asarray(model.embedding, dtype=float)[ids]
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
    return {f"m{k}": round(float(v), 4) * weight for k, v in enumerate(vectors.max(axis=0))}


class _Families:
    """Operation scores with each family's members scored by a family classifier and a within-family one."""

    def __init__(self, samples: list[Sample], flat: LinearClassifier, mode: str) -> None:
        self.classes = flat.classes
        self.flat, self.mode = flat, mode
        labels = [shape_operations(s.shape) for s in samples]
        heads: dict[str, list[str]] = defaultdict(list)
        for operation in flat.classes:
            heads[operation.split()[0]].append(operation)
        self.families = {h: m for h, m in heads.items() if len(m) > 1 and h != "CHANGES"}
        self.models: dict[str, tuple[LinearClassifier, LinearClassifier]] = {}
        rows = [s.features for s in samples]
        for head, members in self.families.items():
            inside = [i for i, found in enumerate(labels) if set(members) & found]
            family = fit_multilabel(rows, [frozenset({head} if i in set(inside) else {"-"}) for i in range(len(rows))])
            within = fit_multilabel([rows[i] for i in inside], [frozenset(set(members) & labels[i]) for i in inside])
            self.models[head] = (family, within)

    def scores(self, features: Features) -> list[float]:
        decision = dict(zip(self.flat.classes, self.flat.scores(features), strict=True))
        for head, (family, within) in self.models.items():
            yes = dict(zip(family.classes, family.scores(features), strict=True))[head]
            among = dict(zip(within.classes, within.scores(features), strict=True))
            for operation in self.families[head]:
                if operation in among:
                    low = min(yes, among[operation])
                    combined = {"min": low, "avg": (yes + among[operation]) / 2, "mix": (decision[operation] + low) / 2}
                    decision[operation] = combined[self.mode]
        return [decision[c] for c in self.classes]


def _context_given_shape(samples: list[Sample], mode: str, weight: float) -> None:
    """Patch the parser so that the context classifier sees the (candidate or marginal) shape."""

    def keys(shape: str, has_filters: bool) -> list[str]:
        return [f"cs={shape}|{int(has_filters)}" if mode == "conditional" else f"cs={shape}"]

    rows = []
    for s in samples:
        row = dict(s.features)
        row.update({k: weight for k in keys(s.shape, s.has_filters)})
        rows.append(row)
    context = fit_classifier(rows, [s.context for s in samples])
    frequency = Counter(k for s in samples for k in keys(s.shape, s.has_filters))
    marginal = {k: weight * n / len(samples) for k, n in frequency.items()}
    fill, parse = LearnedParser._fill, LearnedParser.parse
    sentences: dict[int, Features] = {}

    def patched_parse(self: LearnedParser, text: str) -> Program | None:
        sentences[id(self)] = sentence_features(self.read(text))
        return parse(self, text)

    def patched_fill(self: LearnedParser, _: str, shape: str, slots: Any) -> str | None:
        row = dict(sentences[id(self)])
        row.update({k: weight for k in keys(shape, bool(slots.filters))} if mode == "conditional" else marginal)
        return fill(self, context.best(row), shape, slots)

    LearnedParser.parse = patched_parse  # type: ignore[method-assign]
    LearnedParser._fill = patched_fill  # type: ignore[method-assign,assignment]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("args", nargs="*")
    parser.add_argument("--data-dir", default="../shared/datasets")
    parser.add_argument("--splits", nargs="+", default=["dev", "dev-templates", "train"])
    parser.add_argument("--cache", type=Path, help="keep the aligned training samples in this file between runs")
    options = parser.parse_args()
    variant, args, data_dir = options.variant, options.args, options.data_dir
    base = load_model()
    if variant == "baseline":
        evaluate(base, data_dir, options.splits)
        return
    if variant == "fillings":
        original = ttm_training.training_pairs
        n = int(args[0])
        ttm_training.training_pairs = lambda d, split="train", fillings=n: original(d, split, fillings)  # type: ignore[assignment]
        evaluate(ttm_training.build(data_dir)[0], data_dir, options.splits)
        return
    if options.cache is not None and options.cache.is_file():
        samples = pickle.loads(options.cache.read_bytes())
    else:
        samples = training_samples(data_dir)
        if options.cache is not None:
            options.cache.write_bytes(pickle.dumps(samples))
    classifiers: dict[str, Any] = dict(base.classifiers)
    if variant == "l1-ops":
        classifiers["operations"] = _l1_operations(samples, float(args[0]))
    elif variant == "views":
        views = args[0].split(",")
        rows = [s.features for s in samples] + [_view(s.features, v) for v in views for s in samples]
        classifiers["operations"] = _operations(samples * (1 + len(views)), rows)
    elif variant == "neighbours":
        tau, copies, p, targets = float(args[0]), int(args[1]), float(args[2]), args[3].split(",")
        table = _neighbours({w for s in samples for w in s.reading.words}, tau)
        rng = random.Random(0)
        extra = []
        for s in samples:
            for _ in range(copies):
                words = tuple(rng.choice(table[w]) if table.get(w) and rng.random() < p else w for w in s.reading.words)
                if words != s.reading.words:
                    reading = Reading(s.reading.text, words, s.reading.mentions)
                    extra.append(Sample(reading, sentence_features(reading), s.shape, s.context, s.has_filters, ""))
        if "ops" in targets:
            classifiers["operations"] = _operations(samples + extra)
        if "shape" in targets:
            classifiers["shape"] = fit_classifier(
                [s.features for s in samples + extra], [s.shape for s in samples + extra]
            )
    elif variant == "context-shape":
        _context_given_shape(samples, args[0], float(args[1]))
    elif variant == "pruned":
        templates: dict[str, set[str]] = defaultdict(set)
        for s in samples:
            for name in s.features:
                templates[name].add(s.template)
        keep = {n for n, found in templates.items() if len(found) >= int(args[0])}
        rows = [{n: v for n, v in s.features.items() if n in keep} for s in samples]
        classifiers["operations"] = _operations(samples, rows)
        classifiers["shape"] = fit_classifier(rows, [s.shape for s in samples])
        classifiers["context"] = fit_classifier(rows, [s.context for s in samples])
    elif variant == "maxpool":
        weight = float(args[0])
        rows = [{**s.features, **_maxpool(s.reading, weight)} for s in samples]
        classifiers["operations"] = _operations(samples, rows)
        classifiers["shape"] = fit_classifier(rows, [s.shape for s in samples])
        classifiers["context"] = fit_classifier(rows, [s.context for s in samples])
        original_features = ttm_learned.sentence_features

        def pooled(reading: Reading) -> Features:
            return {**original_features(reading), **_maxpool(reading, weight)}

        ttm_learned.sentence_features = pooled
    elif variant == "families":
        classifiers["operations"] = _Families(samples, base.classifiers["operations"], args[0])
    else:
        raise SystemExit(f"unknown variant {variant!r}; see the docstring of bench/ttm_variants.py")
    evaluate(LearnedModel(classifiers, base.info), data_dir, options.splits)


if __name__ == "__main__":
    main()
