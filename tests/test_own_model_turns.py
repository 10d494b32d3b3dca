"""Turns a user of their own model asked that the engine answered wrongly or with a needless question, through the
engine with the router: a why that denies nothing is the explanation ("why is order 7011 expected to be lost?"),
a causative verb before an id is no name for a record ("what would make 7011 arrive on time?"), "better with A or
B" compares how the model does on the two groups, and a relative change that leaves the data's range is asked
about (yes runs it as given, another amount replaces it). On the invented parcel host of tests/conftest.py and the
loan and demo hosts. The phrasings are our own.
"""

from __future__ import annotations

from typing import Any

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.hosts.base import Host


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(text) for text in texts]


def _ran(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


async def test_a_why_that_denies_nothing_is_the_explanation(parcel_host: Host, demo_host: Host) -> None:
    predicted = parcel_host.predict(parcel_host.resolve(7011)).label
    (turn,) = await _turns(parcel_host, f"why is order 7011 expected to be {predicted}?")
    assert [f for f, _ in _ran(turn)] == ["get_local_explanation"]
    (turn,) = await _turns(demo_host, "why is patient 12 expected to stay stable?")
    assert [f for f, _ in _ran(turn)] == ["get_local_explanation"]


async def test_a_why_with_the_users_own_expectation_stays_a_why_not(parcel_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "I expected 7011 to be on time, why isn't it?")
    assert [f for f, _ in _ran(turn)] == ["explain_why_not"]


async def test_a_causative_verb_before_an_id_names_no_record(parcel_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "what would make 7011 arrive on time?")
    assert _ran(turn) == [("explain_how_to_be_that", {"instance": 7011, "target_label": "on_time"})]
    (turn,) = await _turns(loan_host, "what would stop 20 getting rejected?")
    assert _ran(turn) == [("explain_how_to_be_that", {"instance": 20, "target_label": "approved"})]


async def test_keeping_an_instance_from_a_class_is_the_way_out_of_it(loan_host: Host, parcel_host: Host) -> None:
    # 20 is predicted rejected: "keep from being rejected" asks what would change that, not why it is not rejected
    for text in ("what would keep 20 from being rejected?", "how could applicant 20 avoid being rejected?"):
        (turn,) = await _turns(loan_host, text)
        assert _ran(turn) == [("explain_how_to_be_that", {"instance": 20, "target_label": "approved"})]
    predicted = parcel_host.predict(parcel_host.resolve(7011)).label
    (turn,) = await _turns(parcel_host, f"what would prevent order 7011 from being {predicted}?")
    assert [f for f, _ in _ran(turn)] in (["explain_how_to_be_that"], [])  # three labels: it may ask which one


async def test_better_with_one_group_or_another_is_how_the_model_does(parcel_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "is the model better with dhl or ups?")
    groups = {c.arguments.get("group") for c in turn.calls if c.function == "get_model_performance"}
    assert groups >= {"carrier = dhl"} and all(c.function == "get_model_performance" for c in turn.calls)
    (turn,) = await _turns(loan_host, "is the model more accurate for car loans or home loans?")
    assert {a["group"] for _, a in _ran(turn)} == {"purpose = car", "purpose = home"}


async def test_a_step_out_of_the_range_is_asked_and_yes_runs_it(parcel_host: Host, loan_host: Host) -> None:
    asked, ran = await _turns(loan_host, "what if applicant 5 had an income 500 lower?", "yes")
    assert _ran(asked) == [] and "below the data's range" in asked.reply
    assert _ran(ran) == [("explain_what_if", {"instance": 5, "changes": {"income": "-500"}})]
    asked, replaced = await _turns(parcel_host, "what if order 7020 were 5 kg lighter?", "no, 1 kg")
    assert "would go from 2 to" in asked.reply
    assert _ran(replaced) == [("explain_what_if", {"instance": 7020, "changes": {"weight_kg": "-1"}})]


async def test_a_step_far_past_the_range_is_asked_and_a_little_past_runs(loan_host: Host) -> None:
    (turn,) = await _turns(loan_host, "what if applicant 3's income were 5000 higher?")  # thousands: 5,000k more
    assert _ran(turn) == [] and "above the data's range" in turn.reply
    income = loan_host.schema().feature("income")
    assert income is not None and income.max is not None
    (turn,) = await _turns(loan_host, "what if applicant 3's income were 170 higher?")  # 24.2 -> 194.2: just past
    assert _ran(turn) == [("explain_what_if", {"instance": 3, "changes": {"income": "+170"}})]


async def test_yes_to_did_you_mean_lower_takes_the_lower_reading(demo_host: Host) -> None:
    asked, ran = await _turns(demo_host, "what if patient 12's glucose were -5?", "yes")
    assert "did you mean 5 lower?" in asked.reply
    assert _ran(ran) == [("explain_what_if", {"instance": 12, "changes": {"glucose": "-5"}})]


async def test_an_absolute_value_out_of_range_runs_after_yes(demo_host: Host) -> None:
    asked, ran = await _turns(demo_host, "what if patient 12's glucose were 500?", "yes")
    assert _ran(asked) == [] and "above the data's range" in asked.reply
    assert _ran(ran) == [("explain_what_if", {"instance": 12, "changes": {"glucose": 500}})]


async def test_how_sure_after_a_what_if_is_the_changed_instance(parcel_host: Host, demo_host: Host) -> None:
    what_if, sure = await _turns(parcel_host, "what if order 7020 weighed 10 kg?", "how sure are you about that?")
    assert _ran(sure) == _ran(what_if) == [("explain_what_if", {"instance": 7020, "changes": {"weight_kg": 10}})]
    shown, sure = await _turns(demo_host, "what does the model predict for patient 12?", "how confident are you?")
    assert _ran(sure) == _ran(shown) == [("get_prediction", {"instance": 12})]
