"""TabularHost: every number it reports is checked here against the model itself or against scikit-learn."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics
from sklearn.compose import ColumnTransformer
from sklearn.datasets import load_diabetes, make_classification
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts.base import Host
from simxai.hosts.demo import DEMO_FEATURES
from simxai.hosts.tabular import DataCard, OutputCard, TabularHost

# --------------------------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def demo_features() -> pd.DataFrame:
    """The demo's feature table, rebuilt independently of the host."""
    return load_diabetes(scaled=False, as_frame=True).data.set_axis(list(DEMO_FEATURES), axis=1)


def _pipeline_data(n: int = 240, seed: int = 1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "income": np.round(rng.uniform(10, 90, n), 1),
            "debt": np.round(rng.uniform(0, 50, n), 1),
            "years": rng.integers(0, 30, n).astype(float),
            "region": rng.choice(["north", "south", "east"], n),
        }
    )
    score = (
        0.08 * frame.income
        - 0.1 * frame.debt
        + 0.05 * frame.years
        + frame.region.map({"north": 1.0, "south": -1.0, "east": 0.0})
    )
    frame["approved"] = np.where(score + rng.normal(0, 0.8, n) > score.median(), "yes", "no")
    return frame


@pytest.fixture(scope="module")
def pipeline_data() -> pd.DataFrame:
    return _pipeline_data()


@pytest.fixture(scope="module")
def pipeline_host(pipeline_data: pd.DataFrame) -> TabularHost:
    """A non-tree model (scaler + one-hot + logistic regression) with a string categorical feature."""
    features = pipeline_data.drop(columns="approved")
    model = Pipeline(
        [
            (
                "columns",
                ColumnTransformer(
                    [
                        ("scale", StandardScaler(), ["income", "debt", "years"]),
                        ("onehot", OneHotEncoder(), ["region"]),
                    ]
                ),
            ),
            ("logisticregression", LogisticRegression()),
        ]
    ).fit(features, pipeline_data.approved)
    return TabularHost(
        model,
        pipeline_data,
        "approved",
        {"no": "rejected", "yes": "approved"},  # renamed by value: classes_ are ['no', 'yes']
        name="loans",
        instance_noun="applicant",
        categorical_features=["region"],
        background_size=40,
    )


@pytest.fixture(scope="module")
def forest_data() -> pd.DataFrame:
    x, y = make_classification(n_samples=150, n_features=4, n_informative=3, n_redundant=0, n_classes=3, random_state=3)
    frame = pd.DataFrame(np.round(x, 2), columns=["a", "b", "c", "d"])
    frame["kind"] = y
    return frame


@pytest.fixture(scope="module")
def forest_host(forest_data: pd.DataFrame) -> TabularHost:
    """A three-class random forest on 150 rows (fewer than the global sample, so it covers every row)."""
    model = RandomForestClassifier(n_estimators=25, max_depth=4, random_state=0)
    model.fit(forest_data[["a", "b", "c", "d"]], forest_data.kind)
    return TabularHost(model, forest_data, "kind", {0: "low", 1: "mid", 2: "high"}, name="forest", test_size=0.3)


def _row(features: pd.DataFrame, i: int, **changes: float | str) -> pd.DataFrame:
    row = features.iloc[[i]].reset_index(drop=True).copy()
    for name, value in changes.items():
        row[name] = value
    return row


def test_hosts_satisfy_the_protocol(demo_host: TabularHost, pipeline_host: TabularHost) -> None:
    assert isinstance(demo_host, Host)
    assert isinstance(pipeline_host, Host)


# ------------------------------------------------------------------------------------------- resolve


def test_resolve_ids_and_id_texts(demo_host: TabularHost) -> None:
    for ref in (12, "12", "patient 12", "id 12", "#12", 12.0):
        subject = demo_host.resolve(ref)
        assert (subject.kind, subject.id, subject.description) == ("row", 12, "patient 12")


@pytest.mark.parametrize("ref", [442, -1, "500", 3.5])
def test_unknown_id_names_the_valid_range(demo_host: TabularHost, ref: object) -> None:
    with pytest.raises(ArgumentError) as info:
        demo_host.resolve(ref)  # type: ignore[arg-type]
    assert "0" in info.value.valid and "441" in info.value.valid


