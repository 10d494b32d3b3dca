"""Markdown tables in a reply: each row read as a sentence under its columns' headers, and the header row emptied
where the raw reply is read (a header names columns and states nothing).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from simxai.guard._reading import find_mentions

__all__ = ["blank_table_headers", "prose_tables"]

_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
#: A table's column of changes ("edit", "change", "swap", "option", "new text") and its column of labels.
_CHANGE_HEADER = re.compile(
    r"\b(?:edits?|changes?|swaps?|options?|what-if|new text|rewrites?|counterfactuals?)\b", re.I
)
_LABEL_HEADER = re.compile(r"(?:new\s+)?(?:label|prediction|predicted|class|call)", re.I)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


def prose_tables(text: str) -> str:
    """Markdown tables as sentences, one per row, each cell after its column's header: "| bmi | 23.7 |" under
    "| feature | now |" reads "feature bmi and now 23.7." (a header left empty adds nothing).
    """
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        head = _TABLE_ROW.match(lines[i])
        if head is None or i + 1 >= len(lines) or not _TABLE_RULE.match(lines[i + 1]):
            out.append(lines[i])
            i += 1
            continue
        headers = [h.strip().strip("*_").strip() for h in head.group(1).split("|")]
        if any(_CHANGE_HEADER.search(h) for h in headers):
            # "| edit | label | P |": each row is a change, and its label is the change's outcome ("result").
            headers = ["result" if _LABEL_HEADER.fullmatch(h) else h for h in headers]
        i += 2
        while i < len(lines) and (row := _TABLE_ROW.match(lines[i])) is not None:
            cells = [c.strip() for c in row.group(1).split("|")]
            parts = [f"{h} {c}".strip() for h, c in zip(headers, cells, strict=False) if c]
            out.append(" and ".join(parts) + ".")
            i += 1
    return "\n".join(out)


#: A header of a column of names, which the readers of tables use ("| Feature | ... |", "| word |").
_NAMES_COLUMN = re.compile(r"(?:features?|factors?|variables?|inputs?|words?|tokens?|terms?)", re.I)


def blank_table_headers(text: str, features: Iterable[str]) -> str:
    """`text` with each Markdown table's header row emptied ("| patient | predicted | P |" -> "| | | |"): a
    header names columns and states nothing; its rows are read in `prose_tables`' sentences. A header cell that
    names a feature (the rows' heads are then states: "| | bmi |" over "| now | 23.7 |") or a column of names
    ("| feature |") is kept, and so is a table of two columns (a key and its value, no header).
    """
    lines = text.split("\n")
    for i, line in enumerate(lines[:-1]):
        head = _TABLE_ROW.match(line)
        cells = head.group(1).split("|") if head is not None else []
        if len(cells) > 2 and _TABLE_RULE.match(lines[i + 1]):  # two columns: a key and its value, no header
            kept = [c if _NAMES_COLUMN.fullmatch(c.strip(" *_")) or find_mentions(c, features) else " " for c in cells]
            lines[i] = "|" + "|".join(kept) + "|"
    return "\n".join(lines)
