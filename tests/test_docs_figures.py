"""The documentation's generated figures match what their commands print now (scripts/docs_figures.py)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = ROOT.parent / "shared" / "datasets"


def _check(only: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "docs_figures.py"), "--only", only, *options],
        capture_output=True,
        text=True,
        check=False,
    )


def _assert_current(only: str, *options: str) -> None:
    done = _check(only, *options)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 stale" in done.stdout and not done.stdout.startswith("0 generated")


@pytest.mark.skipif(not DATA_DIR.is_dir(), reason="needs ../shared/datasets beside the checkout")
def test_the_reproduce_figures_in_the_docs_are_current():
    _assert_current("simxai-eval reproduce")


@pytest.mark.slow  # about 106 s of CPU (README, Development): CI starts this file first, not last
def test_the_guard_benchmark_figures_in_the_docs_are_current():
    # docs/guard.md's `python bench/guard.py` blocks, one per template set, in one process: the hosts are built and
    # the functions run once, not once per set (about two fifths less CPU than a process per block)
    _assert_current("bench/guard.py", "--one-process")


def test_a_stale_block_is_named_and_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("<!-- figures: python -c \"print('fresh')\" -->\nold\n<!-- /figures -->\n", encoding="utf-8")
    script = [sys.executable, str(ROOT / "scripts" / "docs_figures.py"), str(page)]
    done = subprocess.run(script, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "stale figures for `python -c" in done.stdout
    assert subprocess.run([*script, "--write"], capture_output=True, text=True, check=False).returncode == 0
    assert page.read_text(encoding="utf-8").split("\n")[1] == "fresh"
    assert subprocess.run(script, capture_output=True, text=True, check=False).returncode == 0


def test_one_process_prints_what_a_process_per_block_prints(tmp_path):
    script = tmp_path / "speak.py"
    source = "import sys\nprint('said', *sys.argv[1:])\nraise SystemExit(int(sys.argv[-1]))\n"
    script.write_text(source, encoding="utf-8")
    page = tmp_path / "page.md"
    blocks = [f"<!-- figures: python {script} {says} -->\nsaid {says}\n<!-- /figures -->\n" for says in ("a 0", "b 1")]
    page.write_text("".join(blocks), encoding="utf-8")
    command = [sys.executable, str(ROOT / "scripts" / "docs_figures.py"), str(page)]
    for options in ([], ["--one-process"]):
        done = subprocess.run([*command, *options], capture_output=True, text=True, check=False)
        assert done.returncode == 0 and "2 generated blocks checked, 0 stale" in done.stdout, done.stdout + done.stderr
    page.write_text(blocks[0].replace("said a", "said c"), encoding="utf-8")
    done = subprocess.run([*command, "--one-process"], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "1 generated blocks checked, 1 stale" in done.stdout
    script.write_text("raise SystemExit(2)\n", encoding="utf-8")
    done = subprocess.run([*command, "--one-process"], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "exited 2" in done.stderr
    page.write_text('<!-- figures: python -c "print(1)" -->\n1\n<!-- /figures -->\n', encoding="utf-8")
    done = subprocess.run([*command, "--one-process"], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "runs `python <script>.py ...` blocks only" in done.stderr
