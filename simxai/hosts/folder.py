"""A folder's own host: a `host_<name>.py` module whose `load_host()` builds it (offline, seeded).

An evaluation set (`evalsets/fresh-*`, `evalsets/guard-*`), an author's folder of router training requests
(`eval_suite/router_training/people/<author>/`) or a guard set (`eval_suite/guard/written/<set>/`) may bring a
host nobody trained on, as a module beside its data. `load_host_file` is the one loader of such a module for the
benchmark scripts and the eval suite. A folder that measures another folder's host does not copy it: its
`host_<name>.py` says which file it reuses, in two lines:

    from simxai.hosts.folder import reuse_host

    load_host = reuse_host(__file__, "../fresh-2026-12-02e/host_pump.py")

These modules are the project's own files, never text a model wrote: running them is how their hosts are built.
Readers that only look at a host or share one (the router's training schemas, the sets' format checks, the
scorer) take `load_host_file_once`, which builds each file's host once per process.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Callable
from pathlib import Path

from simxai.exceptions import UsageError
from simxai.hosts.base import Host

__all__ = ["load_host_file", "load_host_file_once", "reuse_host"]


def load_host_file(path: Path) -> Host:
    """Build the host that the module at `path` (a `host_<name>.py`) builds with its `load_host()`.

    Each call runs the module afresh (nothing is cached here), under a module name made of its folder and file
    names; the module is not added to `sys.modules`.

    Raises:
        UsageError: `path` is no Python file, has no `load_host()`, building the host fails (the message names
            the file and the error), or `load_host()` returns something other than a `Host`.
    """
    if not path.is_file():
        raise UsageError(f"{path}: no such file; a host file is a host_<name>.py module defining load_host()")
    module_name = re.sub(r"\W", "_", f"simxai_host_file_{path.parent.name}_{path.stem}")
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise UsageError(f"{path}: not a loadable Python module; a host file is a .py module defining load_host()")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
        load = getattr(module, "load_host", None)  # a fixed name in a file of ours, never a model-given one
        if not callable(load):
            raise UsageError(f"{path}: no load_host() function; a host file defines load_host() returning a Host")
        host = load()
    except UsageError:
        raise
    except Exception as exc:  # the file is its author's code: whatever it raises, name the file
        raise UsageError(f"{path}: building the host failed: {type(exc).__name__}: {exc}") from exc
    if not isinstance(host, Host):
        raise UsageError(f"{path}: load_host() returned {type(host).__name__}, not a Host")
    return host


def load_host_file_once(path: Path) -> Host:
    """`load_host_file(path)`, built once per file and process: later calls with the same file return that host.

    The file is named by its resolved path, so two spellings of one file share the host. A failed build is not
    kept (the next call tries again).

    Raises:
        UsageError: as `load_host_file`.
    """
    return _host_of_resolved(path.resolve())


@functools.cache
def _host_of_resolved(path: Path) -> Host:
    return load_host_file(path)


def reuse_host(here: str | Path, other: str) -> Callable[[], Host]:
    """A `load_host` that builds the host of another folder's host file, for a folder that measures it too.

    Args:
        here: the reusing module's own file (its `__file__`).
        other: the reused `host_<name>.py`, relative to `here`'s folder, with `/` between parts
            (`"../fresh-2026-12-02e/host_pump.py"`).

    Raises:
        UsageError: `other` is absolute or names no file (checked when the reusing module is imported).
    """
    if Path(other).is_absolute():
        raise UsageError(f"{here}: reuses {other}, an absolute path; name the host file relative to this folder")
    source = (Path(here).resolve().parent / other).resolve()
    if not source.is_file():
        raise UsageError(f"{here}: reuses {other}, and {source} is no file; name a host_<name>.py relative to here")

    def load_host() -> Host:
        return load_host_file(source)

    load_host.__doc__ = f"Build the host of `{source.name}` in `{source.parent.name}` (not copied here)."
    return load_host
