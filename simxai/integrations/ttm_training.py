"""Training the learned TalkToModel parser on TalkToModel's templates, and rebuilding the shipped artefact.

The training set is the *train* split of TalkToModel's few-shot templates (`split_templates`: whole
templates and filter fillers are held out for the dev split), each filled several times with each of
TalkToModel's three datasets. Each filled pair is aligned with its gold program: every feature, number and
class name of the gold is matched to a mention of the masked utterance, which gives the program's shape
and each mention's role, comparison, update, value and join (`align`). Pairs whose gold cannot be aligned
(a gold number the utterance does not have, a parse outside the grammar) teach nothing and are skipped.
Beside the templates: the written requests of `ttm_requests`, the small talk of `ttm_smalltalk`, and the train
part of the people-worded pairs of `ttm_people` (`people_pairs`, each repeated `PEOPLE_COPIES` times: its
weight against the templates' many fillings), which train the classifiers of `PEOPLE_MODELS` only.

Rebuild the shipped model (deterministic; `tests/integrations/test_ttm_learned.py` checks the fingerprint)::

    python -m simxai.integrations.ttm_training --data-dir ../shared/datasets
"""

from __future__ import annotations

import argparse
import hashlib
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from simxai.exceptions import UsageError
from simxai.integrations.ttm_features import gap_features, mention_features, pair_features, sentence_features
from simxai.integrations.ttm_grammar import Program, TTMGrammar, TTMVocabulary
from simxai.integrations.ttm_learned import ARTEFACT, MODELS, LearnedModel, shape_operations
from simxai.integrations.ttm_linear import Features, fit_classifier, fit_multilabel
from simxai.integrations.ttm_paraphrase import paraphrased_filters, paraphrased_joins
from simxai.integrations.ttm_reader import Mention, Reading, read_utterance
from simxai.integrations.ttm_smalltalk import ABSTAIN, small_talk_rows

__all__ = [
    "FILLINGS",
    "Alignment",
    "align",
    "build",
    "examples",
    "main",
    "negations",
    "PEOPLE_COPIES",
    "PEOPLE_MODELS",
    "people_pairs",
    "split_shape",
    "template_pairs",
    "training_pairs",
    "written_pairs",
]

#: Fillings of each training template per dataset (values, features and fillers drawn anew each time).
FILLINGS = 6
#: Fillings of each written request (`ttm_requests`) per dataset.
WRITTEN_FILLINGS = 2
#: Copies of each people-worded training pair (`people_pairs`): its weight against a template's 18 fillings
#: (2 and 4 measured the same).
PEOPLE_COPIES = 2
#: The classifiers the people-worded pairs train. Not the context: they were written to be parsed alone, so they
#: would teach only "no previousfilter", which the templates write for many requests without a reference. Not the
#: mention roles: with them, three what-if templates of the dev split ("... people with a N of age ... if X were
#: decreased by M") read their filter as a change (dev 351 against 354 of 420).
PEOPLE_MODELS = frozenset({"shape", "comparison", "update", "value", "join"})
_DATASETS = ("diabetes", "compas", "german")
_FILTERS = ("filter", "labelfilter", "predictionfilter")


@dataclass
class Alignment:
    """What one filled template teaches: the shape, and per mention its role and value decisions."""

    reading: Reading
    shape: str
    roles: list[str]
    context: str = "none"
    pairs: list[tuple[int, int | None, str, str, str]] = field(default_factory=list)
    """(feature position, number position or None, role, model, label) per filter or change."""
    gaps: list[tuple[int, int, str]] = field(default_factory=list)
    """(left anchor, right anchor, join) between consecutive filters."""


class _Unaligned(Exception):
    """A gold word has no mention to come from."""


