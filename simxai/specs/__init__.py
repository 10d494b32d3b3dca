"""Generated spec artefacts of the eleven functions, and the code that (re)generates them.

`tools.json` (OpenAI-style tool schemas) and `functions.txt` (the SimXAI paper's text template) are generated
from the functions' signatures and docstrings; run `python -m simxai.specs` after changing a function. A test
fails when the files on disk drift from the code.
"""

from __future__ import annotations

import json
from pathlib import Path

from simxai.registry import Registry

__all__ = ["SPEC_DIR", "TEXT_FILE", "TOOLS_FILE", "generated_files", "render_json", "render_text", "write"]

SPEC_DIR = Path(__file__).resolve().parent
TOOLS_FILE = SPEC_DIR / "tools.json"
TEXT_FILE = SPEC_DIR / "functions.txt"


def render_json(registry: Registry) -> str:
    """The OpenAI-style tool schemas of `registry`, as stable, pretty JSON."""
    return json.dumps(registry.openai_tools(), indent=2, ensure_ascii=False) + "\n"


def render_text(registry: Registry) -> str:
    """The specs of `registry` in the paper's text template, one block per function."""
    return "\n\n".join(spec.text() for spec in registry.specs()) + "\n"


def generated_files() -> dict[Path, str]:
    """What the files on disk must contain, from the eleven functions' code."""
    from simxai.functions import default_registry

    registry = default_registry()
    return {TOOLS_FILE: render_json(registry), TEXT_FILE: render_text(registry)}


def write() -> list[Path]:
    """Regenerate the spec files; return the ones that changed."""
    changed = []
    for path, content in generated_files().items():
        if not path.exists() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
            changed.append(path)
    return changed
