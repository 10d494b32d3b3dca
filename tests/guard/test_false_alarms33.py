"""False alarms on new writers (claims-40 work, helper gfa33), on an invented host of this file's own: wheels of
a cheese cellar (classes `ripe` / `chalky`, features butter_fat_pct, brine_hours, turning_count, instance noun
"wheel").

Each reading is tested both ways: the faithful reply passes, the same reply with its number wrong is flagged.

- the gap between two classes' means of one feature, said as a gap in a sentence about averages ("ripe wheels
  spend about 3.5 more hours in brine on average").
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims
from simxai.guard._mean_gaps import mean_gap
from simxai.guard._reading import numbers

CELLAR = Vocabulary(
    labels=["ripe", "chalky"],
    features=["butter_fat_pct", "brine_hours", "turning_count"],
    aliases={"butter_fat_pct": ["butter fat"], "brine_hours": ["brine time"], "turning_count": ["turnings"]},
    instance_noun="wheel",
)


def _feature(name: str, low: float, high: float, ripe: float, chalky: float) -> dict[str, Any]:
    return {
        "name": name,
        "type": "numeric",
        "description": None,
        "min": low,
        "max": high,
        "mean": round((ripe + chalky) / 2, 3),
        "std": None,
        "median": None,
        "q1": None,
        "q3": None,
        "categories": None,
        "mean_by_label": {"ripe": ripe, "chalky": chalky},
        "histogram_by_label": None,
        "counts_by_label": None,
    }


DATA = {
    "kind": "data_information",
    "name": "cellar book",
    "description": "240 invented wheels of one cellar",
    "target": "outcome",
    "class_balance": {"ripe": 130, "chalky": 110},
    "features": [_feature("brine_hours", 6.0, 40.0, 21.7, 18.2), _feature("butter_fat_pct", 40.0, 56.0, 49.1, 47.9)],
    "feature": None,
    "group": None,
    "n_total": None,
    "nouns": None,
    "n_rows": 240,
    "group_fields": None,
}


def _passes(reply: str, outputs: list[dict[str, Any]]) -> bool:
    return check_claims(reply, outputs, vocabulary=CELLAR).passed


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        (True, "Ripe wheels spend about 3.5 more hours in brine on average."),
        (True, "On average the ripe wheels run higher on brine time, by about 3.5 hours."),
        (True, "Ripe wheels carry slightly more butter fat on average, by about one point two."),
        # a gap no two classes' means make
        (False, "Ripe wheels spend about 7.5 more hours in brine on average."),
        (False, "On average the ripe wheels run higher on brine time, by about 9.4 hours."),
    ],
)
def test_a_gap_of_two_class_means(faithful: bool, reply: str) -> None:
    assert _passes(reply, [DATA]) is faithful, reply


def test_a_gap_is_read_only_when_said_of_averages() -> None:
    statistics = {"brine_hours": {"mean|ripe": 21.7, "mean|chalky": 18.2}}
    text = "by about 3.5 hours"
    claim = next(iter(numbers(text)))
    lead, following = text[: claim.start], text[claim.end :]
    assert mean_gap(claim, lead, following, "ripe wheels brine longer on average, " + text, statistics)
    assert not mean_gap(claim, lead, following, "wheel 7 brines longer, " + text, statistics)  # no average named
    assert not mean_gap(claim, lead, following, "on average, " + text, {"brine_hours": {"mean": 20.0}})
