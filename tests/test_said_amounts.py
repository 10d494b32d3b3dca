"""What-if amounts said in words around the feature, bounds in money, and where those readings stay out.

The positive forms run on two invented hosts, a gym (members, a monthly fee in dollars, a commute in km) and an
orchard (plots, sprays, a temperature, rainfall in mm, a harvest price in euros); the demo host (ids 0-441, no
feature in money, no feature whose values reach 0) checks that the readings that do not fit it give nothing.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes, extract_group
from simxai.hosts.base import FeatureSchema, HostSchema

GYM = HostSchema(
    name="gym",
    kind="tabular",
    instance_noun="member",
    class_names=["renews", "cancels"],
    features=[
        FeatureSchema(name="age", type="numeric", min=16, max=80),
        FeatureSchema(name="monthly_fee", type="numeric", min=15, max=120, description="fee per month in dollars"),
        FeatureSchema(name="visits_per_week", type="numeric", min=0, max=7, aliases=["visits"]),
        FeatureSchema(name="missed_payments", type="numeric", min=0, max=6, aliases=["missed payments", "arrears"]),
        FeatureSchema(name="commute_km", type="numeric", min=0, max=40, aliases=["commute"]),
        FeatureSchema(name="plan", type="categorical", categories=["basic", "premium"]),
    ],
    id_range=(700, 1300),
)
ORCHARD = HostSchema(
    name="orchard",
    kind="tabular",
    instance_noun="plot",
    class_names=["clean", "scab"],
    features=[
        FeatureSchema(name="sprays", type="numeric", min=0, max=9, aliases=["spray rounds"]),
        FeatureSchema(name="air_temp", type="numeric", min=4, max=30, aliases=["air temperature"]),
        FeatureSchema(name="rain_mm", type="numeric", min=10, max=240, aliases=["rain"]),
        FeatureSchema(name="price_per_box", type="numeric", min=3, max=40, description="euros per box of fruit"),
        FeatureSchema(name="trees", type="numeric", min=20, max=900, aliases=["tree count"]),
        FeatureSchema(name="variety", type="categorical", categories=["gala", "bramley", "cox"]),
    ],
    id_range=(60001, 60500),
)

CHANGES = [
    (GYM, "what if member 812 paid a monthly fee of $45", {"monthly_fee": 45}),
    (GYM, "member 812, but suppose the monthly fee were $1,100", {"monthly_fee": 1100}),
    (GYM, "say 901 cut the monthly fee by $10", {"monthly_fee": "-10"}),
    (GYM, "and if member 905 had no missed payments at all?", {"missed_payments": 0}),
    (GYM, "member 760 without any arrears - would it still say cancels?", {"missed_payments": 0}),
    (GYM, "suppose 1001 made one more visit", {"visits_per_week": "+1"}),
    (GYM, "what if 1001 had two fewer missed payments", {"missed_payments": "-2"}),
    (GYM, "suppose 990 got an extra visit", {"visits_per_week": "+1"}),
    (GYM, "what if member 1200 had 4 visits", {"visits_per_week": 4}),
    (GYM, "member 1010 but the commute 6 km shorter?", {"commute_km": "-6"}),
    (GYM, "what if 844 lived 12 km further away", {"commute_km": "+12"}),
    (GYM, "what if member 812's monthly fee went up by a quarter", {"monthly_fee": "+25%"}),
    (ORCHARD, "what if plot 60210 had zero sprays", {"sprays": 0}),
    (ORCHARD, "imagine 60210 got another spray", {"sprays": "+1"}),
    (ORCHARD, "if plot 60077 had needed 3 sprays", {"sprays": 3}),
    (ORCHARD, "plot 60077, if it were 2 degrees cooler", {"air_temp": "-2"}),
    (ORCHARD, "what if 60300 saw 30 mm more", {"rain_mm": "+30"}),
    (ORCHARD, "suppose plot 60300's price per box were €12.50", {"price_per_box": 12.5}),
    (ORCHARD, "what if 60100 had its tree count cut by a third", {"trees": "-33.33%"}),
]


@pytest.mark.parametrize(("schema", "text", "expected"), CHANGES, ids=[c[1] for c in CHANGES])
def test_a_what_if_amount_said_around_the_feature(schema: HostSchema, text: str, expected: dict[str, object]):
    assert extract_changes(text, schema) == expected


DEMO_CHANGES = [
    ("what if patient 30 had her glucose up by a third", {"glucose": "+33.33%"}),
    ("and if patient 30's bmi dropped by half?", {"bmi": "-50%"}),
    ("what if patient 30's glucose dropped by a tenth", {"glucose": "-10%"}),
]


@pytest.mark.parametrize(("text", "expected"), DEMO_CHANGES)
def test_fractions_and_counts_on_the_demo(demo_host, text: str, expected: dict[str, object]):
    assert extract_changes(text, demo_host.schema()) == expected


NOTHING = [
    # no feature whose values reach 0: "no glucose" is no value, so the engine asks
    ("what if patient 12 had no glucose", None),
    # a currency sign on a host with no money: the number stays unread as a change of nothing named
    ("what if patient 12 cost $40", None),
    # a unit no feature's name carries
    ("what if patient 12 lived 5 km further away", None),
]


@pytest.mark.parametrize(("text", "expected"), NOTHING)
def test_the_readings_stay_out_on_the_demo(demo_host, text: str, expected: None):
    assert extract_changes(text, demo_host.schema()) is expected


@pytest.mark.parametrize(
    "text",
    [
        "how many members had no missed payments",  # a description of the data, no supposition
        "members with 4 visits, how many renew",  # nothing supposes "4 visits" of someone
        "would members with an extra visit renew",  # "with" after no id names a group
    ],
)
def test_a_count_without_a_supposition_is_no_change(text: str):
    assert extract_changes(text, GYM) is None


def test_two_features_ending_in_the_same_unit_leave_the_amount_unread():
    twin = GYM.model_copy(
        update={"features": [*GYM.features, FeatureSchema(name="walk_km", type="numeric", min=0, max=9)]}
    )
    assert extract_changes("what if member 812 lived 3 km further out", twin) is None


GROUPS = [
    (GYM, "accuracy for members paying over $60", "monthly_fee > 60"),
    (GYM, "precision on members under $1,000 a month", "monthly_fee < 1000"),
    (GYM, "recall for those between $20 and $40", "monthly_fee >= 20 and monthly_fee <= 40"),
    (GYM, "how does it do on premium members above $50", "monthly_fee > 50 and plan = premium"),
    (ORCHARD, "accuracy on plots selling above €20", "price_per_box > 20"),
    (ORCHARD, "f1 for the plots under €8 with rain over 100", "price_per_box < 8 and rain_mm > 100"),
]


@pytest.mark.parametrize(("schema", "text", "expected"), GROUPS, ids=[g[1] for g in GROUPS])
def test_a_bound_in_money_is_on_the_one_money_feature(schema: HostSchema, text: str, expected: str):
    assert extract_group(text, schema) == expected


def test_a_bound_in_money_with_two_money_features_needs_the_feature_named():
    both = GYM.model_copy(
        update={
            "features": [
                *GYM.features,
                FeatureSchema(name="joining_fee", type="numeric", min=0, max=99, description="one-off, in dollars"),
            ]
        }
    )
    assert extract_group("accuracy for members over $60", both) is None
    assert extract_group("accuracy for members with a monthly fee over $60", both) == "monthly_fee > 60"


def test_a_bound_in_money_on_the_demo_is_read_on_the_feature_named(demo_host):
    assert extract_group("accuracy for patients with glucose over $100", demo_host.schema()) == "glucose > 100"


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (GYM, "accuracy for members with 3 or more visits", "visits_per_week >= 3"),
        (GYM, "recall on members with 1 or fewer missed payments", "missed_payments <= 1"),
        (ORCHARD, "precision for plots with 4 or more spray rounds", "sprays >= 4"),
    ],
)
def test_a_bound_said_after_the_number(schema: HostSchema, text: str, expected: str):
    assert extract_group(text, schema) == expected


def test_a_bound_said_after_the_number_on_the_demo(demo_host):
    assert extract_group("accuracy for patients with 30 or more bmi", demo_host.schema()) == "bmi >= 30"


def test_a_count_of_predictions_in_a_money_group_names_the_group():
    from simxai.extraction import extract_instance

    assert extract_instance("how many members paying over $80 does it expect to cancel", GYM) == "monthly_fee > 80"


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        (GYM, "what if 930 were on premium instead of on the basic plan", {"plan": "premium"}),
        (GYM, "suppose 930 moved to premium rather than staying on basic", {"plan": "premium"}),
        (ORCHARD, "if 60412 grew cox instead of the usual gala", {"variety": "cox"}),
    ],
)
def test_the_category_after_instead_of_is_the_one_left_behind(schema: HostSchema, text: str, expected: dict):
    assert extract_changes(text, schema) == expected


def test_the_selector_flag_reads_changes_as_the_shipped_selector_was_trained():
    """The worded readings fill the call's arguments, and the selector's `zchange` flag reads them too since the
    forty-eighth round's rebuild was trained with them (ext48, docs/router.md)."""
    from simxai.backends.router import selector_text

    text = "suppose 1001 made one more visit"
    assert extract_changes(text, GYM) == {"visits_per_week": "+1"}
    assert extract_changes(text, GYM, worded_amounts=False) is None
    assert selector_text(text, GYM).endswith("zchange")
    assert selector_text("suppose 1001 made 3 more visits", GYM).endswith("zchange")
