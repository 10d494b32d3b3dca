"""An "if" of discourse supposes nothing: "and if so, on what grounds?", "if I may ask", "if it's not too much
trouble", "if you don't mind". The selector does not see it and a what-if is not kept open for it; an "if" that
supposes a change ("what if her bmi were 30", "if you could lower it") stays. The phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_masking import mask, without_discourse_ifs
from simxai.backends._router_unsure import ruled_out
from simxai.hosts.base import Host


@pytest.mark.parametrize(
    "text",
    [
        "is patient 12 predicted progressing? and if so, on what grounds?",
        "what kind of model is it, if I may ask?",
        "if it's not too much trouble, show me the outputs",
        "if you don't mind, how accurate is it?",
        "which features matter, if any?",
    ],
)
def test_an_if_of_discourse_is_dropped(text: str) -> None:
    assert " if " not in f" {without_discourse_ifs(text).lower()} "


@pytest.mark.parametrize("text", ["what if her bmi were 30?", "if you could lower her bmi by 5, what then?"])
def test_an_if_that_supposes_stays(text: str) -> None:
    assert without_discourse_ifs(text) == text


def test_a_discourse_if_keeps_no_what_if_open(demo_host: Host) -> None:
    schema = demo_host.schema()
    text = "is patient 12 predicted progressing? and if so, on what grounds?"
    assert "explain_what_if" in ruled_out(text, mask(text, schema), schema, {"explain_what_if", "get_prediction"})
    assert " if " not in f" {mask(text, schema)} "