def test_full_values_make_a_custom_instance(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    values = demo_features.iloc[5].to_dict()
    subject = demo_host.resolve(values)
    assert subject.kind == "values" and subject.description.startswith("a patient with age = ")
    prediction = demo_host.predict(subject)
    assert prediction.label == demo_host.class_names[int(demo_host.model.predict(_row(demo_features, 5))[0])]
    assert prediction.true_label is None


def test_partial_values_list_the_missing_features(demo_host: TabularHost) -> None:
    with pytest.raises(ArgumentError) as info:
        demo_host.resolve({"age": 50, "bmi": 30.5, "glucose": 90})
    missing = set(DEMO_FEATURES) - {"age", "bmi", "glucose"}
    assert set(info.value.missing) == missing
    assert all(name in str(info.value) for name in missing)


def test_unknown_feature_suggests_close_names(demo_host: TabularHost) -> None:
    with pytest.raises(ArgumentError) as info:
        demo_host.resolve({"id": 3, "glucos": 90})
    assert "glucose" in info.value.suggestions


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        ({"bmi": "heavy"}, "not a number"),
        ({"bmi": float("nan")}, "finite"),
        ({"bmi": float("inf")}, "finite"),
        # Finite, but infinite in the float32 that scikit-learn's trees read: was a ValueError (a 500).
        ({"bmi": 1e39}, "magnitude at most 3.4e+38"),
        ({"bmi": "-1e300"}, "magnitude at most 3.4e+38"),
        ({"bmi": True}, "not a number"),
        ({"sex": 3}, "1 and 2"),
    ],
)
def test_impossible_values_are_refused(demo_host: TabularHost, values: dict, fragment: str) -> None:
    with pytest.raises(ArgumentError) as info:
        demo_host.resolve({"id": 1, **values})
    assert fragment in str(info.value)


