"""The guard's perturbation benchmark on real function outputs (`simxai-eval guard`, `bench/guard.py`).

For every function on the demo and sentiment hosts (and the loan host when it is installed), the eleven functions
run on a few instances. Each output is verbalized by its deterministic rendering and by a set of faithful
paraphrase templates (`templates`); each template that states a fact is also filled with that fact
perturbed, one kind at a time: label swap, other-class probability, value swap, direction flip, rank change,
metric swap, number drift beyond rounding, invented feature (and outcome flip for what-ifs). The guard checks
every reply against the output; the result is recall on unfaithful replies per kind and false alarms on faithful
ones per host and function.
"""

from __future__ import annotations

import json
import random
import string
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from simxai.eval_suite.guard.probes3 import add_probe3_slots
from simxai.eval_suite.guard.probes4 import add_probe4_slots, pair_replies
from simxai.eval_suite.guard.probes5 import add_probe5_slots
from simxai.eval_suite.guard.slots import slots_for
from simxai.eval_suite.guard.templates import SETS
from simxai.exceptions import UsageError

if TYPE_CHECKING:
    from simxai.guard import GuardReport
    from simxai.hosts.base import Host

#: Told each reply's verdict: whether the reply is faithful, and the guard's report on it.
Observer = Callable[[bool, "GuardReport"], None]

__all__ = ["BENCH_HOSTS", "GuardBench", "run_guard_bench", "templates_for"]


def templates_for(p: dict[str, Any], templates: dict[str, list[str]]) -> list[str]:
    """The templates of a set for payload `p`: by its kind, and for a text model's row by its text variant."""
    text = (p.get("subject") or {}).get("kind") == "row" and bool((p.get("subject") or {}).get("text"))
    if p["kind"] == "still_this" and not p["ranges"]:
        return templates["still_text"]
    if text and p["kind"] == "local_explanation":
        return templates["local_text"]
    if text and f"{p['kind']}_text" in templates:
        return templates[f"{p['kind']}_text"]
    return templates[p["kind"]]


# ---- the hosts and calls ------------------------------------------------------------------------


def calls_for(host: Host) -> list[tuple[str, dict[str, Any]]]:
    schema = host.schema()
    tabular = schema.kind == "tabular"
    ids = [12, 40, 101] if tabular else [0, 21, 56, 119]
    out: list[tuple[str, dict[str, Any]]] = [
        ("get_global_explanation", {}),
        ("get_model_performance", {"metric": "all"}),
        ("get_data_information", {}),
        ("get_model_information", {}),
        ("get_output_information", {}),
    ]
    if tabular:
        out.append(("get_data_information", {"feature": schema.features[2].name}))
    for i in ids:
        for name in (
            "get_prediction",
            "get_local_explanation",
            "explain_why_not",
            "explain_how_to_be_that",
            "explain_how_to_still_be_this",
        ):
            out.append((name, {"instance": i}))
        out.append(("explain_what_if", {"instance": i, "changes": what_if_change(host, i)}))
    return out


def what_if_change(host: Host, instance: int) -> dict[str, Any]:
    explanation = host.local_explanation(host.resolve(instance), None)
    top = max(explanation.attributions, key=lambda a: abs(a.contribution))
    if host.schema().kind == "tabular":
        return {top.feature: "+40%" if instance % 2 else "-10%"}
    from simxai.hosts.sentiment import sentiment_substitutes

    substitutes = sentiment_substitutes(top.feature)
    return {top.feature: substitutes[0] if substitutes and instance % 2 == 0 else ""}


BENCH_HOSTS = ("demo", "sentiment", "loan")


def hosts(names: tuple[str, ...] = BENCH_HOSTS) -> list[tuple[str, Host]]:
    """The hosts named, loaded; the loan host is skipped (with a note on stderr) when it is not installed."""
    found: list[tuple[str, Host]] = []
    for name in names:
        if name == "demo":
            from simxai.hosts.demo import load_demo_host

            found.append((name, load_demo_host()))
        elif name == "sentiment":
            from simxai.hosts.sentiment import load_sentiment_host

            found.append((name, load_sentiment_host()))
        else:
            try:
                from simxai.hosts.loan import load_loan_host
            except ImportError:
                print("(loan host not installed: skipped)", file=sys.stderr)
            else:
                found.append((name, load_loan_host()))
    return found


@dataclass
class GuardBench:
    """Per unfaithful kind, whether each perturbed reply was caught; per host and function, whether each
    faithful reply was flagged; and the replies behind the misses and false alarms.
    """

    caught: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    alarms: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    misses: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        """The two tables: recall per unfaithful kind, false alarms per host and function."""
        lines = ["| unfaithful kind | caught | recall |", "| --- | --- | --- |"]
        total = [v for values in self.caught.values() for v in values]
        for kind, values in sorted(self.caught.items()):
            lines.append(f"| {kind} | {sum(values)}/{len(values)} | {_pct(values)} |")
        lines += [f"| **all** | {sum(total)}/{len(total)} | {_pct(total)} |", ""]
        lines += ["| host and function | false alarms on faithful replies | rate |", "| --- | --- | --- |"]
        every = [v for values in self.alarms.values() for v in values]
        for name, values in sorted(self.alarms.items()):
            lines.append(f"| {name} | {sum(values)}/{len(values)} | {_pct(values)} |")
        lines.append(f"| **all** | {sum(every)}/{len(every)} | {_pct(every)} |")
        return "\n".join(lines)

    def figures(self) -> dict[str, Any]:
        """The figures as JSON-ready numbers."""
        total = [v for values in self.caught.values() for v in values]
        every = [v for values in self.alarms.values() for v in values]
        return {
            "recall": {k: sum(v) / len(v) for k, v in sorted(self.caught.items())},
            "recall_all": sum(total) / len(total) if total else None,
            "false_alarm_all": sum(every) / len(every) if every else None,
            "unfaithful": len(total),
            "faithful": len(every),
            "misses": self.misses,
        }


