"""The guard flags only through mechanisms precise on held-out DEV writers (claims-11, issue 13).

Every unsupported claim carries its mechanism (the check and the reading); the packaged table
(`simxai/guard/mechanisms.json`) says which mechanisms may flag, and is what `python bench/guard_mechanisms.py
--write` builds from the DEV writers. No figure of the guard is asserted here: the curve is printed by that script.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from simxai.eval_suite.guard.mechanisms import (
    CurvePoint,
    Verdict,
    Writer,
    choose_threshold,
    curve,
    precisions,
    rebuilt,
)
from simxai.guard import Vocabulary, check_claims
from simxai.guard._checks import GuardReport, _gated
from simxai.guard._settings import setting_claims
from simxai.guard._trust import TABLE, Trust, trust

ROOT = Path(__file__).resolve().parents[1]
VOCAB = Vocabulary(labels=["stable", "progressing"], features=["bmi", "glucose", "hdl"])
PREDICTION = {
    "kind": "prediction",
    "subject": {"kind": "instance", "id": 12, "description": "patient 12"},
    "label": "stable",
    "probabilities": {"stable": 0.786, "progressing": 0.214},
}


def _stored() -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return stored


def test_the_packaged_table_is_what_its_evidence_gives() -> None:
    stored = _stored()
    assert stored["built_by"] == "python bench/guard_mechanisms.py --write"
    assert rebuilt(stored) == stored


@pytest.fixture(scope="module")
def script() -> ModuleType:
    sys.path.insert(0, str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location("guard_mechanisms", ROOT / "bench" / "guard_mechanisms.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_hand_written_dev_sets_give_the_packaged_evidence(script: ModuleType) -> None:
    """The guard as it is now gives each hand-written DEV writer the verdicts the table was built from (after a
    change to the guard, `python bench/guard_mechanisms.py --write` rebuilds the table)."""
    stored = _stored()["writers"]
    for name in script.WRITTEN_SETS:
        writer = script.written_writer(script.WRITTEN / name)
        assert writer.evidence() == stored[name], name


def test_each_unsupported_claim_names_its_mechanism() -> None:
    report = check_claims("The model predicts progressing for patient 12.", [PREDICTION], vocabulary=VOCAB)
    assert report.unsupported == ["prediction progressing"]
    assert report.mechanisms == {"prediction progressing": "label by a prediction verb"}
    number = check_claims("Patient 12 is stable at 21.4 %.", [PREDICTION], vocabulary=VOCAB)
    assert number.mechanisms == {"number 21.4% (stable)": "number of a label"}
    assert not number.passed


def test_a_distrusted_mechanism_lists_its_claim_as_unchecked() -> None:
    raw = GuardReport(
        claims=["prediction progressing", "feature income"],
        unsupported=["prediction progressing", "feature income"],
        passed=False,
        mechanisms={"prediction progressing": "label by a prediction verb", "feature income": "weak reader"},
    )
    table = Trust({"label by a prediction verb": 0.98, "weak reader": 0.6}, threshold=0.8)
    gated = _gated(raw, table)
    assert gated.unsupported == ["prediction progressing"] and not gated.passed
    assert any("feature income" in u and "weak reader" in u and "60%" in u for u in gated.unchecked)
    alone = raw.model_copy(update={"unsupported": ["feature income"]})
    assert _gated(alone, table).passed
    # A mechanism the DEV writers never saw flag has shown no false alarm: it flags.
    unseen = raw.model_copy(update={"unsupported": ["feature income"], "mechanisms": {"feature income": "new"}})
    assert not _gated(unseen, table).passed


def test_the_engines_check_applies_the_packaged_table() -> None:
    # A feature the outputs do not talk about ("feature not in outputs", which flagged only a faithful DEV reply).
    reply = "Patient 12 is stable; hdl is the reason."
    raw = check_claims(reply, [PREDICTION], vocabulary=VOCAB, every_mechanism=True)
    assert raw.mechanisms == {"feature hdl": "feature not in outputs"} and not raw.passed
    gated = check_claims(reply, [PREDICTION], vocabulary=VOCAB)
    assert gated.passed is not trust().trusted("feature not in outputs")
    if gated.passed:
        assert any(u.startswith("feature hdl (") and "feature not in outputs" in u for u in gated.unchecked)


def _writer(name: str, flags: list[tuple[bool, set[str]]], written: bool = True) -> Writer:
    return Writer(name, written, [Verdict(faithful, frozenset(ms)) for faithful, ms in flags])


def test_a_mechanisms_precision_comes_from_the_other_writers() -> None:
    good = [(False, {"m"}), (False, {"m"}), (True, set()), (True, set())]
    noisy = [(False, {"m"}), (True, {"m"}), (True, {"m"}), (True, set())]
    evidence = {w.name: w.evidence() for w in (_writer("a", good), _writer("b", good), _writer("c", noisy))}
    held_out = precisions(evidence, leave_out="c")["m"]
    assert held_out > precisions(evidence)["m"] > precisions(evidence, leave_out="a")["m"]
    assert precisions(evidence, leave_out="c")["m"] == 1.0  # no false alarm on a and b


def _point(threshold: float, recall: int, alarms: int, generated: int = 100) -> CurvePoint:
    return CurvePoint(threshold, (recall, 100, alarms, 100), (generated, 100, 0, 100), {})


def test_the_threshold_is_the_lowest_that_keeps_false_alarms_at_the_target() -> None:
    points = [_point(0.5, 95, 5), _point(0.6, 93, 2), _point(0.7, 91, 1), _point(0.8, 80, 0)]
    assert choose_threshold(points) == 0.6


def test_without_a_threshold_at_the_target_the_surest_of_the_lowest_false_alarms_is_chosen() -> None:
    points = [_point(0.5, 95, 5), _point(0.6, 94, 4), _point(0.7, 92, 4), _point(0.8, 80, 1)]
    assert choose_threshold(points) == 0.7  # 0.8 drops recall below the floor
    points = [_point(0.5, 95, 5), _point(0.6, 94, 4), _point(0.7, 92, 4, generated=90)]
    assert choose_threshold(points) == 0.6  # 0.7 drops the generated sets' recall below 95 %


def test_the_curve_scores_each_writer_with_the_others_precisions() -> None:
    clean = [(False, {"m", "n"}), (False, {"m"}), (True, set())]
    alarm = [(False, {"n"}), (True, {"n"}), (True, set())]
    writers = [_writer("a", clean), _writer("b", clean), _writer("c", alarm)]
    at = {p.threshold: p for p in curve(writers, thresholds=(0.5, 0.99))}
    # For c, n was never wrong on a and b: it flags c's faithful reply too.
    assert at[0.99].writers["c"] == (1, 1, 1, 2)
    assert at[0.5].written == (5, 5, 1, 4)


def test_a_number_hyphenated_to_a_word_is_that_words() -> None:
    card = {"n_estimators": 100.0, "max_depth": 2.0}
    said = dict(setting_claims("A gradient-boosting classifier with 100 depth-2 trees.", card))
    assert said == {"setting n_estimators = 100": True, "setting max_depth = 2": True}
    assert dict(setting_claims("It uses 300 depth-3 trees.", card)) == {
        "setting n_estimators = 300": False,
        "setting max_depth = 3": False,
    }
