"""The router's training source of requests written by people: labels, dev split, held-out authors, host schemas."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from simxai.eval_suite.router_training.authors import (
    HOST_SCHEMAS,
    PEOPLE_DIR,
    authors,
    folder_host_schema,
    people_requests,
    training_schema,
)
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
    named = {r.schema.name for r in people_requests(ELEVEN, Counter())}  # with the hosts folders bring
    assert {e.schema for e in people} == named and {s.name for s in HOST_SCHEMAS.values()} <= named
    assert all(data.schemas[e.schema].name == e.schema for e in people)
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


@pytest.mark.slow
def test_the_schema_read_from_the_insurance_host_is_the_hand_written_one() -> None:
    sys.path.insert(0, str(BENCH))
    from dev_hosts import load_insurance_host

    built = training_schema(load_insurance_host(), "host insurance")
    assert built == HOST_SCHEMAS["insurance"]  # every field, the name given, descriptions and metrics as written
    assert all(f.description is None for f in built.features)


# A host file as an author's folder brings it: a tiny host config fitted in the folder, offline and seeded.
TINY_HOST = """
import json
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.tree import DecisionTreeClassifier

from simxai.hosts.config import load_host_config


def load_host():
    folder = Path(__file__).resolve().parent / "built"
    folder.mkdir(exist_ok=True)
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"plot_id": np.arange(300, 340), "rain_mm": rng.uniform(2.0, 90.0, 40).round(1),
                          "soil": rng.integers(0, 3, 40)})
    frame["yield_class"] = (frame.rain_mm > 40).astype(int)
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(frame[["rain_mm", "soil"]], frame.yield_class)
    joblib.dump(model, folder / "model.joblib")
    frame.to_csv(folder / "plots.csv", index=False)
    config = {"name": "tiny plots", "target": "yield_class", "class_names": {"0": "poor", "1": "good"},
              "instance_noun": "plot", "id_column": "plot_id", "model_path": "model.joblib", "data_path": "plots.csv",
              "category_names": {"soil": {"0": "clay", "1": "loam", "2": "sand"}},
              "feature_aliases": {"rain_mm": ["rainfall"]},
              "cards": {"feature_descriptions": {"rain_mm": "rain in the season, in mm"}}}
    (folder / "host.json").write_text(json.dumps(config), encoding="utf-8")
    return load_host_config(folder / "host.json")
"""


def test_a_folder_brings_its_own_host_and_its_schema_is_read_from_the_host(tmp_path: Path) -> None:
    _write(tmp_path / "a", [_row(1, "get_prediction", host="plots"), _row(2, "explain_what_if", host="demo")])
    (tmp_path / "a" / "host_plots.py").write_text(TINY_HOST, encoding="utf-8")
    _write(tmp_path / "a" / "b", [_row(3, "get_local_explanation", host="plots")])  # a batch: the author's host
    requests = people_requests(ELEVEN, Counter(), folder=tmp_path)
    assert [(r.id, r.host, r.schema.name) for r in requests] == [
        ("x-1", "plots", "host plots of a"),
        ("x-2", "demo", "host demo"),
        ("x-3", "plots", "host plots of a"),
    ]
    plots = requests[0].schema
    assert (plots.kind, plots.instance_noun, plots.class_names, plots.id_range) == (
        "tabular",
        "plot",
        ["poor", "good"],
        (300, 339),
    )
    rain, soil = plots.features
    assert (rain.name, rain.type, rain.aliases, rain.description) == ("rain_mm", "numeric", ["rainfall"], None)
    assert rain.min is not None and rain.max is not None and 2.0 <= rain.min < rain.max <= 90.0
    assert (soil.name, soil.type, soil.categories) == ("soil", "categorical", ["clay", "loam", "sand"])
    assert folder_host_schema(tmp_path / "a" / "host_plots.py") is plots  # loaded once per file
    # another folder may bring a host of the same name: its own schema
    _write(tmp_path / "c", [_row(4, "get_prediction", host="plots")])
    (tmp_path / "c" / "host_plots.py").write_text(TINY_HOST, encoding="utf-8")
    other = [r for r in people_requests(ELEVEN, Counter(), folder=tmp_path) if r.author == "c"]
    assert other[0].schema.name == "host plots of c" and other[0].schema.features == plots.features


def test_a_held_out_host_is_never_loaded_and_a_broken_one_is_a_clear_error(tmp_path: Path) -> None:
    _write(tmp_path / "a", [_row(1, "get_prediction", host="broken"), _row(2, "get_prediction")])
    (tmp_path / "a" / "host_broken.py").write_text("def load_host():\n    raise RuntimeError('no data')\n")
    with pytest.raises(UsageError, match="host_broken.py: building the host failed: RuntimeError: no data"):
        people_requests(ELEVEN, Counter(), folder=tmp_path)
    kept = people_requests(ELEVEN, Counter(), hold_out_hosts=["broken"], folder=tmp_path)
    assert [(r.id, r.host) for r in kept] == [("x-2", "demo")]
    with pytest.raises(UsageError, match="no request names host mars; the hosts named are broken, demo"):
        people_requests(ELEVEN, Counter(), hold_out_hosts=["mars"], folder=tmp_path)
    _write(tmp_path / "b", [_row(3, "get_prediction", host="boats")])
    (tmp_path / "b" / "host_ships.py").write_text("def load_host():\n    return 'not a host'\n")
    with pytest.raises(
        UsageError, match="host 'boats' has no schema; the hosts are demo, sentiment, loan, insurance, ships"
    ):
        people_requests(ELEVEN, Counter(), hold_out_hosts=["broken"], folder=tmp_path)
    _write(tmp_path / "d", [_row(4, "get_prediction", host="ships")])
    (tmp_path / "d" / "host_ships.py").write_text("def load_host():\n    return 'not a host'\n")
    with pytest.raises(UsageError, match="load_host\\(\\) returned str, not a Host"):
        people_requests(ELEVEN, Counter(), hold_out=["b"], hold_out_hosts=["broken"], folder=tmp_path)
