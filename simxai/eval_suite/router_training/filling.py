"""Filling the router's request templates for one host schema, as people would type them.

`Filler` fills a template's slots (`router_training.templates` lists them) from a schema: an instance ("patient
12", "pt 12", "patient forty-one", a quoted text, "a 50 year old with bmi 30"), a group, a feature and a value,
a change, a label, a name for the model. `router_training.noise.noisy` then writes the request as people type it:
sometimes a wrapper ("quick question: "), an ending ("pls"), no question mark, a capital or one typo.
"""

from __future__ import annotations

import random
import re

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["Filler", "plural"]

# How a request names the model ("what does the bank's model look at"): plain, by owner, or by what it predicts.
_MODEL_WORDS = ("the model", "the model", "the model", "the classifier", "your model", "this model", "the system", "it")
_OWNERS = (
    "the company's",
    "the bank's",
    "the hospital's",
    "the school's",
    "the insurer's",
    "our",
    "their",
    "the team's",
)
_COUNT_WORDS = ("2", "3", "4", "5", "two", "three", "four", "five", "a few", "some")
_METRICS = ("accuracy", "precision", "recall", "f1 score", "auc", "confusion matrix", "f-score", "roc auc")
# What each schema's model outputs, as a user names it ("what is the sentiment of ...").
_TASKS: dict[str, tuple[str, ...]] = {
    "diabetes progression": ("progression", "outcome"),
    "VADER review sentiment": ("sentiment", "tone"),
    "loan approval": ("decision", "loan decision"),
    "customer churn": ("churn risk",),
    "card fraud": ("fraud risk", "risk"),
    "employee attrition": ("attrition risk",),
    "student outcome": ("outcome",),
    "wine quality": ("quality", "rating"),
    "machine failure": ("failure risk", "status"),
    "insurance claim": ("claim decision",),
    "flight delay": ("delay status",),
    "mushroom": ("edibility",),
    "heart disease": ("risk", "diagnosis"),
    "house sale": ("sale speed",),
    "spam filter": ("spam label", "category"),
    "toxicity": ("toxicity",),
    "news topic": ("topic", "category"),
    "tweet emotion": ("emotion", "mood"),
    "support ticket": ("urgency", "priority"),
    "water pump": ("pump status", "condition"),
    "job screening": ("hiring decision", "decision"),
    "hotel booking": ("cancellation risk",),
    "crop disease": ("crop health", "diagnosis"),
    "forum post": ("helpfulness",),
    "contract clause": ("fairness", "verdict"),
    "ttm diabetes": ("diabetes risk",),
    "ttm compas": ("recidivism risk",),
    "ttm german": ("credit risk",),
}
_TEXT_WORDS = (
    "slow",
    "great",
    "awful",
    "late",
    "friendly",
    "broken",
    "cheap",
    "excellent",
    "boring",
    "rude",
    "fast",
    "helpful",
    "terrible",
    "amazing",
    "urgent",
    "free",
    "winner",
    "meeting",
    "refund",
    "happy",
    "angry",
)
_TEXTS = (
    "the delivery was late and the box was broken",
    "absolutely loved it, would buy again",
    "not worth the money at all",
    "the staff were friendly but the food was cold",
    "you have won a free cruise, click here",
    "can we move the meeting to thursday",
    "this is the worst update so far",
    "the team played brilliantly last night",
    "parliament votes on the new budget today",
    "my screen keeps freezing after login",
    "what a lovely surprise this morning",
    "i am scared of what comes next",
)


