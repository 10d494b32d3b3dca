"""Set G's invented `well` host, loaded from its own folder so that set H's well lines build the same host."""

import importlib.util
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location(
    "guard_g_host_well", Path(__file__).resolve().parents[1] / "guard-2026-12-02g" / "host_well.py"
)
assert _SPEC is not None and _SPEC.loader is not None
_MODULE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_MODULE)
load_host = _MODULE.load_host