def test_id_with_overrides(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    subject = demo_host.resolve({"id": 12, "bmi": 30})
    assert subject.kind == "values" and subject.description == "patient 12 with bmi = 30"
    expected = demo_features.iloc[12].to_dict() | {"bmi": 30.0}
    assert {k: float(v) for k, v in subject.values.items()} == pytest.approx(expected)
    assert demo_host.resolve({"id": 12}).kind == "row"


def test_aliases_name_features(demo_host: TabularHost) -> None:
    subject = demo_host.resolve({"id": 4, "bp": 100, "blood sugar": 90, "gender": "2.0"})
    assert subject.values["blood_pressure"] == 100 and subject.values["glucose"] == 90
    assert subject.values["sex"] == "2"


def test_conditions_select_groups(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    group = demo_host.resolve("glucose > 120")
    expected = np.flatnonzero(demo_features.glucose.to_numpy() > 120).tolist()
    assert group.kind == "group" and group.ids == expected and group.size == len(expected)
    assert group.description == f"the {len(expected)} patients with glucose > 120"

    recorded = demo_host.resolve("label = progressing")
    assert recorded.ids == [i for i, label in enumerate(demo_host.recorded_labels) if label == "progressing"]

    predicted = demo_host.model.predict(demo_features)
    stable = demo_host.resolve("prediction = stable and id < 100")
    assert stable.ids == [i for i in range(100) if predicted[i] == 0]

    assert demo_host.resolve("id >= 10 and id < 20").ids == list(range(10, 20))
    assert demo_host.resolve("sex = 2").ids == np.flatnonzero(demo_features.sex == 2).tolist()
    assert demo_host.resolve("all").size == 442


def test_condition_errors(demo_host: TabularHost) -> None:
    with pytest.raises(ArgumentError, match="no patient matches"):
        demo_host.resolve("glucose > 1000")
    with pytest.raises(ArgumentError) as info:
        demo_host.resolve("glucos > 100")
    assert "glucose" in info.value.suggestions


# ---------------------------------------------------------------------------------------- prediction


def test_row_prediction_matches_the_model(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    result = demo_host.predict(demo_host.resolve(7))
    proba = demo_host.model.predict_proba(_row(demo_features, 7))[0]
    assert result.probabilities == pytest.approx(dict(zip(demo_host.class_names, proba, strict=True)))
    assert result.label == demo_host.class_names[int(demo_host.model.predict(_row(demo_features, 7))[0])]
    assert result.true_label == demo_host.recorded_labels[7]


def test_group_prediction_counts(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    group = demo_host.resolve("bmi > 30")
    rows = demo_features.iloc[group.ids]
    predicted = demo_host.model.predict(rows)
    result = demo_host.predict(group)
    assert result.label_counts == {
        "stable": int((predicted == 0).sum()),
        "progressing": int((predicted == 1).sum()),
    }
    assert result.label == max(result.label_counts, key=result.label_counts.__getitem__)
    mean = demo_host.model.predict_proba(rows).mean(axis=0)
    assert list(result.probabilities.values()) == pytest.approx(mean)


# -------------------------------------------------------------------------------------- attributions


@pytest.mark.parametrize("row", [0, 12, 200])
def test_shap_adds_up_to_the_boosting_log_odds(demo_host: TabularHost, demo_features: pd.DataFrame, row: int) -> None:
    score = float(demo_host.model.decision_function(_row(demo_features, row))[0])
    for label, sign in (("progressing", 1), ("stable", -1)):
        result = demo_host.local_explanation(demo_host.resolve(row), label)
        assert result.output_space == "log-odds"
        total = result.base_value + sum(a.contribution for a in result.attributions)
        assert total == pytest.approx(result.output, abs=1e-9)
        assert result.output == pytest.approx(sign * score, abs=1e-9)


def test_local_explanation_defaults_to_the_predicted_label(demo_host: TabularHost) -> None:
    result = demo_host.local_explanation(demo_host.resolve(12), None)
    assert result.label == result.predicted_label == demo_host.predict(demo_host.resolve(12)).label
    assert result.probability == pytest.approx(demo_host.predict(demo_host.resolve(12)).probabilities[result.label])
    magnitudes = [abs(a.contribution) for a in result.attributions]
    assert magnitudes == sorted(magnitudes, reverse=True)


def test_group_attribution_is_the_mean(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    group = demo_host.resolve("glucose > 110")
    result = demo_host.local_explanation(group, "progressing")
    scores = demo_host.model.decision_function(demo_features.iloc[group.ids])
    assert result.output == pytest.approx(scores.mean(), abs=1e-9)
    assert result.base_value + sum(a.contribution for a in result.attributions) == pytest.approx(result.output)
    one = demo_host.local_explanation(demo_host.resolve(group.ids[0]), "progressing")
    assert {a.feature for a in one.attributions} == {a.feature for a in result.attributions}


def test_shap_adds_up_for_the_model_agnostic_explainer(pipeline_host: TabularHost, pipeline_data: pd.DataFrame) -> None:
    # The pipeline ends in a linear model, so "auto" would explain it exactly; "kernel" asks for the fallback.
    pipeline_host = TabularHost(
        pipeline_host.model,
        pipeline_data,
        "approved",
        {"no": "rejected", "yes": "approved"},
        name="loans",
        categorical_features=["region"],
        explainer="kernel",
    )
    features = pipeline_data.drop(columns="approved")
    for row in (0, 17):
        proba = pipeline_host.model.predict_proba(_row(features, row))[0]
        for k, label in enumerate(pipeline_host.class_names):
            result = pipeline_host.local_explanation(pipeline_host.resolve(row), label)
            assert result.output_space == "probability" and "KernelExplainer" in result.method
            assert result.output == pytest.approx(proba[k], abs=1e-9)
            total = result.base_value + sum(a.contribution for a in result.attributions)
            assert total == pytest.approx(proba[k], abs=1e-6)
    custom = pipeline_host.resolve({"income": 50, "debt": 10, "years": 3, "region": "South"})
    result = pipeline_host.local_explanation(custom, "approved")
    frame = pd.DataFrame([{"income": 50.0, "debt": 10.0, "years": 3.0, "region": "south"}])
    assert result.output == pytest.approx(pipeline_host.model.predict_proba(frame)[0, 1], abs=1e-9)
    assert result.base_value + sum(a.contribution for a in result.attributions) == pytest.approx(result.output)


def test_shap_adds_up_for_a_multiclass_forest(forest_host: TabularHost, forest_data: pd.DataFrame) -> None:
    features = forest_data[["a", "b", "c", "d"]]
    proba = forest_host.model.predict_proba(_row(features, 9))[0]
    for k, label in enumerate(["low", "mid", "high"]):
        result = forest_host.local_explanation(forest_host.resolve(9), label)
        assert result.output_space == "probability"
        assert result.output == pytest.approx(proba[k], abs=1e-9)
        assert result.base_value + sum(a.contribution for a in result.attributions) == pytest.approx(proba[k])


def test_global_importance_is_mean_absolute_shap(forest_host: TabularHost) -> None:
    result = forest_host.global_explanation("mid")
    assert result.n_samples == 150 and result.label == "mid"
    locals_ = [forest_host.local_explanation(forest_host.resolve(i), "mid") for i in range(150)]
    for importance in result.importances:
        contributions = [
            next(a.contribution for a in r.attributions if a.feature == importance.feature) for r in locals_
        ]
        assert importance.importance == pytest.approx(np.mean(np.abs(contributions)))
        assert importance.mean_contribution == pytest.approx(np.mean(contributions))
    ranked = [i.importance for i in result.importances]
    assert ranked == sorted(ranked, reverse=True)


def test_global_explanation_on_the_demo(demo_host: TabularHost) -> None:
    result = demo_host.global_explanation(None)
    assert result.label == "progressing" and result.n_samples == 200
    assert {i.feature for i in result.importances} == set(DEMO_FEATURES)
    mirrored = demo_host.global_explanation("stable")
    for a, b in zip(result.importances, mirrored.importances, strict=True):
        assert a.importance == pytest.approx(b.importance) and a.mean_contribution == pytest.approx(
            -b.mean_contribution
        )
    assert demo_host.global_explanation(None) is result


def test_attributions_are_cached(pipeline_host: TabularHost, monkeypatch: pytest.MonkeyPatch) -> None:
    subject = pipeline_host.resolve(101)
    first = pipeline_host.local_explanation(subject, "approved")

    def refuse(frame: pd.DataFrame) -> None:
        raise AssertionError("the explainer ran again")

    # Every label of an instance comes from one explainer run; repeated questions run nothing.
    monkeypatch.setattr(pipeline_host._attributor(), "explain", refuse)
    assert pipeline_host.local_explanation(pipeline_host.resolve(101), "approved") is first
    other = pipeline_host.local_explanation(subject, "rejected")
    assert first.output_space == "log-odds" and other.output == pytest.approx(-first.output)


def test_explainers_are_built_once_under_threads(pipeline_data: pd.DataFrame, pipeline_host: TabularHost) -> None:
    fresh = TabularHost(
        pipeline_host.model,
        pipeline_data,
        "approved",
        name="loans",
        categorical_features=["region"],
        background_size=40,
    )
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda i: fresh.local_explanation(fresh.resolve(i), "yes"), [3, 3, 4, 4]))
    assert results[0].attributions == results[1].attributions
    assert results[2].attributions == results[3].attributions
    # Seeded: the same instance gets the same attributions from another host instance.
    assert pipeline_host.local_explanation(pipeline_host.resolve(3), "approved").attributions == results[0].attributions


# ----------------------------------------------------------------------------------- counterfactuals


def _apply(features: pd.DataFrame, row: int, changes) -> pd.DataFrame:
    frame = _row(features, row)
    for change in changes:
        frame[change.feature] = (
            change.new if not isinstance(change.new, str) or change.feature == "region" else float(change.new)
        )
    return frame


@pytest.mark.parametrize("row", [0, 12, 31])
def test_every_counterfactual_flips_the_model(demo_host: TabularHost, demo_features: pd.DataFrame, row: int) -> None:
    subject = demo_host.resolve(row)
    current = demo_host.predict(subject).label
    target = "stable" if current == "progressing" else "progressing"
    result = demo_host.counterfactuals(subject, target, 3, "how_to_be_that")
    assert result.current_label == current and result.target_label == target
    assert result.found, result.note
    for cf in result.counterfactuals:
        assert cf.label == target
        changed = _apply(demo_features, row, cf.changes)
        assert demo_host.class_names[int(demo_host.model.predict(changed)[0])] == target
        assert cf.probability == pytest.approx(
            demo_host.model.predict_proba(changed)[0, 1 if target == "progressing" else 0]
        )
        for change in cf.changes:
            assert change.feature not in ("age", "sex")
            assert change.old == pytest.approx(float(demo_features.iloc[row][change.feature]))
            assert change.new != change.old
            column = demo_features[change.feature]
            assert column.min() <= change.new <= column.max()
            # Rounded as finely as the data records the feature.
            decimals = 4 if change.feature == "triglycerides_log" else 2
            assert round(change.new, decimals) == change.new


def test_counterfactuals_for_categorical_and_multiclass(
    pipeline_host: TabularHost,
    pipeline_data: pd.DataFrame,
    forest_host: TabularHost,
    forest_data: pd.DataFrame,
) -> None:
    features = pipeline_data.drop(columns="approved")
    subject = pipeline_host.resolve(5)
    current = pipeline_host.predict(subject).label
    target = "approved" if current == "rejected" else "rejected"
    result = pipeline_host.counterfactuals(subject, target, 2, "why_not")
    assert result.found, result.note
    for cf in result.counterfactuals:
        prediction = pipeline_host.model.predict(_apply(features, 5, cf.changes))[0]
        assert {"no": "rejected", "yes": "approved"}[prediction] == target

    forest_features = forest_data[["a", "b", "c", "d"]]
    subject = forest_host.resolve(2)
    current = forest_host.predict(subject).label
    for target in {"low", "mid", "high"} - {current}:
        result = forest_host.counterfactuals(subject, target, 2, "how_to_be_that")
        for cf in result.counterfactuals:
            prediction = forest_host.model.predict(_apply(forest_features, 2, cf.changes))[0]
            assert ["low", "mid", "high"][prediction] == target
        assert result.found or result.note


def test_dice_genetic_search_when_random_sampling_finds_nothing(
    demo_features: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("dice_ml")
    from simxai.hosts.demo import build_demo_host

    demo_host = build_demo_host()
    demo_host.counterfactual_method = "dice"
    search = demo_host._search()
    propose = search.propose
    methods: list[str] = []

    def random_finds_nothing(values, target, count, method):
        methods.append(method)
        return [] if method == "random" else propose(values, target, count, method)

    monkeypatch.setattr(search, "propose", random_finds_nothing)
    subject = demo_host.resolve(300)
    target = "stable" if demo_host.predict(subject).label == "progressing" else "progressing"
    result = demo_host.counterfactuals(subject, target, 2, "how_to_be_that")
    assert methods == ["random", "genetic"] and "genetic" in result.method
    assert result.found, result.note
    for cf in result.counterfactuals:
        changed = _apply(demo_features, 300, cf.changes)
        assert demo_host.class_names[int(demo_host.model.predict(changed)[0])] == target


def test_counterfactuals_prefer_different_features(demo_host: TabularHost) -> None:
    subject = demo_host.resolve(0)
    target = "stable" if demo_host.predict(subject).label == "progressing" else "progressing"
    result = demo_host.counterfactuals(subject, target, 3, "how_to_be_that")
    feature_sets = [frozenset(c.feature for c in cf.changes) for cf in result.counterfactuals]
    assert len(set(feature_sets)) == len(feature_sets) == 3
    assert [len(s) for s in feature_sets] == sorted(len(s) for s in feature_sets)


def test_counterfactual_edge_cases(demo_host: TabularHost) -> None:
    subject = demo_host.resolve(12)
    current = demo_host.predict(subject).label
    same = demo_host.counterfactuals(subject, current, 2, "why_not")
    assert same.counterfactuals == [] and "already predicts" in (same.note or "")
    with pytest.raises(ArgumentError, match="needs one patient"):
        demo_host.counterfactuals(demo_host.resolve("bmi > 30"), "stable", 1, "why_not")
    with pytest.raises(ArgumentError) as info:
        demo_host.counterfactuals(subject, "progresing", 1, "why_not")
    assert "progressing" in info.value.suggestions
    with pytest.raises(ArgumentError, match="between 1 and"):
        demo_host.counterfactuals(subject, "stable", 0, "why_not")


def test_counterfactuals_are_cached(demo_host: TabularHost, monkeypatch: pytest.MonkeyPatch) -> None:
    subject = demo_host.resolve(40)
    target = "stable" if demo_host.predict(subject).label == "progressing" else "progressing"
    first = demo_host.counterfactuals(subject, target, 2, "how_to_be_that")

    def refuse(*args: object) -> None:
        raise AssertionError("the search ran again")

    monkeypatch.setattr(demo_host._nearest(), "propose", refuse)
    assert demo_host.counterfactuals(demo_host.resolve(40), target, 2, "how_to_be_that") is first
    with pytest.raises(AssertionError, match="the search ran again"):
        demo_host.counterfactuals(subject, target, 3, "how_to_be_that")


# ---------------------------------------------------------------------------------------- still this


def _check_still_this(host: TabularHost, features: pd.DataFrame, row: int, categorical: dict[str, list]) -> None:
    result = host.still_this(host.resolve(row))
    label = host.model.predict(_row(features, row))[0]
    assert result.label == host.class_names[list(host.model.classes_).index(label)]
    assert result.samples_checked > 0 and result.samples_kept == result.samples_checked
    assert {r.feature for r in result.ranges} == set(features.columns)
    rng = np.random.default_rng(123)
    widths = []
    for r in result.ranges:
        if r.categories is not None:
            for category in categorical[r.feature]:
                kept = host.model.predict(_row(features, row, **{r.feature: category}))[0] == label
                name = category if isinstance(category, str) else f"{category:g}"
                assert kept == (name in r.categories)
            widths.append(len(r.categories) / len(categorical[r.feature]))
            continue
        column = features[r.feature]
        assert r.low <= r.current <= r.high
        assert min(column.min(), r.current) <= r.low and r.high <= max(column.max(), r.current)
        samples = np.concatenate([[r.low, r.high], rng.uniform(r.low, r.high, 150)])
        batch = pd.concat([_row(features, row, **{r.feature: v}) for v in samples], ignore_index=True)
        assert (host.model.predict(batch) == label).all(), r.feature
        # The range is as wide as the grid allows: just past each end the label changes.
        step = (column.max() - column.min()) / 50
        for edge, beyond in (
            (r.high, min(r.high + step, column.max())),
            (r.low, max(r.low - step, column.min())),
        ):
            if beyond != edge:
                outside = np.linspace(edge, beyond, 200)[1:]
                batch = pd.concat([_row(features, row, **{r.feature: v}) for v in outside], ignore_index=True)
                assert (host.model.predict(batch) != label).any(), (r.feature, edge)
        widths.append((r.high - r.low) / (column.max() - column.min()))
    assert widths == sorted(widths)


@pytest.mark.parametrize("row", [12, 77])
def test_still_this_ranges_hold_on_the_demo(demo_host: TabularHost, demo_features: pd.DataFrame, row: int) -> None:
    _check_still_this(demo_host, demo_features, row, {"sex": [1.0, 2.0]})


def test_still_this_ranges_hold_for_a_pipeline(pipeline_host: TabularHost, pipeline_data: pd.DataFrame) -> None:
    features = pipeline_data.drop(columns="approved")
    for row in (0, 9):
        _check_still_this(pipeline_host, features, row, {"region": ["east", "north", "south"]})


def test_still_this_needs_one_instance(demo_host: TabularHost) -> None:
    with pytest.raises(ArgumentError):
        demo_host.still_this(demo_host.resolve("bmi > 35"))


# ------------------------------------------------------------------------------------------- what if


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"bmi": 35}, {"bmi": 35.0}),
        ({"bmi": "+10%"}, {"bmi": 23.7 * 1.1}),
        ({"glucose": "-20", "bp": "*1.2"}, {"glucose": 61.0, "blood_pressure": 92 * 1.2}),
        ({"triglycerides_log": 5.5, "sex": 2}, {"triglycerides_log": 5.5, "sex": 2.0}),
    ],
)
def test_what_if_equals_the_model_on_the_changed_row(
    demo_host: TabularHost, demo_features: pd.DataFrame, changes: dict, expected: dict
) -> None:
    result = demo_host.what_if(demo_host.resolve(12), changes)
    changed = _row(demo_features, 12, **expected)
    assert result.new_label == demo_host.class_names[int(demo_host.model.predict(changed)[0])]
    assert list(result.new_probabilities.values()) == pytest.approx(demo_host.model.predict_proba(changed)[0])
    assert result.old_label == demo_host.predict(demo_host.resolve(12)).label
    for change in result.changes:
        new = float(change.new)
        assert new == pytest.approx(expected[change.feature])


