"""Function-selection accuracy, clarification rate and latency of the offline router.

Usage (from the repository root):

    python bench/router_accuracy.py --data-dir ../shared/datasets [--errors 10] [--threshold 0.5]
                                    [--dev-model M [--dev-only]]

Sets measured, each with RouterBackend.complete() called on the conversation as messages:
  (dev) the dev split of the selector's training data (`simxai.eval_suite.router_training.data`): held-out templates and
      held-out host schemas (paraphrases), a seeded fifth of CoXQL's train split, held-out TalkToModel
      templates. The only set settings were chosen on.
The following are TEST sets: reported, never fitted to (docs/router.md).
  (a) single-turn: evaluation_suite/data/single-turn/intent/**/*.json (fields user|user_question and
      parsed|operation_name). Golds outside the eleven functions are excluded and counted separately; the
      48 un-migrated "[cfe(input, label)]" labels mean explain_how_to_be_that.
  (b) Compass multi-turn: evaluation_suite/data/multi-turn/conversation_2turns_compass.json, teacher-forced
      (earlier user turns plus the gold expert replies as assistant text); a gold may list " / " alternatives.
  (c) extra, sentiment and number dialogues: agent/conversation_eval_set/conversation_test*.json, scored the
      same way, where a gold may be "no tool" (the router answered without a call).
A prediction is the first function called, "no tool", or "asked" when the router asked which function is
meant; it is correct when it is the gold or one of its alternatives. "Confident-wrong" counts the turns
answered with a function that is not the gold (or with no function when one was asked for): a wrong answer
given without asking.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.backends.base import (
    CLARIFY,  # noqa: E402
    CompletionRequest,  # noqa: E402
)
from simxai.backends.router import RouterBackend  # noqa: E402
from simxai.functions import default_registry  # noqa: E402
from simxai.hosts.base import FeatureSchema, HostSchema  # noqa: E402
from simxai.messages import Message  # noqa: E402

NO_TOOL = "no tool"
ASKED = "asked"
CFE_LEGACY = "[cfe(input, label)]"


@dataclass(frozen=True)
class Case:
    """One routed turn: the conversation up to it and the accepted gold names."""

    source: str
    messages: tuple[Message, ...]
    golds: tuple[str, ...]
    schema: HostSchema | None = None  # None: the sentiment host's schema


def text_schema() -> HostSchema:
    """The sentiment host's schema when that host is available, else a minimal text schema."""
    try:
        from simxai.hosts.sentiment import load_sentiment_host

        return load_sentiment_host().schema()
    except Exception as exc:  # noqa: BLE001 - any failure means: use the stand-in
        print(f"(sentiment host unavailable: {type(exc).__name__}: {exc}; using a minimal text schema)")
        return HostSchema(
            name="sentiment",
            kind="text",
            instance_noun="review",
            class_names=["negative", "positive"],
            features=[FeatureSchema(name="text", type="text")],
            id_range=None,
        )


def single_turn(data_dir: Path, eleven: set[str]) -> tuple[list[Case], collections.Counter[str]]:
    root = data_dir / "simxai" / "evaluation_suite" / "data" / "single-turn" / "intent"
    cases: list[Case] = []
    excluded: collections.Counter[str] = collections.Counter()
    for path in sorted(root.rglob("*.json")):
        records = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(records, list) or not records or "dialogues" in records[0]:
            continue  # dialogue_parsing.json is the multi-turn set in an older vocabulary
        for record in records:
            gold = record.get("parsed") or record.get("operation_name")
            question = record.get("user") or record.get("user_question")
            if gold == CFE_LEGACY:
                gold = "explain_how_to_be_that"
            if gold not in eleven:
                excluded[gold] += 1
                continue
            cases.append(Case(str(path.relative_to(root)), (Message.user(question),), (gold,)))
    return cases, excluded


def dialogues(path: Path, source: str) -> list[Case]:
    data = json.loads(path.read_text(encoding="utf-8"))
    cases: list[Case] = []
    for dialogue in data["dialogues"]:
        history: list[Message] = []
        for turn in dialogue["conversation"]:
            if turn["speaker"] == "user":
                message = Message.user(turn["message"])
                golds = tuple(g.strip() for g in turn["tool"].split(" / "))
                cases.append(Case(f"{source}:{dialogue['id']}", (*history, message), golds))
                history.append(message)
            else:
                history.append(Message.assistant(turn["message"]))
    return cases


async def predict(router: RouterBackend, case: Case, schema: HostSchema, functions: list) -> tuple[str, float]:
    request = CompletionRequest(messages=list(case.messages), host=case.schema or schema, functions=functions)
    started = time.perf_counter()
    response = await router.complete(request)
    elapsed = time.perf_counter() - started
    if response.tool_calls:
        return response.tool_calls[0].name, elapsed
    return (ASKED if response.finish_reason == CLARIFY else NO_TOOL), elapsed