def align(reading: Reading, program: Program, vocabulary: TTMVocabulary) -> Alignment | None:
    """Match a gold program to the mentions of its utterance, or None when some gold value has no mention."""
    mentions = reading.mentions
    roles = ["none"] * len(mentions)

    def take(kinds: tuple[str, ...], value: str, role: str) -> int:
        for i, m in enumerate(mentions):
            if roles[i] == "none" and m.kind in kinds and _same(m.value, value):
                roles[i] = role
                return i
        raise _Unaligned(value)

    alignment = Alignment(reading, "", roles)
    shape: list[str] = []
    anchors: list[int] = []
    previous_group = ""
    try:
        for k, operation in enumerate(program.operations):
            words = operation.words
            join = program.joins[k - 1] if k else ""
            group = "FILTERS" if words[0] in _FILTERS else "CHANGES" if words[0] == "change" else ""
            if group and group == previous_group:
                if group == "FILTERS":
                    alignment.gaps.append((anchors[-1], -1, join))
            else:
                if group and group in shape:
                    return None  # a second, separate group of filters or changes: not a shape we model
                if join:
                    shape.append(join)
                shape.append(group or "")
            previous_group = group
            if words[0] == "filter" and words[1] == "id":
                anchors.append(mentions[take(("num",), words[2], "id")].position)
            elif words[0] in ("filter", "change"):
                feature = words[1]
                numeric = feature in vocabulary.numeric
                f = take(("fnum",) if numeric else ("fcat",), feature, words[0])
                anchors.append(mentions[f].position) if words[0] == "filter" else None
                value = words[-1]
                if numeric:
                    n = take(("num",), value, "value")
                    model, label = (
                        ("comparison", " ".join(words[2:-1]))
                        if words[0] == "filter"
                        else (
                            "update",
                            words[2],
                        )
                    )
                    alignment.pairs.append((mentions[f].position, mentions[n].position, words[0], model, label))
                elif value in ("true", "false"):
                    alignment.pairs.append((mentions[f].position, None, words[0], "value", value))
                else:
                    n = take(("num",), value, "value")
                    alignment.pairs.append((mentions[f].position, mentions[n].position, words[0], "value", "num"))
            elif words[0] in ("labelfilter", "predictionfilter"):
                anchors.append(mentions[take(("cls",), words[1], words[0])].position)
            elif words[0] in ("important", "statistic", "define") and words[1] in vocabulary.features:
                take(("fnum", "fcat"), words[1], "arg")
                shape[-1] = f"{words[0]} ARG"
            elif words[:2] == ("important", "topk") and any(
                m.kind == "num" and _same(m.value, words[2]) and roles[i] == "none" for i, m in enumerate(mentions)
            ):
                take(("num",), words[2], "topk")
                shape[-1] = "important topk K"
            elif words[0] == "score" and any(
                m.kind == "metric" and m.value == words[1] and roles[i] == "none" for i, m in enumerate(mentions)
            ):
                take(("metric",), words[1], "metric")
                shape[-1] = "score METRIC"
            if not group and shape[-1] == "":
                shape[-1] = operation.text()
    except _Unaligned:
        return None
    # the gaps' right anchors are the next filter's anchor
    filter_anchors = iter(anchors[1:])
    alignment.gaps = [(left, next(filter_anchors), join) for left, _, join in alignment.gaps]
    context, core = split_shape(" ".join(shape))
    if core is None:
        return None
    alignment.context, alignment.shape = context, core
    return alignment


def split_shape(shape: str) -> tuple[str, str | None]:
    """A gold shape as its context (``none``, ``previousfilter and``, ``previousfilter or``) and the operations
    after its filters; None for the operations when the filters are not all in front (not a shape we model).
    """
    context = "none"
    for lead in ("previousfilter and ", "previousfilter or "):
        if shape.startswith(lead):
            context, shape = lead.strip(), shape[len(lead) :]
    if shape.startswith("FILTERS and "):
        shape = shape[len("FILTERS and ") :]
    if not shape or "FILTERS" in shape.split() or shape == "previousfilter":
        return context, None
    return context, shape


def examples(alignment: Alignment) -> list[tuple[str, Features, str]]:
    """What an aligned pair teaches each classifier: (classifier, features, label), negated filters included."""
    reading = alignment.reading
    sentence = sentence_features(reading)
    found: list[tuple[str, Features, str]] = [
        ("shape", sentence, alignment.shape),
        ("context", sentence, alignment.context),
    ]
    found += [("role", mention_features(reading, i), role) for i, role in enumerate(alignment.roles)]
    for feature_at, number_at, role, model, label in alignment.pairs:
        found.append((model, pair_features(reading, feature_at, number_at, role), label))
    found += [("join", gap_features(reading, left, right), join) for left, right, join in alignment.gaps]
    seed = zlib.crc32(" ".join(reading.words).encode())
    return (
        found
        + negations(alignment)
        + [
            *paraphrased_filters(reading, alignment.pairs, pair_features, seed),
            *paraphrased_joins(reading, alignment.gaps, gap_features, seed),
        ]
    )


# "not" turns a comparison into its complement and a 0/1 value into the other one
_NEGATED = {
    "greater than": "less equal than",
    "less than": "greater equal than",
    "greater equal than": "less than",
    "less equal than": "greater than",
    "equal to": "not equal to",
    "not equal to": "equal to",
    "true": "false",
    "false": "true",
}
_COPULAS = ("is", "are", "was", "were")