def test_what_if_on_a_group(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    group = demo_host.resolve("bmi > 32")
    result = demo_host.what_if(group, {"bmi": "-5"})
    rows = demo_features.iloc[group.ids].copy()
    before = demo_host.model.predict(rows)
    rows["bmi"] = rows["bmi"] - 5
    after = demo_host.model.predict(rows)
    assert result.old_label_counts == {
        "stable": int((before == 0).sum()),
        "progressing": int((before == 1).sum()),
    }
    assert result.new_label_counts == {
        "stable": int((after == 0).sum()),
        "progressing": int((after == 1).sum()),
    }


def test_what_if_with_a_category(pipeline_host: TabularHost, pipeline_data: pd.DataFrame) -> None:
    features = pipeline_data.drop(columns="approved")
    result = pipeline_host.what_if(pipeline_host.resolve(3), {"region": "North", "debt": "+5"})
    changed = _row(features, 3, region="north", debt=features.debt[3] + 5)
    proba = pipeline_host.model.predict_proba(changed)[0]
    assert list(result.new_probabilities.values()) == pytest.approx(proba)


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"glucos": 90}, "unknown feature"),
        ({"sex": 5}, "valid categories are 1 and 2"),
        ({"sex": "+1"}, "categorical"),
        ({"bmi": "big"}, "not a number"),
        ({"bmi": "+1e308"}, "magnitude at most"),
        ({}, "no changes"),
    ],
)
def test_what_if_errors(demo_host: TabularHost, changes: dict, fragment: str) -> None:
    with pytest.raises(ArgumentError, match=fragment) as info:
        demo_host.what_if(demo_host.resolve(1), changes)
    if "glucos" in changes:
        assert info.value.suggestions == ["glucose"]


