"""Features named with a unit at the end and no alias ("humidity_pct", "daily_water_ml", "rainfall_mm",
"kiln_age_weeks"): users name them by the word before the unit, and change an age in days or weeks by years,
weeks or days.

Two invented hosts, given by their schemas alone, with no aliases at all (as most users' CSV headers come):
greenhouse benches (ids 4101-4300) and pottery kilns (ids 6201-6400). The phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_feature
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall
from tests.backends.routing import route


def _num(name: str, low: float, high: float) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=low, max=high)


BENCH = HostSchema(
    name="greenhouse benches",
    kind="tabular",
    instance_noun="bench",
    class_names=["thriving", "stressed", "dying"],
    id_range=(4101, 4300),
    features=[
        _num("humidity_pct", 30, 99),
        _num("daily_water_ml", 100, 2000),
        _num("bench_age_days", 5, 200),
        _num("leaf_spots", 0, 15),
        FeatureSchema(name="variety", type="categorical", categories=["cherry", "roma", "beefsteak"]),
    ],
)
KILN = HostSchema(
    name="pottery kilns",
    kind="tabular",
    instance_noun="kiln",
    class_names=["sound", "cracked"],
    id_range=(6201, 6400),
    features=[
        _num("firing_temperature_c", 900, 1300),
        _num("rainfall_mm", 0, 300),
        _num("kiln_age_weeks", 1, 600),
        _num("door_seal_score", 1, 10),
        _num("batch_weight_kg", 5, 120),
    ],
)


@pytest.mark.parametrize(
    ("schema", "text", "feature"),
    [
        (BENCH, "what is the average humidity?", "humidity_pct"),
        (BENCH, "how is the water spread out across benches?", "daily_water_ml"),
        (KILN, "what's the typical rainfall?", "rainfall_mm"),
        (KILN, "tell me about the batch weight", "batch_weight_kg"),
        (KILN, "how hot is the firing temperature usually?", "firing_temperature_c"),
    ],
)
def test_a_feature_is_named_by_the_word_before_its_unit(schema: HostSchema, text: str, feature: str) -> None:
    assert extract_feature(text, schema) == feature


@pytest.mark.parametrize(
    ("schema", "text", "changes"),
    [
        (BENCH, "what if bench 4120's humidity dropped by ten points?", {"humidity_pct": "-10"}),
        (BENCH, "what if bench 4120 were given 300 ml more water?", {"daily_water_ml": "+300"}),
        (KILN, "suppose kiln 6230 had 40 mm more rainfall", {"rainfall_mm": "+40"}),
    ],
)
def test_a_what_if_changes_the_feature_named_before_its_unit(
    schema: HostSchema, text: str, changes: dict[str, str]
) -> None:
    assert extract_changes(text, schema) == changes


@pytest.mark.parametrize(
    ("schema", "text", "changes"),
    [
        (BENCH, "what if bench 4120 were 3 weeks older?", {"bench_age_days": "+21"}),
        (BENCH, "and if it were ten days younger?", {"bench_age_days": "-10"}),
        # a year as 52 weeks, as every span is converted (twins49; was +104.36 by a year of 365.25 days)
        (KILN, "what if kiln 6230 were 2 years older?", {"kiln_age_weeks": "+104"}),
        (KILN, "what if kiln 6230 were 6 weeks younger?", {"kiln_age_weeks": "-6"}),
    ],
)
def test_an_age_changes_in_the_unit_its_feature_is_kept_in(
    schema: HostSchema, text: str, changes: dict[str, str]
) -> None:
    assert extract_changes(text, schema) == changes


@pytest.mark.parametrize(
    ("schema", "first", "changes", "text", "expected"),
    [
        (
            BENCH,
            "what if bench 4120 got 400 ml more water a day?",
            {"daily_water_ml": "+400"},
            "and if the humidity dropped by ten points instead?",
            {"humidity_pct": "-10"},
        ),
        (
            KILN,
            "what if kiln 6230 had 40 mm more rainfall?",
            {"rainfall_mm": "+40"},
            "and with a batch weight 5 kg lighter instead?",
            {"batch_weight_kg": "-5"},
        ),
    ],
)
def test_a_change_after_a_what_if_goes_to_the_feature_it_names_not_the_one_in_focus(
    schema: HostSchema, first: str, changes: dict[str, str], text: str, expected: dict[str, str]
) -> None:
    instance = 4120 if schema is BENCH else 6230
    call = ToolCall(id="call_0", name="explain_what_if", arguments={"instance": instance, "changes": changes})
    history = [Message.user(first), Message.assistant("", [call]), Message.tool(call, "{}"), Message.assistant("Done.")]
    question, calls = route(RouterBackend(), text, schema, history)
    assert not question, question
    assert calls and calls[0][0] == "explain_what_if" and calls[0][1].get("changes") == expected, calls


def test_a_verb_made_of_the_word_before_the_unit_names_an_event_not_the_amount() -> None:
    from simxai.extraction._feature_terms import verb_of_unit_head

    water, rain = BENCH.features[1], KILN.features[1]
    assert verb_of_unit_head("watered", water) and verb_of_unit_head("watering", water)
    assert not verb_of_unit_head("water", water) and not verb_of_unit_head("rainfall", rain)
    # the noun still names the feature beside the verb
    assert extract_changes("what if bench 4120 were watered with 300 ml more water?", BENCH) == {
        "daily_water_ml": "+300"
    }
