"""Commands the README and docs give for `simxai serve` with an LLM server can run as written.

Found by following the README: `simxai serve --backend openai:... --base-url http://localhost:8000/v1` binds
SimXAI to port 8000, the port of the vLLM server it names, so one of the two cannot start.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# A whole `simxai serve` command line in a code block or in backquotes (a URL may wrap onto the next line).
SERVE = re.compile(r"simxai serve\b(?:[^`\n]*--base-url\n[^`\n]*|[^`\n]*)")


def _serve_commands() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for match in SERVE.finditer(page.read_text(encoding="utf-8")):
            if "--base-url http" in match.group(0).replace("\n", " "):
                found.append((page.name, " ".join(match.group(0).split())))
    return found


def test_there_are_serve_commands_with_an_llm_url():
    assert len(_serve_commands()) >= 3


@pytest.mark.parametrize(("page", "command"), _serve_commands())
def test_a_serve_command_does_not_bind_the_port_of_the_llm_server_it_names(page, command):
    llm = re.search(r"--base-url https?://(?:localhost|127\.0\.0\.1):(\d+)", command)
    if llm is None:
        return  # a remote LLM server: no clash on this machine
    port = re.search(r"--port (\d+)", command)
    assert int(port.group(1) if port else 8000) != int(llm.group(1)), f"{page}: {command}"


def _pytest_options(command: str) -> list[str]:
    words = command.split()
    return words[words.index("pytest") + 1 :]


def test_ci_runs_the_readme_test_command_with_the_workers_the_dev_extra_installs():
    """CI's test step is the README's quick-start command (its options, e.g. `-n 2 --dist loadfile`, included), and
    pytest-xdist, which `-n` needs, is in the `dev` extra the quick start installs."""
    import tomllib

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = r"pip install -c constraints\.txt torch==[\d.]+ -e '\.\[dev,hf\]'"
    quick = re.search(install + r" && \.venv/bin/python -m (pytest[^\n]*)", readme)
    assert quick, "the README's quick start no longer shows its test command"
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    # The collection CI runs beside mypy only compiles what the workers import; it runs no test.
    ci = [line for line in lines if " -m pytest" in line and "--collect-only" not in line]
    assert len(ci) == 1
    options = _pytest_options(quick.group(1))
    assert " ".join(options) in " ".join(_pytest_options(ci[0])), f"CI runs `{ci[0]}`, the README `{quick.group(1)}`"
    if "-n" in options:
        dev = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
        assert any(r.startswith("pytest-xdist") for r in dev["dev"]), "`-n` needs pytest-xdist in the dev extra"
