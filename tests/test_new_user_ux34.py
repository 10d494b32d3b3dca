"""What a new user bringing a small model of their own (a bouldering gym's routes) ran into, fixed (ux34).

The new user's model (not in the repository): one route per row, `Wall Ang (deg)`, `holds`, `AvgRPE`, `overhang`
(True/False), `hold_type` (five kinds) and `days_up`, labelled soft, fair or sandbagged. The tests build a host of
their own with other words, so that nothing is fitted to that model: a dog-grooming salon's appointments (`Coat Len
(cm)`, `n_dogs`, `NumVIPs`, `session_hours`, `first_visit`, `breed_group`; labels on_time / late / no_show), and
tiny schemas.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.hosts.base import FeatureSchema, HostSchema
from tests.router_conversation import calls as _calls
from tests.router_conversation import send as _send

GROUPS = ["terrier", "hound", "herding", "sporting", "working"]


def _appointments() -> tuple[Any, pd.DataFrame]:
    from sklearn.compose import make_column_transformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder

    rng = np.random.default_rng(3434)
    n = 200
    data = pd.DataFrame(
        {
            "appointment_id": np.arange(501, 501 + n),
            "Coat Len (cm)": np.round(rng.uniform(0.5, 15, n), 1),
            "n_dogs": rng.integers(1, 4, n),
            "NumVIPs": rng.integers(0, 6, n),
            "session_hours": rng.integers(1, 5, n),
            "first_visit": rng.uniform(0, 1, n) < 0.35,
            "breed_group": rng.choice(GROUPS, n),
        }
    )
    trouble = data["Coat Len (cm)"] / 5 + data.n_dogs / 2 - data.NumVIPs / 3 + data.first_visit * 1.1
    data["outcome"] = np.where(trouble > 2.6, "no_show", np.where(trouble < 1.4, "on_time", "late"))
    features = ["Coat Len (cm)", "n_dogs", "NumVIPs", "session_hours", "first_visit", "breed_group"]
    encoder = make_column_transformer((OneHotEncoder(), ["breed_group"]), remainder="passthrough")
    model = make_pipeline(encoder, RandomForestClassifier(n_estimators=15, random_state=0))
    return model.fit(data[features], data.outcome), data


@pytest.fixture(scope="module")
def salon() -> tuple[Any, pd.DataFrame]:
    from simxai.hosts import host_from_model

    model, data = _appointments()
    host = host_from_model(
        model, data, name="salon", target="outcome", instance_noun="appointment", id_column="appointment_id"
    )
    return host, data


def _schema(features: list[FeatureSchema]) -> HostSchema:
    return HostSchema(
        name="tiny",
        kind="tabular",
        instance_noun="visit",
        class_names=["calm", "busy", "closed"],
        features=features,
        id_range=(1, 90),
    )


def _number(name: str) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=0, max=100)


# --- CamelCase names with an acronym: one splitting for every reader ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("NumVIPs", ["num", "vips"]),  # an acronym in the plural is one word (it was "p", "rs" of "NumPRs")
        ("NumPRs", ["num", "prs"]),
        ("IDs", ["ids"]),
        ("HRVms", ["hrv", "ms"]),  # an acronym, then its unit (it was "hr", "vms")
        ("SpO2pct", ["sp", "o2", "pct"]),
        ("GPSKm", ["gps", "km"]),  # a capitalised unit after an acronym, as before
        ("HTTPStatus", ["http", "status"]),
        ("MonthlyFee", ["monthly", "fee"]),
        ("Coat Len (cm)", ["coat", "len", "cm"]),
        ("split_500m_s", ["split", "500", "m", "s"]),
    ],
)
def test_name_words_keep_acronyms_whole(name: str, words: list[str]) -> None:
    from simxai.hosts.name_words import name_words

    assert name_words(name) == words


def test_a_unit_after_an_acronym_is_the_names_unit() -> None:
    from simxai.hosts.name_words import name_unit_of

    assert name_unit_of("HRVms") == "ms"
    assert name_unit_of("NumVIPs") is None


@pytest.mark.parametrize(
    ("name", "length"), [("CoatLenMM", True), ("LEASH_LEN", True), ("NumVIPs", False), ("HRVms", False)]
)
def test_what_measures_a_length_reads_the_names_words(name: str, length: bool) -> None:
    from simxai.followup_length import measures_length

    assert measures_length(_number(name)) is length


def test_the_group_feature_terms_are_the_names_words() -> None:
    from simxai.backends._router_group_feature import _terms

    assert {"num", "vips"} <= _terms("NumVIPs", [])
    assert {"hrv", "ms"} <= _terms("HRVms", [])
    assert "vms" not in _terms("HRVms", [])


# --- a value said as a span with a verb ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if appointment 501 had run for 3 hours?", {"session_hours": 3}),
        ("what if it lasted 2 hours", {"session_hours": 2}),
        ("what if it was booked for an hour?", {"session_hours": 1}),
        ("what if it had gone on for 2 hours longer", {"session_hours": "+2"}),  # a step, read as before
    ],
)
def test_a_span_said_with_a_verb_is_the_value_of_the_feature_in_that_unit(
    salon: Any, text: str, changes: dict[str, Any]
) -> None:
    from simxai.extraction import extract_changes

    host, _ = salon
    assert extract_changes(text, host.schema()) == changes


def test_a_span_binds_only_one_feature_in_its_unit_and_only_in_a_supposition() -> None:
    from simxai.extraction._span_values import span_value_changes

    schema = _schema([_number("wait_hours"), _number("groom_hours"), _number("stay_days")])
    assert span_value_changes("what if it ran for 3 hours", schema, {}) == {}  # two features in hours
    assert span_value_changes("what if it ran for 3 days", schema, {}) == {"stay_days": 3}
    assert span_value_changes("what if it ran for 3 days", schema, {"stay_days": 5}) == {}  # already read
    assert span_value_changes("what if it stayed for more than 3 days", schema, {}) == {}  # a bound


def test_a_span_with_a_verb_is_a_what_if_through_the_router(salon: Any) -> None:
    """It was asked back: "Which feature should be higher?"."""
    host, _ = salon
    turn = _send(host, "what if appointment 510 had run for 3 hours?")
    assert _calls(turn) == [("explain_what_if", {"instance": 510, "changes": {"session_hours": 3}})]


# --- values joined by "or": the union, for predictions and scores too -----------------------------------------------


def test_how_many_of_two_values_joined_by_or_are_predicted_a_label(salon: Any) -> None:
    """It gave one card per value, and no count for the two together."""
    host, data = salon
    turn = _send(host, "how many terrier or hound appointments are predicted late?")
    group = "breed_group != herding and breed_group != sporting and breed_group != working"
    assert _calls(turn) == [("get_prediction", {"instance": group})]
    either = data[data.breed_group.isin(["terrier", "hound"])]
    assert f"of the {len(either)} appointments with {group} are predicted late" in turn.reply


def test_the_score_on_two_values_joined_by_or_is_on_their_rows(salon: Any) -> None:
    host, _ = salon
    turn = _send(host, "how accurate is the model on terrier or working appointments?")
    group = "breed_group != herding and breed_group != hound and breed_group != sporting"
    assert _calls(turn) == [("get_model_performance", {"metric": "accuracy", "group": group})]


def test_the_score_on_two_values_joined_by_and_is_one_per_value(salon: Any) -> None:
    host, _ = salon
    turn = _send(host, "how accurate is the model on terrier and working appointments?")
    assert sorted(c[1]["group"] for c in _calls(turn)) == ["breed_group = terrier", "breed_group = working"]


# --- a measure the host does not hold, beside a count of predictions: asked, never dropped --------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("how many appointments with a shed score above 3 are predicted late?", "appointments with a shed score"),
        ("how many appointments are predicted late with TPLO over 2?", "appointments with TPLO"),
    ],
)
def test_an_unheld_measure_beside_predicted_label_is_asked(salon: Any, text: str, words: str) -> None:
    """It counted every appointment predicted late, the measure silently left out."""
    host, _ = salon
    turn = _send(host, text)
    assert _calls(turn) == []
    assert f"but not '{words}'" in turn.reply and "No feature of the appointments is called that" in turn.reply


def test_a_held_measure_beside_predicted_label_is_counted(salon: Any) -> None:
    host, _ = salon
    turn = _send(host, "how many appointments with NumVIPs over 2 are predicted late?")
    assert [c[0] for c in _calls(turn)] == ["get_prediction"]


def test_the_host_words_hold_the_words_of_camel_case_names() -> None:
    from simxai.backends._router_unheld_subset import _host_words, _name_parts

    schema = _schema([_number("AvgRPE"), _number("NumVIPs")])
    assert {"avgrpe", "avg", "rpe", "numvips", "vips"} <= _host_words(schema)
    assert {"vips", "num"} <= _name_parts("NumVIPs > 2")


# --- "how many <rows> does it get wrong": the errors, never the metric asked before ---------------------------------


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("how many appointments does it get wrong in the test set?", "confusion_matrix"),
        ("how many visits does the model misclassify?", "confusion_matrix"),
        ("how many does it get wrong out of 100", "accuracy"),  # a share, as before
        ("how many mistakes does it make", "confusion_matrix"),
    ],
)
def test_how_many_rows_it_gets_wrong_is_a_count_of_errors(text: str, metric: str) -> None:
    from simxai.extraction import extract_metric

    assert extract_metric(text) == metric


def test_how_many_it_gets_wrong_after_a_precision_is_not_the_precision(salon: Any) -> None:
    """It was the precision of the turn before (its macro average), stated with confidence."""
    host, _ = salon
    turn = _send(host, "whats the precision for late?", "how many appointments does it get wrong?")
    assert [c[1].get("metric") for c in _calls(turn)] == ["confusion_matrix"]


# --- an attribute asked of one instance in words that name a feature in part only ---------------------------------


def test_an_attribute_naming_a_feature_in_part_is_asked_not_answered_by_the_prediction(salon: Any) -> None:
    """ "the wall angle of route 4095" (`Wall Ang (deg)`) was answered with the route's prediction and no value."""
    host, _ = salon
    turn = _send(host, "what's the coat colour of appointment 510?")
    assert _calls(turn) == []
    assert "The data records no 'coat colour' for appointment 510: it could mean Coat Len (cm)" in turn.reply


