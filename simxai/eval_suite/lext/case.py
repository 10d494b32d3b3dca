"""Scoring one SYN-QA-style turn with LExT, for a recorded answer or a live layer.

Two kinds of layer write the explanations:

- ``recorded``: the answers a dataset holds, scored against the function outputs it recorded. No layer can
  be asked again, so iterative and paraphrase stability, counterfactual stability and contextual
  faithfulness are unavailable; weighted accuracy needs nothing else, context relevancy and QAG the judge.
- a live layer (SimXAI's engine with a backend) on the rows whose domain has a host here: it answers the
  row's dialogue itself, and its reply is scored against the outputs of the functions it called.

A component that cannot be measured is `Score.unavailable(reason)`; nothing is filled in.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from simxai.agent import Agent, DialogueState
from simxai.eval_suite.data.recorded import QARow
from simxai.eval_suite.lext.embedders import Embedder, cosine
from simxai.eval_suite.lext.entities import (
    EntityExtractor,
    HostVocabulary,
    VocabularyEntities,
    vocabulary_for_output,
)
from simxai.eval_suite.lext.judge import LEXT_PROMPT_VERSION, JudgeAnswer, LExTJudge
from simxai.eval_suite.lext.layer import (
    Replay,
    about_instance,
    attributions_of,
    grounding,
    is_unknown,
    key_words,
    opposite_label,
    predicted_label,
    redact,
    redact_history,
)
from simxai.eval_suite.lext.metrics import (
    COMPONENTS,
    Score,
    aggregates,
    contextual_faithfulness,
    counterfactual_stability,
    ner_weight,
    qag_score,
    stability,
    weighted_accuracy,
)
from simxai.eval_suite.lext.report import LExTCase
from simxai.exceptions import SimXAIError
from simxai.messages import Message

__all__ = [
    "NEEDS_LAYER",
    "NO_JUDGE",
    "RECORDED",
    "RECORDED_LABELS",
    "LExTSettings",
    "LiveLayer",
    "Scorer",
    "score_live",
    "score_recorded",
]

RECORDED = "recorded"
NO_JUDGE = "needs a judge (--judge none)"
NO_GROUND_TRUTH = "no function output: the layer asked back or answered without a successful function call"
NEEDS_LAYER = "recorded answers: needs a live layer to ask again"

#: The class labels of SYN-QA's recorded domains, as their recorded outputs name them (e.g. row 32:
#: "low (< 60 bpm), normal (60-100 bpm), or high (> 100 bpm)"; the sentiment outputs use three labels).
#: Recorded rows have no host schema, so these are their label entities.
RECORDED_LABELS: dict[str, tuple[str, ...]] = {
    "sentiment": ("negative", "neutral", "positive"),
    "heart-rate": ("low", "normal", "high"),
}


@dataclass(frozen=True)
class LExTSettings:
    """The paper's counts: generations, paraphrases, QAG questions and key words per case."""

    generations: int = 5
    paraphrases: int = 3
    qag_questions: int = 5
    key_words: int = 5


@dataclass(frozen=True)
class LiveLayer:
    """A layer to ask: one engine per domain that has a host (rows of other domains are unavailable)."""

    name: str
    agents: Mapping[str, Agent]
    deterministic: bool = False
    #: settings that change its answers (e.g. the temperature), part of the cache key.
    config: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Scorer:
    """What scores every case: the embedder, the entity extractor, the judge (or None) and the counts."""

    embedder: Embedder
    extractor: EntityExtractor = field(default_factory=VocabularyEntities)
    judge: LExTJudge | None = None
    settings: LExTSettings = field(default_factory=LExTSettings)

    def cosines(self, reference: str, texts: Sequence[str]) -> list[float]:
        """cos(reference, text) for each text."""
        vectors = self.embedder.embed([reference, *texts])
        return [cosine(vectors[0], v) for v in vectors[1:]]

    def config(self) -> dict[str, Any]:
        """Everything of the scorer that determines a case's result (part of the cache key)."""
        return {
            "prompt": LEXT_PROMPT_VERSION,
            "embedder": self.embedder.name,
            "entities": self.extractor.name,
            "judge": self.judge.name if self.judge else "none",
            **asdict(self.settings),
        }


