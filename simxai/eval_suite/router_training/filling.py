"""Filling the router's request templates for one host schema, as people would type them.

`Filler` fills a template's slots (`router_training.templates` lists them) from a schema: an instance ("patient
12", "pt 12", "patient forty-one", a quoted text, "a 50 year old with bmi 30"), a group, a feature and a value,
a change, a label, a name for the model. `noisy` then writes the request as people type it: sometimes a
wrapper ("quick question: "), an ending ("pls"), no question mark, a capital or one typo.
"""

from __future__ import annotations

import hashlib
import random
import re

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["Filler", "noisy", "plural"]

_WRAPPERS = (
    "",
    "",
    "",
    "",
    "",
    "",
    "can you tell me ",
    "could you please tell me ",
    "please, ",
    "i'd like to know ",
    "i want to know ",
    "hey, ",
    "ok so ",
    "now ",
    "and ",
    "so ",
    "i wonder ",
    "tell me, ",
    "quick question: ",
    "hmm, ",
    "btw ",
    "just curious, ",
    "sorry, ",
    "could you check ",
    "so basically ",
    "one more thing: ",
)
# Endings people add to a request ("... pls", "... thanks").
_ENDINGS = ("", "", "", "", "", "", "", "", " please", " pls", " thanks", " thx", "??", " :)", " then")
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


# A sentence about the asker before the request, or after it: people give context the request does not need.
_CONTEXT_BEFORE = (
    "I'm reviewing a few cases today. ",
    "My manager asked me to look into this. ",
    "Sorry if this is a basic question. ",
    "I'm new to this tool. ",
    "We are auditing the model this week. ",
    "I need this for a report. ",
    "Hello! ",
    "I have a question about the model. ",
    "Following up on yesterday. ",
    "For a presentation tomorrow: ",
    "A client called me about this. ",
    "Not sure this is the right place to ask, but ",
)
_CONTEXT_AFTER = (
    " Thanks in advance.",
    " I need to explain it to a client.",
    " Keep it short please.",
    " Just curious.",
    " It's for an audit.",
    " I'm trying to understand the tool.",
)
CONTEXT_SHARE = 0.15  # of requests get a sentence of context, chosen by a hash of the request (not the rng)


def with_context(text: str) -> str:
    """`text` with a sentence of context before or after it for a fixed, hash-chosen share of requests.

    Chosen by a hash of the text rather than the filling's random generator, so the other fillings stay as
    they were.
    """
    value = int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)
    if value % 1000 >= CONTEXT_SHARE * 1000:
        return text
    value //= 1000
    if value % 3 == 0:
        return text + _CONTEXT_AFTER[(value // 3) % len(_CONTEXT_AFTER)]
    return _CONTEXT_BEFORE[(value // 3) % len(_CONTEXT_BEFORE)] + text


# Frames of a request written to a team or a help desk, which say nothing of what is asked: a ticket's header, a
# greeting with a polite ask, a hedge before the request, a sign-off after it (round 22, lead22).
_HEADERS = (
    "Re: ticket INC-{n} - ",
    "Ticket SR{n}: ",
    "Re: case C-{n}, ",
    "Quick one: ",
    "Fwd: customer question - ",
    "Follow-up on ticket T{n}: ",
    "Urgent-ish: ",
)
_GREETINGS = ("Hi team, ", "Hello all, ", "Hi there, ", "Good morning, ", "Hey folks, ", "Dear support, ")
_POLITE_ASKS = ("could you please tell me ", "can someone tell me ", "I was hoping to find out ", "")
_HEDGES = (
    "Not sure if this is the right place but ",
    "Apologies if this was asked before, ",
    "This may be a silly question, but ",
    "I might be missing something, but ",
    "Sorry to bother you again - ",
)
_SIGN_OFFS = (" Thanks in advance!", " Many thanks.", " Cheers", " Best regards, Sam", " Thank you!", " Appreciate it.")
FRAME_SHARE = 0.08  # of requests get a frame, chosen by a hash of the request (not the rng)


def with_frame(text: str) -> str:
    """`text` in a frame of a help-desk message for a fixed, hash-chosen share of requests: a ticket header, a
    greeting with a polite ask or a hedge before it, often a sign-off after it ("Hi team, could you please tell me
    ... Thanks in advance!"). The request itself is unchanged, so its function is too.
    """
    value = int(hashlib.sha256(f"frame:{text}".encode()).hexdigest()[:12], 16)
    if value % 1000 >= FRAME_SHARE * 1000:
        return text
    value //= 1000
    kind, value = value % 3, value // 3
    request = text[:1].lower() + text[1:] if text[1:2].islower() else text
    if kind == 0:
        header = _HEADERS[value % len(_HEADERS)].format(n=1000 + value % 9000)
        framed = header + text
    elif kind == 1:
        value //= len(_HEADERS)
        framed = _GREETINGS[value % len(_GREETINGS)] + _POLITE_ASKS[(value // 7) % len(_POLITE_ASKS)] + request
    else:
        framed = _HEDGES[value % len(_HEDGES)] + request
    value //= 11
    return framed + _SIGN_OFFS[value % len(_SIGN_OFFS)] if value % 2 else framed


def noisy(text: str, rng: random.Random) -> str:
    """The request as people type it: sometimes a wrapper, no question mark, a capital, or one typo."""
    text = rng.choice(_WRAPPERS) + text
    ending = rng.choice(_ENDINGS)
    if ending:
        text = text.rstrip("?") + ending
    roll = rng.random()
    if roll < 0.15:
        text = text.rstrip("?")
    elif roll < 0.3:
        text = text[:1].upper() + text[1:]
    if rng.random() < 0.12:
        words = text.split()
        candidates = [i for i, w in enumerate(words) if w.isalpha() and len(w) > 4]
        if candidates:
            i = rng.choice(candidates)
            word = words[i]
            j = rng.randrange(1, len(word) - 1)
            words[i] = (
                word[:j] + word[j + 1 :] if rng.random() < 0.5 else word[:j] + word[j + 1] + word[j] + word[j + 2 :]
            )
            text = " ".join(words)
    return with_frame(with_context(text))
