"""Churn: how many of the engine's answers change between two selector artifacts.

Usage (from the repository root):

    python bench/selector_churn.py --models A.npz B.npz [--sets DIR ...] [--tests] [--json OUT]

Every set (by default each author folder of `router_training/people/` and `held_out_people/`, batches included)
runs through the real engine once per model, as `bench/fresh_set.py` runs it (requests alone, dialogues
free-running). A turn *changed* when the function called, its arguments or the question asked differ; each
change is counted as to better (the outcome became function-correct), to worse, or sideways. With `--tests`,
the engine's regression tests that route real turns (`REGRESSION_TESTS`) run once per model, the model swapped
in by the `_selector_swap` pytest plugin, and the tests that fail are listed (a rebuilt selector must keep
them all passing; the fingerprint test is left out, it fails for any artifact but the shipped one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fresh_set import Scored, load_host, load_set, run_case, set_hosts  # noqa: E402

from simxai import Agent, Host  # noqa: E402
from simxai.backends.router import RouterBackend  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TRAINING = ROOT / "simxai" / "eval_suite" / "router_training"
#: Tests that route real turns through the router and pin its answers (the fingerprint test is left out).
REGRESSION_TESTS = (
    "tests/backends/test_router.py",
    "tests/backends/test_router_groups.py",
    "tests/backends/test_router_new_text.py",
    "tests/backends/test_router_new_user.py",
    "tests/backends/test_router_registers.py",
    "tests/backends/test_router_unknown.py",
    "tests/backends/test_text_host_requests.py",
    "tests/backends/test_dialogue_repair.py",
    "tests/test_polarity.py",
    "tests/test_silent_drops.py",
    "tests/test_group_in_words.py",
    "tests/test_dialogue_fragments.py",
    "tests/test_terse_changes.py",
    "tests/test_premise.py",
    "tests/test_why_examples.py",
    "tests/test_feature_meaning.py",
)


def default_sets() -> list[Path]:
    """Every folder of people/ and held_out_people/ holding requests or dialogues (batches included)."""
    found = {
        path.parent
        for root in (TRAINING / "people", TRAINING / "held_out_people")
        for pattern in ("requests.jsonl", "dialogues.json")
        for path in root.rglob(pattern)
    }
    return sorted(found)


def signature(row: Scored) -> str:
    """What the engine did on a turn, for comparison: the call and its arguments, or the question asked."""
    return json.dumps({"called": row.called, "arguments": row.arguments, "asked": row.asked}, sort_keys=True)


async def run_sets(model: Path, sets: list[Path]) -> dict[str, Scored]:
    """Every turn of `sets` through the engine with the selector `model`, keyed by set, case and turn."""
    router = RouterBackend(model=model)
    rows: dict[str, Scored] = {}
    for folder in sets:
        requests, dialogues = load_set(folder)
        hosts: dict[str, Host | None] = {}
        for host_name in set_hosts(folder, requests + dialogues):
            hosts[host_name] = load_host(host_name, folder)
        for kind, cases in (("request", requests), ("dialogue", dialogues)):
            for case in cases:
                host = hosts.get(case.host)
                if host is None:
                    continue
                for row in await run_case(Agent(host, router), case, kind):
                    rows[f"{folder.relative_to(TRAINING)}:{row.case}#{row.turn}"] = row
    return rows


def compare(before: dict[str, Scored], after: dict[str, Scored]) -> dict[str, Any]:
    """Turns whose answer changed, per set, with the direction of each change."""
    per_set: dict[str, dict[str, int]] = {}
    changed = []
    for key, old in before.items():
        new = after[key]
        folder = key.split(":", 1)[0]
        counts = per_set.setdefault(
            folder, {"turns": 0, "changed": 0, "better": 0, "worse": 0, "right_before": 0, "right_after": 0}
        )
        counts["turns"] += 1
        counts["right_before"] += old.function_correct
        counts["right_after"] += new.function_correct
        if signature(old) == signature(new):
            continue
        counts["changed"] += 1
        direction = (
            "better"
            if new.function_correct and not old.function_correct
            else "worse"
            if old.function_correct and not new.function_correct
            else "sideways"
        )
        if direction != "sideways":
            counts[direction] += 1
        changed.append(
            {"turn": key, "text": old.text, "direction": direction, "before": signature(old), "after": signature(new)}
        )
    return {"per_set": per_set, "changed": changed}


def failing_tests(model: Path) -> tuple[list[str], str]:
    """The regression tests that fail with `model` swapped in, and pytest's summary line."""
    env = {**os.environ, "SIMXAI_SELECTOR_SWAP": str(model.resolve())}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "bench"), str(ROOT), env.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "_selector_swap", "-rf"]
    result = subprocess.run([*command, *REGRESSION_TESTS], cwd=ROOT, env=env, capture_output=True, text=True)
    failed = re.findall(r"^FAILED (\S+)", result.stdout, flags=re.MULTILINE)
    lines = result.stdout.strip().splitlines()
    return failed, lines[-1] if lines else result.stderr.strip()[-300:]


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--models", nargs=2, type=Path, required=True, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--sets", nargs="*", type=Path, help="set folders (default: every people author)")
    parser.add_argument("--tests", action="store_true", help="also run the regression tests with each model")
    parser.add_argument("--json", type=Path, help="write the changed turns and the tables here")
    args = parser.parse_args(argv)
    for model in args.models:
        if not model.is_file():
            parser.error(f"--models: {model} does not exist; build one with bench/author_folds.py --build")
    sets = args.sets or default_sets()
    before = await run_sets(args.models[0], sets)
    after = await run_sets(args.models[1], sets)
    result = compare(before, after)
    keys = ("turns", "changed", "better", "worse", "right_before", "right_after")
    total = {k: sum(c[k] for c in result["per_set"].values()) for k in keys}
    for folder, counts in [*sorted(result["per_set"].items()), ("all", total)]:
        turns, changed, better, worse, right_before, right_after = (counts[k] for k in keys)
        print(
            f"{folder:16s} {changed:3d} of {turns:4d} changed ({better} better, {worse} worse); function "
            f"{right_before / turns:.1%} -> {right_after / turns:.1%}"
        )
    if args.tests:
        result["tests"] = {}
        for model in args.models:
            failed, line = failing_tests(model)
            result["tests"][str(model)] = failed
            print(f"regression tests with {model}: {line}")
            for name in failed:
                print(f"  FAILED {name}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
