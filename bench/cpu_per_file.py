"""A pytest plugin that prints each test file's CPU time: where CI's test step spends its time.

    PYTHONPATH=$PWD:bench python -m pytest -p cpu_per_file -p no:cacheprovider tests/backends

Counts the test process's own CPU (user + system) and that of the child processes it has waited for (servers and
scripts the tests start), per test file over setup, call and teardown, so that a module's fixtures count for the
file that builds them. CPU rather than wall time: on a shared, busy machine a test's wall time grows with the load
(eight to twenty-five times its CPU at load averages 7-33 on CI's two cores), its CPU hardly. Run it without `-n`:
xdist's workers do not report back to the terminal. The largest files come first, with their number of tests and
their share; the figures for `tests/backends` at 19b20a8e were 303 s in all, 213 s in test_router_model.py.
"""

from __future__ import annotations

import resource
import time
from collections import Counter
from collections.abc import Generator

import pytest

_cpu: Counter[str] = Counter()
_tests: Counter[str] = Counter()


def _spent() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _counted(item: pytest.Item, phase: str) -> Generator[None, None, None]:
    start = _spent()
    yield
    _cpu[item.nodeid.split("::")[0]] += _spent() - start
    if phase == "call":
        _tests[item.nodeid.split("::")[0]] += 1


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    """Count the setup's CPU (the fixtures a test is the first to need) for the test's file."""
    yield from _counted(item, "setup")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Count the test's own CPU for its file."""
    yield from _counted(item, "call")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    """Count the teardown's CPU (servers stopped, fixtures finalised) for the test's file."""
    yield from _counted(item, "teardown")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the CPU per test file, the costliest first."""
    total = sum(_cpu.values())
    if not total:
        return
    terminalreporter.section(f"CPU per test file ({total:.1f} s in all, collection not counted)")
    for path, seconds in _cpu.most_common(40):
        terminalreporter.write_line(f"{seconds:8.1f} s {100 * seconds / total:5.1f} % {_tests[path]:5d} tests  {path}")
