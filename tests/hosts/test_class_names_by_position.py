"""Class names listed for a model fitted on codes are bound by position; when the target column holds the names
themselves, the model's predictions show which binding is right, and a list in another order (sorted by name, say)
is refused with the binding the data supports (newuser41). An invented host: tea lots graded into three grades.
"""

from __future__ import annotations

import logging

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

from simxai.exceptions import UsageError
from simxai.hosts import host_from_model

GRADES = {0: "premium", 1: "standard", 2: "broken"}  # the codes' order is not the names' alphabetical order


def _lots() -> tuple[pd.DataFrame, DecisionTreeClassifier]:
    rng = np.random.default_rng(41)
    n = 150
    data = pd.DataFrame({"leaf_mm": np.round(rng.uniform(2, 30, n), 1), "moisture": np.round(rng.uniform(2, 9, n), 1)})
    code = np.where(data.leaf_mm > 20, 0, np.where(data.leaf_mm > 8, 1, 2))
    model = DecisionTreeClassifier(max_depth=3, random_state=0).fit(data, code)
    return data.assign(grade=[GRADES[c] for c in code]), model


def _host(data: pd.DataFrame, model: DecisionTreeClassifier, class_names: object) -> object:
    return host_from_model(model, data, name="tea grading", target="grade", class_names=class_names)


def test_a_sorted_list_the_target_contradicts_is_refused_with_the_binding_the_data_supports() -> None:
    data, model = _lots()
    with pytest.raises(UsageError) as caught:
        _host(data, model, sorted(GRADES.values()))
    message = str(caught.value)
    assert message.startswith(
        "host_from_model: class_names ['broken', 'premium', 'standard'] bound by position to the model's "
        "classes_ [0, 1, 2] contradicts the target column"
    )
    assert "on 150 as {0: premium, 1: standard, 2: broken}; write class_names as the mapping" in message


def test_a_list_in_the_models_order_loads_and_a_stated_mapping_is_taken_as_stated(caplog) -> None:
    data, model = _lots()
    with caplog.at_level(logging.WARNING, logger="simxai.hosts.tabular"):
        host = _host(data, model, list(GRADES.values()))
    assert host.class_names == ["premium", "standard", "broken"]
    assert "by position" in caplog.text
    assert host.predict(host.resolve(0)).label == GRADES[int(model.predict(data[["leaf_mm", "moisture"]].iloc[[0]])[0])]
    # A mapping is the user's statement: it is not second-guessed (the data holds the names it gives).
    assert _host(data, model, dict(GRADES)).class_names == ["premium", "standard", "broken"]


def test_a_target_of_codes_gives_nothing_to_compare_and_the_list_is_bound_with_the_warning(caplog) -> None:
    data, model = _lots()
    codes = data.assign(grade=data.grade.map({v: k for k, v in GRADES.items()}))
    with caplog.at_level(logging.WARNING, logger="simxai.hosts.tabular"):
        host = _host(codes, model, sorted(GRADES.values()))
    assert host.class_names == ["broken", "premium", "standard"]
    assert "bound to the model's classes_ [0, 1, 2] by position: {0: broken" in caplog.text