def _pct(values: list[bool]) -> str:
    return f"{100 * sum(values) / len(values):.1f} %" if values else "n/a"


def run_guard_bench(
    template_set: str = "own",
    *,
    seed: int = 0,
    host_names: tuple[str, ...] = BENCH_HOSTS,
    every_mechanism: bool = False,
    observe: Observer | None = None,
) -> GuardBench:
    """Run the benchmark with one template set (`own`, `held-out`, `varied`, `probes2` … `probes5`) on the hosts
    named; `probes3`'s, `probes4`'s and `probes5`'s own slots and unfaithful kinds (and `probes4`'s replies about
    two predictions) are added only for them, so the other sets' replies stay as they were.

    `every_mechanism` flags through every mechanism of the guard, trusted or not (`check_claims`); `observe` is
    called with each reply's verdict (whether the reply is faithful, and its report).

    Raises:
        UsageError: the set or a host is not one of those.
    """
    unknown = [h for h in host_names if h not in BENCH_HOSTS]
    if unknown:
        raise UsageError(f"unknown host {unknown[0]!r}; valid: {', '.join(BENCH_HOSTS)}")
    if template_set not in SETS:
        raise UsageError(f"unknown template set {template_set!r}; valid: {', '.join(SETS)}")
    from simxai.functions import default_registry
    from simxai.guard import Vocabulary
    from simxai.guard import check_claims as check
    from simxai.results import render_result, result_payload

    def check_claims(reply: str, outputs: list[Any], *, vocabulary: Any, faithful: bool) -> GuardReport:
        report = check(reply, outputs, vocabulary=vocabulary, every_mechanism=every_mechanism)
        if observe is not None:
            observe(faithful, report)
        return report

    templates = SETS[template_set]
    rng = random.Random(seed)
    registry = default_registry()
    bench = GuardBench()
    for host_name, host in hosts(host_names):
        schema = host.schema()
        vocab = Vocabulary.for_host(host, registry.names())  # as the engine builds it (simxai/agent.py)
        predictions: list[dict[str, Any]] = []
        for function, arguments in calls_for(host):
            result = registry.get(function)(host, arguments)  # type: ignore[misc]
            payload = result_payload(result)
            if payload["kind"] == "counterfactual" and not payload["counterfactuals"]:
                continue
            where = f"{host_name} {function}"
            rendering = render_result(result)
            report = check_claims(rendering, [payload], vocabulary=vocab, faithful=True)
            bench.alarms[where].append(not report.passed)
            if not report.passed:
                bench.misses.append(f"FALSE ALARM {where} (rendering): {rendering}\n   {report.unsupported}")
            faithful, perturbations = slots_for(
                payload, list(schema.class_names), schema.instance_noun, rng, schema.kind == "text"
            )
            if template_set in ("probes3", "probes4"):
                said = json.dumps(payload).lower()
                add = add_probe3_slots if template_set == "probes3" else add_probe4_slots
                add(payload, list(schema.class_names), faithful, perturbations, said, schema.kind == "text")
            elif template_set == "probes5":
                said = json.dumps(payload).lower()
                add_probe5_slots(
                    payload, list(schema.class_names), faithful, perturbations, said, schema.kind == "text"
                )
            if template_set == "probes4" and function == "get_prediction":
                predictions.append(payload)
            for template in templates_for(payload, templates):
                fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
                if not fields <= set(faithful):
                    continue  # the output lacks a fact this template states
                reply = template.format(**faithful)
                report = check_claims(reply, [payload], vocabulary=vocab, faithful=True)
                bench.alarms[where].append(not report.passed)
                if not report.passed:
                    bench.misses.append(f"FALSE ALARM {where}: {reply}\n   {report.unsupported}")
                for kind, change in perturbations.items():
                    if not fields & set(change):
                        continue
                    bad = template.format(**{**faithful, **change})
                    if bad == reply:
                        continue
                    report = check_claims(bad, [payload], vocabulary=vocab, faithful=False)
                    bench.caught[kind].append(not report.passed)
                    if report.passed:
                        bench.misses.append(f"MISSED {kind} {where}: {bad}")
        for a, b in zip(predictions, predictions[1:], strict=False):
            _check_pair(bench, f"{host_name} two get_prediction", a, b, schema.class_names, vocab, check_claims)
    return bench


def _check_pair(
    bench: GuardBench, where: str, a: dict[str, Any], b: dict[str, Any], labels: Any, vocab: Any, check_claims: Any
) -> None:
    """Check `probes4`'s replies about the two prediction outputs `a` and `b` against both."""
    faithful, unfaithful = pair_replies(
        a, b, list(labels), str((a.get("subject") or {}).get("description", "")).split()[0]
    )
    for reply in faithful:
        report = check_claims(reply, [a, b], vocabulary=vocab, faithful=True)
        bench.alarms[where].append(not report.passed)
        if not report.passed:
            bench.misses.append(f"FALSE ALARM {where}: {reply}\n   {report.unsupported}")
    for kind, replies in unfaithful.items():
        for reply in replies:
            report = check_claims(reply, [a, b], vocabulary=vocab, faithful=False)
            bench.caught[kind].append(not report.passed)
            if report.passed:
                bench.misses.append(f"MISSED {kind} {where}: {reply}")
