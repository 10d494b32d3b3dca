"""Judged aspects of recorded turns: response-to-tool faithfulness, context relevance and coherence, and
judge-human agreement on each.

Raters: `human` (the file's human labels), `recorded-judge` (the judge labels the file holds), the
configured LLM judge (by its backend name) and, for faithfulness, `guard` (the engine's deterministic
claim checker). Rows a rater left blank, and unparseable verdicts, are skipped and counted.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from simxai.eval_suite.data.datasets import EVAL, Case, conversation_cases, require_file
from simxai.eval_suite.data.recorded import SYN_QA_DOMAINS, QARow, ToolOutput
from simxai.eval_suite.judged.judge import PROMPT_VERSION, LLMJudge, Verdict
from simxai.eval_suite.metrics import agreement, rate
from simxai.eval_suite.report import (
    Agreement,
    AgreementReport,
    ContextCase,
    ContextReport,
    FaithfulnessCase,
    FaithfulnessReport,
    ParseReport,
    Rate,
)
from simxai.eval_suite.runner import CaseCache, Progress, cache_key, run_units
from simxai.exceptions import UsageError

__all__ = [
    "agreement_report",
    "evaluate_context",
    "evaluate_faithfulness",
    "layer_turns",
    "qa_contexts",
    "recorded_agreement",
]

FAITHFUL = ("preserved", "not_preserved")
BINARY = ("1", "0")


def _subsets(rows: Sequence[QARow]) -> list[tuple[str, set[int]]]:
    subsets = [("all", {r.row for r in rows})]
    for _, domain in SYN_QA_DOMAINS:
        members = {r.row for r in rows if r.domain == domain}
        if members:
            subsets.append((domain, members))
    return subsets


C = TypeVar("C", FaithfulnessCase, ContextCase)


@dataclass(frozen=True)
class _JudgedRun:
    """One judged evaluation of answer rows: what keys its cache and paces it, and its report's header."""

    aspect: str  # the progress bar's label
    dataset: str
    judge_name: str
    config: dict[str, Any]
    cache: CaseCache
    concurrency: int
    progress: bool | None
    source: str
    started: float = field(default_factory=time.perf_counter)

    async def cases(
        self, rows: Sequence[QARow], work: Callable[[QARow, list[C]], Awaitable[C]], model: type[C]
    ) -> list[C]:
        """Run `work` on every row, each on its own (rows are independent turns), cached by row and judge."""
        results = await run_units(
            [[r] for r in rows],
            work,
            key=lambda r: cache_key(self.dataset, r.case_id, self.judge_name, self.config),
            model=model,
            cache=self.cache,
            concurrency=self.concurrency,
            progress=Progress(len(rows), f"{self.aspect} {self.dataset}", enabled=self.progress),
        )
        return [c for unit in results for c in unit]

    def header(self) -> dict[str, Any]:
        """The fields every judged report starts with (dataset, source, judge, config, seconds so far)."""
        return {
            "dataset": self.dataset,
            "backend": self.source,
            "judge": self.judge_name,
            "config": {**self.config, "concurrency": self.concurrency},
            "seconds": round(time.perf_counter() - self.started, 3),
        }


def _judge_rate(aspect: str, rater: str, subset: str, values: Sequence[bool | None], statuses: Sequence[str]) -> Rate:
    """A judge's rate, counting its unparseable and failed verdicts."""
    return rate(
        aspect,
        rater,
        subset,
        values,
        unparseable=sum(s == "unparseable" for s in statuses),
        errors=sum(s == "error" for s in statuses),
    )


def _with_human(
    aspect: str, rater: str, pairs: Sequence[tuple[object, object]], subset: str, names: Sequence[str] = BINARY
) -> Agreement:
    """A rater's agreement with the human labels (pairs: the human's value, the rater's value)."""
    return agreement(aspect, "human", rater, pairs, names=names, subset=subset)


#: Functions whose text output, when it is one bare word, is the predicted label.
_LABEL_OUTPUTS = ("get_prediction", "explain_what_if")


def _domain_labels(rows: Sequence[QARow]) -> dict[str | None, list[str]]:
    """Per domain, the labels its prediction outputs state: such an output that is one bare word is a label.

    Recorded rows carry text, not the host's schema; this recovers the label vocabulary from the outputs'
    structure, as a host would declare it.
    """
    labels: dict[str | None, list[str]] = {}
    for row in rows:
        for o in row.outputs:
            word = o.text.strip().strip("'\"").strip()
            if o.function in _LABEL_OUTPUTS and word.isalpha():
                found = labels.setdefault(row.domain, [])
                if word.lower() not in (w.lower() for w in found):
                    found.append(word.lower())
    return labels


