"""The "never uses" note on a what-if, beyond a bare scikit-learn tree (newuser48).

Round 47 read a bare scikit-learn tree's splits only, so a `Pipeline` wrapping a tree model, XGBoost, LightGBM
and scikit-learn's histogram boosting answered a what-if on a feature they never split on with equal bars and no
reason. Each is read from its own structure now; a preprocessing step that mixes its inputs counts every input
as used, and a model whose splits are not read (linear leaves) gets no note. An invented record of garden plots.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from lightgbm import LGBMClassifier
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler
from sklearn.tree import DecisionTreeClassifier
from xgboost import XGBClassifier

from simxai import default_registry
from simxai.hosts import host_from_model
from simxai.hosts._tabular_unused import unused_features

FEATURES = ["sun_hours", "raised_bed", "shade"]
NOTE = "the model never uses raised_bed (no tree splits on it), so no value of it changes any prediction"


def _frame() -> pd.DataFrame:
    rng = np.random.default_rng(4848)
    frame = pd.DataFrame(
        {
            "plot_no": np.arange(7001, 7081),
            "sun_hours": np.round(rng.uniform(3, 10, 80), 1),
            "raised_bed": rng.integers(0, 2, 80),
            "shade": rng.choice(["none", "light", "deep"], 80),
        }
    )
    frame["ribbon"] = np.where(frame.sun_hours > 6.5, "ribbon", "no ribbon")
    return frame


def _host(model: Any, frame: pd.DataFrame | None = None) -> Any:
    frame = _frame() if frame is None else frame
    model.fit(
        frame[FEATURES],
        frame.ribbon if not isinstance(model, XGBClassifier) else (frame.ribbon == "ribbon").astype(int),
    )
    return host_from_model(
        model,
        frame,
        name="garden",
        target="ribbon",
        class_names={0: "no ribbon", 1: "ribbon"} if isinstance(model, XGBClassifier) else None,
        instance_noun="plot",
        id_column="plot_no",
        category_names={"raised_bed": {0: "no", 1: "yes"}},
    )


def _numeric(model: Any) -> Pipeline:
    """`model` behind a one-hot encoding of the shade and a scaling of the numbers."""
    encode = ColumnTransformer(
        [("shade", OneHotEncoder(), ["shade"]), ("numbers", StandardScaler(), ["sun_hours", "raised_bed"])]
    )
    return Pipeline([("encode", encode), ("model", model)])


def _what_if(host: Any, changes: dict[str, object]) -> Any:
    registered = default_registry().get("explain_what_if")
    assert registered is not None
    return registered(host, {"instance": 7001, "changes": changes})


def _other(host: Any) -> str:
    return "no" if host.resolve(7001).values["raised_bed"] == "yes" else "yes"


STUMPS = {
    "pipeline of a tree": lambda: _numeric(DecisionTreeClassifier(max_depth=1, random_state=0)),
    "xgboost": lambda: XGBClassifier(n_estimators=5, max_depth=1, enable_categorical=True, random_state=0),
    "lightgbm": lambda: LGBMClassifier(n_estimators=5, num_leaves=2, min_child_samples=5, verbose=-1),
    "pipeline of lightgbm": lambda: _numeric(LGBMClassifier(n_estimators=5, num_leaves=2, verbose=-1)),
    "histogram boosting": lambda: HistGradientBoostingClassifier(
        max_iter=5, max_depth=1, categorical_features="from_dtype"
    ),
}


@pytest.mark.parametrize("kind", list(STUMPS))
def test_a_feature_no_split_depends_on_is_said_to_change_nothing(kind: str) -> None:
    frame = _frame()
    if kind in ("xgboost", "lightgbm", "histogram boosting"):  # these read the text column as a pandas category
        frame["shade"] = frame.shade.astype("category")
    host = _host(STUMPS[kind](), frame)
    assert unused_features(host.model, FEATURES) == {"raised_bed", "shade"}  # stumps on sun_hours only
    result = _what_if(host, {"raised_bed": _other(host)})
    assert result.unused == ["raised_bed"]
    assert result.new_probabilities == result.old_probabilities
    assert result.note == NOTE
    assert _what_if(host, {"sun_hours": 9.9}).unused == []


def test_a_feature_the_trees_split_on_through_its_encoding_is_used() -> None:
    frame = _frame()
    frame["ribbon"] = np.where(frame.shade == "deep", "no ribbon", "ribbon")  # the label follows the shade alone
    host = _host(_numeric(DecisionTreeClassifier(max_depth=2, random_state=0)), frame)
    assert unused_features(host.model, FEATURES) == {"sun_hours", "raised_bed"}
    shade = host.resolve(7001).values["shade"]
    assert _what_if(host, {"shade": "light" if shade == "deep" else "deep"}).unused == []


def test_a_step_that_mixes_its_inputs_makes_each_of_them_used() -> None:
    mixed = Pipeline(
        [
            ("encode", ColumnTransformer([("shade", OneHotEncoder(), ["shade"])], remainder=PolynomialFeatures(2))),
            ("model", DecisionTreeClassifier(max_depth=1, random_state=0)),
        ]
    )
    host = _host(mixed)
    # the stump splits on a product column made from sun_hours and raised_bed together: neither is unused
    assert unused_features(host.model, FEATURES) == {"shade"}
    assert _what_if(host, {"raised_bed": _other(host)}).unused == []


def test_a_model_whose_splits_are_not_all_it_reads_gets_no_note() -> None:
    frame = _frame()
    frame["shade"] = frame.shade.astype("category")
    linear_leaves = _host(LGBMClassifier(n_estimators=5, num_leaves=2, linear_tree=True, verbose=-1), frame)
    assert unused_features(linear_leaves.model, FEATURES) is None
    assert _what_if(linear_leaves, {"raised_bed": _other(linear_leaves)}).unused == []
