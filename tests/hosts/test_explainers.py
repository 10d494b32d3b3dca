"""Exact SHAP per model family: additivity, agreement with shap's own explainer, pipelines folded back.

The optional libraries' models (XGBoost, LightGBM, CatBoost) are tested when the library is installed; CI
installs them (`.ci/run`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.decomposition import PCA
from sklearn.ensemble import (
    ExtraTreesClassifier,
    GradientBoostingClassifier,
    HistGradientBoostingClassifier,
    RandomForestClassifier,
)
from sklearn.linear_model import LogisticRegression, SGDClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from simxai.exceptions import UsageError
from simxai.hosts._imports import import_shap
from simxai.hosts.tabular import TabularHost

NUMERIC = ["income", "debt", "years", "age"]


def _data(n: int = 400, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "income": np.round(rng.uniform(10, 90, n), 1),
            "debt": np.round(rng.uniform(0, 50, n), 1),
            "years": rng.integers(0, 30, n).astype(float),
            "age": rng.integers(18, 80, n).astype(float),
            "region": rng.choice(["north", "south", "east"], n),
        }
    )
    score = 0.08 * frame.income - 0.1 * frame.debt + 0.05 * frame.years
    score = score + frame.region.map({"north": 1.0, "south": -1.0, "east": 0.0})
    noisy = score + rng.normal(0, 0.8, n)
    frame["grade"] = np.digitize(noisy, np.quantile(noisy, [1 / 3, 2 / 3]))
    return frame


def _library(name: str) -> Any:
    return pytest.importorskip(name)


# name -> (estimator factory, its module to import first or None)
ESTIMATORS: dict[str, Callable[[], Any]] = {
    "hist_gradient_boosting": lambda: HistGradientBoostingClassifier(max_iter=25, random_state=0),
    "random_forest": lambda: RandomForestClassifier(n_estimators=15, max_depth=5, random_state=0),
    "extra_trees": lambda: ExtraTreesClassifier(n_estimators=15, max_depth=5, random_state=0),
    "gradient_boosting": lambda: GradientBoostingClassifier(n_estimators=20, random_state=0),
    "xgboost": lambda: _library("xgboost").XGBClassifier(n_estimators=20, max_depth=3, n_jobs=1),
    "lightgbm": lambda: _library("lightgbm").LGBMClassifier(n_estimators=20, verbose=-1, n_jobs=1),
    "catboost": lambda: _library("catboost").CatBoostClassifier(
        iterations=20, depth=4, verbose=0, thread_count=1, allow_writing_files=False
    ),
    "logistic_regression": lambda: LogisticRegression(max_iter=1000),
    "sgd_log_loss": lambda: SGDClassifier(loss="log_loss", random_state=0),
}
TREES = {"hist_gradient_boosting", "random_forest", "extra_trees", "gradient_boosting", "xgboost", "lightgbm"}
TREES |= {"catboost"}
PROBABILITY = {"random_forest", "extra_trees"}


def _shap_reference(estimator: Any, matrix: Any, background: np.ndarray, linear: bool) -> np.ndarray:
    """shap's own values, shape (rows, columns, classes) or (rows, columns) for one binary output."""
    shap = import_shap()
    if linear:
        values = shap.LinearExplainer(estimator, background).shap_values(matrix)
    else:
        import warnings

        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="LightGBM binary classifier", category=UserWarning)
            values = shap.TreeExplainer(estimator).shap_values(matrix, check_additivity=False)
    values = np.stack(values, axis=-1) if isinstance(values, list) else np.asarray(values, dtype=float)
    return values


def _host(model: Any, data: pd.DataFrame, features: list[str], **options: Any) -> TabularHost:
    return TabularHost(
        model,
        data[[*features, "grade"]],
        "grade",
        ["low", "mid", "high"] if data.grade.nunique() == 3 else ["no", "yes"],
        name="loans",
        categorical_features=["region"] if "region" in features else [],
        background_size=60,
        **options,
    )


