import json
import math

import numpy as np
import pytest

from simxai.agent import Agent, AgentSettings
from simxai.backends.testing import FunctionBackend, ScriptedBackend, call, reply
from simxai.backends.testing.mockserver import MockLLMServer, text_message
from simxai.eval_suite.cli import build_parser, main
from simxai.eval_suite.data.recorded import QARow, ToolOutput
from simxai.eval_suite.lext.case import (
    NEEDS_LAYER,
    NO_JUDGE,
    LiveLayer,
    Scorer,
    score_recorded,
)
from simxai.eval_suite.lext.evaluate import evaluate_lext
from simxai.eval_suite.lext.judge import LExTJudge, ReplyError, parse_object
from simxai.eval_suite.lext.layer import (
    REDACTED,
    Replay,
    key_words,
    opposite_label,
    predicted_label,
    redact,
    redact_history,
)
from simxai.eval_suite.lext.metrics import (
    Score,
    aggregate,
    aggregates,
    contextual_faithfulness,
    counterfactual_stability,
    lext_score,
    ner_weight,
    qag_score,
    stability,
    weighted_accuracy,
)
from simxai.eval_suite.lext.report import LExTReport, lext_markdown, plot_quadrant
from simxai.exceptions import BackendUnavailableError
from simxai.messages import Message, ToolCall


class TableEmbedder:
    """Known vectors for known texts, so every cosine in a test is hand-computable."""

    name = "table"

    def __init__(self, table):
        self.table = {text: np.asarray(vector, dtype=float) for text, vector in table.items()}

    def embed(self, texts):
        dim = len(next(iter(self.table.values())))
        return np.stack([np.zeros(dim) if not t.strip() else self.table[t] for t in texts])


class OnesEmbedder:
    """The same vector for every text (for tests that read no cosine)."""

    name = "ones"

    def embed(self, texts):
        return np.ones((len(texts), 2))


def at_cosine(c):
    """A vector whose cosine to (1, 0, 0) is c."""
    return (c, math.sqrt(1 - c * c), 0.0)


# ---- the equations, on hand-computed cases ---------------------------------------------------------


def test_ner_weight_and_weighted_accuracy():
    assert ner_weight({"a", "b"}, {"a", "c"}) == pytest.approx(0.5**0.2)  # 1 of 2 explanation entities shared
    assert ner_weight({"a", "b", "c"}, {"a", "b", "c"}) == 1.0
    assert ner_weight({"a"}, {"b", "c"}) == 0.0
    assert weighted_accuracy(0.8, 0.5**0.2) == pytest.approx(0.8 * 0.870550563)


def test_ner_weight_zero_denominators():
    assert ner_weight(set(), set()) == 1.0  # nothing to name on either side: the cosine alone decides
    assert ner_weight({"normal"}, set()) == 0.0  # names none of the ground truth's entities
    assert ner_weight(set(), {"normal"}) == 0.0  # 0 / 1 shared


def test_stability_is_one_minus_the_population_variance():
    assert stability([0.9, 0.7]) == pytest.approx(1 - 0.01)  # mean 0.8, deviations +-0.1
    assert stability([0.9, 0.7, 0.9, 0.7, 0.9]) == pytest.approx(1 - 0.048 / 5)
    assert stability([0.42] * 5) == 1.0
    with pytest.raises(ValueError, match="at least one"):
        stability([])


def test_qag_counterfactual_and_contextual_scores():
    assert qag_score([True, False, True, True, False]) == pytest.approx(0.6)
    assert qag_score([]) == 0.0
    assert [counterfactual_stability(s) for s in (1, 0, -1)] == [1.0, 0.5, 0.0]
    with pytest.raises(ValueError, match="-1, 0 or 1"):
        counterfactual_stability(2)
    assert contextual_faithfulness(True, [True, False, True, False, False]) == pytest.approx(0.4)
    assert contextual_faithfulness(False, [True, True]) == 0.0  # the complete redaction test failed
    assert contextual_faithfulness(True, []) == 0.0


