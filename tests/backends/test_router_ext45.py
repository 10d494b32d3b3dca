"""Round 45 (ext45), on invented hosts in our own wording: four readings of `extract_changes` and `feature_mentions`
that change what the selector's training texts read, so they land with a rebuild.

1. "N times" after a count names no feature whose name or alias holds "time" (in `feature_mentions` itself), while a
   feature that is itself a count of times keeps its value;
2. a value bound by its unit after "from a" / "had a" / "with a" ("from a 20 mm billet"), whether or not the word after
   the unit is a word of the feature's own name; never a change noun ("a 20 mm rise");
3. a second change said value-first after "and" ("... and 70 for the width", "... and 1000 degrees");
4. a relative step ("1.5 m longer") belongs to the one feature it was read for, never a second one the comparative
   could name ("soak duration").
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes, extract_group
from simxai.extraction.mentions import counted_by_a_verb, feature_mentions
from simxai.hosts.base import FeatureSchema, HostSchema

# a pottery's glaze firings: "firing time" is a duration, "RefireCount" counts firings
KILN = HostSchema(
    name="glaze firings",
    kind="tabular",
    instance_noun="pot",
    class_names=["glossy", "crazed"],
    features=[
        FeatureSchema(name="RefireCount", type="numeric", min=0, max=6, aliases=["refires", "refired"]),
        FeatureSchema(name="FiringMinutes", type="numeric", min=30, max=400, aliases=["firing time"]),
        FeatureSchema(name="cone temp", type="numeric", min=900, max=1300, aliases=["temperature"]),
    ],
    id_range=(2001, 2400),
)
# a climbing gym's members: `visits` counts times, "times" is its own word there
GYM = HostSchema(
    name="climbing gym members",
    kind="tabular",
    instance_noun="member",
    class_names=["renews", "lapses"],
    features=[
        FeatureSchema(name="times_per_month", type="numeric", min=0, max=30, aliases=["times"]),
        FeatureSchema(name="session time (min)", type="numeric", min=20, max=240),
    ],
    id_range=(601, 900),
)


def _bench(width_name: str, aliases: list[str]) -> HostSchema:
    """A joinery's benches; the thickness feature's name and aliases vary to hold the word said after the unit."""
    return HostSchema(
        name="joinery benches",
        kind="tabular",
        instance_noun="bench",
        class_names=["sturdy", "wobbly"],
        features=[
            FeatureSchema(name=width_name, type="numeric", min=10, max=80, aliases=aliases),
            FeatureSchema(name="leg count", type="numeric", min=3, max=8, aliases=["legs"]),
            FeatureSchema(name="glue temp (C)", type="numeric", min=10, max=90),
        ],
        id_range=(7001, 7400),
    )


# --- 1. "N times" is a count ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pots refired more than 2 times",
        "what if pot 2010 had been refired three more times",
        "what if pot 2010 were refired twice as many times",
        "pot 2010 refired one more time, what then",
    ],
)
def test_a_count_of_times_mentions_no_duration(text: str) -> None:
    assert "FiringMinutes" not in [m.feature.name for m in feature_mentions(text, KILN)]
    assert "FiringMinutes" not in (extract_changes(text, KILN) or {})


def test_the_duration_is_still_named_by_its_own_words() -> None:
    said = "refired 2 more times, with a firing time of 90"
    assert [m.feature.name for m in feature_mentions(said, KILN)] == ["RefireCount", "FiringMinutes"]
    assert extract_changes("what if the firing time were 90", KILN) == {"FiringMinutes": 90}
    assert extract_group("pots refired more than 2 times", KILN) == "RefireCount > 2"
    assert extract_changes("what if pot 2010 had been refired three more times", KILN) == {"RefireCount": "+3"}


def test_a_feature_counted_in_times_keeps_its_value() -> None:
    assert extract_changes("what if member 650 came 6 times a month", GYM) == {"times_per_month": 6}
    assert "session time (min)" not in (extract_changes("what if member 650 climbed 2 more times", GYM) or {})


# --- 2. a value bound by its unit, a word of the feature beside it ----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "aliases"),
    [
        ("billet thickness (mm)", ["thickness", "billet thickness", "billet size"]),  # the word after the unit its own
        ("top thickness (mm)", ["thickness"]),  # the word after the unit no word of it
        ("plank_depth_mm", ["plank"]),
    ],
)
@pytest.mark.parametrize(
    "text",
    [
        "bench 7010 from a 30 mm billet instead, what then",
        "what if bench 7010 had a 30 mm billet",
        "bench 7010 with a 30 mm plank instead?",
    ],
)
def test_a_value_bound_by_its_unit_whatever_word_follows(name: str, aliases: list[str], text: str) -> None:
    assert extract_changes(text, _bench(name, aliases)) == {name: 30}


def test_a_unit_after_an_article_is_no_value_when_a_change_noun_or_a_new_value_follows() -> None:
    host = _bench("billet thickness (mm)", ["thickness", "billet thickness"])
    assert extract_changes("what if bench 7010 had a 30 mm rise in thickness", host) != {"billet thickness (mm)": 30}
    said = "what if bench 7010 went from a 30 mm billet to a 40 mm billet"
    assert extract_changes(said, host) == {"billet thickness (mm)": 40}


# --- 3. a second change said value-first after "and" ------------------------------------------------------------------

BEDS = HostSchema(
    name="allotment raised beds",
    kind="tabular",
    instance_noun="bed",
    class_names=["thrives", "wilts"],
    features=[
        FeatureSchema(name="depth", type="numeric", min=2, max=9),
        FeatureSchema(name="width", type="numeric", min=20, max=90),
        FeatureSchema(name="mulch share", type="numeric", min=0, max=1, aliases=["mulch"]),
        FeatureSchema(name="soil temp (C)", type="numeric", min=2, max=30, aliases=["soil temp"]),
    ],
    id_range=(4001, 4300),
)


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("set the depth of bed 4010 to 4 and 70 for the width", {"depth": 4, "width": 70}),
        ("what if bed 4010 had depth 4 and 70 as its width", {"depth": 4, "width": 70}),
        ("what if the depth were 4 and 70 was the width", {"depth": 4, "width": 70}),
        ("set the depth to 3 and 40 % for the mulch", {"depth": 3, "mulch share": 0.4}),
        ("what if the depth were 4 and 70 the width", {"depth": 4, "width": 70}),  # read before too
        ("what if bed 4010 had depth 4 and 12 degrees", {"depth": 4, "soil temp (C)": 12}),
    ],
)
def test_a_second_change_said_value_first(text: str, changes: dict[str, float]) -> None:
    assert extract_changes(text, BEDS) == changes


def test_a_value_first_needs_a_first_change_and_a_bound_is_no_second_value() -> None:
    assert extract_changes("beds 4010 and 70 for the width", BEDS) is None
    assert extract_group("beds with soil between 5 and 12 degrees", BEDS) != "soil temp (C) = 12"
    assert extract_changes("beds with soil between 5 and 12 degrees", BEDS) is None


# --- 4. a relative step belongs to the one feature it names -----------------------------------------------------------


def _boats(second: str) -> HostSchema:
    return HostSchema(
        name="rowing club boats",
        kind="tabular",
        instance_noun="boat",
        class_names=["sound", "leaks"],
        features=[
            FeatureSchema(name="hull length (m)", type="numeric", min=3, max=20),
            FeatureSchema(name=second, type="numeric", min=1, max=30),
            FeatureSchema(name="keel depth (m)", type="numeric", min=0.2, max=2)
            if second == "deep dives"
            else FeatureSchema(name="crew", type="numeric", min=1, max=8),
        ],
        id_range=(8001, 8400),
    )


@pytest.mark.parametrize(
    ("second", "text", "changes"),
    [
        ("soak duration", "what if boat 8010 were 1.5 m longer", {"hull length (m)": "+1.5"}),
        ("longest outing", "what if boat 8010 were 1.5 m longer", {"hull length (m)": "+1.5"}),
    ],
)
def test_a_step_binds_one_feature(second: str, text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, _boats(second)) == changes


def test_a_step_in_a_unit_two_features_share_binds_no_third() -> None:
    # hull length and keel depth both in metres: "deeper" names keel depth and "deep dives"; neither is guessed
    assert "deep dives" not in (extract_changes("what if boat 8010 sat 0.5 m deeper", _boats("deep dives")) or {})


def test_a_step_with_its_own_unit_still_binds_the_feature_it_names() -> None:
    said = "what if the hull length were 10 and the soak duration 2 longer"
    assert extract_changes(said, _boats("soak duration")) == {"hull length (m)": 10, "soak duration": "+2"}


def test_a_count_of_what_a_verb_did_is_told_apart_from_a_bare_step() -> None:
    assert counted_by_a_verb("and glazed it 3 more times too")
    assert counted_by_a_verb("what if it was sanded twice more")
    assert not counted_by_a_verb("and 3 more?")
    assert not counted_by_a_verb("what if it were 3 times longer")
