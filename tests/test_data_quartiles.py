"""A number feature's median and quartiles in the data summary (twenty-eighth round).

`get_data_information` with a feature gives its median and quartiles over the rows described (the whole data or a
group), beside its range, mean and standard deviation; the rendered summary says them; the guard checks a median or
quartile said by name against the feature's own (a mean said as the median is caught); the router answers "no, I
meant the median" after a data summary with that summary again, and says plainly that another percentile is not given.
The host is invented here: a cheese cave's wheels (`ready` / `early`), our own wording.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.linear_model import LogisticRegression

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.functions import get_data_information
from simxai.guard import Vocabulary, check_claims
from simxai.hosts import host_from_model

FEATURES = ["cave_temp_c", "age_weeks", "rind_ph"]


@pytest.fixture(scope="module")
def cave():
    rng = np.random.default_rng(28)
    n = 160
    data = pd.DataFrame(
        {
            "wheel_id": np.arange(7001, 7001 + n),
            "cave_temp_c": rng.normal(11.0, 1.5, n).round(1),
            "age_weeks": rng.integers(4, 60, n),
            "rind_ph": rng.normal(5.8, 0.3, n).round(2),
        }
    )
    data["state"] = (data.age_weeks + rng.normal(0, 8, n) > 30).map({True: "ready", False: "early"})
    model = LogisticRegression(max_iter=500).fit(data[FEATURES], data.state)
    host = host_from_model(
        model,
        data,
        name="cheese cave",
        target="state",
        instance_noun="wheel",
        id_column="wheel_id",
        feature_aliases={"cave_temp_c": ["cave temperature"]},
    )
    return host, data


def test_the_feature_asked_about_has_its_median_and_quartiles(cave) -> None:
    host, data = cave
    card = get_data_information(host, feature="age_weeks")
    assert card.feature is not None
    assert card.feature.median == pytest.approx(float(data.age_weeks.median()))
    assert card.feature.q1 == pytest.approx(float(data.age_weeks.quantile(0.25)))
    assert card.feature.q3 == pytest.approx(float(data.age_weeks.quantile(0.75)))
    # the card's list of every feature keeps its range, mean and deviation only
    assert all(f.median is None for f in card.features)
    assert f"median {card.feature.median:g}" in card.render()


def test_a_group_has_the_median_of_its_own_rows(cave) -> None:
    host, data = cave
    card = get_data_information(host, feature="rind_ph", group="cave_temp_c > 12")
    rows = data.rind_ph[data.cave_temp_c > 12]
    assert card.n_rows == len(rows)
    assert card.feature is not None and card.feature.median == pytest.approx(float(rows.median()))
    assert "median" in card.render() and "quartiles" in card.render()


def test_the_guard_checks_a_median_and_a_quartile_by_name(cave) -> None:
    host, _ = cave
    card = get_data_information(host, feature="age_weeks").model_dump()
    f = card["feature"]
    vocabulary = Vocabulary(labels=["ready", "early"], features=FEATURES, instance_noun="wheel")

    def passes(reply: str) -> bool:
        return check_claims(reply, [card], vocabulary=vocabulary).passed

    assert passes(f"The median age_weeks is {f['median']:g}, and the upper quartile of age_weeks is {f['q3']:g}.")
    assert not passes(f"The median age_weeks is {f['mean']:.2f}.")  # the mean said as the median
    assert not passes(f"For age_weeks, the lower quartile is {f['q3']:g}.")  # the upper one said as the lower


async def _send(host, *turns: str):
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(turn) for turn in turns]


async def test_no_i_meant_the_median_is_the_last_summary_again(cave) -> None:
    host, data = cave
    _, turn = await _send(host, "what's the average cave temperature of wheels older than 40 weeks?", "no, the median")
    [call] = turn.calls
    assert call.function == "get_data_information"
    assert call.arguments == {"feature": "cave_temp_c", "group": "age_weeks > 40"}
    assert call.output["feature"]["median"] == pytest.approx(float(data.cave_temp_c[data.age_weeks > 40].median()))


async def test_a_percentile_the_summary_lacks_is_said_plainly(cave) -> None:
    host, _ = cave
    _, turn = await _send(host, "describe rind_ph", "what about its 95th percentile?")
    assert not turn.calls
    assert "cannot give the percentile of rind_ph" in turn.reply
