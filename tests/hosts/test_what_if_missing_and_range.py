"""A what-if that sets a value to missing (for a model that reads one itself), a what-if whose new value lands
outside the data's range (said in the result's note), and counterfactuals of a row with a missing value.

An invented bee-hive dataset, made up for these tests.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline

from simxai import default_registry
from simxai.exceptions import ArgumentError
from simxai.hosts import host_from_model

FEATURES = ["frames", "weight_kg", "mite_count"]


def _hives(n: int = 240, seed: int = 5) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "hive_no": np.arange(301, 301 + n),
            "frames": rng.integers(4, 11, n).astype(float),
            "weight_kg": np.round(rng.uniform(12, 48, n), 1),
            "mite_count": rng.integers(0, 40, n).astype(float),
        }
    )
    score = frame.weight_kg / 12 + frame.frames / 4 - frame.mite_count / 10
    frame["status"] = np.where(score > 3.5, "thriving", "weak")
    return frame


def _with_gaps() -> pd.DataFrame:
    frame = _hives()
    frame.loc[[0, 3, 8, 11], "mite_count"] = np.nan
    frame.loc[[3, 17], "weight_kg"] = np.nan
    return frame


@pytest.fixture(scope="module")
def hives() -> pd.DataFrame:
    return _with_gaps()


@pytest.fixture(scope="module")
def model(hives: pd.DataFrame) -> HistGradientBoostingClassifier:
    return HistGradientBoostingClassifier(max_iter=30, random_state=0).fit(hives[FEATURES], hives.status)


@pytest.fixture(scope="module")
def host(hives: pd.DataFrame, model: HistGradientBoostingClassifier):  # type: ignore[no-untyped-def]
    return host_from_model(model, hives, name="hives", target="status", instance_noun="hive", id_column="hive_no")


def _call(host: object, name: str, arguments: dict[str, object]):  # type: ignore[no-untyped-def]
    registered = default_registry().get(name)
    assert registered is not None
    return registered(host, arguments)


def test_a_what_if_sets_a_value_to_missing_and_the_model_reads_it(host, hives, model):
    result = _call(host, "explain_what_if", {"instance": 302, "changes": {"mite_count": None}})
    row = hives.loc[[1], FEATURES].copy()
    row["mite_count"] = np.nan
    expected = dict(zip(model.classes_, model.predict_proba(row)[0], strict=True))
    assert result.new_probabilities == pytest.approx(expected)
    [change] = result.changes
    assert change.old == hives.mite_count[1] and math.isnan(float(change.new))
    assert f"changing mite_count from {hives.mite_count[1]:g} to missing" in result.render()
    assert result.model_dump(mode="json")["changes"][0]["new"] is None


def test_a_group_set_to_missing_is_said_as_missing(host, hives, model):
    result = _call(host, "explain_what_if", {"instance": "frames > 8", "changes": {"mite_count": None}})
    rows = hives.loc[hives.frames > 8, FEATURES].copy()
    rows["mite_count"] = np.nan
    predicted = pd.Series(model.predict(rows)).value_counts().to_dict()
    assert result.new_label_counts == {k: predicted.get(k, 0) for k in result.new_label_counts}
    assert "to missing moves the predictions" in result.render()


def test_a_model_that_does_not_read_missing_values_refuses_null_naming_why():
    frame = _hives()
    model = LogisticRegression(max_iter=500).fit(frame[FEATURES], frame.status)
    host = host_from_model(model, frame, name="hives", target="status", instance_noun="hive", id_column="hive_no")
    with pytest.raises(ArgumentError) as caught:
        _call(host, "explain_what_if", {"instance": 305, "changes": {"frames": None}})
    assert str(caught.value).startswith(
        "frames cannot be set to missing: the model does not read missing values itself"
    )
    assert caught.value.valid == "a number (observed 4 to 10)"


def test_a_value_the_model_imputes_points_to_the_prediction_that_fills_it():
    frame = _hives()
    frame.loc[[2, 9], "weight_kg"] = np.nan
    model = make_pipeline(SimpleImputer(strategy="median"), RandomForestClassifier(n_estimators=20, random_state=0))
    model.fit(frame[FEATURES], frame.status)
    host = host_from_model(model, frame, name="hives", target="status", instance_noun="hive", id_column="hive_no")
    with pytest.raises(ArgumentError) as caught:
        _call(host, "explain_what_if", {"instance": 305, "changes": {"weight_kg": None}})
    said = str(caught.value)
    assert "the model's imputer fills a missing weight_kg, so no what-if can keep it missing" in said
    assert 'ask get_prediction {"instance": {"id": 305, "weight_kg": null}}' in said


def test_a_step_that_lands_outside_the_data_says_so_in_the_note(host, hives):
    result = _call(host, "explain_what_if", {"instance": 302, "changes": {"weight_kg": "*5"}})
    low, high = hives.weight_kg.min(), hives.weight_kg.max()
    new = round(hives.weight_kg[1] * 5, 1)
    said = f"weight_kg {new:g} lies outside the values the data shows ({low:g} to {high:g})"
    assert result.note is not None and result.note.startswith(said)
    assert "its answer there is an extrapolation" in result.note
    assert f"Note: {said}" in result.render()
    payload = result.model_dump(mode="json")
    assert payload["outside_range"] == [{"feature": "weight_kg", "low": low, "high": high, "rows": 1}]


def test_a_step_within_the_data_has_no_note_and_no_range_in_the_payload(host):
    result = _call(host, "explain_what_if", {"instance": 302, "changes": {"weight_kg": "+2"}})
    assert result.note is None
    assert "outside_range" not in result.model_dump(mode="json")
    assert "Note:" not in result.render()


def test_a_group_counts_the_rows_a_step_puts_outside(host, hives):
    result = _call(host, "explain_what_if", {"instance": "weight_kg > 30", "changes": {"weight_kg": "+15"}})
    chosen = hives.weight_kg[hives.weight_kg > 30]
    beyond = int((chosen + 15 > hives.weight_kg.max()).sum())
    assert result.outside_range[0].rows == beyond
    assert f"for {beyond} of the {len(chosen)} rows, weight_kg lies outside" in (result.note or "")


def test_a_counterfactual_of_a_row_with_a_gap_never_changes_missing_to_missing(host, hives, model):
    for hive in (301, 304):  # 304 has two gaps
        result = _call(host, "explain_why_not", {"instance": hive})
        assert result.counterfactuals, result.render()
        assert "from missing to missing" not in result.render()
        for cf in result.counterfactuals:
            row = hives.loc[hives.hive_no == hive, FEATURES].copy()
            for change in cf.changes:
                assert not (math.isnan(float(change.old)) and math.isnan(float(change.new)))
                row[change.feature] = change.new
            probability = model.predict_proba(row)[0][list(model.classes_).index(cf.label)]
            assert cf.probability == pytest.approx(probability)


def test_a_text_has_no_missing_word(sentiment_host):
    with pytest.raises(ArgumentError) as caught:
        _call(sentiment_host, "explain_what_if", {"instance": "the pie crust was soggy", "changes": {"soggy": None}})
    assert str(caught.value) == "the replacement of 'soggy' cannot be null: a text has no missing words"
    assert caught.value.valid == 'a word, or "" to remove it'


def test_the_loan_hosts_income_step_in_thousands_says_it_lands_outside(loan_host):
    result = _call(loan_host, "explain_what_if", {"instance": 3, "changes": {"income": "+20000"}})
    [outside] = result.outside_range
    assert outside.feature == "income" and outside.rows == 1
    income = float(loan_host.resolve(3).values["income"])
    said = f"income {income + 20000:g} lies outside the values the data shows"
    assert result.note is not None and result.note.startswith(said)
