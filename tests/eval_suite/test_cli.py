import argparse
import json

import pytest

from simxai.backends.testing.mockserver import MockLLMServer, text_message
from simxai.eval_suite.cli import SUBCOMMANDS, build_parser, main, register_command
from simxai.eval_suite.report import FaithfulnessReport, ParseReport, ReportSet, load_report
from simxai.exceptions import UsageError

TABLE_4 = [
    "22/26 | 84.6 %",
    "23/26 | 88.5 %",
    "36/40 | 90.0 %",
    "38/40 | 95.0 %",
    "43/47 | 91.5 %",
    "44/47 | 93.6 %",
    "71/78 | 91.0 %",
    "64/78 | 82.1 %",
]


def test_reproduce_prints_table_4_figures_exactly(capsys, datasets_dir):
    assert main(["reproduce", "--data-dir", str(datasets_dir)]) == 0
    out = capsys.readouterr().out
    for figure in TABLE_4:
        assert f"| {figure} | {figure.split(' | ')[1]} |" in out  # recomputed next to the reported figure
    assert "MISMATCH" not in out and out.count("| match |") == len(TABLE_4)
    assert "Not recomputable from the public files:" in out and "no recorded predictions" in out
    # The paper's Table 4 beside the recomputed figures, and a line per disagreement.
    assert "| 43/47 | 91.5 % | 91.5 % | match | 91.5 % | same |" in out
    assert "| 22/26 | 84.6 % | 84.6 % | match | 88 % | differs |" in out
    disagreements = out.split("Where the public files disagree with the paper's Table 4:\n", 1)[1].split("\n\n")[0]
    assert disagreements.splitlines() == [
        "- Parsing: multi-turn, Compass-MultiTurn, recorded ToolACE run: the paper gives 88 %, the public file "
        "gives 84.6 % (22/26); 88 % in the public data is: Compass-MultiTurn, earlier recorded run",
        "- Faithfulness, sentiment rows, human labels: preserved: the paper gives 93.6 %, the public file gives "
        "90.3 % (28/31); 93.6 % in the public data is: heart-rate rows, judge labels: preserved",
        "- Contextualization, coherent replies on turns needing context, human labels, sentiment rows: the paper "
        "gives 90.9 %, the public file gives 100.0 % (20/20)",
        "- Contextualization, coherent replies on turns needing context, human labels, heart-rate rows: the paper "
        "gives 94.74 %, the public file gives 79.3 % (23/29)",
        "- Judge-human agreement, relevance, heart-rate 47 rows (kappa 0.511): the paper gives 76.6 %, the public "
        "file gives 74.5 % (35/47)",
    ]
    for figure in ("86 %", "92.5 %", "96 %"):
        assert f": {figure} (" in out  # the paper's figures no public file can recompute


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["parse", "--dataset", "nope"], "unknown parsing dataset 'nope'; valid: simxai-single-turn"),
        (
            ["parse", "--dataset", "coxql", "--data-dir", "/no/such/folder"],
            "--data-dir /no/such/folder is not a folder",
        ),
        (
            ["faithfulness", "--dataset", "compass"],
            "unknown answer set 'compass'; valid: syn-qa, syn-combined",
        ),
        (["context", "--dataset", "syn-combined"], "context of recorded replies needs --dataset syn-qa"),
        (["faithfulness", "--dataset", "nope", "--backend", "router"], "unknown parsing dataset 'nope'"),
        (
            ["context", "--dataset", "compass-multiturn", "--backend", "recorded:compass-toolace"],
            "hold first calls",
        ),
        (
            ["parse", "--dataset", "coxql", "--backend", "recorded:compass-toolace"],
            "is a run on compass-multiturn",
        ),
        (["parse", "--dataset", "coxql", "--backend", "nonsense"], "unknown backend 'nonsense'"),
        (
            ["parse", "--dataset", "coxql", "--functions", "skip", "--history", "free-running"],
            "needs --history",
        ),
        (["report", "/no/such/report.json"], "does not exist"),
    ],
)
def test_bad_usage_exits_2_with_a_clear_message(argv, message, capsys, datasets_dir):
    if "--data-dir" not in argv and argv[0] != "report":
        argv = [*argv, "--data-dir", str(datasets_dir)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("simxai-eval: error: ") and message in err


def test_concurrency_must_be_positive(datasets_dir):
    with pytest.raises(SystemExit) as exc:
        main(["parse", "--dataset", "coxql", "--concurrency", "0", "--data-dir", str(datasets_dir)])
    assert exc.value.code == 2


def test_recorded_runs_are_scored_without_a_model(capsys, datasets_dir, tmp_path):
    out = tmp_path / "r.json"
    assert (
        main(
            [
                "parse",
                "--dataset",
                "compass-multiturn",
                "--backend",
                "recorded:compass-toolace",
                "--data-dir",
                str(datasets_dir),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    report = load_report(out)
    assert isinstance(report, ParseReport)
    assert (report.totals.correct, report.totals.in_scope) == (22, 26)
    assert "| 22/26 | 84.6 % |" in capsys.readouterr().out


def test_parse_writes_the_report_and_plots_and_resumes_from_the_cache(capsys, datasets_dir, tmp_path):
    out = tmp_path / "r.json"
    argv = [
        "parse",
        "--dataset",
        "compass-multiturn",
        "--backend",
        "oracle",
        "--host",
        "demo",
        "--functions",
        "skip",
        "--data-dir",
        str(datasets_dir),
        "--out",
        str(out),
        "--cache-dir",
        str(tmp_path / "cache"),
        "--quiet",
    ]
    assert main(argv) == 0
    first = ParseReport.model_validate_json(out.read_text())
    assert first.totals.accuracy == 1.0 and first.totals.cached == 0
    assert (tmp_path / "r.confusion.png").read_bytes()[:4] == b"\x89PNG"
    assert main(argv) == 0
    assert ParseReport.model_validate_json(out.read_text()).totals.cached == 26
    assert "| compass-multiturn | oracle | 26/26 | 100.0 % |" in capsys.readouterr().out


def test_parse_all_runs_every_parsing_set(eval_argv, tmp_path):
    out = tmp_path / "all.json"
    argv = eval_argv(
        "parse", "--dataset", "all", "--backend", "oracle", "--host", "demo", "--functions", "skip", "--limit", "6",
        out=out,
    )  # fmt: skip
    assert main(argv) == 0
    reports = ReportSet.model_validate_json(out.read_text()).reports
    assert [r.dataset for r in reports] == list(cli_datasets())
    assert all(len(r.cases) == 6 for r in reports)
    assert (tmp_path / "all.coxql.confusion.png").exists()


def cli_datasets():
    from simxai.eval_suite.data.datasets import PARSING_DATASETS

    return PARSING_DATASETS


def judge_responder(body):
    prompt = body["messages"][-1]["content"]
    if "faithfulness" in prompt:
        verdict = "not_preserved" if "mistake" in prompt.lower() else "preserved"
        return text_message(json.dumps({"verdict": verdict, "reason": "checked"}))
    return text_message('```json\n{"verdict": 1, "reason": "refers back"}\n```')


def test_faithfulness_with_an_openai_judge_against_a_mock_server(capsys, eval_argv, tmp_path):
    out = tmp_path / "f.json"
    with MockLLMServer(judge_responder, max_requests=200) as server:
        code = main(
            eval_argv(
                "faithfulness", out=out, judge_url=server.base_url, judge="openai:meta-llama/Llama-3.1-8B-Instruct"
            )
        )
        assert code == 0 and len(server.requests) == 78
        assert server.requests[0]["model"] == "meta-llama/Llama-3.1-8B-Instruct"
    report = FaithfulnessReport.model_validate_json(out.read_text())
    rates = {(r.rater, r.subset): r for r in report.rates}
    assert rates[("human", "heart-rate")].positive == 43 and rates[("recorded-judge", "heart-rate")].positive == 44
    judged = rates[("openai:meta-llama/Llama-3.1-8B-Instruct", "all")]
    assert judged.n == 78 and judged.unparseable == 0 and 0 < judged.positive < 78
    assert (tmp_path / "f.agreement.png").exists()


def test_context_and_agreement_with_the_mock_judge(capsys, eval_argv, tmp_path):
    with MockLLMServer(judge_responder, max_requests=500) as server:
        assert main(eval_argv("context", out=tmp_path / "c.json", judge_url=server.base_url)) == 0
        context_requests = len(server.requests)
        assert context_requests == 78 + 49  # relevance on every row, coherence on the rows needing context
        assert main(eval_argv("agreement", out=tmp_path / "a.json", judge_url=server.base_url)) == 0
    out = capsys.readouterr().out
    assert "| relevance | all | human vs recorded-judge | 64/78 | 82.1 % |" in out
    assert "| coherence | all | human vs openai:judge | 43/49 |" in out
    agreement = load_report(tmp_path / "a.json")
    aspects = {(a.aspect, a.rater_b) for a in agreement.agreement if a.subset == "all"}
    assert {
        ("faithfulness", "recorded-judge"),
        ("relevance", "recorded-judge"),
        ("coherence", "openai:judge"),
        ("faithfulness", "openai:judge"),
    } <= aspects
    assert (tmp_path / "a.agreement.png").exists()


def test_agreement_without_a_judge_uses_the_recorded_labels(capsys, datasets_dir):
    assert main(["agreement", "--data-dir", str(datasets_dir), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "| faithfulness | all | human vs recorded-judge | 71/78 | 91.0 % | 0.413 |" in out
    assert "no judge coherence labels" in out


def test_a_server_that_stops_answering_gives_error_verdicts_not_labels(capsys, eval_argv, tmp_path):
    out = tmp_path / "f.json"
    with MockLLMServer(judge_responder, max_requests=5) as server:
        argv = eval_argv(
            "faithfulness", "--timeout", "5", "--limit", "6", "--concurrency", "1",
            out=out, judge_url=server.base_url, judge="openai:j",
        )  # fmt: skip
        assert main(argv) == 0
    report = FaithfulnessReport.model_validate_json(out.read_text())
    statuses = [c.judge_status for c in report.cases]
    assert statuses.count("ok") == 5 and statuses.count("error") == 1
    assert all(c.judge is None for c in report.cases if c.judge_status == "error")


def test_report_reprints_a_saved_report(capsys, datasets_dir, tmp_path):
    out = tmp_path / "r.json"
    main(
        [
            "parse",
            "--dataset",
            "sentiment-dialogues",
            "--backend",
            "recorded:sentiment-results",
            "--data-dir",
            str(datasets_dir),
            "--out",
            str(out),
        ]
    )
    capsys.readouterr()
    assert main(["report", str(out)]) == 0
    assert "| sentiment-dialogues | recorded:sentiment-results | 38/40 | 95.0 % |" in capsys.readouterr().out


def test_a_subcommand_can_be_registered(capsys):
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--word", default="hi")

    register_command("echo", "print a word", configure, lambda args: print(args.word) or 0)
    try:
        assert main(["echo", "--word", "lext"]) == 0 and capsys.readouterr().out == "lext\n"
        with pytest.raises(UsageError, match="already has a subcommand 'echo'"):
            register_command("echo", "again", configure, lambda args: 0)
    finally:
        SUBCOMMANDS.pop("echo")


def test_every_command_module_is_imported_explicitly():
    build_parser()
    assert {"lext", "ttm-parse", "synth", "synth-merge", "parse", "reproduce"} <= set(SUBCOMMANDS)


def test_faithfulness_and_context_of_a_layers_own_replies(capsys, eval_argv, tmp_path):
    layer = ["--backend", "oracle", "--host", "demo", "--dataset", "sentiment-dialogues"]
    with MockLLMServer(judge_responder, max_requests=200) as server:
        assert main(eval_argv("faithfulness", *layer, out=tmp_path / "f.json", judge_url=server.base_url)) == 0
        assert len(server.requests) == 40
        prompts = [r["messages"][-1]["content"] for r in server.requests]
        argv = eval_argv(
            "context", *layer, "--history", "free-running", out=tmp_path / "c.json", judge_url=server.base_url
        )
        assert main(argv) == 0
    faithfulness = FaithfulnessReport.model_validate_json((tmp_path / "f.json").read_text())
    assert faithfulness.backend == "oracle" and len(faithfulness.cases) == 40
    assert all(c.human is None and c.judge_status == "ok" and c.guard is not None for c in faithfulness.cases)
    # Turns whose function ran on the host are judged against its rendered output.
    card = next(c for c in faithfulness.cases if c.functions == ["get_model_information"])
    judged = [p for p in prompts if "1. get_model_information: The model is a" in p]
    assert judged and any(card.answer[:40] in p for p in judged)
    context = load_report(tmp_path / "c.json")
    first_turns = [c for c in context.cases if c.case_id.endswith("#0")]
    assert len(first_turns) == 5 and all(c.context_turns == 0 for c in first_turns)
    assert all(c.context_turns > 0 for c in context.cases if not c.case_id.endswith("#0"))


def test_a_missing_extra_is_named_before_any_work_with_the_pip_install(monkeypatch, capsys, tmp_path, datasets_dir):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    import dataclasses

    called: list[argparse.Namespace] = []
    recording = dataclasses.replace(SUBCOMMANDS["parse"], run=lambda args: called.append(args) or 0)
    monkeypatch.setitem(SUBCOMMANDS, "parse", recording)
    code = main(["parse", "--dataset", "compass-multiturn", "--backend", "router", "--data-dir", str(datasets_dir),
                 "--out", str(tmp_path / "r.json"), "--quiet"])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert code == 2 and not called and not (tmp_path / "r.json").exists()
    assert err == (
        "simxai-eval: error: parse needs matplotlib for the plots written beside --out, which are not installed; "
        "run: pip install 'simxai[eval]'"
    )


def test_the_command_line_lists_every_command_module_and_nothing_registers_itself():
    from pathlib import Path

    import simxai.eval_suite.commands as commands
    from simxai.eval_suite.cli import COMMAND_MODULES

    modules = {p.stem for p in Path(commands.__file__).parent.glob("*.py")} - {"__init__", "options"}
    assert sorted(m.__name__.rpartition(".")[2] for m in COMMAND_MODULES) == sorted(modules)
    listed = [c.name for m in COMMAND_MODULES for c in m.COMMANDS]
    assert list(SUBCOMMANDS)[: len(listed)] == listed and len(set(listed)) == len(listed)