class _Case:
    """The working set of one case: its components, evidence and judge counts."""

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        self.components: dict[str, Score] = {}
        self.details: dict[str, Any] = {}
        self.calls: Counter[str] = Counter()

    async def judged(self, answer: Awaitable[JudgeAnswer], what: str, component: str) -> Any:
        """The judge's value for the task `what`, or None after making `component` unavailable with the reason
        (the answer was unparseable, an error, or unusable).
        """
        result = await answer
        self.calls[result.status] += 1
        if result.status != "ok":  # kept as evidence of why the component is unavailable
            self.details.setdefault("judge_failures", {})[what] = f"{result.status}: {result.raw}"
        value = result.value if result.status == "ok" else None
        if value is None:
            kind = "unusable" if result.status == "ok" else result.status
            # The reason names the task and the failure kind only, so that reasons group in the summary.
            self.components[component] = Score.unavailable(
                f"the judge's {what.rstrip('_0123456789')} answer was {kind}"
            )
        return value

    def unavailable(self, names: Sequence[str], reason: str) -> None:
        for name in names:
            self.components[name] = Score.unavailable(reason)

    def weighted_accuracy(self, truth: str, vocabulary: HostVocabulary, explanation: str) -> frozenset[str]:
        """Score the explanation against the ground truth; returns the ground truth's entities."""
        cos = self.scorer.cosines(truth, [explanation])[0]
        truth_entities = self.scorer.extractor.extract(truth, vocabulary)
        expl_entities = self.scorer.extractor.extract(explanation, vocabulary)
        weight = ner_weight(truth_entities, expl_entities)
        self.details.update(
            cosine=cos,
            ner_weight=weight,
            truth_entities=sorted(truth_entities),
            explanation_entities=sorted(expl_entities),
        )
        self.components["weighted_accuracy"] = Score.of(weighted_accuracy(cos, weight))
        return truth_entities

    async def context_relevancy(self, question: str, explanation: str) -> None:
        judge = self.scorer.judge
        if judge is None:
            self.components["context_relevancy"] = Score.unavailable(NO_JUDGE)
        elif not explanation.strip():  # nothing to generate a question from: relevant to nothing
            self.components["context_relevancy"] = Score.of(0.0)
        else:
            generated = await self.judged(judge.question_for(explanation), "context_question", "context_relevancy")
            if generated is not None:
                self.details["generated_question"] = generated
                self.components["context_relevancy"] = Score.of(self.scorer.cosines(question, [generated])[0])

    async def qag(self, explanation: str) -> None:
        judge = self.scorer.judge
        if judge is None:
            self.components["qag"] = Score.unavailable(NO_JUDGE)
            return
        if not explanation.strip():  # no question can be generated: QAG is 0 (the paper's zero denominator)
            self.components["qag"] = Score.of(qag_score([]))
            return
        questions = await self.judged(
            judge.qag_questions(explanation, self.scorer.settings.qag_questions), "qag_questions", "qag"
        )
        if questions is None:
            return
        answers = []
        for i, question in enumerate(questions):
            answer = await self.judged(judge.answerable(explanation, question), f"qag_answer_{i}", "qag")
            if answer is None:
                return
            answers.append(answer)
        self.details["qag"] = [{"question": q, "answerable": a} for q, a in zip(questions, answers, strict=True)]
        self.components["qag"] = Score.of(qag_score(answers))

    def finish(self, base: dict[str, Any], started: float) -> LExTCase:
        components = {name: self.components.get(name, Score.unavailable("not computed")) for name in COMPONENTS}
        return LExTCase(
            **base,
            components=components,
            aggregates=aggregates(components),
            details=self.details,
            judge_calls=dict(self.calls),
            seconds=round(time.perf_counter() - started, 4),
        )


def _base(row: QARow, layer: str) -> dict[str, Any]:
    return {
        "case_id": f"{row.set}#{row.row}@{layer}",
        "layer": layer,
        "row": row.row,
        "domain": row.domain,
        "question": row.question,
    }


