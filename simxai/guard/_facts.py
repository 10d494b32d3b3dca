"""The facts a reply may be checked against: what the outputs about one subject state (`Facts`), and the
primitives that read values into them. `_outputs` reads each kind of output into facts.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from typing import Any

from simxai.guard._prefilter import gated

__all__ = ["NUMBER", "Facts"]

NUMBER = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)(\s*(?:%|percent\b|per cent\b))?")
#: A text that states how often something occurs: a share, a count of things, or a frequency word.
_COUNTS = re.compile(
    r"\d\s*(?:%|percent\b)|\b\d+\s+(?:of|out of)\s+\d+|\b\d+\s+(?:\w+\s+)?(?:patients|rows|instances|reviews|"
    r"cases|examples|samples|people|records|items|mistakes|errors)\b|\b(?:common|uncommon|rare|rarely|frequent\w*|"
    r"often|seldom|majority|minority|most of|balanced|imbalanced|distribution)\b",
    re.IGNORECASE,
)
#: A text that reports how well the model does.
_ASSESSES = re.compile(
    r"\b(?:accura\w*|perform\w*|mistakes?|errors?|misclassif\w*|robust\w*|reliab\w*|fail\w*|struggl\w*|"
    r"precision|recall|f1|auc|weakness\w*|limitation\w*)\b",
    re.IGNORECASE,
)


#: The key of `Facts.label_metrics` for a precision, recall or f1 averaged over the labels.
MACRO = "(macro average)"


@dataclass
class Facts:
    """What the outputs about one subject (or about the model as a whole) state."""

    subject_id: int | None = None
    predicted: set[str] = field(default_factory=set)
    hypothetical: set[str] = field(default_factory=set)
    #: the target labels of counterfactual searches that found no counterfactual
    unreached: set[str] = field(default_factory=set)
    recorded: set[str] = field(default_factory=set)
    #: label -> numbers tied to it (probabilities, counts)
    label_numbers: dict[str, set[float]] = field(default_factory=dict)
    #: label -> its numbers before a what-if's change, and after it (or in a counterfactual)
    before_numbers: dict[str, set[float]] = field(default_factory=dict)
    after_numbers: dict[str, set[float]] = field(default_factory=dict)
    #: label -> the confusion matrix's cells it shares with another class ("0 stable called progressing"); a
    #: label's number may be one, but they stay free numbers (each belongs to both classes)
    label_cells: dict[str, set[float]] = field(default_factory=dict)
    #: feature (lower case) -> numbers tied to it (values, changes, ranges, contributions, statistics)
    feature_numbers: dict[str, set[float]] = field(default_factory=dict)
    #: metric -> its values in the outputs (one per performance result: several groups scored in one turn)
    metrics: dict[str, set[float]] = field(default_factory=dict)
    #: label -> its precision, recall and f1 by name (a label named by the call, or the positive one of two);
    #: a multiclass result of no label is under `MACRO`: a reply that gives it as one label's is unsupported
    label_metrics: dict[str, dict[str, set[float]]] = field(default_factory=dict)
    #: numbers stated by no named field (sizes, base values, numbers inside descriptions)
    free_numbers: set[float] = field(default_factory=set)
    #: a local explanation's base value and its end (`output`, and the explained class's probability), with the
    #: base as a probability when the output is in log-odds (claims-51)
    bases: set[float] = field(default_factory=set)
    ends: set[float] = field(default_factory=set)
    #: feature (lower case) -> its weights: a local explanation's contributions, a global one's importances (claims-52)
    weights: dict[str, set[float]] = field(default_factory=dict)
    #: amounts of change: a change's size and relative size, a probability's move (as a fraction and in points)
    amounts: set[float] = field(default_factory=set)
    #: (feature, explained label, contribution) of local explanations
    attributions: list[tuple[str, str, float]] = field(default_factory=list)
    local_ranking: list[list[str]] = field(default_factory=list)
    global_ranking: list[list[str]] = field(default_factory=list)
    #: feature (lower case) -> (old, new) of what-if and counterfactual changes
    changes: dict[str, list[tuple[Any, Any]]] = field(default_factory=dict)
    #: (old label, new label) of what-if results; old is None when the output does not say
    what_if: list[tuple[str | None, str]] = field(default_factory=list)
    still: bool = False
    #: read from a result payload (a `kind`), not from text
    structured: bool = False
    #: a text output that stops mid-sentence (cut by whoever recorded it): what it omits cannot be refuted
    truncated: bool = False
    correct: bool | None = None
    texts: list[str] = field(default_factory=list)
    #: the rewritten inputs of counterfactuals (a text model's "change X to Y" is checked against them)
    rewrites: list[str] = field(default_factory=list)
    #: an output states how often something occurs (class counts, rows, a confusion matrix, a share)
    counted: bool = False
    #: label -> its recorded count in the data (a data summary's `class_balance`), and whether any output counts
    #: the model's calls (a group's or a what-if's predicted label counts, a confusion matrix; claims-52)
    recorded_counts: dict[str, set[float]] = field(default_factory=dict)
    #: the scales the local explanations' contributions are on (`output_space`; claims-54)
    spaces: set[str] = field(default_factory=set)
    #: how many cases a performance output was measured on (its `n`, its confusion matrix's total; claims-54)
    evaluated: set[float] = field(default_factory=set)
    calls_counted: bool = False
    #: an output reports how well the model does (metrics, mistakes, robustness of a prediction)
    assessed: bool = False
    #: the labels an explanation explains (a local or global explanation's `label`)
    explained: set[str] = field(default_factory=set)
    #: label -> the means of features over that label's rows (a data summary's `mean_by_label`)
    label_means: dict[str, set[float]] = field(default_factory=dict)
    #: each counterfactual's changed features and words (lower case) and its label's probability
    options: list[tuple[frozenset[str], dict[str, float]]] = field(default_factory=list)
    #: the confusion matrices the outputs give (rows true, columns predicted)
    matrices: list[list[list[float]]] = field(default_factory=list)
    #: the same with their labels (in row order) and positive label, when the outputs name them
    confusions: list[tuple[tuple[str, ...], tuple[tuple[float, ...], ...], str]] = field(default_factory=list)
    #: the model's numeric settings (hyperparameters by name), from a model card
    settings: dict[str, float] = field(default_factory=dict)
    #: label -> what it means (an output information's `labels[].meaning`)
    meanings: dict[str, str] = field(default_factory=dict)
    #: feature (lower case) -> (low, current, high) of a kept range (how to still be this)
    kept: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    #: a text model's still-this: the (old, new) words of the edits that keep the label, and (kept, checked) counts
    kept_edits: list[tuple[str, str]] = field(default_factory=list)
    samples: list[tuple[int, int]] = field(default_factory=list)
    #: feature (lower case) -> its summary statistics over the data ("min", "max", "mean", "std", "median", "q1", "q3")
    statistics: dict[str, dict[str, float]] = field(default_factory=dict)
    #: the field names of a result payload ("predicted_label"): a reply that writes one names no feature
    fields: set[str] = field(default_factory=set)
    #: feature (lower case) -> the subject's own value when it is a word, not a number ("scrap bronze"; claims-46)
    categories: dict[str, str] = field(default_factory=dict)

    def merge(self, other: Facts) -> Facts:
        """The union of two subjects' facts (a sentence that names no subject is checked against all)."""
        out = Facts(subject_id=self.subject_id if self.subject_id == other.subject_id else None)
        for name in (
            "predicted",
            "hypothetical",
            "unreached",
            "recorded",
            "free_numbers",
            "amounts",
            "bases",
            "ends",
            "explained",
            "fields",
            "evaluated",
            "spaces",
        ):
            setattr(out, name, getattr(self, name) | getattr(other, name))
        for name in (
            "label_numbers",
            "label_cells",
            "feature_numbers",
            "before_numbers",
            "after_numbers",
            "label_means",
            "weights",
            "recorded_counts",
        ):
            merged: dict[str, set[float]] = {k: set(v) for k, v in getattr(self, name).items()}
            for k, v in getattr(other, name).items():
                merged.setdefault(k, set()).update(v)
            setattr(out, name, merged)
        out.metrics = {k: set(v) for k, v in self.metrics.items()}
        for k, v in other.metrics.items():
            out.metrics.setdefault(k, set()).update(v)
        out.label_metrics = {k: {m: set(ns) for m, ns in v.items()} for k, v in self.label_metrics.items()}
        for k, v in other.label_metrics.items():
            for m, ns in v.items():
                out.label_metrics.setdefault(k, {}).setdefault(m, set()).update(ns)
        out.settings = {**self.settings, **other.settings}
        out.meanings = {**self.meanings, **other.meanings}
        out.kept = {**self.kept, **other.kept}
        out.statistics = {**self.statistics, **other.statistics}
        # two subjects' words for one feature are no one subject's: a merged fact keeps only those they share
        out.categories = {k: v for k, v in self.categories.items() if other.categories.get(k, v) == v}
        out.categories |= {k: v for k, v in other.categories.items() if k not in self.categories}
        for name in (
            "attributions", "local_ranking", "global_ranking", "what_if", "texts", "rewrites", "options", "matrices",
            "confusions",
            "kept_edits", "samples",
        ):  # fmt: skip
            setattr(out, name, getattr(self, name) + getattr(other, name))
        out.changes = {k: list(v) for k, v in self.changes.items()}
        for k, v in other.changes.items():
            out.changes.setdefault(k, []).extend(v)
        out.still = self.still or other.still
        out.structured = self.structured or other.structured
        out.truncated = self.truncated or other.truncated
        out.counted = self.counted or other.counted
        out.calls_counted = self.calls_counted or other.calls_counted
        out.assessed = self.assessed or other.assessed
        out.correct = self.correct if other.correct is None else other.correct
        return out

    @property
    def metric_numbers(self) -> set[float]:
        """Every value of every metric the outputs hold."""
        return {n for values in self.metrics.values() for n in values}

    @property
    def numbers(self) -> set[float]:
        """Every number the facts hold."""
        found = set(self.free_numbers) | self.metric_numbers
        for group in (self.label_numbers, self.feature_numbers):
            for values in group.values():
                found |= values
        return found

    @property
    def features(self) -> set[str]:
        """The features (lower case) the facts tie numbers, changes or contributions to."""
        return set(self.feature_numbers) | set(self.changes) | {f.lower() for f, _, _ in self.attributions}


