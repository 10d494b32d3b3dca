"""The report schema (JSON, documented in docs/eval.md) and its Markdown rendering.

Every command writes one of the `*Report` models; `--dataset all` writes a `ReportSet`.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

import pydantic

__all__ = [
    "SCHEMA_VERSION",
    "Agreement",
    "AgreementReport",
    "CallSummary",
    "ConfusionMatrix",
    "ContextCase",
    "ContextReport",
    "FaithfulnessCase",
    "FaithfulnessReport",
    "FunctionScore",
    "ParseCase",
    "ParseReport",
    "ParseTotals",
    "Rate",
    "ReportSet",
    "load_report",
    "markdown",
]

SCHEMA_VERSION = 1


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class _Model(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")


class ReportBase(_Model):
    """What every report carries: what ran, on what, with which settings, and how long it took."""

    schema_version: int = SCHEMA_VERSION
    command: str
    dataset: str
    backend: str | None = None
    judge: str | None = None
    config: dict[str, Any] = {}
    created: str = pydantic.Field(default_factory=_now)
    seconds: float = 0.0
    notes: list[str] = []


class CallSummary(_Model):
    """One function call the layer made: name, arguments, how it ended, and its rendered output (or error)."""

    function: str
    arguments: dict[str, Any] = {}
    status: str = "ok"
    output: str | None = None


class ParseCase(_Model):
    """The per-case record of a parsing run (also the cached value of the case)."""

    case_id: str
    text: str
    dialogue: str | None = None
    turn: int = 0
    gold: list[str] | None = None
    gold_raw: str | None = None
    in_scope: bool | None = None
    excluded_label: str | None = None
    reference: list[str] | None = None
    predicted: str | None = None
    calls: list[CallSummary] = []
    correct: bool | None = None
    reference_match: bool | None = None
    argument_gold: str | None = None
    argument_correct: bool | None = None
    reply: str = ""
    error: str | None = None
    seconds: float = 0.0
    cached: bool = False
    #: free-running only: the messages this turn appended, replayed as history for the dialogue's next turn.
    messages: list[dict[str, Any]] = []


class FunctionScore(_Model):
    """Scores for one gold function: support, correct first calls, recall (= accuracy) and precision."""

    function: str
    support: int
    correct: int
    accuracy: float | None
    predicted: int
    precision: float | None


class ConfusionMatrix(_Model):
    """Gold (rows) by first called function (columns); a gold with alternatives takes the matched one."""

    labels: list[str]
    predicted_labels: list[str]
    matrix: list[list[int]]


class ParseTotals(_Model):
    """Totals of a parsing run. `accuracy` is the headline: cases whose gold is within the eleven or
    `no tool`; `all_rows_accuracy` counts every labeled row.
    """

    cases: int
    labeled: int
    in_scope: int
    correct: int
    accuracy: float | None
    all_rows_correct: int
    all_rows_accuracy: float | None
    excluded: dict[str, int] = {}
    errors: int = 0
    argument_cases: int = 0
    argument_correct: int = 0
    argument_accuracy: float | None = None
    reference_cases: int = 0
    reference_agreement: float | None = None
    cached: int = 0


class ParseReport(ReportBase):
    """A parsing run: totals, per-function scores, the confusion matrix and every case."""

    command: Literal["parse"] = "parse"
    totals: ParseTotals
    per_function: list[FunctionScore] = []
    confusion: ConfusionMatrix | None = None
    cases: list[ParseCase] = []


class Agreement(_Model):
    """Agreement of two raters on one aspect: rate, Cohen's kappa and the table (rows a, columns b)."""

    aspect: str
    rater_a: str
    rater_b: str
    subset: str = "all"
    n: int
    agree: int
    rate: float | None
    kappa: float | None
    labels: list[str]
    table: list[list[int]]
    skipped: int = 0


class Rate(_Model):
    """How often a rater gave the positive label (preserved / needs context / coherent) on a subset."""

    aspect: str
    rater: str
    subset: str
    n: int
    positive: int
    rate: float | None
    unparseable: int = 0
    errors: int = 0


class FaithfulnessCase(_Model):
    """One recorded turn judged for faithfulness (True = the reply preserves the function outputs)."""

    case_id: str
    row: int
    domain: str | None
    question: str
    answer: str
    functions: list[str]
    human: bool | None = None
    recorded_judge: bool | None = None
    judge: bool | None = None
    judge_status: str = "skipped"
    judge_raw: str | None = None
    guard: bool | None = None
    guard_unsupported: list[str] = []
    error: str | None = None
    cached: bool = False


class FaithfulnessReport(ReportBase):
    """Faithfulness rates by rater and subset, agreement with the human labels, and every case."""

    command: Literal["faithfulness"] = "faithfulness"
    rates: list[Rate]
    agreement: list[Agreement] = []
    cases: list[FaithfulnessCase] = []


class ContextCase(_Model):
    """One turn judged for context relevance (needs earlier context) and contextual coherence."""

    case_id: str
    row: int | None = None
    domain: str | None = None
    question: str
    answer: str
    context_turns: int
    human_relevant: bool | None = None
    recorded_relevant: bool | None = None
    relevant: bool | None = None
    relevant_status: str = "skipped"
    human_coherent: bool | None = None
    coherent: bool | None = None
    coherent_status: str = "skipped"
    error: str | None = None
    cached: bool = False


