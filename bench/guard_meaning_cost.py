"""CPU cost per reply of claims-51's fallbacks (a class by its form or meaning, an outcome said in words).

Usage (from the repository root; DEV sets you may read only, never a TEST set or a gate):

    python bench/guard_meaning_cost.py [--sets g33 g34 ... g40]

Printed, in CPU milliseconds of this thread (`time.thread_time`), over every reply of the sets, each reply
checked once with the fallbacks and once without them (`_MeaningChecks._labels_by_meaning` and
`_outcome_by_words` made to read nothing), in alternating order: the guard memoises what it reads of a sentence, so
the second run of a reply is the cheaper, and each of the two comes second for half the replies (the difference of
the means is fair, a single reply's is not); the machine's load also weighs on both alike.
p50, p95 and mean of each, and the mean difference; then how many replies loaded an embedding (a phrase in the
writer's words reached `bind_phrase`) and the CPU of loading WordLlama once (the first such reply pays it; it is not
in the per-reply figures, which run after a warm-up that loads it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from guard_set import load_lines, with_vocabularies  # noqa: E402

from simxai.guard import _class_meaning as meaning  # noqa: E402
from simxai.guard import check_claims  # noqa: E402
from simxai.guard._meaning_checks import _MeaningChecks  # noqa: E402

WRITTEN = Path(__file__).resolve().parents[1] / "simxai" / "eval_suite" / "guard" / "written"
DEV = ("g33", "g34", "g35", "g36", "g37", "g38", "g39", "g40")


def cpu_ms(call: Callable[[], object]) -> float:
    """The CPU milliseconds of one run of `call()` on this thread."""
    start = time.thread_time()
    call()
    return 1000 * (time.thread_time() - start)


def summary(name: str, times: list[float]) -> str:
    """p50, p95 and mean of `times`."""
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"{name}: p50 {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, mean {statistics.fmean(ordered):.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=list(DEV))
    args = parser.parse_args()
    rows: list[tuple[str, list[Any], Any]] = []
    for name in args.sets:
        folder = WRITTEN / name
        rows += [(e["reply"], outputs, words) for e, outputs, words in with_vocabularies(load_lines(folder), folder)]
    load = cpu_ms(lambda: meaning._vectors(("warm-up",)))  # WordLlama loaded once, as the first reply needing it
    bound: list[int] = [0]
    plain_bind = meaning.bind_phrase

    def counted(*a: Any, **k: Any) -> Any:
        bound[0] += 1
        return plain_bind(*a, **k)

    on: list[float] = []
    off: list[float] = []
    readers = (_MeaningChecks._labels_by_meaning, _MeaningChecks._outcome_by_words)
    for i, (reply, outputs, words) in enumerate(rows):

        def run(reply: str = reply, outputs: list[Any] = outputs, words: Any = words) -> object:
            return check_claims(reply, outputs, vocabulary=words)

        for with_fallbacks in (True, False) if i % 2 else (False, True):
            if with_fallbacks:
                _MeaningChecks._labels_by_meaning, _MeaningChecks._outcome_by_words = readers  # type: ignore[method-assign]
                on.append(cpu_ms(run))
            else:
                _MeaningChecks._labels_by_meaning = lambda *a, **k: None  # type: ignore[method-assign]
                _MeaningChecks._outcome_by_words = lambda *a, **k: None  # type: ignore[method-assign]
                off.append(cpu_ms(run))
    _MeaningChecks._labels_by_meaning, _MeaningChecks._outcome_by_words = readers  # type: ignore[method-assign]
    meaning.bind_phrase = counted  # type: ignore[assignment]
    import simxai.guard._meaning_checks as checks

    checks.bind_phrase = counted  # type: ignore[assignment]
    needing = 0
    for reply, outputs, words in rows:
        before = bound[0]
        check_claims(reply, outputs, vocabulary=words)
        needing += bound[0] > before
    print(f"{len(rows)} replies of {', '.join(args.sets)}")
    print(summary("with the claims-51 fallbacks", on))
    print(summary("without them", off))
    print(f"mean difference: {statistics.fmean(on) - statistics.fmean(off):+.2f} ms per reply")
    print(f"replies that reached the embedding: {needing} of {len(rows)}")
    print(f"loading WordLlama once: {load:.0f} ms CPU")


if __name__ == "__main__":
    main()
