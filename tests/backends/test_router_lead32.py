"""Round 32 (lead32), on an invented host of beehives at three apiaries, in our own wording: a correction typed as a
star at a turn's start ("*9"), a class of several words named by its telling word after "not", a value followed by
"only" as a group, and a what-if's value said in weeks of the one feature counted in days.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_label
from simxai.extraction._groups import extract_group
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, route

HIVES = HostSchema(
    name="apiary hives",
    kind="tabular",
    instance_noun="hive",
    class_names=["strong_colony", "weak_colony", "lost"],
    features=[
        FeatureSchema(name="apiary", type="categorical", categories=["hilltop", "orchard", "riverside"]),
        FeatureSchema(name="wrapped", type="categorical", categories=["False", "True"], aliases=["insulated"]),
        FeatureSchema(name="frames_added", type="numeric", min=0, max=12, aliases=["frames added", "frames"]),
        FeatureSchema(
            name="InspectionDays", type="numeric", min=1, max=60, aliases=["days between inspections", "gap"]
        ),
        FeatureSchema(name="shed temp (C)", type="numeric", min=2, max=30, aliases=["shed temperature"]),
    ],
    id_range=(40001, 40400),
)
# the same hives with a second feature counted in days: a span of weeks names neither
TWO_IN_DAYS = HostSchema(
    name="apiary hives",
    kind="tabular",
    instance_noun="hive",
    class_names=HIVES.class_names,
    features=[*HIVES.features, FeatureSchema(name="SyrupDays", type="numeric", min=0, max=40)],
    id_range=HIVES.id_range,
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("said", "changes", "typed", "corrected"),
    [
        ("suppose hive 40200 got 4 frames", {"frames_added": 4}, "*7 frames", {"frames_added": 7}),
        ("suppose hive 40200 got 4 frames", {"frames_added": 4}, "*seven", {"frames_added": 7}),
        ("and with 10 days between inspections", {"InspectionDays": 10}, "*12 days", {"InspectionDays": 12}),
    ],
)
def test_a_star_at_the_start_corrects_the_last_value(
    router: RouterBackend, said: str, changes: dict[str, int], typed: str, corrected: dict[str, int]
) -> None:
    history = after("explain_what_if", said, instance=40200, changes=changes)
    expected = [("explain_what_if", {"instance": 40200, "changes": corrected})]
    assert route(router, typed, HIVES, history) == ("", expected)


def test_a_star_at_the_start_corrects_the_last_id(router: RouterBackend) -> None:
    history = after("get_prediction", "how is hive 40200 doing", instance=40200)
    assert route(router, "*40220", HIVES, history) == ("", [("get_prediction", {"instance": 40220})])


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("hive 40033: why not weak rather than lost?", "weak_colony"),
        ("lost?? it was buzzing in May. Why isn't it strong?", "strong_colony"),
        ("why is it not predicted weak", "weak_colony"),
        # without a negation a word of a class name is left: the last class said in full
        ("is the weak spot the gap? why lost", "lost"),
    ],
)
def test_a_class_named_by_its_telling_word_after_not(text: str, label: str) -> None:
    assert extract_label(text, HIVES) == label


def test_a_shared_word_names_no_class() -> None:
    shared = HostSchema(
        name="apiary hives",
        kind="tabular",
        instance_noun="hive",
        class_names=["strong_colony", "weak_colony"],
        features=HIVES.features,
        id_range=HIVES.id_range,
    )
    # "colony" is a word of both classes: it names neither
    assert extract_label("why not colony?", shared) is None


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("recall, orchard only", "apiary = orchard"),
        ("f1 - riverside alone", "apiary = riverside"),
        ("and the f1 for hilltop only?", "apiary = hilltop"),
    ],
)
def test_a_value_then_only_is_a_group(text: str, group: str) -> None:
    assert extract_group(text, HIVES) == group


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if 40200 had had a fortnight between inspections", {"InspectionDays": 14}),
        ("hive 40200 with 3 weeks between inspections instead of 5 days", {"InspectionDays": 21}),
        ("what if 40200 had a week between inspections", {"InspectionDays": 7}),
    ],
)
def test_a_value_in_weeks_of_the_feature_in_days(text: str, changes: dict[str, int]) -> None:
    assert extract_changes(text, HIVES, worded_amounts=True) == changes


def test_weeks_are_left_when_two_features_count_days() -> None:
    assert extract_changes("what if 40200 had a fortnight between inspections", TWO_IN_DAYS, worded_amounts=True) != {
        "InspectionDays": 14
    }


def test_a_rate_in_weeks_is_no_span() -> None:
    changes = extract_changes("what if 40200 were inspected once a week", HIVES, worded_amounts=True) or {}
    assert changes.get("InspectionDays") != 7
