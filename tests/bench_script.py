"""A script of `bench/` loaded as a module, for the tests of its readers and scorers (bench/ is no package).

Shared by the scorer fixtures of `tests/test_fresh_set.py`, `tests/test_guard_set.py` and
`tests/eval_suite/held_out_sets.py`, which each loaded their script with the same lines.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def bench_script(file: str, name: str) -> Iterator[ModuleType]:
    """`bench/<file>` loaded as the module `name`, kept in `sys.modules` while in use; a fixture's body.

    The module is registered before it runs because dataclasses look their module up while the script loads.
    """
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / file)
    assert spec is not None and spec.loader is not None, file
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(name, None)