def _guard(row: QARow, labels: Sequence[str], earlier: Sequence[tuple[str, str]] = ()) -> tuple[bool, list[str]]:
    from simxai.guard import Vocabulary, check_claims, text_output

    outputs = [text_output(o.function, o.text, labels) for o in row.outputs]
    # What the user said anywhere in the dialogue is the user's, as the engine treats it.
    said = "\n".join([*(text for role, text in earlier if role == "user"), row.question])
    report = check_claims(row.answer, outputs, vocabulary=Vocabulary(labels=list(labels)), context=said)
    return report.passed, list(report.unsupported)


async def evaluate_faithfulness(
    rows: Sequence[QARow],
    *,
    dataset: str,
    contexts: Sequence[Sequence[tuple[str, str]]] | None = None,
    judge: LLMJudge | None = None,
    guard: bool = True,
    concurrency: int = 1,
    cache: CaseCache | None = None,
    progress: bool | None = None,
    source: str = "recorded",
    notes: Sequence[str] = (),
) -> FaithfulnessReport:
    """Faithfulness of each reply to its function outputs, by every available rater.

    `source` names where the replies come from: `recorded` (the file's), or the backend whose turns
    `layer_turns` collected. `contexts` holds each row's earlier dialogue (role, text): the guard treats
    what the user said there as the user's own.
    """
    judge_name = judge.name if judge else "none"
    from simxai.guard import GUARD_VERSION

    config = {"prompt": PROMPT_VERSION, "guard": GUARD_VERSION if guard else False, "source": source}
    cache = cache if cache is not None else CaseCache(None, "faithfulness")
    run = _JudgedRun("faithfulness", dataset, judge_name, config, cache, concurrency, progress, source)
    labels = _domain_labels(rows)
    earlier = {r.row: tuple(c) for r, c in zip(rows, contexts, strict=True)} if contexts is not None else {}

    async def work(row: QARow, _: list[FaithfulnessCase]) -> FaithfulnessCase:
        verdict = Verdict(value=None, status="ok")
        if judge is not None:
            verdict = await judge.judge(
                "faithfulness",
                question=row.question,
                answer=row.answer,
                outputs=[(o.function, o.text) for o in row.outputs],
            )
        passed: bool | None = None
        unsupported: list[str] = []
        error: str | None = None
        if guard:
            try:
                passed, unsupported = _guard(row, labels.get(row.domain, []), earlier.get(row.row, ()))
            except Exception as exc:  # the checker failing on one row is that row's error, not the run's
                error = f"guard: {type(exc).__name__}: {exc}"
        return FaithfulnessCase(
            case_id=row.case_id,
            row=row.row,
            domain=row.domain,
            question=row.question,
            answer=row.answer,
            functions=row.functions,
            human=row.human_faithful,
            recorded_judge=row.judge_faithful,
            judge=verdict.value,
            judge_status=verdict.status if judge is not None else "skipped",
            judge_raw=verdict.raw,
            guard=passed,
            guard_unsupported=unsupported,
            error=error,
        )

    cases = await run.cases(rows, work, FaithfulnessCase)
    rates: list[Rate] = []
    agreements: list[Agreement] = []
    raters: list[tuple[str, str]] = [("human", "human"), ("recorded-judge", "recorded_judge")]
    if judge is not None:
        raters.append((judge_name, "judge"))
    if guard:
        raters.append(("guard", "guard"))
    for subset, members in _subsets(rows):
        chosen = [c for c in cases if c.row in members]
        for rater, attr in raters:
            values = [getattr(c, attr) for c in chosen]
            if all(v is None for v in values) and rater in ("human", "recorded-judge"):
                continue
            if attr == "judge":
                rates.append(_judge_rate("faithfulness", rater, subset, values, [c.judge_status for c in chosen]))
            elif attr == "guard":
                rates.append(
                    rate("faithfulness", rater, subset, values, errors=sum(c.error is not None for c in chosen))
                )
            else:
                rates.append(rate("faithfulness", rater, subset, values))
        if any(c.human is not None for c in chosen):
            for rater, attr in raters[1:]:
                pairs = [(c.human, getattr(c, attr)) for c in chosen]
                if any(b is not None for _, b in pairs):
                    agreements.append(_with_human("faithfulness", rater, pairs, subset, names=FAITHFUL))
    guard_note = (
        "The guard reads each output's text: a prediction or what-if output that is one bare word states the "
        "predicted label (the domain's labels are those words); other text gives numbers and words only."
    )
    return FaithfulnessReport(
        **run.header(),
        rates=rates,
        agreement=agreements,
        cases=cases,
        notes=[*notes, *([guard_note] if guard else [])],
    )


