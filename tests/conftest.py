"""Fixtures shared by every test package."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def demo_host():
    """The diabetes demo host (built once per process; `load_demo_host` caches it)."""
    from simxai.hosts.demo import load_demo_host

    return load_demo_host()


@pytest.fixture(scope="session")
def loan_host():
    """The loan-approval host, loaded from its generated files as a user's config is (built once per process)."""
    from simxai.hosts.loan import load_loan_host

    return load_loan_host()


@pytest.fixture(scope="session")
def datasets_dir() -> Path:
    """The read-only shared datasets beside the checkout (never copied into the repository)."""
    path = (REPO_ROOT / ".." / "shared" / "datasets").resolve()
    assert path.is_dir(), f"the shared datasets are not at {path} (see /work/shared/datasets/README.md)"
    return path
