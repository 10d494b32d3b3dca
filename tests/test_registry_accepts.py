"""A value of the wrong type is refused naming what the host accepts there, in one line (newuser47).

Before, `{"expected_label": 1}` on a model whose classes are 0 and 1 was refused as `Input should be a valid
string; valid: expected_label: str | None`, and `{"instance": 7001.5}` as `valid: instance: int | str | dict[...]`:
Python types, where a user needs the label names and the id range. An invented record of allotment plots.
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

from simxai import default_registry
from simxai.exceptions import ArgumentError, HostError
from simxai.hosts import host_from_model


def _plots(**names: Any) -> Any:
    rng = np.random.default_rng(4747)
    n = 90
    frame = pd.DataFrame(
        {
            "plot_no": np.arange(7001, 7001 + n),
            "sun_hours": np.round(rng.uniform(3, 10, n), 1),
            "compost_kg": rng.integers(0, 40, n),
        }
    )
    frame["ribbon"] = ((frame.sun_hours * 0.6 + frame.compost_kg * 0.1) > 6.5).astype(int)
    model = DecisionTreeClassifier(max_depth=3, random_state=0).fit(frame[["sun_hours", "compost_kg"]], frame.ribbon)
    return host_from_model(
        model, frame, name="garden", target="ribbon", instance_noun="plot", id_column="plot_no", **names
    )


@pytest.fixture(scope="module")
def plots() -> Any:
    return _plots(class_names={0: "no ribbon", 1: "ribbon"})


def _refusal(host: Any, function: str, arguments: dict[str, Any]) -> ArgumentError:
    registered = default_registry().get(function)
    assert registered is not None
    with pytest.raises(ArgumentError) as caught:
        registered(host, arguments)
    assert "\n" not in str(caught.value)
    return caught.value


def test_a_class_value_for_a_label_names_the_labels(plots: Any) -> None:
    error = _refusal(plots, "explain_why_not", {"instance": 7001, "expected_label": 1})
    assert str(error) == (
        "invalid 'expected_label' for explain_why_not: got 1; it takes a label's name, one of no ribbon or ribbon"
    )
    assert error.argument == "expected_label" and error.valid == "a label's name, one of no ribbon or ribbon"
    for function, argument in [
        ("explain_how_to_be_that", "target_label"),
        ("explain_how_to_still_be_this", "kept_label"),
        ("get_local_explanation", "prediction_label"),
    ]:
        assert "one of no ribbon or ribbon" in str(_refusal(plots, function, {"instance": 7001, argument: 0}))
    assert "one of no ribbon or ribbon" in str(_refusal(plots, "get_global_explanation", {"label": True}))


def test_an_id_with_a_fraction_names_the_id_range(plots: Any) -> None:
    error = _refusal(plots, "explain_why_not", {"instance": 7001.5})
    assert str(error).startswith("invalid 'instance' for explain_why_not: got 7001.5; it takes a plot id (a whole ")
    assert "a plot id (a whole number from 7001 to 7090), an object of plot feature values or a condition" in (
        error.valid
    )
    assert "sun_hours >" in error.valid  # a condition on the host's own feature, not the demo's
    assert error.valid in str(_refusal(plots, "get_prediction", {"instance": [7001, 7002]}))
    entry = _refusal(plots, "get_prediction", {"instance": {"sun_hours": [4], "compost_kg": 3}})
    assert "the value of 'sun_hours' is a list; it must be a number or a text" in str(entry)
    assert entry.valid == error.valid


def test_the_other_arguments_name_what_the_host_takes(plots: Any) -> None:
    metric = _refusal(plots, "get_model_performance", {"metric": 1})
    assert metric.valid.startswith("a metric's name, one of accuracy, precision, recall, f1, roc_auc")
    group = _refusal(plots, "get_model_performance", {"metric": "accuracy", "group": 5})
    assert group.valid.startswith("a condition selecting plots, such as 'sun_hours >")
    feature = _refusal(plots, "get_data_information", {"feature": 3})
    assert feature.valid == "a feature's name, one of sun_hours or compost_kg"
    count = _refusal(plots, "explain_how_to_be_that", {"instance": 7001, "number_of_iterations": "three"})
    assert str(count).endswith("got 'three'; it takes a whole number from 1 to 5")
    changes = _refusal(plots, "explain_what_if", {"instance": 7001, "changes": "more compost"})
    assert changes.valid.startswith('an object such as {"sun_hours": ')


def test_a_label_by_name_and_an_id_still_run(plots: Any) -> None:
    registered = default_registry().get("explain_why_not")
    assert registered is not None
    label = registered(plots, {"instance": 7001.0}).current_label
    other = "ribbon" if label == "no ribbon" else "no ribbon"
    assert registered(plots, {"instance": 7001, "expected_label": other}).target_label == other


def test_a_number_that_is_a_labels_name_is_that_label(caplog: pytest.LogCaptureFixture) -> None:
    """A model fitted on 0/1 without class_names has the labels "0" and "1": the number 1 names one of them."""
    with caplog.at_level(logging.WARNING):
        unnamed = _plots()
    assert "class_names not given: the labels are the model's classes_ [0, 1] as written" in caplog.text
    registered = default_registry().get("explain_why_not")
    assert registered is not None
    current = registered(unnamed, {"instance": 7001}).current_label
    other = 1 - int(current)
    assert registered(unnamed, {"instance": 7001, "expected_label": other}).target_label == str(other)
    error = _refusal(unnamed, "explain_why_not", {"instance": 7001, "expected_label": 2})
    assert error.valid == "a label's name, one of 0 or 1"


def test_named_classes_load_without_the_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        _plots(class_names={0: "no ribbon", 1: "ribbon"})
    assert "class_names not given" not in caplog.text


class _Silent:
    """A host that cannot say its schema (a remote host that does not answer)."""

    def schema(self) -> Any:
        raise HostError("the remote host does not answer")


def test_without_a_host_or_its_schema_the_refusal_names_the_type() -> None:
    registered = default_registry().get("explain_why_not")
    assert registered is not None
    for host in (None, _Silent()):
        with pytest.raises(ArgumentError) as caught:
            registered.validate({"expected_label": 1}, host)
        assert caught.value.valid == "expected_label: str | None"
