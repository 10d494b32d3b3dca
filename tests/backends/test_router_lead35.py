"""Round 35 (lead35), on an invented bakery's loaves (burnt / dense / good) and a pottery kiln's firings, in our own
wording: classes said as one list ("burnt or dense") counted together, in a group ("predicted burnt or dense") and in
the reply; a number written after "#" is a record's, not the value of the feature after it ("#5120 glaze 3"); a
record taken back within the turn with its "#" ("#5120 -- scratch that, #5124"); a decimal with its unit glued on
("1.6mm"); the class wanted said before "and not <class>", and a record leaving a class with its "#" ("get #5120 out
of cracked").
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_ids
from simxai.extraction._features import extract_target_label
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import route
from tests.router_conversation import calls as _calls
from tests.router_conversation import send as _send

KILN = HostSchema(
    name="kiln firings",
    kind="tabular",
    instance_noun="firing",
    class_names=["sound", "crazed", "cracked"],
    features=[
        FeatureSchema(name="peak temp (C)", type="numeric", min=900, max=1300, aliases=["peak temp", "peak"]),
        FeatureSchema(name="glaze coats", type="numeric", min=1, max=4, aliases=["glaze", "coats"]),
        FeatureSchema(name="wall (mm)", type="numeric", min=3, max=12, aliases=["wall", "walls"]),
        FeatureSchema(name="cool_hours", type="numeric", min=4, max=30, aliases=["cooling", "cool down"]),
        FeatureSchema(name="clay", type="categorical", categories=["stoneware", "porcelain", "earthenware"]),
    ],
    id_range=(5101, 5400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def bakery() -> Any:
    from sklearn.ensemble import RandomForestClassifier

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(3535)
    n = 240
    data = pd.DataFrame(
        {
            "loaf_id": np.arange(1, n + 1),
            "hydration": np.round(rng.uniform(60, 85, n), 1),
            "proof_minutes": rng.integers(30, 180, n),
            "oven_temp": rng.integers(200, 260, n),
            "steam": rng.uniform(0, 1, n) < 0.5,
        }
    )
    score = data.oven_temp / 20 - data.hydration / 20 + data.steam * 0.8 - data.proof_minutes / 100
    data["result"] = np.where(score > 8.3, "burnt", np.where(score < 7.4, "dense", "good"))
    features = ["hydration", "proof_minutes", "oven_temp", "steam"]
    model = RandomForestClassifier(n_estimators=10, random_state=0).fit(data[features], data.result)
    host = host_from_model(model, data, name="bakery", target="result", instance_noun="loaf", id_column="loaf_id")
    return host


# --- classes said as one list: counted together ---------------------------------------------------------------------


def test_how_many_of_two_classes_in_a_group_leads_with_their_union(bakery: Any) -> None:
    """It gave the group's whole breakdown by class, and no count of the two classes asked for."""
    turn = _send(bakery, "how many burnt or dense loaves with steam")
    [(function, arguments)] = _calls(turn)
    assert (function, arguments) == ("get_prediction", {"instance": "steam = True"})
    counts = turn.calls[0].output["label_counts"]
    size = turn.calls[0].output["subject"]["size"]
    both = counts["burnt"] + counts["dense"]
    expected = f"{both} of the {size} loaves with steam = True are predicted burnt or dense "
    assert turn.reply.startswith(expected + f"({counts['burnt']} burnt, {counts['dense']} dense).")


def test_classes_predicted_as_a_list_are_their_union(bakery: Any) -> None:
    turn = _send(bakery, "so how many loaves does it predict as dense or burnt?")
    assert _calls(turn) == [("get_prediction", {"instance": "prediction != good"})]
    assert turn.reply.startswith(f"{turn.calls[0].output['subject']['size']} loaves are predicted dense or burnt (")


def test_a_group_of_listed_recorded_labels_counts_no_predictions(bakery: Any) -> None:
    turn = _send(bakery, "the loaves labelled good or burnt: how many?")
    assert _calls(turn) == [("get_prediction", {"instance": "label != dense"})]
    assert "are predicted good or burnt" not in turn.reply


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("which firings were classified cracked or crazed", "prediction != sound"),
        ("firings predicted sound, crazed and cracked", None),  # every class: every row, no clause
        ("which firings are predicted cracked", "prediction = cracked"),  # one class, as before
    ],
)
def test_the_group_of_a_list_of_classes(router: RouterBackend, text: str, group: str | None) -> None:
    from simxai.extraction import extract_group

    assert extract_group(text, KILN) in ({group} if group else {None, "all"})


