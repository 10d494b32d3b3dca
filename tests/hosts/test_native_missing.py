"""A model that reads a missing value itself (a HistGradientBoostingClassifier, no imputer): the host keeps the
gaps of its data as missing, explains them like any other value and says them as "missing"; a custom instance may
leave such a feature null; a relative change of a missing value is refused in one line.

An invented tide-gauge dataset, made up for these tests.
"""

from __future__ import annotations

import logging

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import HistGradientBoostingClassifier

from simxai import default_registry
from simxai.exceptions import ArgumentError
from simxai.hosts import host_from_model
from simxai.hosts.base import InstanceRef

FEATURES = ["surge_cm", "gust_kn", "pressure_hpa"]


def _gauges(n: int = 200, seed: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "gauge_no": np.arange(7001, 7001 + n),
            "surge_cm": np.round(rng.uniform(0, 90, n), 1),
            "gust_kn": np.round(rng.uniform(0, 60, n), 1),
            "pressure_hpa": np.round(rng.normal(1005, 12, n), 1),
        }
    )
    score = frame.surge_cm / 30 + frame.gust_kn / 25 - (frame.pressure_hpa - 1005) / 15
    frame["alert"] = np.where(score > 3.2, "flood", "calm")
    frame.loc[[0, 4, 9, 15], "surge_cm"] = np.nan
    frame.loc[[4, 20], "pressure_hpa"] = np.nan
    return frame


@pytest.fixture(scope="module")
def gauges() -> pd.DataFrame:
    return _gauges()


@pytest.fixture(scope="module")
def model(gauges: pd.DataFrame) -> HistGradientBoostingClassifier:
    return HistGradientBoostingClassifier(max_iter=30, random_state=0).fit(gauges[FEATURES], gauges.alert)


@pytest.fixture(scope="module")
def host(gauges: pd.DataFrame, model: HistGradientBoostingClassifier):  # type: ignore[no-untyped-def]
    return host_from_model(model, gauges, name="tide", target="alert", instance_noun="gauge", id_column="gauge_no")


def _call(host: object, name: str, arguments: dict[str, InstanceRef | dict[str, object]]):  # type: ignore[no-untyped-def]
    registered = default_registry().get(name)
    assert registered is not None
    return registered(host, arguments)


def test_the_gaps_are_kept_and_said_at_load_and_in_the_data_card(gauges, model, caplog):
    with caplog.at_level(logging.WARNING, logger="simxai.hosts"):
        host = host_from_model(model, gauges, name="tide", target="alert", instance_noun="gauge", id_column="gauge_no")
    said = "surge_cm: 4 missing values; pressure_hpa: 2 missing values; kept as missing (the model, a "
    assert any(said in r.getMessage() for r in caplog.records)
    card = host.data_information(None).render()
    assert said + "HistGradientBoostingClassifier, reads a missing value itself)" in card
    surge = host.data_information("surge_cm").render()
    recorded = gauges.surge_cm.dropna()
    assert f"ranges from {recorded.min():g} to {recorded.max():g}" in surge
    assert "missing in 4 rows (not counted in these figures)" in surge


def test_a_row_with_a_gap_is_predicted_and_explained_as_the_model_reads_it(host, gauges, model):
    prediction = _call(host, "get_prediction", {"instance": 7001})
    expected = model.predict_proba(gauges[FEATURES].iloc[[0]])[0]
    assert prediction.probabilities == pytest.approx(dict(zip(model.classes_, expected, strict=True)))
    assert np.isnan(prediction.subject.values["surge_cm"])
    why = _call(host, "get_local_explanation", {"instance": 7001}).render()
    assert "surge_cm = missing (pushes" in why and "nan" not in why


def test_a_what_if_from_a_missing_value_uses_the_models_probabilities(host, gauges, model):
    result = _call(host, "explain_what_if", {"instance": 7005, "changes": {"surge_cm": 70}})
    changed = gauges[FEATURES].iloc[[4]].assign(surge_cm=70.0)
    expected = model.predict_proba(changed)[0]
    assert result.new_probabilities == pytest.approx(dict(zip(model.classes_, expected, strict=True)))
    assert "changing surge_cm from missing to 70" in result.render()


def test_a_relative_change_of_a_missing_value_is_refused_in_one_line(host):
    with pytest.raises(ArgumentError) as caught:
        _call(host, "explain_what_if", {"instance": 7005, "changes": {"surge_cm": "+10%"}})
    message = str(caught.value)
    assert message.startswith("surge_cm is missing for gauge 7005, so it cannot change by '+10%'")
    assert "\n" not in message and "a number (observed" in (caught.value.valid or "")


def test_a_custom_instance_may_leave_a_feature_null(host, model):
    given = {"surge_cm": 40.0, "gust_kn": 30.0, "pressure_hpa": None}
    prediction = _call(host, "get_prediction", {"instance": given})
    expected = model.predict_proba(pd.DataFrame([{**given, "pressure_hpa": np.nan}])[FEATURES])[0]
    assert prediction.probabilities == pytest.approx(dict(zip(model.classes_, expected, strict=True)))
    assert "pressure_hpa = missing" in prediction.render()
    assert prediction.subject.filled is None  # nothing was imputed: the model read the gap itself


def test_what_keeps_the_prediction_leaves_out_a_missing_feature(host):
    still = _call(host, "explain_how_to_still_be_this", {"instance": 7001})
    assert [r.feature for r in still.ranges if r.feature == "surge_cm"] == []
    assert {r.feature for r in still.ranges} == {"gust_kn", "pressure_hpa"}
    assert still.render().endswith("surge_cm is missing for gauge 7001 (read so by the model): no range is given.")
