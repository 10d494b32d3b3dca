"""What counts as a class denied or contrasted (`simxai.backends._router_denial.denies_a_class`), which a why-not
needs: "keep" is an obstacle only with "from" ("what keeps 20 from being approved"), not a class kept ("what keeps
the kettle descaled?"). On an invented kettle host, in our own words.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_denial import denies_a_class
from simxai.hosts.base import FeatureSchema, HostSchema

KETTLES = HostSchema(
    name="kettles",
    kind="tabular",
    instance_noun="kettle",
    class_names=["descaled", "scaled"],
    features=[FeatureSchema(name="hardness_ppm", type="numeric", min=10.0, max=400.0)],
    id_range=(1, 60),
)


@pytest.mark.parametrize(
    "text",
    [
        "what keeps kettle 31 from being descaled?",
        "what's keeping kettle 31 from a descaled label",
        "why isn't kettle 31 descaled?",
        "I expected kettle 31 to be descaled",
    ],
)
def test_an_obstacle_a_negation_or_an_expectation_denies_a_class(text: str) -> None:
    assert denies_a_class(text, KETTLES)


@pytest.mark.parametrize(
    "text", ["what keeps kettle 31 descaled?", "which changes keep it scaled", "why is it kept scaled"]
)
def test_a_class_kept_is_no_denial(text: str) -> None:
    assert not denies_a_class(text, KETTLES)
