"""Heavy libraries the hosts load on first use (shap, dice_ml): imported once, under a lock, never half.

Why this is more than `import shap`: warning filters are process-global, and `warnings.catch_warnings` is
not thread-safe. While a host's start-up thread imports shap with one warning silenced, another thread that
enters or leaves `catch_warnings` (a web framework building a route, pytest between two tests) replaces the
filters, and under an "error" filter the silenced warning escapes as an exception midway through shap's
`__init__`. Python then drops `shap` from `sys.modules` but keeps the submodules it had loaded, so the next
`import shap` builds a new package that lacks them as attributes (`shap.maskers` is missing) and fails far
from the cause. Here a failed import removes the package and all its submodules; an import stopped by a
warning is tried again from scratch; any other failure is a `HostError` that names the package.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import sys
import threading
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

from simxai.exceptions import HostError

__all__ = ["Quiet", "forget", "import_once", "import_shap", "shap_installed"]

logger = logging.getLogger("simxai.hosts")

#: Imports of one package tried at most, when a warning raised as an error stops them.
ATTEMPTS = 3

_LOCK = threading.Lock()
_imported: dict[str, ModuleType] = {}


@dataclass(frozen=True)
class Quiet:
    """A warning a package emits while it is imported, silenced during the import (every field must match)."""

    message: str
    category: type[Warning]
    module: str


#: shap builds its colour maps at import with matplotlib calls that matplotlib marks as pending deprecation;
#: that is shap's to fix, and the test suite turns warnings into errors. Only that warning is silenced: its
#: category, its message and the shap module that triggers it must all match.
_SHAP_IMPORT_WARNINGS = (Quiet(r"The set_\w+ function will be deprecated", PendingDeprecationWarning, r"shap\.plots"),)


def import_shap() -> ModuleType:
    """Import shap lazily, once per process, and never half (the tabular and the text host both use this).

    Raises:
        HostError: shap cannot be imported.
    """
    shap = import_once("shap", _SHAP_IMPORT_WARNINGS)
    # The model-agnostic explainer logs every coalition's result at INFO; a server log is no place for it.
    logging.getLogger("shap").setLevel(logging.WARNING)
    return shap


def shap_installed() -> bool:
    """Whether shap (the `shap` extra) can be imported; found without importing it."""
    return importlib.util.find_spec("shap") is not None


def import_once(name: str, quiet: Sequence[Quiet] = ()) -> ModuleType:
    """Import the top-level package `name` once per process, with the `quiet` warnings silenced meanwhile.

    Threads that ask at the same time wait for the one import. A failed import leaves no trace in
    `sys.modules`; one stopped by a warning turned into an error is tried again (up to `ATTEMPTS` times).

    Raises:
        HostError: the package cannot be imported; the message names it and the underlying error.
    """
    module = _imported.get(name)
    if module is not None:
        return module
    with _LOCK:
        module = _imported.get(name)
        if module is None:
            module = _import(name, quiet)
            _imported[name] = module
    return module


def _import(name: str, quiet: Sequence[Quiet]) -> ModuleType:
    stopped: Warning | None = None
    for _ in range(ATTEMPTS):
        try:
            with warnings.catch_warnings():
                for q in quiet:
                    warnings.filterwarnings("ignore", message=q.message, category=q.category, module=q.module)
                return importlib.import_module(name)
        except Warning as exc:
            forget(name)
            stopped = exc
            logger.info("importing %s stopped on a warning raised as an error (%s); importing it again", name, exc)
        except Exception as exc:
            forget(name)
            raise HostError(
                f"{name} could not be imported ({type(exc).__name__}: {exc}); the host needs it for this "
                "question: check that it is installed and imports in this environment"
            ) from exc
    raise HostError(
        f"importing {name} failed {ATTEMPTS} times on a warning raised as an error "
        f"({type(stopped).__name__}: {stopped})"
    ) from stopped


def forget(name: str) -> None:
    """Remove the package `name` and every submodule of it from `sys.modules` (and from this module's cache)."""
    _imported.pop(name, None)
    prefix = name + "."
    for key in [k for k in sys.modules if k == name or k.startswith(prefix)]:
        del sys.modules[key]
