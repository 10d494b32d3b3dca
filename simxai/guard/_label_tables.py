"""The rows of a table of labels (claims-16): under a column headed "label", "class", "outcome" or "category"
("| label | meaning |"), each row names a label, so a row whose cell is no label of the host (nor a label's noun
form) invents one. Read only when another row of that column names a label of the host (the table is about its
labels, not about something else called an outcome).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

__all__ = ["label_table_claims"]

_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
_HEADER = re.compile(r"^(?:labels?|class(?:es)?|outcomes?|categor(?:y|ies)|predicted (?:label|class))$", re.I)


def _cells(line: str) -> list[str]:
    row = _ROW.match(line)
    return [c.strip().strip("*_`'\"").strip() for c in row.group(1).split("|")] if row else []


def label_table_claims(raw: str, labels: Sequence[str], nouns: Mapping[str, str]) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each row of a table's label column that names no label.

    Args:
        raw: the reply as written (its tables).
        labels: the host's labels.
        nouns: a label's noun forms ("approval"), each mapped to its label.
    """
    known = {label.lower() for label in labels} | {noun.lower() for noun in nouns}
    known |= {label.lower().replace("_", " ") for label in labels}
    lines = raw.split("\n")
    i = 0
    while i + 1 < len(lines):
        headers = _cells(lines[i])
        if not headers or not _RULE.match(lines[i + 1]):
            i += 1
            continue
        i += 2  # a table's rows are read once: the next table starts after them
        rows = []
        while i < len(lines) and (row := _cells(lines[i])):
            rows.append(row)
            i += 1
        column = next((k for k, h in enumerate(headers) if _HEADER.match(h)), None)
        if column is None:
            continue
        cells = [row[column] for row in rows if column < len(row) and row[column]]
        if not any(c.lower() in known for c in cells):
            continue
        for cell in cells:
            if cell.lower() not in known and re.fullmatch(r"[A-Za-z][\w -]{0,40}", cell):
                yield f"label {cell}", False
