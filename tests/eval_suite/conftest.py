"""Fixtures of the evaluation-suite tests: the demo host, engines with test backends, and data helpers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from simxai.agent import Agent
from simxai.eval_suite.oracle import OracleBackend
from simxai.eval_suite.parsing import SelectionOnlyHost


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


def read_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))
