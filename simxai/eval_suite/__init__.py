"""The SimXAI evaluation suite: dataset loaders, metrics, judges, reports and the `simxai-eval` command line.

Nothing in core `simxai` imports this package; it builds on the engine (`simxai.agent`) and the backends.
"""

from simxai.eval_suite.data.datasets import PARSING_DATASETS, Case, load_cases
from simxai.eval_suite.data.labels import COXQL_OPERATIONS, ELEVEN, LEGACY_LABELS, NO_TOOL, Gold, parse_gold
from simxai.eval_suite.data.recorded import QA_SETS, RECORDED_RUNS, load_qa, load_recorded_run
from simxai.eval_suite.judged.aspects import agreement_report, evaluate_context, evaluate_faithfulness, qa_contexts
from simxai.eval_suite.judged.judge import LLMJudge, Verdict, parse_verdict
from simxai.eval_suite.metrics import agreement, cohen_kappa, score_parse
from simxai.eval_suite.parsing.evaluate import (
    ParseConfig,
    SelectionOnlyHost,
    evaluate_parse,
    score_recorded,
    select_cases,
)
from simxai.eval_suite.parsing.oracle import OracleBackend
from simxai.eval_suite.report import (
    AgreementReport,
    ContextReport,
    FaithfulnessReport,
    ParseReport,
    ReportSet,
    load_report,
    markdown,
)
from simxai.eval_suite.reproduce import reproduce_rows
from simxai.eval_suite.runner import CaseCache

__all__ = [
    "COXQL_OPERATIONS",
    "ELEVEN",
    "LEGACY_LABELS",
    "NO_TOOL",
    "PARSING_DATASETS",
    "QA_SETS",
    "RECORDED_RUNS",
    "AgreementReport",
    "Case",
    "CaseCache",
    "ContextReport",
    "FaithfulnessReport",
    "Gold",
    "LLMJudge",
    "OracleBackend",
    "ParseConfig",
    "ParseReport",
    "ReportSet",
    "SelectionOnlyHost",
    "Verdict",
    "agreement",
    "agreement_report",
    "cohen_kappa",
    "evaluate_context",
    "evaluate_faithfulness",
    "evaluate_parse",
    "load_cases",
    "load_qa",
    "load_recorded_run",
    "load_report",
    "markdown",
    "parse_gold",
    "parse_verdict",
    "qa_contexts",
    "reproduce_rows",
    "score_parse",
    "score_recorded",
    "select_cases",
]