@pytest.mark.parametrize("classes", [2, 3])
@pytest.mark.parametrize("name", sorted(ESTIMATORS))
def test_each_family_is_exact_additive_and_agrees_with_shap(name: str, classes: int) -> None:
    data = _data()
    if classes == 2:
        data = data.assign(grade=(data.grade > 0).astype(int))
    estimator = ESTIMATORS[name]().fit(data[NUMERIC], data.grade)
    host = _host(estimator, data, NUMERIC)
    attributor = host._attributor()
    linear = name not in TREES
    assert attributor.family == ("linear" if linear else "tree"), attributor.method
    rows = [3, 77, 250]
    frame = data[NUMERIC].iloc[rows].reset_index(drop=True)
    result = attributor.explain(frame)
    assert result.values.shape == (3, len(NUMERIC), classes)
    expected_space = "probability" if name in PROBABILITY else ("log-odds" if classes == 2 else "score")
    assert attributor.space == expected_space
    # Additive against the model's own output, computed here independently of the host.
    if expected_space == "probability":
        own = estimator.predict_proba(frame)
    else:
        own = _raw_scores(name, estimator, frame, classes)
    assert result.base + result.values.sum(axis=1) == pytest.approx(own, abs=1e-4)
    # Agrees with shap's explainer on the same rows (shap's TreeExplainer takes only binary
    # GradientBoostingClassifiers; tests/hosts/test_treeshap.py checks the multiclass one by brute force).
    if not (name == "gradient_boosting" and classes == 3):
        background = host.table.rows(np.sort(np.random.default_rng(0).choice(host.train_ids, 60, replace=False)))
        reference = _shap_reference(estimator, frame, background.to_numpy(dtype=float), linear)
        mine = result.values if reference.ndim == 3 else result.values[:, :, 1]
        assert mine == pytest.approx(reference, rel=1e-6, abs=1e-9)
    # The host reports the same numbers.
    local = host.local_explanation(host.resolve(77), host.class_names[-1])
    by_feature = {a.feature: a.contribution for a in local.attributions}
    assert [by_feature[f] for f in NUMERIC] == pytest.approx(result.values[1, :, -1])
    assert local.output_space == expected_space and "exact" in local.method


def _raw_scores(name: str, estimator: Any, frame: pd.DataFrame, classes: int) -> np.ndarray:
    if name == "xgboost":
        scores = estimator.predict(frame, output_margin=True)
    elif name == "lightgbm":
        scores = estimator.predict(frame, raw_score=True)
    elif name == "catboost":
        scores = estimator.predict(frame, prediction_type="RawFormulaVal")
    else:
        scores = estimator.decision_function(frame)
    scores = np.asarray(scores, dtype=float)
    return np.column_stack([-scores, scores]) if scores.ndim == 1 else scores


def _one_hot_pipeline(estimator: Any) -> Pipeline:
    columns = ColumnTransformer(
        [("scale", StandardScaler(), NUMERIC), ("onehot", OneHotEncoder(handle_unknown="ignore"), ["region"])]
    )
    return Pipeline([("columns", columns), ("model", estimator)])


@pytest.mark.parametrize(
    "name", ["hist_gradient_boosting", "random_forest", "logistic_regression", "xgboost", "lightgbm"]
)
def test_pipelines_with_one_hot_categories_fold_back_to_the_features(name: str) -> None:
    data = _data()
    features = [*NUMERIC, "region"]
    model = _one_hot_pipeline(ESTIMATORS[name]()).fit(data[features], data.grade)
    host = _host(model, data, features)
    attributor = host._attributor()
    assert attributor.family == ("linear" if name == "logistic_regression" else "tree")
    assert "folded back" in attributor.method
    frame = data[features].iloc[[5, 6, 300]].reset_index(drop=True)
    result = attributor.explain(frame)
    assert result.values.shape == (3, 5, 3)
    # The three one-hot columns of region sum to region's attribution; the others map one to one.
    transformed = model[:-1].transform(frame)
    transformed = transformed.toarray() if hasattr(transformed, "toarray") else transformed
    estimator = model[-1]
    if name == "logistic_regression":
        background = model[:-1].transform(host.table.rows(np.sort(_background_ids(host))))
        reference = _shap_reference(estimator, transformed, np.asarray(background), linear=True)
    else:
        reference = _shap_reference(estimator, transformed, np.empty((0, 0)), linear=False)
    assert result.values[:, :4, :] == pytest.approx(reference[:, :4, :], rel=1e-6, abs=1e-9)
    assert result.values[:, 4, :] == pytest.approx(reference[:, 4:, :].sum(axis=1), rel=1e-6, abs=1e-9)
    # Additivity holds in the original features.
    assert result.base + result.values.sum(axis=1) == pytest.approx(result.outputs, abs=1e-6)


