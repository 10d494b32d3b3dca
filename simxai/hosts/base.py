"""The `Host` protocol: what a host system's XAI resources must provide to the eleven functions."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Literal, Protocol, runtime_checkable

import pydantic

from simxai.results import (
    CounterfactualResult,
    DataInformationResult,
    GlobalExplanationResult,
    LocalExplanationResult,
    ModelInformationResult,
    OutputInformationResult,
    PerformanceResult,
    PredictionResult,
    StillThisResult,
    Subject,
    WhatIfResult,
)

__all__ = [
    "METRICS",
    "ChangeValue",
    "FeatureSchema",
    "GroupHost",
    "Host",
    "HostSchema",
    "InstanceRef",
    "Selection",
    "fraction_range",
    "plural",
    "regular_plural",
]


#: Nouns whose plural turns a final -f / -fe into -ves ("loaf" -> "loaves"); other -f nouns add -s ("roof", "chef").
_VES_PLURALS: dict[str, str] = {
    "calf": "calves",
    "half": "halves",
    "knife": "knives",
    "leaf": "leaves",
    "life": "lives",
    "loaf": "loaves",
    "shelf": "shelves",
    "thief": "thieves",
    "wife": "wives",
    "wolf": "wolves",
}
#: Nouns with an irregular plural, or none ("child" -> "children", "sheep" -> "sheep"); a noun ending in -sis
#: takes -ses ("analysis" -> "analyses").
_IRREGULAR_PLURALS: dict[str, str] = {
    "child": "children",
    "person": "people",
    "man": "men",
    "woman": "women",
    "goose": "geese",
    "mouse": "mice",
    "louse": "lice",
    "foot": "feet",
    "tooth": "teeth",
    "ox": "oxen",
    "datum": "data",
    "criterion": "criteria",
    "phenomenon": "phenomena",
    "cactus": "cacti",
    "fungus": "fungi",
    "nucleus": "nuclei",
    "sheep": "sheep",
    "deer": "deer",
    "fish": "fish",
    "species": "species",
    "series": "series",
    "quiz": "quizzes",
}


def plural(noun: str) -> str:
    """The plural of an English noun, for the common regular cases ("patient" -> "patients", "policy" -> "policies"),
    the usual -f / -fe nouns ("loaf" -> "loaves", "seed leaf" -> "seed leaves"), -z ("waltz" -> "waltzes") and the
    irregular ones ("child" -> "children", "goose" -> "geese", "analysis" -> "analyses").
    """
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    irregular = _VES_PLURALS.get(lower) or _IRREGULAR_PLURALS.get(lower)
    if irregular is None and lower.endswith("sis") and len(lower) > 4:
        irregular = lower[:-3] + "ses"  # "analysis" -> "analyses", "diagnosis" -> "diagnoses"
    if irregular is not None:
        return f"{head} {irregular}" if head else (irregular.capitalize() if last[:1].isupper() else irregular)
    if lower.endswith("z"):
        return noun + "es"  # "waltz" -> "waltzes", "blitz" -> "blitzes" (not in the trained forms)
    return regular_plural(noun)


def regular_plural(noun: str) -> str:
    """The plural by the regular rules only ("loaf" -> "loafs"): the form the router's readings were trained with
    (the shipped selector's masked texts); replies use `plural`.
    """
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def fraction_range(low: float | None, high: float | None) -> bool:
    """Whether a numeric column observed from `low` to `high` holds shares kept as a fraction of 1 (0.05-0.93): its
    values lie within 0-1 and are not exactly 0 to 1, a 0/1 flag's range. The one test, for the extraction's
    readings of a percent (`extraction._fractions.fraction_feature`) and the resolver's range messages.
    """
    return low is not None and high is not None and 0 <= low < high <= 1 and (low, high) != (0, 1)


def outside_range(value: object, low: float | None, high: float | None) -> Literal["below", "above"] | None:
    """Where a what-if value lies against the range the data shows for its feature, `low` to `high`: "below",
    "above", or None within it. A bool, a string, NaN (a missing value) and an absent bound are never outside.

    The one test of "outside the data's range": the what-if's `outside_range` note (`simxai.hosts` what-ifs) and the
    engine's range question (`FeatureSchema.below_its_range`, read by `simxai._call_questions`) both ask it.
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        return None
    if low is not None and value < low:
        return "below"
    if high is not None and value > high:
        return "above"
    return None


#: The metrics every host reports on its held-out split ("all" asks for every one).
METRICS: tuple[str, ...] = ("accuracy", "precision", "recall", "f1", "roc_auc", "confusion_matrix", "all")

#: How a function argument refers to an instance: a row id, a text, a condition selecting a group,
#: or feature values (all of them for a custom instance; null for a value the model's imputer fills in).
InstanceRef = int | str | dict[str, float | int | str | None]

#: A what-if change: a number sets the feature; a string like "+5", "-5", "+10%" or "*1.5" changes it
#: relative to its current value; any other string sets a categorical value (or, for text, a word).
ChangeValue = float | int | str


class FeatureSchema(pydantic.BaseModel):
    """One input feature, as argument extraction needs to know it."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    type: Literal["numeric", "categorical", "text"]
    min: float | None = None
    max: float | None = None
    categories: list[str] | None = None
    description: str | None = None
    aliases: list[str] = []
    #: The host keeps this feature fixed (``immutable_features``): no counterfactual changes it, and a what-if that
    #: changes it supposes what cannot happen to the instance in reality.
    immutable: bool = False

    def below_its_range(self, value: object) -> bool:
        """Whether `value` is a number below the smallest value the data shows for this feature.

        The one test of "below the data's range" for a what-if value, for the argument guards of the engine
        (`simxai._call_questions`) and the guard's out-of-range questions. A bool, a string or a feature with no
        minimum is never below it.
        """
        return outside_range(value, self.min, self.max) == "below"

    def outside_its_range(self, value: object) -> bool:
        """Whether `value` is a number outside the range the data shows for this feature (`outside_range`)."""
        return outside_range(value, self.min, self.max) is not None


class HostSchema(pydantic.BaseModel):
    """What a host explains: its features, labels, instance ids and metrics."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    kind: Literal["tabular", "text"]
    instance_noun: str
    class_names: list[str]
    features: list[FeatureSchema]
    id_range: tuple[int, int] | None
    metrics: list[str] = list(METRICS)
    #: The id column's own name, when the host's ids come from one ("case_ref above 20300" bounds the ids).
    id_name: str | None = None

    def feature(self, name: str) -> FeatureSchema | None:
        """The feature called `name`, or None when the host has none by that exact name."""
        return next((f for f in self.features if f.name == name), None)

    def has_id(self, number: float) -> bool:
        """Whether `number` lies in the host's id range (False when the host has none, or for a fraction:
        an id is a whole number, so "and 0.2?" after a what-if on a ratio is no instance 0).
        """
        if self.id_range is None or (not isinstance(number, int) and not float(number).is_integer()):
            return False  # an int is whole however large (float() of a 400-digit one overflows)
        return self.id_range[0] <= number <= self.id_range[1]


@runtime_checkable
class Host(Protocol):
    """A model with its XAI resources. Methods raise `ArgumentError` for bad references or values
    (naming what is valid) and `HostError` for a resource the host cannot provide.
    """

    def schema(self) -> HostSchema:
        """Describe the features, labels, id range and metrics."""
        ...

    def resolve(self, instance: InstanceRef) -> Subject:
        """Turn an instance reference into a subject (one row, custom values, a group, or a text)."""
        ...

    def predict(self, subject: Subject) -> PredictionResult:
        """Predict the label and class probabilities (the distribution for a group)."""
        ...

    def local_explanation(self, subject: Subject, label: str | None) -> LocalExplanationResult:
        """Attribute the output for `label` (default: the predicted label) to the features."""
        ...

    def global_explanation(self, label: str | None) -> GlobalExplanationResult:
        """Rank features by their mean absolute attribution."""
        ...

    def counterfactuals(
        self,
        subject: Subject,
        target_label: str,
        count: int,
        question: Literal["why_not", "how_to_be_that"],
    ) -> CounterfactualResult:
        """Find up to `count` verified changes that make the model predict `target_label`."""
        ...

    def still_this(self, subject: Subject) -> StillThisResult:
        """Find what may change while the prediction stays, verified against the model."""
        ...

    def what_if(self, subject: Subject, changes: Mapping[str, ChangeValue | None]) -> WhatIfResult:
        """Predict again after applying `changes`."""
        ...

    def performance(self, metric: str, group: Subject | None = None) -> PerformanceResult:
        """Score the model on its held-out split (its part in `group`, when given); `metric` is one of `METRICS`."""
        ...

    def data_information(self, feature: str | None, group: Subject | None = None) -> DataInformationResult:
        """The data card, with one feature's statistics when `feature` is given; of `group`'s rows when given.

        A `group` reaches only a host that says it describes groups (`GroupHost`); one written before them may
        leave `group` out, and `get_data_information` then says it cannot.
        """
        ...

    def model_information(self) -> ModelInformationResult:
        """The model card."""
        ...

    def output_information(self) -> OutputInformationResult:
        """The output card."""
        ...


class Selection(pydantic.BaseModel):
    """What a reference said in words selects: a subject as `Host.resolve` gives it, or, for a condition no row
    meets, none. Selecting no row is an expected outcome (a value); a reference the host cannot read at all is an
    `ArgumentError`, as from `resolve`.
    """

    model_config = pydantic.ConfigDict(frozen=True)

    #: What the reference reads as (a group, or a row or text when it names one); None when no row meets it.
    subject: Subject | None
    #: The condition as the host read it ("bmi > 90"); None for a reference that is no condition ("patient 3").
    condition: str | None = None
    #: The fields the condition's clauses test, in order, each once ("bmi"; also label, prediction or id).
    fields: list[str] = []


@runtime_checkable
class GroupHost(Protocol):
    """What a host adds to `Host` to describe part of its data ("how many patients have bmi > 30?").

    It is optional: a host without it (one written before groups), or whose `describes_groups()` is False (a remote
    host whose server does not say it can), is answered that it describes its whole data only.
    """

    def describes_groups(self) -> bool:
        """Whether `data_information` takes a `group` and `select` answers."""
        ...

    def select(self, reference: str) -> Selection:
        """Read a reference said in words as `resolve` does, with a condition that selects no row as a `Selection`
        without subject rather than an error.
        """
        ...
