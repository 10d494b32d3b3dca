"""What a new user bringing a small model of their own (a mountain-rescue team's callouts) ran into, fixed.

The host is made here: one callout per row, with the distance from the base (`Dist (km)`), the air temperature at
the scene (`Air Temp (C)`), the rescuers sent (`team_size`), whether the call came in after dark (`night_call`,
True/False) and the terrain (a category), labelled airlift, stretcher or walk_out. Each test names the reply that
was wrong and checks the fixed one; the unit tests of each reading build their own tiny schemas, with other words
(a beach's red flags, a food truck's sell-outs, a tram's stops), so that nothing is fitted to this host.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.hosts.base import FeatureSchema, HostSchema
from tests.router_conversation import calls as _calls
from tests.router_conversation import send as _send


def _callouts() -> tuple[Any, pd.DataFrame]:
    from sklearn.compose import make_column_transformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder

    rng = np.random.default_rng(32)
    n = 200
    data = pd.DataFrame(
        {
            "callout_id": np.arange(7001, 7001 + n),
            "Dist (km)": np.round(rng.uniform(0.5, 25, n), 1),
            "Air Temp (C)": np.round(rng.uniform(-15, 20, n), 1),
            "team_size": rng.integers(2, 14, n),
            "night_call": rng.uniform(0, 1, n) < 0.35,
            "terrain": rng.choice(["ridge", "gully", "forest", "scree"], n),
        }
    )
    severity = (
        data["Dist (km)"] / 6
        - data["Air Temp (C)"] / 10
        + data.night_call * 1.3
        + (data.terrain == "ridge") * 1.1
        - data.team_size / 8
    )
    data["outcome"] = np.where(severity > 2.2, "airlift", np.where(severity < 0.6, "walk_out", "stretcher"))
    features = ["Dist (km)", "Air Temp (C)", "team_size", "night_call", "terrain"]
    encoder = make_column_transformer((OneHotEncoder(), ["terrain"]), remainder="passthrough")
    model = make_pipeline(encoder, RandomForestClassifier(n_estimators=20, random_state=0))
    return model.fit(data[features], data.outcome), data


@pytest.fixture(scope="module")
def rescue_host() -> Any:
    from simxai.hosts import host_from_model

    model, data = _callouts()
    return host_from_model(
        model, data, name="mountain rescue", target="outcome", instance_noun="callout", id_column="callout_id"
    )


def _schema(features: list[FeatureSchema], noun: str = "day") -> HostSchema:
    return HostSchema(
        name="tiny",
        kind="tabular",
        instance_noun=noun,
        class_names=["calm", "busy", "closed"],
        features=features,
        id_range=(1, 90),
    )


def _yes_no(name: str) -> FeatureSchema:
    return FeatureSchema(name=name, type="categorical", categories=["False", "True"])


def _number(name: str) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=0, max=100)


# --- a True/False column said as its event --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("the median crowd estimate on red flag days?", "red_flag = True"),
        ("what is the median crowd estimate when the red flag was up?", "red_flag = True"),
        ("how accurate is it for the red flags?", "red_flag = True"),
        ("crowd estimate on days with no red flag", "red_flag = False"),
        ("accuracy when there was no red flag", "red_flag = False"),
        ("how accurate is it on non red flag days?", "red_flag = False"),
        ("the mean crowd estimate whenever it sold out", "sold_out = True"),
        ("accuracy when it was not sold out", "sold_out = False"),
    ],
)
def test_a_true_false_event_names_its_rows(text: str, group: str) -> None:
    from simxai.extraction import extract_group

    schema = _schema([_yes_no("red_flag"), _yes_no("sold_out"), _number("crowd_estimate")])
    assert extract_group(text, schema) == group


@pytest.mark.parametrize(
    "text",
    [
        "what if day 12 had a red flag?",  # a change of one day
        "what if it were sold out?",
        "on red flag 12",  # a number after the name, no group of rows
    ],
)
def test_a_supposed_event_is_no_group(text: str) -> None:
    from simxai.extraction import extract_group

    schema = _schema([_yes_no("red_flag"), _yes_no("sold_out"), _number("crowd_estimate")])
    assert extract_group(text, schema) in (None, "all")


def test_a_numeric_or_category_column_is_no_event() -> None:
    from simxai.extraction import extract_group

    schema = _schema([_number("red_flag"), FeatureSchema(name="sold_out", type="categorical", categories=["a", "b"])])
    assert extract_group("the crowd estimate on red flag days?", schema) is None


def test_the_accuracy_on_night_calls_is_the_accuracy_of_that_group(rescue_host: Any) -> None:
    """It was the accuracy on the whole held-out split, given as if for the night calls."""
    turn = _send(rescue_host, "what's the accuracy on night calls?")
    assert _calls(turn) == [("get_model_performance", {"metric": "accuracy", "group": "night_call = True"})]
    assert "night_call = True" in turn.reply


def test_a_statistic_on_night_calls_is_of_that_group(rescue_host: Any) -> None:
    """It was the night_call column's card, the median asked for nowhere in it."""
    turn = _send(rescue_host, "what is the median distance on night calls?")
    assert _calls(turn) == [("get_data_information", {"feature": "Dist (km)", "group": "night_call = True"})]


