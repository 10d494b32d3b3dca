"""The selector's settings judged on authors held out: grouped cross-validation over the people/ authors.

Usage (from the repository root):

    python bench/author_folds.py --data-dir ../shared/datasets --cache /tmp/folds   # SETTINGS alone
    python bench/author_folds.py --data-dir ../shared/datasets --cache /tmp/folds \
        --variant C=3 --variant people_weight=16 --variant C=3,class_weight=none      # and variants
    python bench/author_folds.py --data-dir ../shared/datasets --cache /tmp/folds \
        --build /tmp/m.npz [--variant ...] [--hold-out w3] [--include w11]          # write one whole selector
    python bench/author_folds.py --data-dir ../shared/datasets --cache /tmp/folds \
        --fold w18 --fold "w11 w12" [--include w11 w12 w15 w16 w17 w18]           # these authors, with others
    python bench/author_folds.py --data-dir ../shared/datasets --cache /tmp/folds \
        --group "read=w11 w12" --group "unread=w23 w24"                            # pooled rates of these authors

For each fold of authors (3 by default, a seeded hash order of the authors of people/; `--fold` names folds
instead, of either folder), a selector fitted on the train split without those authors (their requests are in
neither split; temperature from the dev split without them) scores every request they wrote: accuracy of the bare
selector, and confident-wrong (a wrong function with a calibrated probability of at least the router's
ASK_BELOW), per fold and per author. The fits add the authors of `held_out_people/` named by `--include` (never
those of the fold being scored). CoXQL's and TalkToModel's dev splits are scored by the same fits as a guard rail.
The first run masks and embeds every example and caches them in `--cache` (a few minutes); each fit then costs
one logistic regression (its time is printed). Every variant also prints the pooled requests of all folds (accuracy,
and the share asked and confident-wrong at thresholds 0.6, 0.7 and 0.8), and the same for each `--group` of authors.

`--build` writes a whole selector as the training command builds it (the temperature and the threshold its sweep
chooses from the people/ authors' requests scored out of author, in `calibration_folds` groups, stored as
`ask_below_chosen`; then a fit on train + dev) for `bench/fresh_set.py --router-model M --threshold T`; never the
shipped artifact, which only `python -m simxai.eval_suite.router_training` writes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.backends.router_model import ARTIFACT, save_selector  # noqa: E402
from simxai.eval_suite.router_training.folds import Corpus, author_folds, build_model, score_folds  # noqa: E402
from simxai.eval_suite.router_training.train import SETTINGS  # noqa: E402

_NUMERIC = (
    "C",
    "embedding_weight",
    "written_weight",
    "people_weight",
    "min_df",
    "max_iter",
    "tol",
    "bags",
    "bag_share",
)


def parse_variant(text: str) -> dict[str, Any]:
    """`NAME=VALUE[,NAME=VALUE...]` as settings overrides; ValueError naming what is wrong and what is valid."""
    overrides: dict[str, Any] = {}
    for part in text.split(","):
        name, _, value = part.strip().partition("=")
        if name == "class_weight" and value in ("balanced", "none"):
            overrides[name] = None if value == "none" else value
        elif name in _NUMERIC:
            try:
                number = float(value)
            except ValueError:
                raise ValueError(f"--variant {text!r}: {name} takes a number, not {value!r}") from None
            overrides[name] = int(number) if name in ("min_df", "max_iter", "bags") else number
        else:
            valid = ", ".join(_NUMERIC)
            raise ValueError(
                f"--variant {text!r}: give NAME=NUMBER with NAME one of {valid}, or class_weight=balanced|none"
            )
    return overrides


def rates(predictions: list[tuple[str, str, str, float]], thresholds: tuple[float, ...] = (0.6, 0.7, 0.8)) -> str:
    """Accuracy of pooled requests, and the share asked (probability below a threshold) and answered wrongly
    with at least it (confident-wrong) at each threshold."""
    n = len(predictions)
    if not n:
        return "no requests"
    right = sum(gold == chosen for _, gold, chosen, _ in predictions)
    parts = [f"{right / n:.1%} of {n}"]
    for t in thresholds:
        asked = sum(p < t for *_, p in predictions)
        wrong = sum(p >= t and gold != chosen for _, gold, chosen, p in predictions)
        parts.append(f"below {t}: asked {asked / n:.1%}, confident-wrong {wrong / n:.1%}")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, required=True, help="the shared datasets folder")
    parser.add_argument("--cache", type=Path, help="keep the masked, counted and embedded examples here")
    parser.add_argument("--folds", type=int, default=3, help="groups of authors (default 3)")
    parser.add_argument("--variant", action="append", default=[], help="NAME=VALUE[,NAME=VALUE]: settings to compare")
    parser.add_argument("--no-baseline", action="store_true", help="do not score SETTINGS itself")
    parser.add_argument("--build", type=Path, help="write one whole selector here (the first --variant, else SETTINGS)")
    parser.add_argument("--hold-out", nargs="*", default=[], help="--build: authors of people/ to leave out")
    parser.add_argument("--include", nargs="*", default=[], help="authors of held_out_people/ the fits add")
    parser.add_argument("--fold", action="append", default=[], help="'A B ...': a fold of authors (repeatable)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument(
        "--group",
        action="append",
        default=[],
        help="'NAME=A B ...': also report these authors' pooled requests (asked and confident-wrong at 0.6/0.7/0.8)",
    )
    args = parser.parse_args(argv)
    if not args.data_dir.is_dir():
        parser.error(f"--data-dir {args.data_dir} is not a folder; give the shared datasets folder")
    try:
        variants = [parse_variant(v) for v in args.variant]
    except ValueError as exc:
        parser.error(str(exc))
    if args.build is not None and args.build.resolve() == ARTIFACT.resolve():
        parser.error("--build must not replace the shipped artifact; the training command writes it")
    corpus = Corpus.build(args.data_dir, args.cache)
    if args.build is not None:
        settings = {**SETTINGS, **(variants[0] if variants else {})}
        started = time.perf_counter()
        model = build_model(corpus, settings, hold_out=args.hold_out, include=args.include)
        save_selector(model, args.build)
        print(f"wrote {args.build} in {time.perf_counter() - started:.0f} s (T {model.temperature})")
        return 0
    folds = [f.split() for f in args.fold] or author_folds(corpus.people_authors(), args.folds)
    known = {str(a) for a in corpus.authors if a}
    unknown = sorted({a for f in folds for a in f} - known) + sorted(set(args.include) - known)
    if unknown:
        parser.error(f"no author {', '.join(unknown)}; the authors are {', '.join(sorted(known))}")
    print(f"folds: {' | '.join(' '.join(f) for f in folds)}")
    results = []
    for overrides in ([] if args.no_baseline else [{}]) + variants:
        name = ",".join(f"{k}={v}" for k, v in overrides.items()) or "SETTINGS"
        print(f"{name}:", flush=True)
        settings = {**SETTINGS, **overrides}
        scores = score_folds(corpus, folds, settings, include=args.include, log=lambda line: print(line, flush=True))
        mean = {
            "accuracy": sum(s.accuracy for s in scores) / len(scores),
            "confident_wrong": sum(s.confident_wrong for s in scores) / len(scores),
            "coxql": sum(s.guard["coxql"] for s in scores) / len(scores),
            "talktomodel": sum(s.guard["talktomodel"] for s in scores) / len(scores),
            "seconds_per_fit": sum(s.seconds for s in scores) / len(scores),
        }
        print(
            f"{name}: held-out authors {mean['accuracy']:.1%} (confident-wrong {mean['confident_wrong']:.1%}), "
            f"CoXQL dev {mean['coxql']:.1%}, TalkToModel dev {mean['talktomodel']:.1%}, "
            f"{mean['seconds_per_fit']:.0f} s per fit",
            flush=True,
        )
        pooled = [p for s in scores for p in s.predictions]
        print(f"{name}: pooled {rates(pooled)}", flush=True)
        for group in args.group:
            label, _, members = group.partition("=")
            own = [p for p in pooled if p[0] in members.split()]
            print(f"{name}: {label} {rates(own)}", flush=True)
        results.append({"variant": name, "mean": mean, "folds": [s.__dict__ for s in scores]})
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
