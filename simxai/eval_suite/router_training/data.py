"""The router's training data: requests labelled with the function they ask for, for many hosts.

Five sources, each split into train and dev with a fixed seed so that dev measures generalization:

- **paraphrases** (`router_training.templates.TEMPLATES`) filled from every schema of `router_schemas`; a fifth of the
  templates of each function and every request about the `DEV_SCHEMAS` hosts are dev, so dev is new wording
  and new hosts, not new slot values;
- the functions' **spec examples** (train only);
- **CoXQL's train split** mapped to the eleven functions by `simxai.eval_suite.data.labels.coxql_gold`; operations
  with no counterpart among the eleven are left out and counted; a seeded fifth of the records is dev;
- **TalkToModel's templates** filled from each of its datasets (`ttm_templates.fill_templates`), labelled by
  the function their gold program implies (`eval_suite.ttm.gold_functions`); a fifth of the templates is dev;
- **people**: requests written by people about the demo, sentiment, loan and insurance hosts and hosts an author's
  folder brings itself, one folder per author (`router_training.authors`); a seeded fifth of each author's
  requests is dev, and whole authors (`hold_out_authors`) or hosts (`hold_out_hosts`) can be held out to measure
  the selector on a writer or a host it never saw.

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

from simxai.eval_suite.router_training.authors import HOST_SCHEMAS, people_requests
from simxai.eval_suite.router_training.filling import Filler
from simxai.eval_suite.router_training.noise import noisy
from simxai.eval_suite.router_training.schemas import DEV_SCHEMAS, builtin_schemas, ttm_schemas
from simxai.eval_suite.router_training.templates import TEMPLATES
from simxai.eval_suite.router_training.templates_newhosts import NEW_HOSTS
from simxai.eval_suite.router_training.templates_registers import REGISTERS
from simxai.eval_suite.router_training.templates_terse import TERSE
from simxai.eval_suite.router_training.templates_users import USERS
from simxai.eval_suite.router_training.templates_varied import VARIED
from simxai.hosts.base import HostSchema

__all__ = ["Example", "TrainingData", "build_training_data", "fingerprint", "selector_texts"]

SEED = 12
DEV_SHARE = 0.2
FILLS_PER_TEMPLATE = 4  # fillings of each template for each schema


@dataclass(frozen=True)
class Example:
    """One labelled request: its text, the schema it is about, the function (or `none`), and its split."""

    text: str
    label: str
    schema: str
    source: str
    split: str  # "train" or "dev"
    author: str = ""  # the people/ author who wrote it ("" for the other sources); not part of the fingerprint


@dataclass(frozen=True)
class TrainingData:
    """The examples with the schemas they refer to, and what was left out (by reason)."""

    examples: list[Example]
    schemas: dict[str, HostSchema]
    excluded: dict[str, int]

    def split(self, name: str) -> list[Example]:
        """The examples of the split `name` ('train' or 'dev')."""
        return [e for e in self.examples if e.split == name]


#: The share of the examples whose selector text (normalised and masked) the fingerprint covers: a seeded sample,
#: so that a change to `normalize`, the masking or the `zchange` flag moves the fingerprint, at a fraction of the
#: time of reading all of them (about 7,500 texts, 4-6 s on one core).
PROBE_SHARE = 1 / 16


def probe(data: TrainingData) -> list[Example]:
    """The examples whose selector texts the fingerprint hashes: every written example of the people folders and
    the specs (where spelling, spoken numbers and terse forms are), and a seeded share of the rest.
    """
    return [
        e
        for e in data.examples
        if e.source in ("people", "spec") or _held_out(f"probe:{e.source}:{e.schema}:{e.text}", PROBE_SHARE)
    ]


def selector_texts(examples: Sequence[Example], data: TrainingData) -> list[str]:
    """Each request as the router's selector reads it: normalised (spelling, number words) and masked."""
    from simxai.backends.router import known_words, selector_text
    from simxai.functions import default_registry
    from simxai.normalize import normalize

    known = known_words(default_registry().specs())
    return [selector_text(normalize(e.text, data.schemas[e.schema], known), data.schemas[e.schema]) for e in examples]


def fingerprint(data: TrainingData, settings: dict[str, object]) -> str:
    """A hash of the examples, the training settings and what the selector reads of a probe of the examples.

    The selector is trained on each example's normalised, masked text (`selector_texts`), not on the text
    itself: hashing those texts for `probe(data)` makes a change to `normalize` or to the masking leave the shipped
    artifact stale (and the fingerprint test fail) instead of silently mismatching the router at run time.
    """
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
    for example in data.examples:
        digest.update(f"{example.text}\t{example.label}\t{example.schema}\t{example.split}\n".encode())
    probed = probe(data)
    for example, text in zip(probed, selector_texts(probed, data), strict=True):
        digest.update(f"{example.text}\t{text}\n".encode())
    return digest.hexdigest()[:16]


def _held_out(key: str, share: float = DEV_SHARE) -> bool:
    """A stable, seeded coin for `key` (hash-based, so adding a template does not move the others)."""
    value = int(hashlib.sha256(f"{SEED}:{key}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return value < share


def _paraphrases(schemas: Sequence[HostSchema]) -> list[Example]:
    rng = random.Random(SEED)
    examples = []
    for function, written in TEMPLATES.items():
        # the other registers' templates come after the plain ones, so a template's number (and split) stays put
        templates = (
            written
            + VARIED.get(function, ())
            + USERS.get(function, ())
            + TERSE.get(function, ())
            + REGISTERS.get(function, ())
            + NEW_HOSTS.get(function, ())
        )
        for number, template in enumerate(templates):
            template_dev = _held_out(f"{function}:{number}:{template}")
            for schema in schemas:
                filler = Filler(schema, rng)
                seen = set()
                for _ in range(FILLS_PER_TEMPLATE):
                    filled = filler.fill(template)
                    if filled is None or filled in seen:
                        continue
                    seen.add(filled)
                    split = "dev" if template_dev or schema.name in DEV_SCHEMAS else "train"
                    examples.append(Example(noisy(filled, rng), function, schema.name, "paraphrase", split))
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


def _people(
    schemas: dict[str, HostSchema], excluded: Counter[str], hold_out: Sequence[str], hold_out_hosts: Sequence[str]
) -> list[Example]:
    from simxai.eval_suite.data.labels import ELEVEN

    for schema in HOST_SCHEMAS.values():
        schemas[schema.name] = schema
    requests = people_requests(
        ELEVEN, excluded, hold_out=hold_out, hold_out_hosts=hold_out_hosts, seed=SEED, dev_share=DEV_SHARE
    )
    for r in requests:  # the hosts an author's folder brings itself
        schemas.setdefault(r.schema.name, r.schema)
    return [Example(r.text, r.label, r.schema.name, "people", "dev" if r.dev else "train", r.author) for r in requests]


def build_training_data(
    data_dir: Path | None, hold_out_authors: Sequence[str] = (), hold_out_hosts: Sequence[str] = ()
) -> TrainingData:
    """All training and dev examples; with no `data_dir`, the paraphrases, spec examples and people's requests.

    `hold_out_authors` leaves those authors' requests out of both splits, `hold_out_hosts` every people's request
    about those hosts (`UsageError` for an unknown author or a host no request names).
    """
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
    examples += _people(schemas, excluded, hold_out_authors, hold_out_hosts)
    return TrainingData(examples, schemas, dict(sorted(excluded.items())))
