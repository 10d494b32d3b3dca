"""The invented `ticket` host of guard set J: customer-support tickets resolved or escalated, from a host config.

`load_host()` makes a small synthetic frame of support tickets (seeded), holds out 100 of the 500, fits a seeded
histogram gradient-boosting classifier on the other 400, and builds the host from the model, the frame, the
held-out ids and the fields of its host config with `simxai.hosts.host_from_model` (the same host `--host-config`
would load from those files), so the host's metrics are computed on tickets the model never saw. It follows the
pattern of set I's `host_machine.py`. Nothing here comes from a data set: the domain, its columns and its words
were invented for set J, so that it measures a host nobody trained on.

    python evalsets/guard-2026-12-02j/host_ticket.py     # builds the host and prints its schema
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from simxai.hosts.tabular import TabularHost  # noqa: E402

__all__ = ["TICKET_CONFIG", "load_host"]

#: Tickets held out from fitting (the model's metrics are computed on them).
HELD_OUT = 100

#: The fields of the host config a user would write (the JSON form of its YAML), but for its files.
TICKET_CONFIG: dict[str, Any] = {
    "name": "support tickets",
    "target": "outcome",
    "class_names": {"0": "resolved", "1": "escalated"},
    "instance_noun": "ticket",
    "id_column": "ticket_id",
    "category_names": {
        "channel": {"0": "email", "1": "chat", "2": "phone", "3": "web_form"},
        "product_area": {"0": "billing", "1": "login", "2": "shipping", "3": "api"},
        "priority": {"0": "low", "1": "normal", "2": "urgent"},
    },
    "immutable_features": ["channel", "product_area"],
    "feature_aliases": {
        "first_response_min": ["first response time", "time to first reply", "response delay"],
        "reopen_count": ["reopens", "times reopened", "reopen count"],
        "customer_tenure_months": ["tenure", "customer tenure", "how long they have been a customer"],
        "messages_exchanged": ["messages", "message count", "back-and-forth"],
        "attachments": ["attachments", "files attached"],
        "sentiment_score": ["sentiment", "customer mood", "tone of the messages"],
        "priority": ["priority", "urgency"],
    },
    "seed": 0,
    "cards": {
        "description": "Support tickets of an invented software company, one row per ticket; the label says "
        "whether the ticket was resolved by the first-line team or escalated to a specialist.",
        "feature_descriptions": {
            "channel": "how the customer opened the ticket",
            "product_area": "the part of the product the ticket is about",
            "priority": "the priority set when the ticket was opened",
            "first_response_min": "minutes until the first reply from an agent",
            "reopen_count": "how many times the customer reopened the ticket",
            "customer_tenure_months": "months since the customer signed up",
            "messages_exchanged": "messages exchanged between customer and agents",
            "attachments": "files the customer attached",
            "sentiment_score": "mean sentiment of the customer's messages, -1 (angry) to 1 (happy)",
        },
        "target_description": "whether the ticket was escalated to a specialist team",
        "model_description": "A histogram gradient-boosting classifier (60 iterations, at most 15 leaves per "
        "tree, learning rate 0.1).",
        "training": "Fitted on 400 of the 500 synthetic tickets with a seeded split; 100 are held out.",
        "limitations": [
            "Synthetic tickets, invented for testing; not real support data.",
            "Trained on 400 tickets only: rare combinations (an urgent api ticket opened by web form) are thin.",
        ],
        "label_meanings": {
            "resolved": "the first-line team closed the ticket without escalating it",
            "escalated": "the ticket was handed to a specialist team",
        },
        "probability_meaning": "The boosting model's score for the label (predict_proba); not calibrated.",
    },
}


def _frame() -> Any:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(4301)
    n = 500
    channel = rng.choice(4, n, p=[0.35, 0.3, 0.2, 0.15])
    product_area = rng.choice(4, n, p=[0.3, 0.3, 0.25, 0.15])
    priority = rng.choice(3, n, p=[0.3, 0.5, 0.2])
    frame = pd.DataFrame(
        {
            "ticket_id": np.arange(43001, 43001 + n),
            "channel": channel,
            "product_area": product_area,
            "priority": priority,
            "first_response_min": np.round(rng.gamma(2.0, 45, n), 0),
            "reopen_count": rng.poisson(0.7, n),
            "customer_tenure_months": rng.integers(1, 97, n),
            "messages_exchanged": rng.integers(1, 31, n),
            "attachments": rng.poisson(1.0, n),
            "sentiment_score": np.round(np.clip(rng.normal(0.05, 0.4, n), -1, 1), 2),
        }
    )
    score = (
        0.006 * (frame.first_response_min - 90)
        + 0.8 * (frame.reopen_count - 0.7)
        + 0.09 * (frame.messages_exchanged - 15)
        - 1.6 * frame.sentiment_score
        + 0.7 * (frame.priority == 2)
        + 0.9 * (frame.product_area == 3)
        - 0.3 * (frame.channel == 2)
        + 0.25 * (frame.attachments > 2)
        + rng.normal(0, 0.8, n)
    )
    frame["outcome"] = (score > 0.6).astype(int)
    return frame


def load_host() -> TabularHost:
    """Build the invented ticket host in memory, its model fitted on the 400 outside the held-out 100."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.model_selection import train_test_split

    from simxai.hosts.in_memory import host_from_model

    frame = _frame()
    features = [c for c in frame.columns if c not in ("ticket_id", "outcome")]
    train, test = train_test_split(frame, test_size=HELD_OUT, random_state=0, stratify=frame.outcome)
    model = HistGradientBoostingClassifier(max_iter=60, max_leaf_nodes=15, learning_rate=0.1, random_state=0)
    model.fit(train[features], train.outcome)
    return host_from_model(model, frame, test_ids=sorted(int(i) for i in test.ticket_id), **TICKET_CONFIG)


if __name__ == "__main__":
    schema = load_host().schema()
    print(schema.name, schema.instance_noun, schema.class_names, schema.id_range)
    for feature in schema.features:
        print(" ", feature)
