"""A new value for the change just tried, said as an order with no feature ("make that 0", "make it 27").

After a what-if that changed one feature, "make that N" gives that feature another value; it was read as a request
for the changes that reach another class. The instance named next ("same for 41") keeps the corrected change.
Through the engine on the demo and insurance hosts, in our own wording (round 17, dev22).
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend

from .routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("host", "first", "order", "instance", "changes"),
    [
        ("demo", "what if patient 40's bmi were 30", "make that 27.5", 40, {"bmi": 27.5}),
        ("insurance", "what if member 5300's bmi were 24", "make it 27", 5300, {"bmi": 27}),
        ("insurance", "suppose member 5300 had 2 children", "ok, make that 3 then", 5300, {"children": 3}),
        ("insurance", "what if member 5300's bmi were 24", "change that to 22", 5300, {"bmi": 22}),
    ],
)
async def test_an_order_with_a_new_value_sets_the_feature_just_changed(
    hosts, router, host, first, order, instance, changes
):
    *_, ordered = await talk(hosts[host], router, first, order)
    assert calls(ordered) == [("explain_what_if", {"instance": instance, "changes": changes})]


async def test_the_next_instance_keeps_the_corrected_change(hosts, router):
    *_, same = await talk(hosts["demo"], router, "what if patient 40's bmi were 30", "make that 27.5", "same for 41")
    assert calls(same) == [("explain_what_if", {"instance": 41, "changes": {"bmi": 27.5}})]


async def test_an_order_outside_the_feature_range_is_no_new_value(hosts, router):
    # 400 is no bmi this data holds: not read as the feature's new value
    *_, ordered = await talk(hosts["insurance"], router, "what if member 5300's bmi were 24", "make that 400")
    assert ("explain_what_if", {"instance": 5300, "changes": {"bmi": 400}}) not in calls(ordered)


async def test_an_order_whose_number_is_also_an_id_is_asked_about(hosts, router):
    # 95 is a patient and a glucose: the order may replace either, as "no, 95" may
    *_, asked = await talk(hosts["demo"], router, "what if patient 40's glucose were 100", "make that 95")
    assert asked.clarification is not None and not asked.calls
    assert "patient 95" in asked.reply and "glucose" in asked.reply
    loan, supposed = hosts["loan"], "suppose applicant 12 had a credit score of 640"
    *_, asked = await talk(loan, router, supposed, "ok, make that 700 then")
    assert asked.clarification is not None and not asked.calls
    assert "applicant 700" in asked.reply and "credit_score" in asked.reply
