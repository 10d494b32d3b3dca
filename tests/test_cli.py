"""The `simxai` command, run as users run it."""

import json
import subprocess
import sys

import pytest

from simxai.cli import main
from simxai.results import listed


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


def test_call_without_the_instance_says_how_to_pass_it_once(capsys, demo_host):
    assert main(["call", "get_prediction"]) == 2
    err = capsys.readouterr().err.strip()
    first = demo_host.schema().id_range[0]
    assert "missing: instance" not in err  # the message already names the argument
    assert f"""--args '{{"instance": {first}}}'""" in err


def test_call_names_the_missing_features_of_a_custom_instance_once(capsys, demo_host):
    assert main(["call", "get_prediction", "--args", '{"instance": {"bmi": 30}}']) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "a custom patient needs a value for every feature; missing: age" in err
    assert err.count("missing:") == 1  # the message lists them; the CLI does not list them again


@pytest.mark.slow  # runs `simxai chat` in a new Python process (about 6 s of CPU)
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


# ---- messages a new user meets -------------------------------------------------------------------------


def test_version(capsys):
    import simxai

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.strip() == f"simxai {simxai.__version__}"


def test_a_bad_setting_from_the_environment_is_one_line_naming_the_variable(monkeypatch, capsys):
    monkeypatch.setenv("SIMXAI_TIMEOUT", "soon")
    assert main(["call", "get_model_information"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("simxai: bad setting: SIMXAI_TIMEOUT='soon': input should be a valid number")
    assert "\n" not in err and "Traceback" not in err and "pydantic" not in err


def test_a_short_api_key_from_the_environment_is_named_but_never_echoed(monkeypatch, capsys):
    monkeypatch.setenv("SIMXAI_API_KEYS", "abc")
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "simxai: bad setting: SIMXAI_API_KEYS: 1 API key(s) are shorter than 8 characters; use long random keys"
    )


def test_an_unknown_category_lists_the_valid_categories_once(capsys, demo_host):
    changes = '{"instance": 12, "changes": {"sex": "martian"}}'
    assert main(["call", "explain_what_if", "--args", changes]) == 2
    err = capsys.readouterr().err.strip()
    sex = demo_host.schema().feature("sex")
    assert sex is not None
    valid = listed(sex.categories)  # "1 and 2", as every enumeration in words
    assert "'martian'" in err and err.count(valid) == 1, err


def test_an_unknown_function_argument_with_nothing_close_suggests_nothing(capsys, demo_host):
    assert main(["call", "get_data_information", "--args", '{"feature": "zzzzqqq"}']) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err and "[]" not in err


def test_a_closed_pipe_ends_quietly():
    # `simxai specs | head -1`: the reader stops early; no BrokenPipeError traceback, exit 0.
    command = f"{sys.executable} -m simxai.cli specs --format text | head -c 10"
    out = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr, out.stderr
    assert out.returncode == 0 and len(out.stdout) == 10


def test_chat_in_plain_text_says_when_the_router_answered_for_a_failed_llm():
    out = run(
        "chat",
        "--backend",
        "openai:some-model",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--fallback-to-router",
        stdin="what does the model predict for patient 12?\n",
    )
    assert out.returncode == 0, out.stderr
    first, reply = out.stdout.splitlines()[:2]
    assert first.startswith("  [the offline router answered: router: openai:some-model failed")
    assert "patient 12" in reply


def test_serve_host_names_a_bundled_host_as_on_chat():
    from simxai.cli import build_parser
    from simxai.server.run import settings_from_args

    settings = settings_from_args(build_parser().parse_args(["serve", "--host", "sentiment"]))
    assert (settings.host, settings.bind) == ("sentiment", "127.0.0.1")
    settings = settings_from_args(build_parser().parse_args(["serve", "--bind", "0.0.0.0", "--host", "loan"]))
    assert (settings.host, settings.bind) == ("loan", "0.0.0.0")


def test_serve_host_with_an_address_still_binds_with_a_deprecation_line(capsys):
    from simxai.cli import build_parser
    from simxai.server.run import settings_from_args

    settings = settings_from_args(build_parser().parse_args(["serve", "--host", "0.0.0.0"]))
    assert (settings.host, settings.bind) == ("demo", "0.0.0.0")
    assert capsys.readouterr().err.strip() == (
        "simxai serve: --host 0.0.0.0 as the address to listen on is deprecated; use --bind 0.0.0.0 "
        "(--host now names a bundled host: demo, sentiment, loan)"
    )


def test_serve_on_a_busy_port_is_one_line_before_anything_says_it_started():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = run("serve", "--port", str(port))
    assert out.returncode == 2
    assert out.stderr.strip().splitlines()[-1] == (
        f"simxai: port {port} on 127.0.0.1 is already in use (another simxai serve?); "
        f"choose another with --port, e.g. --port {port + 1}"
    )
    assert "startup complete" not in out.stderr and "http://" not in out.stderr


async def test_the_interactive_chat_opens_with_this_hosts_own_examples():
    import io

    from simxai.cli import _chat, build_parser

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = io.StringIO()
    assert await _chat(build_parser().parse_args(["chat", "--host", "loan"]), Terminal("hello\n"), out) == 0
    banner, examples, reply = out.getvalue().splitlines()[:3]
    assert banner.startswith("SimXAI chat about loan approval with offline router")
    assert examples.startswith("Try: what does the model predict for applicant 12? / why? / what if the ")
    assert reply.startswith("> Hello!") and "applicant 12" in reply and "patient" not in out.getvalue()


def test_the_help_shows_examples_that_parse(capsys):
    import shlex

    from simxai.cli import EXAMPLES, build_parser

    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "--host-config host.yaml" in out
    commands = [line.strip().split("  ")[0] for line in EXAMPLES.splitlines() if line.strip().startswith("simxai ")]
    assert len(commands) == 4
    for command in commands:
        build_parser().parse_args(shlex.split(command)[1:])  # exits 2 if an example went stale


@pytest.mark.parametrize("command", ["specs", "call", "chat", "serve"])
def test_each_command_help_says_what_it_does(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    _, _, rest = capsys.readouterr().out.partition("\n\n")
    assert rest.split("\n")[0][:1].isupper(), rest  # a sentence of description before the options


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["serve", "--prot", "8000"], ["simxai serve: error", "--prot: did you mean --port?", "valid options:"]),
        (["chat", "--hots-config=h.yaml"], ["simxai chat: error", "did you mean --host-config?"]),
        (["call", "get_prediction", "extra"], ["simxai call: error", "unrecognized arguments: extra"]),
    ],
)
def test_an_unknown_option_is_refused_by_its_subcommand_naming_the_valid_ones(capsys, argv, fragments):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: simxai {argv[0]} "), err
    for fragment in fragments:
        assert fragment in err, err


