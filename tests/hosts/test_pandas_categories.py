"""A LightGBM model fitted on a DataFrame with a pandas `category` column, hosted from that data written to a CSV
(where the column comes back as text): the host gives the column the model's own categories in the model's order,
so predictions, what-ifs and groups match the model's; a value the model has no category for is refused in one
line. Also: a numeric 0/1 model's generated data card says the target's description beside the target column.

An invented bee-garden dataset, made up for these tests.
"""

from __future__ import annotations

from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import pytest

from simxai import default_registry
from simxai.exceptions import UsageError
from simxai.hosts import host_from_model
from simxai.hosts.config import load_host_config

lightgbm = pytest.importorskip("lightgbm")

FEATURES = ["sun_hours", "bloom_count", "hedge"]
# Not alphabetical: the model's order of categories is the one that counts, not the one a CSV's values sort in.
HEDGES = ["yew", "beech", "hawthorn"]


def _gardens(n: int = 240, seed: int = 8) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "sun_hours": np.round(rng.uniform(2, 12, n), 1),
            "bloom_count": rng.integers(0, 60, n),
            "hedge": pd.Categorical(rng.choice(HEDGES, n), categories=HEDGES),
        }
    )
    busy = frame.sun_hours / 4 + frame.bloom_count / 20 + (frame.hedge == "hawthorn") * 1.5 + rng.normal(0, 0.4, n)
    frame["visits"] = np.where(busy > 4.0, "busy", "quiet")
    return frame


@pytest.fixture(scope="module")
def fitted() -> tuple[pd.DataFrame, object]:
    frame = _gardens()
    model = lightgbm.LGBMClassifier(n_estimators=30, min_child_samples=5, random_state=0, verbose=-1)
    return frame, model.fit(frame[FEATURES], frame.visits)


def _write(folder: Path, frame: pd.DataFrame, model: object) -> Path:
    joblib.dump(model, folder / "model.joblib")
    frame.to_csv(folder / "gardens.csv", index=False)
    config = folder / "host.yaml"
    config.write_text(
        "name: bee garden\nmodel_path: model.joblib\ndata_path: gardens.csv\ntarget: visits\ninstance_noun: garden\n"
    )
    return config


def test_a_category_column_read_back_from_a_csv_gets_the_models_categories(tmp_path, fitted):
    frame, model = fitted
    host = load_host_config(_write(tmp_path, frame, model))
    predict = default_registry().get("get_prediction")
    assert predict is not None
    prediction = predict(host, {"instance": 5})
    expected = model.predict_proba(frame[FEATURES].iloc[[5]])[0]  # type: ignore[attr-defined]
    assert prediction.probabilities == pytest.approx(dict(zip(model.classes_, expected, strict=True)))  # type: ignore[attr-defined]
    what_if = default_registry().get("explain_what_if")
    assert what_if is not None
    other = "hawthorn" if frame.hedge[5] != "hawthorn" else "yew"
    changed = what_if(host, {"instance": 5, "changes": {"hedge": other}})
    row = frame[FEATURES].iloc[[5]].copy()
    row["hedge"] = pd.Categorical([other], categories=HEDGES)
    after = model.predict_proba(row)[0]  # type: ignore[attr-defined]
    assert changed.new_probabilities == pytest.approx(dict(zip(model.classes_, after, strict=True)))  # type: ignore[attr-defined]
    group = predict(host, {"instance": "hedge = beech"})
    assert group.subject.size == int((frame.hedge == "beech").sum())


def test_a_value_the_model_has_no_category_for_is_refused_naming_its_categories(fitted):
    frame, model = fitted
    odd = frame.assign(hedge=frame.hedge.astype(str).where(frame.index != 3, "privet"))
    with pytest.raises(UsageError) as caught:
        host_from_model(model, odd, name="bee garden", target="visits", instance_noun="garden")
    message = str(caught.value)
    assert "feature 'hedge' holds 'privet', which the model has no category for" in message
    assert message.endswith("its categories are yew, beech, hawthorn") and "\n" not in message


def test_the_generated_data_card_says_the_target_description_beside_the_target(fitted):
    frame, model = fitted
    host = host_from_model(
        model,
        frame,
        name="bee garden",
        target="visits",
        instance_noun="garden",
        cards={"target_description": "whether more than forty bees were counted in an hour"},
    )
    card = host.data_information(None).render()
    assert (
        "the target column visits (whether more than forty bees were counted in an hour) gives one of the labels"
        in card
    )
