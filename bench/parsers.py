"""How long every public parser takes on 64 KB adversarial strings, against 64 KB of ordinary prose.

    python bench/parsers.py [--json FILE]

The strings and the parsers are those of tests/reliability/test_linear_parsers.py (issue 14, items 1 and 5),
which only checks that no parser runs away (a CPU-time guard); this script prints the figures: per parser,
the CPU and wall-clock milliseconds on prose and on its worst adversarial string, and their ratio. CPU time
is the figure to compare across runs on a shared machine; wall-clock time also counts other processes' load.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "reliability"))  # the adversarial strings live with their test

from test_linear_parsers import ADVERSARIAL, SIZE, _parsers  # noqa: E402

from simxai.exceptions import ArgumentError, ToolCallParseError  # noqa: E402
from simxai.hosts.demo import load_demo_host  # noqa: E402
from simxai.hosts.sentiment import load_sentiment_host  # noqa: E402
from simxai.normalize import _normalize  # noqa: E402

PROSE = (
    "What does the model predict for patient 12, and why? If her glucose were 20 points lower and her bmi "
    "30, would the prediction change? Show the three most important features for those with age > 50. "
)


def measure(parse: Callable[[str], Any], text: str) -> tuple[float, float]:
    """CPU and wall-clock seconds of `parse(text)`, uncached, the documented errors counting as an answer."""
    _normalize.cache_clear()
    cpu, wall = time.thread_time(), time.perf_counter()
    try:
        parse(text)
    except (ArgumentError, ToolCallParseError):
        pass
    return time.thread_time() - cpu, time.perf_counter() - wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    prose = (PROSE * (SIZE // len(PROSE) + 1))[:SIZE]
    rows = []
    for name, parse in _parsers(load_demo_host(), load_sentiment_host()):
        base_cpu, base_wall = min(measure(parse, prose) for _ in range(2))
        (cpu, wall), bait = max((measure(parse, text), bait) for bait, text in ADVERSARIAL.items())
        rows.append(
            {
                "parser": name,
                "prose cpu ms": base_cpu * 1000,
                "prose wall ms": base_wall * 1000,
                "worst bait": bait,
                "worst cpu ms": cpu * 1000,
                "worst wall ms": wall * 1000,
                "cpu ratio": cpu / max(base_cpu, 1e-6),
            }
        )
    width = max(len(r["parser"]) for r in rows)
    print(f"{SIZE // 1024} KB each; {len(ADVERSARIAL)} adversarial strings per parser; milliseconds")
    print(f"{'parser'.ljust(width)}  prose cpu  prose wall  worst cpu  worst wall  cpu ratio  worst string")
    for r in rows:
        print(
            f"{r['parser'].ljust(width)}  {r['prose cpu ms']:9.1f}  {r['prose wall ms']:10.1f}  "
            f"{r['worst cpu ms']:9.1f}  {r['worst wall ms']:10.1f}  {r['cpu ratio']:9.1f}  {r['worst bait']}"
        )
    worst = max(rows, key=lambda r: r["worst cpu ms"])
    print(f"worst of all: {worst['parser']} on {worst['worst bait']!r}, {worst['worst cpu ms']:.1f} ms of CPU")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
