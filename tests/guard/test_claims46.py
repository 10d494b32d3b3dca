"""The guard's claims-46 readings (helper gfa39), on an invented host of this file's own: a municipal compost site's
batches (classes `accepted` / `held` / `rejected`; features "Pile Temp (°C)", turning_days, carbon_ratio, feed_mass,
and two categorical columns, Feedstock and "Drop-off Site"; instance noun "batch", ids 141101-141400). Each reading
is tested both ways: the faithful reply passes, the same reply with one fact changed is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import GUARD_VERSION, Vocabulary
from tests.guard.helpers import local_explanation, passes, row_subject

FEEDSTOCKS = ["grass clippings", "wood chips", "kitchen scraps"]
SITES = ["north yard", "river depot", "school garden"]
COMPOST = Vocabulary(
    labels=["accepted", "held", "rejected"],
    features=["Pile Temp (°C)", "turning_days", "carbon_ratio", "feed_mass", "Feedstock", "Drop-off Site"],
    aliases={"Pile Temp (°C)": ["pile temperature"], "turning_days": ["turning"], "carbon_ratio": ["carbon ratio"]},
    instance_noun="batch",
    categories={"Feedstock": FEEDSTOCKS, "Drop-off Site": SITES},
)

CHIPS = {
    "Pile Temp (°C)": 58.0,
    "turning_days": 14.0,
    "carbon_ratio": 28.0,
    "feed_mass": 3.2,
    "Feedstock": "wood chips",
    "Drop-off Site": "river depot",
}
SCRAPS = {**CHIPS, "Pile Temp (°C)": 41.0, "Feedstock": "kitchen scraps", "Drop-off Site": "school garden"}


def _prediction(ident: int, values: dict[str, Any], label: str, shares: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": row_subject("batch", ident, values),
        "label": label,
        "probabilities": shares,
        "label_counts": None,
        "true_label": label,
    }


HELD = _prediction(141120, CHIPS, "held", {"accepted": 0.27, "held": 0.61, "rejected": 0.12})
ACCEPTED = _prediction(141130, CHIPS, "accepted", {"accepted": 0.82, "held": 0.1, "rejected": 0.08})
REJECTED = _prediction(141140, SCRAPS, "rejected", {"accepted": 0.2, "held": 0.25, "rejected": 0.55})
SURE = _prediction(141150, CHIPS, "accepted", {"accepted": 0.983, "held": 0.012, "rejected": 0.005})


def test_the_version_names_this_round() -> None:
    assert GUARD_VERSION.startswith("claims-")


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Batch 141120, wood chips from the river depot: held, 61 %.", True),
        ("Batch 141120, kitchen scraps from the river depot: held, 61 %.", False),
        ("Batch 141120, wood-chip feed dropped at the school garden: held, 61 %.", False),
        # set against another value or supposed: no description of the batch
        ("Batch 141120 is held at 61 %; kitchen scraps instead of wood chips might change that.", True),
        ("Batch 141120 is held at 61 %, not rejected like the kitchen scraps usually are.", True),
    ],
)
def test_a_category_said_of_a_subject_must_be_its_own(reply: str, ok: bool) -> None:
    assert passes(reply, [HELD], COMPOST) is ok


def test_a_category_in_the_users_words_is_theirs() -> None:
    from simxai.guard import check_claims

    reply = "Batch 141120, kitchen scraps from the river depot: held, 61 %."
    assert not check_claims(reply, [HELD], vocabulary=COMPOST).passed
    assert check_claims(reply, [HELD], vocabulary=COMPOST, context="and if it were kitchen scraps?").passed


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("141130 accepted (0.82), 141140 rejected (0.55): the acceptance is the surer call.", True),
        ("141130 accepted (0.82), 141140 rejected (0.55): the rejection is the surer call.", False),
        ("Accepted at 82 %, rejected at 55 %: the wood-chip batch is the surer of the two.", True),
        ("Accepted at 82 %, rejected at 55 %: the kitchen-scraps batch is the surer of the two.", False),
        ("Accepted at 82 %, rejected at 55 %: the 41-degree pile is the surer of the two.", False),
        ("141130 is called accepted with more confidence than 141140 is called rejected.", True),
        ("141140 is called rejected with more confidence than 141130 is called accepted.", False),
        ("Accepted at 82 %, rejected at 55 %. 141130 is the clearer call.", True),
        ("Accepted at 82 %, rejected at 55 %. 141140 is the clearer call.", False),
    ],
)
def test_sureness_compared_by_a_class_noun_a_subjects_own_value_or_more_confidence(reply: str, ok: bool) -> None:
    assert passes(reply, [ACCEPTED, REJECTED], COMPOST) is ok


def _performance(matrix: list[list[int]], label: str | None = None, value: float | None = None) -> dict[str, Any]:
    return {
        "kind": "performance",
        "metric": "recall" if label else "all",
        "label": label,
        "labels": ["accepted", "held", "rejected"],
        "confusion_matrix": matrix,
        "metrics": {"accuracy": 0.79, "precision": 0.72, "recall": 0.71, "f1": 0.71, "roc_auc": 0.88},
        "value": value,
        "n": 39,
        "nouns": "batches",
        "split": "held-out split",
        "group": None,
    }


MATRIX = _performance([[20, 2, 1], [3, 5, 0], [1, 1, 6]])  # recall: accepted .87, held .625, rejected .75
ALL_FOUND = _performance([[20, 2, 1], [3, 5, 0], [0, 0, 8]])
REJECTED_RECALL = {**_performance([[20, 2, 1], [3, 5, 0], [1, 1, 6]], "rejected", 0.75), "confusion_matrix": None}


@pytest.mark.parametrize(
    ("reply", "outputs", "ok"),
    [
        ("Per class, recall is best for accepted and worst for held.", [MATRIX], True),
        ('Per class, recall is best for "held" and worst for "accepted".', [MATRIX], False),
        ("Accepted has the highest recall of the three classes.", [MATRIX], True),
        ("Held has the highest recall of the three classes.", [MATRIX], False),
        ("It finds all 8 of the rejections among the held-out batches.", [ALL_FOUND], True),
        ("It finds all 8 of the rejections among the held-out batches.", [MATRIX], False),
        ("It never calls a held batch rejected.", [MATRIX], True),
        ("It never calls a rejected batch held.", [MATRIX], False),
        ("Of the batches that really were rejected, the model flags about 75 %.", [REJECTED_RECALL], True),
        ("Of the batches that really were rejected, the model flags about 89 %.", [REJECTED_RECALL], False),
    ],
)
def test_a_class_recall_said_in_words_is_read_from_the_matrix(reply: str, outputs: list[Any], ok: bool) -> None:
    assert passes(reply, outputs, COMPOST) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Batch 141120: carbon ratio 28, some 3.2k of feed in the pile. Held, 61 %.", True),
        ("Batch 141120: carbon ratio 28, some 3.9k of feed in the pile. Held, 61 %.", False),
        ("Batch 141120: carbon ratio 3.2k. Held, 61 %.", False),  # the name right before: its own number
    ],
)
def test_a_number_in_thousands_after_a_features_own_number_is_another_fields(reply: str, ok: bool) -> None:
    assert passes(reply, [HELD], COMPOST) is ok


def _what_if(feature: str, old: float, new: float, before: dict[str, float], after: dict[str, float]) -> dict[str, Any]:
    return {
        "kind": "what_if",
        "subject": row_subject("batch", 141120, CHIPS),
        "changes": [{"feature": feature, "old": old, "new": new}],
        "old_label": max(before, key=lambda k: before[k]),
        "new_label": max(after, key=lambda k: after[k]),
        "old_probabilities": before,
        "new_probabilities": after,
        "old_label_counts": None,
        "new_label_counts": None,
        "note": None,
    }


LONGER = _what_if(
    "turning_days",
    14.0,
    24.0,
    {"accepted": 0.27, "held": 0.43, "rejected": 0.30},
    {"accepted": 0.35, "held": 0.45, "rejected": 0.20},
)


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("After adding 10 days of turning the batch stays held (43 % → 45 %).", True),
        ("After adding 10 days of turning the batch stays held (43 % → 48 %).", False),
        ("Ten more days of turning cut the rejection risk by about a third (0.30 → 0.20); held stays the call.", True),
        ("Ten more days of turning cut the rejection risk by about half (0.30 → 0.20); held stays the call.", False),
    ],
)
def test_amounts_said_by_adding_and_a_probabilitys_relative_move(reply: str, ok: bool) -> None:
    assert passes(reply, [LONGER], COMPOST) is ok


LOCAL = local_explanation(
    row_subject("batch", 141120, CHIPS),
    "held",
    CHIPS,
    {"Pile Temp (°C)": 0.30, "carbon_ratio": 0.12, "turning_days": 0.10, "feed_mass": 0.02},
    0.33,
    0.61,
)


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Pile temperature matters most (0.30); carbon ratio and turning are about a third as important.", True),
        ("Pile temperature matters most (0.30); carbon ratio comes third.", False),
    ],
)
def test_a_fraction_said_with_an_ordinal_is_no_rank(reply: str, ok: bool) -> None:
    assert passes(reply, [LOCAL], COMPOST) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Accepted, almost surely: fewer than 2 chances in 100 that anyone holds it back.", True),
        ("Accepted, almost surely: about 5 chances in 100 that anyone holds it back.", False),
        ("Accepted, 0.98; the chance its pile goes sour is put at about 1 %.", True),
        ("Accepted, 0.98; the chance its pile goes sour is put at about 9 %.", False),
    ],
)
def test_chances_in_figures_and_an_outcome_said_of_its_owner(reply: str, ok: bool) -> None:
    assert passes(reply, [SURE], COMPOST) is ok


@pytest.mark.parametrize(
    ("reply", "ok"),
    [
        ("Batch 141130: accepted at 82 %, with the rest split between held and rejected.", True),
        ("Batch 141130: accepted at 82 %, with the rest split between held and composted.", False),
        ("Accepted, held, or rejected when the pile is too cold.", True),
        ("Accepted, held, or sent back when the pile is too cold.", False),
        ("Three outcomes: accepted, held, or forwarded to another site.", False),
    ],
)
def test_lists_and_splits_of_the_classes_hold_only_classes(reply: str, ok: bool) -> None:
    assert passes(reply, [ACCEPTED], COMPOST) is ok