async def score_recorded(row: QARow, scorer: Scorer) -> LExTCase:
    """LExT of a recorded answer against the outputs the row recorded (no layer is asked)."""
    started = time.perf_counter()
    case = _Case(scorer)
    truth = " ".join(dict.fromkeys(o.text for o in row.outputs))
    if row.outputs:
        vocabulary = vocabulary_for_output([], truth, labels=RECORDED_LABELS.get(row.domain or "", ()))
        case.weighted_accuracy(truth, vocabulary, row.answer)
    else:
        case.components["weighted_accuracy"] = Score.unavailable("the row records no function output")
    await case.context_relevancy(row.question, row.answer)
    await case.qag(row.answer)
    case.unavailable([n for n in COMPONENTS if n not in case.components], NEEDS_LAYER)
    return case.finish(
        {
            **_base(row, RECORDED),
            "explanation": row.answer,
            "ground_truth": truth,
            "functions": row.functions,
        },
        started,
    )


async def _guarded(case: _Case, name: str, work: Callable[[], Awaitable[None]]) -> None:
    """Run one component; a layer or judge failure makes it unavailable instead of failing the case."""
    try:
        await work()
    except SimXAIError as exc:
        case.components[name] = Score.unavailable(f"the layer failed: {type(exc).__name__}: {str(exc)[:120]}")


async def score_live(
    row: QARow, context: Sequence[tuple[str, str]], layer: LiveLayer, replay: Replay | None, scorer: Scorer
) -> LExTCase:
    """LExT of a live layer's answer to the row, once the layer has answered the row's earlier user turns."""
    started = time.perf_counter()
    case = _Case(scorer)
    agent = layer.agents.get(row.domain or "")
    if agent is None or replay is None:
        case.unavailable(
            COMPONENTS, f"no host for {row.domain or 'unlabelled'} rows here: the live layer cannot be asked"
        )
        return case.finish(_base(row, layer.name), started)
    try:
        history, state = await replay.before([text for role, text in context if role == "user"])
        turn = await replay.send(row.question)
    except SimXAIError as exc:
        reason = f"the layer failed: {type(exc).__name__}: {str(exc)[:120]}"
        case.unavailable(COMPONENTS, reason)
        return case.finish({**_base(row, layer.name), "error": reason}, started)
    ground, explanation = grounding(turn), turn.reply
    case.details.update(grounded=ground.grounded, calls=[(c.function, c.status) for c in turn.calls])
    base = {
        **_base(row, layer.name),
        "explanation": explanation,
        "ground_truth": ground.text,
        "functions": list(ground.functions),
    }
    if not ground.grounded:
        needs_truth = [n for n in COMPONENTS if n not in ("context_relevancy", "qag")]
        case.unavailable(needs_truth, NO_GROUND_TRUTH)
    else:
        vocabulary = vocabulary_for_output(ground.payloads, ground.text, schema=agent.schema)
        entities = case.weighted_accuracy(ground.text, vocabulary, explanation)
        ask = _Asker(agent, row.question, history, state)
        await _guarded(case, "iterative_stability", lambda: _iterative(case, ask, ground.text, explanation))
        await _guarded(case, "paraphrase_stability", lambda: _paraphrase(case, ask, ground.text, explanation))
        await _guarded(
            case, "counterfactual_stability", lambda: _counterfactual(case, ask, ground.payloads, explanation)
        )
        await _guarded(
            case,
            "contextual_faithfulness",
            lambda: _contextual(case, ask, ground.payloads, entities, turn.state),
        )
    await case.context_relevancy(row.question, explanation)
    await case.qag(explanation)
    return case.finish(base, started)


@dataclass(frozen=True)
class _Asker:
    """Asks the layer again from the row's history and state."""

    agent: Agent
    question: str
    history: list[Message]
    state: DialogueState

    async def reply(self, text: str | None = None) -> str:
        turn = await self.agent.run_turn(text or self.question, history=self.history, state=self.state)
        return turn.reply

    async def after_answer(self, answer: str) -> str:
        """Ask the question again after the layer "said" `answer` to it (counterfactual stability).

        The answer goes into the history as the layer's own reply, and the question is asked as the user asked
        it: the question's instance resolves exactly as in the original turn, whatever the answer's wording.
        (Putting the answer into the user's message made a layer that reads texts as instances, the router on a
        text host, classify the message itself when the answer did not quote the original text.)
        """
        said = [Message(role="user", content=self.question), Message(role="assistant", content=answer)]
        history = [*self.history, *said]
        turn = await self.agent.run_turn(self.question, history=history, state=self.state)
        return turn.reply

    async def unknown(self, redacted: Sequence[str]) -> bool:
        """Ask with `redacted` words removed from everything the layer reads; whether it could not answer."""
        history = redact_history(self.history, redacted)
        turn = await self.agent.run_turn(
            redact(self.question, redacted), history=history, state=DialogueState.from_history(history)
        )
        return is_unknown(turn)


