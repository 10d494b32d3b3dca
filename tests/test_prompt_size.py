"""Issue 13 item 5: the system prompt plus the tool specs every request repeats stay within 3,000 tokens.

Held on the estimate the context budget uses (`simxai.budget`), which counts this prompt 2.6-3.3 % above Llama 3's
own tokenizer (`python bench/prompt_tokens.py --llama3 ...`; docs/backends.md), so the gate errs on the safe side.
"""

import pytest

from simxai.agent import Agent
from simxai.backends.testing import ScriptedBackend
from simxai.budget import estimate_tokens
from simxai.messages import Message

LIMIT = 3000


@pytest.fixture(scope="module")
def sentiment_host():
    from simxai.hosts.sentiment import load_sentiment_host

    return load_sentiment_host()


@pytest.mark.parametrize("host_name", ["demo_host", "sentiment_host", "loan_host"])
def test_system_prompt_and_tools_fit_in_3000_tokens(host_name, request):
    agent = Agent(request.getfixturevalue(host_name), ScriptedBackend())
    tokens = estimate_tokens([Message.system(agent.system_prompt)], agent.tools)
    assert tokens <= LIMIT, f"{host_name}: system prompt + tools = {tokens} estimated tokens (limit {LIMIT})"
