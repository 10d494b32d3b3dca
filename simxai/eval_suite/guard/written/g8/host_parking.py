"""The invented parking host of w14's router data, loaded from its own file so that the guard's loaders can build it.

The host is defined in `simxai/eval_suite/router_training/people/w14/host_parking.py`; this module only points at it, so
that `bench/fresh_set.py`'s `load_host("parking", folder)` finds it in this folder.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parents[3] / "router_training" / "people" / "w14" / "host_parking.py"


def load_host() -> Any:
    """Build the parking host (offline, seeded) from w14's module."""
    spec = importlib.util.spec_from_file_location("g8_w14_host_parking", SOURCE)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{SOURCE}: not a loadable Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.load_host()