# ---------------------------------------------------------------------------------------- performance


def _sklearn_scores(host: TabularHost, features: pd.DataFrame, truth: pd.Series, positive, average: str) -> dict:
    ids = host.test_ids
    x, y = features.iloc[ids], truth.iloc[ids]
    predicted = host.model.predict(x)
    proba = host.model.predict_proba(x)
    kwargs = {"pos_label": positive} if average == "binary" else {}
    return {
        "accuracy": metrics.accuracy_score(y, predicted),
        "precision": metrics.precision_score(y, predicted, average=average, **kwargs),
        "recall": metrics.recall_score(y, predicted, average=average, **kwargs),
        "f1": metrics.f1_score(y, predicted, average=average, **kwargs),
        "roc_auc": metrics.roc_auc_score(y, proba[:, 1])
        if average == "binary"
        else metrics.roc_auc_score(y, proba, multi_class="ovr", average="macro"),
        "confusion_matrix": metrics.confusion_matrix(y, predicted, labels=host.model.classes_).tolist(),
    }


def test_metrics_equal_sklearn(
    demo_host: TabularHost,
    demo_features: pd.DataFrame,
    pipeline_host: TabularHost,
    pipeline_data: pd.DataFrame,
    forest_host: TabularHost,
    forest_data: pd.DataFrame,
) -> None:
    demo_truth = pd.Series((load_diabetes(scaled=False).target > 140).astype(int))
    cases = [
        (demo_host, demo_features, demo_truth, 1, "binary"),
        (pipeline_host, pipeline_data.drop(columns="approved"), pipeline_data.approved, "yes", "binary"),
        (forest_host, forest_data[["a", "b", "c", "d"]], forest_data.kind, None, "macro"),
    ]
    for host, features, truth, positive, average in cases:
        expected = _sklearn_scores(host, features, truth, positive, average)
        for metric in ("accuracy", "precision", "recall", "f1", "roc_auc"):
            result = host.performance(metric)
            assert result.value == pytest.approx(expected[metric]), (host.name, metric)
            assert result.metrics[metric] == pytest.approx(expected[metric])
        matrix = host.performance("confusion_matrix")
        assert matrix.value is None and matrix.confusion_matrix == expected["confusion_matrix"]
        assert matrix.n == len(host.test_ids) and matrix.labels == host.class_names


