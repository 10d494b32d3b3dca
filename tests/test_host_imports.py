"""Every host file of the router's training authors, the guard's written sets and the evaluation sets builds on
the quick-start install.

The README's quick start installs the package with its `[dev,hf]` extras; the model libraries (CatBoost, XGBoost,
LightGBM) and DiCE are optional extras it leaves out. A host file importing one at module level fails to load there
(a CatBoost host broke the training data's tests in a fresh clone), so each `host_*.py` may import, outside a
function, only the standard library, simxai, and the distributions the base install and those extras bring
(with what they require in turn), read from pyproject.toml and the installed packages' metadata.
"""

from __future__ import annotations

import ast
import functools
import importlib.metadata as metadata
import re
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10, where pytest itself depends on tomli
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
_EXTRAS = ("dev", "hf")
# optional extras of the package that the quick start leaves out: never at a host file's module level
_OPTIONAL = frozenset({"catboost", "xgboost", "lightgbm", "dice_ml"})


def _dist(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _installed_closure(names: set[str]) -> set[str]:
    """The distributions `names` require, transitively, as far as installed metadata tells (markers evaluated)."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = _dist(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for line in requires:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return seen


@functools.lru_cache(maxsize=1)
def _allowed_modules() -> frozenset[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    own = _dist(project["name"])
    extras: dict[str, list[str]] = project["optional-dependencies"]
    wanted: set[str] = set()
    todo = [Requirement(r) for r in project["dependencies"]] + [Requirement(f"{own}[{','.join(_EXTRAS)}]")]
    opened: set[str] = set()
    while todo:
        req = todo.pop()
        if _dist(req.name) == own:  # "simxai[server,eval]" inside an extra: its extras, in turn
            for extra in req.extras - opened:
                opened.add(extra)
                todo += [Requirement(r) for r in extras[extra]]
        elif req.marker is None or req.marker.evaluate():
            wanted.add(req.name)
    dists = _installed_closure(wanted)
    modules = {
        module for module, owners in metadata.packages_distributions().items() if {_dist(o) for o in owners} & dists
    }
    return frozenset((modules | set(sys.stdlib_module_names) | {"simxai", "__future__"}) - _OPTIONAL)


def _guarded(node: ast.Try) -> bool:
    """A `try:` whose handler catches ImportError: an optional import with a fallback."""
    names = (
        {n.id for h in node.handlers for n in ast.walk(h.type) if isinstance(n, ast.Name)} if node.handlers else set()
    )
    return bool(names & {"ImportError", "ModuleNotFoundError"}) or any(h.type is None for h in node.handlers)


def module_level_imports(source: str) -> set[str]:
    """The top-level packages a module imports outside any function or class body and any guarded `try:`."""
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.Try):
                if not _guarded(node):
                    visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, (ast.If, ast.With)):
                visit(node.body)
                visit(getattr(node, "orelse", []))

    visit(ast.parse(source).body)
    return found


def _host_files() -> list[Path]:
    suite = ROOT / "simxai" / "eval_suite"
    roots = (suite / "router_training", suite / "guard" / "written", ROOT / "evalsets")
    return sorted(p for root in roots if root.is_dir() for p in root.rglob("host_*.py"))


def test_there_are_host_files_to_check() -> None:
    assert len(_host_files()) >= 10


@pytest.mark.parametrize("path", _host_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_host_file_imports_only_the_quick_start_install(path: Path) -> None:
    missing = module_level_imports(path.read_text()) - _allowed_modules()
    assert not missing, f"{path.relative_to(ROOT)} imports {sorted(missing)} outside the base install and [dev,hf]"


def test_the_check_catches_an_optional_model_library_and_allows_a_guarded_or_local_one() -> None:
    source = (
        "from __future__ import annotations\nimport numpy as np\nfrom catboost import CatBoostClassifier\n"
        "try:\n    import xgboost\nexcept ImportError:\n    xgboost = None\n"
        "def build():\n    import lightgbm\n    return lightgbm\n"
    )
    imported = module_level_imports(source)
    assert imported == {"__future__", "numpy", "catboost"}
    assert imported - _allowed_modules() == {"catboost"}
    assert {"numpy", "pandas", "sklearn", "simxai", "json"} <= _allowed_modules()
