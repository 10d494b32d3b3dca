import json

import pytest

from simxai.agent import Agent
from simxai.backends.testing import FunctionBackend, call, reply
from simxai.eval_suite.data.datasets import load_cases
from simxai.eval_suite.parsing.evaluate import evaluate_parse
from simxai.eval_suite.report import ParseCase
from simxai.eval_suite.runner import CaseCache, cache_key, run_units


class Interrupted(BaseException):
    """Stands in for Ctrl-C: not an Exception, so no case catches it."""


def counting_backend(stop_after=None):
    calls = []

    def respond(request):
        if stop_after is not None and len(calls) == stop_after:
            raise Interrupted
        calls.append(request.messages[-1].content)
        return reply("", call("get_prediction"))

    return FunctionBackend(respond, name="counter", writes_replies=False), calls


async def test_an_interrupted_run_resumes_where_it_stopped(selection_host, datasets_dir, tmp_path):
    cases = load_cases("compass-multiturn", datasets_dir)
    backend, calls = counting_backend(stop_after=10)
    with pytest.raises(Interrupted):
        await evaluate_parse(
            cases,
            Agent(selection_host, backend),
            dataset="compass-multiturn",
            cache=CaseCache(tmp_path, "parse"),
            progress=False,
        )
    assert len(calls) == 10
    assert len(CaseCache(tmp_path, "parse")) == 10

    backend, calls = counting_backend()
    report = await evaluate_parse(
        cases,
        Agent(selection_host, backend),
        dataset="compass-multiturn",
        cache=CaseCache(tmp_path, "parse"),
        progress=False,
    )
    assert len(calls) == len(cases) - 10  # only the rest ran
    assert calls == [c.text for c in cases[10:]]
    assert report.totals.cached == 10 and report.totals.cases == len(cases)
    assert [c.case_id for c in report.cases] == [c.id for c in cases]


async def test_the_cache_key_separates_backends_and_configurations(selection_host, datasets_dir, tmp_path):
    cases = load_cases("compass-multiturn", datasets_dir)[:2]
    for name in ("one", "two"):
        backend, calls = counting_backend()
        backend.name = name
        await evaluate_parse(
            cases,
            Agent(selection_host, backend),
            dataset="c",
            cache=CaseCache(tmp_path, "parse"),
            progress=False,
        )
        assert len(calls) == 2
    assert cache_key("d", "1", "b", {"x": 1}) != cache_key("d", "1", "b", {"x": 2})


def test_a_torn_last_line_is_ignored(tmp_path):
    cache = CaseCache(tmp_path, "parse")
    cache.put("k1", {"case_id": "1", "text": "t"})
    with (tmp_path / "parse.jsonl").open("a") as handle:
        handle.write('{"key": "k2", "value": {"case_')
    reread = CaseCache(tmp_path, "parse")
    assert reread.get("k1") == {"case_id": "1", "text": "t"} and reread.get("k2") is None
    line = (tmp_path / "parse.jsonl").read_text().splitlines()[0]
    assert json.loads(line)["key"] == "k1"


async def test_concurrency_is_bounded():
    running = peak = 0

    async def work(item, earlier):
        import asyncio

        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.005)
        running -= 1
        return ParseCase(case_id=str(item), text="t")

    results = await run_units(
        [[i] for i in range(20)], work, key=str, model=ParseCase, cache=CaseCache(None, "x"), concurrency=3
    )
    assert peak == 3 and [r[0].case_id for r in results] == [str(i) for i in range(20)]
    with pytest.raises(ValueError):
        await run_units([], work, key=str, model=ParseCase, cache=CaseCache(None, "x"), concurrency=0)
