"""The public face: each package lists in `__all__` what users import, every listed name resolves, and every
import the README, docs and examples show comes from a module that lists it (from the package, when the
package lists it), so the curated lists and the documentation cannot drift apart.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import simxai

PACKAGE = Path(simxai.__file__).resolve().parent
ROOT = PACKAGE.parent
#: Snippets of code that lives inside the package they import from: such a module imports the implementation
#: module, not its own package's `__init__` (docs/eval.md: a command module imports `commands.options`).
INSIDE = {("eval.md", "simxai.eval_suite.commands.options")}
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
# `from simxai... import a, b` on one line, or `from simxai... import (` and names up to the closing bracket.
_DOC_IMPORT = re.compile(r"^\s*from (simxai[\w.]*) import (\([^)]*\)|[^\n#]+)", re.MULTILINE)


def _packages() -> list[str]:
    return [".".join(init.parent.relative_to(ROOT).parts) for init in sorted(PACKAGE.rglob("__init__.py"))]


def _documented_imports() -> list[tuple[str, str, str]]:
    """(where, module, name) for every `from simxai... import name` in the README, docs and examples."""
    found = []
    for page in PAGES:
        for match in _DOC_IMPORT.finditer(page.read_text(encoding="utf-8")):
            names = match.group(2).strip("()").replace("\n", " ").split(",")
            for name in (n.strip() for n in names):
                if name:
                    found.append((page.name, match.group(1), name.split(" as ")[0].strip()))
    for example in EXAMPLES:
        for node in ast.walk(ast.parse(example.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("simxai"):
                found.extend((example.name, node.module or "", alias.name) for alias in node.names)
    return found


def test_the_packages_and_the_documented_imports_are_found() -> None:
    packages = _packages()
    assert {"simxai", "simxai.hosts", "simxai.backends", "simxai.functions", "simxai.server"} <= set(packages)
    documented = _documented_imports()
    assert ("README.md", "simxai", "load_backend") in documented
    assert ("host_server.py", "simxai.hosts.remote", "CounterfactualsRequest") in documented


@pytest.mark.parametrize("package", _packages())
def test_every_package_lists_its_public_names_and_each_one_resolves(package: str) -> None:
    module = importlib.import_module(package)
    listed = getattr(module, "__all__", None)
    assert isinstance(listed, list), f"{package} has no __all__ list"
    assert len(set(listed)) == len(listed), f"{package}.__all__ repeats a name"
    for name in listed:
        assert getattr(module, name) is not None, f"{package}.{name}"
        assert not name.startswith("_"), f"{package}.__all__ lists the private name {name}"


def test_an_unlisted_name_is_refused_by_the_lazy_packages() -> None:
    import simxai.backends
    import simxai.hosts
    import simxai.server

    for package in (simxai.hosts, simxai.backends, simxai.server):
        with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
            getattr(package, "nothing_here")  # noqa: B009 -- the name is what is tested


def test_the_curated_packages_load_their_bindings_only_on_first_use() -> None:
    code = (
        "import sys, simxai.hosts, simxai.backends, simxai.server;"
        "print(','.join(m for m in ('pandas', 'sklearn', 'httpx', 'fastapi', 'transformers') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"loaded at import: {out.stdout}"


@pytest.mark.parametrize(("where", "module_name", "name"), _documented_imports())
def test_a_documented_import_is_in_its_modules_curated_list(where: str, module_name: str, name: str) -> None:
    module = importlib.import_module(module_name)
    listed = getattr(module, "__all__", None)
    assert listed is not None and name in listed, f"{where}: {name} is not in {module_name}.__all__"
    assert getattr(module, name) is not None
    parent = module_name.rpartition(".")[0]
    if parent not in ("", "simxai") and (where, module_name) not in INSIDE:
        # A name the package itself lists is imported from the package, not from its implementation module.
        assert name not in getattr(importlib.import_module(parent), "__all__", []), (
            f"{where}: import {name} from {parent}, which lists it, not from {module_name}"
        )