# --- "and not <name>?" after a group's question ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "condition", "expected"),
    [
        ("and not red flag?", "red_flag = True", "red_flag = False"),
        ("what about non red flags?", "red_flag = True", "red_flag = False"),
        ("and the ones without a red flag?", "red_flag = True", "red_flag = False"),
        ("and not red_flag?", "crowd_estimate > 50 and red_flag = True", "crowd_estimate > 50 and red_flag = False"),
        ("and not red flag?", "crowd_estimate > 50", None),  # the group holds no red_flag: which it joins is unsaid
        ("and not red flag, why?", "red_flag = True", None),  # a question of its own
        ("and not sold out?", "red_flag = True", None),
    ],
)
def test_a_denied_true_false_name_turns_its_clause(text: str, condition: str, expected: str | None) -> None:
    from simxai.followup_denied import denied_condition

    schema = _schema([_yes_no("red_flag"), _yes_no("sold_out"), _number("crowd_estimate")])
    assert denied_condition(text, condition, schema) == expected


def test_and_not_night_call_after_a_group_question(rescue_host: Any) -> None:
    """It was asked back between the data and the model's performance."""
    turn = _send(rescue_host, "what's the accuracy on night calls?", "and not night call?")
    assert _calls(turn) == [("get_model_performance", {"metric": "accuracy", "group": "night_call = False"})]
    turn = _send(rescue_host, "what is the median Dist (km) on night calls?", "and not night call?")
    assert _calls(turn) == [("get_data_information", {"feature": "Dist (km)", "group": "night_call = False"})]


def test_and_not_night_call_after_a_what_if_stays_a_change(rescue_host: Any) -> None:
    turn = _send(rescue_host, "what if callout 7001 was a night call?", "and not night call?")
    assert _calls(turn) == [("explain_what_if", {"changes": {"night_call": "False"}, "instance": 7001})]


# --- an abbreviated column name said in full ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "feature"),
    [
        ("what is the mean water temperature?", "Water Temp (C)"),
        ("the average speed please", "Avg Spd (km/h)"),
        ("mean temperature", "Water Temp (C)"),
    ],
)
def test_an_abbreviated_name_is_read_in_full(text: str, feature: str) -> None:
    from simxai.extraction import extract_feature

    schema = _schema([_number("Water Temp (C)"), _number("Avg Spd (km/h)"), _number("Dpth")])
    assert extract_feature(text, schema) == feature


def test_a_full_word_another_feature_holds_names_neither() -> None:
    from simxai.extraction import extract_feature

    schema = _schema([_number("Dist (km)"), _number("distance_to_road")])
    assert extract_feature("the mean distance", schema) is None
    assert extract_feature("the mean dist", schema) == "Dist (km)"


def test_the_mean_distance_is_that_feature_s_statistics(rescue_host: Any) -> None:
    """It was asked back between the data and the outputs ("mean distance"), or the whole data card ("average
    air temperature")."""
    assert _calls(_send(rescue_host, "what is the mean distance?")) == [
        ("get_data_information", {"feature": "Dist (km)"})
    ]
    assert _calls(_send(rescue_host, "what's the average air temperature?")) == [
        ("get_data_information", {"feature": "Air Temp (C)"})
    ]


# --- how one feature bears on the predictions -----------------------------------------------------------------------


def test_how_a_feature_affects_predictions_leads_with_its_place(rescue_host: Any) -> None:
    """It was the overall ranking alone, as if the question had been "which features matter most?"."""
    turn = _send(rescue_host, "how does terrain affect predictions?")
    assert _calls(turn) == [("get_global_explanation", {})]
    assert turn.reply.startswith("terrain is ")
    assert " of the 5 features " in turn.reply and "what-if" in turn.reply
    # said in full: "distance" for Dist (km) was "The data records nothing about 'distance'"
    turn = _send(rescue_host, "how does distance affect the model's predictions?")
    assert turn.reply.startswith("Dist (km) is ")
    plain = _send(rescue_host, "which features matter most?")
    assert plain.reply.startswith("Overall, the most important features")


def test_the_place_and_share_are_the_ranking_s() -> None:
    from simxai._asked_feature_rank import asked_feature_rank
    from simxai.results import GlobalExplanationResult, Importance

    schema = _schema([_number("crowd_estimate"), _yes_no("red_flag"), _number("wind_kmh")])
    result = GlobalExplanationResult(
        label="busy",
        method="exact",
        n_samples=50,
        importances=[
            Importance(feature="crowd_estimate", importance=0.5, mean_contribution=0.0),
            Importance(feature="red_flag", importance=0.3, mean_contribution=0.0),
            Importance(feature="wind_kmh", importance=0.2, mean_contribution=0.0),
        ],
    )
    said = asked_feature_rank(result, "how much does red_flag matter?", schema)
    assert said.startswith("red_flag is 2nd of the 3 features")
    assert "0.3, 30 % of the total" in said
    assert asked_feature_rank(result, "which features matter most?", schema) == ""
    assert asked_feature_rank(result, "show red_flag", schema) == ""


