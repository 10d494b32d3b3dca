"""The engine over OpenAIBackend and httpx.MockTransport, replaying recorded vLLM replies.

These are contract tests: they check what the engine does with replies of a given shape (call syntax after
results, a repeated call, an out-of-range value, a long session), not how well any model behaves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from simxai.agent import Agent, AgentSettings
from simxai.backends import load_backend
from simxai.backends.openai import OpenAIBackend
from simxai.budget import CHARS_PER_TOKEN

RECORDINGS = Path(__file__).parent / "recordings"


def recorded(name: str, status: int = 200) -> httpx.Response:
    body = (RECORDINGS / f"{name}.json").read_bytes()
    return httpx.Response(status, content=body, headers={"content-type": "application/json"})


def no_tokenizer(body: dict[str, Any]) -> httpx.Response:
    """A server without ``/tokenize`` (FastAPI's 404)."""
    return httpx.Response(404, json={"detail": "Not Found"})


class Server:
    """Each completion request gets the next reply (a recording's name, or a function of the request body);
    ``POST /tokenize`` goes to `tokenize` (by default, the endpoint is missing).
    """

    def __init__(
        self,
        *replies: str | Callable[[dict[str, Any]], httpx.Response],
        tokenize: Callable[[dict[str, Any]], httpx.Response] = no_tokenizer,
    ) -> None:
        self.replies = list(replies)
        self.tokenize = tokenize
        self.bodies: list[dict[str, Any]] = []
        self.counted: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        if request.url.path == "/tokenize":
            self.counted.append(body)
            return self.tokenize(body)
        assert request.url.path == "/v1/chat/completions", request.url
        self.bodies.append(body)
        reply = self.replies.pop(0)
        return reply(body) if callable(reply) else recorded(reply)


def agent(host: Any, server: Server, **settings: Any) -> Agent:
    llm = OpenAIBackend("Team-ACE/ToolACE-2.5-Llama-3.1-8B", transport=httpx.MockTransport(server), backoff=0.0,
                        max_retries=0)  # fmt: skip
    return Agent(host, llm, settings=AgentSettings(**settings), fallback=load_backend("router"))


def tool_messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(m["content"]) for m in body["messages"] if m["role"] == "tool"]


@pytest.mark.parametrize(
    ("recording", "reason"),
    [
        ("vllm_raw_call_after_results", "the reply is function-call syntax"),
        ("vllm_empty_after_results", "the reply is empty"),
        ("vllm_json_after_results", "the reply is JSON"),
        ("vllm_tool_tags_after_results", "the reply holds tool-call markup"),
    ],
)
async def test_a_non_answer_after_results_is_regenerated_once_then_rendered(demo_host, recording, reason):
    server = Server("vllm_call_prediction_12", recording, recording)
    turn = await agent(demo_host, server, max_calls_per_turn=1).run_turn("what does it predict for patient 12?")
    assert not server.replies
    assert [b["tool_choice"] for b in server.bodies] == ["auto", "none", "none"]
    assert f"not an answer ({reason})" in server.bodies[2]["messages"][-1]["content"]
    assert turn.reply == turn.calls[0].rendering and "get_prediction" not in turn.reply
    assert turn.faithfulness.regenerated and turn.faithfulness.fallback_used and turn.faithfulness.passed


async def test_call_syntax_then_an_answer(demo_host):
    server = Server("vllm_call_prediction_12", "vllm_raw_call_after_results", "vllm_answer_patient_12")
    turn = await agent(demo_host, server, max_calls_per_turn=1).run_turn("what does it predict for patient 12?")
    assert turn.reply == "The model predicts stable for patient 12, with a probability of 78.6%."
    assert turn.faithfulness.passed and not turn.faithfulness.fallback_used


