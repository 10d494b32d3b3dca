"""Exact match of the learned TalkToModel parser on its template splits, per dataset (no dialogue, no layer).

    python bench/ttm_parse.py --data-dir ../shared/datasets [--split dev|train|all] [--errors N]

Each pair is parsed on its own, as TalkToModel's accuracy script does; exact match after removing spaces,
TalkToModel's metric. The dev split holds out whole templates and filter fillers (see
`simxai.integrations.ttm_templates.split_templates`); the train split is what the shipped model was fitted on
(one seeded filling per template here, the model saw several). "reachable" counts the pairs whose gold a parser
that copies from the utterance can produce at all: inside the grammar, every feature, id and number of it named
in the utterance.
"""

from __future__ import annotations

import argparse
import time

from simxai.integrations.ttm_data import load_ttm_dataset
from simxai.integrations.ttm_grammar import Program, TTMGrammar
from simxai.integrations.ttm_learned import LearnedParser
from simxai.integrations.ttm_templates import fill_for_dataset
from simxai.integrations.ttm_training import align


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="../shared/datasets")
    parser.add_argument("--split", choices=("dev", "dev-templates", "train", "all"), default="dev")
    parser.add_argument("--errors", type=int, default=0, help="print up to N wrong parses per dataset")
    args = parser.parse_args()
    prompts = f"{args.data_dir}/talktomodel/explain/prompts"
    total = correct = reachable = 0
    for name in ("diabetes", "compas", "german"):
        dataset = load_ttm_dataset(name, args.data_dir)
        learned = LearnedParser(dataset.vocabulary, dataset.class_names)
        cases = fill_for_dataset(dataset, prompts, seed=0, split=args.split)
        spent = 0.0
        hits, wrong = 0, []
        grammar = TTMGrammar(dataset.vocabulary)
        for case in cases:
            reading = learned.read(case.utterance)
            gold = grammar.parse(case.gold, numbers=reading.numbers)
            reachable += isinstance(gold, Program) and align(reading, gold, dataset.vocabulary) is not None
            start = time.perf_counter()
            program = learned.parse(case.utterance)
            spent += time.perf_counter() - start
            text = program.text() if program is not None else "(no program)"
            if text.replace(" ", "") == case.gold.replace(" ", ""):
                hits += 1
            else:
                wrong.append((case.utterance, case.gold, text))
        elapsed = spent / max(len(cases), 1) * 1000
        print(f"{name:9s} {args.split}: {hits}/{len(cases)} = {hits / len(cases):.1%}  ({elapsed:.1f} ms per parse)")
        for utterance, gold, text in wrong[: args.errors]:
            print(f"    {utterance}\n      gold: {gold}\n      got:  {text}")
        total += len(cases)
        correct += hits
    print(f"overall   {args.split}: {correct}/{total} = {correct / total:.1%}; reachable {reachable}/{total}")


if __name__ == "__main__":
    main()
