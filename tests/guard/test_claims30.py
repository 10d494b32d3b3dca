"""The guard's claims-30 work (helper guard31), on an invented host of this file's own: a lighthouse's lamps
(classes `lit` / `dark`, features wick_hours, oil_level_pct and lens_cracks).

- policy A, flagging only sure bindings (`check_claims(sure_only=True)`, `simxai.guard._sure`): an unsupported
  number whose field is named nowhere, or named before its segment, or whose subject is a guess, goes to
  `unchecked` with the reason; a number beside its field's name still flags. Off by default.
- the end of a kept range a bound names (`_kept_bounds`): "stays lit as long as the wick stays under 40 hours" when
  the range that keeps the label runs from 40 hours up is the wrong end.
"""

from __future__ import annotations

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._kept_bounds import kept_bound_claims
from simxai.guard._sure import SURE_ONLY, unsure_mechanism

LAMPS = Vocabulary(
    labels=["lit", "dark"],
    features=["wick_hours", "oil_level_pct", "lens_cracks"],
    aliases={"wick_hours": ["wick", "wick turning hours"], "oil_level_pct": ["oil level"], "lens_cracks": ["cracks"]},
    instance_noun="lamp",
)


def _lamp(lamp: int, wick: float, oil: float, cracks: float) -> dict:
    return {
        "kind": "row",
        "description": f"lamp {lamp}",
        "id": lamp,
        "values": {"wick_hours": wick, "oil_level_pct": oil, "lens_cracks": cracks},
    }


KEPT = {
    "kind": "still_this",
    "subject": {**_lamp(7, 52.0, 64.0, 1.0), "text": None, "condition": None, "size": 1, "ids": None},
    "label": "lit",
    "probability": 0.91,
    "ranges": [
        {"feature": "wick_hours", "current": 52.0, "low": 40.0, "high": 96.0, "categories": None},
        {"feature": "oil_level_pct", "current": 64.0, "low": 12.0, "high": 64.0, "categories": None},
        {"feature": "lens_cracks", "current": 1.0, "low": 0.0, "high": 5.0, "categories": None},
    ],
    "kept_edits": [],
    "samples_checked": 120,
    "samples_kept": 120,
    "method": "one feature at a time",
}

PREDICTION = {
    "kind": "prediction",
    "subject": _lamp(7, 52.0, 64.0, 1.0),
    "label": "lit",
    "probability": 0.91,
    "probabilities": {"lit": 0.91, "dark": 0.09},
}


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Lamp 7 stays lit as long as the wick stays at 40 hours or more."),
        (True, "Lamp 7 stays lit while its wick is at most 96 hours."),
        (True, "Keeper's log: lamp 7 keeps burning lit as long as the oil level stays under 64 %."),
        (True, "Lamp 7 stays lit with 5 cracks or fewer in the lens."),
        (True, "Lamp 7 stays lit; its wick just cannot go below 40 hours."),
        (False, "Lamp 7 stays lit; its wick just cannot go above 40 hours."),
        (False, "Lamp 7 stays lit as long as the wick stays under 40 hours."),
        # a change word inside a feature's name is no change
        (False, "Lamp 7 stays lit while its wick turning hours stay at 40 or fewer."),
        (False, "Lamp 7 stays lit while its wick is at 96 hours or over."),
        (False, "Keeper's log: lamp 7 stays lit as long as its oil level stays above 64 %."),
        (False, "Lamp 7 stays lit with at least 5 cracks in the lens."),
    ],
)
def test_a_bound_names_the_right_end_of_a_kept_range(faithful: bool, reply: str) -> None:
    report = check_claims(reply, [KEPT], vocabulary=LAMPS)
    assert report.passed is faithful, report


def test_a_number_of_neither_end_or_of_no_kept_feature_is_no_claim() -> None:
    kept = {"wick_hours": (40.0, 52.0, 96.0), "lens_cracks": (2.0, 2.0, 2.0)}
    features = {"wick": "wick_hours", "wick_hours": "wick_hours", "cracks": "lens_cracks"}
    assert list(kept_bound_claims("the wick stays under 70 hours", kept, features, ())) == []
    assert list(kept_bound_claims("the cracks stay under 2", kept, features, ())) == []  # both ends: no claim
    assert list(kept_bound_claims("it stays under 40 hours", kept, features, ())) == []  # no feature named
    # where the label is lost, not where it is kept: the range's edge said of a change is not read
    assert list(kept_bound_claims("let the wick drop below 40 hours and it may change", kept, features, ())) == []
    assert list(kept_bound_claims("only a wick under 40 hours could undo it", kept, features, ())) == []
    assert list(kept_bound_claims("the wick stays under 40 hours", kept, features, ())) == [
        ("kept wick_hours upper bound 40", False)
    ]


def test_sure_bindings_only_lists_guessed_numbers_as_unchecked() -> None:
    # 3.8 belongs to no named field: flagged by default, unchecked under policy A, with the reason.
    reply = "Lamp 7 is lit. The keeper logged 3.8 on the dial."
    assert not check_claims(reply, [PREDICTION], vocabulary=LAMPS).passed
    sure = check_claims(reply, [PREDICTION], vocabulary=LAMPS, sure_only=True)
    assert sure.passed
    assert any("no field is named" in u for u in sure.unchecked), sure.unchecked


def test_sure_bindings_only_still_flags_a_number_beside_its_field() -> None:
    reply = "Lamp 7 is lit; its wick has burned 61 hours."
    assert not check_claims(reply, [PREDICTION], vocabulary=LAMPS, sure_only=True).passed
    assert check_claims("Lamp 7 is lit; its wick has burned 52 hours.", [PREDICTION], vocabulary=LAMPS).passed


def test_sure_bindings_only_follows_the_environment_when_not_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    reply = "Lamp 7 is lit. The keeper logged 3.8 on the dial."
    monkeypatch.setenv(SURE_ONLY, "1")
    assert check_claims(reply, [PREDICTION], vocabulary=LAMPS).passed
    assert not check_claims(reply, [PREDICTION], vocabulary=LAMPS, sure_only=False).passed


@pytest.mark.parametrize(
    ("mechanism", "unsure"),
    [
        ("number of no named field", True),
        ("number of a feature named before its segment", True),
        ("number of a feature/label", True),
        ("number of a feature, loosely bound, another field's number", True),
        ("number of a feature", False),
        ("label by a prediction verb", False),
        ("kept bound's end", False),
    ],
)
def test_which_mechanisms_bind_unsurely(mechanism: str, unsure: bool) -> None:
    assert bool(unsure_mechanism(mechanism)) is unsure


@pytest.mark.parametrize(
    ("faithful", "reply", "kept"),
    [
        (True, "Lamp 7 stayed lit in all 120 checks.", 120),
        (False, "Lamp 7 stayed lit in all 130 checks.", 120),
        (False, "Lamp 7 stayed lit in all 120 checks.", 110),
        (True, "Keeper's log: of 120 variations tried, 110 kept lamp 7 lit.", 110),
        (False, "Keeper's log: of 120 variations tried, 101 kept lamp 7 lit.", 110),
    ],
)
def test_counts_of_a_table_models_kept_checks(faithful: bool, reply: str, kept: int) -> None:
    report = check_claims(reply, [{**KEPT, "samples_kept": kept}], vocabulary=LAMPS)
    assert report.passed is faithful, report
