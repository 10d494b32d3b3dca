"""Table 4 from the recorded files alone: every figure recomputed with the suite's own scoring code.

The `reported` column is the figure the data's README states for those files (the paper's own Table 4 is
not part of the public data); a row matches when the recomputed figure, rounded to one decimal, equals it.
Rows the public data cannot give are listed with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simxai.eval_suite.aspects import recorded_agreement
from simxai.eval_suite.datasets import Case, load_cases
from simxai.eval_suite.parsing import score_recorded
from simxai.eval_suite.recorded import RECORDED_RUNS, load_recorded_run, load_syn_qa, resolve_run

__all__ = ["NOT_RECOMPUTABLE", "TableRow", "reproduce_rows", "render_table"]


@dataclass(frozen=True)
class TableRow:
    """One figure: what it measures, its source, the recomputed count and value, and the reported value."""

    section: str
    measure: str
    source: str
    numerator: int
    denominator: int
    reported: str | None

    @property
    def value(self) -> str:
        return f"{self.numerator / self.denominator * 100:.1f} %" if self.denominator else "n/a"

    @property
    def matches(self) -> bool | None:
        return None if self.reported is None else self.value == self.reported


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
    (
        "The paper's own Table 4 values",
        "not in the public data: the reported column is the data README's figure for these files",
    ),
]


def _parse_row(
    data_dir: Path,
    loaded: dict[str, list[Case]],
    run: str,
    section: str,
    measure: str,
    reported: str | None,
) -> TableRow:
    """The row of a recorded run; `loaded` keeps each dataset's cases, so two runs on one dataset load it once."""
    spec = RECORDED_RUNS[run]
    path, _ = resolve_run(run, data_dir)
    if spec.dataset not in loaded:
        loaded[spec.dataset] = load_cases(spec.dataset, data_dir)
    report = score_recorded(loaded[spec.dataset], load_recorded_run(path), dataset=spec.dataset, run=run)
    t = report.totals
    # The reference figures count every row (README), i.e. the all-rows accuracy.
    return TableRow(section, measure, spec.path.name, t.all_rows_correct, t.labeled, reported)


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
        ),
        _parse_row(
            data_dir,
            loaded,
            "compass-earlier",
            "Parsing: multi-turn",
            "Compass-MultiTurn, earlier recorded run",
            "88.5 %",
        ),
        _parse_row(data_dir, loaded, "sentiment-human", "Parsing: dialogue", "sentiment dialogues, run 1", "90.0 %"),
        _parse_row(
            data_dir, loaded, "sentiment-results", "Parsing: dialogue", "sentiment dialogues, run 2", "95.0 %"
        ),
        _parse_row(data_dir, loaded, "number-results", "Parsing: dialogue", "number-game dialogues (extra)", None),
    ]
    qa = load_syn_qa(data_dir)
    source = "human_label_context_faithfulness.csv"
    for domain, human, judge in (("heart-rate", "91.5 %", "93.6 %"), ("sentiment", None, None)):
        chosen = [r for r in qa if r.domain == domain]
        section = "Faithfulness" + (" (extra)" if human is None else "")
        for rater, attr, reported in (("human", "human_faithful", human), ("judge", "judge_faithful", judge)):
            values = [getattr(r, attr) for r in chosen if getattr(r, attr) is not None]
            rows.append(
                TableRow(
                    section,
                    f"{domain} rows, {rater} labels: preserved",
                    source,
                    sum(values),
                    len(values),
                    reported,
                )
            )
    relevance_needed = [r.human_relevant for r in qa if r.human_relevant is not None]
    rows.append(
        TableRow(
            "Contextualization (extra)",
            "turns needing context, human labels",
            source,
            sum(relevance_needed),
            len(relevance_needed),
            None,
        )
    )
    coherent = [r.human_coherent for r in qa if r.human_relevant and r.human_coherent is not None]
    rows.append(
        TableRow(
            "Contextualization (extra)",
            "coherent replies on turns needing context, human labels",
            source,
            sum(coherent),
            len(coherent),
            None,
        )
    )
    reported_agreement = {"faithfulness": "91.0 %", "relevance": "82.1 %"}
    for item in recorded_agreement(qa):
        if item.subset != "all":
            continue
        kappa = "n/a" if item.kappa is None else f"{item.kappa:.3f}"
        rows.append(
            TableRow(
                "Judge-human agreement",
                f"{item.aspect}, all {item.n} rows (kappa {kappa})",
                source,
                item.agree,
                item.n,
                reported_agreement.get(item.aspect),
            )
        )
    return rows


def render_table(rows: list[TableRow]) -> str:
    """Table 4 side by side with the recomputed figures, then what cannot be recomputed."""
    lines = [
        "| section | measure | source | count | recomputed | reported | paper (Table 4) | check |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        check = {True: "match", False: "MISMATCH", None: "-"}[r.matches]
        lines.append(
            f"| {r.section} | {r.measure} | {r.source} | {r.numerator}/{r.denominator} | {r.value} | "
            f"{r.reported or '-'} | not in public data | {check} |"
        )
    lines += ["", "Not recomputable from the public files:"]
    lines += [f"- {what}: {why}" for what, why in NOT_RECOMPUTABLE]
    return "\n".join(lines)
