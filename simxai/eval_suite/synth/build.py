"""Generating, checking and writing a synthetic dialogue set, and merging people's annotations back.

Quality controls, each counted in the report with its reason: an unreadable or failed generation is
dropped; a user turn naming an id the host does not have, or (constrained) an id or feature other than its
plan's, drops its dialogue; a constrained turn whose instance appears nowhere in the dialogue so far (not
in this turn, nor in an earlier one it can refer back to) drops its dialogue; a dialogue whose user turns
are a near-duplicate (word-shingle Jaccard >= 0.8) of a kept dialogue's is dropped.

Files written to the output folder:
- `dialogues.json`: `{"dialogues": [{"id", "setting", "host", "conversation": [{"speaker": "user", "message",
  "tool", "input", "arguments"}, {"speaker": "assistant", "message"}]}]}` — the Compass layout, so that
  `simxai-eval parse --dataset file:DIR/dialogues.json` and the faithfulness/context commands read it;
  unlabelled (unconstrained) user turns have no `tool`.
- `report.json`: settings, counts planned/generated/kept, drops by reason, functions covered.
- `annotation.csv`: one row per user turn for people to judge realism and labels (`merge_annotations`).
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import pydantic

from simxai.backends.base import Backend
from simxai.eval_suite.judged.judge import ask_strictly
from simxai.eval_suite.runner import CaseCache, Progress, cache_key, run_units
from simxai.eval_suite.synth.plan import (
    SYNTH_PROMPT_VERSION,
    Plan,
    Setting,
    main_argument,
    prompt_for,
    read_turns,
)
from simxai.exceptions import UsageError
from simxai.extraction import extract_feature, extract_ids
from simxai.hosts.base import HostSchema
from simxai.messages import Message
from simxai.registry import Registry

__all__ = [
    "ANNOTATION_COLUMNS",
    "Generated",
    "SynthReport",
    "check_dialogues",
    "generate",
    "merge_annotations",
    "write_set",
]

SYSTEM = "You write realistic dialogues for evaluating conversational explanation systems. Reply with JSON only."
NEAR_DUPLICATE = 0.8
ANNOTATION_COLUMNS = (
    "dialogue",
    "turn",
    "setting",
    "user",
    "assistant",
    "function",
    "arguments",
    "realistic",
    "label_correct",
    "corrected_function",
    "corrected_arguments",
    "notes",
)


class Generated(pydantic.BaseModel):
    """One generation: the plan, the turns written for it, or why there are none."""

    plan: dict[str, Any]
    status: Literal["ok", "unparseable", "error"]
    turns: list[tuple[str, str]] = []
    raw: str | None = None
    attempts: int = 0
    cached: bool = False


class SynthReport(pydantic.BaseModel):
    """What a synth run did: settings, counts, and every drop with its reason."""

    host: str
    setting: Setting
    backend: str
    seed: int
    prompt_version: str = SYNTH_PROMPT_VERSION
    planned: int
    generated: int
    kept: int
    dropped: dict[str, int]
    plan_skips: dict[str, int] = {}
    functions: dict[str, int] = {}
    user_turns: int = 0


class _FinishedOnly(CaseCache):
    """Reads and writes through to a case cache, but hands back finished generations only, so failed ones
    are tried again when a run is resumed.
    """

    def __init__(self, inner: CaseCache) -> None:
        self._inner = inner

    def get(self, key: str) -> dict[str, Any] | None:
        stored = self._inner.get(key)
        return stored if stored is not None and stored.get("status") == "ok" else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        self._inner.put(key, value)

    def __len__(self) -> int:
        return len(self._inner)


async def generate(
    plans: Sequence[Plan],
    schema: HostSchema,
    specs: str,
    backend: Backend,
    *,
    host_name: str,
    seed: int,
    temperature: float,
    concurrency: int,
    cache: CaseCache,
    progress: bool | None,
) -> list[Generated]:
    """Ask `backend` for one dialogue per plan, concurrently; cached generations are not asked again."""
    config = {"version": SYNTH_PROMPT_VERSION, "seed": seed, "temperature": temperature}

    async def work(plan: Plan, _: list[Generated]) -> Generated:
        messages = [Message.system(SYSTEM), Message.user(prompt_for(plan, schema, specs))]
        reply = await ask_strictly(
            backend,
            messages,
            lambda text: read_turns(text, plan.count),
            form='{"turns": [{"user": "...", "assistant": "..."}, ...]}',
            max_tokens=400 + 200 * plan.count,
            temperature=temperature,
        )
        return Generated(
            plan=plan.as_json(), status=reply.status, turns=reply.value or [], raw=reply.raw, attempts=reply.attempts
        )

    def key(plan: Plan) -> str:
        return cache_key(
            f"synth:{host_name}", f"{plan.setting}/{plan.index}", backend.name, {**config, **plan.as_json()}
        )

    results = await run_units(
        [[p] for p in plans],
        work,
        key=key,
        model=Generated,
        cache=_FinishedOnly(cache),
        concurrency=concurrency,
        progress=Progress(len(plans), f"synth {host_name} {plans[0].setting if plans else ''}", enabled=progress),
    )
    return [unit[0] for unit in results]


def _shingles(texts: Sequence[str]) -> set[tuple[str, ...]]:
    tokens = [w for t in texts for w in re.findall(r"[a-z0-9']+", t.lower())]
    return {tuple(tokens[i : i + 3]) for i in range(max(1, len(tokens) - 2))}


def _problem(generated: Generated, schema: HostSchema) -> str | None:
    """Why a generated dialogue cannot be kept, or None."""
    plan = generated.plan
    low, high = schema.id_range or (0, -1)
    seen_ids: set[int] = set()
    for i, (user, _) in enumerate(generated.turns):
        ids = extract_ids(user, schema)
        if any(not low <= n <= high for n in ids):
            return "a turn names an id the host does not have"
        seen_ids.update(ids)
        if plan["setting"] != "constrained":
            continue
        step = plan["turns"][i]
        instance = step["arguments"].get("instance")
        if isinstance(instance, int) and any(n != instance for n in ids):
            return "a turn names an id its plan does not"
        if isinstance(instance, int) and instance not in seen_ids:
            return "a turn's instance appears nowhere in the dialogue so far"
        changes = step["arguments"].get("changes") or {}
        named = extract_feature(user, schema) if schema.kind == "tabular" else None
        if changes and schema.kind == "tabular" and named is not None and named not in changes:
            return "a turn changes a feature its plan does not"
    return None


def check_dialogues(generations: Sequence[Generated], schema: HostSchema) -> tuple[list[Generated], Counter[str]]:
    """The generations that pass every quality control, and a count of the others by reason."""
    kept: list[Generated] = []
    kept_shingles: list[set[tuple[str, ...]]] = []
    dropped: Counter[str] = Counter()
    for g in generations:
        if g.status != "ok":
            dropped[{"unparseable": "unreadable reply", "error": "backend error"}[g.status]] += 1
            continue
        problem = _problem(g, schema)
        if problem is not None:
            dropped[problem] += 1
            continue
        shingles = _shingles([u for u, _ in g.turns])
        if any(len(shingles & other) / len(shingles | other) >= NEAR_DUPLICATE for other in kept_shingles):
            dropped["near-duplicate of a kept dialogue"] += 1
            continue
        kept.append(g)
        kept_shingles.append(shingles)
    return kept, dropped


def _dialogue_id(host_name: str, plan: dict[str, Any]) -> str:
    return f"synth-{host_name}-{plan['setting']}-{plan['index']:04d}"


def write_set(out: Path, kept: Sequence[Generated], host_name: str, report: SynthReport) -> tuple[Path, Path, Path]:
    """Write dialogues.json, report.json and annotation.csv into `out` (each written whole, then renamed)."""
    out.mkdir(parents=True, exist_ok=True)
    dialogues = []
    rows = []
    for g in kept:
        plan = g.plan
        conversation: list[dict[str, Any]] = []
        for i, (user, reply) in enumerate(g.turns):
            turn: dict[str, Any] = {"speaker": "user", "message": user}
            step = plan["turns"][i] if plan["setting"] == "constrained" else None
            if step is not None:
                turn.update(tool=step["function"], input=main_argument(step["arguments"]), arguments=step["arguments"])
            conversation += [turn, {"speaker": "assistant", "message": reply}]
            rows.append(
                {
                    "dialogue": _dialogue_id(host_name, plan),
                    "turn": i,
                    "setting": plan["setting"],
                    "user": user,
                    "assistant": reply,
                    "function": step["function"] if step else "",
                    "arguments": json.dumps(step["arguments"], ensure_ascii=False) if step else "",
                }
            )
        dialogues.append(
            {
                "id": _dialogue_id(host_name, plan),
                "setting": plan["setting"],
                "host": host_name,
                "conversation": conversation,
            }
        )
    paths = (out / "dialogues.json", out / "report.json", out / "annotation.csv")
    _write_json(paths[0], {"dialogues": dialogues})
    _write_json(paths[1], report.model_dump(mode="json"))
    _write_sheet(paths[2], rows)
    return paths


def _write_json(path: Path, data: Any) -> None:
    partial = path.with_suffix(path.suffix + ".partial")
    partial.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(path)


def _write_sheet(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    partial = path.with_suffix(".csv.partial")
    with partial.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=ANNOTATION_COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow({c: row.get(c, "") for c in ANNOTATION_COLUMNS})
    partial.replace(path)


def _yes_no(value: str, where: str, column: str) -> bool | None:
    value = value.strip().lower()
    if value in ("", "-"):
        return None
    if value in ("yes", "y", "1", "true"):
        return True
    if value in ("no", "n", "0", "false"):
        return False
    raise UsageError(f"{where}: {column} must be yes, no or empty, got {value!r}")


def merge_annotations(dialogues_path: Path, sheet: Path, registry: Registry, out: Path) -> dict[str, int]:
    """Apply people's judgements from `sheet` to the set in `dialogues_path`, writing the result to `out`.

    A dialogue any of whose rows says `realistic: no` is removed; a row with `label_correct: no`, or any row
    with a `corrected_function`, gets that function (a registered name, or `no tool` for a turn that needs
    none) and `corrected_arguments` (a JSON object) as its gold label. Every row is checked before anything is
    written; a bad value stops the merge with its row and column named.

    Returns:
        Counts: dialogues removed, labels corrected, turns newly labelled, dialogues kept.
    """
    data = json.loads(dialogues_path.read_text(encoding="utf-8"))
    by_id = {d["id"]: d for d in data["dialogues"]}
    unrealistic: set[str] = set()
    edits: list[tuple[str, int, str, dict[str, Any]]] = []
    with sheet.open(encoding="utf-8", newline="") as handle:
        for n, row in enumerate(csv.DictReader(handle), start=2):
            where = f"{sheet.name} row {n}"
            dialogue = by_id.get(row.get("dialogue", ""))
            if dialogue is None:
                raise UsageError(f"{where}: unknown dialogue {row.get('dialogue')!r}")
            turn = int(row["turn"]) if row.get("turn", "").strip().isdigit() else -1
            users = [t for t in dialogue["conversation"] if t["speaker"] == "user"]
            if not 0 <= turn < len(users):
                raise UsageError(f"{where}: turn must be 0 to {len(users) - 1}, got {row.get('turn')!r}")
            if _yes_no(row.get("realistic", ""), where, "realistic") is False:
                unrealistic.add(dialogue["id"])
            correct = _yes_no(row.get("label_correct", ""), where, "label_correct")
            function = (row.get("corrected_function") or "").strip()
            if correct is False and not function:
                raise UsageError(f"{where}: label_correct is no but corrected_function is empty")
            if not function:
                continue
            if function != "no tool" and function not in registry:
                raise UsageError(
                    f"{where}: corrected_function {function!r} is not one of {', '.join(registry.names())}, no tool"
                )
            try:
                arguments = json.loads(row.get("corrected_arguments") or "{}")
            except ValueError:
                raise UsageError(f"{where}: corrected_arguments must be a JSON object") from None
            if not isinstance(arguments, dict):
                raise UsageError(f"{where}: corrected_arguments must be a JSON object")
            if function != "no tool":
                entry = registry.get(function)
                assert entry is not None  # noqa: S101 - checked above
                entry.validate(arguments)  # ArgumentError (a UsageError-like SimXAIError) names the problem
            edits.append((dialogue["id"], turn, function, arguments))
    counts = Counter[str]()
    for dialogue_id, turn, function, arguments in edits:
        user_turn = [t for t in by_id[dialogue_id]["conversation"] if t["speaker"] == "user"][turn]
        counts["labels corrected" if "tool" in user_turn else "turns newly labelled"] += 1
        user_turn.update(tool=function, input=main_argument(arguments), arguments=arguments)
    data["dialogues"] = [d for d in data["dialogues"] if d["id"] not in unrealistic]
    counts["dialogues removed"] = len(unrealistic)
    counts["dialogues kept"] = len(data["dialogues"])
    _write_json(out, data)
    return dict(counts)