def qa_contexts(rows: Sequence[QARow], data_dir: Path) -> tuple[list[tuple[tuple[str, str], ...]], list[str]]:
    """The earlier conversation of every SYN-QA row, and notes on how it was found.

    A row whose question is a user turn of the SYN dialogue files gets that dialogue's preceding turns
    (user and explainer). Other rows (the public files do not hold their dialogues) get the preceding
    SYN-QA rows of the same unmatched stretch, as question and answer pairs.
    """
    turns: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
    for domain, file in (
        ("sentiment", "Sentiment_dialogues.json"),
        ("heart-rate", "Heart_Rate_dialogues.json"),
    ):
        path = require_file(data_dir, EVAL / "dialogue" / file)
        for case in conversation_cases(path, data_dir, domain, labeled=False):  # a case per user turn
            turns.setdefault((domain, case.text.strip()), case.context)
    out: list[tuple[tuple[str, str], ...]] = []
    stretch: list[tuple[str, str]] = []
    unmatched = 0
    for row in rows:
        found = turns.get((row.domain or "", row.question.strip()))
        if found is not None:
            out.append(found)
            stretch = []
            continue
        unmatched += 1
        out.append(tuple(stretch))
        stretch = [*stretch, ("user", row.question), ("assistant", row.answer)]
    notes = []
    if unmatched:
        notes.append(
            f"{unmatched} rows are not turns of the public SYN dialogue files; their context is the "
            "preceding SYN-QA rows of the same stretch."
        )
    return out, notes


async def evaluate_context(
    rows: Sequence[QARow],
    contexts: Sequence[Sequence[tuple[str, str]]],
    *,
    dataset: str,
    judge: LLMJudge | None = None,
    concurrency: int = 1,
    cache: CaseCache | None = None,
    progress: bool | None = None,
    notes: Sequence[str] = (),
    source: str = "recorded",
) -> ContextReport:
    """Context relevance of every turn and contextual coherence of the replies to turns that need context.

    Coherence is judged on the turns the human labels mark as needing context, or, without a human label,
    on those the judge does.
    """
    judge_name = judge.name if judge else "none"
    config = {"prompt": PROMPT_VERSION, "source": source}
    cache = cache if cache is not None else CaseCache(None, "context")
    run = _JudgedRun("context", dataset, judge_name, config, cache, concurrency, progress, source)
    context_of = {r.row: tuple(c) for r, c in zip(rows, contexts, strict=True)}

    async def work(row: QARow, _: list[ContextCase]) -> ContextCase:
        context = context_of[row.row]
        relevant = coherent = Verdict(value=None, status="ok")
        if judge is not None:
            relevant = await judge.judge("relevance", question=row.question, context=context)
            needs = row.human_relevant if row.human_relevant is not None else relevant.value
            if needs:
                coherent = await judge.judge("coherence", question=row.question, answer=row.answer, context=context)
        status = "skipped" if judge is None else None
        return ContextCase(
            case_id=row.case_id,
            row=row.row,
            domain=row.domain,
            question=row.question,
            answer=row.answer,
            context_turns=len(context),
            human_relevant=row.human_relevant,
            recorded_relevant=row.judge_relevant,
            relevant=relevant.value,
            relevant_status=status or relevant.status,
            human_coherent=row.human_coherent,
            coherent=coherent.value,
            coherent_status=status or (coherent.status if coherent.value is not None or coherent.raw else "skipped"),
        )

    cases = await run.cases(rows, work, ContextCase)
    rates: list[Rate] = []
    agreements: list[Agreement] = []
    for subset, members in _subsets(rows):
        chosen = [c for c in cases if c.row in members]
        needing = [c for c in chosen if c.human_relevant]
        # The judge was asked about coherence where the turn needs context: by the human label when there is
        # one, else by its own relevance verdict (a layer's own turns have no human labels).
        judged_coherence = [c for c in chosen if (c.human_relevant if c.human_relevant is not None else c.relevant)]
        rates.append(rate("relevance", "human", subset, [c.human_relevant for c in chosen]))
        rates.append(rate("relevance", "recorded-judge", subset, [c.recorded_relevant for c in chosen]))
        rates.append(rate("coherence", "human", subset, [c.human_coherent for c in needing]))
        relevance_pairs = [(c.human_relevant, c.recorded_relevant) for c in chosen]
        agreements.append(_with_human("relevance", "recorded-judge", relevance_pairs, subset))
        if judge is not None:
            relevant = [c.relevant for c in chosen]
            rates.append(_judge_rate("relevance", judge_name, subset, relevant, [c.relevant_status for c in chosen]))
            coherent = [c.coherent for c in judged_coherence]
            statuses = [c.coherent_status for c in judged_coherence]
            rates.append(_judge_rate("coherence", judge_name, subset, coherent, statuses))
            relevance_pairs = [(c.human_relevant, c.relevant) for c in chosen]
            agreements.append(_with_human("relevance", judge_name, relevance_pairs, subset))
            coherence_pairs = [(c.human_coherent, c.coherent) for c in needing]
            agreements.append(_with_human("coherence", judge_name, coherence_pairs, subset))
    extra = (
        []
        if judge is not None
        else [
            "No judge configured: only the file's labels are reported. "
            "The public data holds no judge coherence "
            "labels, so coherence agreement needs --judge."
        ]
    )
    return ContextReport(
        **run.header(),
        rates=rates,
        agreement=agreements,
        cases=cases,
        notes=[*notes, *extra],
    )


