"""Recorded files: runs that hold a model's first calls, and SYN-QA turns with human and judge labels.

Nothing here runs a model: these files are scored as they are.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

from simxai.eval_suite.data.files import EVAL, SIMXAI, require_file
from simxai.eval_suite.data.labels import Gold, parse_gold
from simxai.exceptions import UsageError

__all__ = [
    "FAITHFULNESS_LABELS",
    "QA_SETS",
    "RECORDED_RUNS",
    "QARow",
    "RecordedPrediction",
    "RecordedRun",
    "ToolOutput",
    "load_qa",
    "load_recorded_run",
    "load_syn_qa",
    "parse_tool_responses",
    "read_csv",
    "resolve_run",
]


@dataclass(frozen=True)
class RecordedRun:
    """A CSV of a model's first calls on a parsing set."""

    name: str
    path: Path
    dataset: str
    description: str


_CONVERSATIONS = SIMXAI / "agent" / "conversation_eval_set"

#: The recorded runs in the public data, by name (`--backend recorded:<name>` or a CSV path).
RECORDED_RUNS: dict[str, RecordedRun] = {
    run.name: run
    for run in (
        RecordedRun(
            "compass-toolace",
            EVAL / "multi-turn" / "conversation_2turns_compass_tool_label.csv",
            "compass-multiturn",
            "ToolACE run on Compass-MultiTurn",
        ),
        RecordedRun(
            "compass-earlier",
            _CONVERSATIONS / "conversation_dialogue_parsing_results.csv",
            "compass-multiturn",
            "earlier run on Compass-MultiTurn",
        ),
        RecordedRun(
            "sentiment-human",
            EVAL / "dialogue" / "Sentiment_parsing_human.csv",
            "sentiment-dialogues",
            "run on the sentiment dialogues (Sentiment_parsing_human.csv)",
        ),
        RecordedRun(
            "sentiment-results",
            _CONVERSATIONS / "conversation_test_results.csv",
            "sentiment-dialogues",
            "run on the sentiment dialogues (conversation_test_results.csv)",
        ),
        RecordedRun(
            "number-results",
            _CONVERSATIONS / "conversation_test_number_results.csv",
            "number-dialogues",
            "run on the number-game dialogues",
        ),
    )
}


