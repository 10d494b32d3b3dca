"""A text classifier as a SimXAI host: SHAP word attributions, verified word-edit counterfactuals, cards.

Instances are texts. A host may carry a labelled data set `(text, label)`; its rows are the instances a user
can refer to by number (the 0-based position), and conditions such as ``"label = positive"``,
``"prediction = negative"``, ``"id < 10"`` or ``"text_length_words > 9"`` select groups of them.

The modules, split the way the tabular host is: `_host` (the `TextHost` class, its jobs put together with the
start-up work) over `_base` (its state and model calls), `_instances` (the schema, and references read into
subjects), `_explanations` (word attributions), `_changes` (counterfactuals, still-this, what-if) and
`_information` (performance and the cards); `_conditions` (which instance strings are group conditions),
`_words` (words and word edits), `_shap` (SHAP over words), `_search` (counterfactual search over word edits)
and `_cards` (the cards); the metrics are `simxai.hosts._metrics`, shared with the tabular host.
"""

from simxai.hosts.text._cards import TextDataCard, TextModelCard, TextOutputCard
from simxai.hosts.text._host import TextHost
from simxai.hosts.text._words import words_of

__all__ = ["TextDataCard", "TextHost", "TextModelCard", "TextOutputCard", "words_of"]