def test_performance_on_a_group_scores_its_held_out_rows_only(demo_host: TabularHost) -> None:
    group = demo_host.resolve("age > 60")
    ids = sorted(set(group.ids or []) & set(demo_host.test_ids.tolist()))
    labels = demo_host.recorded_labels
    y_true = [labels[i] for i in ids]
    y_pred = [demo_host.predict(demo_host.resolve(i)).label for i in ids]
    result = demo_host.performance("all", group)
    assert result.n == len(ids) and 0 < result.n < len(demo_host.test_ids)
    assert result.group == "age > 60" and "only patients with age > 60" in result.render()
    assert result.metrics["accuracy"] == pytest.approx(metrics.accuracy_score(y_true, y_pred))
    matrix = metrics.confusion_matrix(y_true, y_pred, labels=demo_host.class_names)
    assert result.confusion_matrix == matrix.tolist()
    assert demo_host.performance("accuracy").group is None  # the whole split is unchanged


def test_performance_on_a_group_without_held_out_rows_or_on_one_row_is_an_error(demo_host: TabularHost) -> None:
    train_only = f"id = {int(demo_host.train_ids[0])}"
    with pytest.raises(ArgumentError, match="none of the 89 held-out patients") as info:
        demo_host.performance("accuracy", demo_host.resolve(train_only))
    assert info.value.argument == "group"
    with pytest.raises(ArgumentError, match="measured on a group"):
        demo_host.performance("accuracy", demo_host.resolve(3))


