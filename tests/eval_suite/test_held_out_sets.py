"""Author sets that bring their own hosts are well formed (`router_training/held_out_people/`, and those moved to
`people/` for training).

Format only, no accuracy: every gold names registered functions with their own arguments, every argument fits
its host (ids in range, labels, metrics, features, categories, conditions the host parses), each own host covers
the eleven functions, and (slow) every gold call runs on its host with label arguments that agree with the
instance's prediction. The scorer is `bench/fresh_set.py --set <folder>`; nothing here runs it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from simxai.functions import default_registry
from simxai.hosts.base import HostSchema
from simxai.instances import parse_condition
from tests.eval_suite.held_out_sets import SETS, TRAINING, check_every_gold_call, load_held_out, scorer, turns

METRICS = {"accuracy", "precision", "recall", "f1", "roc_auc", "confusion_matrix", "all"}
LABEL_ARGUMENTS = ("target_label", "expected_label", "prediction_label")
_RELATIVE = re.compile(r"^[+\-*/]\d+(\.\d+)?%?$")


@pytest.fixture(scope="module")
def loader() -> Iterator[ModuleType]:
    """`bench/fresh_set.py`, for its `load_set` and `load_host` (the scorer's own readers)."""
    yield from scorer()


@pytest.fixture(scope="module", params=sorted(SETS))
def held_out(request: pytest.FixtureRequest, loader: ModuleType) -> dict[str, Any]:
    """One set: its name, folder, requests, dialogues and hosts."""
    return load_held_out(loader, request.param)


def _condition_fits(condition: str, schema: HostSchema) -> None:
    assert parse_condition(condition, schema), condition


def test_the_set_holds_what_its_readme_says(held_out: dict[str, Any]) -> None:
    want = SETS[held_out["name"]]
    requests, dialogues = held_out["requests"], held_out["dialogues"]
    assert len(requests) >= want["requests"]
    assert len(dialogues) == want["dialogues"]
    low, high = want["turns"]
    assert all(low <= len(d.turns) <= high for d in dialogues)
    ids = Counter(c.id for c in requests + dialogues)
    assert [i for i, n in ids.items() if n > 1] == []
    assert set(want["own_hosts"]) <= set(held_out["hosts"])


def test_each_own_host_covers_the_eleven_functions(held_out: dict[str, Any]) -> None:
    names = set(default_registry().names())
    for host in SETS[held_out["name"]]["own_hosts"]:
        covered = {f for c in held_out["requests"] if c.host == host for f in c.turns[0][1].functions}
        assert covered == names, (host, names - covered)


def test_golds_name_registered_functions_with_arguments_that_fit_the_host(held_out: dict[str, Any]) -> None:
    registry = default_registry()
    for where, host_name, text, gold in turns(held_out):
        assert text.strip(), where
        if not gold.functions:
            assert gold.arguments == {}, where
            continue
        assert not gold.clarify, where
        for name in gold.functions:
            registered = registry.get(name)
            assert registered is not None, (where, name)
            assert set(gold.arguments) <= {p.name for p in registered.spec.parameters}, where
        schema = held_out["hosts"][host_name].schema()
        arguments = gold.arguments
        instance = arguments.get("instance")
        if isinstance(instance, int):
            assert schema.has_id(instance), where
        elif isinstance(instance, str) and (schema.kind == "tabular" or re.search(r"[<>=]", instance)):
            _condition_fits(instance, schema)
        if "group" in arguments:
            _condition_fits(arguments["group"], schema)
        for name in LABEL_ARGUMENTS + ("label",):
            if name in arguments:
                assert arguments[name] in schema.class_names, where
        assert arguments.get("metric", "all") in METRICS, where
        if "feature" in arguments:
            assert schema.feature(arguments["feature"]) is not None, where
        assert 1 <= arguments.get("number_of_iterations", 1) <= 5, where
        for feature, value in arguments.get("changes", {}).items():
            if schema.kind == "text":
                assert isinstance(value, str), where
                continue
            found = schema.feature(feature)
            assert found is not None, (where, feature)
            if found.categories:
                assert value in found.categories, where
            else:
                assert isinstance(value, int | float) or _RELATIVE.match(value), where


@pytest.mark.slow
def test_every_gold_call_runs_and_its_labels_agree_with_the_prediction(held_out: dict[str, Any]) -> None:
    check_every_gold_call(held_out)


#: Authors with hosts of their own that predate this table and were never registered in it (w40 is one of the
#: router gate's authors, read by totals only).
_UNREGISTERED = {"w14", "w15", "w16", "w17", "w30", "w32", "w40"}


def test_every_author_with_hosts_of_its_own_is_checked_here() -> None:
    """A new training author (`people/w*`) is checked as soon as it lands, not when someone remembers to register it."""
    with_hosts = {
        folder.name
        for folder in (TRAINING / "people").iterdir()
        if folder.is_dir() and folder.name.startswith("w") and any(folder.glob("host_*.py"))
    }
    missing = sorted(with_hosts - set(SETS) - _UNREGISTERED)
    assert not missing, f"author folders with hosts of their own missing from SETS in held_out_sets.py: {missing}"
