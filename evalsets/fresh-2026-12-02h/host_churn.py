"""Set F's invented `churn` host, loaded from its own folder so that set H measures it too (no copy of it here)."""

import importlib.util
from pathlib import Path
from typing import Any

_SOURCE = Path(__file__).resolve().parents[1] / "fresh-2026-12-02f" / "host_churn.py"


def load_host() -> Any:
    """Build the churn host of set F (`evalsets/fresh-2026-12-02f/host_churn.py`)."""
    spec = importlib.util.spec_from_file_location("fresh_set_f_host_churn", _SOURCE)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{_SOURCE}: not a loadable Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.load_host()
