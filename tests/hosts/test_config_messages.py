"""A host config file that cannot be read is refused in one line naming the file, what is wrong and the fix.

Found by trying `--host-config` as a new user: a file saved as Latin-1 ended `simxai chat` with a
UnicodeDecodeError traceback, a YAML slip printed PyYAML's four-line report with quoted source lines, and a
CSV given as `model_path` was refused with only "pop from empty list".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simxai.exceptions import UsageError
from simxai.hosts.config import load_host_config


def _refusal(path: Path) -> str:
    with pytest.raises(UsageError) as caught:
        load_host_config(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    return message


def test_a_file_not_in_utf8_is_named_with_the_fix(tmp_path: Path) -> None:
    path = tmp_path / "host.yaml"
    path.write_bytes("name: caf\xe9 churn\n".encode("latin-1"))
    message = _refusal(path)
    assert "not a UTF-8 text file" in message
    assert "save it as UTF-8" in message


@pytest.mark.parametrize(
    ("text", "problem", "where"),
    [
        ("name: x\nmodel_path: m.joblib\n  data_path: y.csv\n", "mapping values are not allowed here", "line 3"),
        ("name: x\ncards: [\n", "expected the node content", "line 3"),
    ],
)
def test_a_yaml_slip_is_one_line_with_its_place(tmp_path: Path, text: str, problem: str, where: str) -> None:
    path = tmp_path / "host.yaml"
    path.write_text(text)
    message = _refusal(path)
    assert f"not valid YAML: {problem}" in message
    assert where in message
    assert "unicode string" not in message


@pytest.mark.parametrize(
    ("content", "reason"), [(b"", "EOFError"), (b"age,income\n1,2\n", "IndexError")], ids=["empty", "csv"]
)
def test_a_model_file_joblib_cannot_load_says_what_it_must_be(tmp_path: Path, content: bytes, reason: str) -> None:
    (tmp_path / "model.joblib").write_bytes(content)
    (tmp_path / "data.csv").write_text("age,income\n1,2\n")
    path = tmp_path / "host.yaml"
    path.write_text("name: x\nmodel_path: model.joblib\ndata_path: data.csv\ntarget: income\n")
    message = _refusal(path)
    assert "field 'model_path'" in message
    assert f"({reason}" in message
    assert "joblib.dump(model, path)" in message


_BASE = "name: wine\nmodel_path: model.joblib\ndata_path: wine.csv\ntarget: quality\n"


@pytest.mark.parametrize(
    ("extra", "expected", "absent"),
    [
        (
            "feature_alias: {ph: [acid]}\n",
            "'feature_alias' is not a known field (did you mean feature_aliases? fields",
            "",
        ),
        (
            "cards: {descripton: red wines}\n",
            "'cards.descripton' is not a known field (did you mean description?",
            "model_path",
        ),
        ("explainer: fast\n", "'explainer' input should be 'auto', 'tree', 'linear' or 'kernel'", "fields are"),
    ],
)
def test_a_misspelt_field_is_named_with_the_closest_field(
    tmp_path: Path, extra: str, expected: str, absent: str
) -> None:
    path = tmp_path / "host.yaml"
    path.write_text(_BASE + extra)
    message = _refusal(path)
    assert expected in message, message
    assert not absent or absent not in message, message


def test_a_column_the_model_does_not_use_points_at_id_column(tmp_path: Path) -> None:
    import joblib
    import pandas as pd
    from sklearn.tree import DecisionTreeClassifier

    data = pd.DataFrame({"wine_id": [11, 12, 13, 14], "alcohol": [9.0, 12.5, 10.0, 13.0]})
    data["quality"] = ["poor", "good", "poor", "good"]
    joblib.dump(DecisionTreeClassifier().fit(data[["alcohol"]], data.quality), tmp_path / "model.joblib")
    data.to_csv(tmp_path / "wine.csv", index=False)
    path = tmp_path / "host.yaml"
    path.write_text(_BASE)
    message = _refusal(path)
    assert "not used by the model ['wine_id']" in message and "id_column" in message, message


def test_a_misspelt_file_or_feature_is_refused_with_the_name_meant(tmp_path: Path) -> None:
    import joblib
    import pandas as pd
    from sklearn.tree import DecisionTreeClassifier

    from simxai.exceptions import ArgumentError

    ids = [5001 + 3 * i for i in range(20)]
    shares = [round(0.05 * i, 2) for i in range(20)]
    data = pd.DataFrame({"ticket_no": ids, "fare_share": shares, "late": [int(s > 0.5) for s in shares]})
    joblib.dump(DecisionTreeClassifier().fit(data[["fare_share"]], data.late), tmp_path / "model.joblib")
    data.to_csv(tmp_path / "tickets.csv", index=False)
    base = "name: x\ndata_path: tickets.csv\ntarget: late\nid_column: ticket_no\nclass_names: {0: on_time, 1: late}\n"
    path = tmp_path / "host.yaml"
    path.write_text(base + "model_path: modle.joblib\n")
    message = _refusal(path)
    assert "field 'model_path': no file at" in message and "(did you mean model.joblib?)" in message
    path.write_text(base + "model_path: model.joblib\nfeature_aliases: {fare_shar: [share paid]}\n")
    message = _refusal(path)
    assert "feature_aliases names unknown features ['fare_shar']" in message and "did you mean fare_share?" in message
    # a bound in percent on a share kept as 0-1 selects nothing: the refusal says the feature is a fraction
    path.write_text(base + "model_path: model.joblib\n")
    host = load_host_config(path)
    with pytest.raises(ArgumentError, match="a fraction of 1, not a percentage"):
        host.resolve("fare_share > 50")


def test_a_misspelt_configuration_file_name_gets_the_nearest_one(tmp_path: Path) -> None:
    """`--host-config hosts.yaml` beside host.yaml (newuser39): the line names the file meant."""
    (tmp_path / "host.yaml").write_text("name: x")
    (tmp_path / "model.joblib").write_text("")
    with pytest.raises(
        UsageError, match=r"^no host configuration file at .*hosts\.yaml \(did you mean host\.yaml\?\)$"
    ):
        load_host_config(tmp_path / "hosts.yaml")
    with pytest.raises(UsageError, match=r"holds host\.yaml$"):
        load_host_config(tmp_path / "cylinders.json")
