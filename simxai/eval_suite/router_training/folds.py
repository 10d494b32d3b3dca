"""Choose the selector's settings by authors held out: a grouped cross-validation over the people/ authors.

The dev split of `data.py` holds out templates and hosts, but the same authors and the same template families
sit on both sides of it, and authors never trained on score 10-20 points lower than dev. This module measures
what the project needs instead: for each fold of authors, a selector trained without those authors' requests
(in neither split) scores every request they wrote (the bare selector: its top function, and whether it
answers wrongly with a calibrated probability of at least `ASK_BELOW`). CoXQL's and TalkToModel's dev splits
are scored by the same fits, as a guard rail.

A fit here is the training command's fit (`train._fit`), computed from a cache: every example's masked text
and embedding are computed once (`Corpus.build`, minutes) and stored, and the TF-IDF of a subset is derived
from one count matrix of all texts (the same vocabulary, idf and sublinear, l2-normalised weights that
`TfidfVectorizer(min_df=...)` fitted on that subset gives; a test checks it). So a fold costs one logistic
regression, not a rebuild. `build_model` makes a whole selector (temperature and threshold chosen out of author
as the training command chooses them, then a fit on train + dev) the same way, for churn comparisons and engine
runs; the shipped artifact is still written by the training command alone.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simxai.backends.router import ASK_BELOW
from simxai.backends.router_model import SelectorModel, analyze, embed
from simxai.eval_suite.router_training.authors import people_requests
from simxai.eval_suite.router_training.calibration import Predictions, author_folds, out_of_author_predictions
from simxai.eval_suite.router_training.data import Example, TrainingData, build_training_data, selector_texts
from simxai.eval_suite.router_training.train import (
    SETTINGS,
    LinearFit,
    _temperature,
    bag_key,
    chosen_threshold,
    fit_linear,
    sample_weights,
    sweep_lines,
)

__all__ = [
    "HELD_OUT_DIR",
    "Corpus",
    "FoldScore",
    "author_folds",
    "build_model",
    "fit",
    "fold_predictions",
    "held_out_examples",
    "score_folds",
    "tfidf",
]

HELD_OUT_DIR = Path(__file__).resolve().parent / "held_out_people"
_GUARD = ("coxql", "talktomodel")  # the written sources whose dev split is the guard rail


@dataclass(frozen=True)
class Corpus:
    """Every example's label, source, split and author, with its term counts and embedding (row-aligned).

    `extra` marks the requests of the authors of `held_out_people/` (never in a fit unless asked for).
    """

    labels: np.ndarray  # str
    sources: np.ndarray  # str
    splits: np.ndarray  # str
    authors: np.ndarray  # str, "" outside the people sources
    extra: np.ndarray  # bool
    terms: list[str]  # sorted, the columns of `counts`
    counts: Any  # scipy.sparse.csr_matrix (n_examples, n_terms) of term counts
    embeddings: np.ndarray  # (n_examples, 256), unit length
    key: str
    bag_keys: np.ndarray  # str, what decides a generated example's bags (`train.bag_key`)

    @classmethod
    def build(cls, data_dir: Path, cache: Path | None = None, *, log: Callable[[str], object] = print) -> Corpus:
        """The corpus of the training data of `data_dir` plus `held_out_people/`, from `cache` when it is current.

        The cache key hashes every example (text, label, schema, split, author); a change to the masking without
        one to the examples is not seen, so delete the cache after such a change.
        """
        data = build_training_data(data_dir)
        extra = held_out_examples(data)
        examples = [*data.examples, *extra]
        lines = "".join(f"{e.text}\t{e.label}\t{e.schema}\t{e.split}\t{e.author}\n" for e in examples)
        key = hashlib.sha256(f"{SETTINGS['embedding']}\n{lines}".encode()).hexdigest()[:16]
        if cache is not None and (cache / "corpus.json").is_file():
            corpus = cls.load(cache)
            if corpus.key == key:
                log(f"corpus from {cache} ({len(corpus.labels)} examples)")
                return dataclasses.replace(corpus, bag_keys=np.array([bag_key(e) for e in examples]))
        started = time.perf_counter()
        texts = selector_texts(examples, data)
        log(f"masked {len(texts)} texts in {time.perf_counter() - started:.0f} s")
        started = time.perf_counter()
        from sklearn.feature_extraction.text import CountVectorizer

        counter = CountVectorizer(analyzer=analyze, dtype=np.float64)
        counts = counter.fit_transform(texts).tocsr()
        terms = [str(t) for t in counter.get_feature_names_out()]
        embeddings = embed(texts, SETTINGS["embedding"])
        log(f"counted and embedded in {time.perf_counter() - started:.0f} s")
        corpus = cls(
            labels=np.array([e.label for e in examples]),
            sources=np.array([e.source for e in examples]),
            splits=np.array([e.split for e in examples]),
            authors=np.array([e.author for e in examples]),
            extra=np.array([i >= len(data.examples) for i in range(len(examples))]),
            terms=terms,
            counts=counts,
            embeddings=embeddings,
            key=key,
            bag_keys=np.array([bag_key(e) for e in examples]),
        )
        if cache is not None:
            corpus.save(cache)
        return corpus

    def save(self, folder: Path) -> None:
        """Write the corpus to `folder` (numpy and JSON, no pickle)."""
        import scipy.sparse

        folder.mkdir(parents=True, exist_ok=True)
        scipy.sparse.save_npz(folder / "counts.npz", self.counts)
        np.save(folder / "embeddings.npy", self.embeddings)
        columns = {name: getattr(self, name).tolist() for name in ("labels", "sources", "splits", "authors", "extra")}
        (folder / "corpus.json").write_text(json.dumps({"key": self.key, "terms": self.terms, **columns}))

    @classmethod
    def load(cls, folder: Path) -> Corpus:
        """Read a corpus written by `save` (without its bag keys, which `build` derives from the examples)."""
        import scipy.sparse

        meta = json.loads((folder / "corpus.json").read_text())
        return cls(
            labels=np.array(meta["labels"]),
            sources=np.array(meta["sources"]),
            splits=np.array(meta["splits"]),
            authors=np.array(meta["authors"]),
            extra=np.array(meta["extra"], dtype=bool),
            terms=meta["terms"],
            counts=scipy.sparse.load_npz(folder / "counts.npz").tocsr(),
            embeddings=np.load(folder / "embeddings.npy"),
            key=meta["key"],
            bag_keys=np.array([""] * len(meta["labels"])),
        )

    def people_authors(self) -> list[str]:
        """The authors of people/ (not of held_out_people/), sorted."""
        return sorted({str(a) for a in self.authors[(self.sources == "people") & ~self.extra]})


def held_out_examples(data: TrainingData, folder: Path = HELD_OUT_DIR) -> list[Example]:
    """The requests of the authors in `folder` as people's examples; a host a folder brings joins `data.schemas`."""
    from simxai.eval_suite.data.labels import ELEVEN

    excluded: Counter[str] = Counter()
    requests = people_requests(ELEVEN, excluded, folder=folder)
    for r in requests:  # a host the author's folder brings is masked with its own schema
        data.schemas.setdefault(r.schema.name, r.schema)
    return [Example(r.text, r.label, r.schema.name, "people", "dev" if r.dev else "train", r.author) for r in requests]


