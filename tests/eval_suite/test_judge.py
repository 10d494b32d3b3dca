import pytest

from simxai.backends.testing import ScriptedBackend
from simxai.eval_suite.data.recorded import QARow, ToolOutput
from simxai.eval_suite.judged.aspects import evaluate_faithfulness
from simxai.eval_suite.judged.judge import JudgeReplyError, LLMJudge, judge_prompt, parse_verdict
from simxai.exceptions import BackendUnavailableError


@pytest.mark.parametrize(
    ("aspect", "text", "expected"),
    [
        ("faithfulness", '{"verdict": "preserved", "reason": "all numbers match"}', True),
        ("faithfulness", '{"verdict": "not_preserved"}', False),
        ("faithfulness", '```json\n{"verdict": "preserved", "reason": "ok"}\n```', True),
        ("relevance", '{"verdict": 1, "reason": "refers to it"}', True),
        ("coherence", '{"verdict": "0", "reason": "ignores the label"}', False),
    ],
)
def test_valid_verdicts(aspect, text, expected):
    assert parse_verdict(aspect, text)[0] is expected


@pytest.mark.parametrize(
    ("aspect", "text", "why"),
    [
        ("faithfulness", 'The reply is preserved. {"verdict": "preserved"}', "not a single JSON object"),
        ("faithfulness", "preserved", "not a single JSON object"),
        ("faithfulness", '{"verdict": "mostly preserved"}', "is not"),
        ("faithfulness", '{"label": "preserved"}', "keys verdict and reason only"),
        ("faithfulness", '{"verdict": "preserved", "score": 5}', "keys verdict and reason only"),
        ("relevance", '{"verdict": true}', "is not"),
        ("relevance", '{"verdict": 2}', "is not"),
        ("relevance", "[1]", "not an object"),
        ("coherence", '{"verdict": [1]}', "is not"),
    ],
)
def test_anything_else_is_rejected_with_the_reason(aspect, text, why):
    with pytest.raises(JudgeReplyError, match=why):
        parse_verdict(aspect, text)


async def test_one_retry_then_a_verdict():
    backend = ScriptedBackend(["I think it is preserved.", '{"verdict": "preserved", "reason": "ok"}'])
    verdict = await LLMJudge(backend).judge("faithfulness", question="q", answer="a", outputs=[("f", "x")])
    assert (verdict.value, verdict.status, verdict.attempts) == (True, "ok", 2)
    retry = backend.requests[1].messages
    assert retry[-2].content == "I think it is preserved." and "could not be read" in retry[-1].content
    backend.assert_complete()


async def test_two_unreadable_replies_are_unparseable_not_a_label():
    backend = ScriptedBackend(["yes", "yes, preserved"])
    verdict = await LLMJudge(backend).judge("relevance", question="q")
    assert (verdict.value, verdict.status, verdict.raw) == (None, "unparseable", "yes, preserved")


async def test_backend_failure_is_an_error_verdict():
    backend = ScriptedBackend([BackendUnavailableError("down")])
    verdict = await LLMJudge(backend).judge("coherence", question="q", answer="a")
    assert verdict.status == "error" and verdict.value is None and "down" in verdict.raw


def test_prompts_hold_what_each_aspect_needs():
    faithful = judge_prompt("faithfulness", question="Q?", answer="A.", outputs=[("get_prediction", "negative")])
    assert "1. get_prediction: negative" in faithful and "Assistant reply:\nA." in faithful
    relevance = judge_prompt("relevance", question="Why?", context=[("user", "Predict 'x'"), ("assistant", "neg")])
    assert "User: Predict 'x'\nAssistant: neg" in relevance and "Assistant reply" not in relevance


def row(i, human, judge):
    return QARow(
        set="t",
        row=i,
        domain="heart-rate",
        question=f"q{i}",
        answer="It is 72 bpm.",
        outputs=(ToolOutput("get_prediction", "72 bpm: normal"),),
        human_faithful=human,
        judge_faithful=judge,
    )