def _background_ids(host: TabularHost) -> np.ndarray:
    return np.random.default_rng(host.seed).choice(host.train_ids, 60, replace=False)


def test_a_pipeline_mixing_features_falls_back_and_says_why() -> None:
    data = _data(200)
    model = Pipeline([("pca", PCA(3)), ("model", LogisticRegression())]).fit(data[NUMERIC], data.grade)
    host = _host(model, data, NUMERIC)
    result = host.local_explanation(host.resolve(4), "high")
    assert "KernelExplainer" in result.method and "mixes features" in result.method
    assert result.base_value + sum(a.contribution for a in result.attributions) == pytest.approx(result.output)
    with pytest.raises(UsageError, match="cannot explain this model exactly"):
        _host(model, data, NUMERIC, explainer="linear")._attributor()


def test_model_agnostic_fallback_names_itself() -> None:
    data = _data(150)
    model = KNeighborsClassifier().fit(data[NUMERIC], data.grade)
    host = _host(model, data, NUMERIC)
    result = host.local_explanation(host.resolve(4), "high")
    assert "KernelExplainer (model-agnostic" in result.method and result.output_space == "probability"


@pytest.mark.parametrize(
    ("choice", "fragment"),
    [("tree", "needs a scikit-learn, XGBoost"), ("fast", "explainers are auto, tree, linear, kernel")],
)
def test_an_explainer_that_does_not_fit_is_refused(choice: str, fragment: str) -> None:
    data = _data(100)
    model = LogisticRegression(max_iter=1000).fit(data[NUMERIC], data.grade)
    with pytest.raises(UsageError, match=fragment):
        _host(model, data, NUMERIC, explainer=choice)


def test_an_id_column_host_checks_each_row_against_its_own_cached_output() -> None:
    data = _data(300)
    data = data.assign(grade=(data.grade > 0).astype(int), customer=np.random.default_rng(5).permutation(300) + 9000)
    model = HistGradientBoostingClassifier(max_iter=20, random_state=0).fit(data[NUMERIC], data.grade)
    host = TabularHost(
        model, data[[*NUMERIC, "customer", "grade"]], "grade", {0: "no", 1: "yes"}, name="ids", id_column="customer"
    )
    host.warm()
    for position in (0, 7, 123):
        customer = int(data.customer.iloc[position])
        row = data[NUMERIC].iloc[[position]].reset_index(drop=True)
        local = host.local_explanation(host.resolve(customer), "yes")
        assert local.output == pytest.approx(float(model.decision_function(row)[0]), abs=1e-9)
        target = "no" if model.predict(row)[0] == 1 else "yes"
        result = host.counterfactuals(host.resolve(customer), target, 1, "why_not")
        assert result.current_label == ("yes" if model.predict(row)[0] == 1 else "no")


@pytest.mark.parametrize("name", sorted(ESTIMATORS))
def test_a_warm_host_reads_table_rows_as_a_matrix_and_gets_the_same_attributions(name: str) -> None:
    data = _data()
    data = data.assign(grade=(data.grade > 0).astype(int))  # two classes: every family is exact
    estimator = ESTIMATORS[name]().fit(data[NUMERIC], data.grade)
    host = _host(estimator, data, NUMERIC)
    host.warm()
    attributor = host._attributor()
    assert attributor.tree and attributor.reads_matrix == (name != "catboost")
    rows = [3, 77, 250]
    from_frame = attributor.explain(data[NUMERIC].iloc[rows].reset_index(drop=True))
    from_table = host._explain(attributor, np.array(rows), None)
    assert from_table.values == pytest.approx(from_frame.values, abs=1e-9)
    assert from_table.outputs == pytest.approx(from_frame.outputs, abs=1e-9)
    assert from_table.probabilities == pytest.approx(from_frame.probabilities, abs=1e-12)
    local = host.local_explanation(host.resolve(77), "yes")
    by_feature = {a.feature: a.contribution for a in local.attributions}
    assert [by_feature[f] for f in NUMERIC] == pytest.approx(from_frame.values[1, :, 1], abs=1e-9)
    assert {a.feature: a.value for a in local.attributions} == host.table.row_values(77)


def test_a_matrix_of_rows_needs_the_known_outputs() -> None:
    data = _data(150)
    model = LogisticRegression(max_iter=1000).fit(data[NUMERIC], data.grade)
    attributor = _host(model, data, NUMERIC)._attributor()
    with pytest.raises(UsageError, match="takes a DataFrame of rows"):
        attributor.explain(data[NUMERIC].to_numpy(dtype=float)[:2])


