"""Argument extraction from plain language: instances, what-if changes, labels, metrics, features, counts.

Pure functions of the text and the host's schema, shared by the offline router (which extracts every
argument of the call it selects) and the engine (which completes a pending call from the user's answer to
a clarifying question). Every value comes from the text: a function returns None rather than guess, and the
engine then fills the argument from the dialogue state or asks.

The modules, by job: `_lexicon` (number, noun and comparison words every reader shares), `_texts` (quoted and
unquoted texts for a text host), `_features` (features, labels, metrics, counts), `_changes` (what-if changes),
`_class_names` (class names said as a phrase, inflected when of several words), `_groups` (group conditions and
their spans), `_group_values` (groups named by a value, and alternatives to compare), `_vague` (groups named with
no threshold), `_polarity` (other words for a class, leaving a class, quitting a habit), `_instances` (ids,
references, the instance of a request) and `_arguments` (dispatch by argument name for a clarifying answer).
The public submodule `mentions` holds the
readings the engine and the router use beside the `extract_*` functions (feature mentions, the age feature,
vague groups, ids after unknown words, the class a turn leaves).
"""

from simxai.extraction._amounts import by_fractions, fraction_steps
from simxai.extraction._approximate_answer import approximate_value_answer, comparative_value_answer
from simxai.extraction._arguments import extract_argument
from simxai.extraction._category_forms import category_form
from simxai.extraction._class_names import class_name_pattern
from simxai.extraction._class_said import class_said_as_class, everyday_class
from simxai.extraction._features import extract_feature, extract_label, extract_metric
from simxai.extraction._group_values import alternatives, completed_group
from simxai.extraction._groups import extract_group, feature_spans, group_spans
from simxai.extraction._instances import extract_ids, extract_instance, is_reference, named_ids
from simxai.extraction._missing_changes import missing_changes
from simxai.extraction._polarity import inflected_class
from simxai.extraction._result_counts import extract_count
from simxai.extraction._self_corrections import extract_changes
from simxai.extraction._signed_values import insisted_changes
from simxai.extraction._texts import extract_texts, pasted_request
from simxai.extraction._time_units import article_spans, span_in_unit, time_unit

__all__ = [
    "alternatives",
    "approximate_value_answer",
    "comparative_value_answer",
    "article_spans",
    "by_fractions",
    "category_form",
    "class_name_pattern",
    "class_said_as_class",
    "completed_group",
    "everyday_class",
    "extract_argument",
    "extract_changes",
    "extract_count",
    "extract_feature",
    "extract_group",
    "extract_ids",
    "extract_instance",
    "extract_label",
    "extract_metric",
    "extract_texts",
    "feature_spans",
    "fraction_steps",
    "group_spans",
    "inflected_class",
    "insisted_changes",
    "is_reference",
    "missing_changes",
    "named_ids",
    "pasted_request",
    "span_in_unit",
    "time_unit",
]