async def test_unparseable_verdicts_are_counted_and_skipped_in_agreement():
    rows = [row(0, True, True), row(1, False, True), row(2, True, False)]
    backend = ScriptedBackend(
        [
            '{"verdict": "preserved", "reason": "ok"}',
            "hmm",
            "still hmm",
            '{"verdict": "not_preserved", "reason": "adds a claim"}',
        ]
    )
    report = await evaluate_faithfulness(rows, dataset="t", judge=LLMJudge(backend, max_tokens=50), progress=False)
    judge_rate = next(r for r in report.rates if r.rater == "scripted" and r.subset == "all")
    assert (judge_rate.n, judge_rate.positive, judge_rate.unparseable) == (2, 1, 1)
    vs_judge = next(a for a in report.agreement if a.rater_b == "scripted" and a.subset == "all")
    assert (vs_judge.n, vs_judge.agree, vs_judge.skipped) == (2, 1, 1)
    assert [c.judge_status for c in report.cases] == ["ok", "unparseable", "ok"]
    assert all(c.guard is True for c in report.cases)  # 72 is stated by the output


async def test_context_with_a_scripted_judge_judges_coherence_only_where_context_is_needed(datasets_dir):
    from simxai.backends.testing import FunctionBackend, reply
    from simxai.eval_suite.data.recorded import load_qa
    from simxai.eval_suite.judged.aspects import evaluate_context, qa_contexts

    rows = load_qa("syn-qa", datasets_dir)[:8]
    contexts, _ = qa_contexts(rows, datasets_dir)
    asked = []

    def respond(request):
        prompt = request.messages[-1].content
        asked.append("coherence" if "Aspect: contextual coherence" in prompt else "relevance")
        return reply(
            '{"verdict": 1, "reason": "ok"}' if "Earlier conversation:\n(none)" not in prompt else '{"verdict": 0}'
        )

    report = await evaluate_context(
        rows, contexts, dataset="syn-qa", judge=LLMJudge(FunctionBackend(respond)), progress=False
    )
    needing = sum(bool(r.human_relevant) for r in rows)
    assert asked.count("relevance") == 8 and asked.count("coherence") == needing
    assert report.cases[0].context_turns == 0 and report.cases[0].relevant is False  # the dialogue's first turn
    assert report.cases[2].context_turns > 0 and report.cases[2].relevant is True
    relevance = next(a for a in report.agreement if a.rater_b == "function" and a.aspect == "relevance")
    assert relevance.n == 8


async def test_context_of_turns_without_human_labels_keeps_the_judges_coherence_rate():
    """A layer's own turns carry no human labels: the judge's coherence rate counts the turns it judged."""
    from simxai.backends.testing import FunctionBackend, reply
    from simxai.eval_suite.data.recorded import QARow
    from simxai.eval_suite.judged.aspects import evaluate_context

    rows = [
        QARow(set="layer", row=i, domain=None, question=q, outputs=(), answer=a)
        for i, (q, a) in enumerate(
            [("What does it predict for 12?", "stable"), ("why?", "because of hdl"), ("and for 4?", "progressing")]
        )
    ]
    contexts = [(), (("user", "What does it predict for 12?"), ("assistant", "stable")), (("user", "why?"),)]

    def respond(request):
        prompt = request.messages[-1].content
        if "Aspect: contextual coherence" in prompt:
            return reply('{"verdict": 1}' if "hdl" in prompt else '{"verdict": 0}')
        return reply('{"verdict": 0}' if "Earlier conversation:\n(none)" in prompt else '{"verdict": 1}')

    report = await evaluate_context(
        rows, contexts, dataset="layer", judge=LLMJudge(FunctionBackend(respond, name="j")), progress=False
    )
    coherence = next(r for r in report.rates if r.aspect == "coherence" and r.rater == "j" and r.subset == "all")
    assert (coherence.n, coherence.positive) == (2, 1)
    assert coherence.rate == 0.5