def test_lext_is_the_harmonic_mean_with_zero_denominators():
    assert lext_score(0.6, 0.9) == pytest.approx(2 * 0.6 * 0.9 / 1.5)
    assert lext_score(0.5, 0.5) == 0.5
    assert lext_score(0.0, 0.0) == 0.0 and lext_score(0.7, 0.0) == 0.0 and lext_score(-0.1, 0.5) == 0.0


def test_aggregates_of_every_component():
    values = dict(
        weighted_accuracy=0.8,
        context_relevancy=0.6,
        iterative_stability=1.0,
        paraphrase_stability=0.9,
        qag=0.6,
        counterfactual_stability=0.5,
        contextual_faithfulness=0.4,
    )
    out = aggregates({k: Score.of(v) for k, v in values.items()})
    assert out["correctness"].value == pytest.approx(0.7) and out["consistency"].value == pytest.approx(0.95)
    assert out["plausibility"].value == pytest.approx(0.825)
    assert out["faithfulness"].value == pytest.approx(0.5)
    assert out["lext"].value == pytest.approx(2 * 0.825 * 0.5 / 1.325)
    assert all(a.complete and not a.missing for a in out.values())


def test_aggregates_with_missing_components_are_partial_or_unavailable():
    out = aggregates(
        {
            "weighted_accuracy": Score.of(0.8),
            "iterative_stability": Score.of(1.0),
            "context_relevancy": Score.unavailable("needs a judge"),
        }
    )
    assert out["correctness"].value == 0.8 and not out["correctness"].complete
    assert out["correctness"].missing == ["context_relevancy"]
    assert out["plausibility"].value == pytest.approx(0.9) and not out["plausibility"].complete
    assert out["faithfulness"].value is None and out["lext"].value is None
    assert out["lext"].missing == ["faithfulness"]
    assert aggregate({}, ["qag"]).value is None


# ---- the judge --------------------------------------------------------------------------------------


def test_parse_object_is_strict():
    assert parse_object('```json\n{"question": "Why?"}\n```', ["question"]) == {"question": "Why?"}
    for bad, message in [
        ('Sure! {"question": "Why?"}', "not a single JSON object"),
        ('["Why?"]', "not an object"),
        ('{"question": "Why?", "note": 1}', "exactly the keys question"),
    ]:
        with pytest.raises(ReplyError, match=message):
            parse_object(bad, ["question"])


async def test_judge_retries_once_then_counts_unparseable():
    judge = LExTJudge(ScriptedBackend(["no json", '{"question": "What is predicted?"}']))
    answer = await judge.question_for("It predicts positive.")
    assert answer.status == "ok" and answer.value == "What is predicted?" and answer.attempts == 2
    retry = judge.backend.requests[1].messages[-1].content
    assert retry.startswith("Your reply could not be read: the reply is not a single JSON object")

    judge = LExTJudge(ScriptedBackend(['{"paraphrases": ["a", "b"]}', '{"paraphrases": ["a", "a", "b"]}']))
    answer = await judge.paraphrases("Why?", 3)
    assert answer.status == "unparseable" and answer.value is None and answer.attempts == 2

    judge = LExTJudge(ScriptedBackend([BackendUnavailableError("down")]))
    answer = await judge.answerable("It is positive.", "Is it positive?")
    assert answer.status == "error" and "down" in answer.raw


async def test_judge_choices_accept_only_the_listed_values():
    judge = LExTJudge(ScriptedBackend(['{"label": "NEGATIVE"}', '{"answer": "maybe"}', '{"answer": "no"}']))
    assert (await judge.stated_label("Why?", "It is negative.", ["negative", "positive"])).value == "negative"
    answer = await judge.answerable("It is positive.", "Is it positive?")
    assert answer.value is False and answer.attempts == 2
    assert judge.backend.requests[0].messages[-1].content.startswith("Task: stated_label\n")


# ---- the layer tools ----------------------------------------------------------------------------------


