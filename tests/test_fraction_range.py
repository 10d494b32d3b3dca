"""One test of "this column holds fractions of 1" (`hosts.base.fraction_range`), for the extraction's readings of a
percent and the resolver's range messages: values within 0-1, and a 0/1 flag is no fraction.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes
from simxai.extraction._fractions import fraction_feature
from simxai.hosts.base import FeatureSchema, HostSchema, fraction_range


@pytest.mark.parametrize(
    ("low", "high", "fraction"),
    [(0.05, 0.93, True), (0, 0.5, True), (0.2, 1, True), (0.0, 0.999, True)]
    + [(0, 1, False), (0.0, 1.0, False), (0, 2, False), (-0.1, 0.5, False), (0.5, 0.5, False), (None, 0.5, False)],
)
def test_the_range_of_a_fraction(low: float | None, high: float | None, fraction: bool) -> None:
    assert fraction_range(low, high) is fraction
    assert fraction_feature(FeatureSchema(name="x", type="numeric", min=low, max=high)) is fraction


_RATE = FeatureSchema(name="germination_rate", type="numeric", min=0.35, max=0.99)
_FLAG = FeatureSchema(name="coated", type="numeric", min=0, max=1)
_LOTS = HostSchema(
    name="seeds", kind="tabular", instance_noun="lot", class_names=["a", "b"], features=[_RATE, _FLAG], id_range=(1, 99)
)


def test_a_percent_is_a_fraction_of_a_rate_but_not_of_a_flag() -> None:
    assert extract_changes("what if lot 5 had a germination rate of 90 percent?", _LOTS) == {"germination_rate": 0.9}
    assert extract_changes("what if lot 5 were coated 90 percent?", _LOTS) is None
    assert extract_changes("what if coated were 10 points higher?", _LOTS) == {"coated": "+10"}


def test_the_resolver_calls_a_rate_a_fraction_and_a_flag_not() -> None:
    import numpy as np
    import pandas as pd
    from sklearn.tree import DecisionTreeClassifier

    from simxai.exceptions import ArgumentError
    from simxai.hosts import host_from_model

    rng = np.random.default_rng(0)
    data = pd.DataFrame({"rate": rng.uniform(0.35, 0.99, 60).round(2), "coated": rng.integers(0, 2, 60)})
    data.loc[0, "coated"], data.loc[1, "coated"] = 0, 1
    labels = np.where(data.rate > 0.6, "good", "poor")
    model = DecisionTreeClassifier(random_state=0).fit(data, labels)
    host = host_from_model(model, data.assign(y=labels), name="lots", target="y")
    messages = []
    for condition in ("rate > 5", "coated > 5"):
        with pytest.raises(ArgumentError) as raised:
            host.resolve(condition)
        messages.append(str(raised.value))
    assert "a fraction of 1" in messages[0] and "a fraction of 1" not in messages[1]
