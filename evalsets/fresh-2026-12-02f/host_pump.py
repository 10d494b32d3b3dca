"""Set E's invented `pump` host, loaded from its own folder so that set F measures it too (no copy of it here)."""

import importlib.util
from pathlib import Path
from typing import Any

_SOURCE = Path(__file__).resolve().parents[1] / "fresh-2026-12-02e" / "host_pump.py"


def load_host() -> Any:
    """Build the pump host of set E (`evalsets/fresh-2026-12-02e/host_pump.py`)."""
    spec = importlib.util.spec_from_file_location("fresh_set_e_host_pump", _SOURCE)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{_SOURCE}: not a loadable Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.load_host()