# --- "#": a record's number, also when taken back ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("#5120 glaze 3, then?", [5120]),  # the id, then the feature and its value
        ("#5133 peak 1150 and 10 more hours cooling", [5133]),
        ("firing #5120 -- scratch that, #5124. verdict?", [5124]),
        ("#5120 sorry #5127 pls", [5127]),
    ],
)
def test_a_number_after_a_hash_is_the_record(text: str, ids: list[int]) -> None:
    from simxai._self_repair import self_corrected

    assert extract_ids(self_corrected(text), KILN) == ids


def test_a_what_if_led_by_a_hashed_id_is_asked_of_that_record(router: RouterBackend) -> None:
    question, calls = route(router, "#5120 glaze 3, then?", KILN)
    assert question == ""
    assert calls == [("explain_what_if", {"instance": 5120, "changes": {"glaze coats": 3}})]


# --- a decimal with its unit glued on ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if 5120 had walls of 6.5mm", {"wall (mm)": 6.5}),
        ("5120 with the wall at 7.25mm", {"wall (mm)": 7.25}),
        ("what if it cooled for 12.5hours", {"cool_hours": 12.5}),
    ],
)
def test_a_decimal_with_its_unit_glued_on(text: str, changes: dict[str, float]) -> None:
    assert extract_changes(text, KILN) == changes


# --- the class wanted: said before "and not <class>"; leaving a class with a "#" ------------------------------------


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("what must change on 5120 so it comes out crazed and not cracked", "crazed"),
        ("smallest change so 5120 is crazed, not cracked", "crazed"),
        ("how could 5120 end up sound but not crazed", "sound"),
        ("what would make #5120 sound instead of cracked", "sound"),  # as before
    ],
)
def test_the_class_wanted_before_and_not(text: str, label: str) -> None:
    assert extract_target_label(text, KILN) == label


def test_leaving_a_class_of_two_with_a_hashed_id() -> None:
    two = KILN.model_copy(update={"class_names": ["sound", "cracked"]})
    assert extract_target_label("how do I get #5120 out of cracked", two) == "sound"


# --- a value taken back in brackets, "nah" as a marker; "folks" over an age ------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("firing #5120 (nah sorry, #5129) - verdict?", "firing #5129 - verdict?"),
        ("what if 5120 got 3 coats (nah, 2)", "what if 5120 got 2 coats"),
        ("what if the peak went up by 40 C (sorry, 45) on 5120", "what if the peak went up by 45 C on 5120"),
        ("(peak 1100) and (3 coats)", "(peak 1100) and (3 coats)"),  # no marker: brackets kept
        ("5120 with walls at 6.5mm scratch that, 6mm", "5120 with walls at 6 mm"),  # units glued on
        ("the 3rd firing at 1200C", "the 3rd firing at 1200C"),  # nothing taken back: as written
    ],
)
def test_a_value_taken_back_in_brackets(text: str, said: str) -> None:
    from simxai._self_repair import self_corrected

    assert self_corrected(text) == said


def test_a_record_taken_back_in_brackets_through_the_router(router: RouterBackend) -> None:
    question, calls = route(router, "what if #5120 had 3 coats (nah sorry, 2)", KILN)
    assert question == ""
    assert calls == [("explain_what_if", {"instance": 5120, "changes": {"glaze coats": 2}})]


def test_folks_over_a_number_are_an_age() -> None:
    from simxai.extraction import extract_group
    from tests.backends.routing import DEMO

    assert extract_group("how well does it score on folks over 65", DEMO) == "age > 65"


# --- a unit of time shortened in a group's bound -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("firings that cooled over 12 hrs", "cool_hours > 12"),
        ("the firings cooled for under 8 hr", "cool_hours < 8"),
        ("firings that cooled over 12 hours", "cool_hours > 12"),  # spelled out, as before
    ],
)
def test_a_shortened_unit_of_time_bounds_its_feature(text: str, group: str) -> None:
    from simxai.extraction import extract_group

    assert extract_group(text, KILN) == group
