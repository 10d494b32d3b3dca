"""The router's training source of requests written by people: labels, dev split, held-out authors, host schemas."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from simxai.eval_suite.router_training.authors import HOST_SCHEMAS, PEOPLE_DIR, authors, people_requests
from simxai.eval_suite.router_training.data import build_training_data
from simxai.exceptions import UsageError
from simxai.functions import default_registry
from simxai.hosts.base import HostSchema

ELEVEN = {s.name for s in default_registry().specs()}
BENCH = Path(__file__).resolve().parents[2] / "bench"


def _write(folder: Path, rows: list[dict[str, object]]) -> None:
    folder.mkdir(parents=True)
    (folder / "requests.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _row(number: int, function: object, clarify: bool = False, host: str = "demo") -> dict[str, object]:
    return {"id": f"x-{number}", "host": host, "text": f"request {number}", "function": function, "clarify": clarify}


def test_golds_become_labels_and_clarifications_are_left_out_and_counted(tmp_path: Path) -> None:
    _write(
        tmp_path / "a",
        [
            _row(1, "get_prediction"),
            _row(2, ["get_data_information", "get_model_information"]),
            _row(3, None),
            _row(4, None, clarify=True),
            _row(5, "not_a_function"),
        ],
    )
    _write(tmp_path / "a" / "b", [_row(6, "explain_what_if", host="insurance")])
    excluded: Counter[str] = Counter()
    requests = people_requests(ELEVEN, excluded, folder=tmp_path)
    assert [(r.id, r.label, r.host) for r in requests] == [
        ("x-1", "get_prediction", "demo"),
        ("x-2", "get_data_information", "demo"),
        ("x-3", "none", "demo"),
        ("x-6", "explain_what_if", "insurance"),
    ]
    assert excluded == {"people clarification": 1, "people unknown function not_a_function": 1}


def test_a_held_out_author_is_in_neither_split_and_an_unknown_one_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path / "a", [_row(n, "get_prediction") for n in range(40)])
    _write(tmp_path / "b", [_row(n, "get_prediction") for n in range(40)])
    assert authors(tmp_path) == ["a", "b"]
    everyone = people_requests(ELEVEN, Counter(), folder=tmp_path)
    assert 0 < sum(r.dev for r in everyone) < len(everyone) / 2  # a seeded fifth is dev
    assert {r.author for r in people_requests(ELEVEN, Counter(), hold_out=["a"], folder=tmp_path)} == {"b"}
    with pytest.raises(UsageError, match="no author c .* the authors are a, b"):
        people_requests(ELEVEN, Counter(), hold_out=["c"], folder=tmp_path)


def test_a_host_without_a_schema_is_a_clear_error(tmp_path: Path) -> None:
    _write(tmp_path / "a", [_row(1, "get_prediction", host="mars")])
    with pytest.raises(UsageError, match="host 'mars' has no schema; the hosts are demo, sentiment, loan, insurance"):
        people_requests(ELEVEN, Counter(), folder=tmp_path)


def test_the_training_data_holds_every_author_unless_held_out() -> None:
    names = authors()
    assert "r0" in names and (PEOPLE_DIR / "r0" / "b" / "requests.jsonl").is_file()
    data = build_training_data(None)
    people = [e for e in data.examples if e.source == "people"]
    assert len(people) >= 150 and {e.split for e in people} == {"train", "dev"}
    assert {e.schema for e in people} == {s.name for s in HOST_SCHEMAS.values()}
    r0 = [r for r in people_requests(ELEVEN, Counter()) if r.author == "r0"]
    without = [e for e in build_training_data(None, ["r0"]).examples if e.source == "people"]
    assert len(without) == len(people) - len(r0) and len(r0) >= 150


def _same(schema: HostSchema, real: HostSchema) -> None:
    assert (schema.kind, schema.instance_noun, schema.class_names) == (real.kind, real.instance_noun, real.class_names)
    assert schema.id_range == real.id_range
    ours = [(f.name, f.type, f.min, f.max, f.categories, f.aliases) for f in schema.features]
    assert ours == [(f.name, f.type, f.min, f.max, f.categories, f.aliases) for f in real.features]


@pytest.mark.slow
def test_the_host_schemas_are_those_of_the_real_hosts() -> None:
    from simxai.hosts.demo import load_demo_host
    from simxai.hosts.loan import load_loan_host
    from simxai.hosts.sentiment import load_sentiment_host

    sys.path.insert(0, str(BENCH))
    from dev_hosts import load_insurance_host

    real = {"demo": load_demo_host, "sentiment": load_sentiment_host, "loan": load_loan_host}
    for name, load in {**real, "insurance": load_insurance_host}.items():
        _same(HOST_SCHEMAS[name], load().schema())