def test_redaction_is_whole_word_and_case_insensitive():
    assert redact("Loved it, I loved this; beloved.", ["loved"]) == f"{REDACTED} it, I {REDACTED} this; beloved."
    assert redact("96 bpm, not 960", ["96"]) == f"{REDACTED} bpm, not 960"
    history = [
        Message.user('Predict "great food"'),
        Message.assistant(tool_calls=[ToolCall(id="c", name="get_prediction", arguments={"instance": "great food"})]),
        Message.tool(ToolCall(id="c", name="get_prediction"), json.dumps({"result": {"text": "great food"}})),
    ]
    redacted = redact_history(history, ["great"])
    assert redacted[0].content == f'Predict "{REDACTED} food"'
    assert redacted[1].tool_calls[0].arguments == {"instance": f"{REDACTED} food"}
    assert json.loads(redacted[2].content) == {"result": {"text": f"{REDACTED} food"}}
    assert history[0].content == 'Predict "great food"'  # the original is untouched


def test_key_words_rank_attributions_then_entities():
    inputs = ['Why "the plot was dull but the cast great"?', "Earlier: the plot, 96 bpm"]
    attributions = {"dull": 0.3, "great": 0.5, "but": 0.1, "plot": 0.0}
    chosen = key_words(inputs, attributions, frozenset({"cast", "96", "the", "positive"}), k=5)
    # attributed words by magnitude (a stop word too, when attributed), then entities; "the" is a stop word
    assert chosen == ["great", "dull", "but", "cast", "96"]
    assert key_words(inputs, attributions, frozenset(), k=2) == ["great", "dull"]
    assert key_words(["How accurate is it?"], {}, frozenset({"accuracy"})) == []


def test_predicted_and_opposite_labels():
    payloads = [
        {"kind": "performance"},
        {"kind": "what_if", "new_label": "b", "new_probabilities": {"a": 0.2, "b": 0.5, "c": 0.3}},
    ]
    assert predicted_label(payloads) == ("b", {"a": 0.2, "b": 0.5, "c": 0.3})
    assert predicted_label([{"kind": "global_explanation", "label": "a"}]) is None
    assert opposite_label("negative", ["negative", "positive"]) == "positive"
    assert opposite_label("b", ["a", "b", "c"], {"a": 0.2, "b": 0.5, "c": 0.3}) == "c"
    assert opposite_label("b", ["a", "b", "c"]) == "a" and opposite_label("a", ["a"]) is None


async def test_replay_sends_each_user_turn_once_and_restarts_elsewhere(sentiment_host):
    backend = FunctionBackend(lambda request: reply(f"ok {len(request.messages)}"), name="echo")
    replay = Replay(Agent(sentiment_host, backend, settings=AgentSettings.model_validate({"guard": False})))
    history, _ = await replay.before(["hello"])
    assert [m.content for m in history if m.role == "user"] == ["hello"]
    await replay.send("next")
    history, _ = await replay.before(["hello", "next"])
    assert [m.content for m in history if m.role == "user"] == ["hello", "next"]
    assert len(backend.requests) == 2  # "next" was sent once, as the row's own turn
    history, _ = await replay.before(["other"])
    assert [m.content for m in history if m.role == "user"] == ["other"] and len(backend.requests) == 3


# ---- whole cases ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sentiment_host():
    from simxai.hosts.sentiment import load_sentiment_host

    return load_sentiment_host()


def _row(question, *, answer="", outputs=(), domain="sentiment", row=0):
    return QARow(set="test", row=row, domain=domain, question=question, outputs=tuple(outputs), answer=answer)


async def test_a_recorded_answer_without_judge():
    row = _row(
        "What is my heart rate class?",
        answer="It is normal at 96 bpm.",
        domain="heart-rate",
        outputs=[ToolOutput("get_prediction", "normal"), ToolOutput("get_prediction", "normal")],
    )
    embedder = TableEmbedder({"normal": (1, 0, 0), "It is normal at 96 bpm.": at_cosine(0.6)})
    case = await score_recorded(row, Scorer(embedder=embedder))
    # entities: truth {normal}; explanation {normal, 96}: weight (1/2) ** 0.2
    assert case.ground_truth == "normal" and case.details["explanation_entities"] == ["96", "normal"]
    assert case.components["weighted_accuracy"].value == pytest.approx(0.6 * 0.5**0.2)
    assert case.components["context_relevancy"].reason == NO_JUDGE == case.components["qag"].reason
    assert case.components["iterative_stability"].reason == NEEDS_LAYER
    assert case.aggregates["plausibility"].value == pytest.approx(0.6 * 0.5**0.2)
    assert not case.aggregates["plausibility"].complete and case.aggregates["lext"].value is None


