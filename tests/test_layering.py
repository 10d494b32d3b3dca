"""The dependency direction holds: core ← functions ← {server, eval_suite}; heavy imports are lazy."""

import ast
import functools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import simxai

PACKAGE = Path(simxai.__file__).resolve().parent
UPPER = ("simxai.server", "simxai.eval_suite", "simxai.integrations")


@functools.cache
def _parsed(source: str) -> ast.Module:
    """The syntax tree of a module's source, parsed once for the whole file (the checks only read it)."""
    return ast.parse(source)


def _tree(path: Path) -> ast.Module:
    return _parsed(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", autouse=True)
def _trees_let_go() -> Iterator[None]:
    # Six checks walk all ~700 modules of the package: parsing them all costs about 3.4 s of CPU, once instead
    # of at every check; the trees (about 150 MB) are let go when the file's tests are done.
    yield
    _parsed.cache_clear()


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_and_functions_never_import_server_or_eval_suite():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).parts
        if relative[0] in ("server", "eval_suite", "integrations") or path.name == "cli.py":
            continue
        for name in _imports(path):
            if name.startswith(UPPER):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not offenders, offenders


def test_the_engine_does_not_import_the_functions_layer():
    # The package wires the default registry in (`simxai/__init__.py`); the engine only knows `Registry`.
    engine = ["agent.py", "outcomes.py", "prompts.py", "registry.py", "state.py", "turns.py"]
    engine += ["_engine.py", "_turn_records.py", "_turn_calls.py", "_call_questions.py", "_pending_answer.py"]
    offenders = [
        f"{name} imports {module}"
        for name in engine
        for module in _imports(PACKAGE / name)
        if module == "simxai.functions" or module.startswith("simxai.functions.")
    ]
    assert not offenders, offenders


def test_import_simxai_loads_no_heavy_library():
    code = (
        "import sys, simxai, simxai.agent, simxai.functions, simxai.backends, simxai.backends.openai, simxai.guard;"
        "heavy = [m for m in ('torch', 'transformers', 'shap', 'dice_ml', 'fastapi', 'matplotlib', 'uvicorn',"
        " 'aiohttp') if m in sys.modules];"
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"heavy modules loaded at import: {out.stdout}"


def test_public_face_is_honest():
    for name in simxai.__all__:
        assert getattr(simxai, name) is not None, name
    assert sorted(simxai.__all__) == simxai.__all__


def test_no_eval_or_exec_in_the_package():
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec", "compile"), f"{path}: {node.func.id}()"


def _module_imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, at the top or inside functions."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        edges: set[str | None] = set()
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Import):
                edges.update(owner(a.name) for a in node.names if a.name.startswith("simxai"))
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
                target = ".".join(p for p in (base, node.module or "") if p)
                if target.startswith("simxai"):
                    # `from simxai.x import y` imports the module simxai.x.y when there is one
                    edges.update(
                        f"{target}.{a.name}" if f"{target}.{a.name}" in modules else owner(target) for a in node.names
                    )
        graph[module] = {e for e in edges if e is not None and e != module}
    return graph


def test_no_import_cycle_inside_the_package():
    graph = _module_imports()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in graph:
        if module not in index:
            visit(module)
    assert "simxai.eval_suite.plots" in graph["simxai.eval_suite.commands.options"]  # imports inside functions count
    assert cycles == []


#: Modules allowed over 500 lines, each named with its reason in docs/architecture.md.
LONG_MODULES = {
    "eval_suite/router_training/templates.py",
    "eval_suite/router_training/templates_varied.py",
    "integrations/ttm_requests.py",
}


def test_no_module_grows_past_500_lines_unless_the_architecture_page_names_it():
    architecture = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    long = {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if len(path.read_text(encoding="utf-8").splitlines()) > 500
    }
    assert long <= LONG_MODULES, f"over 500 lines and not named in docs/architecture.md: {sorted(long - LONG_MODULES)}"
    assert all(f"`{name}`" in architecture for name in LONG_MODULES)
    assert [name for name in LONG_MODULES if not (PACKAGE / name).is_file()] == []  # no entry outlives a move


#: The eval suite's parts, bottom up, as docs/architecture.md lists them: each imports only parts before it (or itself).
EVAL_SUITE_LAYERS = (
    "data",
    "runner",
    "report",
    "metrics",
    "plots",
    "parsing",
    "judged",
    "lext",
    "ttm",
    "synth",
    "guard",
    "reproduce",
    "router_training",
    "commands",
    "cli",
    "__main__",
)


