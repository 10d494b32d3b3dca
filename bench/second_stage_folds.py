"""Out-of-author selectors for the second stage's rows (stack33): one per fold of the people/ authors but U.

Usage (from the repository root; DIR a scratch folder outside the repository):

    PYTHONPATH=$PWD python bench/second_stage_folds.py --data-dir ../shared/datasets --out DIR [--folds 3] [--first N]

The people/ authors except U (U = w36 w38 w40 w42 w44 w46 w48, never in any fit here) are dealt into `--folds`
groups by the training command's own `calibration.author_folds` (seed 12, as `calibration_folds` deals them). For
each group, a selector is fitted on the train split without that group and without U (`folds.fit`, the training
command's fit, on the cached corpus of `folds.Corpus`), its temperature chosen on the dev split without them (as
`folds.score_fold` does), and written as `DIR/fold_<i>.npz` (`router_model.save_selector`: arrays and JSON, no
pickle) with `DIR/folds.json` naming each fold's authors. `bench/second_stage.py --folds-dir DIR` then runs each
author's turns through the engine on the selector that never saw them. The corpus is cached in `DIR/corpus`.
The authors of `held_out_people/` are in no fit (`folds._mask`) and get no selector.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.backends.router_model import save_selector  # noqa: E402
from simxai.eval_suite.router_training import folds  # noqa: E402
from simxai.eval_suite.router_training.calibration import author_folds  # noqa: E402
from simxai.eval_suite.router_training.train import SETTINGS, _temperature  # noqa: E402

U = ("w36", "w38", "w40", "w42", "w44", "w46", "w48")


def build(data_dir: Path, out: Path, k: int, first: int | None = None) -> dict[str, list[str]]:
    """Write one selector per fold of the people/ authors but U into `out` (only the `first` folds when given);
    return each file's authors."""
    out.mkdir(parents=True, exist_ok=True)
    corpus = folds.Corpus.build(data_dir, out / "corpus")
    names = [a for a in corpus.people_authors() if a not in U]
    written: dict[str, list[str]] = {}
    for i, fold in enumerate(author_folds(names, k)[:first]):
        started = time.perf_counter()
        usable = folds._mask(corpus, [*fold, *U], ())
        train_rows = np.flatnonzero(usable & (corpus.splits == "train"))
        dev_rows = np.flatnonzero(usable & (corpus.splits == "dev"))
        fitted = folds.fit(corpus, train_rows, SETTINGS)
        classes = [str(c) for c in fitted.classifier.classes]
        temperature = _temperature(fitted.logits(corpus, dev_rows), folds._gold(corpus, dev_rows, classes))
        metadata = {
            "settings": SETTINGS,
            "fitted_on": "train without the fold and U",
            "built_by": "bench/second_stage_folds.py (not the shipped artifact)",
            "hold_out": sorted([*fold, *U]),
            "fold": fold,
        }
        name = f"fold_{i}.npz"
        save_selector(folds._selector(corpus, fitted, temperature, metadata), out / name)
        written[name] = list(fold)
        print(f"{name}: {len(fold)} authors, T {temperature}, {time.perf_counter() - started:.0f} s", flush=True)
    (out / "folds.json").write_text(json.dumps(written, indent=1), encoding="utf-8")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, required=True, help="the shared datasets (../shared/datasets)")
    parser.add_argument("--out", type=Path, required=True, help="a scratch folder for the corpus and the selectors")
    parser.add_argument("--folds", type=int, default=int(SETTINGS["calibration_folds"]), help="groups of authors")
    parser.add_argument("--first", type=int, help="build only the first this many folds (their authors get rows)")
    args = parser.parse_args(argv)
    build(args.data_dir, args.out, args.folds, args.first)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
