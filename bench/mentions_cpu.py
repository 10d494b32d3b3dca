"""What feature extraction finds in the router's training texts, and the CPU it takes to find it.

    python bench/mentions_cpu.py --data-dir ../shared/datasets

Builds the selector's training data (as `python -m simxai.eval_suite.router_training` does, the U authors left
out), runs `feature_mentions` and `category_nouns` on every example's text with its schema, and prints one digest
of everything they found (feature, start and end of each mention; each group noun) and the CPU each took in all
(process time summed over the calls). Run it on two commits: the same digest means the same mentions on every
text; the CPU says which is cheaper (compare runs made side by side: the figures grow with the machine's load).
The training data is built with the extraction code being measured, so a change that moves a mention may also
move the texts; then the digests differ and say so, they cannot hide it.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.eval_suite.router_training.data import build_training_data  # noqa: E402
from simxai.extraction._features import feature_mentions  # noqa: E402
from simxai.extraction._group_words import category_nouns  # noqa: E402

#: The people/ authors nobody reads (totals only); their texts are left out here as from every fit.
U = ("w36", "w38", "w40", "w42", "w44", "w46", "w48")


def main(argv: list[str] | None = None) -> int:
    """Print the digest of the mentions and group nouns, and the CPU of each function."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, help="the shared datasets (default: the data built without them)")
    args = parser.parse_args(argv)
    if args.data_dir is not None and not args.data_dir.is_dir():
        raise SystemExit(f"--data-dir {args.data_dir}: no such folder")
    data = build_training_data(args.data_dir, hold_out_authors=U)
    digest = hashlib.sha256()
    mentions_cpu = nouns_cpu = 0.0
    texts = 0
    for example in data.examples:
        schema = data.schemas.get(example.schema)
        if schema is None:
            continue
        start = time.process_time()
        mentions = feature_mentions(example.text, schema)
        middle = time.process_time()
        nouns = category_nouns(example.text, schema)
        mentions_cpu += middle - start
        nouns_cpu += time.process_time() - middle
        found = ([(m.feature.name, m.start, m.end) for m in mentions], nouns)
        digest.update(f"{repr(found)}\n".encode())
        texts += 1
    print(f"texts: {texts}")
    print(f"digest of the mentions and group nouns: {digest.hexdigest()[:16]}")
    print(f"feature_mentions CPU: {mentions_cpu:.1f} s; category_nouns CPU: {nouns_cpu:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
