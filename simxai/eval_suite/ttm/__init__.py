"""TalkToModel's parsing accuracy (exact match without spaces) of a layer used as TalkToModel's parser."""

from simxai.eval_suite.ttm.evaluate import TTMParseReport, evaluate, gold_category, markdown, ttm_exact_match

__all__ = ["TTMParseReport", "evaluate", "gold_category", "markdown", "ttm_exact_match"]
