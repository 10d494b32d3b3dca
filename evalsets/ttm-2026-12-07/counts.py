"""Print the composition of the TalkToModel parse test set: lines per dataset, operation and filter shape.

Run from the repository root: `python evalsets/ttm-2026-12-07/counts.py`. It reads only the set itself
(never a parser): the figures describe what the set asks, not how anything scores on it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

SET_FILE = Path(__file__).resolve().parent / "utterances.jsonl"
DATASETS = ("diabetes", "compas", "german")
#: Operations as the parse spells them; a parse counts once under every operation it contains.
OPERATIONS = (
    "predict", "likelihood", "explain features", "explain cfe", "important", "change", "statistic",
    "countdata", "show", "mistake", "score", "label", "define", "interact", "self", "function", "data", "model",
)  # fmt: skip
#: The lines written to be hard but fair (unusual words, value before feature, "not"/"except", or-filters).
HARD = {
    "diabetes": range(64, 71),
    "compas": range(63, 71),
    "german": range(65, 71),
}
_CLAUSE = re.compile(r" and | or ")


def operations(parse: str) -> set[str]:
    """The operations a parse (ending in ` [e]`) contains."""
    clauses = _CLAUSE.split(parse.removesuffix(" [e]"))
    return {op for op in OPERATIONS if any(c == op or c.startswith(op + " ") for c in clauses)}


def filter_shape(parse: str) -> str:
    """`none`, `id`, `one condition`, or `two conditions (and|or)`."""
    filters = [c for c in _CLAUSE.split(parse.removesuffix(" [e]")) if c.startswith("filter ")]
    if not filters:
        return "none"
    if filters[0].startswith("filter id "):
        return "id"
    if len(filters) == 1:
        return "one condition"
    joined = " or " if " or filter " in parse else " and "
    return f"{len(filters)} conditions ({joined.strip()})"


def table(title: str, counts: dict[str, Counter[str]], keys: list[str]) -> list[str]:
    """A Markdown table: one row per key, one column per dataset and a total."""
    lines = [f"| {title} | " + " | ".join(DATASETS) + " | total |", "| --- |" + " ---: |" * (len(DATASETS) + 1)]
    for key in keys:
        cells = [counts[d][key] for d in DATASETS]
        lines.append(f"| {key} | " + " | ".join(map(str, cells)) + f" | {sum(cells)} |")
    return lines


def main() -> None:
    """Print the tables."""
    rows = [json.loads(line) for line in SET_FILE.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines_per: dict[str, Counter[str]] = {d: Counter() for d in DATASETS}
    ops: dict[str, Counter[str]] = {d: Counter() for d in DATASETS}
    shapes: dict[str, Counter[str]] = {d: Counter() for d in DATASETS}
    for row in rows:
        dataset = row["dataset"]
        lines_per[dataset]["lines"] += 1
        number = int(row["id"].rsplit("-", 1)[1])
        lines_per[dataset]["hard but fair"] += number in HARD[dataset]
        ops[dataset].update(operations(row["parse"]))
        shapes[dataset][filter_shape(row["parse"])] += 1
    shape_keys = sorted({k for c in shapes.values() for k in c}, key=lambda k: -sum(c[k] for c in shapes.values()))
    out = table("lines", lines_per, ["lines", "hard but fair"])
    out += ["", *table("operation", ops, list(OPERATIONS))]
    out += ["", *table("filter", shapes, shape_keys)]
    print("\n".join(out))


if __name__ == "__main__":
    main()
