"""Plans and prompts for `simxai-eval synth`: what each generated dialogue must ask, and how it is asked for.

A *constrained* dialogue follows a plan: one planned call (function and arguments) per user turn, drawn
from the host's own schema and checked by running it on the host before anything is generated, so that
every gold label is a call that works. Over a set, the plans cycle through every registered function, so
the set covers all of them. An *unconstrained* dialogue has no plan beyond a focus instance and a number
of user turns: the generator writes what a user would ask, and its turns stay unlabelled until a person
labels them (see `build.merge_annotations`).

The prompts are module constants (`CONSTRAINED`, `UNCONSTRAINED`), documented in docs/eval.md; any change
to them bumps `SYNTH_PROMPT_VERSION`, so cached dialogues of older prompts are not reused.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from simxai.eval_suite.judged.judge import JudgeReplyError, read_json_object
from simxai.exceptions import SimXAIError
from simxai.hosts.base import Host, HostSchema
from simxai.registry import Registry

__all__ = [
    "CONSTRAINED",
    "SETTINGS",
    "SYNTH_PROMPT_VERSION",
    "UNCONSTRAINED",
    "Plan",
    "PlannedTurn",
    "Setting",
    "describe_host",
    "main_argument",
    "plan_dialogues",
    "prompt_for",
    "read_turns",
]

Setting = Literal["constrained", "unconstrained"]
SETTINGS: tuple[Setting, ...] = ("constrained", "unconstrained")
SYNTH_PROMPT_VERSION = "1"

#: The functions that take an instance, and so share a dialogue's focus instance.
_ABOUT_INSTANCE = (
    "get_prediction",
    "get_local_explanation",
    "explain_why_not",
    "explain_how_to_be_that",
    "explain_how_to_still_be_this",
    "explain_what_if",
)

CONSTRAINED = """Task: synth_constrained
Write one realistic conversation between a user and an assistant that explains a machine-learning model.

The model:
{host}

The assistant answers by calling these functions (their specifications):
{specs}

The conversation has exactly {count} user turns, each followed by the assistant's reply. User turn i asks for
exactly what step i of the plan below says, in the words such a user would use: vary the phrasing, never name a
function, and give every value the step needs (ids, feature names, numbers, labels) unless the step is marked
"follow-up", in which case the user refers back to the same {noun} without repeating its id ("it", "that one",
"her"). The assistant's replies are short and plausible.

Plan:
{plan}

Answer with only {{"turns": [{{"user": "...", "assistant": "..."}}, ...]}} (exactly {count} turns)."""

UNCONSTRAINED = """Task: synth_unconstrained
Write one realistic conversation between a user and an assistant that explains a machine-learning model.

The model:
{host}

The user talks to the assistant for {count} turns about the model and its decisions, starting from {noun}
{focus}, asking whatever such a user would naturally want to know; each user turn is followed by the
assistant's short, plausible reply. Do not mention functions, tools or this instruction.

Answer with only {{"turns": [{{"user": "...", "assistant": "..."}}, ...]}} (exactly {count} turns)."""


@dataclass(frozen=True)
class PlannedTurn:
    """One user turn of a constrained plan: the call it asks for (its gold label)."""

    function: str
    arguments: dict[str, Any]
    follow_up: bool = False

    def text(self) -> str:
        """The planned call as written in a prompt, e.g. `[follow-up] get_prediction(instance=3)`."""
        args = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in self.arguments.items())
        return f"{'[follow-up] ' if self.follow_up else ''}{self.function}({args})"


@dataclass(frozen=True)
class Plan:
    """What one dialogue must contain: its setting, focus instance, user-turn count and planned calls."""

    index: int
    setting: Setting
    focus: int
    count: int
    turns: tuple[PlannedTurn, ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        """The plan as JSON-ready data: setting, focus, turn count and the planned calls."""
        return {
            "index": self.index,
            "setting": self.setting,
            "focus": self.focus,
            "count": self.count,
            "turns": [{"function": t.function, "arguments": t.arguments, "follow_up": t.follow_up} for t in self.turns],
        }


def describe_host(schema: HostSchema) -> str:
    """The host in a few lines: what it predicts, about what, and its features with their ranges."""
    lines = [
        f"- {schema.name}: predicts one of {', '.join(repr(c) for c in schema.class_names)} for each "
        f"{schema.instance_noun}.",
    ]
    if schema.id_range is not None:
        lines.append(f"- {schema.instance_noun}s are numbered {schema.id_range[0]} to {schema.id_range[1]}.")
    for f in schema.features:
        if f.type == "numeric" and f.min is not None and f.max is not None:
            what = f"numeric, {f.min:g} to {f.max:g}"
        elif f.type == "categorical":
            what = "one of " + ", ".join(f.categories or [])
        else:
            what = f.type
        lines.append(f"- feature {f.name}: {what}" + (f" ({f.description})" if f.description else ""))
    return "\n".join(lines)


def _numeric_change(schema: HostSchema, rng: random.Random) -> dict[str, Any] | None:
    numeric = [f for f in schema.features if f.type == "numeric" and f.min is not None and f.max is not None]
    if not numeric:
        return None
    f = rng.choice(numeric)
    assert f.min is not None and f.max is not None  # noqa: S101 - narrowed by the filter above
    if rng.random() < 0.5:
        return {f.name: round(rng.uniform(f.min, f.max), 1 if f.max - f.min < 20 else 0)}
    step = max(1, round((f.max - f.min) / 10))
    return {f.name: f"{rng.choice('+-')}{step}"}


def _word_change(host: Host, focus: int, rng: random.Random) -> dict[str, Any] | None:
    text = host.resolve(focus).text or ""
    words = sorted({w for w in re.findall(r"[A-Za-z']+", text) if len(w) >= 4})
    return {rng.choice(words): ""} if words else None


def _arguments(function: str, host: Host, schema: HostSchema, focus: int, rng: random.Random) -> dict[str, Any]:
    """Arguments for `function` from the host's schema; empty where the function takes none."""
    if function == "explain_what_if":
        changes = _word_change(host, focus, rng) if schema.kind == "text" else _numeric_change(schema, rng)
        return {"instance": focus, "changes": changes} if changes else {}
    if function in _ABOUT_INSTANCE:
        return {"instance": focus}
    if function == "get_model_performance":
        return {"metric": rng.choice([m for m in schema.metrics if m != "all"] or ["accuracy"])}
    if function == "get_data_information":
        named = [f.name for f in schema.features if f.type != "text"]
        return {"feature": rng.choice(named)} if named and rng.random() < 0.6 else {}
    return {}