async def test_an_empty_recorded_explanation_scores_zero_without_asking_the_judge():
    judge_backend = ScriptedBackend()
    row = _row("Why?", answer="", outputs=[ToolOutput("get_local_explanation", "because of 'bland'")])
    embedder = TableEmbedder({"because of 'bland'": (1, 0, 0)})
    case = await score_recorded(row, Scorer(embedder=embedder, judge=LExTJudge(judge_backend)))
    assert case.components["weighted_accuracy"].value == 0.0  # cosine of the zero vector
    assert case.components["context_relevancy"].value == 0.0 and case.components["qag"].value == 0.0
    assert judge_backend.requests == []


REVIEW = "I loved this wonderful film"
QUESTION = f'What does the model predict for "{REVIEW}"?'
R1 = "It predicts positive for this film, at about 50%."  # cosine 0.9 to the ground truth
R2 = "Positive, I think."  # cosine 0.7
PARAPHRASES = [
    f'Which label does the model give "{REVIEW}"?',
    f'How is "{REVIEW}" classified?',
    f'What is the prediction for "{REVIEW}"?',
]
PARAPHRASE_REPLIES = ["The film is positive.", "A positive review.", "Positive."]  # cosines 0.6, 0.8, 1.0
GENERATED = "What does the model predict for this film?"  # cosine 0.8 to the question
QAG_QUESTIONS = ["Q1?", "Q2?", "Q3?", "Q4?", "Q5?"]
FLIPPED = "It predicts negative for this film."


def scripted_layer():
    """A layer that calls get_prediction, then replies by question; it cannot answer without 'wonderful'."""
    generation = {"n": 0}

    def respond(request):
        user = next(m.content for m in reversed(request.messages) if m.role == "user")
        if request.messages[-1].role == "user":
            if REDACTED in user and "wonderful" not in user:
                return reply("I cannot tell without the review.")
            return reply("", call("get_prediction", instance=REVIEW))
        if any(m.role == "assistant" and m.content == FLIPPED for m in request.messages):
            return reply("It predicts positive.")  # asked again after "saying" the flipped explanation
        if user == QUESTION:
            generation["n"] += 1
            return reply([R1, R2, R1, R2, R1][generation["n"] - 1])
        if user in PARAPHRASES:
            return reply(PARAPHRASE_REPLIES[PARAPHRASES.index(user)])
        return reply("Known.")

    return FunctionBackend(respond, name="scripted-layer")


def scripted_judge():
    def respond(request):
        prompt = next(m.content for m in request.messages if m.role == "user")
        task = prompt.split("\n", 1)[0].removeprefix("Task: ")
        if task == "context_question":
            if len(request.messages) == 2:
                return reply("Sure! Here is a question.")  # unreadable once: the judge must retry
            return reply(json.dumps({"question": GENERATED}))
        if task == "paraphrase":
            return reply(json.dumps({"paraphrases": PARAPHRASES}))
        if task == "qag_questions":
            return reply(json.dumps({"questions": QAG_QUESTIONS}))
        if task == "qag_answer":
            asked = prompt.split("Question:\n", 1)[1].split("\n", 1)[0]
            return reply(json.dumps({"answer": "yes" if asked in ("Q1?", "Q2?", "Q4?") else "no"}))
        if task == "counterfactual_rewrite":
            return reply(json.dumps({"explanation": FLIPPED}))
        if task == "stated_label":
            stated = prompt.split("The assistant replied:\n", 1)[1]
            return reply(json.dumps({"label": "negative" if "negative" in stated.split("\n")[0] else "positive"}))
        raise AssertionError(f"unexpected judge task {task!r}")

    return FunctionBackend(respond, name="scripted-judge")