def test_an_attribute_of_words_the_host_holds_is_still_answered(salon: Any) -> None:
    """The forty-fifth round's selector leans to the data below the bar a sure choice about the whole data needs
    against one named instance, and the router asked "predict (1) or describe the data (2)?"; both end in the
    appointment's prediction with its recorded value (`_router_record_value`, ux46)."""
    host, _ = salon
    turn = _send(host, "what's the breed group of appointment 510?")
    assert [c[0] for c in _calls(turn)] == ["get_prediction"]
    assert "breed_group = " in turn.reply


def test_every_row_as_a_what_ifs_subject_is_all_of_them(salon: Any) -> None:
    """It asked which appointment was meant."""
    host, _ = salon
    turn = _send(host, "what if every appointment had 2 more VIPs?")
    assert _calls(turn) == [("explain_what_if", {"instance": "all", "changes": {"NumVIPs": "+2"}})]


def test_a_group_of_one_label_does_not_lead_with_its_own_label_count(salon: Any) -> None:
    """It led with "N of the N appointments with label = late have the recorded label late."."""
    host, _ = salon
    turn = _send(host, "what's the typical number of dogs on late appointments?")
    assert _calls(turn) == [("get_data_information", {"feature": "n_dogs", "group": "label = late"})]
    assert "have the recorded label late" not in turn.reply
