"""False alarms on new writers (claims-38, helper gfa31), on an invented host of this file's own: sourdough loaves
from a village bakery (classes `risen` / `flat`, features proof_hours, hydration_pct, starter_g, noun "loaf").

Each reading is tested both ways: the faithful reply passes, the same reply with one fact wrong is flagged.

- two subjects named together, then their shares or parts in the same order ("... respectively", "(x and y)",
  "the first ..., the second ...", "one ..., the other ...");
- a fraction right after an arrow's class ("→ risen .507") is that class's probability, not the feature's;
- a bound said as where the call changes ("only a proof under 6 h would change it", "keep the hydration from
  falling under 62") is the other side of the kept range;
- a count heading a list of the classes ("Two outcomes, risen and flat") names no class.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary
from simxai.guard._pair_order import ordered_pairs
from tests.guard.helpers import passes, row_subject

LOAVES = Vocabulary(
    labels=["risen", "flat"],
    features=["proof_hours", "hydration_pct", "starter_g"],
    aliases={"proof_hours": ["proof", "proofing time"], "hydration_pct": ["hydration"], "starter_g": ["starter"]},
    instance_noun="loaf",
)


def _subject(ident: int, proof: float = 9.0) -> dict[str, Any]:
    return row_subject("loaf", ident, {"proof_hours": proof, "hydration_pct": 70.0, "starter_g": 120.0})


def _prediction(ident: int, risen: float, recorded: str | None = None) -> dict[str, Any]:
    probabilities = {"risen": risen, "flat": round(1 - risen, 6)}
    return {
        "kind": "prediction",
        "subject": _subject(ident),
        "label": max(probabilities, key=lambda k: probabilities[k]),
        "probabilities": probabilities,
        "label_counts": None,
        "true_label": recorded,
    }


def _passed(reply: str, outputs: list[dict[str, Any]]) -> bool:
    return passes(reply, outputs, LOAVES)


TWO = [_prediction(311, 0.895, "risen"), _prediction(412, 0.813, "risen")]


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Bake log, loaves 311 and 412: both risen, scores 0.895 and 0.813 respectively."),
        (True, "311 and 412 are both risen calls (89.5 % and 81.3 %); both matched the bench."),
        (True, "Loaves 311 and 412: the first risen at 89.5 %, the second risen at 81.3 %."),
        (True, "Compare 311 and 412: one risen at 89.5 %, the other risen at 81.3 %."),
        # the two subjects' shares swapped: each is now checked against its own subject, so flagged
        (False, "Bake log, loaves 311 and 412: both risen, scores 0.813 and 0.895 respectively."),
        (False, "Loaves 311 and 412: the first risen at 81.3 %, the second risen at 89.5 %."),
        (False, "Compare 311 and 412: one risen at 81.3 %, the other risen at 89.5 %."),
    ],
)
def test_two_subjects_then_their_parts_in_order(faithful: bool, reply: str) -> None:
    assert _passed(reply, TWO) == faithful, reply


def test_pairs_in_order_are_written_with_their_ids() -> None:
    said = ordered_pairs("loaves 311 and id 412: scores 0.895 and 0.813 respectively.", [311, 412])
    assert "id 311 0.895 and id 412 0.813" in said
    said = ordered_pairs("311 and 412: one risen, the other flat.", [311, 412])
    assert "id 311 risen, id 412 flat" in said
    # a number that is no subject's id, or a pair of plain counts, is left as it was
    assert ordered_pairs("311 and 999: scores 0.895 and 0.813 respectively.", [311, 412]).endswith(
        "0.895 and 0.813 respectively."
    )
    assert ordered_pairs("311 and 412 have 3 and 4 folds.", [311, 412]) == "311 and 412 have 3 and 4 folds."
    # one subject only: nothing to place
    assert ordered_pairs("311 and 412: the first, the second", [311]) == "311 and 412: the first, the second"


WHAT_IF = {
    "kind": "what_if",
    "subject": _subject(311),
    "changes": [{"feature": "proof_hours", "old": 9.0, "new": 5.7, "decimals": 1}],
    "old_label": "flat",
    "new_label": "risen",
    "old_probabilities": {"flat": 0.62, "risen": 0.38},
    "new_probabilities": {"flat": 0.493, "risen": 0.507},
    "old_label_counts": None,
    "new_label_counts": None,
    "note": None,
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Loaf 311 — flat at a 9 h proof. At proof 5.7 → risen .507."),
        (True, "Loaf 311: proof 9 → 5.7 ⇒ risen 0.507 (was 0.38)."),
        (False, "Loaf 311 — flat at a 9 h proof. At proof 5.7 → risen .607."),  # the outcome's share drifted
        (False, "Loaf 311 — flat at a 9 h proof. At proof 5.7 → flat .507."),  # the other class's share
    ],
)
def test_a_fraction_after_an_arrows_class_is_its_probability(faithful: bool, reply: str) -> None:
    assert _passed(reply, [WHAT_IF]) == faithful, reply


KEPT = {
    "kind": "still_this",
    "subject": {**_subject(311), "values": {"proof_hours": 9.0, "hydration_pct": 70.0, "starter_g": 120.0}},
    "label": "risen",
    "probability": 0.91,
    "ranges": [
        {"feature": "proof_hours", "current": 9.0, "low": 6.0, "high": 14.0, "categories": None},
        {"feature": "hydration_pct", "current": 70.0, "low": 62.0, "high": 80.0, "categories": None},
        {"feature": "starter_g", "current": 120.0, "low": 50.0, "high": 200.0, "categories": None},
    ],
    "kept_edits": [],
    "samples_checked": 90,
    "samples_kept": 90,
    "method": "one feature at a time",
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Loaf 311's risen call is solid; only a proof under 6 hours would change it."),
        (True, "Loaf 311 stays risen. Just keep the hydration from falling under 62."),
        (True, "Loaf 311 stays risen while the hydration stays above 62."),  # read as before
        # the bound on the wrong side of today's value, said either way: flagged
        (False, "Loaf 311's risen call is solid; only a proof above 6 hours would change it."),
        (False, "Loaf 311 stays risen. Just keep the hydration from rising above 62."),
        (False, "Loaf 311 stays risen while the hydration stays below 62."),
    ],
)
def test_a_bound_where_the_call_changes_is_the_other_side(faithful: bool, reply: str) -> None:
    assert _passed(reply, [KEPT]) == faithful, reply


OUTPUT_INFO = {
    "kind": "output_information",
    "labels": ["risen", "flat"],
    "probability": "the share of trees that vote for each class",
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Two outcomes, risen and flat; the numbers are the forest's own votes."),
        (True, "Handover: two outcomes only, risen or flat, and the two shares sum to one."),
        (False, "Outcomes: risen, flat and sunken; the numbers are the forest's own votes."),  # an invented class
    ],
)
def test_a_count_heading_the_classes_is_no_class(faithful: bool, reply: str) -> None:
    assert _passed(reply, [OUTPUT_INFO]) == faithful, reply
