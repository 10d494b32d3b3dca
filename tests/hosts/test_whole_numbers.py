"""A value with a fraction for a feature the data records in whole numbers only is tried as given and said (newuser46).

Before, a custom instance or a what-if with a grade of 2.5 on a 1-5 scale ran without a word, and "+0.5" on grade 3
read "from 3 to 4" (the new value rounded to the data's decimals) while the model was given 3.5. Now the result
lists such values in `not_whole` (the what-if) or `subject.not_whole` (custom values), and the reply says that the
data holds whole numbers there and which whole neighbours, if any, the model gives the same probabilities.
An invented record of tea tastings, made up for these tests.
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

FEATURES = ["leaf_grade", "steep_minutes"]


def _tastings() -> pd.DataFrame:
    rng = np.random.default_rng(4646)
    n = 120
    frame = pd.DataFrame(
        {
            "cup_no": np.arange(500, 500 + n),
            "leaf_grade": rng.integers(1, 6, n),  # whole grades 1-5
            "steep_minutes": np.round(rng.uniform(1, 6, n), 1),
        }
    )
    frame["verdict"] = np.where(frame.leaf_grade * 1.2 - frame.steep_minutes * 0.3 > 2.5, "serve", "pour away")
    return frame


def _host(model: Any) -> Any:
    frame = _tastings()
    model.fit(frame[FEATURES], frame.verdict)
    return host_from_model(model, frame, name="tea", target="verdict", instance_noun="cup", id_column="cup_no")


@pytest.fixture(scope="module")
def tree_host() -> Any:
    return _host(DecisionTreeClassifier(max_depth=3, random_state=0))


@pytest.fixture(scope="module")
def linear_host() -> Any:
    return _host(LogisticRegression())


def _call(host: Any, name: str, arguments: dict[str, object]) -> Any:
    function = default_registry().get(name)
    assert function is not None
    return function(host, arguments)


def _same_as(host: Any, values: dict[str, float]) -> list[int]:
    """The whole grades the model itself scores exactly as the values' grade (the oracle of the note)."""
    rows = [
        dict(values, leaf_grade=g)
        for g in (values["leaf_grade"], np.floor(values["leaf_grade"]), np.ceil(values["leaf_grade"]))
    ]
    proba = host.model.predict_proba(pd.DataFrame(rows)[FEATURES])
    return [int(rows[i]["leaf_grade"]) for i in (1, 2) if np.array_equal(proba[i], proba[0])]


def test_a_custom_instance_with_a_half_grade_is_said(tree_host: Any) -> None:
    values = {"leaf_grade": 2.5, "steep_minutes": 3.0}
    result = _call(tree_host, "get_prediction", {"instance": dict(values)})
    expected = _same_as(tree_host, values)
    assert expected  # a tree splits between whole grades: 2.5 falls on one side
    (note,) = result.subject.not_whole
    assert (note.feature, note.value, note.low, note.high, note.same_as) == ("leaf_grade", 2.5, 1, 5, expected)
    assert "leaf_grade holds whole numbers in the data (1 to 5), so 2.5 is no value it shows; the model gives it " in (
        result.render()
    )
    assert f"the same probabilities as {expected[0]}" in result.render()
    assert result.model_dump()["subject"]["not_whole"][0]["same_as"] == expected


def test_a_model_that_reads_the_fraction_gets_no_neighbour(linear_host: Any) -> None:
    values = {"leaf_grade": 2.5, "steep_minutes": 3.0}
    result = _call(linear_host, "get_prediction", {"instance": dict(values)})
    assert _same_as(linear_host, values) == []
    assert result.subject.not_whole[0].same_as == []
    assert "so 2.5 is no value it shows; the model was never fitted on such a value" in result.render()


def test_a_what_if_to_a_half_grade_is_said_and_a_step_is_shown_as_given(linear_host: Any) -> None:
    cup = next(i for i in range(500, 620) if linear_host.resolve(i).values["leaf_grade"] == 3)
    result = _call(linear_host, "explain_what_if", {"instance": cup, "changes": {"leaf_grade": "+0.5"}})
    assert result.changes[0].new == 3.5
    assert "changing leaf_grade from 3 to 3.5:" in result.render()  # was "from 3 to 4"
    assert [n.value for n in result.not_whole] == [3.5]
    assert "leaf_grade holds whole numbers in the data (1 to 5), so 3.5 is no value it shows" in result.note


def test_whole_values_and_finer_columns_say_nothing(tree_host: Any) -> None:
    result = _call(tree_host, "explain_what_if", {"instance": 500, "changes": {"leaf_grade": 4, "steep_minutes": 2.25}})
    assert result.not_whole == [] and "not_whole" not in result.model_dump()
    custom = _call(tree_host, "get_prediction", {"instance": {"leaf_grade": 4, "steep_minutes": 2.25}})
    assert custom.subject.not_whole is None and "not_whole" not in custom.model_dump()["subject"]
    assert "whole numbers" not in custom.render()


def test_a_group_what_if_says_the_value_without_asking_the_model_per_row(tree_host: Any) -> None:
    result = _call(tree_host, "explain_what_if", {"instance": "steep_minutes > 3", "changes": {"leaf_grade": 4.5}})
    (note,) = result.not_whole
    assert note.value == 4.5 and note.same_as == []
    assert "Note: leaf_grade holds whole numbers in the data (1 to 5), so 4.5 is no value it shows" in result.render()


def test_a_custom_half_grade_changed_by_the_what_if_is_not_said_again(tree_host: Any) -> None:
    custom = {"leaf_grade": 2.5, "steep_minutes": 3.0}
    moved = _call(tree_host, "explain_what_if", {"instance": dict(custom), "changes": {"leaf_grade": 4}})
    assert "whole numbers" not in moved.render()
    kept = _call(tree_host, "explain_what_if", {"instance": dict(custom), "changes": {"steep_minutes": 4.0}})
    assert kept.render().count("leaf_grade holds whole numbers") == 1


def test_a_what_if_asks_the_model_for_the_changed_row_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The changed row's probabilities are the what-if's own: the note asks the model for the whole neighbours only."""
    host = _host(DecisionTreeClassifier(max_depth=3, random_state=0))
    asked: list[pd.DataFrame] = []
    own = host.model.predict_proba

    def counted(frame: pd.DataFrame) -> np.ndarray:
        asked.append(frame.copy())
        return own(frame)

    monkeypatch.setattr(host.model, "predict_proba", counted)
    result = _call(host, "explain_what_if", {"instance": 503, "changes": {"leaf_grade": 2.5}})
    grades = [g for frame in asked for g in frame["leaf_grade"]]
    assert sorted(grades) == sorted([host.resolve(503).values["leaf_grade"], 2.5, 2.0, 3.0])  # 2.5 once, was twice
    values = dict(host.resolve(503).values, leaf_grade=2.5)
    assert result.not_whole[0].same_as == _same_as(host, values)
