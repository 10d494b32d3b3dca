"""The router's training data: requests labelled with the function they ask for, for many hosts.

Four sources, each split into train and dev with a fixed seed so that dev measures generalization:

- **paraphrases** (`router_training.templates.TEMPLATES`) filled from every schema of `router_schemas`; a fifth of the
  templates of each function and every request about the `DEV_SCHEMAS` hosts are dev, so dev is new wording
  and new hosts, not new slot values;
- the functions' **spec examples** (train only);
- **CoXQL's train split** mapped to the eleven functions by `simxai.eval_suite.data.labels.coxql_gold`; operations
  with no counterpart among the eleven are left out and counted; a seeded fifth of the records is dev;
- **TalkToModel's templates** filled from each of its datasets (`ttm_templates.fill_templates`), labelled by
  the function their gold program implies (`eval_suite.ttm.gold_functions`); a fifth of the templates is dev.

The SimXAI single-turn, Compass multi-turn and sentiment-dialogue sets, CoXQL's test split and TalkToModel's
`experiments/` suites are never read here.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from simxai.eval_suite.router_training.schemas import DEV_SCHEMAS, builtin_schemas, ttm_schemas
from simxai.eval_suite.router_training.templates import TEMPLATES
from simxai.hosts.base import HostSchema

__all__ = ["Example", "TrainingData", "build_training_data", "fingerprint"]

SEED = 12
DEV_SHARE = 0.2
FILLS_PER_TEMPLATE = 6  # fillings of each template for each schema

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


@dataclass(frozen=True)
class Example:
    """One labelled request: its text, the schema it is about, the function (or `none`), and its split."""

    text: str
    label: str
    schema: str
    source: str
    split: str  # "train" or "dev"


@dataclass(frozen=True)
class TrainingData:
    """The examples with the schemas they refer to, and what was left out (by reason)."""

    examples: list[Example]
    schemas: dict[str, HostSchema]
    excluded: dict[str, int]

    def split(self, name: str) -> list[Example]:
        """The examples of the split `name` ('train' or 'dev')."""
        return [e for e in self.examples if e.split == name]


def fingerprint(data: TrainingData, settings: dict[str, object]) -> str:
    """A hash of the examples and the training settings: equal fingerprints mean the same artifact inputs."""
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
    for example in data.examples:
        digest.update(f"{example.text}\t{example.label}\t{example.schema}\t{example.split}\n".encode())
    return digest.hexdigest()[:16]


def _held_out(key: str, share: float = DEV_SHARE) -> bool:
    """A stable, seeded coin for `key` (hash-based, so adding a template does not move the others)."""
    value = int(hashlib.sha256(f"{SEED}:{key}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return value < share


def _plural(noun: str) -> str:
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


class _Filler:
    """Fills one template's slots for one schema; None when the schema has nothing for a slot."""

    def __init__(self, schema: HostSchema, rng: random.Random) -> None:
        self.schema = schema
        self.rng = rng
        self.noun = schema.instance_noun or "instance"
        self.numeric = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
        self.categorical = [f for f in schema.features if f.type == "categorical" and f.categories]
        self.text = schema.kind == "text"

    def feature_name(self, feature: object) -> str:
        from simxai.hosts.base import FeatureSchema

        assert isinstance(feature, FeatureSchema)
        names = [_readable(feature.name), *feature.aliases]
        return self.rng.choice(names)

    def reference(self) -> str:
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

    def group(self) -> str | None:
        rng, plural = self.rng, _plural(self.noun)
        labels = self.schema.class_names
        forms = [f"all {plural}", f"the {plural} predicted {rng.choice(labels)}" if labels else f"all {plural}"]
        if labels:
            forms.append(f"{plural} labelled {rng.choice(labels)}")
        if self.numeric:
            feature = rng.choice(self.numeric)
            name, value = self.feature_name(feature), _value(feature.min or 0, feature.max or 1, rng)
            forms += [
                f"{plural} with {name} above {value}",
                f"{plural} whose {name} is below {value}",
                f"those with a {name} over {value}",
                f"{plural} with {name} of at least {value}",
                f"people with {name} under {value}",
            ]
        if self.categorical:
            feature = rng.choice(self.categorical)
            forms.append(f"{plural} with {self.feature_name(feature)} {rng.choice(feature.categories or [''])}")
        return rng.choice(forms)

    def change(self) -> str | None:
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
            ]
        if self.categorical:
            feature = rng.choice(self.categorical)
            options.append(f"{self.feature_name(feature)} were {rng.choice(feature.categories or [''])}")
        return rng.choice(options) if options else None

    def fill(self, template: str) -> str | None:
        rng, schema = self.rng, self.schema
        labels = list(schema.class_names) or ["positive", "negative"]
        first_label, second_label = rng.sample(labels, 2) if len(labels) > 1 else (labels[0], labels[0])
        values: dict[str, str | None] = {
            "n": self.noun,
            "ns": _plural(self.noun),
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


def _noisy(text: str, rng: random.Random) -> str:
    """The request as people type it: sometimes a wrapper, no question mark, a capital, or one typo."""
    text = rng.choice(_WRAPPERS) + text
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
    return text


def _paraphrases(schemas: Sequence[HostSchema]) -> list[Example]:
    rng = random.Random(SEED)
    examples = []
    for function, templates in TEMPLATES.items():
        for number, template in enumerate(templates):
            template_dev = _held_out(f"{function}:{number}:{template}")
            for schema in schemas:
                filler = _Filler(schema, rng)
                seen = set()
                for _ in range(FILLS_PER_TEMPLATE):
                    filled = filler.fill(template)
                    if filled is None or filled in seen:
                        continue
                    seen.add(filled)
                    split = "dev" if template_dev or schema.name in DEV_SCHEMAS else "train"
                    examples.append(Example(_noisy(filled, rng), function, schema.name, "paraphrase", split))
    return examples


def _spec_examples(schema: HostSchema) -> list[Example]:
    from simxai.functions import default_registry

    return [
        Example(text, spec.name, schema.name, "spec", "train")
        for spec in default_registry().specs()
        for text in spec.examples
    ]


def _coxql(data_dir: Path, excluded: Counter[str]) -> list[Example]:
    from simxai.eval_suite.data.labels import ELEVEN, coxql_gold

    records = json.loads((data_dir / "coxql" / "dataset" / "coxql_train.json").read_text(encoding="utf-8"))
    examples = []
    for record in records:
        gold, _ = coxql_gold(record["sql"])
        label = gold.alternatives[0]
        if label not in ELEVEN:
            excluded[f"coxql {gold.excluded_label}"] += 1
            continue
        split = "dev" if _held_out(f"coxql:{record['idx']}") else "train"
        examples.append(Example(record["text"], label, "coxql", "coxql", split))
    return examples


# The function each TalkToModel operation of a gold program asks for; attribution is local when the program
# filters, else global. `self`, `function`, `followup` and bare filters ask for no function.
_TTM_FUNCTIONS = {
    "predict": "get_prediction",
    "likelihood": "get_prediction",
    "explain cfe": "explain_how_to_be_that",
    "change": "explain_what_if",
    "score": "get_model_performance",
    "mistake": "get_model_performance",
    "data": "get_data_information",
    "countdata": "get_data_information",
    "show": "get_data_information",
    "label": "get_data_information",
    "statistic": "get_data_information",
    "define": "get_data_information",
    "model": "get_model_information",
}
_TTM_ATTRIBUTION = ("explain features", "explain lime", "important", "interact")
_TTM_FILTERS = ("filter", "labelfilter", "predictionfilter", "previousfilter")  # TalkToModel's filter operations


def gold_functions(gold: str) -> list[str]:
    """The functions a TalkToModel gold program asks for, in its order (read word by word, no grammar)."""
    body = re.sub(r"\s*\[e\]\s*$", "", gold.strip().lower())
    operations = [part.split() for part in re.split(r"\s+(?:and|or)\s+", body) if part.split()]
    if any(words[0] == "change" for words in operations):
        return ["explain_what_if"]  # the what-if function answers the operation after the change too
    filtered = any(words[0] in _TTM_FILTERS for words in operations)
    functions: list[str] = []
    for words in operations:
        name = " ".join(words[:2]) if words[0] == "explain" else words[0]
        if name in _TTM_ATTRIBUTION or words[0] in _TTM_ATTRIBUTION:
            function = "get_local_explanation" if filtered else "get_global_explanation"
        else:
            function = _TTM_FUNCTIONS.get(name) or _TTM_FUNCTIONS.get(words[0], "")
        if function and function not in functions:
            functions.append(function)
    return functions


def _talktomodel(data_dir: Path, schemas: dict[str, HostSchema], excluded: Counter[str]) -> list[Example]:
    import pandas as pd

    from simxai.integrations.ttm_data import TTM_DATASETS, value_text, vocabulary_from_frame
    from simxai.integrations.ttm_templates import fill_templates, load_templates

    templates, fillers = load_templates(data_dir / "talktomodel" / "explain" / "prompts")
    examples = []
    for name, spec in TTM_DATASETS.items():
        frame = pd.read_csv(data_dir / "talktomodel" / "data" / spec.test_file, index_col=0)
        vocabulary = vocabulary_from_frame(frame)
        renamed = frame.rename(columns=lambda c: str(c).replace("_", "").replace("-", "").lower())
        numeric = {f: [value_text(v) for v in sorted(renamed[f].unique())] for f in vocabulary.numeric}
        cases = fill_templates(templates, fillers, vocabulary, numeric, spec.class_names, per_template=3, seed=SEED)
        for case in cases:
            functions = gold_functions(case.gold)
            if not functions:
                excluded[f"talktomodel {case.gold.split()[0]}"] += 1
                continue
            split = "dev" if _held_out(f"ttm:{case.template}") or f"ttm {name}" in DEV_SCHEMAS else "train"
            examples.append(Example(case.utterance, functions[0], f"ttm {name}", "talktomodel", split))
    return examples


def build_training_data(data_dir: Path | None) -> TrainingData:
    """All training and dev examples; with no `data_dir`, the paraphrases and spec examples only."""
    schemas = {s.name: s for s in builtin_schemas()}
    excluded: Counter[str] = Counter()
    if data_dir is not None:
        schemas.update({s.name: s for s in ttm_schemas(data_dir)})
    schemas["coxql"] = HostSchema(
        name="coxql", kind="text", instance_noun="instance", class_names=[], features=[], id_range=None
    )
    paraphrase_schemas = [s for name, s in schemas.items() if name != "coxql"]
    examples = _paraphrases(paraphrase_schemas) + _spec_examples(schemas["diabetes progression"])
    if data_dir is not None:
        examples += _coxql(data_dir, excluded) + _talktomodel(data_dir, schemas, excluded)
    return TrainingData(examples, schemas, dict(sorted(excluded.items())))