def negations(alignment: Alignment) -> list[tuple[str, Features, str]]:
    """Generated examples: each filter of the pair with its condition negated ("glucose is not greater than
    120", "not woman"), labelled with the complement, for the comparison and value classifiers.

    The templates negate few conditions; negation is compositional, so the training set gets it from every
    filter it has rather than from the few phrasings that happen to negate.
    """
    reading = alignment.reading
    words = list(reading.words)
    found: list[tuple[str, Features, str]] = []
    for feature_at, number_at, role, model, label in alignment.pairs:
        lo = feature_at if number_at is None else min(feature_at, number_at)
        hi = feature_at if number_at is None else max(feature_at, number_at)
        if role != "filter" or label not in _NEGATED or {"not", "no", "non"} & set(words[max(0, lo - 2) : hi + 1]):
            continue
        if model == "comparison" and number_at is not None and feature_at < number_at:
            at = feature_at + 1
            insert = ["not"] if words[at] in _COPULAS else ["is", "not"]
            at += 1 if words[at] in _COPULAS else 0
        elif model == "value" and number_at is None:
            at, insert = feature_at, ["not"]
        else:
            continue

        def shift(position: int, at: int = at, size: int = len(insert)) -> int:
            return position + size if position >= at else position

        negated = Reading(
            reading.text,
            (*words[:at], *insert, *words[at:]),
            tuple(Mention(m.kind, m.value, shift(m.position)) for m in reading.mentions),
        )
        features = pair_features(negated, shift(feature_at), None if number_at is None else shift(number_at), role)
        found.append((model, features, _NEGATED[label]))
    return found


def _same(mention: str, gold: str) -> bool:
    if mention == gold:
        return True
    try:
        return float(mention) == float(gold)
    except ValueError:
        return False


def training_pairs(data_dir: str | Path, split: str = "train", fillings: int = FILLINGS) -> list[tuple[str, str, str]]:
    """(dataset, utterance, gold) for every filling of the split's templates, over the three datasets, then
    (for the ``train`` split) the written requests (`written_pairs`) and the small talk (gold `ABSTAIN`).
    """
    root = Path(data_dir)
    extra = written_pairs(root) + small_talk_rows(_DATASETS) + people_pairs() if split == "train" else []
    return template_pairs(root, split, fillings) + extra


def people_pairs(copies: int | None = None) -> list[tuple[str, str, str]]:
    """(dataset, utterance, gold) for the train part of the people-worded sets (`ttm_utterance_sets.people_cases`),
    each pair `copies` times in a row.
    """
    from simxai.integrations.ttm_utterance_sets import people_cases

    times = PEOPLE_COPIES if copies is None else copies
    return [(c.dataset, c.utterance, c.gold) for c in people_cases("train") for _ in range(times)]


def template_pairs(data_dir: str | Path, split: str = "train", fillings: int = FILLINGS) -> list[tuple[str, str, str]]:
    """(dataset, utterance, gold) for every filling of the split's TalkToModel templates."""
    from simxai.integrations.ttm_data import load_ttm_dataset
    from simxai.integrations.ttm_templates import fill_for_dataset

    root = Path(data_dir)
    prompts = root / "talktomodel" / "explain" / "prompts"
    rows: list[tuple[str, str, str]] = []
    for name in _DATASETS:
        dataset = load_ttm_dataset(name, root)
        for case in fill_for_dataset(dataset, prompts, per_template=fillings, seed=0, split=split):
            rows.append((name, case.utterance, case.gold))
    return rows


def written_pairs(data_dir: str | Path, fillings: int = WRITTEN_FILLINGS) -> list[tuple[str, str, str]]:
    """(dataset, utterance, gold) for the written requests of `ttm_requests`, filled with each dataset and the
    train split's filter phrases.
    """
    from simxai.integrations.ttm_data import load_ttm_dataset, value_text
    from simxai.integrations.ttm_requests import written_templates
    from simxai.integrations.ttm_templates import fill_templates, load_templates, split_templates

    root = Path(data_dir)
    _, fillers = split_templates(*load_templates(root / "talktomodel" / "explain" / "prompts"), "train")
    templates = written_templates()
    rows: list[tuple[str, str, str]] = []
    for name in _DATASETS:
        dataset = load_ttm_dataset(name, root)
        frame = dataset.conversation
        numeric = {f: [value_text(v) for v in sorted(frame[f].unique())] for f in dataset.vocabulary.numeric}
        cases = fill_templates(
            templates, fillers, dataset.vocabulary, numeric, dataset.class_names, per_template=fillings, seed=1
        )
        rows += [(name, case.utterance, case.gold) for case in cases]
    return rows