async def test_every_component_with_a_scripted_judge_and_a_scripted_layer(sentiment_host):
    truth = sentiment_host.predict(sentiment_host.resolve(REVIEW)).render()
    embedder = TableEmbedder(
        {
            truth: (1, 0, 0),
            R1: at_cosine(0.9),
            R2: at_cosine(0.7),
            PARAPHRASE_REPLIES[0]: at_cosine(0.6),
            PARAPHRASE_REPLIES[1]: at_cosine(0.8),
            PARAPHRASE_REPLIES[2]: (1, 0, 0),
            QUESTION: (0, 0, 1),
            GENERATED: (0, 0.6, 0.8),
        }
    )
    layer_backend = scripted_layer()
    agent = Agent(sentiment_host, layer_backend, settings=AgentSettings.model_validate({"guard": False}))
    scorer = Scorer(embedder=embedder, judge=LExTJudge(scripted_judge()))
    report = await evaluate_lext(
        [_row(QUESTION)],
        [()],
        dataset="test",
        scorer=scorer,
        recorded=False,
        layers=[LiveLayer(name="scripted", agents={"sentiment": agent})],
    )
    (case,) = report.cases
    values = {name: score.value for name, score in case.components.items()}
    # truth entities {positive, negative, loved, wonderful, film, 0.075, 0.925}; R1's {positive, film, 0.5}
    wacc = 0.9 * (2 / 3) ** 0.2
    iterative = 1 - ((0.08**2) * 3 + (0.12**2) * 2) / 5  # cosines 0.9 0.7 0.9 0.7 0.9, mean 0.82
    paraphrase = 1 - (0.075**2 + 0.225**2 + 0.025**2 + 0.175**2) / 4  # 0.9 (original) 0.6 0.8 1.0, mean 0.825
    assert values == pytest.approx(
        {
            "weighted_accuracy": wacc,
            "context_relevancy": 0.8,
            "iterative_stability": iterative,
            "paraphrase_stability": paraphrase,
            "qag": 0.6,  # Q1, Q2, Q4 answerable
            "counterfactual_stability": 0.0,  # the layer keeps "positive" after the flipped explanation: -1
            "contextual_faithfulness": 0.25,  # 1 of 4 single-word redactions answered "unknown"
        }
    )
    p = ((wacc + 0.8) / 2 + (iterative + paraphrase) / 2) / 2
    f = (0.6 + 0.0 + 0.25) / 3
    assert case.aggregates["plausibility"].value == pytest.approx(p)
    assert case.aggregates["faithfulness"].value == pytest.approx(f)
    assert case.aggregates["lext"].value == pytest.approx(2 * p * f / (p + f))
    assert all(a.complete for a in case.aggregates.values())
    details = case.details
    # VADER's SHAP values rank loved, wonderful, this (a stop word, but attributed); film is an entity.
    assert details["key_words"] == ["loved", "wonderful", "this", "film"]
    assert details["complete_redaction_unknown"] is True
    assert details["sequential_unknown"] == [False, True, False, False]
    assert details["counterfactual"]["label"] == "positive" and details["counterfactual"]["stated"] == "positive"
    # question (after one retry), paraphrases, QAG questions, 5 QAG answers, rewrite, stated label
    assert case.judge_calls == {"ok": 10}
    asked = [next(m.content for m in reversed(r.messages) if m.role == "user") for r in layer_backend.requests]
    # The counterfactual: the flipped explanation is the layer's own earlier answer, then the question again.
    after = [r for r in layer_backend.requests if any(m.content == FLIPPED for m in r.messages)]
    assert after and all(
        [m.role for m in r.messages if m.content in (QUESTION, FLIPPED)][-3:] == ["user", "assistant", "user"]
        for r in after[:1]
    )
    assert not any(a.startswith("Given this explanation") for a in asked)
    summary = report.layers[0]
    assert summary.components["qag"].mean == pytest.approx(0.6) and summary.grounded == 1
    assert summary.aggregates["lext"].value == pytest.approx(2 * p * f / (p + f))


