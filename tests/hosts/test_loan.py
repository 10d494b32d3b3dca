"""The loan host: generated files a user would bring, loaded through the host config, labels bound by value."""

from __future__ import annotations

from pathlib import Path

import joblib
import pandas as pd
import pytest
import yaml

from simxai.exceptions import UsageError
from simxai.hosts.config import load_host_config
from simxai.hosts.loan import N_APPLICANTS, main, write_loan_host
from simxai.hosts.tabular import TabularHost


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("loan")
    assert main([str(folder)]) == 0
    return folder


def test_the_files_are_what_a_user_brings(folder: Path) -> None:
    data = pd.read_csv(folder / "loans.csv")
    assert len(data) == N_APPLICANTS and set(data.decision) == {"approved", "rejected"}
    assert data.age.between(19, 75).all() and data.credit_score.between(300, 850).all()
    assert data.debt_to_income.between(0, 0.8).all() and set(data.loan_term) <= {12, 24, 36, 48, 60, 72, 84}
    assert {str(v) for v in data.region.unique()} == {"north", "south", "east", "west"}
    model = joblib.load(folder / "model.joblib")
    assert type(model).__name__ == "Pipeline" and list(model.classes_) == ["approved", "rejected"]
    config = yaml.safe_load((folder / "host.yaml").read_text())
    assert "class_names" not in config and config["instance_noun"] == "applicant"
    assert set(config["cards"]["feature_descriptions"]) == set(data.columns) - {"decision"}


def test_the_files_are_seeded(folder: Path, tmp_path: Path) -> None:
    write_loan_host(tmp_path)
    assert (tmp_path / "loans.csv").read_bytes() == (folder / "loans.csv").read_bytes()
    assert (tmp_path / "host.yaml").read_text() == (folder / "host.yaml").read_text()


def test_predictions_and_recorded_labels_are_the_model_s_own(loan_host: TabularHost) -> None:
    data = loan_host.table.X
    for row in (3, 140, 606, 1499):
        assert loan_host.predict(loan_host.resolve(row)).label == loan_host.model.predict(data.iloc[[row]])[0]
    assert loan_host.class_names == ["approved", "rejected"]
    assert loan_host.immutable_features == ["age"]
    assert loan_host.schema().features[7].categories == ["east", "north", "south", "west"]


def test_swapped_class_names_on_the_loan_host_are_refused(folder: Path) -> None:
    """The issue's case: the order of the old config example silently inverted every label."""
    config = yaml.safe_load((folder / "host.yaml").read_text())
    path = folder / "swapped.yaml"
    path.write_text(yaml.safe_dump({**config, "class_names": ["rejected", "approved"]}))
    with pytest.raises(UsageError, match=r"class_names \['rejected', 'approved'\] does not match the model's classes_"):
        load_host_config(path)


def test_the_module_needs_one_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: python -m simxai.hosts.loan OUT_DIR" in capsys.readouterr().err
