"""tests/child_process.py tells a process that exits, runs away or hangs from one that is only slow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.child_process import cpu_seconds, wait_until

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _python(code: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)


def _ended(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.kill()
    process.communicate()


def test_a_process_that_sleeps_counts_as_hung() -> None:
    process = _python("import time; time.sleep(600)")
    try:
        with pytest.raises(AssertionError, match="used no CPU in 1 s"):
            wait_until(lambda: False, process, what="it is done", cpu_limit=60, stall_seconds=1)
    finally:
        _ended(process)


def test_a_process_that_spins_past_its_cpu_limit_is_a_runaway() -> None:
    process = _python("while True: pass")
    try:
        with pytest.raises(AssertionError, match=r"of the process's CPU \(limit 0.3 s\)"):
            wait_until(lambda: False, process, what="it is done", cpu_limit=0.3)
        assert (cpu_seconds(process.pid) or 0.0) > 0.3
    finally:
        _ended(process)


def test_a_process_that_exits_first_is_named_with_its_output() -> None:
    process = _python("print('the config is missing'); raise SystemExit(3)")
    try:
        with pytest.raises(AssertionError, match="exited \\(code 3\\) before it is done: the config is missing"):
            wait_until(
                lambda: False,
                process,
                what="it is done",
                cpu_limit=60,
                output=lambda: process.stdout.read() if process.stdout else "",
            )
    finally:
        _ended(process)


def test_a_process_that_finishes_ends_the_wait() -> None:
    process = _python("print(sum(range(10**6)))")
    wait_until(lambda: process.poll() is not None, process, what="it is done", cpu_limit=60)
    assert process.returncode == 0 and process.communicate()[0].strip() == str(sum(range(10**6)))
