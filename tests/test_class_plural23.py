"""A class named by a compound of several words, said as a plural noun (round 23, lead23): "the drop-outs" for a
class `drop_out`, "no-shows" for `no_show` (was no label: only a last word of four letters or more was inflected).
Our own wording, on an invented host.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_argument
from simxai.hosts.base import FeatureSchema, HostSchema

COURSES = HostSchema(
    name="evening courses",
    kind="tabular",
    instance_noun="enrolment",
    class_names=["completed", "drop_out", "no_show"],
    features=[FeatureSchema(name="SessionsAttended", type="numeric", min=0, max=12)],
    id_range=(5001, 5400),
)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("what's its recall on the drop-outs?", "drop_out"),
        ("how precise is it for no-shows", "no_show"),
        ("recall for the drop outs please", "drop_out"),
        ("recall for drop_out", "drop_out"),
    ],
)
def test_a_compound_class_in_the_plural_is_the_class(text: str, label: str) -> None:
    assert extract_argument("label", text, COURSES) == label


def test_a_longer_word_after_the_compound_is_no_plural_of_it() -> None:
    assert extract_argument("label", "recall for the drop outside the city", COURSES) is None
