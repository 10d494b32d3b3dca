"""The router's learned selector: the shipped artifact, its fingerprint, calibration and the training data."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import numpy as np
import pytest

from simxai.backends.router_model import ARTIFACT, analyze, load_selector, model_text, read_selector
from simxai.eval_suite.router_training.data import DEV_SCHEMAS, TrainingData, build_training_data, fingerprint
from simxai.eval_suite.router_training.templates import NONE, TEMPLATES
from simxai.eval_suite.router_training.train import SETTINGS
from simxai.exceptions import UsageError
from simxai.functions import default_registry
from simxai.hosts.base import HostSchema

DATA_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "datasets"
ELEVEN = {s.name for s in default_registry().specs()}


# Building the training data (~120,000 examples) and fingerprinting it (the selector texts of its probe) cost about
# 10 and 35 s of CPU each: the module builds the data without the shared datasets once and fingerprints whole data
# only where nothing cheaper checks the same thing (the shipped artifact's fingerprint, computed by the training
# run in another process, against the data rebuilt here: freshness and determinism across processes at once). What
# moves a fingerprint is checked on a slice (every 25th example and every hyphenated one), where the same rules apply.
@pytest.fixture(scope="module")
def data() -> TrainingData:
    return build_training_data(None)


@pytest.fixture(scope="module")
def sliced(data: TrainingData) -> TrainingData:
    examples = [e for i, e in enumerate(data.examples) if i % 25 == 0 or "-" in e.text]
    return TrainingData(examples, data.schemas, data.excluded)


def test_the_artifact_is_small_has_no_pickle_and_knows_the_eleven_functions() -> None:
    assert ARTIFACT.stat().st_size < 30e6
    with zipfile.ZipFile(ARTIFACT) as archive:
        for name in archive.namelist():
            with archive.open(name) as member:
                header = member.read(128)
            assert b"'descr': '|O'" not in header, f"{name} is an object array (pickle)"
    model = load_selector()
    assert set(model.classes) == ELEVEN | {NONE}
    assert model.coef.shape[0] == len(model.classes) and model.coef.shape[1] >= len(model.vocabulary)
    assert model.temperature > 0 and model.metadata["settings"] == json.loads(json.dumps(SETTINGS))


@pytest.mark.slow  # builds the training data with the datasets and fingerprints it whole (about 75 s of CPU)
def test_the_shipped_artifact_matches_the_training_data_and_settings() -> None:
    if not (DATA_DIR / "coxql").is_dir() or not (DATA_DIR / "talktomodel").is_dir():
        pytest.skip(f"the shared datasets folder {DATA_DIR} is absent: the training data cannot be regenerated")
    data = build_training_data(DATA_DIR)
    assert load_selector().metadata["fingerprint"] == fingerprint(data, SETTINGS), (
        "the shipped router model is stale: rebuild it with "
        "`python -m simxai.eval_suite.router_training --data-dir ../shared/datasets`"
    )


@pytest.mark.slow  # builds the training data twice (the module's and a rebuild)
def test_the_fingerprint_moves_with_the_data_and_the_settings(data: TrainingData, sliced: TrainingData) -> None:
    # deterministic: a rebuild holds the same examples, schemas and exclusions (every field, not only the hashed
    # ones); the same data gives the same fingerprint on the slice in one process (the last line of
    # test_the_fingerprint_covers_what_the_selector_reads) and on the whole data with the datasets across processes
    # (test_the_shipped_artifact_matches_the_training_data_and_settings)
    assert build_training_data(None) == data
    start = fingerprint(sliced, SETTINGS)
    assert fingerprint(sliced, {**SETTINGS, "C": SETTINGS["C"] * 2}) != start
    fewer = type(sliced)(sliced.examples[1:], sliced.schemas, sliced.excluded)
    assert fingerprint(fewer, SETTINGS) != start


def test_dev_holds_out_whole_templates_and_whole_schemas(data: TrainingData) -> None:
    paraphrases = [e for e in data.examples if e.source == "paraphrase"]
    train_schemas = {e.schema for e in paraphrases if e.split == "train"}
    assert not train_schemas & DEV_SCHEMAS
    assert {e.schema for e in paraphrases if e.split == "dev"} >= DEV_SCHEMAS - {"ttm german"}
    assert set(TEMPLATES) == ELEVEN | {NONE}
    assert 0.1 < len(data.split("dev")) / len(data.examples) < 0.6


def test_probabilities_are_calibrated_values_over_the_allowed_functions() -> None:
    model = load_selector()
    # the masked form the router gives the selector for "why is patient 5 predicted progressing?"
    text = model_text("why is znoun NUM predicted LABEL ?", None, names_changes=False)
    probabilities = model.probabilities(text)
    assert abs(sum(probabilities.values()) - 1.0) < 1e-9
    assert max(probabilities, key=probabilities.__getitem__) == "get_local_explanation"
    allowed = model.probabilities(text, frozenset({"get_prediction", "get_model_information"}))
    assert set(allowed) == {"get_prediction", "get_model_information"}
    assert abs(sum(allowed.values()) - 1.0) < 1e-9


def test_model_text_makes_host_words_generic() -> None:
    schema = HostSchema(
        name="loans", kind="tabular", instance_noun="applicant", class_names=["approved"], features=[], id_range=None
    )
    text = model_text("Why are Applicants NUM and LABEL ?", schema, names_changes=True)
    assert text == "why are znoun znum and zlabel ? zchange"
    assert "w:znoun" in analyze(text) and "c: zn" not in analyze(text)


def test_a_broken_artifact_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "model.npz"
    np.savez(broken, terms=np.array("[]"))
    with pytest.raises(UsageError, match="rebuild it with"):
        read_selector(broken)
    with pytest.raises(UsageError, match="missing or unreadable"):
        read_selector(tmp_path / "absent.npz")


def test_the_fingerprint_covers_what_the_selector_reads(monkeypatch: pytest.MonkeyPatch, sliced: TrainingData) -> None:
    """A change to normalisation or masking changes the selector's training texts, so it must move the fingerprint."""
    import simxai.backends.router as router
    import simxai.normalize as normalize

    data = sliced
    base = fingerprint(data, SETTINGS)
    real_normalize = normalize.normalize
    monkeypatch.setattr(normalize, "normalize", lambda text, *a, **k: real_normalize(text.replace("-", " "), *a, **k))
    assert fingerprint(data, SETTINGS) != base  # a spelling rule for hyphens
    monkeypatch.setattr(normalize, "normalize", real_normalize)
    real_text = router.selector_text
    monkeypatch.setattr(router, "selector_text", lambda text, schema: real_text(text, schema) + " zchange")
    assert fingerprint(data, SETTINGS) != base  # a masking flag
    monkeypatch.setattr(router, "selector_text", real_text)
    assert fingerprint(data, SETTINGS) == base
