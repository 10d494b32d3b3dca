"""Exact match of the learned TalkToModel parser on its template splits, per dataset (no dialogue, no layer).

    python bench/ttm_parse.py --data-dir ../shared/datasets [--split dev|dev-templates|train|all] [--errors N]
        [--show-misses]
    python bench/ttm_parse.py --data-dir ../shared/datasets --split people-dev   # people-worded pairs (or people-train)
    python bench/ttm_parse.py --data-dir ../shared/datasets --split people-dev --people ttmw2   # one author's
    python bench/ttm_parse.py --data-dir ../shared/datasets --set FOLDER   # a human-written utterance set
    python bench/ttm_parse.py --data-dir ../shared/datasets --shapes "hi" "ok"   # program and best shapes, diabetes

Each pair is parsed on its own, as TalkToModel's accuracy script does; exact match after removing spaces,
TalkToModel's metric. The dev split holds out whole templates and filter fillers (see
`simxai.integrations.ttm_templates.split_templates`); the train split is what the shipped model was fitted on
(one seeded filling per template here, the model saw several). "reachable" counts the pairs whose gold a parser
that copies from the utterance can produce at all: inside the grammar, every feature, id and number of it named
in the utterance. ``--show-misses`` groups the wrong parses by what is wrong first (unreachable gold, no
program, the program's shape, its previousfilter context, a filter or change feature, a value, a comparison
or update, a join) and prints each group with its utterances; a wrong shape also gets where the gold shape
ranked among the shape scores and how far below the best it scored (the operation classifiers' weight makes
these gaps large: a gap above 5 is an operation the features do not point to at all).

``--set FOLDER`` scores a human-written set instead of the templates (`ttm_utterance_sets`: ``utterances.jsonl``,
one ``{"id", "dataset", "utterance", "parse"}`` a line), with the same metric and per-dataset lines; a dataset
without cases in the set is left out. ``--split people-dev`` (``people-train``, ``people-all``) scores a part of
the people-worded sets shipped in ``simxai/integrations/ttm_people`` (`ttm_utterance_sets.split_set`: seeded,
stratified by dataset); the shipped model is trained on their train part. ``--people NAME`` keeps one author's set
(a folder name of `PEOPLE_SETS`); without it the parts of every author are scored together.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from pathlib import Path

from simxai.exceptions import UsageError
from simxai.integrations.ttm_data import TTMDataset, load_ttm_dataset
from simxai.integrations.ttm_features import sentence_features
from simxai.integrations.ttm_grammar import Program, TTMGrammar, TTMVocabulary
from simxai.integrations.ttm_learned import LearnedParser, shape_scores
from simxai.integrations.ttm_reader import Reading
from simxai.integrations.ttm_templates import fill_for_dataset
from simxai.integrations.ttm_training import align
from simxai.integrations.ttm_utterance_sets import PEOPLE_SETS, people_cases, read_utterance_set


def miss_group(reading: Reading, gold: Program | object, got: Program | None, vocabulary: TTMVocabulary) -> str:
    """What is wrong first in a wrong parse, as a group name."""
    wanted = align(reading, gold, vocabulary) if isinstance(gold, Program) else None
    if wanted is None or not isinstance(gold, Program):
        return "unreachable (gold outside the grammar or naming what the utterance lacks)"
    if got is None:
        return "no program (abstained or nothing valid)"
    have = align(reading, got, vocabulary)
    if have is None or have.shape != wanted.shape:
        return "shape (operations)"
    if have.context != wanted.context:
        return "context (previousfilter)"
    gold_ops = [o.words for o in gold.operations if o.words[0] in ("filter", "change")]
    got_ops = [o.words for o in got.operations if o.words[0] in ("filter", "change")]
    if [w[:2] for w in gold_ops] != [w[:2] for w in got_ops]:
        return "filter/change feature or id"
    if [w[-1] for w in gold_ops] != [w[-1] for w in got_ops]:
        return "value"
    if gold_ops != got_ops:
        return "comparison/update"
    if gold.joins != got.joins:
        return "join (and/or)"
    return "operation arguments"


def shape_rank(learned: LearnedParser, reading: Reading, gold: Program | object) -> str:
    """Where the gold's shape ranks among the learned shape scores, and its gap to the best, as a note."""
    wanted = align(reading, gold, learned.vocabulary) if isinstance(gold, Program) else None
    if wanted is None:
        return ""
    classes = learned.model.classifiers["shape"].classes
    if wanted.shape not in classes:
        return f"      (gold shape {wanted.shape!r} is no training shape)"
    scores = shape_scores(sentence_features(reading), learned.model)
    mine = scores[classes.index(wanted.shape)]
    rank = sum(score > mine for score in scores) + 1
    return f"      (gold shape {wanted.shape!r}: rank {rank}, {max(scores) - mine:.2f} below the best)"