class ContextReport(ReportBase):
    """Context relevance and coherence rates, agreement with the human labels, and every case."""

    command: Literal["context"] = "context"
    rates: list[Rate]
    agreement: list[Agreement] = []
    cases: list[ContextCase] = []


class AgreementReport(ReportBase):
    """Judge-human agreement per aspect (recorded judge labels, and the configured judge if any)."""

    command: Literal["agreement"] = "agreement"
    agreement: list[Agreement]


class ReportSet(_Model):
    """Several reports written together (`--dataset all`)."""

    schema_version: int = SCHEMA_VERSION
    command: str
    reports: list[ParseReport]


AnyReport = ParseReport | FaithfulnessReport | ContextReport | AgreementReport


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.1f} %"


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table of `header` and `rows`, with `|` inside cells escaped."""
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _parse_rows(reports: list[ParseReport]) -> str:
    rows = []
    for r in reports:
        t = r.totals
        excluded = str(sum(t.excluded.values())) if t.excluded else "-"
        rows.append(
            [
                r.dataset,
                r.backend or "",
                f"{t.correct}/{t.in_scope}" if t.labeled else "-",
                _pct(t.accuracy),
                _pct(t.all_rows_accuracy),
                f"{t.argument_correct}/{t.argument_cases}" if t.argument_cases else "-",
                _pct(t.reference_agreement) if t.reference_cases else "-",
                str(t.errors),
                excluded,
                f"{r.seconds:.1f}",
            ]
        )
    header = [
        "dataset",
        "backend",
        "correct",
        "accuracy",
        "all rows",
        "arguments",
        "vs recorded",
        "errors",
        "excluded",
        "s",
    ]
    lines = [markdown_table(header, rows)]
    for r in reports:
        if r.totals.excluded:
            listed = ", ".join(f"{k} {v}" for k, v in sorted(r.totals.excluded.items()))
            lines.append(f"Excluded from the headline ({r.dataset}): {listed}.")
    return "\n\n".join(lines)


def _agreement_rows(items: list[Agreement]) -> str:
    rows = [
        [
            a.aspect,
            a.subset,
            f"{a.rater_a} vs {a.rater_b}",
            f"{a.agree}/{a.n}",
            _pct(a.rate),
            "n/a" if a.kappa is None else f"{a.kappa:.3f}",
            str(a.skipped),
        ]
        for a in items
    ]
    return markdown_table(["aspect", "subset", "raters", "agree", "rate", "kappa", "skipped"], rows)


def _rate_rows(items: list[Rate]) -> str:
    rows = [
        [r.aspect, r.subset, r.rater, f"{r.positive}/{r.n}", _pct(r.rate), str(r.unparseable), str(r.errors)]
        for r in items
    ]
    return markdown_table(["aspect", "subset", "rater", "positive", "rate", "unparseable", "errors"], rows)


def markdown(report: AnyReport | ReportSet) -> str:
    """The report as Markdown tables (what the CLI prints)."""
    if isinstance(report, ReportSet):
        notes = sorted({n for r in report.reports for n in r.notes})
        return _parse_rows(report.reports) + "".join(f"\n\n- {n}" for n in notes)
    parts: list[str] = []
    if isinstance(report, ParseReport):
        parts.append(_parse_rows([report]))
        if report.per_function:
            rows = [
                [
                    f.function,
                    str(f.support),
                    f"{f.correct}",
                    _pct(f.accuracy),
                    str(f.predicted),
                    _pct(f.precision),
                ]
                for f in report.per_function
            ]
            parts.append(markdown_table(["function", "support", "correct", "recall", "predicted", "precision"], rows))
    elif isinstance(report, FaithfulnessReport | ContextReport):
        parts.append(_rate_rows(report.rates))
        if report.agreement:
            parts.append(_agreement_rows(report.agreement))
    else:
        parts.append(_agreement_rows(report.agreement))
    parts += [f"- {n}" for n in report.notes]
    return "\n\n".join(parts)


def load_report(path: Path) -> AnyReport | ReportSet:
    """Read a JSON report written by `--out`.

    Raises:
        UsageError: the file is missing, not JSON, or not a report of this schema.
    """
    from simxai.exceptions import UsageError

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{path} does not exist") from None
    except ValueError as exc:
        raise UsageError(f"{path}: not a JSON report ({exc})") from None
    models: dict[str, type[pydantic.BaseModel]] = {
        "parse": ParseReport,
        "faithfulness": FaithfulnessReport,
        "context": ContextReport,
        "agreement": AgreementReport,
    }
    model = (
        ReportSet
        if isinstance(data, dict) and "reports" in data
        else models.get(data.get("command", "") if isinstance(data, dict) else "")
    )
    if model is None:
        raise UsageError(f"{path}: not a simxai-eval report (no known 'command' field)")
    try:
        return model.model_validate(data)  # type: ignore[return-value]
    except pydantic.ValidationError as exc:
        raise UsageError(f"{path}: does not match the report schema: {exc.errors()[0]['msg']}") from None