# --- a number before a word of a feature's name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if tram 4 had 50 stops?", {"stops_served": 50}),
        ("and with 3 riders?", {"riders_count": 3}),
        ("what if tram 4 had a crew of 2?", {"crew_size": 2}),
    ],
)
def test_a_count_of_a_feature_s_word_is_its_value(text: str, changes: dict[str, int] | None) -> None:
    from simxai.extraction import extract_changes

    schema = _schema(
        [_number("stops_served"), _number("riders_count"), _number("crew_size"), _yes_no("rain")], noun="tram"
    )
    assert extract_changes(text, schema) == changes


def test_a_word_of_two_names_is_no_count() -> None:
    from simxai.extraction import extract_changes

    schema = _schema([_number("stops_served"), _number("stops_skipped")], noun="tram")
    assert extract_changes("what if tram 4 had 50 stops?", schema) is None
    # and a number read already keeps its reading
    assert extract_changes("what if tram 4 had stops_served of 50?", schema) == {"stops_served": 50}


def test_a_team_of_3_is_the_team_size(rescue_host: Any) -> None:
    """It was asked back: "What should change?"."""
    turn = _send(rescue_host, "what if callout 7003 had a team of 3?")
    assert _calls(turn) == [("explain_what_if", {"instance": 7003, "changes": {"team_size": 3}})]


# --- "how many <value> <nouns>" -------------------------------------------------------------------------------------


def test_how_many_of_a_value_leads_with_its_count(rescue_host: Any) -> None:
    """The terrain card was the answer, the count asked for one of its many figures."""
    _model, data = _callouts()
    ridge = data[data.terrain == "ridge"]
    turn = _send(rescue_host, "how many ridge callouts are there?")
    # since the forty-first round (ux41) a count of one value is that group's rows, its count said first
    assert turn.reply.startswith(f"Among the {len(ridge)} callouts with terrain = ridge (of {len(data)})")
    whole = _send(rescue_host, "how many terrain values are there?")
    assert whole.reply.startswith("In the mountain rescue data")


# --- error wording --------------------------------------------------------------------------------------------------


def test_an_unknown_name_said_in_full_suggests_the_abbreviated_one(rescue_host: Any) -> None:
    """`simxai call get_data_information --args '{"feature": "distance"}'` said "unknown feature 'distance'" and
    suggested nothing ('Dist' got "did you mean Dist (km)?")."""
    from simxai.exceptions import ArgumentError
    from simxai.instances import closest

    names = ["Water Temp (C)", "Avg Spd (km/h)", "depth_m"]
    assert closest("water temperature", names) == ["Water Temp (C)"]
    assert closest("average_speed", names)[0] == "Avg Spd (km/h)"
    assert closest("temperature of the air", names) == []  # words the name does not hold
    with pytest.raises(ArgumentError) as raised:
        rescue_host.data_information("distance")
    assert raised.value.suggestions[0] == "Dist (km)"


# --- a count of tenths ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("what if day 4 had crowd_estimate two tenths higher?", "+0.2"),
        ("what if day 4 had crowd_estimate two tenths of a point lower?", "-0.2"),
        ("what if day 4 had crowd_estimate three hundredths higher?", "+0.03"),
        ("what if day 4 had crowd_estimate a tenth higher?", "+10%"),  # a share, as before
    ],
)
def test_a_count_of_tenths_is_an_amount(text: str, step: str) -> None:
    """It read "two tenths higher" as +2."""
    from simxai.extraction import extract_changes

    assert extract_changes(text, _schema([_number("crowd_estimate")])) == {"crowd_estimate": step}


def test_two_tenths_higher_after_a_what_if(rescue_host: Any) -> None:
    turn = _send(rescue_host, "what if callout 7005 had air temp 3?", "two tenths higher")
    assert _calls(turn) == [("explain_what_if", {"changes": {"Air Temp (C)": "+0.2"}, "instance": 7005})]


@pytest.mark.parametrize(
    "text", ["how accurate is it on trams of 50 stops?", "how many trams had 50 stops?", "show trams with 50 stops"]
)
def test_a_count_of_a_feature_s_word_in_no_supposition_is_no_change(text: str) -> None:
    from simxai.extraction import extract_changes

    assert extract_changes(text, _schema([_number("stops_served"), _number("crew_size")], noun="tram")) is None


def test_a_features_place_is_said_with_its_english_ordinal():
    # a host with more than twenty features: the 21st is not "21th"
    from simxai._asked_feature_rank import _ordinal

    assert [_ordinal(p) for p in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "111th",
    ]
