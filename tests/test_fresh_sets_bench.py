"""`bench/fresh_sets.py --by-host`: the scorer's per-host lines summed over several authors.

The scorer outputs below are invented (an author with the demo host and two hosts of their own, another with the
demo and loan hosts); only their line format is the scorer's (`fresh_set._line`).
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from tests.bench_script import bench_script


@pytest.fixture(scope="module")
def fresh_sets() -> Iterator[ModuleType]:
    yield from bench_script("fresh_sets.py", "fresh_sets_under_test")


def _line(fresh_sets: ModuleType, label: str, n: int, rates: tuple[float, float, float, float, float]) -> str:
    function, args, asked, wrong, none = rates
    summary = {
        "n": n,
        "function_accuracy": function,
        "function_arguments_accuracy": args,
        "clarification_rate": asked,
        "confident_wrong_rate": wrong,
        "no_answer_rate": none,
    }
    line: str = fresh_sets.fresh_set._line(label, summary)
    return line


def _output(fresh_sets: ModuleType, hosts: dict[str, tuple[int, int, int, int, int, int]]) -> str:
    """A scorer output whose request turns are `hosts` (n, right, with arguments, asked, wrong, unanswered)."""
    lines = ["backend router; set invented; 0 user turns scored", "", "== request turns =="]
    for host, (n, *counts) in hosts.items():
        rates = tuple(c / n for c in counts)
        lines.append(_line(fresh_sets, host, n, rates))  # type: ignore[arg-type]
    lines.append(_line(fresh_sets, "overall", 999, (0.5, 0.5, 0.0, 0.0, 0.0)))
    lines += ["", "== per gold function (all turns) =="]
    lines.append(_line(fresh_sets, "get_prediction", 7, (1.0, 1.0, 0.0, 0.0, 0.0)))
    return "\n".join(lines)


def test_the_hosts_are_summed_and_the_own_hosts_grouped(fresh_sets: ModuleType) -> None:
    first = _output(fresh_sets, {"demo": (40, 30, 28, 6, 3, 1), "orchard": (33, 30, 29, 2, 1, 0)})
    second = _output(
        fresh_sets, {"demo": (27, 20, 19, 4, 2, 1), "loan": (12, 12, 12, 0, 0, 0), "ferry": (50, 44, 40, 5, 1, 0)}
    )
    assert fresh_sets.host_counts(first) == {
        ("request", "demo"): [40, 30, 28, 6, 3, 1],
        ("request", "own"): [33, 30, 29, 2, 1, 0],
    }
    table = fresh_sets.by_host_table([first, second])
    demo = next(line for line in table if line.startswith("request  demo"))
    own = next(line for line in table if line.startswith("request  own"))
    assert "n=   67" in demo and "right    50 =  74.6 % (47 =  70.1 %)" in demo
    assert "asked 10 = 14.9 %" in demo and "confident-wrong 5 =  7.5 %" in demo and demo.endswith("no answer 2")
    assert "n=   83" in own and "right    74 =  89.2 %" in own
    # neither the overall line nor a function of the per-function table is read as a host
    assert not any("overall" in line or "get_prediction" in line for line in table)


def test_an_output_without_host_lines_adds_nothing(fresh_sets: ModuleType) -> None:
    assert fresh_sets.host_counts("loan: skipped 3 cases\n") == {}
    table = fresh_sets.by_host_table(["loan: skipped 3 cases\n"])
    assert len(table) == 1 and table[0].startswith("== by host")
