"""Round 33 (lead33), on an invented host of pottery kiln firings, in our own wording: a value said between the words
of a feature's name and its unit ("airflow 3 m/s"), the word "wear" of a feature's name kept, an alias said as a
contrast, "X instead of Y" (a yes/no column and a label), an article inside a class of several words, "pcs" as a
count, a step in percent of a feature counted in percent, a plural category that is a changed count's alias, a
degree sign before a comparative, a yes/no column added "as well", a kept label carried to the next instance, the
router's group question on a feature whose name holds signs, and a label in quotes the host lacks.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_label
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.messages import Message
from tests.backends.routing import DEMO, after, route

KILN = HostSchema(
    name="pottery kiln firings",
    kind="tabular",
    instance_noun="firing",
    class_names=["sound", "back_to_wheel", "shattered"],
    features=[
        FeatureSchema(name="finish", type="categorical", categories=["matte", "gloss", "coat"]),
        FeatureSchema(
            name="glass_lid", type="categorical", categories=["False", "True"], aliases=["glass instead of clay"]
        ),
        FeatureSchema(name="preheated", type="categorical", categories=["False", "True"], aliases=["preheat"]),
        FeatureSchema(name="kiln temp (C)", type="numeric", min=900, max=1300, aliases=["peak temperature"]),
        FeatureSchema(name="airflow (m/s)", type="numeric", min=0, max=8, aliases=["airflow"]),
        FeatureSchema(name="vent_draught", type="numeric", min=0, max=40, aliases=["draught"]),
        FeatureSchema(name="shelf height (cm)", type="numeric", min=10, max=90),
        FeatureSchema(name="NozzleWear", type="numeric", min=0, max=10, aliases=["nozzle wear"]),
        FeatureSchema(name="clay_moisture_pct", type="numeric", min=5, max=30, aliases=["moisture"]),
        FeatureSchema(name="coats_applied", type="numeric", min=0, max=5, aliases=["coats"]),
        FeatureSchema(name="hours_fired", type="numeric", min=4, max=20, aliases=["hours"]),
    ],
    id_range=(5001, 5300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        # a number between a name's words and its unit is the value, not part of the name
        ("5010 with airflow 3 m/s", {"airflow (m/s)": 3}),
        ("suppose 5010 ran airflow 6 m/s - no, 5 m/s", {"airflow (m/s)": 5}),
        ("firing 5010 with a shelf height 40 cm", {"shelf height (cm)": 40}),
        # "wear" of a feature's name said in full is no "were" of dictation
        ("would 5010 survive if it had nozzle wear 2 lower?", {"NozzleWear": "-2"}),
        ("if the hours wear 8 for 5010", {"hours_fired": 8}),
        # a yes/no column after "instead of" is the side left; the contrast in an alias names no feature
        ("5010 with a clay lid instead of glass", {"glass_lid": "False"}),
        ("what if 5010 had a clay lid, no glass", {"glass_lid": "False"}),
        ("5010 fired under glass", {"glass_lid": "True"}),
        # the plural of a category that is the alias of the count changed names no category
        ("5010 with 3 coats", {"coats_applied": 3}),
        # a degree sign before a comparative: a step, not the value
        ("what if 5010 had a peak temperature 30° lower", {"kiln temp (C)": "-30"}),
        ("5010 with the kiln 15° hotter", {"kiln temp (C)": "+15"}),
    ],
)
def test_changes_read(text: str, changes: dict[str, ChangeValue]) -> None:
    assert extract_changes(text, KILN) == changes


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("which settings matter most when a pot goes back to the wheel", "back_to_wheel"),
        ("is 5010 back to the wheel?", "back_to_wheel"),
        ("why shattered and not sound?", "sound"),
    ],
)
def test_a_class_of_several_words_with_an_article_inside(text: str, label: str) -> None:
    assert extract_label(text, KILN) == label


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        (
            "how could 5010 end up back to the wheel instead of shattered?",
            {"instance": 5010, "target_label": "back_to_wheel"},
        ),
        ("what would make 5010 sound rather than shattered", {"instance": 5010, "target_label": "sound"}),
        ("counterfactuals for 5010, 3 pcs please", {"instance": 5010, "number_of_iterations": 3}),
    ],
)
def test_counterfactual_goal_and_count(router: RouterBackend, text: str, arguments: dict[str, object]) -> None:
    assert route(router, text, KILN) == ("", [("explain_how_to_be_that", arguments)])


@pytest.mark.parametrize("typed", ["and preheated as well", "plus preheated too"])
def test_a_yes_no_column_added_as_well(router: RouterBackend, typed: str) -> None:
    history = after("explain_what_if", "what if 5010 had been fired 2 hours longer", changes={"hours_fired": "+2"})
    changes = {"hours_fired": "+2", "preheated": "True"}
    assert route(router, typed, KILN, history) == ("", [("explain_what_if", {"changes": changes})])


def test_a_yes_no_column_alone_without_as_well_is_left(router: RouterBackend) -> None:
    history = after("explain_what_if", "what if 5010 had been fired 2 hours longer", changes={"hours_fired": "+2"})
    # no word that adds: whether it replaces the change or joins it is the engine's to ask
    assert route(router, "and preheated?", KILN, history) == ("", [("explain_what_if", {})])


def test_the_kept_label_goes_to_the_next_instance(router: RouterBackend) -> None:
    history = after("explain_how_to_still_be_this", "how can patient 30 stay stable?", instance=30, kept_label="stable")
    expected = [("explain_how_to_still_be_this", {"kept_label": "stable", "instance": 31})]
    assert route(router, "and for patient 31?", DEMO, history) == ("", expected)


def test_a_kept_label_never_said_is_not_made_up(router: RouterBackend) -> None:
    history = after("explain_how_to_still_be_this", "what keeps patient 30 as it is?", instance=30)
    assert route(router, "and for patient 31?", DEMO, history) == (
        "",
        [("explain_how_to_still_be_this", {"instance": 31})],
    )


@pytest.mark.parametrize(
    ("asked_about", "answer", "group"),
    [
        # the question quotes "draught firings" of "the draughty firings"
        ("what is the recall on the draughty firings?", "vent_draught > 20", "vent_draught > 20"),
        # a feature whose name holds a unit in brackets is named in the question
        ("what is the recall on the breezy firings?", "airflow (m/s) > 5", "airflow (m/s) > 5"),
    ],
)
def test_the_answer_to_a_group_question_keeps_the_question(
    router: RouterBackend, asked_about: str, answer: str, group: str
) -> None:
    question, _ = route(router, asked_about, KILN)
    assert question.startswith("Which ")
    history = [Message.user(asked_about), Message.assistant(question)]
    expected = [("get_model_performance", {"metric": "recall", "group": group})]
    assert route(router, answer, KILN, history) == ("", expected)


@pytest.mark.parametrize(
    "text", ["will firing 5010 be 'slightly shattered'?", "can you predict 'needs a new glaze' for 5010?"]
)
def test_a_quoted_label_the_host_lacks_is_asked_about(router: RouterBackend, text: str) -> None:
    question, calls = route(router, text, KILN)
    assert calls == []
    assert "sound, back_to_wheel or shattered" in question


@pytest.mark.parametrize("text", ["will firing 5010 be 'shattered'?", "will firing 5010 be 'back to the wheel'?"])
def test_a_quoted_label_the_host_has_is_answered(router: RouterBackend, text: str) -> None:
    assert route(router, text, KILN) == ("", [("get_prediction", {"instance": 5010})])
