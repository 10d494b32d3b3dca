"""A metric asked on a subset named by words the host does not hold is asked about, not scored on everyone.

"How does it do on the vegetarian patients?": no feature, alias, category or label says who is vegetarian, so no
group can be read, and the performance on the whole held-out split would answer a question that was not asked, with
confidence. The router asks which group is meant, naming a valid condition; a word that is a form of a numeric
feature ("the hydrated batches": hydration) asks for that feature's bound. Words the host holds, or that name the
scored data itself ("the held-out patients"), keep the call. Our own wording, on five hosts (round 17, dev22).
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from tests.backends.routing import DEMO, INSURANCE, LOAN, route
from tests.test_said_units import BAKERY, GREENHOUSE


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "named"),
    [
        (DEMO, "how well does it do on the vegetarian patients?", "vegetarian patients"),
        (LOAN, "how accurate is it for the glasgow applicants?", "glasgow applicants"),
        (INSURANCE, "what's the recall for the policyholders in cornwall", "policyholders in cornwall"),
        (GREENHOUSE, "how does the model do on the rooftop trays", "rooftop trays"),
        (BAKERY, "f1 on the sourdough bakeries please", "sourdough bakeries"),
    ],
)
def test_a_subset_no_word_of_the_host_picks_out_is_asked_about(
    router: RouterBackend, schema: HostSchema, text: str, named: str
) -> None:
    question, calls = route(router, text, schema)
    assert calls == []
    assert named in question and "condition" in question


def test_a_word_of_a_numeric_feature_with_no_number_asks_for_its_bound(router: RouterBackend) -> None:
    question, calls = route(router, "how does it do on the hydrated batches?", BAKERY)
    assert calls == [] and "hydration runs from 55 to 90" in question


@pytest.mark.parametrize(
    ("schema", "text", "group"),
    [
        (DEMO, "how accurate is it on the held-out patients?", None),
        (LOAN, "how accurate is it for the north applicants?", "region = north"),
        (INSURANCE, "recall for the gold policyholders", "plan = gold"),
        (BAKERY, "how does it do on the rye batches", "flour_type = rye"),
        (GREENHOUSE, "how does the model do on the trays in the test set", None),
    ],
)
def test_words_the_host_holds_keep_the_call(
    router: RouterBackend, schema: HostSchema, text: str, group: str | None
) -> None:
    question, calls = route(router, text, schema)
    assert question == ""
    assert [name for name, _ in calls] == ["get_model_performance"]
    assert calls[0][1].get("group") == group


def test_a_number_after_the_words_gives_the_group_and_is_not_asked_about(router: RouterBackend) -> None:
    question, calls = route(router, "f1 on the high-bmi patients, say over 32", DEMO)
    assert question == "" and [name for name, _ in calls] == ["get_model_performance"]
