"""The dev dialogues of tests/dialogue_dev are well formed. No accuracy is asserted here.

The set is scored by `bench/fresh_set.py --set tests/dialogue_dev` (see tests/dialogue_dev/README.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from simxai.functions import default_registry

DEV = Path(__file__).resolve().parent / "dialogue_dev"


def _dialogues() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = []
    for folder in (DEV, DEV / "b", DEV / "c"):
        data += json.loads((folder / "dialogues.json").read_text(encoding="utf-8"))
    return data


def test_the_set_has_enough_dialogues_of_three_to_five_turns_on_three_hosts() -> None:
    dialogues = _dialogues()
    assert len(dialogues) >= 25
    assert {d["host"] for d in dialogues} == {"demo", "loan", "sentiment"}
    assert all(3 <= len(d["turns"]) <= 5 for d in dialogues)
    assert len({d["id"] for d in dialogues}) == len(dialogues)
    for folder in (DEV, DEV / "b", DEV / "c"):
        assert (folder / "requests.jsonl").read_text(encoding="utf-8").strip() == ""


def test_every_gold_names_a_function_and_its_own_arguments_or_a_question() -> None:
    parameters = {s.name: {p.name for p in s.parameters} for s in default_registry().specs()}
    for dialogue in _dialogues():
        for turn in dialogue["turns"]:
            function = turn["function"]
            if function is None:
                assert isinstance(turn["clarify"], bool) and not turn.get("arguments"), turn
                continue
            assert function in parameters, turn
            assert set(turn.get("arguments") or {}) <= parameters[function], turn
