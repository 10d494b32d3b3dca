"""A category value the model's encoder was never fitted on, though the data holds it, is said (newuser49).

A `OneHotEncoder(handle_unknown="ignore")` reads a value it was not fitted on as all zeros: the model answers for
"none of the values it knows" without a word. A model fitted before a kind of bee hive appeared in the apiary's
records does this for every such hive and every what-if to it. The host reads the categories each lenient encoder
was fitted on, warns at load, and every answer on such a value says so in one line, listing the values it knows.
An invented apiary; the hive kinds are coded 0-2 for one host so that names and codes are both tried.
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, StandardScaler

from simxai import default_registry
from simxai.hosts import host_from_model
from simxai.hosts._tabular_unseen import unseen_values
from simxai.results import result_payload

NOTE = (
    "the model was never fitted on hive = top-bar (its encoder knows langstroth and warre), "
    "so it reads top-bar as none of them"
)


def _frame(coded: bool = False) -> pd.DataFrame:
    rng = np.random.default_rng(4949)
    n = 90
    hive = rng.choice(["langstroth", "warre", "top-bar"], n, p=[0.5, 0.35, 0.15])
    frame = pd.DataFrame(
        {
            "hive_no": np.arange(3001, 3001 + n),
            "hive": hive,
            "frames_of_brood": rng.integers(1, 10, n),
            "mite_count": np.round(rng.uniform(0, 12, n), 1),
        }
    )
    frame["winters"] = np.where(frame.frames_of_brood - frame.mite_count / 3 > 2, "survives", "dies")
    if coded:
        frame["hive"] = frame.hive.map({"langstroth": 0, "warre": 1, "top-bar": 2})
    return frame


def _pipeline(encoder: Any) -> Pipeline:
    prep = ColumnTransformer(
        [
            ("hive", Pipeline([("fill", SimpleImputer(strategy="most_frequent")), ("code", encoder)]), ["hive"]),
            ("numbers", StandardScaler(), ["frames_of_brood", "mite_count"]),
        ]
    )
    return Pipeline([("prep", prep), ("model", LogisticRegression())])


def _host(encoder: Any = None, *, coded: bool = False, without: Any = "top-bar") -> Any:
    frame = _frame(coded)
    model = _pipeline(encoder if encoder is not None else OneHotEncoder(handle_unknown="ignore"))
    fitted = frame[frame.hive != (2 if coded and without == "top-bar" else without)]
    model.fit(fitted[["hive", "frames_of_brood", "mite_count"]], fitted.winters)
    names = {"hive": {0: "langstroth", 1: "warre", 2: "top-bar"}} if coded else {}
    return host_from_model(
        model, frame, name="apiary", target="winters", instance_noun="hive", id_column="hive_no", category_names=names
    )


def _first(frame: pd.DataFrame, hive: str) -> int:
    return int(frame[frame.hive == hive].hive_no.iloc[0])


def _call(host: Any, name: str, arguments: dict[str, Any]) -> Any:
    return default_registry().get(name)(host, arguments)


def test_a_row_holding_a_value_the_encoder_never_saw_is_said_in_its_prediction() -> None:
    host = _host()
    assert host.unseen_known == {"hive": ["langstroth", "warre"]}
    result = _call(host, "get_prediction", {"instance": _first(_frame(), "top-bar")})
    assert result.render().endswith(f"Note: {NOTE}.")
    assert result_payload(result)["subject"]["unseen"] == [
        {"feature": "hive", "value": "top-bar", "known": ["langstroth", "warre"]}
    ]


def test_a_why_on_such_a_row_says_it_too() -> None:
    host = _host()
    assert NOTE in _call(host, "get_local_explanation", {"instance": _first(_frame(), "top-bar")}).render()


def test_a_what_if_to_such_a_value_says_it_in_its_note() -> None:
    host = _host()
    result = _call(host, "explain_what_if", {"instance": _first(_frame(), "warre"), "changes": {"hive": "top-bar"}})
    payload = result_payload(result)
    assert payload["unseen"] == [{"feature": "hive", "value": "top-bar", "known": ["langstroth", "warre"]}]
    assert payload["note"] == NOTE
    assert result.render().endswith(f"Note: {NOTE}.")


def test_a_what_if_away_from_such_a_value_says_the_before_was_read_so() -> None:
    host = _host()
    result = _call(host, "explain_what_if", {"instance": _first(_frame(), "top-bar"), "changes": {"hive": "warre"}})
    assert "unseen" not in result_payload(result)
    assert NOTE in result.render()


def test_known_values_and_numbers_get_no_note() -> None:
    host = _host()
    row = _first(_frame(), "warre")
    assert "never fitted on" not in _call(host, "get_prediction", {"instance": row}).render()
    result = _call(host, "explain_what_if", {"instance": row, "changes": {"hive": "langstroth", "mite_count": 3}})
    assert "unseen" not in result_payload(result)
    assert "never fitted on" not in result.render()


def test_coded_categories_are_compared_by_their_codes() -> None:
    host = _host(coded=True)
    assert host.unseen_known == {"hive": ["langstroth", "warre"]}
    assert NOTE in _call(host, "get_prediction", {"instance": _first(_frame(), "top-bar")}).render()


def test_an_ordinal_encoder_that_passes_unknowns_on_is_read_as_well() -> None:
    encoder = OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1)
    assert _host(encoder).unseen_known == {"hive": ["langstroth", "warre"]}


def test_a_model_fitted_on_every_value_has_nothing_to_say() -> None:
    host = _host(without=None)
    assert host.unseen_known == {}
    assert "never fitted on" not in _call(host, "get_prediction", {"instance": _first(_frame(), "top-bar")}).render()


def test_the_load_warns_naming_the_rows_and_the_known_values(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="simxai.hosts.tabular"):
        _host()
    rows = int((_frame().hive == "top-bar").sum())
    said = [r.getMessage() for r in caplog.records if "never fitted on" in r.getMessage()]
    assert said == [
        f"apiary: the data holds hive = top-bar ({rows} rows), which the model's encoder was never fitted on: it "
        "reads it as none of langstroth or warre, and every answer about such a row or a what-if to such a value "
        "says so"
    ]


def test_the_model_card_names_the_values_beside_the_cards_own_limitations() -> None:
    frame = _frame()
    model = _pipeline(OneHotEncoder(handle_unknown="ignore"))
    fitted = frame[frame.hive != "top-bar"]
    model.fit(fitted[["hive", "frames_of_brood", "mite_count"]], fitted.winters)
    host = host_from_model(
        model,
        frame,
        name="apiary",
        target="winters",
        instance_noun="hive",
        id_column="hive_no",
        cards={"limitations": ["Invented hives."]},
    )
    rows = int((frame.hive == "top-bar").sum())
    card = _call(host, "get_model_information", {})
    assert card.limitations[-1] == (
        f"the data holds hive = top-bar ({rows} rows), which the model's encoder was never fitted on: it reads it "
        "as none of langstroth or warre"
    )
    assert card.render().endswith(f" Limitations: Invented hives; {card.limitations[-1]}.")


def test_a_counterfactual_proposing_such_a_value_says_it() -> None:
    host = _host()
    result = _call(host, "explain_how_to_be_that", {"instance": _first(_frame(), "warre")})
    # the nearest rows' search proposes no top-bar hive here: nothing to say
    assert "unseen" not in result_payload(result) and "never fitted on" not in result.render()
    # a proposal of one (which the host lists as it lists a what-if's) is said after the counterfactuals
    proposed = result.model_copy(update={"unseen": unseen_values(host.unseen_known, {"hive": "top-bar"})})
    assert proposed.render().endswith(f"Note: {NOTE}.")
    assert result_payload(proposed)["unseen"][0]["value"] == "top-bar"
