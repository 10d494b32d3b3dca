"""A what-if on a feature the model never uses says so (newuser47).

Before, "what if plot 7010 were a raised bed?" on a gradient boosting model that never splits on `raised_bed`
answered `the prediction stays no ribbon (before: ... 91.8%; after: ... 91.8%)`, equal bars without a reason, as a
text what-if on a word the model does not read did before round 45. A tree model's own splits say it exactly.
An invented record of allotment plots.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier

from simxai import default_registry
from simxai.hosts import host_from_model

FEATURES = ["sun_hours", "raised_bed"]
NOTE = "the model never uses raised_bed (no tree splits on it), so no value of it changes any prediction"


def _host(model: Any) -> Any:
    rng = np.random.default_rng(4749)
    frame = pd.DataFrame(
        {
            "plot_no": np.arange(7001, 7061),
            "sun_hours": np.round(rng.uniform(3, 10, 60), 1),
            "raised_bed": rng.integers(0, 2, 60),
        }
    )
    frame["ribbon"] = np.where(frame.sun_hours > 6.5, "ribbon", "no ribbon")
    model.fit(frame[FEATURES], frame.ribbon)
    return host_from_model(
        model,
        frame,
        name="garden",
        target="ribbon",
        instance_noun="plot",
        id_column="plot_no",
        category_names={"raised_bed": {0: "no", 1: "yes"}},
    )


@pytest.fixture(scope="module")
def stump() -> Any:
    return _host(DecisionTreeClassifier(max_depth=1, random_state=0))


def _what_if(host: Any, changes: dict[str, object]) -> Any:
    registered = default_registry().get("explain_what_if")
    assert registered is not None
    return registered(host, {"instance": 7001, "changes": changes})


def _other(host: Any) -> str:
    return "no" if host.resolve(7001).values["raised_bed"] == "yes" else "yes"


def test_a_feature_no_tree_splits_on_is_said_to_change_nothing(stump: Any) -> None:
    assert not (stump.model.tree_.feature == 1).any()  # the stump splits on sun_hours only
    result = _what_if(stump, {"raised_bed": _other(stump)})
    assert result.unused == ["raised_bed"]
    assert result.new_probabilities == result.old_probabilities
    assert result.note == NOTE
    assert result.render().endswith(f"Note: {NOTE}.")
    assert result.model_dump()["unused"] == ["raised_bed"]


def test_beside_a_feature_it_uses_only_the_unused_one_is_named(stump: Any) -> None:
    result = _what_if(stump, {"raised_bed": _other(stump), "sun_hours": 9.5})
    assert result.unused == ["raised_bed"]
    alone = _what_if(stump, {"sun_hours": 9.5})
    assert alone.unused == [] and "unused" not in alone.model_dump() and alone.note is None


def test_a_value_it_already_has_and_a_model_without_trees_get_no_such_note(stump: Any) -> None:
    same = stump.resolve(7001).values["raised_bed"]
    assert _what_if(stump, {"raised_bed": same}).unused == []
    linear = _host(LogisticRegression())
    assert _what_if(linear, {"raised_bed": _other(linear)}).unused == []
