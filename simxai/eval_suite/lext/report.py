"""The LExT report: per-case components, per-layer summaries, Markdown, and the quadrant plot.

A *layer* is what wrote the explanations: ``recorded`` (the answers a dataset holds) or a live backend
such as ``router``. Layer summaries average each component over the cases where it is available, then
derive the aggregates from those means with the same equations as a single case.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import pydantic

from simxai.eval_suite.lext.metrics import AGGREGATES, COMPONENTS, Aggregate, Score, aggregates
from simxai.eval_suite.report import ReportBase, markdown_table

__all__ = [
    "ComponentMean",
    "LExTCase",
    "LExTReport",
    "LayerSummary",
    "lext_markdown",
    "plot_quadrant",
    "summarize",
]

_SHORT = {
    "weighted_accuracy": "weighted acc.",
    "context_relevancy": "context rel.",
    "iterative_stability": "iterative",
    "paraphrase_stability": "paraphrase",
    "qag": "QAG",
    "counterfactual_stability": "counterfactual",
    "contextual_faithfulness": "contextual",
}


class LExTCase(pydantic.BaseModel):
    """One row as one layer answered it: its components, aggregates and the evidence behind them."""

    model_config = pydantic.ConfigDict(extra="forbid")

    case_id: str
    layer: str
    row: int
    domain: str | None = None
    question: str
    explanation: str = ""
    ground_truth: str = ""
    functions: list[str] = []
    components: dict[str, Score] = {}
    aggregates: dict[str, Aggregate] = {}
    details: dict[str, Any] = {}
    judge_calls: dict[str, int] = {}
    error: str | None = None
    seconds: float = 0.0
    cached: bool = False


class ComponentMean(pydantic.BaseModel):
    """A component over a layer's cases: the mean where available, how many, and why the rest are not."""

    model_config = pydantic.ConfigDict(extra="forbid")

    mean: float | None
    n: int
    unavailable: dict[str, int] = {}


class LayerSummary(pydantic.BaseModel):
    """One layer's scores on the dataset."""

    model_config = pydantic.ConfigDict(extra="forbid")

    layer: str
    cases: int
    grounded: int | None = None
    components: dict[str, ComponentMean]
    aggregates: dict[str, Aggregate]
    complete_cases: int = 0
    lext_of_complete_cases: float | None = None
    judge_calls: dict[str, int] = {}
    seconds: float = 0.0


class LExTReport(ReportBase):
    """A LExT run: per-layer summaries and every case."""

    command: Literal["lext"] = "lext"
    embedder: str
    entities: str
    layers: list[LayerSummary]
    cases: list[LExTCase] = []


def summarize(layer: str, cases: Sequence[LExTCase], *, seconds: float = 0.0, live: bool = False) -> LayerSummary:
    """Mean of each component over the cases where it is available, and the aggregates of those means.

    An aggregate is complete only when every case was fully scored: a component available in some cases
    and not others makes the layer's means cover different cases, so the layer is partial. The mean LExT
    of the fully scored cases alone is reported beside it (`lext_of_complete_cases`).
    """
    components: dict[str, ComponentMean] = {}
    means: dict[str, Score] = {}
    for name in COMPONENTS:
        scores = [c.components.get(name, Score.unavailable("not computed")) for c in cases]
        values = [s.value for s in scores if s.value is not None]
        reasons = Counter(s.reason or "unavailable" for s in scores if s.value is None)
        mean = sum(values) / len(values) if values else None
        components[name] = ComponentMean(mean=mean, n=len(values), unavailable=dict(reasons))
        means[name] = Score(value=mean) if mean is not None else Score.unavailable("no case")
    calls: Counter[str] = Counter()
    for case in cases:
        calls.update(case.judge_calls)
    grounded = sum(bool(c.details.get("grounded")) for c in cases) if live else None
    complete = [c for c in cases if _fully_scored(c)]
    derived = aggregates(means)
    if len(complete) < len(cases):
        derived = {name: item.model_copy(update={"complete": False}) for name, item in derived.items()}
    lexts = [c.aggregates["lext"].value for c in complete]
    return LayerSummary(
        layer=layer,
        cases=len(cases),
        grounded=grounded,
        components=components,
        aggregates=derived,
        complete_cases=len(complete),
        lext_of_complete_cases=sum(v for v in lexts if v is not None) / len(lexts) if lexts else None,
        judge_calls=dict(calls),
        seconds=round(seconds, 3),
    )


def _fully_scored(case: LExTCase) -> bool:
    item = case.aggregates.get("lext")
    return item is not None and item.value is not None and item.complete


#: What a value that could not be measured prints as: never a zero, which would read as a failure.
NOT_MEASURED = "not measured"


def _num(value: float | None) -> str:
    return NOT_MEASURED if value is None else f"{value:.3f}"


def _agg(item: Aggregate) -> str:
    if item.value is None:
        return NOT_MEASURED
    return f"{item.value:.3f}" + ("" if item.complete else "*")


def _part(name: str) -> str:
    return _SHORT.get(name, name)