async def _iterative(case: _Case, ask: _Asker, truth: str, explanation: str) -> None:
    replies = [explanation] + [await ask.reply() for _ in range(case.scorer.settings.generations - 1)]
    cosines = case.scorer.cosines(truth, replies)
    case.details["iterative_cosines"] = cosines
    case.details["iterative_distinct_replies"] = len(set(replies))
    case.components["iterative_stability"] = Score.of(stability(cosines))


async def _paraphrase(case: _Case, ask: _Asker, truth: str, explanation: str) -> None:
    judge = case.scorer.judge
    if judge is None:
        case.components["paraphrase_stability"] = Score.unavailable(NO_JUDGE)
        return
    paraphrases = await case.judged(
        judge.paraphrases(ask.question, case.scorer.settings.paraphrases), "paraphrase", "paraphrase_stability"
    )
    if paraphrases is None:
        return
    replies = [await ask.reply(p) for p in paraphrases]
    # The original question's reply is included with the paraphrases' (as in the authors' code).
    cosines = case.scorer.cosines(truth, [explanation, *replies])
    case.details.update(paraphrases=paraphrases, paraphrase_cosines=cosines)
    case.components["paraphrase_stability"] = Score.of(stability(cosines))


async def _counterfactual(case: _Case, ask: _Asker, payloads: Sequence[Any], explanation: str) -> None:
    name = "counterfactual_stability"
    judge = case.scorer.judge
    found = predicted_label(payloads)
    labels = ask.agent.schema.class_names
    opposite = opposite_label(found[0], labels, found[1]) if found else None
    if judge is None:
        case.components[name] = Score.unavailable(NO_JUDGE)
    elif found is None:
        case.components[name] = Score.unavailable("the function output states no predicted label")
    elif opposite is None:
        case.components[name] = Score.unavailable("the host has no other label")
    elif not explanation.strip():
        case.components[name] = Score.unavailable("empty explanation: nothing to rewrite")
    else:
        label = found[0]
        flipped = await case.judged(
            judge.flip(ask.question, explanation, label, opposite), "counterfactual_rewrite", name
        )
        if flipped is None:
            return
        reply = await ask.after_answer(flipped)
        stated = await case.judged(judge.stated_label(ask.question, reply, labels), "stated_label", name)
        if stated is None:
            return
        outcome: Literal[-1, 0, 1] = 1 if stated == opposite else -1 if stated == label else 0
        case.details["counterfactual"] = {
            "label": label,
            "opposite": opposite,
            "rewritten": flipped,
            "reply": reply,
            "stated": stated,
            "outcome": outcome,
        }
        case.components[name] = Score.of(counterfactual_stability(outcome))


async def _contextual(
    case: _Case, ask: _Asker, payloads: Sequence[Any], entities: frozenset[str], state: DialogueState
) -> None:
    attributions = await attributions_of(ask.agent, payloads, state)
    # The user's words the answer can depend on: the question, and for an answer about an instance the
    # earlier user turns too (most recent first), where the instance was given.
    inputs = [ask.question]
    if about_instance(payloads):
        inputs += [m.content for m in reversed(ask.history) if m.role == "user"]
    chosen = key_words(inputs, attributions, entities, case.scorer.settings.key_words)
    case.details["key_words"] = chosen
    if not chosen:
        case.components["contextual_faithfulness"] = Score.unavailable(
            "no key words: the question and its dialogue hold no attributed word and no entity of the output"
        )
        return
    complete = await ask.unknown(chosen)
    sequential = [await ask.unknown([word]) for word in chosen] if complete else []
    case.details.update(complete_redaction_unknown=complete, sequential_unknown=sequential)
    case.components["contextual_faithfulness"] = Score.of(contextual_faithfulness(complete, sequential))