def build(data_dir: str | Path) -> tuple[LearnedModel, dict[str, int]]:
    """Fit the parser's classifiers on the train split; also returns counts of what was used."""
    from simxai.integrations.ttm_data import load_ttm_dataset

    templates = template_pairs(data_dir)
    written = written_pairs(data_dir) + small_talk_rows(_DATASETS)
    people_rows = people_pairs()
    rows = templates + written + people_rows
    samples: dict[str, tuple[list[Features], list[str]]] = {name: ([], []) for name in MODELS}

    def add(model: str, features: Features, label: str) -> None:
        samples[model][0].append(features)
        samples[model][1].append(label)

    used = 0
    contexts: dict[str, set[str]] = {}  # the contexts each shape was trained with
    # ... and the distinct masked template wordings with no filter of their own that wrote each
    unfiltered: dict[str, dict[str, set[str]]] = {}
    for i, (name, utterance, gold) in enumerate(rows):
        dataset = load_ttm_dataset(name, data_dir)
        reading = read_utterance(utterance, dataset.vocabulary, dataset.class_names)
        if gold == ABSTAIN:  # small talk: no program, so no context or value decision; every mention is "none"
            used += 1
            add("shape", sentence_features(reading), ABSTAIN)
            for k in range(len(reading.mentions)):
                add("role", mention_features(reading, k), "none")
            continue
        program = TTMGrammar(dataset.vocabulary).parse(gold, numbers=reading.numbers)
        if not isinstance(program, Program):
            continue
        alignment = align(reading, program, dataset.vocabulary)
        if alignment is None:
            continue
        used += 1
        # a written request alone says nothing of previousfilter (the templates write such requests both ways)
        bare = len(templates) <= i < len(templates) + len(written) and gold.split()[0] != "previousfilter"
        people = i >= len(templates) + len(written)
        if not bare and not people:
            contexts.setdefault(alignment.shape, set()).add(alignment.context)
        if i < len(templates) and not any(o.words[0] in _FILTERS for o in program.operations):
            wording = " ".join(reading.words)  # masked: a template filled for any dataset is one wording
            unfiltered.setdefault(alignment.shape, {}).setdefault(alignment.context, set()).add(wording)
        for model, features, label in examples(alignment):
            if not (bare and model == "context") and (not people or model in PEOPLE_MODELS):
                add(model, features, label)
    fingerprint = hashlib.sha256("\n".join("\t".join(r) for r in rows).encode()).hexdigest()
    classifiers = {name: fit_classifier(*samples[name]) for name in MODELS if name != "operations"}
    # the operation classifiers learn from the shape examples: is each operation part of the gold shape?
    shapes = samples["shape"]
    classifiers["operations"] = fit_multilabel(shapes[0], [shape_operations(label) for label in shapes[1]])
    info = {
        "trained_on": "TalkToModel few-shot templates, train split (simxai.integrations.ttm_templates), and the"
        " written requests of simxai.integrations.ttm_requests and the small talk of"
        " simxai.integrations.ttm_smalltalk, and the train part of the people-worded pairs of"
        " simxai/integrations/ttm_people (simxai.integrations.ttm_utterance_sets.people_cases)",
        "pairs": len(rows),
        "aligned": used,
        "training_fingerprint": fingerprint,
        "shape_contexts": {shape: sorted(seen) for shape, seen in sorted(contexts.items())},
        "unfiltered_contexts": {
            shape: {context: len(said) for context, said in sorted(seen.items())}
            for shape, seen in sorted(unfiltered.items())
        },
    }
    return LearnedModel(classifiers, info), {"pairs": len(rows), "aligned": used}


def artefact_text(model: LearnedModel) -> str:
    """The artefact as written: sorted keys, no spaces to spare, one trailing newline."""
    return json.dumps(model.to_json(), sort_keys=True, separators=(",", ":")) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the shipped model: ``python -m simxai.integrations.ttm_training --data-dir ../shared/datasets``."""
    parser = argparse.ArgumentParser(description="Train the learned TalkToModel parser on the template train split.")
    parser.add_argument("--data-dir", default="../shared/datasets", help="the datasets folder (with talktomodel/)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(ARTEFACT), help="where to write the model")
    args = parser.parse_args(argv)
    try:
        model, counts = build(args.data_dir)
    except UsageError as exc:
        print(f"error: {exc}")
        return 2
    text = artefact_text(model)
    args.out.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    print(f"trained on {counts['aligned']} of {counts['pairs']} filled pairs; wrote {args.out} (sha256 {digest})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
