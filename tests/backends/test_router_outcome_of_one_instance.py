"""The model's reasons asked of one instance become its explanation, unless the turn only asks its outcome (round
17, dev22).

"Does the model think patient 40 will be progressing?" read as the global explanation was turned into patient 40's
explanation; with a class named and no word of reasons or ranking, the turn asks the outcome: the prediction. Unit
tests of `instance_counterpart` on three hosts in our own wording, with the turns whose reasons stay.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_decision import instance_counterpart
from simxai.hosts.base import HostSchema

from .routing import DEMO, FUNCTIONS, INSURANCE, LOAN

NAMES = frozenset(s.name for s in FUNCTIONS)


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (DEMO, "saw patient 40 this morning, lovely man. does the model think he'll be progressing?"),
        (LOAN, "met applicant 220 today. does it reckon she gets approved?"),
        (INSURANCE, "is policyholder 5210 down for a surcharge?"),
    ],
)
def test_an_outcome_asked_of_one_instance_is_its_prediction(schema: HostSchema, text: str) -> None:
    assert instance_counterpart("get_global_explanation", text, NAMES, schema) == "get_prediction"


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        (DEMO, "why does the model think patient 40 is progressing?"),
        (LOAN, "which inputs push applicant 220 towards approved?"),
        (INSURANCE, "what matters most for policyholder 5210's surcharge?"),
        (LOAN, "top factors for applicant 220"),
    ],
)
def test_reasons_or_a_ranking_keep_the_explanation(schema: HostSchema, text: str) -> None:
    assert instance_counterpart("get_global_explanation", text, NAMES, schema) == "get_local_explanation"