def cases_of(args: argparse.Namespace, name: str, dataset: TTMDataset) -> list[tuple[str, str]]:
    """(utterance, gold) of one dataset: the set's cases for it (``--set``), else the split's filled templates."""
    if args.set is not None:
        return [(c.utterance, c.gold) for c in read_utterance_set(args.set) if c.dataset == name]
    if args.split.startswith("people-"):
        names = PEOPLE_SETS if args.people is None else (args.people,)
        part = args.split.removeprefix("people-")
        return [(c.utterance, c.gold) for c in people_cases(part, names) if c.dataset == name]
    prompts = f"{args.data_dir}/talktomodel/explain/prompts"
    return [(c.utterance, c.gold) for c in fill_for_dataset(dataset, prompts, seed=0, split=args.split)]


def print_shapes(data_dir: str, utterances: list[str]) -> None:
    """Each utterance's program on the diabetes vocabulary and its three best shapes with their scores (small talk
    should have `ABSTAIN` first, by a margin)."""
    dataset = load_ttm_dataset("diabetes", data_dir)
    learned = LearnedParser(dataset.vocabulary, dataset.class_names)
    classes = learned.model.classifiers["shape"].classes
    for utterance in utterances:
        program = learned.parse(utterance)
        scores = shape_scores(sentence_features(learned.read(utterance)), learned.model)
        best = sorted(range(len(scores)), key=lambda k: -scores[k])[:3]
        shapes = ", ".join(f"{classes[k]} {scores[k]:.2f}" for k in best)
        print(f"{utterance!r:32s} -> {program.text() if program else '(no program)'}   [{shapes}]")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="../shared/datasets")
    parser.add_argument(
        "--split",
        choices=("dev", "dev-templates", "train", "all", "people-dev", "people-train", "people-all"),
        default="dev",
    )
    parser.add_argument(
        "--set",
        type=Path,
        help="score a human-written utterance set instead (a folder with utterances.jsonl; see ttm_utterance_sets)",
    )
    parser.add_argument(
        "--people", choices=PEOPLE_SETS, help="with --split people-*: one author's people-worded set only"
    )
    parser.add_argument("--errors", type=int, default=0, help="print up to N wrong parses per dataset")
    parser.add_argument("--show-misses", action="store_true", help="print the wrong parses grouped by what is wrong")
    parser.add_argument("--shapes", nargs="+", metavar="TEXT", help="print these utterances' programs and best shapes")
    args = parser.parse_args(argv)
    if args.shapes:
        print_shapes(args.data_dir, args.shapes)
        return
    label = f"set {args.set.name}" if args.set is not None else args.split
    if args.people is not None:
        label += f" ({args.people})"
    if args.set is not None:
        read_utterance_set(args.set)  # a malformed set fails here, before any dataset loads
    total = correct = reachable = 0
    groups: dict[str, list[str]] = defaultdict(list)
    for name in ("diabetes", "compas", "german"):
        dataset = load_ttm_dataset(name, args.data_dir)
        cases = cases_of(args, name, dataset)
        if not cases:
            continue
        learned = LearnedParser(dataset.vocabulary, dataset.class_names)
        learned.parse("hello")  # loads the model and the embedding outside the timings
        spent: list[float] = []
        hits, wrong = 0, []
        grammar = TTMGrammar(dataset.vocabulary)
        for utterance, gold_text in cases:
            reading = learned.read(utterance)
            gold = grammar.parse(gold_text, numbers=reading.numbers)
            reachable += isinstance(gold, Program) and align(reading, gold, dataset.vocabulary) is not None
            start = time.perf_counter()
            program = learned.parse(utterance)
            spent.append((time.perf_counter() - start) * 1000)
            text = program.text() if program is not None else "(no program)"
            if text.replace(" ", "") == gold_text.replace(" ", ""):
                hits += 1
            else:
                wrong.append((utterance, gold_text, text))
                group = miss_group(reading, gold, program, dataset.vocabulary)
                note = "\n" + shape_rank(learned, reading, gold) if group == "shape (operations)" else ""
                groups[group].append(f"[{name}] {utterance}\n      gold: {gold_text}\n      got:  {text}{note}")
        spent.sort()
        p50, p95 = spent[len(spent) // 2], spent[int(0.95 * len(spent))]
        figure = f"{hits}/{len(cases)} = {hits / len(cases):.1%}"
        print(f"{name:9s} {label}: {figure}  (parse p50 {p50:.1f} ms, p95 {p95:.1f} ms)")
        for utterance, gold_text, text in wrong[: args.errors]:
            print(f"    {utterance}\n      gold: {gold_text}\n      got:  {text}")
        total += len(cases)
        correct += hits
    print(f"overall   {label}: {correct}/{total} = {correct / total:.1%}; reachable {reachable}/{total}")
    if args.show_misses:
        for group, misses in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f"\n== {group}: {len(misses)}")
            for miss in misses:
                print("    " + miss)


if __name__ == "__main__":
    try:
        main()
    except UsageError as exc:
        raise SystemExit(f"error: {exc}") from None