def test_default_split_is_stratified(demo_host: TabularHost) -> None:
    assert len(demo_host.test_ids) == 89
    labels = np.array(demo_host.recorded_labels)
    assert abs((labels[demo_host.test_ids] == "progressing").mean() - 0.5) < 0.02
    assert not set(demo_host.test_ids) & set(demo_host.train_ids)


def test_unknown_metric(demo_host: TabularHost) -> None:
    with pytest.raises(ArgumentError) as info:
        demo_host.performance("acuracy")
    assert "accuracy" in info.value.valid and info.value.suggestions == ["accuracy"]


# ------------------------------------------------------------------------------------------ the cards


def test_data_information(demo_host: TabularHost, demo_features: pd.DataFrame) -> None:
    result = demo_host.data_information(None)
    assert result.n_rows == 442 and result.target == "progression"
    assert result.class_balance == {"stable": 221, "progressing": 221}
    bmi = next(f for f in result.features if f.name == "bmi")
    assert (bmi.min, bmi.max) == (demo_features.bmi.min(), demo_features.bmi.max())
    assert bmi.mean == pytest.approx(demo_features.bmi.mean()) and bmi.std == pytest.approx(demo_features.bmi.std())
    assert next(f for f in result.features if f.name == "sex").categories == ["1", "2"]
    one = demo_host.data_information("blood pressure").feature
    labels = np.array(demo_host.recorded_labels)
    assert one is not None and one.name == "blood_pressure"
    assert one.mean_by_label == pytest.approx(
        {k: demo_features.blood_pressure[labels == k].mean() for k in ("stable", "progressing")}
    )
    with pytest.raises(ArgumentError) as info:
        demo_host.data_information("glucoze")
    assert info.value.suggestions[0] == "glucose"


