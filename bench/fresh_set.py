"""Run a fresh evaluation set (default evalsets/fresh-2026-12-01) through the real engine and score it.

Usage (from the repository root):

    python bench/fresh_set.py [--set evalsets/fresh-2026-12-01b] [--backend router]
                              [--host demo|sentiment|loan|insurance] [--json OUT] [--errors]
                              [--router-model ARTIFACT] [--threshold T] [--dialogues-only]

Every single-turn request runs in a new conversation; every dialogue runs turn by turn in one conversation
with the engine's own history and state (free-running: the engine's earlier answers, right or wrong, are
what the later turns see). The loan host comes from `simxai.hosts.loan.load_loan_host`; while that module
does not exist (issue 21 not merged), the loan cases are skipped with a printed line saying so. The
`insurance` host is an invented one built from a host config (`bench/dev_hosts.py`), for the router's dev
requests (`router_training/people/`). `--router-model` and `--threshold` run the router with another selector
artifact (such as the train-only model of `python -m simxai.eval_suite.router_training --dev-model`) or
another clarification threshold.

Scoring of one user turn, from `Turn.calls` (a call counts as *called* when it ran: status ok or error;
a call the engine turned into a question, or rejected as invalid, was not called):
  - gold function(s): *function-correct* when the first called function is the gold or one of its
    alternatives; *function+arguments correct* when, in addition, every gold argument equals the call's
    argument after normalisation (ints vs floats, condition strings clause by clause, a `group` too,
    changes dicts, texts case- and space-insensitive; a label argument the call left out takes the label
    its output names); a different function called is *confidently wrong*; a clarifying
    question without a call is neither correct nor confidently wrong; nothing called and nothing asked is
    *no answer*.
  - gold clarification (function null, clarify true): correct when the engine asked (`Turn.clarification`)
    and called nothing; any call is confidently wrong.
  - gold "no function" (chit-chat: function null, clarify false): correct when nothing was called and
    nothing asked; a call is confidently wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import importlib.util
import json
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai import Agent, Host, Turn, load_backend  # noqa: E402
from simxai.agent import AgentSettings  # noqa: E402
from simxai.backends.base import Backend  # noqa: E402
from simxai.exceptions import SimXAIError, UsageError  # noqa: E402
from simxai.hosts.base import HostSchema  # noqa: E402
from simxai.hosts.folder import load_host_file_once  # noqa: E402
from simxai.instances import parse_condition  # noqa: E402

SET_DIR = Path(__file__).resolve().parents[1] / "evalsets" / "fresh-2026-12-01"
HOSTS = ("demo", "sentiment", "loan", "insurance")  # insurance: the invented host of bench/dev_hosts.py
Outcome = Literal["correct", "function_only", "clarified", "confident_wrong", "no_answer", "crashed"]
_RAN = ("ok", "error")
_CHANGE = re.compile(r"^([+\-*/])\s*(\d+(?:\.\d+)?)\s*(%?)$")
_OPERATOR = re.compile(r"\s*(>=|<=|==|!=|=|>|<)\s*")


@dataclass(frozen=True)
class Gold:
    """What one user turn should get."""

    functions: tuple[str, ...]
    arguments: dict[str, Any]
    clarify: bool


@dataclass(frozen=True)
class Case:
    """A request or a dialogue: its id, host and user turns with their golds."""

    id: str
    host: str
    turns: tuple[tuple[str, Gold], ...]


@dataclass
class Scored:
    """One scored user turn."""

    case: str
    turn: int
    host: str
    kind: str
    text: str
    gold: list[str]
    gold_arguments: dict[str, Any]
    outcome: Outcome
    called: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    asked: str | None = None
    reply: str = ""
    #: what the guard found unsupported in the engine's own reply (its rendering of real outputs: each is a
    #: false alarm of the guard or a wrong rendering)
    flagged: list[str] = field(default_factory=list)

    @property
    def function_correct(self) -> bool:
        return self.outcome in ("correct", "function_only")


def _gold(entry: dict[str, Any]) -> Gold:
    function = entry["function"]
    functions = () if function is None else (function,) if isinstance(function, str) else tuple(function)
    return Gold(functions, dict(entry.get("arguments") or {}), bool(entry.get("clarify")))


def load_set(folder: Path = SET_DIR) -> tuple[list[Case], list[Case]]:
    """The requests (one turn each) and the dialogues of the set in `folder` (a set of dialogues only may have no
    `requests.jsonl`; a set of requests only may have no `dialogues.json`)."""
    requests = []
    lines = (
        (folder / "requests.jsonl").read_text(encoding="utf-8").splitlines()
        if (folder / "requests.jsonl").is_file()
        else []
    )
    for line in lines:
        if line.strip():
            entry = json.loads(line)
            requests.append(Case(entry["id"], entry["host"], ((entry["text"], _gold(entry)),)))
    dialogues = [
        Case(d["id"], d["host"], tuple((t["text"], _gold(t)) for t in d["turns"]))
        for d in (
            json.loads((folder / "dialogues.json").read_text(encoding="utf-8"))
            if (folder / "dialogues.json").is_file()
            else []
        )
    ]
    if not requests and not dialogues:
        raise SystemExit(f"{folder}: no requests.jsonl and no dialogues.json; a set needs at least one of them")
    return requests, dialogues


def set_hosts(folder: Path, cases: list[Case]) -> list[str]:
    """The hosts the set's cases use: the built-in ones in `HOSTS` order, then the set's own, sorted."""
    used = {c.host for c in cases}
    return [h for h in HOSTS if h in used] + sorted(used - set(HOSTS))


def load_host(name: str, folder: Path | None = None) -> Host | None:
    """The host named `name`, or None (with a printed reason) when it is not available in this checkout.

    Besides the built-in hosts, a set may bring its own invented host as `host_<name>.py` in its folder, a
    module whose `load_host()` builds it (offline, seeded), so that a set can measure a host nobody trained on.
    """
    own = folder / f"host_{name}.py" if folder is not None else None
    if own is not None and own.is_file():
        try:
            return load_host_file_once(own)
        except UsageError as exc:
            raise SystemExit(str(exc)) from exc
    if name not in HOSTS:
        raise SystemExit(f"unknown host {name!r}: use one of {', '.join(HOSTS)} or add host_{name}.py to the set")
    if name == "demo":
        from simxai.hosts.demo import load_demo_host

        return load_demo_host()
    if name == "sentiment":
        from simxai.hosts.sentiment import load_sentiment_host

        return load_sentiment_host()
    if name == "insurance":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from dev_hosts import load_insurance_host  # bench/dev_hosts.py: an invented host built from a host config

        return load_insurance_host()
    if importlib.util.find_spec("simxai.hosts.loan") is None:
        print("loan: simxai.hosts.loan does not exist in this checkout (issue 21 not merged); loan cases skipped")
        return None
    from simxai.hosts.loan import load_loan_host  # type: ignore[import-not-found,unused-ignore]

    host: Host = load_loan_host()
    return host


# ---- normalisation --------------------------------------------------------------------------------


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def _text(value: Any) -> str:
    if isinstance(value, dict) and set(value) == {"text"}:
        value = value["text"]
    return " ".join(str(value).casefold().split()).strip(" \"'.!?")


def _condition(value: str, schema: HostSchema) -> Any:
    """A condition as a set of clauses (through the host's parser, which resolves aliases), else as text."""
    try:
        clauses = parse_condition(value, schema)
    except SimXAIError:
        spaced = _OPERATOR.sub(lambda m: f" {'=' if m.group(1) == '==' else m.group(1)} ", value.casefold())
        return " ".join(spaced.split())
    return frozenset((c.field, c.op, _number(c.value) if _number(c.value) is not None else c.value) for c in clauses)


def _looks_like_condition(value: str) -> bool:
    return bool(_OPERATOR.search(value)) or value.strip().casefold() in ("all", "everyone", "all instances", "*")


def _instance(gold: Any, actual: Any, schema: HostSchema) -> bool:
    if isinstance(gold, int | float) and not isinstance(gold, bool):
        return _number(actual) == float(gold)
    if isinstance(gold, str) and _looks_like_condition(gold):
        return isinstance(actual, str) and _condition(gold, schema) == _condition(actual, schema)
    if isinstance(gold, str):
        return isinstance(actual, str | dict) and _text(gold) == _text(actual)
    if isinstance(gold, dict) and isinstance(actual, dict):
        return _changes(gold, actual)
    return bool(gold == actual)


def _change_value(value: Any) -> Any:
    number = _number(value)
    if number is not None and not (isinstance(value, str) and value.strip()[:1] in "+-*/"):
        return number
    if isinstance(value, str):
        match = _CHANGE.match(value.strip())
        if match:
            sign, amount, percent = match.group(1), float(match.group(2)), match.group(3)
            # the host applies "+P%" as a factor 1 + P/100 and "*F" as F (`simxai.instances.RelativeChange`), so
            # "*2" and "+100%" are one change and compare equal
            if percent and sign in "+-":
                return ("*", round(1 + (amount if sign == "+" else -amount) / 100, 9), "")
            if sign == "*" and not percent:
                return ("*", round(amount, 9), "")
            return (sign, amount, percent)
        return _text(value)
    return value


def _changes(gold: Any, actual: Any) -> bool:
    if not isinstance(gold, dict) or not isinstance(actual, dict):
        return False
    norm_gold = {str(k).casefold(): _change_value(v) for k, v in gold.items()}
    norm_actual = {str(k).casefold(): _change_value(v) for k, v in actual.items()}
    return norm_gold == norm_actual


def arguments_match(gold: dict[str, Any], actual: dict[str, Any], schema: HostSchema) -> bool:
    """Whether every gold argument equals the call's argument after normalisation."""
    for name, expected in gold.items():
        if name not in actual:
            return False
        value = actual[name]
        if name == "instance":
            ok = _instance(expected, value, schema)
        elif name == "group" and isinstance(expected, str):
            ok = isinstance(value, str) and _condition(expected, schema) == _condition(value, schema)
        elif name == "changes":
            ok = _changes(expected, value)
        elif isinstance(expected, int | float) and not isinstance(expected, bool):
            ok = _number(value) == float(expected)
        else:
            ok = isinstance(value, str) and value.strip().casefold() == str(expected).strip().casefold()
        if not ok:
            return False
    return True


def effective_arguments(arguments: dict[str, Any], output: Any) -> dict[str, Any]:
    """The call's arguments plus the label arguments it left to the function's default, read from its output.

    "how could applicant 700 get the loan?" answered without `target_label` is still answered for the label
    the function chose (the most probable other one), which its output names.
    """
    effective = dict(arguments)
    if not isinstance(output, dict):
        return effective
    defaults = {
        "prediction_label": output.get("label"),
        "target_label": output.get("target_label"),
        "expected_label": output.get("target_label"),
        "label": output.get("label"),  # the label a global explanation (or a per-label metric) is of
    }
    for name, value in defaults.items():
        if effective.get(name) is None and isinstance(value, str):
            effective[name] = value
    return effective


def score(case: Case, index: int, kind: str, text: str, gold: Gold, turn: Turn, schema: HostSchema) -> Scored:
    """Score one turn of the engine against its gold."""
    ran = [c for c in turn.calls if c.status in _RAN]
    first = ran[0] if ran else None
    asked = turn.clarification.question if turn.clarification is not None and first is None else None
    outcome: Outcome
    if gold.functions:
        if first is None:
            outcome = "clarified" if asked else "no_answer"
        elif first.function not in gold.functions:
            outcome = "confident_wrong"
        elif arguments_match(gold.arguments, effective_arguments(first.arguments, first.output), schema):
            outcome = "correct"
        else:
            outcome = "function_only"
    elif first is not None:
        outcome = "confident_wrong"
    elif gold.clarify:
        outcome = "correct" if asked else "no_answer"
    else:
        outcome = "clarified" if asked else "correct"
    return Scored(
        case=case.id,
        turn=index,
        host=case.host,
        kind=kind,
        text=text,
        gold=list(gold.functions) or (["(clarify)"] if gold.clarify else ["(no function)"]),
        gold_arguments=gold.arguments,
        outcome=outcome,
        called=first.function if first else None,
        arguments=first.arguments if first else {},
        asked=asked,
        reply=turn.reply[:300],
        flagged=list(turn.faithfulness.unsupported) if turn.faithfulness is not None else [],
    )


async def run_case(agent: Agent, case: Case, kind: str) -> list[Scored]:
    """Run a case's turns in one conversation and score each."""
    conversation = agent.conversation()
    results = []
    for index, (text, gold) in enumerate(case.turns):
        try:
            turn = await conversation.send(text)
        except SimXAIError as exc:
            results.append(
                Scored(
                    case.id,
                    index,
                    case.host,
                    kind,
                    text,
                    list(gold.functions),
                    gold.arguments,
                    "crashed",
                    reply=f"{type(exc).__name__}: {exc}",
                )
            )
            continue
        results.append(score(case, index, kind, text, gold, turn, agent.schema))
    return results


# ---- report ---------------------------------------------------------------------------------------


def summary(rows: list[Scored]) -> dict[str, Any]:
    """n, function accuracy, function+arguments accuracy, clarification rate and confident-wrong rate."""
    n = len(rows)
    count = collections.Counter(r.outcome for r in rows)
    ask = sum(1 for r in rows if r.asked is not None)

    def rate(k: int) -> float:
        return k / n if n else 0.0

    return {
        "n": n,
        "function_accuracy": rate(sum(1 for r in rows if r.function_correct)),
        "function_arguments_accuracy": rate(count["correct"]),
        "clarification_rate": rate(ask),
        "confident_wrong_rate": rate(count["confident_wrong"]),
        "no_answer_rate": rate(count["no_answer"] + count["crashed"]),
    }


def _line(label: str, s: dict[str, Any]) -> str:
    return (
        f"{label:<34} n={s['n']:>4}  function {s['function_accuracy']:6.1%}  function+args "
        f"{s['function_arguments_accuracy']:6.1%}  asked {s['clarification_rate']:6.1%}  "
        f"confident-wrong {s['confident_wrong_rate']:6.1%}  no answer {s['no_answer_rate']:6.1%}"
    )


def report(rows: list[Scored], show_errors: bool) -> dict[str, Any]:
    """Print the tables and return them as data."""
    out: dict[str, Any] = {"overall": {}, "per_function": {}}
    for kind in ("request", "dialogue", "all"):
        subset = [r for r in rows if kind in ("all", r.kind)]
        if not subset:
            continue
        print(f"\n== {kind} turns ==")
        for host in [h for h in HOSTS if any(r.host == h for r in rows)] + sorted({r.host for r in rows} - set(HOSTS)):
            host_rows = [r for r in subset if r.host == host]
            if host_rows:
                out["overall"][f"{kind}/{host}"] = s = summary(host_rows)
                print(_line(host, s))
        out["overall"][f"{kind}/all"] = s = summary(subset)
        print(_line("overall", s))
    print("\n== per gold function (all turns) ==")
    by_function: dict[str, list[Scored]] = collections.defaultdict(list)
    for r in rows:
        by_function[" | ".join(r.gold)].append(r)
    for name in sorted(by_function):
        out["per_function"][name] = s = summary(by_function[name])
        print(_line(name, s))
    flagged = [r for r in rows if r.flagged]
    answered = sum(1 for r in rows if r.called)
    out["own_replies_flagged"] = {"flagged": len(flagged), "answered": answered}
    print(f"\nthe engine's own replies the guard flags: {len(flagged)} of {answered} answered turns")
    if show_errors:
        for r in flagged:
            print(f"  {r.case}#{r.turn} {r.called}: {r.flagged}")
        print("\n== turns not fully correct ==")
        for r in rows:
            if r.outcome != "correct":
                got = r.called or (f"asked: {r.asked}" if r.asked else "nothing")
                gold = f"{r.gold} {r.gold_arguments}"
                print(f"{r.case}#{r.turn} [{r.outcome}] {r.text!r}: gold {gold} -> {got} {r.arguments}")
    return out


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--backend", default="router", help="any spec load_backend accepts (default: router)")
    parser.add_argument("--host", help="run only this host's cases")
    parser.add_argument("--set", type=Path, default=SET_DIR, help="the set's folder")
    parser.add_argument("--json", type=Path, help="write every scored turn and the tables here")
    parser.add_argument("--errors", action="store_true", help="list every turn that is not fully correct")
    parser.add_argument(
        "--router-model", type=Path, help="router backend: this selector artifact instead of the shipped one"
    )
    parser.add_argument("--threshold", type=float, help="router backend: this clarification threshold (0: never ask)")
    parser.add_argument("--dialogues-only", action="store_true", help="run only the set's dialogues")
    args = parser.parse_args(argv)
    requests, dialogues = load_set(args.set)
    if args.dialogues_only:
        requests = []
    backend: Backend = load_backend(args.backend)
    if args.router_model is not None or args.threshold is not None:
        if args.backend != "router":
            parser.error("--router-model and --threshold apply to the router backend only")
        from simxai.backends.router import RouterBackend

        backend = RouterBackend(threshold=args.threshold, model=args.router_model)
    rows: list[Scored] = []
    for host_name in set_hosts(args.set, requests + dialogues):
        if args.host and host_name != args.host:
            continue
        host = load_host(host_name, args.set)
        if host is None:
            skipped = sum(1 for c in requests + dialogues if c.host == host_name)
            print(f"loan: skipped {skipped} cases")
            continue
        # The guard re-reads the router's own renderings too, so "the engine's own replies the guard flags" below
        # counts them as it did before the engine stopped re-reading them by default.
        agent = Agent(host, backend, settings=AgentSettings(guard_renderings=True))
        for kind, cases in (("request", requests), ("dialogue", dialogues)):
            for case in cases:
                if case.host == host_name:
                    rows.extend(await run_case(agent, case, kind))
    print(f"backend {args.backend}; set {args.set.name}; {len(rows)} user turns scored")
    tables = report(rows, args.errors)
    if args.json:
        args.json.write_text(
            json.dumps(
                {"backend": args.backend, "tables": tables, "turns": [asdict(r) for r in rows]},
                indent=1,
                ensure_ascii=False,
                default=str,
            ),
            encoding="utf-8",
        )
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
