"""`simxai-eval ttm-parse`: TalkToModel's parsing metric over a suite file, with a per-operation breakdown."""

from __future__ import annotations

import argparse
import asyncio
import json

import pytest

from simxai.eval_suite.commands.ttm import add_arguments, main, run
from simxai.eval_suite.ttm.evaluate import NO_PROGRAM, evaluate, gold_category, markdown, ttm_exact_match
from simxai.exceptions import UsageError
from simxai.integrations.ttm_data import load_ttm_dataset
from simxai.integrations.ttm_grammar import TTMGrammar
from simxai.integrations.ttm_templates import SuitePair, fill_for_dataset, read_suite, write_suite


@pytest.fixture(scope="module")
def compas(datasets_dir):
    return load_ttm_dataset("compas", datasets_dir / "talktomodel" / "data")


@pytest.fixture(scope="module")
def template_pairs(compas, datasets_dir):
    cases = fill_for_dataset(compas, datasets_dir / "talktomodel" / "explain" / "prompts", seed=1)
    return cases[::15]  # a spread over every template file


def arguments(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_exact_match_is_talktomodels_check_correctness():
    assert ttm_exact_match("filter id 5 and predict [e]", "filter id 5 and predict [e]")
    assert ttm_exact_match("filter id 5  and predict[e]", "filter id 5 and predict [e]")  # spaces do not count
    assert not ttm_exact_match("filter id 5 and likelihood [e]", "filter id 5 and predict [e]")
    assert not ttm_exact_match("filter id 55 and predict [e]", "filter id 5 and predict [e]")


def test_gold_category_inside_and_outside_the_grammar(compas):
    grammar = TTMGrammar(compas.vocabulary)
    assert gold_category("filter id 5 and predict [e]", grammar) == ("predict", True)
    assert gold_category("filter age equal to 3 and change age set 4 and likelihood [e]", grammar) == (
        "change",
        True,
    )
    assert gold_category("filter age greater than 3 and coundata [e]", grammar) == (
        "coundata",
        False,
    )  # a typo
    assert gold_category("filter id 24 and explain features and predict? [e]", grammar) == ("predict?", False)


def test_read_suite_names_what_is_wrong(tmp_path):
    path = tmp_path / "suite.txt"
    path.write_text("What is the prediction for id 5?\nFilter id 5 and Predict [E]\n\nwhy?\nprevious [e]\n")
    assert read_suite(path) == [
        SuitePair("What is the prediction for id 5?", "filter id 5 and predict [e]"),
        SuitePair("why?", "previous [e]"),
    ]
    path.write_text("an utterance without gold\n\nwhy?\nprevious [e]\n")
    with pytest.raises(UsageError, match="pair 1 has 1 lines"):
        read_suite(path)
    path.write_text("why?\nprevious\n")
    with pytest.raises(UsageError, match="does not end in \\[e\\]"):
        read_suite(path)
    with pytest.raises(UsageError, match="no parse suite at"):
        read_suite(tmp_path / "missing.txt")


def test_ttm_parse_scores_a_template_suite(tmp_path, capsys, datasets_dir, template_pairs):
    suite = write_suite(template_pairs, tmp_path / "compas_suite.txt")
    out = tmp_path / "report.json"
    code = asyncio.run(
        run(
            arguments(
                "--suite",
                str(suite),
                "--dataset",
                "compas",
                "--data-dir",
                str(datasets_dir),
                "--out",
                str(out),
                "--errors",
                "3",
            )
        )
    )
    assert code == 0
    report = json.loads(out.read_text())
    cases = report["cases"]
    assert report["n"] == len(template_pairs) == len(cases)
    assert report["correct"] == sum(c["correct"] for c in cases)
    assert report["exact_match"] == pytest.approx(report["correct"] / report["n"])
    assert report["no_program"] == sum(c["parse"] == NO_PROGRAM for c in cases)
    assert sum(o["n"] for o in report["operations"]) == report["n"]
    assert sum(o["correct"] for o in report["operations"]) == report["correct"]
    for case in cases:
        assert case["correct"] == (case["parse"] != NO_PROGRAM and ttm_exact_match(case["parse"], case["gold"]))
    assert 0.3 < report["exact_match"] < 1.0  # the learned parser misses some of TalkToModel's phrasings
    printed = capsys.readouterr().out
    assert (
        f"**{report['correct']}/{report['n']} = " in printed and "| operation | n | correct | exact match |" in printed
    )
    assert "Wrong parses:" in printed


def test_a_suite_of_the_parsers_own_outputs_scores_one(compas, template_pairs):
    """The metric's plumbing: gold parses equal to what the parser produces are all counted correct."""
    first = asyncio.run(evaluate([SuitePair(p.utterance, p.gold) for p in template_pairs], compas, "router"))
    produced = [SuitePair(c.utterance, c.parse) for c in first.cases if c.parse != NO_PROGRAM]
    again = asyncio.run(evaluate(produced, compas, "router", concurrency=3))
    assert again.n == len(produced) and again.correct == again.n and again.exact_match == 1.0
    assert again.gold_outside_grammar == 0 and again.exact_match_in_grammar == 1.0
    assert "100.0%" in markdown(again)


def test_concurrency_does_not_change_the_report(compas, template_pairs):
    pairs = [SuitePair(p.utterance, p.gold) for p in template_pairs[:12]]
    one = asyncio.run(evaluate(pairs, compas, "router", concurrency=1))
    four = asyncio.run(evaluate(pairs, compas, "router", concurrency=4))
    assert one.cases == four.cases
    with pytest.raises(UsageError, match="--concurrency must be at least 1"):
        asyncio.run(evaluate(pairs, compas, "router", concurrency=0))


def test_bad_usage_exits_with_2(tmp_path, capsys, datasets_dir):
    assert main(["--suite", str(tmp_path / "missing.txt"), "--dataset", "compas", "--data-dir", str(datasets_dir)]) == 2
    assert "no parse suite at" in capsys.readouterr().err
    suite = tmp_path / "suite.txt"
    suite.write_text("why?\nprevious [e]\n")
    assert main(["--suite", str(suite), "--dataset", "compas", "--data-dir", str(tmp_path)]) == 2
    assert "is not in" in capsys.readouterr().err
    assert main(["--suite", str(suite), "--dataset", "compas", "--data-dir", str(datasets_dir), "--limit", "0"]) == 2
    with pytest.raises(SystemExit):
        main(["--suite", str(suite), "--dataset", "adult"])


def test_a_failing_backend_is_recorded_per_case(compas):
    from simxai.backends.testing import ScriptedBackend
    from simxai.exceptions import BackendUnavailableError

    backend = ScriptedBackend([BackendUnavailableError("down"), BackendUnavailableError("down")], writes_replies=False)
    pairs = [SuitePair("what is the prediction for id 5?", "filter id 5 and predict [e]")] * 2
    report = asyncio.run(evaluate(pairs, compas, backend))
    assert report.correct == 0 and report.no_program == 2
    assert all(c.reason == "BackendUnavailableError: down" for c in report.cases)


def test_simxai_eval_has_the_ttm_parse_subcommand(tmp_path, datasets_dir, template_pairs):
    from simxai.eval_suite.cli import main as eval_main

    suite = write_suite(template_pairs[:6], tmp_path / "suite.txt")
    out = tmp_path / "r.json"
    argv = ["ttm-parse", "--suite", str(suite), "--dataset", "compas", "--data-dir", str(datasets_dir)]
    assert eval_main([*argv, "--out", str(out)]) == 0
    assert json.loads(out.read_text())["n"] == 6
