"""Heavy imports: once, under a lock, and never left half-done when a warning or an error stops them."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from simxai.exceptions import HostError
from simxai.hosts._imports import Quiet, forget, import_once

# shap's layout in miniature: the package's submodules reach `sub` (so Python binds it as an attribute of
# the package object being built at that moment), then the package warns.
_INIT = """
from .explainer import Explainer
import warnings
warnings.warn("colour maps will change", PendingDeprecationWarning)
"""


def _package(root: Path, name: str, init: str = _INIT, sub: str = "class Masker:\n    pass\n") -> None:
    (root / name).mkdir()
    (root / name / "__init__.py").write_text(init)
    (root / name / "explainer.py").write_text("from .sub import Masker\n\nclass Explainer:\n    pass\n")
    (root / name / "sub.py").write_text(sub)


@pytest.fixture
def packages(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    made: list[str] = []

    def make(name: str, **files: str) -> str:
        _package(tmp_path, name, **files)
        made.append(name)
        return name

    yield make
    for name in made:
        forget(name)


def test_a_plain_second_import_after_a_warning_leaves_a_half_package(packages):
    # The bug this module guards against, shown with a bare import: the second package object lacks `sub`.
    name = packages("halfpkg")
    with pytest.raises(PendingDeprecationWarning):
        __import__(name)
    assert f"{name}.sub" in sys.modules and name not in sys.modules
    with pytest.warns(PendingDeprecationWarning):
        module = __import__(name)
    assert not hasattr(module, "sub")


def test_an_import_stopped_by_a_warning_is_tried_again_from_scratch(packages, tmp_path):
    # The first time the package runs, the filters become "error" only just before it warns (what another
    # thread leaving `warnings.catch_warnings` does): the warning it meant to silence escapes as an error.
    (tmp_path / "race_state.py").write_text("runs = 0\n")
    race = "import warnings\nimport race_state\nrace_state.runs += 1\nif race_state.runs == 1:\n"
    race += "    warnings.resetwarnings()\n    warnings.simplefilter('error')\n"
    name = packages("racepkg", init=_INIT.replace("import warnings\n", race))
    module = import_once(name, [Quiet("colour maps will change", PendingDeprecationWarning, name)])
    assert sys.modules["race_state"].runs == 2
    assert module is sys.modules[name] and module.sub is sys.modules[f"{name}.sub"]
    assert module.explainer.Explainer is module.Explainer
    assert import_once(name) is module  # once per process
    del sys.modules["race_state"]


def test_a_warning_that_never_stops_is_a_host_error_and_leaves_nothing(packages):
    name = packages("warnpkg")
    with pytest.raises(HostError, match=r"importing warnpkg failed 3 times on a warning raised as an error"):
        import_once(name)
    assert not [k for k in sys.modules if k == name or k.startswith(name + ".")]


def test_a_failed_import_names_the_package_and_leaves_nothing(packages):
    name = packages("brokenpkg", sub="raise ImportError('libfoo.so: cannot open shared object file')\n")
    with pytest.raises(HostError, match=r"^brokenpkg could not be imported \(ImportError: libfoo\.so"):
        import_once(name)
    assert not [k for k in sys.modules if k == name or k.startswith(name + ".")]


def test_threads_asking_at_once_share_one_import(packages):
    name = packages("slowpkg", init="import time\ntime.sleep(0.2)\nfrom .explainer import Explainer\n")
    found: list[object] = []
    threads = [threading.Thread(target=lambda: found.append(import_once(name))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(found) == 4 and all(m is found[0] for m in found) and hasattr(found[0], "sub")


def test_shap_imports_whole_when_the_warning_filters_change_during_its_import():
    # In a fresh process: the first time shap sets a colour map's bad colour, the filters become "error" only
    # (what another thread leaving `warnings.catch_warnings` does), so matplotlib's pending deprecation
    # escapes midway through shap's __init__. import_shap must still give a whole shap, with `shap.maskers`.
    script = textwrap.dedent(
        """
        import warnings
        import matplotlib.colors
        from simxai.hosts._imports import import_shap

        original = matplotlib.colors.Colormap.set_bad

        def set_bad_in_a_race(self, *args, **kwargs):
            matplotlib.colors.Colormap.set_bad = original
            warnings.resetwarnings()
            warnings.simplefilter("error")
            return original(self, *args, **kwargs)

        matplotlib.colors.Colormap.set_bad = set_bad_in_a_race
        warnings.simplefilter("error")
        shap = import_shap()
        print(type(shap.maskers.Text).__name__, import_shap() is shap)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["type", "True"]
