"""The invented `transaction` host of guard set H: card transactions screened for fraud, built from a host config.

`load_host()` makes a small synthetic frame of card transactions (seeded), holds out 100 of the 500, fits a seeded
random forest on the other 400, builds the host from the model, the frame, the held-out ids and the fields of its host
config with `simxai.hosts.host_from_model` (the same host `--host-config` would load from those files), so the host's
metrics are computed on transactions the model never saw. It follows the pattern of set G's `host_well.py`. Nothing
here comes from a data set: the domain, its columns and its words were invented for set H, so that it measures a host
nobody trained on.

    python evalsets/guard-2026-12-02h/host_transaction.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TRANSACTION_CONFIG", "load_host"]

#: Transactions held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TRANSACTION_CONFIG: dict[str, Any] = {
    "name": "card transactions",
    "target": "fraud",
    "class_names": {"0": "legitimate", "1": "fraudulent"},
    "instance_noun": "transaction",
    "id_column": "transaction_id",
    "category_names": {
        "merchant_category": {
            "0": "grocery",
            "1": "electronics",
            "2": "travel",
            "3": "restaurant",
            "4": "online_gaming",
        },
        "channel": {"0": "chip_and_pin", "1": "contactless", "2": "online"},
    },
    "immutable_features": ["merchant_category", "channel"],
    "feature_aliases": {
        "amount_eur": ["amount", "payment amount", "charge amount", "how much"],
        "hours_since_last": ["hours since the last purchase", "time since last purchase", "gap since last purchase"],
        "distance_from_home_km": ["distance from home", "how far from home", "distance"],
        "hour_of_day": ["time of day", "hour"],
        "card_age_months": ["card age", "age of the card"],
        "tx_last_24h": ["transactions in the last day", "recent transactions", "purchases in the last 24 hours"],
        "failed_pin_attempts": ["failed PIN attempts", "wrong PINs"],
        "merchant_risk_score": ["merchant risk", "merchant risk score"],
    },
    "seed": 0,
    "cards": {
        "description": "Card payments of an invented bank, one row per transaction; the label says whether the "
        "charge was later confirmed as fraud.",
        "feature_descriptions": {
            "merchant_category": "the kind of merchant charged",
            "channel": "how the card was used (chip and PIN, contactless or online)",
            "amount_eur": "amount of the charge in euros",
            "hours_since_last": "hours since the card's previous purchase",
            "distance_from_home_km": "distance between the merchant and the cardholder's home in km",
            "hour_of_day": "local hour of the payment (0-23)",
            "card_age_months": "months since the card was issued",
            "tx_last_24h": "number of payments on the card in the 24 hours before",
            "failed_pin_attempts": "failed PIN entries before the payment",
            "merchant_risk_score": "the bank's risk score of the merchant, 0 to 1",
        },
        "target_description": "whether the transaction was confirmed as fraudulent",
        "model_description": "A random forest of 150 trees with at most 6 levels.",
        "training": "Fitted on 400 of the 500 synthetic transactions with random_state=0; 100 are held out.",
        "limitations": ["Synthetic transactions, invented for testing; not real payment data."],
        "label_meanings": {
            "legitimate": "the cardholder made the payment",
            "fraudulent": "the payment was confirmed as fraud",
        },
        "probability_meaning": "The share of the forest's trees voting for the label, averaged over trees.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2702)
    n = 500
    category = rng.choice(5, n, p=[0.3, 0.2, 0.15, 0.25, 0.1])
    channel = rng.choice(3, n, p=[0.35, 0.35, 0.3])
    frame = pd.DataFrame(
        {
            "transaction_id": np.arange(27001, 27001 + n),
            "merchant_category": category,
            "channel": channel,
            "amount_eur": np.round(rng.lognormal(3.6, 1.0, n), 2),
            "hours_since_last": np.round(rng.gamma(1.3, 14, n), 1),
            "distance_from_home_km": np.round(rng.gamma(1.1, 40, n), 1),
            "hour_of_day": rng.integers(0, 24, n),
            "card_age_months": rng.integers(1, 120, n),
            "tx_last_24h": rng.poisson(2.5, n),
            "failed_pin_attempts": rng.choice(4, n, p=[0.8, 0.12, 0.05, 0.03]),
            "merchant_risk_score": np.round(rng.beta(2, 5, n), 2),
        }
    )
    night = (frame.hour_of_day < 6).astype(float)
    score = (
        0.9 * np.log1p(frame.amount_eur / 40)
        + 0.006 * frame.distance_from_home_km
        - 0.02 * frame.hours_since_last
        + 0.8 * night
        - 0.012 * frame.card_age_months
        + 0.25 * frame.tx_last_24h
        + 0.7 * frame.failed_pin_attempts
        + 2.5 * (frame.merchant_risk_score - 0.28)
        + 0.6 * (frame.merchant_category == 4)
        + 0.4 * (frame.merchant_category == 1)
        + 0.5 * (frame.channel == 2)
        + rng.normal(0, 0.6, n)
    )
    frame["fraud"] = (score > 2.0).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented transaction host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import train_test_split

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("transaction_id", "fraud")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.fraud)
    model = RandomForestClassifier(n_estimators=150, max_depth=6, random_state=0)
    model.fit(train[features], train.fraud)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.transaction_id), **TRANSACTION_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
