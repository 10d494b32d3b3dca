"""The author-grouped criterion for the selector's settings: folds, the cached TF-IDF, weights, whole builds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from simxai.backends.router_model import analyze
from simxai.eval_suite.router_training.data import TrainingData
from simxai.eval_suite.router_training.folds import (
    Corpus,
    _mask,
    author_folds,
    build_model,
    held_out_examples,
    score_fold,
    tfidf,
    weights,
)
from simxai.eval_suite.router_training.train import FIT_DEFAULTS, SETTINGS, bag_members, fit_linear, sample_weights
from simxai.exceptions import UsageError
from tests.eval_suite.test_router_authors import TINY_HOST

BENCH = Path(__file__).resolve().parents[2] / "bench"

TEXTS = [
    "what does the model predict for zinst",
    "why did the model predict zlabel for zinst",
    "how accurate is the model",
    "which features matter most overall",
    "what if zfeat were znum for zinst",
    "what would it take for zinst to be zlabel",
    "hello there",
    "thanks a lot",
    "predict zinst please",
    "show me the data",
    "how well does it do on zgroup",
    "top features for zinst",
]
LABELS = [
    "get_prediction",
    "get_local_explanation",
    "get_model_performance",
    "get_global_explanation",
    "explain_what_if",
    "explain_how_to_be_that",
    "none",
    "none",
    "get_prediction",
    "get_data_information",
    "get_model_performance",
    "get_local_explanation",
]


def _corpus() -> Corpus:
    from sklearn.feature_extraction.text import CountVectorizer

    counter = CountVectorizer(analyzer=analyze, dtype=np.float64)
    counts = counter.fit_transform(TEXTS * 3).tocsr()
    n = len(TEXTS) * 3
    authors = ["", "", "", ""] * (n // 4)
    sources = ["paraphrase"] * n
    for row, author in ((0, "a"), (1, "a"), (8, "b"), (9, "b"), (12, "c"), (13, "c"), (22, "d"), (23, "d")):
        authors[row], sources[row] = author, "people"
    sources[24], sources[25] = "coxql", "talktomodel"
    splits = ["dev" if i >= 24 else "train" for i in range(n)]
    rng = np.random.default_rng(0)
    embeddings = rng.normal(size=(n, 8))
    return Corpus(
        labels=np.array(LABELS * 3),
        sources=np.array(sources),
        splits=np.array(splits),
        authors=np.array(authors),
        extra=np.array([a == "d" for a in authors]),
        terms=[str(t) for t in counter.get_feature_names_out()],
        counts=counts,
        embeddings=embeddings / np.linalg.norm(embeddings, axis=1, keepdims=True),
        key="test",
        bag_keys=np.array([f"s\t{text}#{i}" for i, text in enumerate(TEXTS * 3)]),
    )


def test_tfidf_from_the_cached_counts_is_the_training_commands_vectorizer() -> None:
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.preprocessing import normalize

    corpus = _corpus()
    rows = np.array([0, 2, 3, 5, 7, 8, 11, 13, 16, 30, 31])
    vectorizer = TfidfVectorizer(analyzer=analyze, sublinear_tf=True, min_df=2, dtype=np.float64)
    expected = vectorizer.fit_transform([(TEXTS * 3)[i] for i in rows])
    columns, idf = tfidf(corpus.counts, rows, min_df=2)
    assert [corpus.terms[c] for c in columns] == list(vectorizer.get_feature_names_out())
    np.testing.assert_allclose(idf, vectorizer.idf_)
    matrix = corpus.counts[rows][:, columns].astype(np.float64)
    matrix.data = np.log(matrix.data) + 1.0
    np.testing.assert_allclose(normalize(matrix.multiply(idf)).toarray(), expected.toarray(), atol=1e-12)


def test_folds_partition_the_authors_into_near_equal_groups() -> None:
    names = ["r0", *(f"w{i}" for i in range(1, 11))]
    folds = author_folds(names, 3)
    assert sorted(a for fold in folds for a in fold) == sorted(names)
    assert sorted(len(f) for f in folds) == [3, 4, 4]
    with pytest.raises(UsageError, match="between 2 and 11 folds"):
        author_folds(names, 12)


def test_weights_follow_the_training_commands_sources() -> None:
    corpus = _corpus()
    settings = {**SETTINGS, "people_weight": 16.0, "written_weight": 8.0}
    assert weights(corpus, np.array([0, 3, 24, 25]), settings).tolist() == [16.0, 1.0, 8.0, 8.0]


def test_a_fold_never_trains_on_its_authors_and_scores_only_them() -> None:
    corpus = _corpus()
    settings = {**SETTINGS, "min_df": 1, "max_iter": 200}
    score = score_fold(corpus, ["a", "b"], settings)
    assert score.requests == 4  # a's and b's rows, both splits
    assert 0.0 <= score.confident_wrong <= 1.0 - score.accuracy
    assert set(score.guard) == {"coxql", "talktomodel"}
    assert sorted(p[0] for p in score.predictions) == ["a", "a", "b", "b"]
    right = [gold == chosen for _, gold, chosen, _ in score.predictions]
    assert np.mean(right) == pytest.approx(score.accuracy)
    assert all(0.0 < p <= 1.0 for *_, p in score.predictions)


def test_the_bench_pools_asked_and_confident_wrong_at_each_threshold() -> None:
    sys.path.insert(0, str(BENCH))
    from author_folds import rates

    pooled = [("a", "x", "x", 0.9), ("a", "x", "y", 0.75), ("b", "y", "y", 0.65), ("b", "y", "x", 0.5)]
    assert rates(pooled) == (
        "50.0% of 4; below 0.6: asked 25.0%, confident-wrong 25.0%; "
        "below 0.7: asked 50.0%, confident-wrong 25.0%; below 0.8: asked 75.0%, confident-wrong 0.0%"
    )
    assert rates([]) == "no requests"


def test_a_whole_build_leaves_out_held_out_authors_and_adds_only_the_included_extra_ones() -> None:
    corpus = _corpus()
    settings = {**SETTINGS, "min_df": 1, "max_iter": 50, "embedding_weight": 0.0}
    plain = build_model(corpus, settings)
    without_a = build_model(corpus, settings, hold_out=["a"])
    with_d = build_model(corpus, settings, include=["d"])
    assert without_a.metadata["hold_out"] == ["a"] and with_d.metadata["include"] == ["d"]
    assert set(plain.classes) == set(LABELS)
    assert not np.allclose(plain.coef, without_a.coef)  # a's rows were in the plain build
    assert not np.allclose(plain.coef, with_d.coef)  # d's rows (held_out_people) were not


def test_the_bench_reads_variants_and_refuses_unknown_settings() -> None:
    sys.path.insert(0, str(BENCH))
    from author_folds import parse_variant

    assert parse_variant("C=3,people_weight=16,class_weight=none") == {
        "C": 3.0,
        "people_weight": 16.0,
        "class_weight": None,
    }
    assert parse_variant("min_df=3") == {"min_df": 3}
    with pytest.raises(ValueError, match="NAME one of C, embedding_weight"):
        parse_variant("gamma=2")
    with pytest.raises(ValueError, match="C takes a number"):
        parse_variant("C=high")


def test_churn_counts_changed_answers_and_their_direction() -> None:
    sys.path.insert(0, str(BENCH))
    from fresh_set import Outcome, Scored
    from selector_churn import compare

    def row(case: str, outcome: Outcome, called: str | None, asked: str | None = None) -> Scored:
        return Scored(case, 0, "demo", "request", "t", ["get_prediction"], {}, outcome, called, {}, asked)

    before = {
        "w1:a#0": row("a", "correct", "get_prediction"),
        "w1:b#0": row("b", "clarified", None, "which?"),
        "w1:c#0": row("c", "correct", "get_prediction"),
        "w2:d#0": row("d", "confident_wrong", "explain_why_not"),
    }
    after = {
        "w1:a#0": row("a", "correct", "get_prediction"),
        "w1:b#0": row("b", "correct", "get_prediction"),
        "w1:c#0": row("c", "confident_wrong", "get_local_explanation"),
        "w2:d#0": row("d", "clarified", None, "which?"),
    }
    result = compare(before, after)
    assert result["per_set"]["w1"] == {
        "turns": 3,
        "changed": 2,
        "better": 1,
        "worse": 1,
        "right_before": 2,
        "right_after": 2,
    }
    assert result["per_set"]["w2"]["changed"] == 1 and result["per_set"]["w2"]["better"] == 0
    assert [c["direction"] for c in result["changed"]] == ["better", "worse", "sideways"]


def test_a_bag_holds_every_written_request_and_a_stable_share_of_the_generated_ones() -> None:
    keys = np.array([f"schema\t{i}" for i in range(2000)])
    sources = np.array(["people", "coxql"] + ["paraphrase"] * 1998)
    settings = {**SETTINGS, "bag_share": 0.5}
    first, second = (bag_members(keys, sources, bag, settings) for bag in (0, 1))
    assert first[:2].all() and second[:2].all()
    assert 0.45 < first[2:].mean() < 0.55 and not np.array_equal(first, second)
    # a generated request's bags depend on its own key alone: dropping other rows moves no one
    assert np.array_equal(bag_members(keys[500:], sources[500:], 0, settings), first[500:])


def test_bagged_coefficients_are_the_mean_of_the_members_fits() -> None:
    from sklearn.linear_model import LogisticRegression

    corpus = _corpus()
    rows = np.arange(len(corpus.labels))
    matrix = corpus.counts.astype(np.float64)
    labels, sources, keys = corpus.labels, corpus.sources, corpus.bag_keys
    settings = {**SETTINGS, **FIT_DEFAULTS, "min_df": 1, "max_iter": 500}
    single = fit_linear(matrix, labels, sources, keys, settings)
    plain = LogisticRegression(C=settings["C"], class_weight="balanced", max_iter=500, tol=settings["tol"])
    plain.fit(matrix, labels, sample_weight=sample_weights(sources, settings))
    np.testing.assert_allclose(single.coef, plain.coef_)
    assert single.classes == tuple(plain.classes_)
    np.testing.assert_allclose(single.decision_function(matrix), plain.decision_function(matrix), atol=1e-9)
    # every class of the test corpus lies in the written rows or in both halves of bag_share 0.9
    bagged_settings = {**settings, "bags": 3, "bag_share": 0.9}
    bagged = fit_linear(matrix, labels, sources, keys, bagged_settings)
    members = []
    for bag in range(3):
        kept = rows[bag_members(keys, sources, bag, bagged_settings)]
        member = LogisticRegression(C=settings["C"], class_weight="balanced", max_iter=500, tol=settings["tol"])
        member.fit(matrix[kept], labels[kept], sample_weight=sample_weights(sources[kept], settings))
        members.append(member.coef_)
    np.testing.assert_allclose(bagged.coef, np.mean(members, axis=0))


def test_a_bag_without_some_class_is_refused() -> None:
    corpus = _corpus()
    settings = {**SETTINGS, "bags": 2, "bag_share": 0.0}
    with pytest.raises(UsageError, match="lacks a class"):
        fit_linear(corpus.counts, corpus.labels, corpus.sources, corpus.bag_keys, settings)


def test_a_held_out_author_that_brings_a_host_is_masked_with_that_hosts_schema(tmp_path: Path) -> None:
    folder = tmp_path / "wx"
    folder.mkdir()
    rows = [
        {"id": "a", "host": "plots", "text": "why is plot 301 poor?", "function": "get_local_explanation"},
        {"id": "b", "host": "demo", "text": "what about patient 3?", "function": "get_prediction"},
        {"id": "c", "host": "plots", "text": "which one?", "function": None, "clarify": True},
    ]
    (folder / "requests.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    (folder / "host_plots.py").write_text(TINY_HOST, encoding="utf-8")
    data = TrainingData([], {}, {})
    examples = held_out_examples(data, tmp_path)
    assert [(e.schema, e.label, e.author) for e in examples] == [
        ("host plots of wx", "get_local_explanation", "wx"),
        ("host demo", "get_prediction", "wx"),
    ]
    assert data.schemas["host plots of wx"].instance_noun == "plot"
    assert data.schemas["host demo"].instance_noun == "patient"


def test_a_fold_may_score_an_extra_author_and_its_fits_add_the_included_ones() -> None:
    corpus = _corpus()
    settings = {**SETTINGS, "min_df": 1, "max_iter": 200}
    alone = score_fold(corpus, ["a", "d"], settings)
    assert alone.requests == 4 and set(alone.per_author) == {"a", "d"}
    assert alone.per_author["d"]["requests"] == 2
    assert score_fold(corpus, ["a"], settings, include=["d"]).per_author["a"]["requests"] == 2
    rows_of = {name: set(np.flatnonzero(corpus.authors == name)) for name in ("a", "d")}
    usable = set(np.flatnonzero(_mask(corpus, ["a"], ["d"])))
    assert rows_of["d"] <= usable and not rows_of["a"] & usable
    # an author of the fold is never trained on, included or not
    assert not rows_of["d"] & set(np.flatnonzero(_mask(corpus, ["d"], ["d"])))
