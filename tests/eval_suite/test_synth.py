"""simxai-eval synth: plan, generate (scripted and OpenAI-shaped backends), check, write, re-import, evaluate."""

import argparse
import csv
import json
import re

import pytest

from simxai.backends.testing import FunctionBackend, reply
from simxai.backends.testing.mockserver import MockLLMServer, text_message
from simxai.eval_suite.cli import main
from simxai.eval_suite.commands.synth import _synth
from simxai.eval_suite.data.datasets import load_cases
from simxai.eval_suite.judged.judge import JudgeReplyError
from simxai.eval_suite.runner import run_async
from simxai.eval_suite.synth.build import Generated, check_dialogues, merge_annotations
from simxai.eval_suite.synth.plan import plan_dialogues, read_turns
from simxai.exceptions import UsageError
from simxai.functions import default_registry

PHRASES = {
    "get_prediction": "what does the model predict for {who}?",
    "get_local_explanation": "why was {who} given that prediction?",
    "explain_why_not": "why isn't {who} predicted the other way?",
    "explain_how_to_be_that": "what would have to change for {who} to get the other label?",
    "explain_how_to_still_be_this": "how much can {who} change and keep the same prediction?",
    "get_model_performance": "what is the model's {metric}?",
    "get_global_explanation": "which features matter most to the model overall?",
    "get_model_information": "what kind of model is this?",
    "get_output_information": "which labels can the model give?",
}


def _step(line):
    number, follow, function, args = re.match(r"(\d+)\. (\[follow-up\] )?(\w+)\((.*)\)$", line).groups()
    arguments = {}
    for part in filter(None, re.split(r", (?=\w+=)", args)):
        name, value = part.split("=", 1)
        arguments[name] = json.loads(value)
    return function, arguments, bool(follow)


def write_dialogue(prompt, *, wrong_id=False):
    """What a well-behaved generator writes for a prompt: one user turn per plan step, in plain words."""
    noun = re.search(r"for each (\w+)\.", prompt).group(1)
    count = int(re.search(r"exactly (\d+) user turns", prompt).group(1)) if "Plan:" in prompt else None
    if count is None:  # unconstrained
        count = int(re.search(r"for (\d+) turns", prompt).group(1))
        focus = re.search(rf"starting from {noun}\s+(\d+)", prompt).group(1)
        turns = [{"user": f"tell me about {noun} {focus}, question {i}", "assistant": "Sure."} for i in range(count)]
        return json.dumps({"turns": turns})
    steps = [_step(line) for line in prompt.split("Plan:\n", 1)[1].split("\n\n", 1)[0].splitlines()]
    turns = []
    for function, arguments, follow in steps:
        instance = arguments.get("instance")
        if wrong_id and instance is not None:
            instance += 1
        who = f"that {noun}" if follow else f"{noun} {instance}"
        if function == "explain_what_if":
            ((feature, value),) = arguments["changes"].items()
            text = (
                f"what if {who} did not say '{feature}'?"
                if value == ""
                else f"what if the {feature} of {who} were {value}?"
            )
        elif function == "get_data_information":
            text = (
                f"tell me about the {arguments['feature']} feature" if "feature" in arguments else "describe the data"
            )
        else:
            text = PHRASES[function].format(who=who, metric=arguments.get("metric"))
        turns.append({"user": text, "assistant": "Here is what the model says."})
    return json.dumps({"turns": turns})


def generator(bad=()):
    """A scripted generator: plan index in `bad` gets an unreadable reply (twice) or a wrong id."""
    seen = []

    def respond(request):
        prompt = request.messages[1].content
        seen.append(request)
        index = len({m.content for r in seen for m in r.messages[1:2]}) - 1
        if ("garbage", index) in bad:
            return reply("Sure! Here is a lovely dialogue.")
        return reply(write_dialogue(prompt, wrong_id=("wrong-id", index) in bad))

    backend = FunctionBackend(respond, name="scripted-generator")
    backend.seen = seen
    return backend


def _args(tmp_path, **overrides):
    values = dict(
        host="demo",
        setting="constrained",
        dialogues=6,
        turns=4,
        seed=0,
        temperature=0.8,
        out=tmp_path / "set",
        concurrency=1,
        cache_dir=tmp_path / "cache",
        no_cache=False,
        quiet=True,
    )
    return argparse.Namespace(**{**values, **overrides})


