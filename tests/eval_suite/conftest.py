"""Fixtures of the evaluation-suite tests: the demo host, engines with test backends, and data helpers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from simxai.agent import Agent
from simxai.eval_suite.parsing.evaluate import SelectionOnlyHost
from simxai.eval_suite.parsing.oracle import OracleBackend


@pytest.fixture(scope="session")
def selection_host(demo_host):
    """The demo host behind the selection-only proxy: fast, and the selected call is still recorded."""
    return SelectionOnlyHost(demo_host)


@pytest.fixture
def oracle_agent(selection_host):
    return Agent(selection_host, OracleBackend())


@pytest.fixture
def data_copy(tmp_path, datasets_dir):
    """A writable copy of one dataset file inside a folder laid out like the shared datasets."""

    def copy(relative: str) -> Path:
        target = tmp_path / "data" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(datasets_dir / relative, target)
        target.chmod(0o644)
        return target

    return copy


@pytest.fixture
def eval_argv(datasets_dir):
    """Build a `simxai-eval` command line on the shared data, uncached and without a progress bar.

    `judge_url` adds `--judge <judge> --judge-base-url <judge_url>`; `out` adds `--out`.
    """

    def argv(
        command: str, *options: str, out: Path | None = None, judge_url: str | None = None, judge: str = "openai:judge"
    ) -> list[str]:
        args = [command, *options]
        if judge_url is not None:
            args += ["--judge", judge, "--judge-base-url", judge_url]
        args += ["--data-dir", str(datasets_dir)]
        if out is not None:
            args += ["--out", str(out)]
        return [*args, "--no-cache", "--quiet"]

    return argv


def read_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))