def test_a_sampled_group_is_explained_with_the_known_outputs_of_its_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    import simxai.hosts._tabular_explanations as explanations

    data = _data(300)
    model = HistGradientBoostingClassifier(max_iter=20, random_state=0).fit(data[NUMERIC], data.grade)
    host = _host(model, data, NUMERIC)
    host.warm()
    monkeypatch.setattr(explanations, "EXACT_GROUP_SAMPLE", 40)
    result = host.local_explanation(host.resolve("income > 20"), "high")
    assert "mean over 40 sampled" in result.method
    members = np.flatnonzero(data.income.to_numpy() > 20)
    picked = members[np.sort(np.random.default_rng(host.seed).choice(len(members), 40, replace=False))]
    expected = host._attributor().explain(data[NUMERIC].iloc[picked].reset_index(drop=True))
    by_feature = {a.feature: a.contribution for a in result.attributions}
    assert [by_feature[f] for f in NUMERIC] == pytest.approx(expected.values[:, :, 2].mean(axis=0), abs=1e-9)
    # The probability is the whole group's (every member, not the sample), from the host's own predictions.
    predicted = result.predicted_label
    whole = model.predict_proba(data[NUMERIC].iloc[members])[:, host.class_names.index(predicted)].mean()
    assert result.probability == pytest.approx(whole, abs=1e-12)


def test_a_pipeline_is_probed_with_one_transform_whose_background_rows_are_exact() -> None:
    from simxai.hosts._tabular_families import preprocessing_of

    data = _data().assign(years=lambda d: d.years.astype(int))  # an integer column stays integer
    features = [*NUMERIC, "region"]
    model = _one_hot_pipeline(LogisticRegression(max_iter=1000)).fit(data[features], data.grade)
    host = _host(model, data, features)
    background = host.table.rows(np.arange(50))
    preprocessing, transformed = preprocessing_of(model, host.table, background)
    assert preprocessing is not None
    expected = model[:-1].transform(background)
    assert np.asarray(transformed) == pytest.approx(np.asarray(expected), abs=0)
    # Scaled numbers own one column each, region its three one-hot columns.
    assert preprocessing.owner.tolist() == [0, 1, 2, 3, 4, 4, 4]


def test_the_table_reads_rows_without_pandas_only_where_every_column_is_a_number() -> None:
    from simxai.hosts._tabular_data import Table

    data = _data(20).assign(years=lambda d: d.years.astype(int), code=lambda d: d.index % 3)
    numbers = Table(data[[*NUMERIC, "code"]], ["code"], {}, {})
    assert numbers.numeric
    assert numbers.matrix([4, 2]) == pytest.approx(data[[*NUMERIC, "code"]].iloc[[4, 2]].to_numpy(dtype=float))
    assert numbers.row_values(4) == {**{f: float(data[f].iloc[4]) for f in NUMERIC}, "code": "1"}
    mixed = Table(data[[*NUMERIC, "region"]], ["region"], {}, {})
    assert not mixed.numeric and mixed.matrix([0]) is None
    assert mixed.row_values(7)["region"] == data.region.iloc[7]


def test_a_warm_linear_host_checks_its_global_explanation_against_its_known_outputs() -> None:
    from simxai.hosts.tabular import GLOBAL_SAMPLE

    data = _data(300)
    model = LogisticRegression(max_iter=1000).fit(data[NUMERIC], data.grade)
    host = _host(model, data, NUMERIC)
    host._predictions()
    space, outputs = host._outputs()
    assert space == "score" and outputs == pytest.approx(model.decision_function(data[NUMERIC]), abs=1e-12)
    calls: list[int] = []
    decision_function, predict_proba = model.decision_function, model.predict_proba
    model.decision_function = lambda X: calls.append(len(X)) or decision_function(X)  # type: ignore[method-assign]
    model.predict_proba = lambda X: calls.append(len(X)) or predict_proba(X)  # type: ignore[method-assign]
    host.global_explanation("high")
    attributions, n = host._global_attributions()
    assert calls == [] and n == min(GLOBAL_SAMPLE, len(data))  # the build's probe and the check reuse the outputs
    rows = np.sort(np.random.default_rng(host.seed).choice(len(data), n, replace=False))
    own = decision_function(data[NUMERIC].iloc[rows])
    assert attributions.base + attributions.values.sum(axis=1) == pytest.approx(own, abs=1e-9)


