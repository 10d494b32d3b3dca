"""Fixtures for the HTTP service: apps built by the factory on the demo host, and clients that run them."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from simxai.backends import Backend, load_backend
from simxai.server.app import create_app
from simxai.server.settings import ServerSettings

from .helpers import serving


@pytest.fixture(autouse=True)
def _no_simxai_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # Settings read SIMXAI_* variables: a developer's shell must not change what the tests see.
    for name in list(os.environ):
        if name.startswith("SIMXAI_"):
            monkeypatch.delenv(name)


@pytest.fixture
def db_path(tmp_path) -> str:
    return str(tmp_path / "sessions.db")


@pytest.fixture
def make_app(demo_host, db_path) -> Callable[..., Any]:
    """Build an app on the demo host: the offline router unless a backend is given; settings as keywords."""

    def make(backend: Backend | None = None, **settings: Any):
        settings.setdefault("db_path", db_path)
        return create_app(ServerSettings(**settings), host=demo_host, backend=backend or load_backend("router"))

    return make


@pytest.fixture
async def client(make_app) -> AsyncIterator[httpx.AsyncClient]:
    """A client of an app with the router backend and default settings."""
    async with serving(make_app()) as c:
        yield c
