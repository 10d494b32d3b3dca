"""Gold labels: the eleven functions, the old vocabularies mapped onto them, and CoXQL's operations.

Every mapping the suite applies is in one of the tables below, so a reader can check each decision.
A label that maps outside the eleven (or that has no counterpart) is kept as it is and the case is
reported as *excluded* from the headline accuracy, never dropped silently and never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from simxai.functions import default_registry

__all__ = [
    "COXQL_FILTERS",
    "COXQL_OPERATIONS",
    "ELEVEN",
    "LEGACY_LABELS",
    "NO_TOOL",
    "OUTSIDE_ELEVEN",
    "UNMAPPED",
    "Gold",
    "argument_matches",
    "coxql_gold",
    "normalise_value",
    "parse_gold",
]

#: The eleven functions' names, in the paper's order: the names the default registry registers, so the function
#: list has one source (`simxai.functions.ELEVEN`).
ELEVEN: tuple[str, ...] = tuple(default_registry().names())

#: The gold label (and prediction) for a turn that needs no function call.
NO_TOOL = "no tool"

#: Labels the SimXAI data uses for requests the eleven functions do not serve. Cases with these golds are
#: counted under `excluded` and left out of the headline accuracy (they still count in the all-rows figure).
OUTSIDE_ELEVEN: frozenset[str] = frozenset({"get_system_information", "count_mistakes", "sample_mistakes"})

#: Marker for a CoXQL operation with no counterpart among the eleven.
UNMAPPED = "UNMAPPED"

#: Pre-migration SimXAI labels (evaluation_suite/.../dialogue_parsing.json and the data/** copies) -> the
#: migrated label, following the migration the public repository applied to the same requests.
LEGACY_LABELS: dict[str, str] = {
    "predict": "get_prediction",
    "importance": "get_local_explanation",  # attribute_with_input.json migrated "importance" this way
    "[SHAP(input,label)]": "get_local_explanation",
    "[cfe(input,label)]": "explain_how_to_be_that",  # README: the 48 un-migrated cfe labels mean this
    "cfe": "explain_how_to_be_that",
    "still": "explain_how_to_still_be_this",
    "countdata": "get_data_information",
    "data": "get_data_information",
    "label": "get_data_information",
    "context": "get_output_information",
    # The migrated single-turn set labels these questions get_system_information (outside the eleven);
    # the migrated Compass JSON labels its one "system" turn get_output_information instead, so the
    # legacy Compass copy reports that turn as excluded: use compass-multiturn for the paper's figure.
    "system": "get_system_information",
    "mistake count": "count_mistakes",
    "mistake sample": "sample_mistakes",
    "score": "get_model_performance",  # "score accuracy" etc.: the metric becomes the gold argument
    "knowledge": "knowledge",  # external-knowledge requests: no function and no migrated label
}

#: CoXQL's 23 operations -> one of the eleven, a SimXAI label outside them, or UNMAPPED.
COXQL_OPERATIONS: dict[str, str] = {
    "countdata": "get_data_information",  # SimXAI's input/count.json holds the same requests
    "show": "get_data_information",  # shows stored data points: the data card is the closest resource
    "label": "get_data_information",  # SimXAI's input/label.json holds the same requests
    "keywords": "get_data_information",  # frequent words of the data: a data statistic
    "data": "get_data_information",
    "similar": UNMAPPED,  # nearest training instances: no function retrieves instances
    "mistake": "count_mistakes",  # "mistake sample" -> sample_mistakes (see coxql_gold)
    "score": "get_model_performance",
    "nlpattribute": "get_local_explanation",
    "influence": UNMAPPED,  # training-data influence: the eleven attribute to features, not to training rows
    "rationalize": "get_local_explanation",  # a free-text rationale of one prediction
    "predict": "get_prediction",
    "likelihood": "get_prediction",  # the class probabilities are part of the prediction result
    "domain": UNMAPPED,  # questions about XAI methods in general
    "function": "get_system_information",  # "what can you do": SimXAI's output/system.json requests
    "model": "get_model_information",
    "qatutorial": UNMAPPED,
    "editlabel": UNMAPPED,
    "learn": UNMAPPED,
    "unlearn": UNMAPPED,
    "adversarial": UNMAPPED,
    "augment": UNMAPPED,
    "cfe": "explain_how_to_be_that",
}

#: CoXQL filter operations: they select data and are not one of the 23 operations. A parse made only of
#: filters (e.g. `includes [E]`) has no operation and is reported as UNMAPPED under the filter's name.
COXQL_FILTERS: tuple[str, ...] = (
    "filter",
    "includes",
    "labelfilter",
    "lengthfilter",
    "predictionfilter",
    "previousfilter",
)

_ALTERNATIVE = re.compile(r"\s+/\s+")


@dataclass(frozen=True)
class Gold:
    """A gold label: one or more acceptable first functions (`no tool` included).

    Attributes:
        raw: the label as written in the data file.
        alternatives: the acceptable labels after mapping, in the file's order.
        source_label: for CoXQL, the operation the label came from.
    """

    raw: str
    alternatives: tuple[str, ...]
    source_label: str | None = None

    @property
    def in_scope(self) -> bool:
        """Whether every alternative is one of the eleven or `no tool` (counted in the headline)."""
        return all(a in ELEVEN or a == NO_TOOL for a in self.alternatives)

    @property
    def excluded_label(self) -> str | None:
        """The first alternative outside the eleven (for CoXQL, `UNMAPPED (<operation>)`)."""
        label = next((a for a in self.alternatives if a not in ELEVEN and a != NO_TOOL), None)
        if label == UNMAPPED and self.source_label:
            return f"{UNMAPPED} ({self.source_label})"
        return label

    def accepts(self, predicted: str | None) -> bool:
        """The reference run's rule: correct when the first function equals one of the alternatives."""
        return predicted is not None and predicted in self.alternatives

    def row_for(self, predicted: str | None) -> str:
        """The confusion-matrix row: the matched alternative, else the first one."""
        return predicted if self.accepts(predicted) and predicted is not None else self.alternatives[0]