def test_constrained_plans_cover_every_function_and_run_on_the_host(demo_host):
    registry = default_registry()
    plans = plan_dialogues(demo_host, registry, setting="constrained", dialogues=3, turns=4, seed=1)
    assert [p.count for p in plans] == [4, 4, 4]
    functions = [t.function for p in plans for t in p.turns]
    assert set(functions) == set(registry.names())  # 12 turns cover the 11 functions
    for plan in plans:
        for turn in plan.turns:
            registry.get(turn.function)(demo_host, turn.arguments)  # every gold call runs
            if "instance" in turn.arguments:
                assert turn.arguments["instance"] == plan.focus
    assert plan_dialogues(demo_host, registry, setting="constrained", dialogues=3, turns=4, seed=1) == plans


def test_generate_check_write_reimport_and_evaluate_on_the_demo_host(tmp_path, capsys):
    backend = generator(bad={("garbage", 2), ("wrong-id", 4)})
    report, (dialogues, report_path, sheet) = run_async(_synth(_args(tmp_path), backend))
    assert report.planned == 6 and report.kept == 4
    assert report.dropped == {"unreadable reply": 1, "a turn names an id its plan does not": 1}
    assert json.loads(report_path.read_text())["kept"] == 4
    prompts = [r.messages[1].content for r in backend.seen]
    assert all("Task: synth_constrained" in p and "get_local_explanation(instance" in p for p in prompts)
    assert all(r.temperature == 0.8 and r.tool_choice == "none" for r in backend.seen)
    cases = load_cases(f"file:{dialogues}", tmp_path)
    assert len(cases) == 16 and all(c.gold is not None and c.dialogue for c in cases)
    assert cases[1].context[0][0] == "user" and cases[1].context[1][0] == "assistant"
    with sheet.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 16 and {r["realistic"] for r in rows} == {""} and rows[0]["function"]
    # The generated file runs through the evaluation commands unchanged.
    argv = ["parse", "--dataset", f"file:{dialogues}", "--host", "demo", "--history", "free-running"]
    assert main([*argv, "--backend", "oracle", "--no-cache", "--quiet", "--out", str(tmp_path / "o.json")]) == 0
    oracle = json.loads((tmp_path / "o.json").read_text())
    assert oracle["totals"]["correct"] == oracle["totals"]["labeled"] == 16
    assert main([*argv, "--backend", "router", "--no-cache", "--quiet"]) == 0
    capsys.readouterr()


def test_a_resumed_run_asks_again_only_for_failed_dialogues(tmp_path):
    run_async(_synth(_args(tmp_path, dialogues=3), generator(bad={("garbage", 1)})))
    again = generator()
    report, _ = run_async(_synth(_args(tmp_path, dialogues=3), again))
    assert report.kept == 3 and len(again.seen) == 1  # the two finished dialogues came from the cache


def test_the_sentiment_host_plans_word_edits_and_reviews(tmp_path, capsys):
    report, (dialogues, _, _) = run_async(_synth(_args(tmp_path, host="sentiment", dialogues=4, turns=3), generator()))
    assert report.kept == 4
    data = json.loads(dialogues.read_text())
    user_turns = [t for d in data["dialogues"] for t in d["conversation"] if t["speaker"] == "user"]
    assert all(t["tool"] in default_registry().names() for t in user_turns)
    assert any("review" in t["message"] for t in user_turns)
    # Parsed by the oracle (every gold call runs on the host), then judged by the guard, unchanged commands.
    common = ["--dataset", f"file:{dialogues}", "--host", "sentiment", "--backend", "oracle", "--no-cache", "--quiet"]
    assert main(["parse", *common, "--out", str(tmp_path / "p.json")]) == 0
    parsed = json.loads((tmp_path / "p.json").read_text())
    assert parsed["totals"]["correct"] == parsed["totals"]["labeled"] == 12
    assert main(["faithfulness", *common, "--out", str(tmp_path / "f.json")]) == 0
    assert len(json.loads((tmp_path / "f.json").read_text())["cases"]) == 12


