"""Needless questions of round 27 (ask27), on an invented host in our own wording: an id before a feature's alias or
after "give" / "made", the whole data by the host's noun, the scorecard, a temperature said of an id, a value taken
back after a bare "no", stated values that are the row's id or said before the row, why-not words that are no
class, and an unsure choice between one record and the model's performance or description.
"""

from __future__ import annotations

import pytest

from simxai._self_repair import self_corrected
from simxai._stated_values import stated_differences
from simxai.backends._router_unknown import unknown_named
from simxai.backends._router_unsure import ruled_out
from simxai.extraction import extract_changes, extract_ids, extract_instance, extract_metric
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import ToolCall
from tests.backends.routing import REVIEWS

# A bakery's sourdough starters, judged lively or sluggish; ids far past every feature's values
STARTERS = HostSchema(
    name="sourdough starters",
    kind="tabular",
    instance_noun="starter",
    class_names=["lively", "sluggish"],
    features=[
        FeatureSchema(name="room_temp_c", type="numeric", min=15, max=30),
        FeatureSchema(name="feeds_per_day", type="numeric", min=0, max=4, aliases=["feeds"]),
        FeatureSchema(name="days_resting", type="numeric", min=0, max=14, aliases=["rest"]),
        FeatureSchema(name="hydration_pct", type="numeric", min=50, max=120),
        FeatureSchema(name="flour", type="categorical", categories=["rye", "spelt", "wheat"]),
    ],
    id_range=(930001, 930300),
)


@pytest.mark.parametrize(
    "text",
    [
        "what if we let 930012 rest another week",  # an id before an alias whose values stop at 14
        "how long can 930012 rest and still be lively",
        "why didnt the model give 930012 the other outcome",  # given a thing, not a count
    ],
)
def test_an_id_before_an_alias_or_after_a_verb_is_read(text: str) -> None:
    assert extract_ids(text, STARTERS) == [930012]


def test_an_id_after_made_is_read() -> None:
    assert extract_ids("which words made 61 so negative", REVIEWS) == [61]


def test_a_small_number_before_an_alias_stays_its_value() -> None:
    assert extract_ids("what if 930012 got 3 feeds", STARTERS) == [930012]
    assert extract_changes("what if 930012 got 3 feeds", STARTERS) == {"feeds_per_day": 3}


@pytest.mark.parametrize(
    "text", ["across every starter, how many come out sluggish vs lively?", "predictions for the whole starter set"]
)
def test_the_whole_data_by_the_hosts_noun(text: str) -> None:
    assert extract_instance(text, STARTERS) == "all"


@pytest.mark.parametrize("text", ["show me the scorecard", "give me all the numbers please"])
def test_every_figure_is_every_metric(text: str) -> None:
    assert extract_metric(text) == "all"


@pytest.mark.parametrize(
    "text",
    [
        "930044 at 24 degrees",
        "take 930044 and warm the room up to 24 degrees",
        "930044 at 20 degrees. no. make that 24.",
    ],
)
def test_a_temperature_said_of_an_id_is_a_change(text: str) -> None:
    assert extract_changes(self_corrected(text), STARTERS) == {"room_temp_c": 24}


def test_a_temperature_alone_is_no_change() -> None:
    assert not extract_changes("the room is warm today, any news on 930044?", STARTERS)


def test_a_word_taken_back_after_a_bare_no() -> None:
    assert self_corrected("we fed it spelt, no, rye.") == "we fed it rye."
    assert self_corrected("ok, no, thanks") == "ok, no, thanks"
    assert self_corrected("yes, no, maybe") == "yes, no, maybe"


ROW = {"room_temp_c": 22.0, "feeds_per_day": 2.0, "days_resting": 3.0, "hydration_pct": 80.0, "flour": "rye"}


def test_the_rows_own_id_and_a_value_taken_back_are_no_stated_values() -> None:
    assert stated_differences("what does it say for starter 930099 with rye?", ROW, STARTERS, 930099) == {}
    assert stated_differences("did it get 930099 right? we fed it spelt, no, rye.", ROW, STARTERS, 930099) == {}


def test_a_value_said_before_the_rows_sentence_is_about_the_user() -> None:
    said = "I run the spelt bakery in town - starter 930099 with rye, lively or not?"
    assert stated_differences(said, ROW, STARTERS, 930099) == {}
    assert stated_differences("starter 930099 with spelt, lively or not?", ROW, STARTERS, 930099) == {"flour": "spelt"}


@pytest.mark.parametrize(
    "text",
    ["why not something else for 930012", "why was 930012 not predicted to end up lively", "why not a faster rise"],
)
def test_why_not_words_that_are_no_class_are_not_asked_about(text: str) -> None:
    call = ToolCall(id="c", name="explain_why_not", arguments={"instance": 930012})
    assert unknown_named(text, [call], STARTERS) is None


def test_a_why_not_with_an_unknown_class_is_still_asked_about() -> None:
    call = ToolCall(id="c", name="explain_why_not", arguments={"instance": 930012})
    assert unknown_named("why not bubbly for 930012", [call], STARTERS) is not None


def test_one_record_with_no_metric_is_no_performance_question() -> None:
    candidates = {"get_model_performance", "get_prediction"}
    assert "get_model_performance" in ruled_out("how does 930012 look", "how does NUM look", STARTERS, candidates)
    masked = "how accurate is it on NUM"
    assert "get_model_performance" not in ruled_out("how accurate is it on 930012", masked, STARTERS, candidates)


def test_a_why_about_a_class_is_no_description_of_the_model() -> None:
    candidates = {"get_local_explanation", "get_model_information"}
    out = ruled_out("why is it sluggish in the first place", "why is it LABEL in the first place", STARTERS, candidates)
    assert out == {"get_model_information"}
    assert not ruled_out("why is the model built this way", "why is the model built this way", STARTERS, candidates)