def _canonical(label: str) -> str:
    text = " ".join(label.strip().split())
    if text.lower() in ("no tool", "no_tool", "none", "no function"):
        return NO_TOOL
    compact = text.replace(" ", "")
    for old, new in LEGACY_LABELS.items():
        if text == old or compact == old.replace(" ", ""):
            return new
    if text.startswith("score "):
        return LEGACY_LABELS["score"]
    return text


def parse_gold(raw: str) -> Gold:
    """Read a gold label, mapping old vocabulary through `LEGACY_LABELS`.

    Raises:
        ValueError: the label is empty.
    """
    if not isinstance(raw, str) or not raw.strip():
        raise ValueError(f"empty gold label {raw!r}")
    parts = [p for p in _ALTERNATIVE.split(raw.strip()) if p.strip()]
    alternatives = tuple(dict.fromkeys(_canonical(p) for p in parts))
    return Gold(raw=raw, alternatives=alternatives)


def coxql_gold(sql: str) -> tuple[Gold, str | None]:
    """The gold first function of a CoXQL parse, and its argument where the parse gives one.

    The first of the 23 operations in the parse decides; `filter id N` gives the instance id, and
    `score <metric>` the metric.

    Raises:
        ValueError: the parse names neither an operation nor a filter.
    """
    tokens = sql.replace("[E]", " ").replace("[e]", " ").split()
    operation = next((t for t in tokens if t in COXQL_OPERATIONS), None)
    argument: str | None = None
    if operation is None:
        filt = next((t for t in tokens if t in COXQL_FILTERS), None)
        if filt is None:
            raise ValueError(f"CoXQL parse {sql!r} names no operation and no filter")
        return Gold(raw=sql, alternatives=(UNMAPPED,), source_label=filt), None
    label = COXQL_OPERATIONS[operation]
    after = tokens[tokens.index(operation) + 1 :]
    if operation == "mistake" and after[:1] == ["sample"]:
        label = "sample_mistakes"
    if operation == "score" and after:
        argument = after[0]
    elif "id" in tokens[: tokens.index(operation)]:
        position = tokens.index("id")
        if position + 1 < len(tokens) and tokens[position + 1].isdigit():
            argument = tokens[position + 1]
    return Gold(raw=sql, alternatives=(label,), source_label=operation), argument


_PUNCTUATION = " \t\n\r'\"“”‘’.?!,;:"


def normalise_value(value: Any) -> str:
    """A comparable form of an argument value: lower case, single spaces, no surrounding quotes or stops."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = " ".join(str(value).split()).lower().strip(_PUNCTUATION)
    return text.replace("-", "_") if re.fullmatch(r"[a-z_\- ]+", text) else text


def _metric(text: str) -> str:
    from simxai.exceptions import ArgumentError
    from simxai.functions.cards import normalise_metric

    try:
        return normalise_metric(text)
    except ArgumentError:
        return text


def _flatten(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [v for item in value.values() for v in _flatten(item)]
    if isinstance(value, list | tuple):
        return [v for item in value for v in _flatten(item)]
    return [value]


def argument_matches(gold: str, function: str, arguments: dict[str, Any]) -> bool:
    """Whether a call's arguments carry the gold argument value.

    The value may sit under any argument name (the data gives the value, not the name). Metrics are
    compared after the project's own metric-name normalisation (`roc` and `roc_auc` are the same).
    """
    values = [normalise_value(v) for v in _flatten(arguments)]
    target = normalise_value(gold)
    if function == "get_model_performance":
        target = _metric(target)
        values = [_metric(v) for v in values]
    return target in values
