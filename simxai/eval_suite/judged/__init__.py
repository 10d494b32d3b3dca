"""Judged aspects of replies: response-to-tool faithfulness, context relevance and coherence, judge-human agreement.

- `judge`: the LLM judge (its prompts, strict reply reading with one corrective retry, verdicts).
- `aspects`: judge (and guard) recorded replies or a layer's own, and compare the judge with the human labels.
"""

from simxai.eval_suite.judged.aspects import (
    agreement_report,
    evaluate_context,
    evaluate_faithfulness,
    layer_turns,
    qa_contexts,
    recorded_agreement,
)
from simxai.eval_suite.judged.judge import LLMJudge, Verdict, ask_strictly, parse_verdict, read_json_object

__all__ = [
    "LLMJudge",
    "Verdict",
    "agreement_report",
    "ask_strictly",
    "evaluate_context",
    "evaluate_faithfulness",
    "layer_turns",
    "parse_verdict",
    "qa_contexts",
    "read_json_object",
    "recorded_agreement",
]
