"""A why-not or how-to-be-that on custom values asks the model for the instance's prediction once (newuser46).

`explain_why_not` needs the prediction to state a tie even when the user names the label, and the host's search
starts from the same prediction: before, each asked the model for it, so a custom instance was predicted twice.
An invented record of cargo bikes, made up for these tests.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai import default_registry
from simxai.hosts import host_from_model

FEATURES = ["load_kg", "battery_pct", "trips_per_day"]
BIKE = {"load_kg": 60.0, "battery_pct": 35.0, "trips_per_day": 7}


@pytest.fixture
def host() -> Any:
    """A fresh host per test: nothing of another test's calls is cached."""
    rng = np.random.default_rng(4611)
    n = 160
    frame = pd.DataFrame(
        {
            "bike_no": np.arange(300, 300 + n),
            "load_kg": np.round(rng.uniform(10, 120, n), 1),
            "battery_pct": np.round(rng.uniform(5, 100, n), 0),
            "trips_per_day": rng.integers(1, 15, n),
        }
    )
    frame["service"] = np.where(frame.load_kg / 40 + frame.trips_per_day / 5 > 3.5, "overhaul", "check-up")
    model = RandomForestClassifier(n_estimators=15, random_state=2).fit(frame[FEATURES], frame.service)
    return host_from_model(
        model, frame, name="cargo bikes", target="service", instance_noun="bike", id_column="bike_no"
    )


def _instance_rows(host: Any, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts of model calls on the custom bike's own row, recorded as they happen."""
    seen: list[int] = []
    model = host.model
    real = model.predict_proba

    def counting(frame: pd.DataFrame) -> np.ndarray:
        mine = (frame[FEATURES].to_numpy(dtype=float) == np.array([BIKE[f] for f in FEATURES], dtype=float)).all(1)
        seen.append(int(mine.sum()))
        return real(frame)

    monkeypatch.setattr(model, "predict_proba", counting)
    monkeypatch.setattr(model, "predict", lambda frame: model.classes_[counting(frame).argmax(axis=1)])
    return seen


@pytest.mark.parametrize(
    ("name", "label_argument"), [("explain_why_not", "expected_label"), ("explain_how_to_be_that", "target_label")]
)
@pytest.mark.parametrize("named", [True, False])
def test_the_custom_instance_is_predicted_once(
    host: Any, monkeypatch: pytest.MonkeyPatch, name: str, label_argument: str, named: bool
) -> None:
    predicted = str(host.model.predict(pd.DataFrame([BIKE])[FEATURES])[0])
    seen = _instance_rows(host, monkeypatch)
    other = next(c for c in ("overhaul", "check-up") if c != predicted)
    arguments: dict[str, object] = {"instance": dict(BIKE)}
    if named:
        arguments[label_argument] = other
    function = default_registry().get(name)
    assert function is not None
    result = function(host, arguments)
    assert result.current_label == predicted and result.target_label == other
    assert sum(seen) == 1, f"the bike's own row went to the model {sum(seen)} times"