async def test_a_layer_that_cannot_run_on_a_domain_is_unavailable_for_it(sentiment_host):
    agent = Agent(sentiment_host, scripted_layer())
    report = await evaluate_lext(
        [_row("My heart rate is 96 bpm.", domain="heart-rate")],
        [()],
        dataset="test",
        scorer=Scorer(embedder=TableEmbedder({"x": (1, 0)})),
        recorded=False,
        layers=[LiveLayer(name="scripted", agents={"sentiment": agent})],
    )
    (case,) = report.cases
    assert {s.reason for s in case.components.values()} == {
        "no host for heart-rate rows here: the live layer cannot be asked"
    }
    assert report.layers[0].aggregates["lext"].value is None


def test_markdown_and_plot_of_a_report(tmp_path):
    from simxai.eval_suite.lext.report import LExTCase, summarize

    cases = [
        LExTCase(
            case_id="c",
            layer="router",
            row=0,
            question="q",
            components={"weighted_accuracy": Score.of(0.9), "contextual_faithfulness": Score.of(0.2)},
        )
    ]
    report = LExTReport(
        dataset="syn-qa",
        judge="none",
        embedder="table",
        entities="host-vocabulary",
        layers=[summarize("router", cases, live=True)],
        cases=cases,
    )
    text = lext_markdown(report)
    assert "| router | 1 | 0 | 0.900* | not measured | 0.900* | 0.200* | 0.327* |" in text
    # A partial figure says what it was computed from and what was not measured, never a bare zero or n/a.
    assert "- router: faithfulness 0.200* is contextual alone; not measured: QAG, counterfactual" in text
    assert "n/a" not in text
    assert "router, unavailable: not computed: context rel. (1)" in text
    path = plot_quadrant(report, tmp_path / "q.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---- the command ------------------------------------------------------------------------------------


def test_lext_is_registered_with_the_eval_cli():
    parser = build_parser()
    args = parser.parse_args(["lext", "--backend", "router", "--backend", "none"])
    assert args.backends == ["router", "none"] and args.embedder == "wordllama" and args.judge == "none"


def test_bad_usage_exits_2(capsys, datasets_dir):
    assert main(["lext", "--data-dir", str(datasets_dir), "--embedder", "bert", "--no-cache"]) == 2
    assert "unknown embedder 'bert'" in capsys.readouterr().err
    assert main(["lext", "--data-dir", str(datasets_dir), "--backend", "none", "--no-recorded"]) == 2
    assert "nothing to score" in capsys.readouterr().err


def test_acceptance_offline_router_without_judge(capsys, eval_argv, tmp_path):
    out = tmp_path / "l.json"
    assert main(eval_argv("lext", "--dataset", "syn-qa", "--backend", "router", "--judge", "none", out=out)) == 0
    printed = capsys.readouterr().out
    report = LExTReport.model_validate_json(out.read_text())
    assert (tmp_path / "l.quadrant.png").read_bytes()[:4] == b"\x89PNG"
    layers = {s.layer: s for s in report.layers}
    assert set(layers) == {"recorded", "router"} and len(report.cases) == 2 * 78
    router = layers["router"]
    # The router's replies are deterministic renderings: iterative stability is exactly 1.
    assert router.components["iterative_stability"].mean == 1.0
    # Grounded: the cases the router answered with a function's result (18 of 78 at d2b05f1). It fell from 21 when
    # the router began asking "which review?" where it had explained the question's own text as if it were a review.
    assert router.components["weighted_accuracy"].n == router.grounded >= 15
    assert router.aggregates["correctness"].value is not None and not router.aggregates["correctness"].complete
    assert router.aggregates["consistency"].value == 1.0 and router.aggregates["consistency"].missing == [
        "paraphrase_stability"
    ]
    for name in ("context_relevancy", "paraphrase_stability", "qag", "counterfactual_stability"):
        assert router.components[name].n == 0 and NO_JUDGE in router.components[name].unavailable
    recorded = layers["recorded"]
    assert recorded.components["weighted_accuracy"].n == 78 and recorded.aggregates["faithfulness"].value is None
    assert "| router | 78 | " in printed and "needs a judge (--judge none)" in printed


def judge_responder(body):
    prompt = next(m["content"] for m in body["messages"] if m["role"] == "user")
    task = prompt.split("\n", 1)[0].removeprefix("Task: ")
    answers = {
        "context_question": {"question": "How does the model decide?"},
        "qag_questions": {"questions": ["A?", "B?", "C?", "D?", "E?"]},
        "qag_answer": {"answer": "yes"},
    }
    return text_message(json.dumps(answers[task]))


def test_an_openai_judge_scores_the_recorded_answers(capsys, eval_argv, tmp_path):
    out = tmp_path / "l.json"
    with MockLLMServer(judge_responder, max_requests=200) as server:
        argv = eval_argv(
            "lext", "--backend", "none", "--embedder", "hashing", "--limit", "3", out=out, judge_url=server.base_url
        )
        assert main(argv) == 0
        assert len(server.requests) == 3 * (1 + 1 + 5)
    capsys.readouterr()
    (recorded,) = LExTReport.model_validate_json(out.read_text()).layers
    assert recorded.components["qag"].mean == 1.0 and recorded.components["qag"].n == 3
    assert recorded.components["context_relevancy"].n == 3 and recorded.judge_calls == {"ok": 21}
    assert recorded.aggregates["lext"].value is not None and not recorded.aggregates["lext"].complete


def test_a_layer_is_complete_only_when_every_case_is_fully_scored():
    from simxai.eval_suite.lext.metrics import COMPONENTS
    from simxai.eval_suite.lext.report import LExTCase, summarize

    def case(row, values):
        components = {
            name: Score.of(values[name]) if name in values else Score.unavailable("judge failed") for name in COMPONENTS
        }
        scored = {name: s for name, s in components.items()}
        return LExTCase(
            case_id=f"c{row}", layer="l", row=row, question="q", components=components, aggregates=aggregates(scored)
        )

    full = case(0, {name: 0.6 for name in COMPONENTS})
    # The second case lacks QAG and counterfactual stability: every component still appears in some case.
    partial = case(1, {name: 0.9 for name in COMPONENTS if name not in ("qag", "counterfactual_stability")})
    summary = summarize("l", [full, partial])
    assert all(summary.components[name].n >= 1 for name in COMPONENTS)
    assert not any(item.complete for item in summary.aggregates.values())
    assert summary.complete_cases == 1
    assert summary.lext_of_complete_cases == pytest.approx(full.aggregates["lext"].value)
    assert summarize("l", [full]).aggregates["lext"].complete


@pytest.mark.parametrize(
    "rewrite",
    [
        "The model predicts negative: the words that matter most push towards negative.",  # no quote
        'The model predicts negative for the review "I loved this wonderful film".',  # quotes the review
    ],
)
async def test_counterfactual_stability_of_the_router_does_not_depend_on_the_rewrites_wording(sentiment_host, rewrite):
    """The router keeps its label whatever the rewrite says; it never classifies the rewrite as a new review."""

    def judge(request):
        prompt = next(m.content for m in request.messages if m.role == "user")
        task = prompt.split("\n", 1)[0].removeprefix("Task: ")
        if task == "counterfactual_rewrite":
            return reply(json.dumps({"explanation": rewrite}))
        if task == "stated_label":
            stated = prompt.split("The assistant replied:\n", 1)[1]
            label = next((x for x in ("negative", "positive") if f"predicts {x}" in stated), "none")
            return reply(json.dumps({"label": label}))
        return reply("not json")  # other components fail and are unavailable; this test reads one

    from simxai.backends import load_backend

    agent = Agent(sentiment_host, load_backend("router"))
    report = await evaluate_lext(
        [_row("why?")],
        [(("user", f'What does the model predict for "{REVIEW}"?'),)],
        dataset="test",
        scorer=Scorer(embedder=OnesEmbedder(), judge=LExTJudge(FunctionBackend(judge, name="j"))),
        recorded=False,
        layers=[LiveLayer(name="router", agents={"sentiment": agent})],
    )
    (case,) = report.cases
    assert case.details["counterfactual"]["stated"] == "positive"
    assert case.components["counterfactual_stability"].value == 0.0