async def test_an_identical_call_runs_once_and_the_model_is_told(demo_host):
    # With tools offered, vLLM's parser reads the call syntax as the same call again.
    server = Server("vllm_call_prediction_12", "vllm_raw_call_after_results", "vllm_answer_patient_12")
    turn = await agent(demo_host, server).run_turn("what does it predict for patient 12?")
    assert not server.replies and len(server.bodies) == 3
    assert [c.function for c in turn.calls] == ["get_prediction"]
    repeated = tool_messages(server.bodies[2])[-1]
    assert "already made in this turn" in repeated["note"] and repeated["result"]["label"] == "stable"
    assert server.bodies[2]["tool_choice"] == "none"
    assert turn.reply.startswith("The model predicts stable")


async def test_an_out_of_range_what_if_value_is_questioned_back(demo_host):
    server = Server("vllm_call_what_if_glucose_minus_5")
    turn = await agent(demo_host, server).run_turn("what if her glucose were -5?")
    assert turn.clarification is not None
    asked = "Say yes for that, or give another change."
    assert turn.reply == f"glucose −5 is below the data's range 58–124; did you mean 5 lower? {asked}"
    assert [c.status for c in turn.calls] == ["clarification"] and turn.state.pending is not None
    assert len(server.bodies) == 1


async def test_a_user_who_insists_gets_the_value(demo_host):
    server = Server("vllm_call_what_if_glucose_minus_5", "vllm_answer_what_if_relative")
    turn = await agent(demo_host, server, guard=False).run_turn("set glucose to -5 exactly, I insist")
    assert turn.clarification is None and turn.calls[0].status == "ok"
    assert turn.calls[0].output["changes"][0]["new"] == -5


def estimate(body: dict[str, Any]) -> float:
    """Prompt tokens of a request body as sent (its JSON counts more characters than the chat template)."""
    return (len(json.dumps(body["messages"])) + len(json.dumps(body["tools"]))) / CHARS_PER_TOKEN


async def test_a_long_session_stays_within_the_context_budget(demo_host):
    budget, max_tokens, limit = 5000, 512, 5600  # limit: the server's context, beyond which it answers 400

    def server_reply(name: str) -> Callable[[dict[str, Any]], httpx.Response]:
        def reply(body: dict[str, Any]) -> httpx.Response:
            if estimate(body) + max_tokens > limit:
                return recorded("vllm_error_400", 400)
            return recorded(name)

        return reply

    turns = 9
    server = Server(
        *[server_reply(n) for _ in range(turns) for n in ("vllm_call_prediction_12", "vllm_answer_patient_12")]
    )
    conversation = agent(demo_host, server, context_tokens=budget, max_tokens=max_tokens).conversation()
    question = "What does the model predict for patient 12? " + "Please explain it in plain words. " * 20
    done = [await conversation.send(question) for _ in range(turns)]
    assert not server.replies
    assert all(t.fallback is None and t.backend.startswith("openai:") for t in done)
    assert all(estimate(b) <= budget * 1.1 for b in server.bodies)
    assert done[-1].dropped_messages > 0 and done[0].dropped_messages == 0


async def test_an_llm_failure_falls_back_for_that_turn_only(demo_host):
    server = Server(
        lambda body: recorded("vllm_error_500", 500),
        "vllm_call_prediction_12",
        "vllm_answer_patient_12",
    )
    conversation = agent(demo_host, server).conversation()
    first = await conversation.send("what does the model predict for patient 12?")
    assert first.fallback is not None and first.backend == "router"
    second = await conversation.send("what does the model predict for patient 12?")
    assert second.fallback is None and second.backend.startswith("openai:")
    assert second.reply == "The model predicts stable for patient 12, with a probability of 78.6%."


async def test_without_a_budget_the_same_session_overflows(demo_host):
    limit, max_tokens = 5600, 512
    overflowed: list[bool] = []

    def reply(name: str) -> Callable[[dict[str, Any]], httpx.Response]:
        def answer(body: dict[str, Any]) -> httpx.Response:
            overflowed.append(estimate(body) + max_tokens > limit)
            return recorded("vllm_error_400", 400) if overflowed[-1] else recorded(name)

        return answer

    server = Server(*[reply(n) for _ in range(9) for n in ("vllm_call_prediction_12", "vllm_answer_patient_12")])
    conversation = agent(demo_host, server, max_tokens=max_tokens).conversation()
    question = "What does the model predict for patient 12? " + "Please explain it in plain words. " * 20
    turns = [await conversation.send(question) for _ in range(9)]
    assert any(overflowed) and any(t.fallback is not None for t in turns)


