"""LExT: the trustworthiness (plausibility and faithfulness) of a layer's explanations.

- `case`: the seven components of one case, recorded or live; `evaluate`: the whole run.
- `layer`: grounding a reply in the layer's function outputs, and redacting them for the counterfactual runs.
- `judge`: the LExT judge's questions and strict answers.
- `metrics`: the components' scores and their aggregates (the paper's formulas).
- `report`: the report, its Markdown and the plausibility-faithfulness quadrant.
- `embedders`, `entities`: the cosine's sentence embedders (local files only) and the NER weight's entities.
"""

from simxai.eval_suite.lext.case import LExTSettings, LiveLayer, Scorer
from simxai.eval_suite.lext.embedders import EMBEDDER_SPECS, Embedder, load_embedder
from simxai.eval_suite.lext.entities import CallableEntities, EntityExtractor, VocabularyEntities
from simxai.eval_suite.lext.evaluate import evaluate_lext
from simxai.eval_suite.lext.judge import LExTJudge
from simxai.eval_suite.lext.metrics import Score, lext_score
from simxai.eval_suite.lext.report import LExTReport, lext_markdown

__all__ = [
    "EMBEDDER_SPECS",
    "CallableEntities",
    "Embedder",
    "EntityExtractor",
    "LExTJudge",
    "LExTReport",
    "LExTSettings",
    "LiveLayer",
    "Score",
    "Scorer",
    "VocabularyEntities",
    "evaluate_lext",
    "lext_markdown",
    "lext_score",
    "load_embedder",
]
