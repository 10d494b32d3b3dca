"""The dependency direction holds: core ← functions ← {server, eval_suite}; heavy imports are lazy."""

import ast
import subprocess
import sys
from pathlib import Path

import simxai

PACKAGE = Path(simxai.__file__).resolve().parent
UPPER = ("simxai.server", "simxai.eval_suite", "simxai.integrations")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec", "compile"), f"{path}: {node.func.id}()"
