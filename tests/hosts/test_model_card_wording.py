"""The generated model card of a user's own model reads as one statement, not the type twice.

Found on an own HistGradientBoostingClassifier through `--host-config` with no model card texts: "The model is
a HistGradientBoostingClassifier. A HistGradientBoostingClassifier classifier that predicts churn ...
Training: Its performance is measured on ...".
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier

from simxai.hosts.tabular import TabularHost


def _host(**options: Any) -> TabularHost:
    rng = np.random.default_rng(0)
    data = pd.DataFrame({"tenure": rng.integers(1, 72, 200), "calls": rng.poisson(2, 200)})
    data["churn"] = np.where(data.calls * 10 > data.tenure, "churned", "stayed")
    model = HistGradientBoostingClassifier(max_iter=20).fit(data[["tenure", "calls"]], data.churn)
    return TabularHost(model, data, "churn", name="churn", instance_noun="customer", background_size=20, **options)


def test_a_model_card_without_texts_names_the_type_once_and_says_training_is_not_described() -> None:
    info = _host().model_information()
    reply = info.render()
    assert reply.count("HistGradientBoostingClassifier") == 1
    assert "classifier classifier" not in reply.lower()
    assert info.description == "It predicts churn (churned, stayed) from 2 features."
    assert info.training.startswith("not described. Its performance is measured on a held-out split of ")
    assert "Training: not described. Its performance" in reply


def test_held_out_rows_given_by_the_user_are_named_as_theirs() -> None:
    reply = _host(test_ids=list(range(150, 200))).model_information().render()
    assert "a held-out split of 50 of the 200 customers (the rows given as held out)" in reply, reply
    assert "provider" not in reply
