"""`simxai-eval guard`: the perturbation benchmark's command, its figures file and its errors."""

import json
import random

import pytest

from simxai.eval_suite.cli import main
from simxai.eval_suite.guard import run_guard_bench
from simxai.eval_suite.guard.slots import slots_for
from simxai.eval_suite.guard.templates import SETS
from simxai.exceptions import UsageError


def test_the_command_prints_both_tables_and_writes_the_figures(tmp_path, capsys):
    out = tmp_path / "guard.json"
    assert main(["guard", "--host", "sentiment", "--set", "varied", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "| unfaithful kind | caught | recall |" in printed and "| host and function |" in printed
    assert "sentiment get_prediction" in printed and "demo " not in printed
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["unfaithful"] > 100 and figures["faithful"] > 50
    assert 0.0 <= figures["false_alarm_all"] <= 1.0 and set(figures["recall"]) >= {"label swap", "number drift"}


def test_bad_sets_and_hosts_are_named(capsys):
    with pytest.raises(UsageError, match="unknown template set 'nope'; valid: own, held-out, varied"):
        run_guard_bench("nope")
    with pytest.raises(UsageError, match="unknown host 'mars'"):
        run_guard_bench("own", host_names=("mars",))
    with pytest.raises(SystemExit) as exited:  # argparse rejects a set it does not list
        main(["guard", "--set", "nope"])
    assert exited.value.code == 2 and "invalid choice: 'nope'" in capsys.readouterr().err


def test_every_perturbation_changes_a_fact_the_faithful_slots_state():
    payload = {
        "kind": "prediction",
        "subject": {"kind": "row", "id": 12},
        "label": "stable",
        "probabilities": {"stable": 0.786, "progressing": 0.214},
    }
    faithful, perturbations = slots_for(payload, ["stable", "progressing"], "patient", random.Random(0), False)
    assert faithful["label"] == "stable" and faithful["pspan"] == "75–80%"
    for kind, change in perturbations.items():
        assert change and all(faithful[k] != v for k, v in change.items()), kind
    assert all(len(templates) >= 5 for templates in SETS["varied"].values())