def read_csv(path: Path) -> list[dict[str, str]]:
    """Rows of a CSV file (any line ends, UTF-8 with or without BOM), naming the file on error."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.DictReader(handle))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise UsageError(f"{path}: cannot read as CSV: {exc}") from None
    if not rows:
        raise UsageError(f"{path}: no rows")
    return rows


def _column(row: dict[str, str], names: tuple[str, ...], path: Path, index: int, what: str) -> str:
    for name in names:
        if name in row and row[name] is not None:
            return row[name]
    raise UsageError(f"{path} row {index}: no {what} column; expected one of: {', '.join(names)}")


@dataclass(frozen=True)
class RecordedPrediction:
    """One row of a recorded run: the question, the first function called, and the gold label."""

    row: int
    question: str
    predicted: str
    gold: Gold


def load_recorded_run(path: Path) -> list[RecordedPrediction]:
    """Read a `question, agent_response, expected_tool` CSV (header variants accepted)."""
    out = []
    for i, row in enumerate(read_csv(path)):
        question = _column(row, ("question", "user_question", "user"), path, i, "question")
        predicted = _column(row, ("agent_response", "prediction", "predicted", "first_call"), path, i, "prediction")
        expected = _column(row, ("expected_tool", "gold", "tool", "expected"), path, i, "expected tool")
        try:
            gold = parse_gold(expected)
        except ValueError as exc:
            raise UsageError(f"{path} row {i}: {exc}") from None
        out.append(RecordedPrediction(i, question, " ".join(predicted.split()) or "no tool", gold))
    return out


def resolve_run(spec: str, data_dir: Path) -> tuple[Path, RecordedRun | None]:
    """A recorded run by name, or a CSV path."""
    run = RECORDED_RUNS.get(spec)
    if run is not None:
        return require_file(data_dir, run.path), run
    path = Path(spec)
    if not path.is_file():
        raise UsageError(f"recorded run {spec!r} is neither a CSV file nor one of: {', '.join(RECORDED_RUNS)}")
    return path, None


@dataclass(frozen=True)
class ToolOutput:
    """One function output as SYN-QA records it: `name:'text'`."""

    function: str
    text: str


@dataclass(frozen=True)
class QARow:
    """A recorded turn: question, function outputs, the agent's answer, and its labels.

    Binary labels are True/False (faithful: preserved; relevant: needs earlier context; coherent),
    None where the file leaves them blank.
    """

    set: str
    row: int
    domain: str | None
    question: str
    outputs: tuple[ToolOutput, ...]
    answer: str
    human_faithful: bool | None = None
    judge_faithful: bool | None = None
    human_relevant: bool | None = None
    judge_relevant: bool | None = None
    human_coherent: bool | None = None
    case: str | None = None

    @property
    def case_id(self) -> str:
        """The parsing case the turn came from, else `<set>#<row>`."""
        return self.case or f"{self.set}#{self.row}"

    @property
    def functions(self) -> list[str]:
        """The functions whose outputs the turn recorded, in call order."""
        return [o.function for o in self.outputs]


#: Faithfulness labels as the files write them -> preserved (True) or not (False).
FAITHFULNESS_LABELS: dict[str, bool] = {
    "preserved": True,
    "not_preserved": False,
    "not preserved": False,
    "unpreserved": False,
}

_SEGMENT = re.compile(r"\s+\|\s+(?=[A-Za-z_]\w*:')")
_OUTPUT = re.compile(r"^([A-Za-z_]\w*):'(.*?)'?$", re.DOTALL)


def parse_tool_responses(text: str) -> tuple[ToolOutput, ...]:
    """Split `fn:'result' | fn:'result'` into outputs; the closing quote may be missing (truncated text).

    Raises:
        ValueError: a segment is not `name:'text'`.
    """
    if not text.strip():
        return ()
    outputs = []
    for segment in _SEGMENT.split(text.strip()):
        match = _OUTPUT.match(segment.strip())
        if not match:
            raise ValueError(f"tool output {segment[:60]!r} is not of the form name:'result'")
        outputs.append(ToolOutput(match.group(1), match.group(2)))
    return tuple(outputs)


def _binary(value: str | None, path: Path, index: int, column: str) -> bool | None:
    if value is None or not value.strip():
        return None
    text = value.strip().lower()
    if text in FAITHFULNESS_LABELS:
        return FAITHFULNESS_LABELS[text]
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if number in (0.0, 1.0):
        return number == 1.0
    valid = ", ".join(FAITHFULNESS_LABELS) + ", 0, 1"
    raise UsageError(f"{path} row {index}: {column} is {value!r}; valid: {valid} or blank")


def _qa_rows(path: Path, set_name: str, domains: list[tuple[range, str]]) -> list[QARow]:
    out = []
    for i, row in enumerate(read_csv(path)):
        question = _column(row, ("user_question", "question"), path, i, "question")
        answer = _column(row, ("agent_response", "answer", "response"), path, i, "answer")
        try:
            outputs = parse_tool_responses(_column(row, ("tool_responses", "tool_outputs"), path, i, "tool outputs"))
        except ValueError as exc:
            raise UsageError(f"{path} row {i}: {exc}") from None
        domain = next((name for rows, name in domains if i in rows), None)
        out.append(
            QARow(
                set=set_name,
                row=i,
                domain=domain,
                question=question,
                outputs=outputs,
                answer=answer,
                human_faithful=_binary(row.get("annotation"), path, i, "annotation"),
                judge_faithful=_binary(row.get("judge_label"), path, i, "judge_label"),
                human_relevant=_binary(row.get("context relevant"), path, i, "context relevant"),
                judge_relevant=_binary(row.get("context_dependency_label"), path, i, "context_dependency_label"),
                human_coherent=_binary(row.get("context coherent"), path, i, "context coherent"),
            )
        )
    return out


SYN_QA = EVAL / "dialogue" / "human_label_context_faithfulness.csv"
COMBINED = SIMXAI / "combined_dialogues_llm_judge.csv"

#: Row ranges of SYN-QA by domain (README: rows 0-30 sentiment, 31-77 heart rate).
SYN_QA_DOMAINS: list[tuple[range, str]] = [(range(0, 31), "sentiment"), (range(31, 78), "heart-rate")]

#: The recorded-answer sets `faithfulness`, `context` and `agreement` accept.
QA_SETS: dict[str, str] = {
    "syn-qa": "SYN-QA: 78 turns with human faithfulness, relevance and coherence labels and a judge's labels",
    "syn-combined": "94 recorded turns with a judge's faithfulness labels (no human labels)",
}


def load_syn_qa(data_dir: Path) -> list[QARow]:
    """SYN-QA (human_label_context_faithfulness.csv): 78 rows."""
    return _qa_rows(require_file(data_dir, SYN_QA), "syn-qa", SYN_QA_DOMAINS)


def load_qa(name: str, data_dir: Path) -> list[QARow]:
    """A recorded-answer set by name.

    Raises:
        UsageError: unknown name, missing file, or a malformed row.
    """
    if name == "syn-qa":
        return load_syn_qa(data_dir)
    if name == "syn-combined":
        return _qa_rows(require_file(data_dir, COMBINED), name, [])
    raise UsageError(f"unknown answer set {name!r}; valid: {', '.join(QA_SETS)}")