def tfidf(counts: Any, rows: np.ndarray, min_df: int) -> tuple[np.ndarray, np.ndarray]:
    """The columns kept and their idf for a TF-IDF fitted on `rows` (as `TfidfVectorizer`: smooth idf, `min_df`)."""
    df = np.asarray((counts[rows] > 0).sum(axis=0)).ravel()
    columns = np.flatnonzero(df >= min_df)
    idf = np.log((1 + len(rows)) / (1 + df[columns])) + 1.0
    return columns, idf


def _matrix(corpus: Corpus, rows: np.ndarray, columns: np.ndarray, idf: np.ndarray, embedding_weight: float) -> Any:
    import scipy.sparse
    from sklearn.preprocessing import normalize

    matrix = corpus.counts[rows][:, columns].astype(np.float64)
    matrix.data = np.log(matrix.data) + 1.0  # sublinear tf
    matrix = normalize(matrix @ scipy.sparse.diags(idf), norm="l2", copy=False)
    if not embedding_weight:
        return matrix.tocsr()
    dense = scipy.sparse.csr_matrix(corpus.embeddings[rows] * embedding_weight)
    return scipy.sparse.hstack([matrix, dense]).tocsr()


@dataclass(frozen=True)
class Fit:
    """A fitted selector over the corpus's columns: the TF-IDF columns and idf, and the classifier."""

    columns: np.ndarray
    idf: np.ndarray
    classifier: LinearFit
    settings: dict[str, Any]
    seconds: float

    @property
    def iterations(self) -> int:
        """The solver's iterations (at `max_iter` it stopped before converging)."""
        return self.classifier.iterations

    def logits(self, corpus: Corpus, rows: np.ndarray) -> np.ndarray:
        """The classifier's class scores for `rows` of the corpus."""
        matrix = _matrix(corpus, rows, self.columns, self.idf, self.settings["embedding_weight"])
        return np.asarray(self.classifier.decision_function(matrix))


