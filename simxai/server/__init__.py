"""The HTTP service: `create_app` builds the FastAPI app, `serve` runs it (as `simxai serve` does).

Both load on first use, so `import simxai.server` stays as light as the core; the other modules (routes, store,
dependencies, middleware) are the service's implementation. See docs/http-api.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from simxai.server.app import create_app
    from simxai.server.run import serve

__all__ = ["create_app", "serve"]

_LAZY = {"create_app": "simxai.server.app", "serve": "simxai.server.run"}


def __getattr__(name: str) -> Any:
    """Load `create_app` or `serve` from its module on first use."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simxai.server' has no attribute {name!r}")
