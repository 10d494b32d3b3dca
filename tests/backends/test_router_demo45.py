"""Round 45 (demo45), on invented hosts in our own wording: ids written without the host's noun.

On a host whose ids start at 0 (the demo's patients 0-441, the loan's applicants 0-1499) every small number of a
turn could be an id, so a number is an id only when nothing else claims it. Four readings claimed the record's own
number, or took a count for a second candidate, and left the turn without its instance (the engine then asked
"Which ... do you mean?"): "what happens to 120 if ..." ("to" read as setting a value), "..., three of them" (the
count a second candidate), "how sensitive is 250 to ..." (the adjective read as what 250 measures) and
"id 12 + the reasons" ("+" read as the bound "12 or more"). Each is checked on a bakery whose loaf ids (0-600)
overlap its features' values and on a kennel whose stay ids (7001-7400) lie beyond them.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_ids, extract_label
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, route

BAKERY = HostSchema(
    name="bakery loaves",
    kind="tabular",
    instance_noun="loaf",
    class_names=["keep", "discard"],
    features=[
        FeatureSchema(name="proof_minutes", type="numeric", min=20, max=90, aliases=["proof time"]),
        FeatureSchema(name="oven_temp", type="numeric", min=180, max=260, aliases=["oven"]),
        FeatureSchema(name="flour", type="categorical", categories=["rye", "spelt", "wheat"]),
    ],
    id_range=(0, 600),
)
KENNEL = HostSchema(
    name="kennel stays",
    kind="tabular",
    instance_noun="stay",
    class_names=["calm", "stressed"],
    features=[
        FeatureSchema(name="nights", type="numeric", min=1, max=30),
        FeatureSchema(name="weight_kg", type="numeric", min=2, max=70, aliases=["weight"]),
    ],
    id_range=(7001, 7400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("text", "schema", "ids"),
    [
        ("what happens to 120 if the proof time were 40?", BAKERY, [120]),
        ("what would happen to 7120 if the stay lasted 3 more nights", KENNEL, [7120]),
        ("show me what would flip 77, three of them", BAKERY, [77]),
        ("five of those for 7077 please", KENNEL, [7077]),
        ("how sensitive is 250 to small changes?", BAKERY, [250]),
        ("how likely was 7250 to end up stressed", KENNEL, [7250]),
        ("id 12 + the reasons", BAKERY, [12]),
        ("stay 7012 + its probability", KENNEL, [7012]),
    ],
)
def test_the_record_s_own_number_is_its_id(text: str, schema: HostSchema, ids: list[int]) -> None:
    assert extract_ids(text, schema) == ids


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("set the oven to 200", BAKERY),  # "to" before a value still sets it
        ("what if the proof time went to 60?", BAKERY),
        ("give me three of them", BAKERY),  # a count, with no record named
        ("how many loaves 60+ are kept?", BAKERY),  # a bound: 60 or more
        ("how high is a weight of 40 for the model?", KENNEL),  # "of" still names what 40 measures
        ("what happens to the oven temp 200 then", BAKERY),  # the value after the feature's name
    ],
)
def test_numbers_that_are_no_id_stay_claimed(text: str, schema: HostSchema) -> None:
    assert extract_ids(text, schema) == []


@pytest.mark.parametrize(
    ("text", "function", "instance"),
    [
        ("what happens to 120 if the proof time were 40?", "explain_what_if", 120),
        ("show me what would flip 77, three of them", "explain_how_to_be_that", 77),
        ("how sensitive is 250 to small changes?", "explain_how_to_still_be_this", 250),
    ],
)
def test_the_router_calls_for_the_record(router: RouterBackend, text: str, function: str, instance: int) -> None:
    asked, made = route(router, text, BAKERY)
    assert not asked
    assert made[0][0] == function and made[0][1].get("instance") == instance


# --- the class a why-not asks about, after the class the instance has -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the class the loaf has is said first ("listed as keep"), the class asked about after the negation
        ("Loaf 40 is listed as keep, but I doubt it. Why doesn't the model call it discard?", "discard"),
        ("loaf 40 came out as keep; how come the model never rated it discard", "discard"),
        # unchanged: the negation right before a class, and a class after the question's end
        ("why is loaf 40 discard and not keep?", "keep"),
        ("why not keep? it was predicted discard", "keep"),
    ],
)
def test_the_class_after_the_negation_is_the_expected_one(text: str, expected: str) -> None:
    assert extract_label(text, BAKERY) == expected


def test_the_router_asks_why_not_the_class_after_the_negation(router: RouterBackend) -> None:
    text = "Loaf 40 is listed as keep, but I doubt it. Why doesn't the model call it discard?"
    asked, made = route(router, text, BAKERY)
    assert not asked
    assert made == [("explain_why_not", {"instance": 40, "expected_label": "discard"})]


# --- "what makes it say that?" after a call about one instance --------------------------------------------------------


def test_what_made_the_model_say_that_is_the_instance_s_explanation(router: RouterBackend) -> None:
    history = after("get_prediction", "will loaf 40 be kept?", instance=40)
    for text in ("what makes the model say that?", "why does it think so?"):
        asked, made = route(router, text, BAKERY, history)
        # the router leaves the instance to the engine, which takes the one in focus (loaf 40)
        assert not asked and [name for name, _ in made] == ["get_local_explanation"], text


def test_said_that_of_the_whole_data_stays_global(router: RouterBackend) -> None:
    history = after("get_prediction", "will loaf 40 be kept?", instance=40)
    _asked, made = route(router, "what makes it say that, in general, across all loaves?", BAKERY, history)
    assert [name for name, _ in made] != ["get_local_explanation"]