# ---- the context budget counted by the server's tokenizer (vLLM's POST /tokenize) ------------------------


def dense_count(body: dict[str, Any]) -> int:
    """A tokenizer denser than SimXAI's estimate: 2.5 characters of the body's JSON a token (the estimate
    reckons 3.35 characters of content a token, so it counts about a quarter fewer)."""
    return int((len(json.dumps(body["messages"])) + len(json.dumps(body.get("tools", [])))) / 2.5)


def tokenize(body: dict[str, Any]) -> httpx.Response:
    """vLLM's answer (the recorded shape), counted by `dense_count`."""
    count = dense_count(body)
    shape = json.loads((RECORDINGS / "vllm_tokenize.json").read_text())
    return httpx.Response(200, json={**shape, "count": count, "tokens": list(range(count))})


def vllm(limit: int, max_tokens: int) -> Callable[[dict[str, Any]], httpx.Response]:
    """A server whose context holds `limit` tokens by `dense_count`: it calls get_prediction for a question and
    answers after the result, and answers 400 (as vLLM does) to a request beyond its context."""

    def reply(body: dict[str, Any]) -> httpx.Response:
        if dense_count(body) + max_tokens > limit:
            return recorded("vllm_error_400", 400)
        after_result = body["messages"][-1]["role"] == "tool"
        return recorded("vllm_answer_patient_12" if after_result else "vllm_call_prediction_12")

    return reply


LIMIT, MAX_TOKENS, TURNS = 6500, 512, 8


def question(i: int) -> str:
    return f"What does the model predict for patient 12? (question {i}) " + "Please explain it in plain words. " * 20


async def test_the_servers_tokenizer_keeps_a_long_session_within_its_context(demo_host):
    server = Server(*[vllm(LIMIT, MAX_TOKENS)] * 4 * TURNS, tokenize=tokenize)
    conversation = agent(demo_host, server, context_tokens=LIMIT, max_tokens=MAX_TOKENS).conversation()
    done = [await conversation.send(question(i)) for i in range(TURNS)]
    assert all(t.fallback is None and t.backend.startswith("openai:") for t in done)
    assert all(dense_count(b) + MAX_TOKENS <= LIMIT for b in server.bodies)
    assert len(server.bodies) == 2 * TURNS  # no request was refused
    assert done[-1].dropped_messages > 0 and done[0].dropped_messages == 0
    # The server was asked to count (with the tools and the model's name), at most three times a request.
    assert server.counted and len(server.counted) <= 3 * len(server.bodies)
    assert all(c["model"] == "Team-ACE/ToolACE-2.5-Llama-3.1-8B" and c["tools"] for c in server.counted)


async def test_by_the_estimate_alone_the_same_session_overflows_but_never_sticks_to_the_router(demo_host):
    # The same server without /tokenize: the estimate counts too few tokens, so requests overflow; each such
    # turn is answered by the router and says so, and every turn asks the LLM first again.
    server = Server(*[vllm(LIMIT, MAX_TOKENS)] * 4 * TURNS)
    conversation = agent(demo_host, server, context_tokens=LIMIT, max_tokens=MAX_TOKENS).conversation()
    done = [await conversation.send(question(i)) for i in range(TURNS)]
    fell_back = [i for i, t in enumerate(done) if t.fallback is not None]
    assert fell_back and fell_back[0] > 0 and all(done[i].backend == "router" for i in fell_back)
    assert all("400" in done[i].fallback for i in fell_back)  # type: ignore[operator]
    first_requests = {b["messages"][-1]["content"] for b in server.bodies if b["messages"][-1]["role"] == "user"}
    assert first_requests == {question(i) for i in range(TURNS)}
    assert not any(t.fallback for t in done[: fell_back[0]])