def test_model_and_output_information(pipeline_host: TabularHost) -> None:
    info = pipeline_host.model_information()
    assert info.model_type == "Pipeline(ColumnTransformer → LogisticRegression)"
    assert info.hyperparameters["logisticregression__C"] == 1.0
    accuracy = pipeline_host.performance("accuracy").value
    assert any(f"held-out accuracy {accuracy:.3f}".rstrip("0") in s for s in info.strengths + info.limitations)
    assert f"{len(pipeline_host.test_ids)} of the 240 applicants" in info.training
    output = pipeline_host.output_information()
    assert [label.name for label in output.labels] == ["rejected", "approved"]
    assert "'no'" in output.labels[0].meaning


def test_schema(demo_host: TabularHost, pipeline_host: TabularHost) -> None:
    schema = demo_host.schema()
    assert schema.kind == "tabular" and schema.id_range == (0, 441) and schema.class_names == ["stable", "progressing"]
    assert [f.name for f in schema.features] == list(DEMO_FEATURES)
    assert schema.feature("sex").type == "categorical" and schema.feature("bmi").max == 42.2
    assert pipeline_host.schema().feature("region").categories == ["east", "north", "south"]


# ------------------------------------------------------------------------------------ construction


def test_constructor_refuses_bad_setups(pipeline_host: TabularHost, pipeline_data: pd.DataFrame) -> None:
    model = pipeline_host.model
    good = {"name": "x", "categorical_features": ["region"]}
    with pytest.raises(UsageError, match="approvd"):
        TabularHost(model, pipeline_data, "approvd", **good)
    with pytest.raises(UsageError, match="2 classes"):
        TabularHost(model, pipeline_data, "approved", ["a", "b", "c"], **good)
    with pytest.raises(UsageError, match="fit it"):
        TabularHost(LogisticRegression(), pipeline_data, "approved", **good)
    with pytest.raises(UsageError, match="missing"):
        TabularHost(model, pipeline_data.drop(columns="debt"), "approved", **good)
    with pytest.raises(UsageError, match="not one of the model's classes"):
        TabularHost(model, pipeline_data.assign(approved="maybe"), "approved", **good)
    # a column of strings is categorical without being listed (tests/hosts/test_string_columns.py); a column
    # mixing strings and numbers is not, and is refused with the setting to use
    mixed = pipeline_data.assign(region=pipeline_data["region"].astype(object))
    mixed.loc[0, "region"] = 3
    with pytest.raises(UsageError, match="categorical_features"):
        TabularHost(model, mixed, "approved", name="x")
    with pytest.raises(UsageError, match="0..239"):
        TabularHost(model, pipeline_data, "approved", test_ids=[1, 240], **good)
    with pytest.raises(UsageError, match="unknown features"):
        TabularHost(model, pipeline_data, "approved", name="x", categorical_features=["region", "colour"])
    with pytest.raises(UsageError, match="unknown labels"):
        TabularHost(model, pipeline_data, "approved", output_card=OutputCard(label_meanings={"ok": "."}), **good)
    with pytest.raises(UsageError, match="name"):
        TabularHost(model, pipeline_data, "approved", name=" ", categorical_features=["region"])


def test_given_test_ids_and_cards(pipeline_host: TabularHost, pipeline_data: pd.DataFrame) -> None:
    host = TabularHost(
        pipeline_host.model,
        pipeline_data,
        "approved",
        name="loans",
        categorical_features=["region"],
        test_ids=list(range(0, 240, 4)),
        data_card=DataCard(description="Synthetic loans.", feature_descriptions={"debt": "debt in k€"}),
    )
    assert host.test_ids.tolist() == list(range(0, 240, 4))
    assert host.performance("accuracy").n == 60
    assert host.data_information(None).description == "Synthetic loans."
    assert host.data_information("debt").feature.description == "debt in k€"
