"""What the guard's round test files share, written once: a table row as an output's subject, and the guard's
verdict on a reply.

Each file keeps its own invented host (vocabulary, values, outputs) and its own assertions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simxai.guard import Vocabulary, check_claims

__all__ = ["local_explanation", "passes", "row_subject"]


def row_subject(noun: str, ident: int, values: Mapping[str, Any]) -> dict[str, Any]:
    """One row of the table (`noun ident`, e.g. "loaf 512") as an output's subject, with a copy of `values`."""
    return {
        "kind": "row",
        "description": f"{noun} {ident}",
        "id": ident,
        "values": dict(values),
        "text": None,
        "condition": None,
        "size": 1,
        "ids": None,
        "nouns": None,
    }


def local_explanation(
    subject: dict[str, Any],
    label: str,
    values: Mapping[str, Any],
    contributions: Mapping[str, float],
    base: float,
    output: float,
) -> dict[str, Any]:
    """A SHAP explanation of `label` (also the prediction) for `subject` in probability space, from `base` to
    `output`, with each feature's contribution and its value in `values`.
    """
    return {
        "kind": "local_explanation",
        "subject": subject,
        "label": label,
        "predicted_label": label,
        "probability": output,
        "base_value": base,
        "output": output,
        "output_space": "probability",
        "method": "SHAP KernelExplainer",
        "attributions": [
            {"feature": name, "value": values[name], "contribution": value} for name, value in contributions.items()
        ],
        "recorded_label": None,
    }


def passes(reply: str, outputs: Sequence[dict[str, Any]], vocabulary: Vocabulary) -> bool:
    """Whether the guard finds every claim of `reply` supported by `outputs`."""
    return check_claims(reply, list(outputs), vocabulary=vocabulary).passed
