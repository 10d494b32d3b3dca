"""A pytest plugin for `bench/selector_churn.py`: the shipped selector replaced by the artifact `SIMXAI_SELECTOR_SWAP`.

Loaded with `-p _selector_swap` (bench/ on the path); without the variable it changes nothing. Only for
measuring how a rebuilt selector moves the engine's pinned answers before it replaces the shipped one.
"""

from __future__ import annotations

import os
from pathlib import Path

from simxai.backends import router_model

_SWAP = os.environ.get("SIMXAI_SELECTOR_SWAP")
if _SWAP:
    if not Path(_SWAP).is_file():
        raise SystemExit(f"SIMXAI_SELECTOR_SWAP={_SWAP} is no file; give a selector artifact")
    router_model.ARTIFACT = Path(_SWAP)
    router_model.load_selector.cache_clear()
