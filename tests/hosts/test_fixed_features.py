"""A feature the host keeps fixed (`immutable_features`): a what-if may still suppose it changed, and its result
says, in one short note, that the feature cannot change in reality; no counterfactual, by the nearest-rows search
or by DiCE, ever changes it, even when changing it is the easiest way to flip the prediction.

An invented record of rowing-club boats, made up for these tests: the hull's age decides most of the label.
"""

from __future__ import annotations

import importlib.util

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import RandomForestClassifier

from simxai import default_registry
from simxai.hosts import host_from_model

FEATURES = ["hull_age_years", "outings_per_week", "rigger"]


@pytest.fixture(scope="module")
def boats() -> pd.DataFrame:
    rng = np.random.default_rng(11)
    n = 200
    frame = pd.DataFrame(
        {
            "boat_no": np.arange(501, 501 + n),
            "hull_age_years": rng.integers(1, 40, n),
            "outings_per_week": rng.integers(0, 12, n),
            "rigger": rng.choice(["wing", "classic"], n),
        }
    )
    frame["state"] = np.where(frame.hull_age_years + frame.outings_per_week / 4 > 22, "needs refit", "sound")
    return frame


def _host(boats: pd.DataFrame, method: str):  # type: ignore[no-untyped-def]
    frame = boats.assign(rigger=(boats.rigger == "wing").astype(int))
    model = RandomForestClassifier(n_estimators=25, random_state=0).fit(frame[FEATURES], frame.state)
    return host_from_model(
        model,
        frame,
        name="boats",
        target="state",
        instance_noun="boat",
        id_column="boat_no",
        category_names={"rigger": {0: "classic", 1: "wing"}},
        immutable_features=["hull_age_years", "rigger"],
        counterfactual_method=method,
    )


@pytest.fixture(scope="module")
def host(boats: pd.DataFrame):  # type: ignore[no-untyped-def]
    return _host(boats, "nearest")


def _call(host: object, name: str, arguments: dict[str, object]):  # type: ignore[no-untyped-def]
    registered = default_registry().get(name)
    assert registered is not None
    return registered(host, arguments)


def test_a_what_if_on_a_fixed_number_runs_and_says_it_cannot_change(host):
    result = _call(host, "explain_what_if", {"instance": 501, "changes": {"hull_age_years": "+10"}})
    assert result.fixed == ["hull_age_years"]
    assert result.model_dump()["fixed"] == ["hull_age_years"]
    said = "the host keeps hull_age_years fixed: it cannot change in reality, so this what-if is a supposition"
    assert said in result.render()
    assert said in (result.note or "")


def test_two_fixed_features_and_a_group_are_said_once(host):
    result = _call(
        host,
        "explain_what_if",
        {"instance": "outings_per_week > 6", "changes": {"hull_age_years": 5, "rigger": "wing"}},
    )
    assert result.render().count("cannot change in reality") == 1
    assert "the host keeps hull_age_years and rigger fixed: they cannot change in reality" in result.render()


def test_a_what_if_on_a_free_feature_has_no_fixed_note(host):
    result = _call(host, "explain_what_if", {"instance": 501, "changes": {"outings_per_week": 3}})
    assert result.fixed == []
    assert "fixed" not in result.model_dump()
    assert "cannot change in reality" not in result.render()


def test_a_fixed_feature_already_at_the_value_is_no_supposition(host, boats):
    age = int(boats.hull_age_years.iloc[0])
    result = _call(host, "explain_what_if", {"instance": 501, "changes": {"hull_age_years": age}})
    assert result.fixed == []


@pytest.mark.parametrize(
    "method",
    [
        "nearest",
        pytest.param(
            "dice",
            marks=[
                pytest.mark.skipif(importlib.util.find_spec("dice_ml") is None, reason="needs the dice extra"),
                pytest.mark.slow,  # DiCE's searches take several seconds
            ],
        ),
    ],
)
def test_no_counterfactual_changes_a_fixed_feature(boats, method):
    host = _host(boats, method)
    # boats near the line, where a change of outings alone can flip the label (and a younger hull would, too)
    near = boats[(boats.hull_age_years > 19) & (boats.hull_age_years < 22)]
    counted = 0
    for boat in near.boat_no.iloc[:3]:
        result = _call(host, "explain_how_to_be_that", {"instance": int(boat), "number_of_iterations": 2})
        for counterfactual in result.counterfactuals:
            counted += 1
            assert {c.feature for c in counterfactual.changes} <= {"outings_per_week"}
    assert counted  # the search found some: outings alone flip the boats near the line
