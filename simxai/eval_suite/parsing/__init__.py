"""Function-selection accuracy: a layer's first calls on the parsing sets, or a recorded run's, scored.

- `evaluate`: run a layer over `Case`s (teacher-forced or free-running) and score its calls.
- `oracle`: a backend that replays the gold calls (the scoring's own check).
"""

from simxai.eval_suite.parsing.evaluate import (
    ParseConfig,
    SelectionOnlyHost,
    evaluate_parse,
    score_recorded,
    select_cases,
)
from simxai.eval_suite.parsing.oracle import OracleBackend

__all__ = ["OracleBackend", "ParseConfig", "SelectionOnlyHost", "evaluate_parse", "score_recorded", "select_cases"]
