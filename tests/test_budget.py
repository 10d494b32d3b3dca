"""The context budget: the estimate, and fitting a request by the backend's tokenizer when it has one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simxai.budget import MAX_COUNTS, estimate_tokens, fit_history, fit_request
from simxai.messages import Message, ToolCall

TOOLS = [{"type": "function", "function": {"name": "get_prediction", "description": "Predict. " * 40}}]


def session(turns: int) -> list[Message]:
    """A system prompt, `turns` earlier turns (question, call, result, answer) and the current question."""
    messages = [Message.system("You are SimXAI. " * 20)]
    for i in range(turns):
        call = ToolCall(id=f"c{i}", name="get_prediction", arguments={"instance": i})
        messages += [
            Message.user(f"what about patient {i}? " * 10),
            Message.assistant("", [call]),
            Message.tool(call, '{"result": {"label": "stable", "probability": 0.786}} ' * 4),
            Message.assistant(f"Patient {i} is predicted stable (78.6%)."),
        ]
    return [*messages, Message.user("and for patient 99? " * 10)]


class Counter:
    """A tokenizer that counts `ratio` times the estimate (None: it has none), recording each count."""

    def __init__(self, ratio: float | None) -> None:
        self.ratio = ratio
        self.counts: list[int] = []

    async def count_tokens(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> int | None:
        if self.ratio is None:
            return None
        count = int(estimate_tokens(messages, tools) * self.ratio)
        self.counts.append(count)
        return count


def test_whole_turns_are_dropped_oldest_first_and_the_current_turn_is_kept():
    messages = session(6)
    end = len(messages) - 1
    dropped = fit_history(messages, end, estimate_tokens(messages, TOOLS) // 2, TOOLS)
    assert dropped % 4 == 0 and dropped > 0
    assert messages[0].role == "system" and messages[1].role == "user" and "patient" in messages[1].content
    assert messages[-1].content.startswith("and for patient 99?")
    assert int(messages[1].content.split()[3].rstrip("?")) == dropped // 4  # the oldest went first


async def test_a_denser_tokenizer_drops_more_than_the_estimate_would():
    budget = int(estimate_tokens(session(6), TOOLS) * 0.9)
    by_estimate, by_tokenizer = session(6), session(6)
    end = len(by_estimate) - 1
    estimated = await fit_request(by_estimate, end, budget, TOOLS, Counter(None))
    counter = Counter(1.4)
    counted = await fit_request(by_tokenizer, end, budget, TOOLS, counter)
    assert counted > estimated > 0
    assert counter.counts[-1] <= budget and len(counter.counts) <= MAX_COUNTS
    assert estimate_tokens(by_estimate, TOOLS) <= budget


async def test_a_sparser_tokenizer_keeps_what_the_estimate_would_drop():
    messages = session(6)
    budget = int(estimate_tokens(messages, TOOLS) * 0.9)
    counter = Counter(0.7)
    assert await fit_request(messages, len(messages) - 1, budget, TOOLS, counter) == 0
    assert len(messages) == len(session(6)) and counter.counts == [int(estimate_tokens(messages, TOOLS) * 0.7)]


async def test_far_below_the_budget_the_tokenizer_is_not_asked():
    messages = session(2)
    counter = Counter(1.0)
    assert await fit_request(messages, len(messages) - 1, estimate_tokens(messages, TOOLS) * 3, TOOLS, counter) == 0
    assert counter.counts == []


async def test_when_only_the_current_turn_is_left_it_stops():
    messages = session(3)
    counter = Counter(1.0)
    dropped = await fit_request(messages, len(messages) - 1, 10, TOOLS, counter)
    assert dropped == 12 and [m.role for m in messages] == ["system", "user"]
    assert len(counter.counts) <= MAX_COUNTS
