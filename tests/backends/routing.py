"""What the router tests share: one turn routed by the offline router on a host, read as (question, calls); the
engine's turns on a host and the calls they ran; and an invented host fitted in the test."""

from __future__ import annotations

import json
from typing import Any

from simxai import Agent, Turn
from simxai.agent import AgentSettings
from simxai.backends.base import CLARIFY, CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.eval_suite.router_training.authors import HOST_SCHEMAS
from simxai.functions import default_registry
from simxai.hosts.base import Host, HostSchema
from simxai.messages import Message, ToolCall

FUNCTIONS = default_registry().specs()
DEMO, LOAN, REVIEWS, INSURANCE = (HOST_SCHEMAS[h] for h in ("demo", "loan", "sentiment", "insurance"))


def route(
    router: RouterBackend, text: str, schema: HostSchema, history: list[Message] | None = None
) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
    """The router's answer to `text` after `history`: the question it asks ("" when it calls) and its calls."""
    messages = [Message.system("You explain a model."), *(history or []), Message.user(text)]
    response = router.route(CompletionRequest(messages=messages, host=schema, functions=FUNCTIONS))
    question = response.content if response.finish_reason == CLARIFY else ""
    return question, [(c.name, c.arguments) for c in response.tool_calls]


#: The engine with the guard re-reading the router's own renderings too (off on the live path): the tests' turns
#: report the guard's claims on every rendering, so a test that a reply passes the guard is one.
CHECKED = AgentSettings(guard_renderings=True)


async def talk(host: Any, router: RouterBackend, *texts: str) -> list[Turn]:
    """The engine's turns for `texts`, sent in order in one conversation on `host` with `router`; the guard
    re-reads the renderings (`CHECKED`), so each turn's report is the guard's on its reply.
    """
    conversation = Agent(host, router, settings=CHECKED).conversation()
    return [await conversation.send(text) for text in texts]


def calls(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    """The calls of `turn` that ran, as (function, arguments)."""
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


def ran(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    """The calls of `turn` that ran, whether they succeeded or failed, as (function, arguments)."""
    return [(c.function, c.arguments) for c in turn.calls if c.status in ("ok", "error")]


def logistic_host(frame: Any, numeric: list[str], category: str, target: str, config: dict[str, Any]) -> Host:
    """A host over `frame` (a pandas DataFrame) whose model is a logistic regression of `target` on the scaled
    `numeric` columns and the one-hot `category` column; `config` goes to `simxai.hosts.host_from_model`.
    """
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts import host_from_model

    encode = ColumnTransformer([("scale", StandardScaler(), numeric), ("onehot", OneHotEncoder(), [category])])
    model = Pipeline([("encode", encode), ("classify", LogisticRegression(max_iter=1000))])
    model.fit(frame[[*numeric, category]], frame[target])
    return host_from_model(model, frame, **config)


def after(name: str, said: str = "a question", **arguments: object) -> list[Message]:
    """A dialogue's history after one call: the user's turn `said`, the call of `name` with `arguments`, its
    (empty) result and a reply.
    """
    call = ToolCall(id="call_0", name=name, arguments=dict(arguments))
    return [
        Message.user(said),
        Message.assistant("", [call]),
        Message.tool(call, '{"result": {}}'),
        Message.assistant("Done."),
    ]


def what_if_history(
    said: str, changes: dict[str, Any], tried: dict[str, tuple[Any, Any]] | None, instance: int
) -> list[Message]:
    """A what-if's turn, its call and an output that names each feature's old and new value, and a reply."""
    call = ToolCall(id="call_0", name="explain_what_if", arguments={"instance": instance, "changes": changes})
    rows = [{"feature": f, "old": old, "new": new} for f, (old, new) in (tried or {}).items()]
    return [
        Message.user(said),
        Message.assistant("", [call]),
        Message.tool(call, json.dumps({"result": {"changes": rows}})),
        Message.assistant("Done."),
    ]
