"""A group the host cannot select is asked about, never scored as everyone (dev21).

Three forms the vague-group reading missed, so the router scored the whole held-out split instead of asking:
a graded word or adverb before a participle and a plural ("the well paid ones", "the high grown lots"); a
quantity with no number before a numeric feature after "with" ("applicants with lots of debt_to_income"); a
capitalised name after "for the" that is none of the host's words ("the Dundee branch"). Run through the engine
with the offline router on the real hosts (`hosts` fixture), in our own words; the forms that name what the data
holds (a category value, a label, a number) stand beside them and are still answered.
"""

from __future__ import annotations

import pytest

from simxai import Turn
from simxai.backends.router import RouterBackend
from simxai.extraction.mentions import vague_group
from tests.backends.routing import DEMO, INSURANCE, LOAN

from .routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def asked(turn: Turn) -> bool:
    return turn.clarification is not None and not calls(turn)


@pytest.mark.parametrize(
    ("host", "text", "words"),
    [
        ("loan", "how does it do on the well paid applicants", "well paid applicants"),
        ("insurance", "is it accurate for the heavily insured policyholders?", "heavily insured policyholders"),
        ("demo", "what is the recall on the poorly treated patients", "poorly treated patients"),
        ("demo", "how does it do on the slow patients", "slow patients"),
        ("loan", "how precise is it for applicants with lots of income", "lots of income"),
        ("insurance", "how does it score the policyholders with many visits", "many visits"),
        ("loan", "how accurate is it for the Dundee branch", "Dundee branch"),
        ("demo", "how does the model do on the Tuesday clinic", "Tuesday clinic"),
    ],
)
async def test_a_group_the_data_cannot_select_is_asked_about(hosts, router, host, text, words):
    (turn,) = await talk(hosts[host], router, text)
    assert asked(turn)
    assert words.lower() in turn.reply.lower()


@pytest.mark.parametrize(
    ("host", "text", "group"),
    [
        ("loan", "how accurate is it for the North applicants", "region = north"),
        ("insurance", "accuracy on the Gold policyholders", "plan = gold"),
    ],
)
async def test_a_group_the_data_holds_is_still_scored(hosts, router, host, text, group):
    (turn,) = await talk(hosts[host], router, text)
    assert [(name, arguments.get("group")) for name, arguments in calls(turn)] == [("get_model_performance", group)]


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (LOAN, "how accurate is it on the Test set"),
        (LOAN, "How Does It Do For The Dundee Branch"),  # title case says nothing by its capitals
        (INSURANCE, "does having many visits matter?"),  # a question about the feature, no group
        (DEMO, "show me the patients predicted as progressing"),
        (LOAN, "accuracy on the newly approved applicants"),  # a label: a group the data holds
        (LOAN, "recall for applicants with lots of income, over 80000 say"),  # the number gives the threshold
    ],
)
def test_no_unheld_group_is_read(schema, text):
    assert vague_group(text, schema) is None
