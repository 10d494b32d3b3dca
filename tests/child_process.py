"""Waiting for a process a test starts, bounded by what the process does rather than by the wall clock.

On a loaded machine a fresh Python process that imports the stack and fits a host takes eight to twenty-five times
its CPU time in wall time (CI's two cores shared with other jobs), so a fixed wall-clock deadline either fails
tests that are fine or is too long to catch anything. What a wait must catch are two faults, each told apart from
load by the process's own CPU time (Linux's /proc/<pid>/stat, all its threads):

- a runaway: the process has used more than `cpu_limit` seconds of CPU and is still not done;
- a hang (a deadlock, a wait that is never answered): the process has used no CPU at all for `stall_seconds` of
  wall time. A process that is only slowed down by other processes still gets some of the CPU every few
  seconds, however high the load.

Where /proc is missing (not Linux), only the exit of the process and a generous wall-clock bound remain.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_NO_PROC_LIMIT = 1800.0  # seconds of wall time, only where the CPU time cannot be read


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system, all threads) process `pid` has used so far, or None where it cannot be read."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / _TICKS


def wait_until(
    done: Callable[[], bool],
    process: subprocess.Popen[str] | subprocess.Popen[bytes],
    *,
    what: str,
    cpu_limit: float,
    stall_seconds: float = 120.0,
    output: Callable[[], str] = lambda: "",
) -> None:
    """Poll `done()` until it is true; fail if `process` exits first, runs away or hangs (see the module).

    Args:
        done: whether what the test waits for has happened (a server answers, the process has exited).
        process: the process that should bring it about.
        what: what is awaited, for the messages ("the server is ready").
        cpu_limit: the most CPU time the process may use before `done()` holds (a runaway guard, not a target).
        stall_seconds: wall time without any CPU used by the process after which it counts as hung.
        output: what the process wrote, for the message when it exits early.
    """
    started = last_change = time.monotonic()
    last_cpu = cpu_seconds(process.pid)
    while not done():
        if process.poll() is not None:
            raise AssertionError(f"the process exited (code {process.returncode}) before {what}: {output()}")
        now, cpu = time.monotonic(), cpu_seconds(process.pid)
        if cpu is None or last_cpu is None:
            assert now - started < _NO_PROC_LIMIT, f"not {what} after {_NO_PROC_LIMIT:.0f} s"
        else:
            assert cpu <= cpu_limit, f"not {what} after {cpu:.1f} s of the process's CPU (limit {cpu_limit:g} s)"
            if cpu > last_cpu:
                last_cpu, last_change = cpu, now
            assert now - last_change < stall_seconds, (
                f"not {what}: the process used no CPU in {stall_seconds:.0f} s (hung at {cpu:.1f} s of CPU)"
            )
        time.sleep(0.2)