def weights(corpus: Corpus, rows: np.ndarray, settings: dict[str, Any]) -> np.ndarray:
    """Each row's sample weight, as the training command gives it (people, other written sources, generated)."""
    return sample_weights(corpus.sources[rows], settings)


def fit(corpus: Corpus, rows: np.ndarray, settings: dict[str, Any]) -> Fit:
    """The training command's fit (`train._fit`) on `rows` of the corpus."""
    started = time.perf_counter()
    columns, idf = tfidf(corpus.counts, rows, settings["min_df"])
    matrix = _matrix(corpus, rows, columns, idf, settings["embedding_weight"])
    classifier = fit_linear(matrix, corpus.labels[rows], corpus.sources[rows], corpus.bag_keys[rows], settings)
    return Fit(columns, idf, classifier, settings, time.perf_counter() - started)


def probabilities(logits: np.ndarray, temperature: float) -> np.ndarray:
    """Calibrated class probabilities (softmax of the logits over the temperature)."""
    scaled = logits / temperature
    scaled = np.exp(scaled - scaled.max(axis=1, keepdims=True))
    return np.asarray(scaled / scaled.sum(axis=1, keepdims=True))


@dataclass(frozen=True)
class FoldScore:
    """One fold: its authors, how its selector did on their requests and on the guard rail, and the fit's time."""

    authors: tuple[str, ...]
    requests: int
    accuracy: float
    confident_wrong: float
    guard: dict[str, float]  # accuracy on CoXQL's and TalkToModel's dev splits
    temperature: float
    seconds: float
    iterations: int
    # each author of the fold: requests, accuracy and confident-wrong rate
    per_author: dict[str, dict[str, float]] = dataclasses.field(default_factory=dict)
    # each request scored: its author, gold function, the selector's choice and its calibrated probability
    predictions: tuple[tuple[str, str, str, float], ...] = ()


def _gold(corpus: Corpus, rows: np.ndarray, classes: Sequence[str]) -> np.ndarray:
    return np.array([list(classes).index(str(label)) for label in corpus.labels[rows]])


def _mask(corpus: Corpus, held_out: Collection[str], include: Collection[str]) -> np.ndarray:
    """Rows a fit may use: not of a held-out author, and of `held_out_people/` only for the authors in `include`."""
    excluded = np.isin(corpus.authors, sorted(held_out))
    extra_allowed = np.isin(corpus.authors, sorted(include))
    return ~excluded & (~corpus.extra | extra_allowed)


def score_fold(
    corpus: Corpus, fold: Sequence[str], settings: dict[str, Any], include: Collection[str] = ()
) -> FoldScore:
    """Train on the train split without `fold`'s authors, calibrate on dev without them, score them and the guard.

    The fits use the authors of `held_out_people/` in `include` (never one of `fold`); `fold` may name authors of
    either folder.
    """
    usable = _mask(corpus, fold, include)
    train_rows = np.flatnonzero(usable & (corpus.splits == "train"))
    dev_rows = np.flatnonzero(usable & (corpus.splits == "dev"))
    fitted = fit(corpus, train_rows, settings)
    classes = [str(c) for c in fitted.classifier.classes]
    temperature = _temperature(fitted.logits(corpus, dev_rows), _gold(corpus, dev_rows, classes))
    held = np.flatnonzero(np.isin(corpus.authors, list(fold)))
    probs = probabilities(fitted.logits(corpus, held), temperature)
    right = probs.argmax(axis=1) == _gold(corpus, held, classes)
    confident = probs.max(axis=1) >= ASK_BELOW
    per_author = {}
    for author in fold:
        own = corpus.authors[held] == author
        per_author[author] = {
            "requests": int(own.sum()),
            "accuracy": float(right[own].mean()) if own.any() else 0.0,
            "confident_wrong": float((~right & confident)[own].mean()) if own.any() else 0.0,
        }
    chosen = probs.argmax(axis=1)
    predictions = tuple(
        (str(corpus.authors[row]), str(corpus.labels[row]), classes[choice], float(p))
        for row, choice, p in zip(held, chosen, probs.max(axis=1), strict=True)
    )
    guard = {}
    for source in _GUARD:
        rows = np.flatnonzero((corpus.sources == source) & (corpus.splits == "dev"))
        guard[source] = float(np.mean(fitted.logits(corpus, rows).argmax(axis=1) == _gold(corpus, rows, classes)))
    return FoldScore(
        authors=tuple(fold),
        requests=len(held),
        accuracy=float(right.mean()),
        confident_wrong=float((~right & confident).mean()),
        guard=guard,
        temperature=temperature,
        seconds=fitted.seconds,
        iterations=fitted.iterations,
        per_author=per_author,
        predictions=predictions,
    )


