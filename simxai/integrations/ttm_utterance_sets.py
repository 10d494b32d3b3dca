"""Human-written TalkToModel utterance sets: a folder holding ``utterances.jsonl``, one JSON object a line.

Each line is ``{"id": ..., "dataset": "diabetes" | "compas" | "german", "utterance": ..., "parse": ...}``, the
parse written in TalkToModel's grammar and ending in ``[e]``; each utterance is meant to be parsed alone, in a
fresh dialogue, as TalkToModel's accuracy script parses its suites. `bench/ttm_parse.py --set FOLDER` scores
such a set with TalkToModel's metric (exact match without spaces), per dataset.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from simxai.exceptions import UsageError
from simxai.integrations.ttm_data import TTM_DATASETS

__all__ = ["SET_FILE", "SetCase", "read_utterance_set"]

#: The file a set folder holds.
SET_FILE = "utterances.jsonl"
_KEYS = ("id", "dataset", "utterance", "parse")


@dataclass(frozen=True)
class SetCase:
    """One utterance of a set with its dataset and gold parse (lowercased, as TalkToModel lowercases golds)."""

    id: str
    dataset: str
    utterance: str
    gold: str


def read_utterance_set(folder: str | Path) -> list[SetCase]:
    """The cases of the set in `folder` (its `SET_FILE`), in file order.

    Raises:
        UsageError: no such file, a line that is not a JSON object with string ``id``, ``dataset``,
            ``utterance`` and ``parse``, an unknown dataset, a parse not ending in ``[e]``, a repeated id, or
            no cases at all.
    """
    source = Path(folder) / SET_FILE
    if not source.is_file():
        raise UsageError(f"no {SET_FILE} in {folder}; give the folder of a TalkToModel utterance set")
    cases: list[SetCase] = []
    seen: set[str] = set()
    for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{source}:{number}: not JSON ({exc.msg})") from None
        if not isinstance(row, dict) or any(not isinstance(row.get(k), str | int) for k in _KEYS):
            raise UsageError(f"{source}:{number}: each line needs the fields {', '.join(_KEYS)} (text)")
        case = SetCase(str(row["id"]), str(row["dataset"]), str(row["utterance"]).strip(), str(row["parse"]))
        if case.dataset not in TTM_DATASETS:
            raise UsageError(f"{source}:{number}: unknown dataset {case.dataset!r}; valid: {', '.join(TTM_DATASETS)}")
        gold = case.gold.strip().lower()
        if not gold.endswith("[e]"):
            raise UsageError(f"{source}:{number}: the parse does not end in [e]: {case.gold!r}")
        if case.id in seen:
            raise UsageError(f"{source}:{number}: id {case.id!r} appears twice")
        seen.add(case.id)
        cases.append(SetCase(case.id, case.dataset, case.utterance, gold))
    if not cases:
        raise UsageError(f"{source} holds no utterances")
    return cases