def test_python_dash_m_simxai_is_the_same_command() -> None:
    # `python -m simxai call ...` is what a writer of data tried first; it said "No module named simxai.__main__"
    done = subprocess.run(
        [sys.executable, "-m", "simxai", "specs", "--format", "text"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("get_prediction(instance: ")


def test_a_config_whose_pipeline_imputes_empty_cells_loads_and_says_what_it_filled(tmp_path, capsys):
    """An invented bakery: an empty cell of oven_temp_c is filled as the pipeline's imputer fills it, and said."""
    import joblib
    import numpy as np
    import pandas as pd
    from sklearn.impute import SimpleImputer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    rng = np.random.default_rng(2)
    frame = pd.DataFrame({"oven_temp_c": rng.uniform(160, 240, 80).round(0), "proof_hours": rng.uniform(1, 4, 80)})
    frame["loaf"] = np.where(frame.oven_temp_c + 20 * frame.proof_hours > 250, "risen", "flat")
    frame.loc[3, "oven_temp_c"] = np.nan
    model = make_pipeline(SimpleImputer(strategy="mean"), LogisticRegression()).fit(
        frame[["oven_temp_c", "proof_hours"]], frame.loaf
    )
    joblib.dump(model, tmp_path / "model.joblib")
    frame.to_csv(tmp_path / "loaves.csv", index=False)
    config = tmp_path / "host.yaml"
    config.write_text(
        "name: bakery\nmodel_path: model.joblib\ndata_path: loaves.csv\ntarget: loaf\ninstance_noun: loaf\n"
    )
    assert main(["call", "get_prediction", "--host-config", str(config), "--args", '{"instance": 3}']) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["subject"]["filled"] == ["oven_temp_c"]
    assert result["subject"]["values"]["oven_temp_c"] == pytest.approx(frame.oven_temp_c.mean())
    assert main(["call", "get_prediction", "--host-config", str(config), "--args", '{"instance": true}']) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "simxai: invalid 'instance' for get_prediction: got true; it takes a loaf id (a whole number from 0 to 79), "
        "an object of loaf feature values or a condition selecting loaves, such as 'oven_temp_c > 219'"
    )
