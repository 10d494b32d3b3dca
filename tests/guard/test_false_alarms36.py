"""False alarms on invented hosts (claims-43 work, helper gfa36), on an invented host of this file's own: tea lots
from a hill estate (classes `reserve` / `standard` / `rejected`, features "Leaf Length (mm)", moisture_pct,
withering_hours, a picking date coded as picked_yyyymm and a categorical "Estate Slope", instance noun "lot", ids
134001-134300).

Each reading is tested both ways: the faithful reply passes, the same reply with one fact wrong is flagged.

- a class's clipped name that is a common word ("std" of standard) when the reply clips another class too;
- a feature's first three letters ("len" of length) with a figure after them, in a reply that clips other names;
- a date coded as a number (202405) said as a month and year ("picked May 2024"), and a date in figures
  ("6/12/2026") that is the document's own;
- a class that is a past participle said by its verb ("reject risk" of rejected), and held by "hold";
- a change's amount in a currency or as one more of the same ("another 12 hours"), and a grade moved ("promoted to
  reserve") or a change that suffices ("enough for reserve") read as a flip.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._facts import calendar_parts
from simxai.guard._label_nouns import label_nouns
from simxai.guard._numbering import item_numbers

ESTATE = Vocabulary(
    labels=["reserve", "standard", "rejected"],
    features=["Leaf Length (mm)", "moisture_pct", "withering_hours", "picked_yyyymm", "Estate Slope"],
    aliases={
        "Leaf Length (mm)": ["leaf length"],
        "moisture_pct": ["moisture"],
        "withering_hours": ["withering"],
        "picked_yyyymm": ["picking date"],
        "Estate Slope": ["slope"],
    },
    instance_noun="lot",
)

VALUES: dict[str, Any] = {
    "Leaf Length (mm)": 31.0,
    "moisture_pct": 4.2,
    "withering_hours": 10.0,
    "picked_yyyymm": 202405.0,
    "Estate Slope": "south",
}
SUBJECT: dict[str, Any] = {
    "kind": "row",
    "id": 134012,
    "ids": None,
    "description": "lot 134012",
    "size": 1,
    "condition": None,
    "nouns": None,
    "text": None,
    "values": VALUES,
}
PREDICTION: dict[str, Any] = {
    "kind": "prediction",
    "label": "reserve",
    "label_counts": None,
    "probabilities": {"reserve": 0.81, "standard": 0.15, "rejected": 0.04},
    "subject": SUBJECT,
    "true_label": "reserve",
}
LOCAL: dict[str, Any] = {
    "kind": "local_explanation",
    "attributions": [
        {"feature": "moisture_pct", "value": 4.2, "contribution": 0.93},
        {"feature": "Leaf Length (mm)", "value": 31.0, "contribution": -0.41},
        {"feature": "withering_hours", "value": 10.0, "contribution": 0.12},
        {"feature": "picked_yyyymm", "value": 202405.0, "contribution": 0.01},
        {"feature": "Estate Slope", "value": "south", "contribution": 0.0},
    ],
    "base_value": 0.33,
    "label": "reserve",
    "method": "SHAP",
    "output": 0.81,
    "output_space": "probability",
    "predicted_label": "reserve",
    "probability": 0.81,
    "recorded_label": None,
    "subject": SUBJECT,
}
WHAT_IF: dict[str, Any] = {
    "kind": "what_if",
    "changes": [{"feature": "withering_hours", "old": 10.0, "new": 22.0, "decimals": 0}],
    "old_label": "reserve",
    "new_label": "reserve",
    "old_probabilities": {"reserve": 0.81, "standard": 0.15, "rejected": 0.04},
    "new_probabilities": {"reserve": 0.86, "standard": 0.12, "rejected": 0.02},
    "old_label_counts": None,
    "new_label_counts": None,
    "note": None,
    "subject": SUBJECT,
}


def _passes(reply: str, output: dict[str, Any]) -> bool:
    return check_claims(reply, [output], vocabulary=ESTATE).passed


@pytest.mark.parametrize(
    ("faithful", "wrong"),
    [
        # "std" is a standard deviation as often, but here the reply clips reserve and rejected too
        ("lot 134012: rsrv 81% (std 15%, rjct 4%)", "lot 134012: rsrv 81% (std 25%, rjct 4%)"),
        ("134012 rjct 4% / std 15% / rsrv 81%", "134012 rjct 4% / std 9% / rsrv 81%"),
    ],
)
def test_a_common_clip_of_a_class_is_that_class_beside_other_clipped_classes(faithful: str, wrong: str) -> None:
    assert _passes(faithful, PREDICTION)
    assert not _passes(wrong, PREDICTION)


def test_a_names_first_three_letters_with_a_figure_in_a_terse_reply() -> None:
    assert _passes("134012 rsrv — moist +0.93, len −0.41, withering +0.12", LOCAL)
    assert not _passes("134012 rsrv — moist +0.93, len −0.91, withering +0.12", LOCAL)
    assert not _passes("134012 rsrv — moist +0.93, len +0.41, withering +0.12", LOCAL)


def test_a_date_coded_as_a_number_is_checked_as_a_month_and_year() -> None:
    assert calendar_parts(202405.0) == {2024.0, 5.0}
    assert calendar_parts(20240517.0) == {2024.0, 5.0, 17.0}
    assert calendar_parts(202413.0) == set()  # no month 13: a number, not a date
    assert calendar_parts(31.5) == set()
    assert _passes("Lot 134012 (picked May 2024) is graded reserve, about 81 %.", PREDICTION)
    assert not _passes("Lot 134012 (picked May 2022) is graded reserve, about 81 %.", PREDICTION)


def test_a_date_in_figures_is_the_documents_own() -> None:
    text = "Memo to the tasters, 6/12/2026: lot 134012 is reserve, 0.81."
    starts = item_numbers(text)
    assert text.index("6/12") in starts and text.index("12/2026") in starts and text.index("2026") in starts
    assert _passes(text, PREDICTION)
    assert not _passes("Memo to the tasters, 6/12/2026: lot 134012 is reserve, 0.91.", PREDICTION)
    assert text.index("0.81") not in item_numbers(text)


def test_a_past_participle_class_is_said_by_its_verb() -> None:
    forms = label_nouns(["rejected", "held", "drifted", "passed", "stopped", "progressing", "reserve"])
    assert forms["reject"] == forms["rejecting"] == "rejected"
    assert "rejects" not in forms and "holds" not in forms  # a third person after a subject says its class
    assert forms["hold"] == forms["holding"] == "held"
    assert forms["drift"] == "drifted"
    assert forms["pass"] == forms["passing"] == "passed"
    assert forms["stop"] == forms["stopping"] == "stopped"
    assert forms["progression"] == "progressing"
    assert "reserv" not in forms and "pas" not in forms
    assert _passes("Lot 134012: reserve at 81 %; the reject risk is only about 4 %.", PREDICTION)
    assert not _passes("Lot 134012: reserve at 81 %; the reject risk is only about 15 %.", PREDICTION)


def test_a_change_said_as_one_more_of_the_same_is_its_amount() -> None:
    assert _passes("Give lot 134012 another 12 hours of withering (10 → 22) and it stays reserve, 86 %.", WHAT_IF)
    assert not _passes("Give lot 134012 another 15 hours of withering (10 → 22) and it stays reserve, 86 %.", WHAT_IF)


def test_a_grade_moved_or_a_change_that_suffices_is_a_flip() -> None:
    stays = dict(WHAT_IF, old_label="standard", new_label="standard")
    assert _passes("Withering 10 → 22 hours and lot 134012 is still standard.", stays)
    assert not _passes("Withering 10 → 22 hours and lot 134012 is promoted to reserve.", stays)
    assert not _passes("Another 12 hours of withering is enough for reserve on lot 134012.", stays)
