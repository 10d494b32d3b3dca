"""The guard's claims-35 work (helper guard36), on an invented host of this file's own: a harbour's ferry crossings
(classes `sailed` / `cancelled`, features wind_knots, swell_dm and crew_count, instance noun "crossing").

- a difference compared with a pair of ends only when the ends stand beside it (`simxai.guard._own_ends`): "wind 41
  → 27 knots; it then sails at 0.53, a margin of 3 points" says the probability's margin, not the wind's drop; a
  percent may be the ends' relative change;
- comparison words matched across any whitespace (`simxai.guard._spaced`), in every reader that spells them.
"""

from __future__ import annotations

import re

import pytest

from simxai.guard import Vocabulary, _cf_stays, _derived, _meanings, _number_cues, _plain, check_claims
from simxai.guard._metric_order import metric_order_claims
from simxai.guard._own_ends import own_ends_gap
from simxai.guard._reading import numbers, worded_shares
from simxai.guard._spaced import spaced
from tests.guard.helpers import local_explanation, row_subject

HARBOUR = Vocabulary(
    labels=["sailed", "cancelled"],
    features=["wind_knots", "swell_dm", "crew_count"],
    aliases={"wind_knots": ["wind"], "swell_dm": ["swell"], "crew_count": ["crew"]},
    instance_noun="crossing",
)
_VALUES = {"wind_knots": 41.0, "swell_dm": 14.0, "crew_count": 5.0}


def _counterfactual(ident: int, old: float, new: float, share: float) -> dict:
    return {
        "kind": "counterfactual",
        "subject": row_subject("crossing", ident, _VALUES),
        "current_label": "cancelled",
        "target_label": "sailed",
        "counterfactuals": [
            {
                "changes": [{"feature": "wind_knots", "old": old, "new": new}],
                "label": "sailed",
                "probability": share,
                "text": None,
            }
        ],
        "method": "nearest rows given the target label, re-checked with the model",
        "note": None,
    }


CF = _counterfactual(3317, 41.0, 27.0, 0.53)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # the margin of the probability, with the wind's ends in the same sentence: not the ends' gap
        (
            True,
            "To sail, 3317's wind would drop from 41 to 27 knots; it then sails at 0.53, a margin of 3 points.",
        ),
        (True, "With the wind 41 → 27 knots it would sail. Chance: 0.53, just 3 points over the line."),
        # the gap said beside its ends is still compared with them
        (True, "Crossing 3317 sails if the wind drops 41 → 27 knots (14 knots less)."),
        (False, "Crossing 3317 sails if the wind drops 41 → 27 knots (24 knots less)."),
    ],
)
def test_a_difference_is_compared_with_the_ends_beside_it(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [CF], vocabulary=HARBOUR)
    assert said.passed == faithful, (reply, said.unsupported)


def _ends(sentence: str, said: str) -> tuple[float, bool] | None:
    claim = next(c for c in numbers(sentence) if c.raw.strip() == said)
    return own_ends_gap(claim, sentence)


def test_own_ends_need_the_ends_beside_the_difference() -> None:
    assert _ends("wind 41 → 27 knots; then sailed at 0.53, a margin of 3 points", "3") is None  # a stop between
    assert _ends("wind 41 → 27 knots and sailed at 0.53, a margin of 3 points", "3") is None  # a number between
    assert _ends("the wind 14 knots lower (41 → 27)", "14") == (14.0, True)
    assert _ends("the wind 9 knots lower (41 → 27)", "9") == (14.0, False)


def test_a_percent_may_be_the_relative_change_of_its_ends() -> None:
    # 60 % to 36 % is 24 points, and a cut of 40 % of the 60
    assert _ends("it cuts the cancelled share by about 40 % (from 60 % to 36 %)", "40") == (24.0, True)
    assert _ends("it cuts the cancelled share by about 24 points (from 60 % to 36 %)", "24") == (24.0, True)
    assert _ends("it cuts the cancelled share by about 55 % (from 60 % to 36 %)", "55") == (24.0, False)


def test_spaced_turns_each_space_into_any_whitespace() -> None:
    pattern = re.compile(spaced("no (?:more|less) than|at least"))
    assert pattern.fullmatch("no \n more\tthan")
    assert pattern.fullmatch("at\n least")
    assert not pattern.fullmatch("atleast")


WRAPPED = "\n  "  # a comparison's words split by a wrapped line


def test_every_reader_reads_comparison_words_split_by_any_whitespace() -> None:
    said = list(metric_order_claims(f"Recall is higher{WRAPPED}than precision.", {"recall": {0.8}, "precision": {0.9}}))
    assert said == [("metric recall above precision", False)], said
    assert _number_cues._BOUND.search(f"the share stays at{WRAPPED}least ")
    assert _meanings._BELOW.search(f"a reading of no more{WRAPPED}than 4")
    bound = _plain._BOUND.search(f"keep the swell no{WRAPPED}higher than 14")
    assert bound is not None and bound.group("below")
    assert _cf_stays._SHORT_OF.search(f"just short{WRAPPED}of the line")
    assert _derived._TO_MIDPOINT.search(f"this close{WRAPPED}to ")
    share = next(worded_shares(f"a little more{WRAPPED}than half"))
    assert share.bounds == (49.5, 59.0)


def _local(contributions: dict[str, float], base: float, output: float) -> dict:
    return local_explanation(row_subject("crossing", 3317, _VALUES), "cancelled", _VALUES, contributions, base, output)


LOCAL = _local({"wind_knots": 0.214, "swell_dm": 0.061, "crew_count": -0.018}, 0.41, 0.667)


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # a contribution said with the class it pushes is the feature's, never the class's probability
        (True, "3317 was cancelled mostly for the wind: 41 knots pushes cancelled up by 0.214."),
        (False, "3317 was cancelled mostly for the wind: 41 knots pushes cancelled up by 0.314."),
        (True, "For 3317 the wind is the main reason for cancellation, +0.214 on the probability."),
        (False, "For 3317 the wind is the main reason for cancellation, +0.114 on the probability."),
        (True, "Cancelled, 66.7 %: mostly the wind (+0.214 over the base rate)."),
        # the class's own probability after its name is still read as one
        (False, "3317: cancelled 0.214, mostly for the wind."),
    ],
)
def test_a_contribution_said_with_the_class_it_pushes(faithful: bool, reply: str) -> None:
    said = check_claims(reply, [LOCAL], vocabulary=HARBOUR)
    assert said.passed == faithful, (reply, said.unsupported)


def test_a_difference_from_its_own_value_is_no_value() -> None:
    # "0.3 below its 28": a gap from the subject's value (like "below the current 28"), not a value of the swell
    kept = "3317 stays cancelled if the swell stays between 13.7 and 20 dm, just 0.3 below its 14."
    said = check_claims(kept, [LOCAL], vocabulary=HARBOUR)
    assert not any(c.startswith("number 0.3 (swell") for c in said.claims), said.claims