def _num(value: Any) -> float | None:
    if isinstance(value, str) and re.fullmatch(r"-?\d+(?:\.\d+)?", value.strip()):
        value = float(value)  # a categorical code written as a number ("sex": "1")
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _tie(table: dict[str, set[float]], key: str, *values: Any) -> None:
    numbers = {n for n in (_num(v) for v in values) if n is not None}
    table.setdefault(key, set()).update(numbers, *(calendar_parts(n) for n in numbers))


#: A date coded as a number: year and month ("202308"), or year, month and day ("20250211").
_CALENDAR = gated(r"(19\d\d|20\d\d)(0[1-9]|1[0-2])((?:0[1-9]|[12]\d|3[01])?)")


def calendar_parts(number: float) -> set[float]:
    """The year, month (and day) of a date coded as a number, as a reply says it ("last serviced Aug 2023" of
    202308, "made 11 February 2025" of 20250211; claims-43); nothing for any other number.
    """
    if number != int(number):
        return set()
    match = _CALENDAR.fullmatch(str(int(number)))
    if match is None:
        return set()
    return {float(g) for g in match.groups() if g}


def _text_numbers(text: str) -> set[float]:
    """The numbers of a text, a number written with thousands separators ("1,500") also as the reply reads it."""
    if _DIGIT.search(text) is None:
        return set()  # no digit, no number (most of an output's strings are names)
    joined = _THOUSANDS.sub("", text)
    found = {float(m.group(1)) for m in NUMBER.finditer(text)}
    return found if joined == text else found | {float(m.group(1)) for m in NUMBER.finditer(joined)}


#: A digit: what every number has.
_DIGIT = re.compile(r"\d")
#: A thousands separator, as `_reading.normalise` drops it from a reply.
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")


@functools.lru_cache(maxsize=2048)
def _string_reading(text: str) -> tuple[frozenset[float], bool, bool]:
    """An output string's numbers, and whether it counts and assesses: the outputs' field names and many of their
    values recur turn after turn, so each string is read once.
    """
    return frozenset(_text_numbers(text)), bool(_COUNTS.search(text)), bool(_ASSESSES.search(text))


def _walk_free(value: Any, facts: Facts) -> None:
    """Numbers and strings of fields the structured reading does not name."""
    if isinstance(value, str):
        facts.texts.append(value)
        numbers, counted, assessed = _string_reading(value)
        facts.free_numbers |= numbers
        facts.counted = facts.counted or counted
        facts.assessed = facts.assessed or assessed
    elif isinstance(value, dict):
        for key, item in value.items():
            facts.texts.append(str(key))
            _walk_free(item, facts)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk_free(item, facts)
    else:
        number = _num(value)
        if number is not None:
            facts.free_numbers.add(number)