def layer_turns(report: ParseReport, cases: Sequence[Case]) -> tuple[list[QARow], list[tuple[tuple[str, str], ...]]]:
    """A layer's own turns (from a parsing run over `cases`) as answer rows with their earlier conversation.

    Each turn's outputs are the renderings of its successful calls; its context is the earlier turns of its
    dialogue as the run saw them (the data's gold replies when teacher-forced, the layer's own replies when
    free-running).
    """
    by_id = {c.id: c for c in cases}
    free = report.config.get("history") == "free-running"
    rows: list[QARow] = []
    contexts: list[tuple[tuple[str, str], ...]] = []
    earlier: dict[str, list[tuple[str, str]]] = {}
    for i, record in enumerate(report.cases):
        outputs = tuple(
            ToolOutput(c.function, c.output) for c in record.calls if c.status == "ok" and c.output is not None
        )
        rows.append(
            QARow(
                set=report.dataset,
                row=i,
                domain=None,
                question=record.text,
                outputs=outputs,
                answer=record.reply,
                case=record.case_id,
            )
        )
        if free:
            history = earlier.setdefault(record.dialogue or record.case_id, [])
            contexts.append(tuple(history))
            history += [("user", record.text), ("assistant", record.reply)]
        else:
            contexts.append(by_id[record.case_id].context)
    return rows, contexts


def recorded_agreement(rows: Sequence[QARow]) -> list[Agreement]:
    """Judge-human agreement from the labels a file records (no model): faithfulness and relevance."""
    out = []
    for subset, members in _subsets(rows):
        chosen = [r for r in rows if r.row in members]
        if any(r.human_faithful is not None for r in chosen):
            faithful_pairs = [(r.human_faithful, r.judge_faithful) for r in chosen]
            out.append(_with_human("faithfulness", "recorded-judge", faithful_pairs, subset, names=FAITHFUL))
        if any(r.human_relevant is not None for r in chosen):
            relevance_pairs = [(r.human_relevant, r.judge_relevant) for r in chosen]
            out.append(_with_human("relevance", "recorded-judge", relevance_pairs, subset))
    return out


def agreement_report(
    rows: Sequence[QARow],
    *,
    dataset: str,
    judged: Sequence[FaithfulnessReport | ContextReport] = (),
    config: dict[str, Any] | None = None,
) -> AgreementReport:
    """Judge-human agreement per aspect: the recorded judge's, then the configured judge's (if it ran)."""
    if not any(r.human_faithful is not None or r.human_relevant is not None for r in rows):
        raise UsageError(f"{dataset} has no human labels: agreement needs syn-qa")
    items = recorded_agreement(rows)
    judge = None
    for report in judged:
        judge = report.judge
        items += [a for a in report.agreement if a.rater_b not in ("recorded-judge",)]
    notes = (
        []
        if judged
        else ["The public data holds no judge coherence labels: run with --judge to measure coherence agreement."]
    )
    return AgreementReport(dataset=dataset, judge=judge, config=config or {}, agreement=items, notes=notes)