def score_folds(
    corpus: Corpus,
    folds: Sequence[Sequence[str]],
    settings: dict[str, Any],
    *,
    include: Collection[str] = (),
    log: Callable[[str], object] = print,
) -> list[FoldScore]:
    """`score_fold` for each fold (the fits adding the `held_out_people/` authors in `include`), logged as it goes."""
    scores = []
    for fold in folds:
        score = score_fold(corpus, fold, settings, include)
        log(
            f"  fold {'+'.join(fold)}: {score.accuracy:.1%} of {score.requests}, confident-wrong "
            f"{score.confident_wrong:.1%}, CoXQL dev {score.guard['coxql']:.1%}, TalkToModel dev "
            f"{score.guard['talktomodel']:.1%}, T {score.temperature}, "
            f"fit {score.seconds:.0f} s ({score.iterations} iterations)"
        )
        if len(fold) > 1:
            for author, own in score.per_author.items():
                log(
                    f"    {author}: {own['accuracy']:.1%} of {own['requests']:.0f}, "
                    f"confident-wrong {own['confident_wrong']:.1%}"
                )
        scores.append(score)
    return scores


def _selector(corpus: Corpus, fitted: Fit, temperature: float, metadata: dict[str, Any]) -> SelectorModel:
    return SelectorModel(
        classes=fitted.classifier.classes,
        vocabulary={corpus.terms[column]: i for i, column in enumerate(fitted.columns)},
        idf=fitted.idf,
        coef=fitted.classifier.coef,
        intercept=fitted.classifier.intercept,
        temperature=temperature,
        metadata=metadata,
    )


def build_model(
    corpus: Corpus,
    settings: dict[str, Any],
    *,
    hold_out: Collection[str] = (),
    include: Collection[str] = (),
) -> SelectorModel:
    """A whole selector as the training command builds it: the temperature and threshold chosen out of author
    (`calibration_folds`; 0: the temperature of a train-only fit on dev), then a fit on train + dev.

    Args:
        corpus: the cached examples.
        settings: the training settings (`train.SETTINGS` or a variant).
        hold_out: authors of people/ left out of both splits.
        include: authors of `held_out_people/` added to the data (their requests split as people's are).
    """
    usable = _mask(corpus, hold_out, include)
    train_rows = np.flatnonzero(usable & (corpus.splits == "train"))
    dev_rows = np.flatnonzero(usable & (corpus.splits == "dev"))
    train_only = fit(corpus, train_rows, settings)
    classes = [str(c) for c in train_only.classifier.classes]
    temperature = _temperature(train_only.logits(corpus, dev_rows), _gold(corpus, dev_rows, classes))
    chosen: dict[str, Any] = {}
    if settings.get("calibration_folds"):  # as the training command: on the people/ authors out of author
        names = sorted({*(a for a in corpus.people_authors() if a not in hold_out), *include})
        pooled = out_of_author_predictions(
            author_folds(names, min(int(settings["calibration_folds"]), len(names))),
            lambda fold: fold_predictions(corpus, fold, settings, include, also_out=hold_out),
        )
        temperature = _temperature(pooled.logits, pooled.gold)
        sweep = sweep_lines(pooled.probabilities(temperature), pooled.gold)
        chosen = {"threshold_sweep_chosen": sweep, "ask_below_chosen": chosen_threshold(sweep)}
    final = fit(corpus, np.flatnonzero(usable), settings)
    metadata = {
        "settings": settings,
        "fitted_on": "train+dev",
        "built_by": "router_training.folds.build_model (not the shipped artifact)",
        "hold_out": sorted(hold_out),
        "include": sorted(include),
        "seconds": round(train_only.seconds + final.seconds, 1),
        "iterations": [train_only.iterations, final.iterations],
        **chosen,
    }
    return _selector(corpus, final, temperature, metadata)


def fold_predictions(
    corpus: Corpus,
    fold: Sequence[str],
    settings: dict[str, Any],
    include: Collection[str] = (),
    *,
    also_out: Collection[str] = (),
) -> Predictions:
    """The logits of a selector fitted on the train split without `fold`'s authors, for every request they wrote
    (both splits), with their gold classes: one fold of `calibration.out_of_author_predictions`.
    """
    train_rows = np.flatnonzero(_mask(corpus, [*fold, *also_out], include) & (corpus.splits == "train"))
    fitted = fit(corpus, train_rows, settings)
    held = np.flatnonzero(np.isin(corpus.authors, list(fold)))
    return Predictions(fitted.logits(corpus, held), _gold(corpus, held, fitted.classifier.classes))
