import json

import pytest

from simxai.agent import Agent
from simxai.backends.testing import FunctionBackend, ScriptedBackend, call, reply
from simxai.eval_suite.data.datasets import PARSING_DATASETS, load_cases
from simxai.eval_suite.parsing.evaluate import ParseConfig, evaluate_parse, select_cases
from simxai.eval_suite.parsing.oracle import OracleBackend
from simxai.exceptions import BackendUnavailableError, UsageError

LARGE = {"simxai-single-turn", "coxql", "coxql-groups", "simxai-legacy"}


@pytest.mark.parametrize("name", list(PARSING_DATASETS))
async def test_the_oracle_scores_exactly_one_on_every_parsing_set(name, oracle_agent, datasets_dir):
    cases = load_cases(name, datasets_dir)
    if name in LARGE:  # a seeded sample keeps the test fast; the small sets run in full
        cases = select_cases(cases, 150, seed=1)
    report = await evaluate_parse(cases, oracle_agent, dataset=name, concurrency=8, progress=False)
    t = report.totals
    assert t.errors == 0
    if PARSING_DATASETS[name].labeled:
        assert t.in_scope > 0 and t.accuracy == 1.0
        assert t.argument_cases == 0 or t.argument_accuracy == 1.0
    else:
        assert t.accuracy is None and t.reference_cases > 0 and t.reference_agreement == 1.0


async def test_the_oracle_through_functions_that_really_run(demo_host, datasets_dir):
    cases = load_cases("number-dialogues", datasets_dir)
    report = await evaluate_parse(cases, Agent(demo_host, OracleBackend()), dataset="number-dialogues", progress=False)
    assert report.totals.accuracy == 1.0 and report.totals.errors == 0


def _gold_turns(path):
    data = json.loads(path.read_text())
    return [t["tool"] for d in data["dialogues"] for t in d["conversation"] if t["speaker"] == "user"]


@pytest.mark.parametrize(
    ("name", "relative"),
    [
        ("compass-multiturn", "simxai/evaluation_suite/data/multi-turn/conversation_2turns_compass.json"),
        ("sentiment-dialogues", "simxai/agent/conversation_eval_set/conversation_test.json"),
    ],
)
async def test_a_scripted_wrong_backend_scores_the_expected_number(name, relative, selection_host, datasets_dir):
    # Always call get_prediction: correct exactly where the gold (or one alternative) is get_prediction,
    # counted here from the raw file rather than through the loader.
    expected = sum(
        "get_prediction" in [g.strip() for g in tool.split(" / ")] for tool in _gold_turns(datasets_dir / relative)
    )
    backend = FunctionBackend(
        lambda request: reply("", call("get_prediction")), name="always-predict", writes_replies=False
    )
    cases = load_cases(name, datasets_dir)
    report = await evaluate_parse(cases, Agent(selection_host, backend), dataset=name, progress=False)
    assert report.totals.correct == expected
    assert report.totals.accuracy == pytest.approx(expected / len(cases))
    assert 0 < expected < len(cases)


async def test_a_failing_case_is_recorded_and_the_run_goes_on(selection_host, datasets_dir):
    cases = load_cases("compass-multiturn", datasets_dir)[:3]
    backend = ScriptedBackend(
        [call("get_prediction"), BackendUnavailableError("server down"), "no call"], writes_replies=False
    )
    report = await evaluate_parse(cases, Agent(selection_host, backend), dataset="c", progress=False)
    assert [c.predicted for c in report.cases] == ["get_prediction", None, "no tool"]
    assert report.cases[1].error == "BackendUnavailableError: server down" and report.cases[1].correct is False
    assert report.totals.errors == 1 and report.totals.correct == 1


def _recording_backend(seen):
    def respond(request):
        seen.append(request.messages)
        return reply(f"reply {len(seen)}")

    return FunctionBackend(respond, name="recorder")


async def test_teacher_forced_history_replays_the_gold_replies(selection_host, datasets_dir):
    cases = load_cases("compass-multiturn", datasets_dir)[:2]
    seen = []
    await evaluate_parse(cases, Agent(selection_host, _recording_backend(seen)), dataset="c", progress=False)
    second = [m for m in seen[1] if m.role != "system"]
    assert second[0].content == cases[0].text
    assert second[1].role == "assistant" and second[1].content.startswith("The sentiment is positive")
    assert second[2].content == cases[1].text


async def test_free_running_history_holds_the_layers_own_replies(selection_host, datasets_dir):
    cases = load_cases("compass-multiturn", datasets_dir)[:2]
    seen = []
    agent = Agent(selection_host, _recording_backend(seen))
    report = await evaluate_parse(cases, agent, dataset="c", config=ParseConfig(history="free-running"), progress=False)
    second = [m for m in seen[1] if m.role != "system"]
    assert [m.content for m in second] == [cases[0].text, "reply 1", cases[1].text]
    assert report.config["history"] == "free-running"


def test_limit_samples_are_seeded_and_whole_dialogues_stay_whole(datasets_dir):
    cases = load_cases("sentiment-dialogues", datasets_dir)
    assert select_cases(cases, 7, 3) == select_cases(cases, 7, 3)
    assert len(select_cases(cases, 7, 3)) == 7
    whole = select_cases(cases, 7, 3, whole_dialogues=True)
    dialogues = {c.dialogue for c in whole}
    assert len(whole) == sum(c.dialogue in dialogues for c in cases) >= 7
    with pytest.raises(UsageError):
        select_cases(cases, 0, 0)
