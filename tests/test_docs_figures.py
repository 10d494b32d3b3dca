"""The documentation's generated figures match what their commands print now (scripts/docs_figures.py)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = ROOT.parent / "shared" / "datasets"


def _check(only: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "docs_figures.py"), "--only", only],
        capture_output=True,
        text=True,
        check=False,
    )


def _assert_current(only: str) -> None:
    done = _check(only)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 stale" in done.stdout and not done.stdout.startswith("0 generated")


@pytest.mark.skipif(not DATA_DIR.is_dir(), reason="needs ../shared/datasets beside the checkout")
def test_the_reproduce_figures_in_the_docs_are_current():
    _assert_current("simxai-eval reproduce")


def test_the_guard_benchmark_figures_in_the_docs_are_current():
    # docs/guard.md's `python bench/guard.py` blocks, one per template set: about 70 s of CPU in all
    _assert_current("bench/guard.py")


def test_a_stale_block_is_named_and_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("<!-- figures: python -c \"print('fresh')\" -->\nold\n<!-- /figures -->\n", encoding="utf-8")
    script = [sys.executable, str(ROOT / "scripts" / "docs_figures.py"), str(page)]
    done = subprocess.run(script, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "stale figures for `python -c" in done.stdout
    assert subprocess.run([*script, "--write"], capture_output=True, text=True, check=False).returncode == 0
    assert page.read_text(encoding="utf-8").split("\n")[1] == "fresh"
    assert subprocess.run(script, capture_output=True, text=True, check=False).returncode == 0