def test_near_duplicates_and_unknown_ids_are_dropped(demo_host):
    schema = demo_host.schema()
    plan = {"index": 0, "setting": "unconstrained", "focus": 3, "count": 2, "turns": []}
    turns = [("what does it predict for patient 3?", "ok"), ("and why?", "ok")]

    def made(index, turns):
        return Generated(plan={**plan, "index": index}, status="ok", turns=turns)

    kept, dropped = check_dialogues(
        [
            made(0, turns),
            made(1, [("what does it predict for patient 3 ?", "ok"), ("and why?", "ok")]),
            made(2, [("what about patient 9000?", "ok"), ("ok", "ok")]),
            made(3, [("how accurate is the model?", "ok"), ("which features matter?", "ok")]),
        ],
        schema,
    )
    assert [g.plan["index"] for g in kept] == [0, 3]
    assert dropped == {"near-duplicate of a kept dialogue": 1, "a turn names an id the host does not have": 1}


def test_read_turns_is_strict():
    assert read_turns('{"turns": [{"user": "a", "assistant": "b"}]}', 1) == [("a", "b")]
    for bad, message in (
        ('{"turns": []}', "exactly 1"),
        ('{"turns": [{"user": "", "assistant": "b"}]}', "non-empty"),
        ("no json", "not a single JSON object"),
    ):
        with pytest.raises(JudgeReplyError, match=message):
            read_turns(bad, 1)


def test_unconstrained_turns_are_unlabelled_until_merged(tmp_path):
    report, (dialogues, _, sheet) = run_async(
        _synth(_args(tmp_path, setting="unconstrained", dialogues=2, turns=2), generator())
    )
    assert report.kept == 2
    assert all(c.gold is None for c in load_cases(f"file:{dialogues}", tmp_path))
    with sheet.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    rows[0].update(corrected_function="get_prediction", corrected_arguments='{"instance": 5}')
    rows[1].update(corrected_function="no tool")
    rows[2].update(realistic="no")
    edited = tmp_path / "edited.csv"
    with edited.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    merged = tmp_path / "merged.json"
    counts = merge_annotations(dialogues, edited, default_registry(), merged)
    assert counts == {"turns newly labelled": 2, "dialogues removed": 1, "dialogues kept": 1}
    cases = load_cases(f"file:{merged}", tmp_path)
    assert [c.gold.alternatives if c.gold else None for c in cases] == [("get_prediction",), ("no tool",)]
    assert cases[0].argument == "5"
    rows[0].update(corrected_function="get_everything")
    with edited.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with pytest.raises(UsageError, match="edited.csv row 2: corrected_function 'get_everything' is not one of"):
        merge_annotations(dialogues, edited, default_registry(), merged)
    assert load_cases(f"file:{merged}", tmp_path)[0].gold.alternatives == ("get_prediction",)  # untouched


def test_synth_through_an_openai_compatible_server(tmp_path, capsys):
    def responder(body):
        return text_message(write_dialogue(body["messages"][-1]["content"]))

    with MockLLMServer(responder, max_requests=20) as server:
        argv = ["synth", "--host", "demo", "--backend", "openai:writer", "--base-url", server.base_url]
        argv += ["--dialogues", "3", "--turns", "4", "--out", str(tmp_path / "s"), "--no-cache", "--quiet"]
        assert main(argv) == 0
        bodies = server.requests
    assert len(bodies) == 3 and all(b["model"] == "writer" and b["temperature"] == 0.8 for b in bodies)
    assert "Task: synth_constrained" in bodies[0]["messages"][-1]["content"]
    out = capsys.readouterr().out
    assert "synth demo constrained: 3 of 3 dialogues kept (12 user turns)" in out
    assert "not covered" not in out and "evaluate: simxai-eval parse --dataset file:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["synth", "--out", "x"], "synth needs --backend"),
        (["synth", "--out", "x", "--backend", "router"], "cannot write dialogues"),
        (["synth", "--out", "x", "--backend", "scripted", "--dialogues", "0"], "--dialogues must be at least 1"),
        (["synth-merge", "/no/such"], "is not a file"),
    ],
)
def test_bad_usage_exits_2(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err
