"""The selector's calibration and threshold sweep on authors it was trained on against authors it never saw.

Usage (from the repository root):

    python bench/author_calibration.py --data-dir ../shared/datasets --cache /tmp/folds [--folds 3] \
        [--extra w19 ...] [--json OUT]

Three populations, each with its accuracy, the temperature that minimises its negative log-likelihood, the
expected calibration error (10 bins) at the dev temperature and at its own, a reliability table, and the
threshold sweep of the training command (`train.sweep_lines`, with 0.9 added) with the threshold its rule
(`train.chosen_threshold`, `STEP_PAYS`) chooses:

  - seen-author dev: the training command's choice: a selector fitted on the train split scores the dev split;
    its temperature is fitted on every dev request, its sweep is of the dev requests people wrote;
  - out-of-author: for each of `--folds` groups of the people/ authors, a selector fitted on the train split
    without them scores every request they wrote; the folds' logits are pooled;
  - `--extra`: authors of `held_out_people/` scored by the seen-author fit (never trained on).

For each, the bare selector at the router's `ASK_BELOW` and at the threshold chosen: the share asked, how often
its top choice was right among the asked turns, and confident-wrong. Uses the cache of `bench/author_folds.py`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.backends.router import ASK_BELOW  # noqa: E402
from simxai.eval_suite.router_training.calibration import (  # noqa: E402
    Predictions,
    expected_calibration_error,
    out_of_author_predictions,
    reliability,
)
from simxai.eval_suite.router_training.folds import (  # noqa: E402
    Corpus,
    _gold,
    author_folds,
    fit,
    fold_predictions,
)
from simxai.eval_suite.router_training.train import (  # noqa: E402
    _WRITTEN,
    SETTINGS,
    _temperature,
    chosen_threshold,
    sweep_lines,
)

GRID = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def at_threshold(probabilities: np.ndarray, gold: np.ndarray, threshold: float) -> dict[str, float]:
    """The bare selector asking below `threshold`: asked, top right among asked, confident-wrong, accuracy."""
    top = probabilities.max(axis=1)
    right = probabilities.argmax(axis=1) == gold
    asked = top < threshold
    return {
        "asked": float(asked.mean()),
        "top_right_among_asked": float(right[asked].mean()) if asked.any() else 0.0,
        "confident_wrong": float((~right & ~asked).mean()),
        "answered_right": float((right & ~asked).mean()),
    }


def describe(name: str, predictions: Predictions, dev_temperature: float) -> dict[str, Any]:
    """Print and return one population's figures."""
    own = _temperature(predictions.logits, predictions.gold)
    at_dev = predictions.probabilities(dev_temperature)
    at_own = predictions.probabilities(own)
    accuracy = float((at_dev.argmax(axis=1) == predictions.gold).mean())
    out: dict[str, Any] = {"n": len(predictions), "accuracy": accuracy, "own_temperature": own}
    print(f"\n== {name}: {len(predictions)} requests, accuracy {accuracy:.1%}, own temperature {own} ==")
    for label, temperature, probs in (("dev T", dev_temperature, at_dev), ("own T", own, at_own)):
        ece = expected_calibration_error(probs, predictions.gold)
        sweep = sweep_lines(probs, predictions.gold, GRID)
        chosen = chosen_threshold(sweep)
        out[label] = {
            "temperature": temperature,
            "ece": ece,
            "reliability": reliability(probs, predictions.gold),
            "sweep": sweep,
            "chosen": chosen,
            "at_ask_below": at_threshold(probs, predictions.gold, ASK_BELOW),
            "at_chosen": at_threshold(probs, predictions.gold, chosen),
        }
        print(f"-- at {label} {temperature}: ECE {ece:.1%}; the sweep chooses ask below {chosen}")
        for upper, n, confidence, right in out[label]["reliability"]:
            print(f"   top p <= {upper:.1f}: {n:5d} requests, mean top p {confidence:.1%}, top right {right:.1%}")
        for line in sweep:
            print(f"   {line}")
        for key in ("at_ask_below", "at_chosen"):
            row = out[label][key]
            threshold = ASK_BELOW if key == "at_ask_below" else chosen
            print(
                f"   bare selector asking below {threshold}: asked {row['asked']:.1%}, top right among asked "
                f"{row['top_right_among_asked']:.1%}, confident-wrong {row['confident_wrong']:.1%}, answered "
                f"right {row['answered_right']:.1%}"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, required=True, help="the shared datasets folder")
    parser.add_argument("--cache", type=Path, help="the corpus cache of bench/author_folds.py")
    parser.add_argument("--folds", type=int, default=3, help="groups of the people/ authors (default 3)")
    parser.add_argument("--extra", nargs="*", default=[], help="authors of held_out_people/ to score")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    corpus = Corpus.build(args.data_dir, args.cache)
    settings = dict(SETTINGS)
    usable = ~corpus.extra
    fitted = fit(corpus, np.flatnonzero(usable & (corpus.splits == "train")), settings)
    classes = [str(c) for c in fitted.classifier.classes]
    dev_rows = np.flatnonzero(usable & (corpus.splits == "dev"))
    dev_logits = fitted.logits(corpus, dev_rows)
    dev_temperature = _temperature(dev_logits, _gold(corpus, dev_rows, classes))
    written = np.isin(corpus.sources[dev_rows], sorted(_WRITTEN))
    people = corpus.sources[dev_rows] == "people"
    gold = _gold(corpus, dev_rows, classes)
    results: dict[str, Any] = {"dev_temperature": dev_temperature}
    print(f"seen-author fit: {fitted.seconds:.0f} s; temperature on every dev request {dev_temperature}")
    results["seen-author dev, written"] = describe(
        "seen-author dev, requests people wrote (the training command's sweep)",
        Predictions(dev_logits[written], gold[written]),
        dev_temperature,
    )
    results["seen-author dev, people"] = describe(
        "seen-author dev, people/ authors only", Predictions(dev_logits[people], gold[people]), dev_temperature
    )
    folds = author_folds(corpus.people_authors(), args.folds)
    print(f"\nfolds: {' | '.join(' '.join(f) for f in folds)}", flush=True)
    pooled = out_of_author_predictions(folds, lambda fold: fold_predictions(corpus, fold, settings))
    results["out-of-author"] = describe(f"out-of-author, {args.folds} folds pooled", pooled, dev_temperature)
    if args.extra:
        rows = np.flatnonzero(np.isin(corpus.authors, args.extra))
        extra = Predictions(fitted.logits(corpus, rows), _gold(corpus, rows, classes))
        results["extra"] = describe(f"never trained on: {' '.join(args.extra)}", extra, dev_temperature)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
