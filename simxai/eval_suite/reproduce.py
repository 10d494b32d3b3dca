"""Table 4 from the recorded files alone: every figure recomputed with the suite's own scoring code.

Two columns to compare with: `reported`, the figure the data's README states for those files (a row
matches when the recomputed figure, rounded to one decimal, equals it), and `paper`, the value the SimXAI
paper's Table 4 gives for what the row measures. Where the paper and the public files disagree, one line per
disagreement says what the data gives, and which other figure of the data (if any) equals the paper's.
Rows the public data cannot give are listed with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from simxai.eval_suite.data.datasets import Case, load_cases
from simxai.eval_suite.data.recorded import RECORDED_RUNS, QARow, load_recorded_run, load_syn_qa, resolve_run
from simxai.eval_suite.judged.aspects import recorded_agreement
from simxai.eval_suite.parsing.evaluate import score_recorded

__all__ = ["NOT_RECOMPUTABLE", "PAPER_ONLY", "TableRow", "paper_disagreements", "render_table", "reproduce_rows"]


@dataclass(frozen=True)
class TableRow:
    """One figure: what it measures, its source, the recomputed count and value, and the reported value."""

    section: str
    measure: str
    source: str
    numerator: int
    denominator: int
    reported: str | None
    paper: str | None = None

    @property
    def value(self) -> str:
        """The recomputed figure as a percentage with one decimal ('n/a' without a denominator)."""
        return f"{self.numerator / self.denominator * 100:.1f} %" if self.denominator else "n/a"

    @property
    def matches(self) -> bool | None:
        """Whether the recomputed figure is the reported one (None when nothing was reported)."""
        return None if self.reported is None else self.value == self.reported

    @property
    def matches_paper(self) -> bool | None:
        """Whether the recomputed figure, rounded to the paper's precision, is the paper's value."""
        if self.paper is None or not self.denominator:
            return None
        return same_figure(self.numerator / self.denominator * 100, self.paper)


def same_figure(percent: float, figure: str) -> bool:
    """Whether `percent` rounds to `figure` ("88 %", "94.74 %") at the figure's own number of decimals."""
    number = figure.removesuffix("%").strip()
    decimals = len(number.split(".", 1)[1]) if "." in number else 0
    return f"{percent:.{decimals}f}" == number


#: Figures of the paper's Table 4 that no public file can recompute, and why.
PAPER_ONLY: list[tuple[str, str, str]] = [
    ("Parsing: single-turn", "86 %", "the public data holds the request set but no recorded predictions"),
    (
        "Parsing: dialogue, SYN-Sentiment",
        "92.5 %",
        "the public SYN dialogue files have no gold labels; the sentiment dialogues above are another set",
    ),
    (
        "Parsing: dialogue, SYN-HeartRate",
        "96 %",
        "the public SYN dialogue files have no gold labels and no per-turn predictions",
    ),
]


#: Parts of the paper's evaluation the public files cannot give, and why.
NOT_RECOMPUTABLE: list[tuple[str, str]] = [
    (
        "Single-turn accuracy (SimXAI single-turn set, CoXQL)",
        "the public data holds the request sets but no recorded predictions: run `simxai-eval parse`",
    ),
    (
        "Dialogue-level accuracy on the SYN dialogues",
        "the SYN dialogue files have no gold labels and no per-turn predictions",
    ),
    (
        "Contextual coherence by the judge, and its agreement with humans",
        "the public data holds human coherence labels but no judge coherence labels: "
        "run `simxai-eval context "
        "--judge ...`",
    ),
]


def _parse_row(
    data_dir: Path,
    loaded: dict[str, list[Case]],
    run: str,
    section: str,
    measure: str,
    reported: str | None,
    paper: str | None = None,
) -> TableRow:
    """The row of a recorded run; `loaded` keeps each dataset's cases, so two runs on one dataset load it once."""
    spec = RECORDED_RUNS[run]
    path, _ = resolve_run(run, data_dir)
    if spec.dataset not in loaded:
        loaded[spec.dataset] = load_cases(spec.dataset, data_dir)
    report = score_recorded(loaded[spec.dataset], load_recorded_run(path), dataset=spec.dataset, run=run)
    t = report.totals
    # The reference figures count every row (README), i.e. the all-rows accuracy.
    return TableRow(section, measure, spec.path.name, t.all_rows_correct, t.labeled, reported, paper)


def reproduce_rows(data_dir: Path) -> list[TableRow]:
    """Every figure the recorded files give, in Table 4's order."""
    loaded: dict[str, list[Case]] = {}
    rows = [
        _parse_row(
            data_dir,
            loaded,
            "compass-toolace",
            "Parsing: multi-turn",
            "Compass-MultiTurn, recorded ToolACE run",
            "84.6 %",
            "88 %",
        ),
        _parse_row(
            data_dir,
            loaded,
            "compass-earlier",
            "Parsing: multi-turn",
            "Compass-MultiTurn, earlier recorded run",
            "88.5 %",
            "88 %",
        ),
        _parse_row(data_dir, loaded, "sentiment-human", "Parsing: dialogue", "sentiment dialogues, run 1", "90.0 %"),
        _parse_row(data_dir, loaded, "sentiment-results", "Parsing: dialogue", "sentiment dialogues, run 2", "95.0 %"),
        _parse_row(data_dir, loaded, "number-results", "Parsing: dialogue", "number-game dialogues (extra)", None),
    ]
    qa = load_syn_qa(data_dir)
    rows += _faithfulness_rows(qa) + _context_rows(qa) + _agreement_rows(qa)
    return rows


