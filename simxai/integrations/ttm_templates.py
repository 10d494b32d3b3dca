"""TalkToModel's few-shot templates, filled with a dataset's features and values, and parse-suite files.

TalkToModel writes its parse language as `User:` / `Parsed:` template pairs with slots
(`explain/prompts/dynamic/*.txt`): ``{num_features}`` / ``{num_values}``, ``{cat_features}`` /
``{cat_values}``, ``{class_names}``, ``{filter_text}`` / ``{filter_parse}`` (a filter phrase from
`filter_fillers.txt`) and ``{exp_name}``. Filling follows TalkToModel's `Prompts._do_fill`: the k-th feature
slot of the user line and of the parse line get the k-th chosen feature (as users write it in the user line,
as the grammar writes it in the parse line), the k-th value slot a value of that feature, and the features of
one template are distinct; text is lowercased. A template whose slots cannot all be filled (a dataset without
categorical features, the ``{filer_text}`` typo) is skipped, as TalkToModel skips it.

A parse suite is TalkToModel's test-suite format: an utterance line, its gold parse line, a blank line.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from simxai.exceptions import UsageError
from simxai.integrations.ttm_data import value_text
from simxai.integrations.ttm_grammar import TTMVocabulary

if TYPE_CHECKING:
    from simxai.integrations.ttm_data import TTMDataset

__all__ = [
    "SuitePair",
    "Template",
    "TemplateCase",
    "fill_for_dataset",
    "fill_templates",
    "load_templates",
    "main",
    "read_suite",
    "split_templates",
    "write_suite",
]

EXPLANATION_NAMES = ("lime", "shap", "feature importance")
#: The template split of the learned parser: the share of templates (and of filter fillers) held out as the
#: dev split, and the seed that draws them.
DEV_SHARE = 0.2
SPLIT_SEED = 12
SPLITS = ("all", "train", "dev", "dev-templates")


@dataclass(frozen=True)
class Template:
    """One `User:` / `Parsed:` pair of a template file, with its slots."""

    user: str
    parsed: str
    source: str


@dataclass(frozen=True)
class TemplateCase:
    """A filled template: an utterance and its gold parse (lowercased, as TalkToModel lowercases prompts)."""

    utterance: str
    gold: str
    source: str
    template: str


@dataclass(frozen=True)
class SuitePair:
    """One utterance of a parse suite with its gold parse."""

    utterance: str
    gold: str


def _blocks(text: str) -> list[list[str]]:
    """The blocks of a TalkToModel prompt file (separated by blank lines), each as its stripped non-empty lines."""
    return [
        [line.strip() for line in block.strip().split("\n") if line.strip()]
        for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n"))
    ]


def _pairs(text: str, source: str) -> list[Template]:
    templates = []
    for lines in _blocks(text):
        if len(lines) != 2 or not lines[0].startswith("User:") or not lines[1].startswith("Parsed:"):
            continue  # TalkToModel asserts this shape; an incomplete pair (one file ends in one) is unusable
        templates.append(Template(lines[0][len("User:") :].strip(), lines[1][len("Parsed:") :].strip(), source))
    return templates


def load_templates(prompts_dir: str | Path) -> tuple[list[Template], list[Template]]:
    """The templates of ``<prompts_dir>/dynamic/*.txt`` (sorted by file) and the filter fillers.

    Args:
        prompts_dir: TalkToModel's ``explain/prompts`` folder.

    Raises:
        UsageError: the folder has no ``dynamic`` templates.
    """
    folder = Path(prompts_dir)
    files = sorted((folder / "dynamic").glob("*.txt"))
    if not files:
        raise UsageError(f"no TalkToModel templates in {folder / 'dynamic'}; give the explain/prompts folder")
    templates = [t for f in files for t in _pairs(f.read_text(encoding="utf-8"), f.stem)]
    fillers: list[Template] = []
    filler_file = folder / "filter_fillers.txt"
    if filler_file.is_file():
        for lines in _blocks(filler_file.read_text(encoding="utf-8")):
            if len(lines) == 2:
                fillers.append(Template(lines[0], lines[1], "filter_fillers"))
    return templates, fillers


def _group_key(template: Template) -> str:
    """Templates that differ only in case, spacing or punctuation are one template for the split."""
    return re.sub(r"[^a-z0-9{}]+", " ", template.user.lower()).strip()


def split_templates(
    templates: Sequence[Template], fillers: Sequence[Template], split: str
) -> tuple[list[Template], list[Template]]:
    """The templates and filter fillers of one split (`SPLITS`).

    The ``dev`` split holds out whole templates, not fillings of a seen one: a seeded `DEV_SHARE` of the
    distinct templates of each file (templates equal up to case and punctuation go together) and of the filter
    fillers, so dev utterances have wordings and filter phrases the ``train`` split never shows.
    ``dev-templates`` is the dev templates filled with the train split's filter phrases: it measures unseen
    templates alone.

    Raises:
        UsageError: `split` is not one of `SPLITS`.
    """
    if split not in SPLITS:
        raise UsageError(f"unknown template split {split!r}; valid: {', '.join(SPLITS)}")
    if split == "all":
        return list(templates), list(fillers)
    rng = random.Random(SPLIT_SEED)
    dev_keys: set[str] = set()
    by_source: dict[str, list[str]] = {}
    for template in [*templates, *fillers]:
        keys = by_source.setdefault(template.source, [])
        if _group_key(template) not in keys:
            keys.append(_group_key(template))
    for source in sorted(by_source):
        keys = by_source[source]
        dev_keys.update(rng.sample(keys, max(1, round(DEV_SHARE * len(keys)))))

    def held_out(template: Template) -> bool:
        return _group_key(template) in dev_keys

    train_fillers = [f for f in fillers if not held_out(f)]
    if split == "train":
        return [t for t in templates if not held_out(t)], train_fillers
    dev_templates = [t for t in templates if held_out(t)]
    return dev_templates, [f for f in fillers if held_out(f)] if split == "dev" else train_fillers


def _fill(
    user: str,
    parsed: str,
    name_slot: str,
    value_slot: str,
    choices: Mapping[str, Sequence[str]],
    written: Mapping[str, str],
    rng: random.Random,
) -> tuple[str, str] | None:
    """Fill every `name_slot` / `value_slot` pair, one distinct feature per step; None if features run out."""
    used: set[str] = set()
    while name_slot in user or name_slot in parsed or value_slot in user or value_slot in parsed:
        available = sorted(set(choices) - used)
        if not available:
            return None
        feature = rng.choice(available)
        value = rng.choice(list(choices[feature])) if choices[feature] else ""
        user = user.replace(name_slot, written.get(feature, feature), 1).replace(value_slot, value, 1)
        parsed = parsed.replace(name_slot, feature, 1).replace(value_slot, value, 1)
        used.add(feature)
    return user, parsed


def fill_templates(
    templates: Iterable[Template],
    fillers: Sequence[Template],
    vocabulary: TTMVocabulary,
    numeric_values: Mapping[str, Sequence[str]],
    class_names: Sequence[str],
    *,
    per_template: int = 1,
    seed: int = 0,
) -> list[TemplateCase]:
    """Fill the templates' slots with a dataset's features and values (seeded).

    Args:
        templates: the templates (`load_templates`).
        fillers: the filter fillers, for ``{filter_text}`` / ``{filter_parse}``.
        vocabulary: the dataset's grammar vocabulary (feature names, categorical values, classes).
        numeric_values: numeric feature -> the values to draw from (as text).
        class_names: the label name of each class value, in the order of `vocabulary.classes`.
        per_template: how many fillings to draw per template (duplicates are dropped).
        seed: seeds the draws.
    """
    rng = random.Random(seed)
    written = vocabulary.semantic
    cat_choices = {f: list(values) for f, values in vocabulary.categorical.items()}
    num_choices = {f: list(numeric_values.get(f, ())) for f in vocabulary.numeric}
    classes = dict(zip(vocabulary.classes, (c.lower() for c in class_names), strict=True))
    cases: list[TemplateCase] = []
    seen: set[tuple[str, str]] = set()
    for template in templates:
        for _ in range(per_template):
            filled = _fill_one(
                template.user.lower(),
                template.parsed.lower(),
                fillers,
                cat_choices,
                num_choices,
                classes,
                written,
                rng,
            )
            if filled is None or filled in seen:
                continue
            seen.add(filled)
            cases.append(TemplateCase(filled[0], filled[1], template.source, template.user))
    return cases


def _fill_one(
    user: str,
    parsed: str,
    fillers: Sequence[Template],
    cat_choices: Mapping[str, Sequence[str]],
    num_choices: Mapping[str, Sequence[str]],
    classes: Mapping[str, str],
    written: Mapping[str, str],
    rng: random.Random,
) -> tuple[str, str] | None:
    pair: tuple[str, str] | None = (user, parsed)
    steps: list[tuple[str, str, Mapping[str, Sequence[str]], Mapping[str, str]]] = [
        ("{cat_features}", "{cat_values}", cat_choices, written),
        ("{num_features}", "{num_values}", num_choices, written),
    ]
    for name_slot, value_slot, choices, names in steps:
        if pair is None:
            return None
        pair = _fill(*pair, name_slot, value_slot, choices, names, rng)
    if pair is None:
        return None
    if "{filter_text}" in pair[0] or "{filter_parse}" in pair[1]:
        usable = []
        for filler in fillers:
            filled = _fill_one(
                filler.user.lower(),
                filler.parsed.lower(),
                (),
                cat_choices,
                num_choices,
                classes,
                written,
                rng,
            )
            if filled is not None:
                usable.append(filled)
        if not usable:
            return None
        phrase, parse = rng.choice(usable)
        pair = (pair[0].replace("{filter_text}", phrase), pair[1].replace("{filter_parse}", parse))
    if "{exp_name}" in pair[0] or "{exp_name}" in pair[1]:
        name = rng.choice(EXPLANATION_NAMES)
        pair = (pair[0].replace("{exp_name}", name, 1), pair[1].replace("{exp_name}", name, 1))
    # a filler's "{non_semantic_class_names}" is the class value; "{class_names}" its name
    value = rng.choice(sorted(classes))
    pair = (
        pair[0].replace("{class_names}", classes[value], 1).replace("{non_semantic_class_names}", value, 1),
        pair[1].replace("{non_semantic_class_names}", value, 1).replace("{class_names}", classes[value], 1),
    )
    if "{" in pair[0] or "{" in pair[1]:
        return None  # a slot left (a typo such as {filer_text}, or a second class name): TalkToModel drops it
    return pair[0], pair[1]


def fill_for_dataset(
    dataset: TTMDataset,
    prompts_dir: str | Path,
    *,
    per_template: int = 1,
    seed: int = 0,
    split: str = "all",
) -> list[TemplateCase]:
    """The templates of `prompts_dir` (of one `split_templates` split) filled with one TalkToModel dataset's
    features, values and labels.
    """
    templates, fillers = split_templates(*load_templates(prompts_dir), split)
    frame = dataset.conversation
    numeric = {f: [value_text(v) for v in sorted(frame[f].unique())] for f in dataset.vocabulary.numeric}
    return fill_templates(
        templates,
        fillers,
        dataset.vocabulary,
        numeric,
        dataset.class_names,
        per_template=per_template,
        seed=seed,
    )


def write_suite(pairs: Iterable[TemplateCase | SuitePair], path: str | Path) -> Path:
    """Write a parse suite in TalkToModel's format: utterance line, gold line, blank line."""
    blocks = [f"{p.utterance.strip()}\n{p.gold.strip()}" for p in pairs]
    target = Path(path)
    target.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return target


def read_suite(path: str | Path) -> list[SuitePair]:
    """Read a parse suite: pairs of an utterance line and a gold-parse line, separated by blank lines.

    The gold is lowercased, as TalkToModel's `load_test_data` does.

    Raises:
        UsageError: a block is not two lines, or a gold parse does not end in ``[e]``.
    """
    source = Path(path)
    if not source.is_file():
        raise UsageError(f"no parse suite at {source}")
    pairs: list[SuitePair] = []
    text = source.read_text(encoding="utf-8").replace("\r\n", "\n")
    for number, block in enumerate(re.split(r"\n\s*\n", text.strip()), start=1):
        lines = [line for line in block.split("\n") if line.strip()]
        if len(lines) != 2:
            raise UsageError(
                f"{source}: pair {number} has {len(lines)} lines; each pair is an utterance line and a "
                "gold-parse "
                "line, with a blank line between pairs"
            )
        gold = lines[1].strip().lower()
        if not gold.endswith("[e]"):
            raise UsageError(f"{source}: the gold parse of pair {number} does not end in [e]: {lines[1]!r}")
        pairs.append(SuitePair(lines[0].strip(), gold))
    if not pairs:
        raise UsageError(f"{source} holds no pairs")
    return pairs


def main(argv: list[str] | None = None) -> int:
    """Write a parse suite of filled templates: ``python -m simxai.integrations.ttm_templates --dataset compas
    --data-dir ../shared/datasets --out compas_templates.txt``.
    """
    import argparse

    from simxai.integrations.ttm_data import TTM_DATASETS, load_ttm_dataset

    parser = argparse.ArgumentParser(description="Fill TalkToModel's templates with a dataset's features and values.")
    parser.add_argument("--dataset", required=True, choices=list(TTM_DATASETS))
    parser.add_argument("--data-dir", default="../shared/datasets", help="the datasets folder or the CSV folder")
    parser.add_argument(
        "--prompts-dir",
        help="TalkToModel's explain/prompts (default: <data-dir>/talktomodel/explain/prompts)",
    )
    parser.add_argument("--per-template", type=int, default=1, help="fillings per template (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--split",
        choices=SPLITS,
        default="all",
        help="all templates (default), or the learned parser's train or held-out dev split",
    )
    parser.add_argument("--out", type=Path, required=True, help="the suite file to write")
    args = parser.parse_args(argv)
    prompts = (
        Path(args.prompts_dir) if args.prompts_dir else Path(args.data_dir) / "talktomodel" / "explain" / "prompts"
    )
    try:
        dataset = load_ttm_dataset(args.dataset, args.data_dir)
        cases = fill_for_dataset(dataset, prompts, per_template=args.per_template, seed=args.seed, split=args.split)
    except UsageError as exc:
        print(f"error: {exc}")
        return 2
    write_suite(cases, args.out)
    print(f"wrote {len(cases)} pairs to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
