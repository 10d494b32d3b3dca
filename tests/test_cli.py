"""The `simxai` command, run as users run it."""

import json
import subprocess
import sys

import pytest

from simxai.cli import main


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "simxai.cli", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_specs_json_lists_the_eleven_with_argument_descriptions(capsys):
    assert main(["specs", "--format", "json"]) == 0
    tools = json.loads(capsys.readouterr().out)
    assert len(tools) == 11
    assert all(p["description"] for t in tools for p in t["function"]["parameters"]["properties"].values())


def test_specs_text(capsys):
    assert main(["specs", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("get_prediction(instance: ") and out.count("Returns:") == 11


def test_call_get_prediction_on_the_demo_host(capsys, demo_host):
    assert main(["call", "get_prediction", "--args", '{"instance": 12}']) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["label"] in ("stable", "progressing")
    assert set(result["probabilities"]) == {"stable", "progressing"}
    assert abs(sum(result["probabilities"].values()) - 1) < 1e-9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["call", "get_prediction", "--args", "{not json"], "not valid JSON"),
        (["call", "get_prediction", "--args", "[1]"], "must be a JSON object"),
        (
            ["call", "predict_everything", "--args", "{}"],
            "unknown function 'predict_everything'; valid: get_prediction",
        ),
        (["call", "get_prediction", "--args", '{"instance": 4000}'], "0"),
        (["call", "get_data_information", "--args", '{"feature": "bmii"}'], "bmi"),
        (["call", "get_prediction", "--args", "{}"], "needs the argument 'instance'"),
    ],
)
def test_call_bad_input_exits_2_with_one_line(capsys, demo_host, args, message):
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("simxai: ") and "\n" not in err and message in err


def test_chat_jsonl_with_the_router_follows_the_conversation():
    out = run(
        "chat",
        "--backend",
        "router",
        "--jsonl",
        stdin="what does the model predict for patient 12?\nwhy?\nwhat if her bmi were 30?\n",
    )
    assert out.returncode == 0, out.stderr
    turns = [json.loads(line) for line in out.stdout.splitlines()]
    assert [t["calls"][0]["function"] for t in turns] == [
        "get_prediction",
        "get_local_explanation",
        "explain_what_if",
    ]
    assert all(t["calls"][0]["arguments"]["instance"] == 12 for t in turns)
    assert turns[2]["calls"][0]["arguments"]["changes"] == {"bmi": 30}
    assert all(t["backend"] == "router" and t["reply"] for t in turns)
    assert set(turns[0]) >= {"user", "reply", "calls", "clarification", "faithfulness", "backend"}


def test_chat_on_the_bundled_loan_host():
    out = run(
        "chat",
        "--host",
        "loan",
        "--backend",
        "router",
        "--jsonl",
        stdin="what if applicant 21's credit score were 700?\n"
        "what would need to change for applicant 140 to be approved?\n",
    )
    assert out.returncode == 0, out.stderr
    # no "age = 21" or "age = 140" from the card's "applicant age in years"
    calls = [json.loads(line)["calls"][0] for line in out.stdout.splitlines()]
    assert (calls[0]["function"], calls[0]["arguments"]) == (
        "explain_what_if",
        {"instance": 21, "changes": {"credit_score": 700}},
    )
    assert (calls[1]["function"], calls[1]["arguments"]) == (
        "explain_how_to_be_that",
        {"instance": 140, "target_label": "approved"},
    )
