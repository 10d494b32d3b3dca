"""Dialogue turns and group questions of round 25 (lead25), on an invented host and the loan host, in our own wording:
an instance named with a reflexive after a global explanation ("and for 305012 itself?"), a bare bound answering
the router's question about a group ("more than 30"), the router's function question answered by the piece it
lacked, a rate of a recorded outcome in a group and a count of a group's rows (the data of that group), and two
typo targets ("wrnog", "itsef").
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message
from simxai.normalize import normalize
from tests.backends.routing import DEMO, LOAN, after, route

FERRIES = HostSchema(
    name="ferry crossings",
    kind="tabular",
    instance_noun="crossing",
    class_names=["on_time", "late"],
    features=[
        FeatureSchema(name="wind_kmh", type="numeric", min=0, max=90),
        FeatureSchema(name="wave_height_m", type="numeric", min=0, max=6),
        FeatureSchema(name="passengers", type="numeric", min=10, max=400),
        FeatureSchema(name="sailing", type="categorical", categories=["day", "night"]),
    ],
    id_range=(305001, 305600),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize("text", ["and for 305012 itself?", "and for crossing 305012 itself", "and 305012 itself?"])
def test_an_instance_with_a_reflexive_after_a_global_explanation_is_its_explanation(
    router: RouterBackend, text: str
) -> None:
    question, calls = route(
        router, text, FERRIES, after("get_global_explanation", "which features matter most overall?")
    )
    assert calls == [("get_local_explanation", {"instance": 305012})], question


@pytest.mark.parametrize(
    ("answer", "group"),
    [
        ("more than 30", "wind_kmh > 30"),
        ("over 30 kmh please", "wind_kmh > 30"),
        ("between 20 and 40", "wind_kmh >= 20 and wind_kmh <= 40"),
    ],
)
def test_a_bare_bound_answers_the_routers_group_question(router: RouterBackend, answer: str, group: str) -> None:
    first = "how does it do on the windy crossings"
    asked, calls = route(router, first, FERRIES)
    assert not calls and "wind_kmh runs from" in asked
    history = [Message.user(first), Message.assistant(asked)]
    question, calls = route(router, answer, FERRIES, history)
    assert calls == [("get_model_performance", {"group": group, "metric": "all"})], question


def test_a_bound_with_a_request_of_its_own_is_no_answer(router: RouterBackend) -> None:
    first = "how does it do on the windy crossings"
    asked, _ = route(router, first, FERRIES)
    history = [Message.user(first), Message.assistant(asked)]
    question, calls = route(router, "over 30, and what about 305020?", FERRIES, history)
    assert calls == [("get_prediction", {"instance": 305020})], question


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("what's the approval rate for renters?", "home_ownership = rent"),
        ("what is the rejection rate among renters", "home_ownership = rent"),
        ("how many renters were approved?", "home_ownership = rent"),
    ],
)
def test_a_rate_of_a_recorded_outcome_in_a_group_is_that_groups_data(
    router: RouterBackend, text: str, group: str
) -> None:
    question, calls = route(router, text, LOAN)
    assert calls == [("get_data_information", {"group": group})], question


def test_a_count_the_model_makes_in_a_group_stays_its_predictions(router: RouterBackend) -> None:
    question, calls = route(router, "how many renters does the model approve?", LOAN)
    assert calls == [("get_prediction", {"instance": "home_ownership = rent"})], question


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how many crossings had waves over 3 metres?", "wave_height_m > 3"),
        ("how many crossings had more than 200 passengers", "passengers > 200"),
    ],
)
def test_a_count_of_a_groups_rows_is_that_groups_data(router: RouterBackend, text: str, group: str) -> None:
    question, calls = route(router, normalize(text, FERRIES), FERRIES)
    assert calls and calls[0][0] == "get_data_information" and calls[0][1].get("group") == group, question


def test_typos_of_wrong_and_itself_are_read() -> None:
    assert "wrong" in normalize("how often is it wrnog", FERRIES)
    assert "itself" in normalize("and for 305012 itsef", FERRIES)
    assert normalize("he wrung it out", FERRIES) == "he wrung it out"


def test_a_fragment_both_options_take_is_read_with_the_question_it_answers() -> None:
    # the router asked between a prediction and an explanation for a crossing it could not name; the bare id both
    # take is read with that question: the question and the id together decide, and only a sure choice answers
    from simxai.backends._dialogue_followup import continued_question
    from simxai.backends._router_decision import Decision
    from simxai.backends._router_masking import mask
    from simxai.backends._router_replies import CLARIFICATION_PREFIX
    from simxai.backends.base import CompletionRequest
    from tests.backends.routing import FUNCTIONS

    first = "the crossing from the harbour on monday. verdict?"
    asked = f"{CLARIFICATION_PREFIX} do you want me to predict (1), or to explain (2)?"
    history = [Message.user(first), Message.assistant(asked)]
    request = CompletionRequest(messages=[*history, Message.user("305020")], host=FERRIES, functions=FUNCTIONS)

    def decide(sure: bool):
        def routed(question: str, _history: object) -> Decision:
            if question == first:
                return Decision("get_prediction", 0.5, False, runner_up="get_local_explanation")
            return Decision("get_prediction", 0.9, sure, runner_up="get_local_explanation")

        return routed

    settled = continued_question("305020", mask("305020", FERRIES), history, request, decide(True))
    assert settled is not None and (settled.function, settled.confident) == ("get_prediction", True)
    again = continued_question("305020", mask("305020", FERRIES), history, request, decide(False))
    assert again is not None and not again.confident and again.runner_up == "get_local_explanation"


def test_an_id_with_a_possessive_without_its_apostrophe_is_the_instance(router: RouterBackend) -> None:
    # "patient 141s glucose" on the demo, whose ids overlap its values: the id's possessive, no id asked about
    question, calls = route(router, "what if patient 141s glucose came down by 20", DEMO)
    assert calls == [("explain_what_if", {"instance": 141, "changes": {"glucose": "-20"}})], question


def test_a_value_made_is_no_id_to_ask_about(router: RouterBackend) -> None:
    # "is made 30": the new value of the feature in focus, never "did you mean crossing 30?" (30 is no id here, the
    # value is asked about only through the ids of the host's own range: an invented host whose ids start at 1)
    host = FERRIES.model_copy(update={"id_range": (1, 400)})
    history = after("get_prediction", "crossing 12?", instance=12)
    question, calls = route(router, "suppose its wind is made 30, then what?", host, history)
    assert calls == [("explain_what_if", {"changes": {"wind_kmh": 30}})], question


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if the water were 3 degrees up", {"water_temp_c": "+3"}),
        ("and 2 degrees down, as well", {"water_temp_c": "-2"}),
        ("what if it were 20 km up the coast", None),
    ],
)
def test_a_unit_amount_with_up_or_down_is_a_step(text: str, changes: dict | None) -> None:
    from simxai.extraction import extract_changes

    host = FERRIES.model_copy(
        update={"features": [*FERRIES.features, FeatureSchema(name="water_temp_c", type="numeric", min=4, max=19)]}
    )
    assert extract_changes(normalize(text, host), host) == changes


def test_a_count_of_an_outcome_of_a_group_is_no_count_of_its_rows(router: RouterBackend) -> None:
    # "how many ... pay a surcharge" counts an outcome of the group (the model's or the data's): not read as rows
    from simxai.backends._router_group_records import recorded_in_group

    assert recorded_in_group("among crossings with waves over 3 metres, how many run behind?", FERRIES) is None
    assert recorded_in_group("how many crossings had waves over 3 metres?", FERRIES) == "wave_height_m > 3"
