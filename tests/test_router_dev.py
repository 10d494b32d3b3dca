"""The router's first dev requests (author r0 of router_training/people) are well formed. No accuracy asserted.

They are scored by `bench/fresh_set.py --set simxai/eval_suite/router_training/people/r0` (see its README.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from simxai.functions import default_registry

DEV = Path(__file__).resolve().parents[1] / "simxai" / "eval_suite" / "router_training" / "people" / "r0"


def _turns() -> list[dict[str, Any]]:
    turns = []
    for folder in (DEV, DEV / "b"):
        lines = (folder / "requests.jsonl").read_text(encoding="utf-8").splitlines()
        turns += [json.loads(line) for line in lines if line]
        for dialogue in json.loads((folder / "dialogues.json").read_text(encoding="utf-8")):
            turns += [{**turn, "host": dialogue["host"]} for turn in dialogue["turns"]]
    return turns


def test_at_least_80_requests_over_four_hosts_with_distinct_ids() -> None:
    lines = (DEV / "requests.jsonl").read_text(encoding="utf-8").splitlines()
    requests = [json.loads(line) for line in lines if line]
    assert len(requests) >= 80
    assert len({r["id"] for r in requests}) == len(requests)
    assert {r["host"] for r in requests} == {"demo", "loan", "sentiment", "insurance"}


def test_every_gold_names_functions_and_their_own_arguments_or_no_call() -> None:
    parameters = {s.name: {p.name for p in s.parameters} for s in default_registry().specs()}
    for turn in _turns():
        gold = turn["function"]
        if gold is None:
            assert turn["clarify"] is False and not turn.get("arguments"), turn
            continue
        for function in [gold] if isinstance(gold, str) else gold:
            assert function in parameters, turn
            assert set(turn.get("arguments") or {}) <= parameters[function], turn
