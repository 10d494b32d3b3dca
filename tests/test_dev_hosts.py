"""The invented insurance host of `bench/dev_hosts.py` scores its model on members the model never saw."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from sklearn.ensemble import RandomForestClassifier

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from dev_hosts import INSURANCE_CONFIG, TEST_SIZE, load_insurance_host  # noqa: E402
from dev_hosts import _frame as members  # noqa: E402


def test_the_insurance_model_never_saw_the_held_out_members() -> None:
    host = load_insurance_host()
    data = members()
    features = [c for c in data.columns if c not in ("member_id", "tier")]
    assert len(host.test_ids) == round(TEST_SIZE * len(data)) and not set(host.test_ids) & set(host.train_ids)
    # Refitting on the host's training rows alone gives the shipped model back, tree for tree.
    refit = RandomForestClassifier(n_estimators=40, random_state=0).fit(
        data[features].iloc[host.train_ids], data.tier.iloc[host.train_ids]
    )
    np.testing.assert_array_equal(refit.predict_proba(data[features]), host.model.predict_proba(data[features]))
    # The held-out figure is the model's accuracy on those rows, not on the rows it was fitted on.
    held_out = host.performance("accuracy")
    rows = data.iloc[host.test_ids]
    assert held_out.value == float(np.mean(host.model.predict(rows[features]) == rows.tier))
    assert f"seed {INSURANCE_CONFIG['seed']}" in host.model_information().training
