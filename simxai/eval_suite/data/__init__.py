"""The evaluation data: where the files are, the gold labels, the parsing sets and the recorded runs and answers.

- `files`: the data folder's layout and its checked readers.
- `labels`: the eleven functions' gold labels, the old vocabularies mapped onto them, CoXQL's operations.
- `datasets`: the parsing sets as `Case`s (one per user turn with its gold call).
- `recorded`: the recorded runs (first calls) and answer sets (replies with their human labels).
"""

from simxai.eval_suite.data.datasets import PARSING_DATASETS, Case, DatasetInfo, dataset_info, load_cases
from simxai.eval_suite.data.labels import COXQL_OPERATIONS, ELEVEN, LEGACY_LABELS, NO_TOOL, Gold, parse_gold
from simxai.eval_suite.data.recorded import (
    QA_SETS,
    RECORDED_RUNS,
    QARow,
    RecordedRun,
    load_qa,
    load_recorded_run,
    resolve_run,
)

__all__ = [
    "COXQL_OPERATIONS",
    "ELEVEN",
    "LEGACY_LABELS",
    "NO_TOOL",
    "PARSING_DATASETS",
    "QA_SETS",
    "RECORDED_RUNS",
    "Case",
    "DatasetInfo",
    "Gold",
    "QARow",
    "RecordedRun",
    "dataset_info",
    "load_cases",
    "load_qa",
    "load_recorded_run",
    "parse_gold",
    "resolve_run",
]