def test_the_eval_suite_is_layered_data_below_evaluations_below_commands_below_the_cli():
    graph = _module_imports()

    def layer(module: str) -> int | None:
        parts = module.split(".")
        if module.startswith("simxai.eval_suite."):
            return EVAL_SUITE_LAYERS.index(parts[2])  # a new part fails here until the list (and the page) name it
        return None

    offenders = [
        f"{module} imports {imported}"
        for module, edges in graph.items()
        if (below := layer(module)) is not None
        for imported in edges
        if imported == "simxai.eval_suite" or (layer(imported) or 0) > below
    ]
    assert offenders == []
    architecture = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert all(name in architecture for name in EVAL_SUITE_LAYERS)


def test_the_function_list_has_one_source():
    """Only `simxai.functions` spells out the eleven functions; everything else derives its list from it."""
    from simxai.functions import ELEVEN

    names = {f.__name__ for f in ELEVEN}
    copies = []
    for path in PACKAGE.rglob("*.py"):
        if path.relative_to(PACKAGE).parts[0] == "functions":
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                spelled = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
                if names <= spelled:
                    copies.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert copies == []


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _package_modules() -> dict[str, Path]:
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def _private_imports(module: str, source: str, modules: dict[str, Path], *, is_package: bool = False) -> list[str]:
    """Imports in `module` of a `_private` module or name that belongs to a package `module` is not inside.

    A private module `a.b._c` (or a private name of a module of `a.b`) belongs to the package `a.b`: modules
    of `a.b` and of its subpackages may import it; any other module goes through a public name instead.
    """

    def owner(target: str) -> str | None:  # the package a dotted module name's first private part belongs to
        parts = target.split(".")
        return next((".".join(parts[:i]) for i, part in enumerate(parts) if _private(part)), None)

    def inside(package: str) -> bool:
        return module == package or module.startswith(package + ".")

    here = module.split(".") if is_package else module.split(".")[:-1]
    found: list[str] = []
    bound: dict[str, str] = {}  # local name -> simxai module it is bound to (for `module._name` accesses)
    tree = _parsed(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("simxai"):
                    bound[alias.asname or alias.name] = alias.name
                    if (package := owner(alias.name)) is not None and not inside(package):
                        found.append(f"{module}:{node.lineno} imports {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[: len(here) - node.level + 1]) if node.level else ""
            target = ".".join(p for p in (base, node.module or "") if p)
            if not target.startswith("simxai"):
                continue
            if (package := owner(target)) is not None and not inside(package):
                found.append(f"{module}:{node.lineno} imports {target}")
            is_init = target in modules and modules[target].name == "__init__.py"
            for alias in node.names:
                full = f"{target}.{alias.name}"
                if full in modules:
                    bound[alias.asname or alias.name] = full
                if not _private(alias.name) or owner(target) is not None:
                    continue
                package = target if is_init else target.rpartition(".")[0]
                if not inside(package):
                    found.append(f"{module}:{node.lineno} imports {alias.name} from {target}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and _private(node.attr):
            target = bound.get(node.value.id)
            if target is None:
                continue
            package = target if modules.get(target, Path()).name == "__init__.py" else target.rpartition(".")[0]
            if not inside(package):
                found.append(f"{module}:{node.lineno} uses {target}.{node.attr}")
    return found


def test_no_module_reaches_into_another_packages_private_modules_or_names():
    """`simxai.x._y` and `_name`s are their package's implementation; other packages import public names."""
    modules = _package_modules()
    offenders = [
        found
        for module, path in modules.items()
        for found in _private_imports(
            module, path.read_text(encoding="utf-8"), modules, is_package=path.name == "__init__.py"
        )
    ]
    assert offenders == []


@pytest.mark.parametrize(
    ("importer", "source", "flagged"),
    [
        ("simxai.agent", "from simxai.extraction._vague import vague_group", True),
        ("simxai.agent", "from simxai.extraction import _vague", True),
        ("simxai.agent", "import simxai.extraction._vague", True),
        ("simxai.agent", "from simxai.extraction.mentions import vague_group", False),
        ("simxai.eval_suite.router_training.data", "from simxai.backends.router import _known", True),
        ("simxai.eval_suite.router_training.data", "from simxai.backends import router\nrouter._known(1)", True),
        ("simxai.backends.router", "from simxai.backends._router_unknown import x", False),  # its own package's
        ("simxai.backends.router", "from ._router_unknown import x", False),
        ("simxai.backends.router", "from ..extraction._vague import x", True),
        ("simxai.functions.cards", "from simxai._spoken import spoken", False),  # the top package's serve all
    ],
)
def test_the_private_import_check_flags_what_it_should(importer: str, source: str, flagged: bool):
    assert bool(_private_imports(importer, source, _package_modules())) is flagged
