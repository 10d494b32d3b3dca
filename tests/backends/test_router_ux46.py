"""Round 46 (ux46), on invented hosts in our own wording: a cheese cave's wheels (age / sell / discard), a pottery's
kiln pots (dry / reject), a greenhouse's seed trays (an age feature beside a temperature) and an apiary's honey jars
(ids far past every value). Single-turn readings: a class set aside by "rather than" / "instead of" is never the class
to reach; a one-word class said as a verb where the stems miss it ("dried" for dry, "aged" for age); a feature's value
of one instance asked is answered by its prediction with the value, not asked about; a unit ending like a noun for
people ("degrees") bounds no age; a rank noun before a number of an id's size is a verb before the record; a last
sentence that narrows the metrics asked before it to one.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_group, extract_ids, extract_metric
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import route

WHEELS = HostSchema(
    name="cheese cave wheels",
    kind="tabular",
    instance_noun="wheel",
    class_names=["age", "sell", "discard"],
    features=[
        FeatureSchema(name="cave humidity (%)", type="numeric", min=70, max=98),
        FeatureSchema(name="TurnCount", type="numeric", min=0, max=30, aliases=["turns"]),
        FeatureSchema(name="milk", type="categorical", categories=["cow", "goat", "sheep"]),
        FeatureSchema(name="rind_score", type="numeric", min=1, max=10),
    ],
    id_range=(3301, 3700),
)
POTS = HostSchema(
    name="kiln pots",
    kind="tabular",
    instance_noun="pot",
    class_names=["dry", "reject"],
    features=[
        FeatureSchema(name="kiln temp", type="numeric", min=900, max=1300),
        FeatureSchema(name="glaze", type="categorical", categories=["celadon", "tenmoku", "shino"]),
        FeatureSchema(name="wall_mm", type="numeric", min=3, max=15),
    ],
    id_range=(5001, 5400),
)
TRAYS = HostSchema(
    name="greenhouse seed trays",
    kind="tabular",
    instance_noun="tray",
    class_names=["plant_out", "hold"],
    features=[
        FeatureSchema(name="air temp (C)", type="numeric", min=8, max=30, aliases=["temperature"]),
        FeatureSchema(name="days old", type="numeric", min=5, max=90, aliases=["age"]),
        FeatureSchema(name="seedlings", type="numeric", min=10, max=80),
    ],
    id_range=(7101, 7400),
)
JARS = HostSchema(
    name="apiary honey jars",
    kind="tabular",
    instance_noun="jar",
    class_names=["premium", "table", "reject"],
    features=[
        FeatureSchema(name="moisture (%)", type="numeric", min=14, max=22),
        FeatureSchema(name="colour_mm", type="numeric", min=10, max=120),
    ],
    id_range=(88001, 88400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a class set aside by "rather than" / "instead of" ------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what would pot 5010 need to be fired rather than rejected?",
        "what has to change for pot 5010 to pass instead of being rejected",
    ],
)
def test_the_class_set_aside_is_not_the_target_of_two(text: str) -> None:
    # the wanted class is no class word of the host; the one named is the one to leave, so the target is the other
    assert extract_argument("target_label", text, POTS) == "dry"


def test_the_class_set_aside_of_three_asks_which(router: RouterBackend) -> None:
    asked, made = route(router, "what would have to change for wheel 3400 to be kept rather than discarded?", WHEELS)
    assert made == []
    assert "Instead of discard, which label" in asked and "age or sell" in asked


def test_both_classes_named_keep_the_wanted_one() -> None:
    assert extract_argument("target_label", "how could pot 5010 be dry rather than reject", POTS) == "dry"
    assert (
        extract_argument("target_label", "what would wheel 3400 need to be sell instead of discard", WHEELS) == "sell"
    )
    assert extract_argument("target_label", "what would make pot 5010 be rejected", POTS) == "reject"  # no aside


# --- a one-word class said as a verb --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "label", "host"),
    [
        ("why wasn't pot 5010 dried?", "expected_label", "dry", POTS),
        ("why was pot 5010 dried?", "prediction_label", "dry", POTS),
        ("how can pot 5010 get dried", "target_label", "dry", POTS),
        ("why wasn't wheel 3400 aged?", "expected_label", "age", WHEELS),
        ("how could wheel 3400 get aged", "target_label", "age", WHEELS),
    ],
)
def test_a_short_or_y_class_said_as_a_verb(text: str, name: str, label: str, host: HostSchema) -> None:
    assert extract_argument(name, text, host) == label


def test_a_word_that_only_starts_like_the_class_names_none() -> None:
    assert extract_argument("expected_label", "why wasn't pot 5010 dryer?", POTS) is None
    assert extract_argument("expected_label", "why wasn't wheel 3400 agent?", WHEELS) is None


# --- a feature's value of one instance ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["what's the rind_score of wheel 3400?", "what's the cave humidity of 3405"])
def test_a_value_of_one_instance_is_its_prediction_not_a_question(router: RouterBackend, text: str) -> None:
    asked, made = route(router, text, WHEELS)
    assert asked == ""
    assert [name for name, _ in made] == ["get_prediction"]


def test_a_statistic_of_the_data_stays_the_data(router: RouterBackend) -> None:
    _asked, made = route(router, "what's the average rind score of the goat milk wheels", WHEELS)
    assert made == [("get_data_information", {"feature": "rind_score", "group": "milk = goat"})]


# --- a unit is no noun for people ---------------------------------------------------------------------------------


def test_trays_over_some_degrees_bound_the_temperature_only() -> None:
    assert extract_group("how often is it right on warm trays over 22 degrees", TRAYS) == "air temp (C) > 22"
    assert extract_group("predictions for the trays over 20", TRAYS) == "days old > 20"  # an age stays an age
    assert extract_group("the over 60 growers", TRAYS) == "days old > 60"  # a noun for people stays one


# --- a rank noun before a number of an id's size -----------------------------------------------------------------


def test_a_rank_noun_as_a_verb_before_an_id() -> None:
    assert extract_ids("what made the model grade 88123 like that", JARS) == [88123]
    assert extract_ids("why did it class 88123 as table", JARS) == [88123]
    assert extract_ids("grade 3 jars only", JARS) == []  # a rank stays a rank


# --- a last sentence that narrows the metrics -----------------------------------------------------------------------


def test_a_narrowing_last_sentence_picks_its_metric() -> None:
    assert extract_metric("precision and recall? just precision is fine") == "precision"
    assert extract_metric("recall and f1? actually only recall") == "recall"
    assert extract_metric("precision and recall please") == "all"  # no narrowing
