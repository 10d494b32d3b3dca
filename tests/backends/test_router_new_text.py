"""A new text offered to the sentiment host in what-if words is classified, through the whole engine."""

from __future__ import annotations

from typing import Any

import pytest

from simxai.agent import Agent
from simxai.backends.router import RouterBackend


@pytest.fixture(scope="module")
def sentiment_host() -> Any:
    from simxai.hosts.sentiment import load_sentiment_host

    return load_sentiment_host()


@pytest.fixture(scope="module")
def agent(sentiment_host: Any) -> Agent:
    return Agent(sentiment_host, RouterBackend())


@pytest.mark.parametrize(
    ("text", "new_text"),
    [
        ("what would happen if I wrote 'The plot was thin but fun'", "The plot was thin but fun"),
        ("what would it say to 'awful acting'?", "awful acting"),
        ("what if I said 'the ending dragged on forever'?", "the ending dragged on forever"),
        ('suppose a customer wrote "arrived broken, no refund" - what then?', "arrived broken, no refund"),
    ],
)
async def test_a_new_text_in_what_if_words_is_predicted(agent: Agent, text: str, new_text: str) -> None:
    turn = await agent.conversation().send(text)
    assert [(c.function, c.arguments, c.status) for c in turn.calls] == [
        ("get_prediction", {"instance": new_text}, "ok")
    ]
    assert turn.clarification is None
    assert new_text in turn.reply and "'text'" not in turn.reply


async def test_a_rewrite_of_a_named_review_stays_a_what_if(agent: Agent) -> None:
    turn = await agent.conversation().send("what if review 12 said 'I loved it' instead")
    assert [(c.function, c.arguments) for c in turn.calls] == [
        ("explain_what_if", {"instance": 12, "changes": {"text": "I loved it"}})
    ]


async def test_an_edit_of_a_word_stays_a_what_if(agent: Agent) -> None:
    turn = await agent.conversation().send("what if 'great' were replaced with 'awful' in review 3?")
    assert [c.function for c in turn.calls] == ["explain_what_if"]


async def test_after_a_review_a_rewrite_of_it_is_a_what_if_and_the_users_own_text_a_prediction(agent: Agent) -> None:
    conversation = agent.conversation()
    await conversation.send("what does the model predict for review 12?")
    rewrite = await conversation.send("what if it said 'a dull, slow film' instead?")
    assert [(c.function, c.arguments.get("changes")) for c in rewrite.calls] == [
        ("explain_what_if", {"text": "a dull, slow film"})
    ]
    own = await conversation.send("and what would happen if I wrote 'a bright little gem'?")
    assert [(c.function, c.arguments) for c in own.calls] == [("get_prediction", {"instance": "a bright little gem"})]
