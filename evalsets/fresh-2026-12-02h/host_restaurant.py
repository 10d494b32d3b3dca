"""Set G's invented `restaurant` host, loaded from its own folder so that set H measures it too (no copy of it here)."""

import importlib.util
from pathlib import Path
from typing import Any

_SOURCE = Path(__file__).resolve().parents[1] / "fresh-2026-12-02g" / "host_restaurant.py"


def load_host() -> Any:
    """Build the restaurant host of set G (`evalsets/fresh-2026-12-02g/host_restaurant.py`)."""
    spec = importlib.util.spec_from_file_location("fresh_set_g_host_restaurant", _SOURCE)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{_SOURCE}: not a loadable Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.load_host()
