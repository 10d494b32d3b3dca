"""The server's default budget lets a model-agnostic (kernel SHAP) explanation of one row finish.

Found by serving an own Pipeline(StandardScaler, SVC(probability=True)) on 12 features and, before the fast
explainers, the bundled loan host: "why?" on the page answered "get_local_explanation failed: the call needed
more than its budget of 50000 model evaluations", since one kernel explanation evaluates up to
1,024 coalitions x 100 background rows = 102,400 inputs.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsClassifier

from simxai.backends import load_backend
from simxai.hosts._tabular_shap import KERNEL_EVALUATIONS
from simxai.hosts.tabular import TabularHost
from simxai.server.app import create_app
from simxai.server.settings import ServerSettings

from .helpers import serving


class _UnwarmedHost(TabularHost):
    """A tabular host without start-up work: the warm-up's global kernel explanation of the whole table (about
    50 s of CPU, finished before the app can stop) is not under test here, only the one served row."""

    def warm(self, progress: Callable[[str, int, int], None] | None = None) -> None:
        """Nothing to compute before the first question."""


def _kernel_host(features: int = 12) -> TabularHost:
    """A model no fast explainer covers (k nearest neighbours), with more features than exact Shapley allows."""
    rng = np.random.default_rng(0)
    data = pd.DataFrame({f"f{i}": rng.normal(size=300).round(3) for i in range(features)})
    data["label"] = np.where(data.f0 + data.f1 > 0, "high", "low")
    model = KNeighborsClassifier(5).fit(data.drop(columns="label"), data.label)
    return _UnwarmedHost(model, data, "label", name="wide", instance_noun="case")


def test_the_default_budget_covers_one_kernel_explanation_with_the_default_background():
    assert ServerSettings().call_evaluations >= KERNEL_EVALUATIONS * 100  # the default background_size


async def test_a_kernel_explanation_of_one_row_is_served_with_the_default_evaluation_budget(db_path):
    host = _kernel_host()
    assert 2**12 - 2 > KERNEL_EVALUATIONS  # sampled coalitions: the costly case
    # The default evaluation budget is under test; the time budget is lifted so a busy machine cannot fail it.
    settings = ServerSettings(db_path=db_path, call_seconds=600)
    app = create_app(settings, host=host, backend=load_backend("router"))
    async with serving(app) as client:
        response = await client.post("/v1/functions/get_local_explanation", json={"instance": 3})
    assert response.status_code == 200, response.text
    assert response.json()["kind"] == "local_explanation"
