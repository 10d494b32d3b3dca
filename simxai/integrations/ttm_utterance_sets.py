"""Human-written TalkToModel utterance sets: a folder holding ``utterances.jsonl``, one JSON object a line.

Each line is ``{"id": ..., "dataset": "diabetes" | "compas" | "german", "utterance": ..., "parse": ...}``, the
parse written in TalkToModel's grammar and ending in ``[e]``; each utterance is meant to be parsed alone, in a
fresh dialogue, as TalkToModel's accuracy script parses its suites. `bench/ttm_parse.py --set FOLDER` scores
such a set with TalkToModel's metric (exact match without spaces), per dataset.

The people-worded sets shipped in `PEOPLE_DIR` (``ttm_people/NAME/``) are training and development data: each is
carved by `split_set` into a seeded train part (`PEOPLE_TRAIN_SHARE` of every dataset's cases) that the parser is
trained on (`ttm_training`) and a dev part it is judged on (``bench/ttm_parse.py --split people-dev``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from simxai.exceptions import UsageError
from simxai.integrations.ttm_data import TTM_DATASETS

__all__ = [
    "PEOPLE_DIR",
    "PEOPLE_SEED",
    "PEOPLE_SETS",
    "PEOPLE_TRAIN_SHARE",
    "SET_FILE",
    "SetCase",
    "people_cases",
    "read_utterance_set",
    "split_set",
]

#: The file a set folder holds.
SET_FILE = "utterances.jsonl"
#: The people-worded training/dev sets shipped with the package, one folder each.
PEOPLE_DIR = Path(__file__).with_name("ttm_people")
#: The people-worded sets the parser trains on (their train parts) and is judged on (their dev parts).
PEOPLE_SETS = ("ttmw1", "ttmw2", "ttmw3", "ttmw4")
#: The seed and the train share of `split_set` (the rest of each dataset's cases is dev).
PEOPLE_SEED = 12
PEOPLE_TRAIN_SHARE = 0.6
_PARTS = ("train", "dev", "all")
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


def split_set(cases: list[SetCase], part: str, seed: int = PEOPLE_SEED) -> list[SetCase]:
    """The `part` (``train``, ``dev`` or ``all``) of a set, stratified by dataset: each dataset's cases, ordered
    by id and shuffled with `seed`, give their first `PEOPLE_TRAIN_SHARE` (rounded) to train and the rest to dev.
    The result keeps file order.

    Raises:
        UsageError: an unknown part.
    """
    if part not in _PARTS:
        raise UsageError(f"unknown part {part!r} of a set; valid: {', '.join(_PARTS)}")
    if part == "all":
        return list(cases)
    chosen: set[str] = set()
    for name in TTM_DATASETS:
        ids = sorted(c.id for c in cases if c.dataset == name)
        random.Random(f"{seed}-{name}").shuffle(ids)
        cut = round(PEOPLE_TRAIN_SHARE * len(ids))
        chosen.update(ids[:cut] if part == "train" else ids[cut:])
    return [c for c in cases if c.id in chosen]


def people_cases(part: str, names: tuple[str, ...] = PEOPLE_SETS) -> list[SetCase]:
    """The `part` (``train``, ``dev`` or ``all``) of each named people-worded set, set after set."""
    return [case for name in names for case in split_set(read_utterance_set(PEOPLE_DIR / name), part)]
