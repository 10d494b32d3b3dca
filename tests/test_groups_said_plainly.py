"""A group said plainly is the group answered for, never dropped nor swapped for an aggregate of another question.

Three mechanisms behind confidently wrong answers: a yes/no feature named by a noun of several words, said as an
adjective ("heat-damaged parcels" for `heat_damage`), was dropped, or its participle read as a value of another
feature ("damaged" of a return reason); a group after "about" ("how accurate is it about gold?") was dropped; and
"show me some smokers" answered with the data card of `smoker` although only a group's prediction lists rows. On
a parcel schema built here and on the insurance and demo hosts. The phrasings are our own.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_group
from simxai.hosts.base import FeatureSchema, Host, HostSchema

PARCELS = HostSchema(
    name="parcels",
    kind="tabular",
    instance_noun="parcel",
    class_names=["kept", "returned"],
    features=[
        FeatureSchema(name="weight_kg", type="numeric", min=0.1, max=30.0),
        FeatureSchema(name="heat_damage", type="categorical", categories=["no", "yes"], aliases=["heat exposure"]),
        FeatureSchema(name="return_reason", type="categorical", categories=["late", "damaged", "wrong_size"]),
        FeatureSchema(name="contract", type="categorical", categories=["weekly", "monthly", "yearly"]),
    ],
    id_range=(1, 900),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("recall on heat-damaged parcels please", "heat_damage = yes"),
        ("and the precision for the heat damaged ones?", "heat_damage = yes"),
        ("accuracy on non heat-damaged parcels", "heat_damage = no"),
        ("the f1 on parcels that came back damaged", "return_reason = damaged"),
    ],
)
def test_a_yes_no_feature_said_as_an_adjective_is_its_group(text: str, expected: str) -> None:
    assert extract_group(text, PARCELS) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("and how accurate is it about monthly?", "contract = monthly"),
        ("is it any good about the weekly", "contract = weekly"),
    ],
)
def test_a_group_after_about_is_read(text: str, expected: str) -> None:
    assert extract_group(text, PARCELS) == expected


TENANTS = HostSchema(
    name="tenants",
    kind="tabular",
    instance_noun="tenant",
    class_names=["pays", "arrears"],
    features=[
        FeatureSchema(name="tenure", type="categorical", categories=["rent", "own", "mortgage"]),
        FeatureSchema(name="income_k", type="numeric", min=5.0, max=200.0),
    ],
    id_range=(1, 500),
)


@pytest.mark.parametrize(
    "text",
    [
        "how does it perform for the people who are renting?",
        "the recall for renting tenants",
        "f1 on those that were renting",
    ],
)
def test_a_category_said_as_a_verb_describing_the_group_is_read(text: str) -> None:
    assert extract_group(text, TENANTS) == "tenure = rent"


async def _ran(host: Host, text: str) -> list[tuple[str, dict[str, Any]]]:
    turn = await Agent(host, RouterBackend()).conversation().send(text)
    return [(c.function, c.arguments) for c in turn.calls if c.status in ("ok", "error")]


async def test_a_group_after_about_is_scored_on_that_group(insurance_host: Host) -> None:
    calls = await _ran(insurance_host, "what's the precision about silver?")
    assert calls == [("get_model_performance", {"metric": "precision", "group": "plan = silver"})]


@pytest.mark.parametrize(
    ("fixture", "text", "expected"),
    [
        ("insurance_host", "could you show me some smokers", "smoker = yes"),
        ("demo_host", "list a few progressing ones", "prediction = progressing"),
    ],
)
async def test_some_of_a_group_are_its_rows(fixture: str, text: str, expected: str, request: Any) -> None:
    calls = await _ran(request.getfixturevalue(fixture), text)
    assert calls == [("get_prediction", {"instance": expected})]


async def test_figures_about_a_group_are_no_rows(insurance_host: Host) -> None:
    calls = await _ran(insurance_host, "show me some stats on smokers")
    assert all(name != "get_prediction" for name, _arguments in calls)


@pytest.mark.parametrize(
    "text",
    ["Split it up by store region please.", "Redo it with a gentler adjective.", "Sort them by how negative they are"],
)
async def test_an_instruction_to_a_text_host_is_no_text_to_classify(text: str, sentiment_host: Host) -> None:
    calls = await _ran(sentiment_host, text)
    assert ("get_prediction", {"instance": text}) not in calls


async def test_a_review_is_still_a_text_to_classify(sentiment_host: Host) -> None:
    text = "The soundtrack was loud but the story held up well."
    assert await _ran(sentiment_host, text) == [("get_prediction", {"instance": text})]


@pytest.mark.parametrize(
    ("fixture", "text"),
    [
        ("loan_host", "what are the approval numbers by branch"),
    ],
)
async def test_a_breakdown_by_a_thing_no_feature_holds_is_asked_about(fixture: str, text: str, request: Any) -> None:
    turn = await Agent(request.getfixturevalue(fixture), RouterBackend()).conversation().send(text)
    assert not [c for c in turn.calls if c.status in ("ok", "error")]
    assert turn.clarification is not None and "cannot break the answer down" in turn.clarification.question


@pytest.mark.parametrize(
    ("fixture", "text", "expected"),
    [
        ("insurance_host", "give me a few gold plan members", "plan = gold"),
        ("demo_host", "could I see that by postcode? management likes postcode figures.", None),
    ],
)
async def test_a_close_call_on_such_turns_is_asked_never_answered_otherwise(
    fixture: str, text: str, expected: str | None, request: Any
) -> None:
    # The selector rebuilt in the twentieth round (629fa2d5) is unsure between two functions on these two turns
    # and asks which; the group's rows (or, for a breakdown the data cannot make, nothing) are still the only call
    turn = await Agent(request.getfixturevalue(fixture), RouterBackend()).conversation().send(text)
    ran = [(c.function, dict(c.arguments)) for c in turn.calls if c.status in ("ok", "error")]
    if ran:
        assert expected is not None and ran == [("get_prediction", {"instance": expected})]
    else:
        assert turn.clarification is not None


async def test_a_breakdown_by_the_models_own_terms_is_answered(demo_host: Host) -> None:
    assert [name for name, _arguments in await _ran(demo_host, "show me the accuracy per class")] == [
        "get_model_performance"
    ]


@pytest.mark.parametrize(
    ("fixture", "text", "expected"),
    [
        ("demo_host", "what outcomes does the model assign to patients over 60", "age > 60"),
        ("loan_host", "for the applicants over 50, what decisions does it hand out", "age > 50"),
    ],
)
async def test_the_classes_given_to_a_group_are_its_prediction(
    fixture: str, text: str, expected: str, request: Any
) -> None:
    calls = await _ran(request.getfixturevalue(fixture), text)
    assert calls == [("get_prediction", {"instance": expected})]


async def test_the_weight_given_to_a_feature_is_no_prediction(demo_host: Host) -> None:
    assert [name for name, _a in await _ran(demo_host, "what weight does the model give to bmi")] == [
        "get_global_explanation"
    ]


PIZZAS = HostSchema(
    name="pizzas",
    kind="tabular",
    instance_noun="pizza",
    class_names=["reordered", "not_reordered"],
    features=[
        FeatureSchema(name="crust", type="categorical", categories=["thin", "regular", "thick"], aliases=["how thick"]),
        FeatureSchema(name="bake_minutes", type="numeric", min=6.0, max=20.0),
    ],
    id_range=(1, 300),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("recall on the thick ones", "crust = thick"), ("and how precise is it for thick?", "crust = thick")],
)
def test_a_value_that_ends_an_alias_is_that_value(text: str, expected: str) -> None:
    assert extract_group(text, PIZZAS) == expected


def test_a_value_that_ends_an_alias_is_no_unknown_value() -> None:
    from simxai.backends._router_unknown_value import unknown_category as _unknown_category

    assert _unknown_category("recall on the thick ones", PIZZAS) is None
