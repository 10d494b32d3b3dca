"""The guard's precision/coverage trade on hand-written sets, by mechanism.

Usage (from the repository root):

    python bench/guard_trade.py --set simxai/eval_suite/guard/written/g10 [--set ...] [--mechanism TEXT]

Every reply is checked with every mechanism (`check_claims(every_mechanism=True)`) and then gated as the engine
gates it (`simxai.guard._trust`: a claim of a mechanism that is not trusted is listed as unchecked). Printed per
set: recall on unfaithful replies and false alarms on faithful ones as the guard flags (gated) and with every
mechanism flagging (ungated), and the share of replies with at least one withheld claim (an unsupported claim the
gate lists as unchecked: the coverage the gate gives up). Then, pooled over the sets, per mechanism: the replies
it flags (unfaithful, faithful) and those it alone flags (what distrusting it would cost and gain), and whether
the gate trusts it. `--mechanism TEXT`: also what distrusting every mechanism containing TEXT would give per set.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from guard_mechanisms import written_writer  # noqa: E402

from simxai.guard._trust import trust  # noqa: E402

Reply = tuple[bool, frozenset[str]]  # faithful, the mechanisms of its unsupported claims (every mechanism)


def replies(folder: Path) -> list[Reply]:
    """Each reply of the set `folder`: whether it is faithful, and its mechanisms with every mechanism flagging."""
    return [(v.faithful, v.mechanisms) for v in written_writer(folder).verdicts]


def rates(rows: list[Reply], gated: bool, drop: str = "") -> str:
    """Recall; false alarms: flagged when a trusted mechanism (ungated: any) not containing `drop` flagged it."""
    table = trust()

    def flagged(ms: frozenset[str]) -> bool:
        return any((not gated or table.trusted(m)) and not (drop and drop in m) for m in ms)

    bad = [flagged(ms) for f, ms in rows if not f]
    good = [flagged(ms) for f, ms in rows if f]
    return (
        f"{sum(bad)}/{len(bad)} = {sum(bad) / max(1, len(bad)):.1%}; "
        f"{sum(good)}/{len(good)} = {sum(good) / max(1, len(good)):.1%}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--set", type=Path, action="append", required=True, help="a set's folder (repeat)")
    parser.add_argument("--mechanism", default="", help="also distrust every mechanism containing this text")
    args = parser.parse_args(argv)
    table = trust()
    pooled: list[Reply] = []
    print(
        "set: gated recall; false alarms | ungated | replies with a withheld claim"
        + (" | distrusted" * bool(args.mechanism))
    )
    for folder in args.set:
        rows = replies(folder)
        pooled += rows
        withheld = sum(any(not table.trusted(m) for m in ms) for _, ms in rows)
        extra = f" | {rates(rows, True, args.mechanism)}" if args.mechanism else ""
        print(f"{folder.name}: {rates(rows, True)} | {rates(rows, False)} | {withheld}/{len(rows)}{extra}")
    flags: Counter[tuple[str, bool]] = Counter()
    alone: Counter[tuple[str, bool]] = Counter()
    for faithful, ms in pooled:
        trusted = {m for m in ms if table.trusted(m)}
        for m in ms:
            flags[m, faithful] += 1
            if trusted <= {m}:
                alone[m, faithful] += 1
    print("\nmechanism: flags on unfaithful, faithful | alone on unfaithful, faithful | trusted")
    for m in sorted({m for m, _ in flags}, key=lambda m: (-flags[m, True], -flags[m, False], m)):
        print(
            f"{m:<75} {flags[m, False]:>4} {flags[m, True]:>3} | {alone[m, False]:>4} {alone[m, True]:>3} | "
            f"{'yes' if table.trusted(m) else 'no'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