def _partial_lines(summary: LayerSummary) -> list[str]:
    """For each partial aggregate of a layer: what it was computed from, and what was not measured."""
    lines = []
    for name in (*AGGREGATES, "lext"):
        item = summary.aggregates[name]
        if item.value is None or item.complete:
            continue
        label = "LExT" if name == "lext" else name
        used = " and ".join(_part(n) for n in item.used)
        if item.missing:
            missing = ", ".join(_part(n) for n in item.missing)
            lines.append(f"- {summary.layer}: {label} {item.value:.3f}* is {used} alone; not measured: {missing}")
        else:
            lines.append(f"- {summary.layer}: {label} {item.value:.3f}* combines {used}, which are partial themselves")
    return lines


def lext_markdown(report: LExTReport) -> str:
    """The report as Markdown: aggregates, component means (with counts), why components are unavailable."""
    head = (
        f"LExT on {report.dataset} (embedder {report.embedder}, entities {report.entities}, "
        f"judge {report.judge or 'none'})"
    )
    agg_rows = [
        [
            s.layer,
            str(s.cases),
            "-" if s.grounded is None else str(s.grounded),
            *(_agg(s.aggregates[a]) for a in (*AGGREGATES, "lext")),
            f"{s.complete_cases}/{s.cases}",
            _num(s.lext_of_complete_cases),
            f"{s.seconds:.1f}",
        ]
        for s in report.layers
    ]
    columns = ["layer", "cases", "grounded", *AGGREGATES, "LExT", "fully scored", "LExT (fully scored)", "s"]
    parts = [head, markdown_table(columns, agg_rows)]
    partial = [line for s in report.layers for line in _partial_lines(s)]
    if partial:
        parts.append("\n".join(partial))
    comp_rows = [
        [s.layer, *(f"{_num(s.components[c].mean)} ({s.components[c].n})" for c in COMPONENTS)] for s in report.layers
    ]
    parts.append(markdown_table(["layer", *(_SHORT[c] for c in COMPONENTS)], comp_rows))
    reasons = []
    for s in report.layers:
        by_reason: dict[str, list[tuple[str, int]]] = {}
        for c in COMPONENTS:
            for reason, n in s.components[c].unavailable.items():
                by_reason.setdefault(reason, []).append((_SHORT[c], n))
        for reason, items in by_reason.items():
            if len(items) == len(COMPONENTS) and len({n for _, n in items}) == 1:
                what = f"every component ({items[0][1]} cases)"
            else:
                what = ", ".join(f"{name} ({n})" for name, n in items)
            reasons.append(f"- {s.layer}, unavailable: {reason}: {what}")
        if s.judge_calls:
            listed = ", ".join(f"{k} {v}" for k, v in sorted(s.judge_calls.items()))
            reasons.append(f"- {s.layer}: judge answers: {listed}")
    parts.append("\n".join(reasons) if reasons else "- every component was available for every case")
    parts.append(
        "* partial: some component is missing in some case, so the means cover different cases (see the "
        "missing components above); 'LExT (fully scored)' is the mean over the cases scored on every component."
    )
    if report.notes:
        parts.append("\n".join(f"- {n}" for n in report.notes))
    return "\n\n".join(parts)


def plot_quadrant(report: LExTReport, path: Path) -> Path:
    """Plausibility (x) against faithfulness (y) per layer, quadrant lines at 0.5, labelled points.

    Layers whose P or F is unavailable are listed under the axes instead; partial values are hollow.
    """
    from simxai.eval_suite.plots import pyplot

    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 5.6))
    try:
        ax.axvline(0.5, color="grey", linewidth=0.8, linestyle="--")
        ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
        quadrants = (
            (0.75, 0.97, "plausible and faithful"),
            (0.25, 0.97, "faithful, not plausible"),
            (0.75, 0.03, "plausible, not faithful"),
            (0.25, 0.03, "neither"),
        )
        for x, y, text in quadrants:
            ax.text(x, y, text, ha="center", va="center", fontsize=8, color="grey")
        skipped = []
        for summary in report.layers:
            p, f = summary.aggregates["plausibility"], summary.aggregates["faithfulness"]
            if p.value is None or f.value is None:
                skipped.append(summary.layer)
                continue
            partial = not (p.complete and f.complete)
            lext = summary.aggregates["lext"].value
            ax.scatter(
                [p.value],
                [f.value],
                s=70,
                marker="o",
                facecolors="none" if partial else "C0",
                edgecolors="C0",
                linewidths=1.5,
                zorder=3,
                clip_on=False,
            )
            label = f"{summary.layer}{' (partial)' if partial else ''}\nLExT {_num(lext)}"
            # Labels point inwards, so that points on the right or top edge keep theirs inside the axes.
            right = p.value > 0.7
            ax.annotate(
                label,
                (p.value, f.value),
                textcoords="offset points",
                xytext=(-8 if right else 8, 8 if f.value < 0.9 else -24),
                ha="right" if right else "left",
                fontsize=8,
            )
        ax.set_xlim(-0.02, 1.02)
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("plausibility")
        ax.set_ylabel("faithfulness")
        ax.set_title(f"LExT on {report.dataset} (judge {report.judge or 'none'})", fontsize=10)
        if skipped:
            fig.text(0.01, 0.01, "not plotted (P or F unavailable): " + ", ".join(skipped), fontsize=7)
        fig.tight_layout(rect=(0, 0.03, 1, 1))
        fig.savefig(path, dpi=120)
    finally:
        plt.close(fig)
    return path