def test_known_outputs_that_do_not_add_up_send_the_explainer_to_the_fallback() -> None:
    data = _data(200)
    model = LogisticRegression(max_iter=1000).fit(data[NUMERIC], data.grade)
    host = _host(model, data, NUMERIC)
    host._predictions()
    space, outputs = host._outputs()
    host._lazy._built["outputs"] = (space, outputs + 0.5)  # outputs the linear explainer cannot add up to
    assert "no exact explainer: the linear explainer failed" in host._attributor().method


def test_outputs_in_another_space_than_the_explainer_s_are_not_reused() -> None:
    data = _data(200)
    model = Pipeline([("pca", PCA(3)), ("model", LogisticRegression())]).fit(data[NUMERIC], data.grade)
    host = _host(model, data, NUMERIC)
    host.warm()  # the outputs are scores; the explainer falls back to probabilities
    assert host._outputs()[0] == "score" and host._attributor().space == "probability"
    result = host.local_explanation(host.resolve(4), "high")
    proba = model.predict_proba(data[NUMERIC].iloc[[4]])[0, 2]
    assert result.output == pytest.approx(proba, abs=1e-12)
    assert result.base_value + sum(a.contribution for a in result.attributions) == pytest.approx(proba, abs=1e-6)


def test_without_shap_the_fallback_is_the_own_shapley_explainer_with_kernel_s_exact_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from simxai.hosts import _imports

    data = _data(150)
    model = KNeighborsClassifier().fit(data[NUMERIC], data.grade)
    with_shap = _host(model, data, NUMERIC)._attributor()
    monkeypatch.setattr(_imports, "shap_installed", lambda: False)
    host = _host(model, data, NUMERIC)
    own = host._attributor()
    assert own.method == "Shapley values (model-agnostic, exact, every coalition, 60 background rows)"
    frame = data[NUMERIC].iloc[[4, 9]].reset_index(drop=True)
    mine, kernel = own.explain(frame), with_shap.explain(frame)
    # Four features: every coalition, so both are the exact interventional Shapley values.
    assert mine.values == pytest.approx(kernel.values, rel=1e-6, abs=1e-9)
    assert mine.base == pytest.approx(kernel.base, abs=1e-12)
    result = host.local_explanation(host.resolve(4), "high")
    assert result.method.startswith("Shapley values (model-agnostic")
    assert result.base_value + sum(a.contribution for a in result.attributions) == pytest.approx(result.output)


def test_without_shap_many_features_are_sampled_in_antithetic_permutations_that_add_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from simxai.hosts import _imports
    from simxai.hosts._shapley import Shapley

    rng = np.random.default_rng(2)
    x = rng.normal(size=(300, 14))
    y = (x[:, 0] + x[:, 1] * x[:, 2] > 0).astype(int)
    model = KNeighborsClassifier().fit(x, y)
    shapley = Shapley(model.predict_proba, x[:40], evaluations=1024, seed=0)
    assert not shapley.exact and shapley.permutations == 2 * (1024 // 26)
    values, outputs = shapley.explain(x[100:103])
    assert shapley.base + values.sum(axis=1) == pytest.approx(outputs, abs=1e-12)
    assert outputs == pytest.approx(model.predict_proba(x[100:103]))
    # A feature the model never reads gets nothing; the same seed gives the same values.
    linear = LogisticRegression().fit(x[:, :3], y)
    on_three = Shapley(lambda m: linear.predict_proba(m[:, :3]), x[:40], evaluations=1024, seed=0)
    spread, _ = on_three.explain(x[100:102])
    assert spread[:, 3:, :] == pytest.approx(0.0, abs=1e-12)
    assert Shapley(model.predict_proba, x[:40], 1024, 0).explain(x[100:101])[0] == pytest.approx(values[:1])
    monkeypatch.setattr(_imports, "shap_installed", lambda: False)
    frame = pd.DataFrame(x, columns=[f"f{i}" for i in range(14)])
    named = KNeighborsClassifier().fit(frame, y)
    host = TabularHost(named, frame.assign(grade=y), "grade", ["no", "yes"], name="wide", background_size=30)
    result = host.local_explanation(host.resolve(7), "yes")
    assert "Shapley values (model-agnostic, 78 antithetic permutations, 30 background rows)" in result.method
    assert result.base_value + sum(a.contribution for a in result.attributions) == pytest.approx(result.output)
