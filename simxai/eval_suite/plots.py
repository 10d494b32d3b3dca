"""PNG plots of reports: the per-function confusion matrix and a judge-human agreement chart.

matplotlib is imported inside the functions (with the Agg backend), so importing the suite stays light.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from simxai.eval_suite.report import (
    Agreement,
    AgreementReport,
    ConfusionMatrix,
    ContextReport,
    FaithfulnessReport,
    ParseReport,
    ReportSet,
)

__all__ = ["beside", "plot_agreement", "plot_confusion", "pyplot", "write_plots"]


def pyplot() -> Any:
    """matplotlib.pyplot on the Agg backend (files only, no display)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_confusion(confusion: ConfusionMatrix, path: Path, title: str) -> Path:
    """Draw gold (rows) by first called function (columns), with counts in the cells."""
    plt = pyplot()
    rows, cols = len(confusion.labels), len(confusion.predicted_labels)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.55 * cols + 3), max(4.5, 0.45 * rows + 2)))
    try:
        image = ax.imshow(confusion.matrix, cmap="Blues", aspect="auto")
        ax.set_xticks(range(cols), confusion.predicted_labels, rotation=60, ha="right", fontsize=8)
        ax.set_yticks(range(rows), confusion.labels, fontsize=8)
        ax.set_xlabel("first called function")
        ax.set_ylabel("gold")
        ax.set_title(title, fontsize=10)
        peak = max((max(r) for r in confusion.matrix if r), default=0)
        for i, row in enumerate(confusion.matrix):
            for j, value in enumerate(row):
                if value:
                    color = "white" if value > peak / 2 else "black"
                    ax.text(j, i, str(value), ha="center", va="center", fontsize=7, color=color)
        fig.colorbar(image, ax=ax, fraction=0.03)
        fig.tight_layout()
        fig.savefig(path, dpi=120)
    finally:
        plt.close(fig)
    return path


def plot_agreement(items: Sequence[Agreement], path: Path, title: str) -> Path:
    """Bars of agreement rate and Cohen's kappa for each aspect and rater pair."""
    plt = pyplot()
    names = [f"{a.aspect}\n{a.rater_b}\n({a.subset}, n={a.n})" for a in items]
    rates = [a.rate or 0.0 for a in items]
    kappas = [a.kappa if a.kappa is not None else 0.0 for a in items]
    fig, ax = plt.subplots(figsize=(max(6.0, 1.3 * len(items) + 2), 4.5))
    try:
        xs = range(len(items))
        ax.bar([x - 0.2 for x in xs], rates, width=0.4, label="agreement rate")
        ax.bar([x + 0.2 for x in xs], kappas, width=0.4, label="Cohen's kappa")
        for x, (r, k, a) in enumerate(zip(rates, kappas, items, strict=True)):
            ax.text(x - 0.2, r + 0.01, f"{r * 100:.1f}%", ha="center", fontsize=7)
            ax.text(x + 0.2, max(k, 0) + 0.01, "n/a" if a.kappa is None else f"{k:.2f}", ha="center", fontsize=7)
        ax.set_xticks(list(xs), names, fontsize=7)
        ax.set_ylim(min(0.0, min(kappas, default=0.0)) - 0.05, 1.1)
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(path, dpi=120)
    finally:
        plt.close(fig)
    return path


def beside(out: Path, suffix: str) -> Path:
    """The PNG path of the plot `suffix` beside `out` (`r.json`, `agreement` -> `r.agreement.png`)."""
    return out.with_name(f"{out.stem}.{suffix}.png")


def write_plots(
    report: ParseReport | FaithfulnessReport | ContextReport | AgreementReport | ReportSet, out: Path
) -> list[Path]:
    """Write the report's plots beside `out` (`r.json` -> `r.confusion.png`, `r.agreement.png`)."""
    written: list[Path] = []
    if isinstance(report, ReportSet):
        for item in report.reports:
            if item.confusion is not None:
                written.append(
                    plot_confusion(
                        item.confusion,
                        beside(out, f"{item.dataset}.confusion"),
                        f"{item.dataset} ({item.backend})",
                    )
                )
        return written
    if isinstance(report, ParseReport):
        if report.confusion is not None:
            written.append(
                plot_confusion(report.confusion, beside(out, "confusion"), f"{report.dataset} ({report.backend})")
            )
        return written
    items = [a for a in report.agreement if a.subset == "all"]
    if items:
        written.append(plot_agreement(items, beside(out, "agreement"), f"Judge-human agreement: {report.dataset}"))
    return written