def report(title: str, cases: list[Case], predictions: list[str], errors: int) -> float:
    correct = [p in c.golds for c, p in zip(cases, predictions, strict=True)]
    accuracy = sum(correct) / len(cases)
    asked = sum(p == ASKED for p in predictions)
    wrong = sum((not ok) and p != ASKED for ok, p in zip(correct, predictions, strict=True))
    print(
        f"\n== {title}: {sum(correct)}/{len(cases)} = {accuracy:.1%}; asked {asked} = {asked / len(cases):.1%}; "
        f"confident-wrong {wrong} = {wrong / len(cases):.1%}"
    )
    by_gold: dict[str, list[bool]] = collections.defaultdict(list)
    confusion: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for case, prediction, ok in zip(cases, predictions, correct, strict=True):
        key = " / ".join(case.golds)
        by_gold[key].append(ok)
        if not ok:
            confusion[key][prediction] += 1
    for key, oks in sorted(by_gold.items(), key=lambda kv: sum(kv[1]) / len(kv[1])):
        print(f"  {key:58s} {sum(oks):4d}/{len(oks):<4d} {sum(oks) / len(oks):6.1%}")
    worst = sorted(by_gold, key=lambda k: sum(by_gold[k]) / len(by_gold[k]))[:3]
    for key in worst:
        if confusion[key]:
            print(f"  confusion of {key}: {dict(confusion[key].most_common(5))}")
    if errors:
        shown = [(c, p) for c, p, ok in zip(cases, predictions, correct, strict=True) if not ok][:errors]
        for case, prediction in shown:
            print(f"    [{'/'.join(case.golds)} <- {prediction}] {case.messages[-1].content[:110]!r}")
    return accuracy


def dev_split(data_dir: Path, limit: int) -> dict[str, list[Case]]:
    """The dev split of the selector's training data, by source (at most `limit` seeded cases each)."""
    import random

    from simxai.eval_suite.router_training.data import build_training_data
    from simxai.eval_suite.router_training.templates import NONE

    data = build_training_data(data_dir)
    by_source: dict[str, list[Case]] = collections.defaultdict(list)
    for example in data.split("dev"):
        gold = NO_TOOL if example.label == NONE else example.label
        case = Case(example.schema, (Message.user(example.text),), (gold,), data.schemas[example.schema])
        by_source[example.source].append(case)
    rng = random.Random(0)
    return {k: (rng.sample(v, limit) if len(v) > limit else v) for k, v in sorted(by_source.items())}


async def run(args: argparse.Namespace) -> None:
    functions = default_registry().specs()
    eleven = {s.name for s in functions}
    schema = text_schema()
    data_dir = Path(args.data_dir)
    single: list[Case] = []
    compass: list[Case] = []
    extra: list[Case] = []
    if args.dev_only and not args.dev_model:
        raise SystemExit("--dev-only needs --dev-model (the train-only selector the dev split is routed with)")
    if not args.dev_only:  # the test sets are not even read for a dev-only run
        single, excluded = single_turn(data_dir, eleven)
        compass = dialogues(
            data_dir / "simxai/evaluation_suite/data/multi-turn/conversation_2turns_compass.json", "compass"
        )
        extra = [
            case
            for name in ("conversation_test.json", "conversation_test_number.json")
            for case in dialogues(data_dir / "simxai/agent/conversation_eval_set" / name, name.removesuffix(".json"))
        ]
        print(f"(a) single-turn: {len(single)} cases; excluded golds outside the eleven: {dict(excluded)}")
    dev = dev_split(data_dir, args.dev_limit) if args.dev_model else {}
    if not args.dev_model:
        from simxai.backends.router_model import load_selector

        print("\ndev split as measured when the shipped selector was trained (train-only model; pass --dev-model")
        print("to route it through RouterBackend with that model):")
        for source, row in load_selector().metadata["dev"].items():
            print(
                f"  dev {source:12s} n={row['n']:5.0f} accuracy {row['accuracy']:.1%} asked {row['asked']:.1%} "
                f"confident-wrong {row['confident_wrong']:.1%}"
            )
    dev_router = RouterBackend(threshold=args.threshold, model=args.dev_model) if args.dev_model else None
    router = RouterBackend(threshold=args.threshold)
    started = time.perf_counter()
    await predict(router, (single or [c for cases in dev.values() for c in cases])[0], schema, functions)  # loads it
    print(f"\n######## threshold={router.threshold} (selector loaded in {time.perf_counter() - started:.2f} s)")
    latencies: list[float] = []
    results: dict[str, float] = {}
    sets = [(f"(dev-{name}) dev split, {name}", cases) for name, cases in dev.items()]
    if not args.dev_only:
        sets += [
            ("(a) single-turn [test]", single),
            ("(b) Compass multi-turn [test]", compass),
            ("(c) sentiment/number dialogues [test]", extra),
        ]
    for title, cases in sets:
        predictions = []
        chosen = dev_router if title.startswith("(dev") and dev_router is not None else router
        for case in cases:
            prediction, elapsed = await predict(chosen, case, schema, functions)
            predictions.append(prediction)
            latencies.append(elapsed)
        results[title] = report(title, cases, predictions, args.errors)
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1000
    print(f"\n  latency per turn: p50 {p50:.2f} ms, p95 {p95:.2f} ms over {len(latencies)} turns")
    print("  summary: " + ", ".join(f"{k.split(' ')[0]} {v:.1%}" for k, v in results.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", default=str(Path(__file__).resolve().parents[1] / ".." / "shared" / "datasets"))
    parser.add_argument("--threshold", type=float, help="override the clarification threshold (0: never ask)")
    parser.add_argument("--dev-limit", type=int, default=3000, help="at most this many dev cases per source")
    parser.add_argument(
        "--dev-model",
        type=Path,
        help="the train-only selector (`python -m simxai.eval_suite.router_training --dev-model PATH`): route the dev "
        "split through RouterBackend with it",
    )
    parser.add_argument("--errors", type=int, default=0, help="print this many misrouted turns per set")
    parser.add_argument(
        "--dev-only", action="store_true", help="route only the dev split (with --dev-model); skip the test sets"
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