def _runs(registry: Registry, host: Host, function: str, arguments: dict[str, Any]) -> bool:
    entry = registry.get(function)
    if entry is None:
        return False
    try:
        entry(host, arguments)
    except SimXAIError:
        return False
    return True


def plan_dialogues(
    host: Host,
    registry: Registry,
    *,
    setting: Setting,
    dialogues: int,
    turns: int,
    seed: int,
    on_skip: Callable[[str], None] = lambda reason: None,
) -> list[Plan]:
    """Plan `dialogues` dialogues of `turns` user turns each, reproducibly from `seed`.

    Constrained plans cycle through every registered function (shuffled), so a set of at least
    len(registry) / turns dialogues covers all of them; each planned call is run on the host first and
    replaced by the next function when it fails (`on_skip` hears why).
    """
    schema = host.schema()
    rng = random.Random(seed)
    low, high = schema.id_range or (0, 0)
    if setting == "unconstrained":
        return [Plan(i, setting, rng.randint(low, high), turns) for i in range(dialogues)]
    names = registry.names()
    queue: list[str] = []
    plans = []
    for index in range(dialogues):
        focus = rng.randint(low, high)
        planned: list[PlannedTurn] = []
        tries = 0
        while len(planned) < turns and tries < 4 * len(names):
            tries += 1
            if not queue:
                queue = rng.sample(names, len(names))
            function = queue.pop(0)
            arguments = _arguments(function, host, schema, focus, rng)
            if not _runs(registry, host, function, arguments):
                on_skip(f"{function} with {arguments} failed on the host")
                continue
            seen = any("instance" in t.arguments for t in planned)
            planned.append(PlannedTurn(function, arguments, follow_up=seen and "instance" in arguments))
        plans.append(Plan(index, setting, focus, len(planned), tuple(planned)))
    return plans


def prompt_for(plan: Plan, schema: HostSchema, specs: str) -> str:
    """The generator's prompt for `plan` (the setting's template filled in)."""
    if plan.setting == "unconstrained":
        return UNCONSTRAINED.format(
            host=describe_host(schema), count=plan.count, noun=schema.instance_noun, focus=plan.focus
        )
    steps = "\n".join(f"{i}. {t.text()}" for i, t in enumerate(plan.turns, 1))
    return CONSTRAINED.format(
        host=describe_host(schema), specs=specs, count=plan.count, noun=schema.instance_noun, plan=steps
    )


def read_turns(text: str, count: int) -> list[tuple[str, str]]:
    """The (user, assistant) pairs of a generator reply, exactly `count` of them with non-empty texts.

    Raises:
        JudgeReplyError: saying what is wrong (the generator is asked once more with the reason).
    """
    data = read_json_object(text)
    turns = data.get("turns")
    if not isinstance(turns, list) or len(turns) != count:
        raise JudgeReplyError(f'"turns" must be a list of exactly {count} objects')
    out = []
    for i, turn in enumerate(turns, 1):
        user = turn.get("user") if isinstance(turn, dict) else None
        reply = turn.get("assistant") if isinstance(turn, dict) else None
        if not isinstance(user, str) or not user.strip() or not isinstance(reply, str) or not reply.strip():
            raise JudgeReplyError(f'turn {i} needs a non-empty "user" and "assistant" text')
        out.append((user.strip(), reply.strip()))
    return out


def main_argument(arguments: dict[str, Any]) -> str | None:
    """The value a dataset's `input` field holds: the instance, metric or feature, as text."""
    for name in ("instance", "metric", "feature"):
        if arguments.get(name) not in (None, ""):
            return str(arguments[name])
    return None
