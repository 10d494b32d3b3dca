import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simxai.eval_suite.lext.embedders import (
    Embedder,
    HashingEmbedder,
    SentenceTransformerEmbedder,
    WordLlamaEmbedder,
    cosine,
    load_embedder,
)
from simxai.exceptions import UsageError


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to open a connection fails the test: embedders must load from local files only."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"network access attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def test_cosine_on_hand_computed_vectors():
    assert cosine(np.array([1.0, 0.0]), np.array([1.0, 0.0])) == 1.0
    assert cosine(np.array([1.0, 0.0]), np.array([0.0, 2.0])) == 0.0
    assert cosine(np.array([1.0, 0.0]), np.array([-3.0, 0.0])) == -1.0
    assert cosine(np.array([3.0, 4.0]), np.array([4.0, 3.0])) == pytest.approx(24 / 25)


def test_cosine_of_a_zero_vector_is_zero_not_nan():
    assert cosine(np.zeros(3), np.array([1.0, 2.0, 3.0])) == 0.0
    assert cosine(np.zeros(3), np.zeros(3)) == 0.0


def test_hashing_embedder_is_deterministic_and_blank_texts_are_zero():
    embedder = HashingEmbedder(n_features=2**12)
    texts = ["The model predicts positive.", "", "   ", "The model predicts negative."]
    first, second = embedder.embed(texts), HashingEmbedder(n_features=2**12).embed(texts)
    assert isinstance(embedder, Embedder) and first.shape == (4, 2**12)
    np.testing.assert_array_equal(first, second)
    assert not first[1].any() and not first[2].any()
    same, other = cosine(first[0], first[3]), cosine(first[0], embedder.embed(["bpm heart rate"])[0])
    assert 0.0 <= other < same < 1.0  # non-negative features: cosines stay in [0, 1]


def test_wordllama_loads_its_bundled_files_without_network(no_network):
    embedder = load_embedder("wordllama")
    assert isinstance(embedder, WordLlamaEmbedder) and embedder.name == "wordllama:l2_supercat_256"
    vectors = embedder.embed(
        [
            "The model predicts positive for the review.",
            "",
            "The review is predicted positive by the model.",
            "Heart rate of 96 bpm.",
        ]
    )
    assert vectors.shape == (4, 256) and not vectors[1].any()
    assert cosine(vectors[0], vectors[0]) == pytest.approx(1.0, abs=1e-12)
    assert cosine(vectors[0], vectors[2]) > cosine(vectors[0], vectors[3])


def test_embedder_specs_and_their_errors(tmp_path):
    assert isinstance(load_embedder("hashing"), HashingEmbedder)
    with pytest.raises(UsageError, match="unknown embedder 'bert'; valid: wordllama, hashing, st:"):
        load_embedder("bert")
    with pytest.raises(UsageError, match="needs a local folder"):
        load_embedder("st:")
    with pytest.raises(UsageError, match="does not exist; pass a local folder"):
        load_embedder(f"st:{tmp_path / 'missing'}")


def test_sentence_transformer_embedder_loads_a_local_folder_only(tmp_path, no_network):
    pytest.importorskip("sentence_transformers")
    # A folder that holds no model must fail locally (never by trying the Hub).
    with pytest.raises(Exception) as excinfo:
        SentenceTransformerEmbedder(tmp_path)
    assert not isinstance(excinfo.value, AssertionError)


def test_loading_wordllama_leaves_the_root_logger_alone():
    # wordllama's import calls logging.basicConfig(level=INFO); in a fresh interpreter that would show.
    code = (
        "import logging\n"
        "from simxai.eval_suite.lext.embedders import load_embedder\n"
        "load_embedder('wordllama')\n"
        "root = logging.getLogger()\n"
        "assert root.handlers == [] and root.level == logging.WARNING, (root.handlers, root.level)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