def _number_words(number: int) -> str:
    """A number below 100 in words ("forty-one"), as people type ids; larger numbers as digits."""
    units = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    units += "seventeen eighteen nineteen"
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    if number < 20:
        return units.split()[number]
    if number < 100:
        return tens[number // 10] + ("" if number % 10 == 0 else "-" + units.split()[number % 10])
    return str(number)


def plural(noun: str) -> str:
    """The plural of an instance noun ("patient" -> "patients", "person" -> "people")."""
    irregular = {"person": "people", "child": "children", "analysis": "analyses"}
    if noun in irregular:
        return irregular[noun]
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def _readable(name: str) -> str:
    return name.replace("_", " ").lower()


def _value(low: float, high: float, rng: random.Random) -> str:
    value = rng.uniform(low, high)
    if high - low <= 2:
        return f"{value:.2f}"
    return str(round(value))


class Filler:
    """Fills one template's slots for one schema; None when the schema has nothing for a slot."""

    def __init__(self, schema: HostSchema, rng: random.Random) -> None:
        self.schema = schema
        self.rng = rng
        self.noun = schema.instance_noun or "instance"
        self.numeric = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
        self.categorical = [f for f in schema.features if f.type == "categorical" and f.categories]
        self.text = schema.kind == "text"

    def feature_name(self, feature: object) -> str:
        """A feature as a user names it: its readable name or one of its aliases."""
        assert isinstance(feature, FeatureSchema)
        names = [_readable(feature.name), *feature.aliases]
        return self.rng.choice(names)

    def reference(self) -> str:
        """An instance: an id in one of many forms, a pronoun, a quoted text, or a description by values."""
        rng, noun = self.rng, self.noun
        high = self.schema.id_range[1] if self.schema.id_range else 500
        number = rng.randint(0, high)
        forms = [
            f"{noun} {number}",
            f"{noun} {number}",
            f"{noun} #{number}",
            f"id {number}",
            f"the {noun} with id {number}",
            f"{noun} number {number}",
            f"instance {number}",
            f"row {number}",
            f"sample {number}",
            f"this {noun}",
            "this one",
            "it",
            "this instance",
            f"data point {number}",
            f"{number}",
            f"pt {number}" if noun == "patient" else f"{noun} no. {number}",
            f"{noun} {_number_words(number)}",
            f"#{number}",
            f"{noun} id {number}",
        ]
        if self.text:
            forms += [f"'{rng.choice(_TEXTS)}'"] * 5 + [f'"{rng.choice(_TEXTS)}"'] * 2
        elif len(self.numeric) >= 2:
            # an instance described by its feature values ("a patient with bmi 30 and age 50")
            first, second = rng.sample(self.numeric, 2)
            one = f"{self.feature_name(first)} {_value(first.min or 0, first.max or 1, rng)}"
            two = f"{self.feature_name(second)} {_value(second.min or 0, second.max or 1, rng)}"
            forms += [f"a {noun} with {one} and {two}", f"someone with {one}", f"a {noun} whose {one}"]
            age = next((f for f in self.numeric if f.name == "age"), None)
            if age is not None:
                years = rng.randint(int(age.min or 20), int(age.max or 80))
                forms += [f"a {years} year old with {one}", f"a {years} year old {noun}"]
        return rng.choice(forms)

    def new_instance(self, *, bare: bool = False) -> str | None:
        """A new instance described by its values ("a 50 year old with income 40"); a quoted text for a text host.

        With `bare`, only the values ("age 50, income 40"), as written after "a new applicant:".
        """
        rng, noun = self.rng, self.noun
        if self.text:
            return f"'{rng.choice(_TEXTS)}'"
        features = self.numeric + self.categorical
        if not features:
            return None
        chosen = rng.sample(features, min(len(features), rng.choice([1, 2, 2, 3])))
        parts = []
        for feature in chosen:
            name = self.feature_name(feature)
            if feature.type == "numeric":
                value = _value(feature.min or 0, feature.max or 1, rng)
                parts.append(rng.choice([f"{name} {value}", f"{name} of {value}", f"a {name} of {value}"]))
            else:
                parts.append(f"{name} {rng.choice(feature.categories or [''])}")
        values = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        if bare:
            return ", ".join(parts)
        age = next((f for f in self.numeric if f.name in ("age", "driver_age")), None)
        forms = [f"a {noun} with {values}", f"someone with {values}", f"a new {noun} with {values}"]
        if age is not None:
            years = rng.randint(int(age.min or 20), int(age.max or 80))
            forms += [f"a {years} year old with {values}", f"a {years} year old {noun} with {values}"]
        return rng.choice(forms)

    def model_word(self) -> str:
        """A name for the model: "the model", "the system", "the bank's model", "the fraud risk model"."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.7:
            return rng.choice(_MODEL_WORDS)
        if roll < 0.85:
            return f"{rng.choice(_OWNERS)} model"
        return f"the {rng.choice(_TASKS.get(self.schema.name, ('prediction',)))} model"

    def group(self) -> str | None:
        """A group of instances: all of them, by label or prediction, or by a condition on a feature."""
        rng, nouns = self.rng, plural(self.noun)
        labels = self.schema.class_names
        forms = [f"all {nouns}", f"the {nouns} predicted {rng.choice(labels)}" if labels else f"all {nouns}"]
        if labels:
            forms.append(f"{nouns} labelled {rng.choice(labels)}")
        if self.numeric:
            feature = rng.choice(self.numeric)
            name, value = self.feature_name(feature), _value(feature.min or 0, feature.max or 1, rng)
            forms += [
                f"{nouns} with {name} above {value}",
                f"{nouns} whose {name} is below {value}",
                f"those with a {name} over {value}",
                f"{nouns} with {name} of at least {value}",
                f"people with {name} under {value}",
                f"{nouns} over {value} {name}",
                f"the {nouns} whose {name} exceeds {value}",
            ]
            age = next((f for f in self.numeric if f.name == "age"), None)
            if age is not None:
                years = rng.randint(int(age.min or 20), int(age.max or 80))
                forms += [f"{nouns} under {years}", f"{nouns} over {years}", f"{nouns} older than {years}"]
        if self.categorical:
            feature = rng.choice(self.categorical)
            value = rng.choice(feature.categories or [""])
            forms.append(f"{nouns} with {self.feature_name(feature)} {value}")
            forms.append(f"the {nouns} whose {self.feature_name(feature)} is {value}")
        return rng.choice(forms)

    def change(self) -> str | None:
        """A change to an instance, as a what-if names it ("her bmi were 30", "we replace 'slow' with 'fast'")."""
        rng = self.rng
        if self.text:
            first, second = rng.sample(_TEXT_WORDS, 2)
            return rng.choice(
                [
                    f"we replace '{first}' with '{second}'",
                    f"the word '{first}' were '{second}'",
                    f"'{first}' were removed",
                    f"it said '{second}' instead of '{first}'",
                    f"i change '{first}' to '{second}'",
                ]
            )
        options = []
        if self.numeric:
            feature = rng.choice(self.numeric)
            name, value = self.feature_name(feature), _value(feature.min or 0, feature.max or 1, rng)
            pronoun = rng.choice(["her", "his", "their", "its", "the"])
            options += [
                f"{pronoun} {name} were {value}",
                f"{name} was {value}",
                f"we increase {name} by {value}",
                f"{name} went down by {value}",
                f"{name} were {rng.choice(['10', '20', 'ten', '5'])} percent higher",
                f"{name} dropped to {value}",
                f"{name} doubled",
                f"{pronoun} {name} was {value} instead",
                f"{name} went up by {value}",
                f"{name} were {rng.choice(['5', '10', 'twenty', 'fifteen'])} percent lower",
                f"{pronoun} {name} were higher",
                f"{name} was halved",
                f"{name} increased to {value}",
                f"we set {name} to {value}",
            ]
            age = next((f for f in self.numeric if f.name == "age"), None)
            if age is not None:
                pronoun = rng.choice(["she", "he", "they", "it"])
                options.append(f"{pronoun} were {rng.choice(['5', '10', 'ten', 'five', 'twenty'])} years older")
        if self.categorical:
            feature = rng.choice(self.categorical)
            value = rng.choice(feature.categories or [""])
            options += [f"{self.feature_name(feature)} were {value}", f"it had {self.feature_name(feature)} {value}"]
        return rng.choice(options) if options else None

    def fill(self, template: str) -> str | None:
        """The template with every slot filled; None when the schema has nothing for one of its slots."""
        rng, schema = self.rng, self.schema
        labels = list(schema.class_names) or ["positive", "negative"]
        first_label, second_label = rng.sample(labels, 2) if len(labels) > 1 else (labels[0], labels[0])
        values: dict[str, str | None] = {
            "n": self.noun,
            "ns": plural(self.noun),
            "lab": first_label,
            "lab2": second_label,
            "k": rng.choice(_COUNT_WORDS),
            "metric": rng.choice(_METRICS),
            "metric2": rng.choice(_METRICS),
            "pro": rng.choice(["her", "his", "their", "its"]),
            "id": str(rng.randint(0, 400)),
            "id2": str(rng.randint(0, 400)),
        }
        values["task"] = rng.choice(_TASKS.get(schema.name, ("prediction",)))
        slots = set(re.findall(r"\{(\w+)\}", template))
        if "ref" in slots:
            values["ref"] = self.reference()
        if "grp" in slots:
            values["grp"] = self.group()
        if "subj" in slots:
            values["subj"] = self.reference() if rng.random() < 0.6 else self.group()
        if "mdl" in slots:
            values["mdl"] = self.model_word()
        if "new" in slots:
            values["new"] = self.new_instance()
        if "new2" in slots:
            values["new2"] = self.new_instance(bare=True)
        if "chg" in slots or "chg2" in slots:
            values["chg"] = values["chg2"] = self.change()
        features = self.numeric + self.categorical
        if slots & {"f", "f2"}:
            if len(features) < 2:
                return None
            first, second = rng.sample(features, 2)
            values["f"], values["f2"] = self.feature_name(first), self.feature_name(second)
        if slots & {"nf", "v"}:
            if not self.numeric:
                return None
            feature = rng.choice(self.numeric)
            values["nf"], values["v"] = self.feature_name(feature), _value(feature.min or 0, feature.max or 1, rng)
        if slots & {"cf", "c"}:
            if not self.categorical:
                return None
            feature = rng.choice(self.categorical)
            values["cf"], values["c"] = self.feature_name(feature), rng.choice(feature.categories or [""])
        if any(values.get(slot) is None for slot in slots):
            return None
        return template.format(**{slot: values[slot] for slot in slots})