_SOURCE = "human_label_context_faithfulness.csv"
#: The paper's Table 4 per SYN-QA domain: faithfulness and contextual coherence.
_PAPER_FAITHFULNESS = {"sentiment": "93.6 %", "heart-rate": "91.5 %"}
_PAPER_COHERENCE = {"sentiment": "90.9 %", "heart-rate": "94.74 %"}
_PAPER_RELEVANCE_AGREEMENT = {"heart-rate": "76.6 %"}


def _faithfulness_rows(qa: Sequence[QARow]) -> list[TableRow]:
    rows = []
    reported = {("heart-rate", "human"): "91.5 %", ("heart-rate", "judge"): "93.6 %"}
    for domain in ("heart-rate", "sentiment"):
        chosen = [r for r in qa if r.domain == domain]
        for rater, attr in (("human", "human_faithful"), ("judge", "judge_faithful")):
            values = [getattr(r, attr) for r in chosen if getattr(r, attr) is not None]
            rows.append(
                TableRow(
                    "Faithfulness",
                    f"{domain} rows, {rater} labels: preserved",
                    _SOURCE,
                    sum(values),
                    len(values),
                    reported.get((domain, rater)),
                    # The paper's faithfulness is the human-validated rate of each SYN-QA set.
                    _PAPER_FAITHFULNESS[domain] if rater == "human" else None,
                )
            )
    return rows


def _context_rows(qa: Sequence[QARow]) -> list[TableRow]:
    relevance_needed = [r.human_relevant for r in qa if r.human_relevant is not None]
    rows = [
        TableRow(
            "Contextualization (extra)",
            "turns needing context, human labels",
            _SOURCE,
            sum(relevance_needed),
            len(relevance_needed),
            None,
        )
    ]
    coherent = [r.human_coherent for r in qa if r.human_relevant and r.human_coherent is not None]
    rows.append(
        TableRow(
            "Contextualization",
            "coherent replies on turns needing context, human labels, all rows",
            _SOURCE,
            sum(coherent),
            len(coherent),
            None,
        )
    )
    for domain in ("sentiment", "heart-rate"):
        chosen = [
            r.human_coherent for r in qa if r.domain == domain and r.human_relevant and r.human_coherent is not None
        ]
        rows.append(
            TableRow(
                "Contextualization",
                f"coherent replies on turns needing context, human labels, {domain} rows",
                _SOURCE,
                sum(chosen),
                len(chosen),
                None,
                _PAPER_COHERENCE[domain],
            )
        )
    return rows


def _agreement_rows(qa: Sequence[QARow]) -> list[TableRow]:
    reported_agreement = {"faithfulness": "91.0 %", "relevance": "82.1 %"}
    rows = []
    for item in recorded_agreement(qa):
        kappa = "n/a" if item.kappa is None else f"{item.kappa:.3f}"
        everything = item.subset == "all"
        rows.append(
            TableRow(
                "Judge-human agreement",
                f"{item.aspect}, {'all' if everything else item.subset} {item.n} rows (kappa {kappa})",
                _SOURCE,
                item.agree,
                item.n,
                reported_agreement.get(item.aspect) if everything else None,
                _PAPER_RELEVANCE_AGREEMENT.get(item.subset) if item.aspect == "relevance" else None,
            )
        )
    return rows


def _kind(row: TableRow) -> str:
    return row.section.removesuffix(" (extra)")


def paper_disagreements(rows: Sequence[TableRow]) -> list[str]:
    """One line per row whose recomputed figure is not the paper's, naming any row of its section that is."""
    lines = []
    for row in rows:
        if row.matches_paper is not False or row.paper is None:
            continue
        equal = [
            other.measure
            for other in rows
            if other is not row
            and _kind(other) == _kind(row)
            and other.denominator
            and same_figure(other.numerator / other.denominator * 100, row.paper)
        ]
        where = f"; {row.paper} in the public data is: {'; '.join(equal)}" if equal else ""
        lines.append(
            f"- {row.section}, {row.measure}: the paper gives {row.paper}, the public file gives "
            f"{row.value} ({row.numerator}/{row.denominator}){where}"
        )
    return lines


def render_table(rows: list[TableRow]) -> str:
    """Table 4 side by side with the recomputed figures, the disagreements, then what cannot be recomputed."""
    lines = [
        "| section | measure | source | count | recomputed | reported | check | paper (Table 4) | vs paper |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        check = {True: "match", False: "MISMATCH", None: "-"}[r.matches]
        vs_paper = {True: "same", False: "differs", None: "-"}[r.matches_paper]
        lines.append(
            f"| {r.section} | {r.measure} | {r.source} | {r.numerator}/{r.denominator} | {r.value} | "
            f"{r.reported or '-'} | {check} | {r.paper or '-'} | {vs_paper} |"
        )
    lines += ["", "Where the public files disagree with the paper's Table 4:"]
    lines += paper_disagreements(rows) or ["- nowhere"]
    lines += ["", "In the paper's Table 4, not recomputable from the public files:"]
    lines += [f"- {what}: {figure} ({why})" for what, figure, why in PAPER_ONLY]
    lines += ["", "Not recomputable from the public files:"]
    lines += [f"- {what}: {why}" for what, why in NOT_RECOMPUTABLE]
    return "\n".join(lines)
