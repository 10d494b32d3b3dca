"""A text host's start-up work: its steps, that it leaves nothing to load for the first explanation, stopping."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from simxai.hosts.sentiment import load_sentiment_host
from simxai.hosts.text import TextHost
from simxai.server.warmup import start_warmup
from tests.child_process import wait_until

STEPS = [
    "loading shap",
    "compiling the explainer",
    "predicting every text",
    "held-out metrics",
    "data statistics",
    "global explanation",
]


def _never() -> np.ndarray:
    raise AssertionError("a resource the start-up work built was built again")


def test_warm_reports_each_step_and_builds_what_the_first_questions_need() -> None:
    host = load_sentiment_host()
    seen: list[tuple[str, int, int]] = []
    host.warm(lambda step, done, total: seen.append((step, done, total)))
    assert seen == [(step, i, len(STEPS)) for i, step in enumerate(STEPS)] + [("ready", len(STEPS), len(STEPS))]
    # Every text was predicted, and the metrics, word counts and global explanation are built and kept.
    assert all(host._proba_cache.lookup(text) is not None for text in host._texts)
    assert host._resource("performance", _never)
    assert len(host._resource("lengths", _never)) == len(host._texts)
    assert host._resource("global explanation positive", _never).label == "positive"


def test_warm_without_a_data_set_only_prepares_the_explainer() -> None:
    host = TextHost(lambda texts: np.tile([0.3, 0.7], (len(texts), 1)), ["no", "yes"], name="constant")
    seen: list[str] = []
    host.warm(lambda step, done, total: seen.append(step))
    assert seen == ["loading shap", "compiling the explainer", "ready"]


@pytest.mark.slow  # the file costs about 43 s of CPU (a fresh Python process warms a text host): CI starts it first
def test_after_warm_the_first_explanation_imports_and_compiles_nothing(tmp_path: Path) -> None:
    # A fresh interpreter: in this test process shap may be loaded and compiled by earlier tests already.
    script = textwrap.dedent(
        """
        import gc, sys
        from simxai.hosts.sentiment import load_sentiment_host

        def compiled():
            from numba.core.dispatcher import Dispatcher
            return sum(len(f.signatures) for f in gc.get_objects() if isinstance(f, Dispatcher))

        host = load_sentiment_host()
        assert "shap" not in sys.modules and "numba" not in sys.modules
        host.warm()
        modules, signatures = set(sys.modules), compiled()
        assert signatures > 0
        text = " ".join(["the plot was slow but the acting was good and the music great"] * 2)
        result = host.local_explanation(host.resolve(text), None)
        assert result.method == "SHAP partition explainer over words", result.method
        print(sorted(set(sys.modules) - modules), compiled() - signatures)
        """
    )
    # Output to files, not pipes: a pipe nobody reads while the process runs could fill and block it.
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-c", script], stdout=stdout, stderr=stderr, text=True)
    try:
        # About 40 s of CPU: 600 s is a runaway; a hang is caught by the process using no CPU (tests/child_process).
        wait_until(lambda: process.poll() is not None, process, what="the warm-up script ends", cpu_limit=600)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err.read_text()[-2000:]
    assert out.read_text().split() == ["[]", "0"]


class _Gate:
    """A model that blocks its first call until released, so a test can stop the warm-up mid-step."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        self.entered.set()
        assert self.release.wait(60)
        return np.tile([0.4, 0.6], (len(texts), 1))


def test_stopping_the_warm_up_of_a_text_host_ends_it_at_the_next_step() -> None:
    gate = _Gate()
    host = TextHost(gate, ["no", "yes"], name="gated", dataset=[("a fine text", "yes"), ("a poor text", "no")])
    warmup = start_warmup(host)
    assert gate.entered.wait(60)  # the first explanation is running, its model call blocked
    assert not warmup.stop(timeout=0)  # asked to stop; the step in progress cannot be cut short
    gate.release.set()
    assert warmup.stop(timeout=60) and not warmup.running
    body = warmup.body()
    assert body["finished"] and body["error"] == "the app stopped before 'predicting every text'"
    assert body["step"] == "compiling the explainer" and body["done"] == 1
    assert host._proba_cache.lookup("a fine text") is None and host._lazy.peek("global explanation positive") is None
