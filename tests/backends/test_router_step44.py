"""Round 44 (step44), on an invented bicycle repair shop (repair jobs: keep / scrap), in our own wording: a True/False
feature said as an adjective ("unserviced", "non-serviced", "not insured", "serviced bikes") names its group.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.backends._router_state_readings import boolean_group
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import calls, logistic_host, route, talk

JOBS = HostSchema(
    name="bicycle repair shop",
    kind="tabular",
    instance_noun="job",
    class_names=["keep", "scrap"],
    features=[
        FeatureSchema(name="frame_kg", type="numeric", min=1, max=40, aliases=["frame weight"]),
        FeatureSchema(name="serviced", type="categorical", categories=["False", "True"]),
        FeatureSchema(name="insured", type="categorical", categories=["no", "yes"]),
        FeatureSchema(name="style", type="categorical", categories=["road", "gravel", "city"]),
        FeatureSchema(name="owner_visits", type="numeric", min=0, max=12),
        FeatureSchema(name="commuter", type="categorical", categories=["No", "Yes"]),
    ],
    id_range=(7001, 7300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- 2. a True/False feature said as an adjective ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("what is the accuracy on unserviced bikes?", "serviced = False"),
        ("precision for the non-serviced ones", "serviced = False"),
        ("how accurate is it on bikes not insured?", "insured = no"),
        ("recall on uninsured bikes please", "insured = no"),
        ("what is the accuracy on serviced bikes?", "serviced = True"),
        ("how does it score on insured bikes", "insured = yes"),
    ],
)
def test_a_boolean_adjective_names_its_group(router: RouterBackend, text: str, group: str) -> None:
    _, routed = route(router, text, JOBS)
    assert [(name, arguments.get("group")) for name, arguments in routed] == [("get_model_performance", group)]


def test_the_plural_of_a_negated_name_names_the_false_group() -> None:
    assert boolean_group("how accurate is it for non-commuters", JOBS) == "commuter = No"
    assert boolean_group("recall on the noncommuters", JOBS) == "commuter = No"


@pytest.mark.parametrize(
    "text",
    [
        "accuracy on non-road bikes",
        "accuracy on unstyled bikes",
        "what if job 7012 were serviced bikes",
        "how many visits",
    ],
)
def test_no_group_from_a_numeric_or_categorical_feature_or_a_supposition(text: str) -> None:
    assert boolean_group(text, JOBS) is None


def _jobs() -> pd.DataFrame:
    rng = np.random.default_rng(44)
    n = 160
    frame = pd.DataFrame(
        {
            "job_no": np.arange(7001, 7001 + n),
            "frame_kg": np.round(rng.uniform(8, 30, n), 1),
            "serviced": rng.choice([True, False], n),
        }
    )
    score = 0.2 * (frame.frame_kg - 19) + np.where(frame.serviced, -1.0, 1.0) + rng.normal(0, 1, n)
    frame["outcome"] = np.where(score > 0, "scrap", "keep")
    return frame


@pytest.fixture(scope="module")
def shop() -> Any:
    config = {"name": "bicycle repair shop", "target": "outcome", "instance_noun": "job", "id_column": "job_no"}
    return logistic_host(_jobs(), ["frame_kg"], "serviced", "outcome", config)


def test_the_engine_scores_the_group_a_boolean_adjective_names(shop: Any, router: RouterBackend) -> None:
    (turn,) = asyncio.run(talk(shop, router, "what is the accuracy on unserviced bikes?"))
    assert calls(turn) == [("get_model_performance", {"metric": "accuracy", "group": "serviced = False"})]
