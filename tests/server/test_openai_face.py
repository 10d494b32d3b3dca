"""The OpenAI-compatible face, driven by the official `openai` client against the app in process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import openai
import pytest

from .helpers import serving, unreachable_backend


@asynccontextmanager
async def openai_client(app, api_key: str = "unused") -> AsyncIterator[openai.AsyncOpenAI]:
    async with serving(app):
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app))
        async with openai.AsyncOpenAI(
            base_url="http://test/v1", api_key=api_key, http_client=http, max_retries=0
        ) as client:
            yield client


QUESTION = "what does the model predict for patient 12?"


async def test_models_list_and_retrieve(make_app):
    async with openai_client(make_app()) as client:
        models = await client.models.list()
        assert [m.id for m in models.data] == ["simxai"]
        assert (await client.models.retrieve("simxai")).id == "simxai"
        with pytest.raises(openai.NotFoundError, match="this server serves 'simxai'"):
            await client.models.retrieve("gpt-4o")


async def test_a_completion_and_a_follow_up_carried_in_messages(make_app, demo_host):
    async with openai_client(make_app()) as client:
        first = await client.chat.completions.create(
            model="simxai",
            messages=[{"role": "system", "content": "be brief"}, {"role": "user", "content": QUESTION}],
        )
        assert first.object == "chat.completion" and first.model == "simxai"
        answer = first.choices[0].message.content
        assert first.choices[0].finish_reason == "stop"
        assert demo_host.predict(demo_host.resolve(12)).label in answer
        extension = first.model_extra["simxai"]
        assert extension["calls"][0]["function"] == "get_prediction" and extension["backend"] == "router"

        # A plain-text history, as any chat UI sends it: "why?" still means patient 12.
        why = await client.chat.completions.create(
            model="simxai",
            messages=[
                {"role": "user", "content": QUESTION},
                {"role": "assistant", "content": answer},
                {"role": "user", "content": [{"type": "text", "text": "why?"}]},
            ],
        )
        calls = why.model_extra["simxai"]["calls"]
        assert calls[0]["function"] == "get_local_explanation" and calls[0]["arguments"]["instance"] == 12
        assert "triglycerides_log" in why.choices[0].message.content


async def test_a_relative_change_in_a_text_only_history_applies_to_the_feature_named_before(make_app):
    async with openai_client(make_app()) as client:
        lower = await client.chat.completions.create(
            model="simxai",
            messages=[
                {"role": "user", "content": "what if patient 5's bmi were 30?"},
                {"role": "assistant", "content": "For patient 5, changing bmi from 22.6 to 30: ..."},
                {"role": "user", "content": "and if it were 20 % lower instead?"},
            ],
        )
        calls = lower.model_extra["simxai"]["calls"]
        assert calls[0]["function"] == "explain_what_if" and calls[0]["status"] == "ok"
        assert calls[0]["arguments"] == {"instance": 5, "changes": {"bmi": "-20%"}}


async def test_streaming_matches_the_plain_completion(make_app):
    async with openai_client(make_app()) as client:
        plain = await client.chat.completions.create(model="simxai", messages=[{"role": "user", "content": QUESTION}])
        stream = await client.chat.completions.create(
            model="simxai", messages=[{"role": "user", "content": QUESTION}], stream=True
        )
        chunks = [chunk async for chunk in stream]
    assert chunks[0].choices[0].delta.role == "assistant"
    assert all(c.object == "chat.completion.chunk" and c.model == "simxai" for c in chunks)
    assert len({c.id for c in chunks}) == 1
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text == plain.choices[0].message.content
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert chunks[-1].model_extra["simxai"]["calls"][0]["function"] == "get_prediction"


async def test_messages_that_cannot_be_used_are_422(make_app):
    async with openai_client(make_app()) as client:
        cases = [
            ([{"role": "assistant", "content": "hello"}], "must be the user's question"),
            (
                [{"role": "user", "content": "hi"}, {"role": "tool", "content": "{}", "tool_call_id": "x"}],
                "role 'tool' is not supported",
            ),
            (
                [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:,"}}]}],
                "only text content parts",
            ),
            ([{"role": "user", "content": "x" * 4001}], "the limit is 4000"),
        ]
        for messages, needle in cases:
            with pytest.raises(openai.UnprocessableEntityError, match=needle):
                await client.chat.completions.create(model="simxai", messages=messages)
        with pytest.raises(openai.UnprocessableEntityError, match="messages"):
            await client.chat.completions.create(model="simxai", messages=[])
        with pytest.raises(openai.NotFoundError, match="does not exist"):
            await client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])


async def test_backend_down_is_a_503_in_openai_shape(make_app):
    async with openai_client(make_app(unreachable_backend())) as client:
        with pytest.raises(openai.InternalServerError) as raised:
            await client.chat.completions.create(model="simxai", messages=[{"role": "user", "content": "hi"}])
        assert raised.value.status_code == 503
        assert raised.value.body["type"] == "backend_unavailable"
        assert "--fallback-to-router" in raised.value.body["message"]
        stream = await client.chat.completions.create(
            model="simxai", messages=[{"role": "user", "content": "hi"}], stream=True
        )
        with pytest.raises(openai.APIError, match="language-model backend failed"):
            async for _ in stream:
                pass


async def test_the_api_key_is_the_openai_key(make_app):
    app = make_app(api_keys="a-long-enough-key")
    async with openai_client(app, api_key="a-long-enough-key") as client:
        assert (await client.models.list()).data[0].id == "simxai"
    async with openai_client(make_app(api_keys="a-long-enough-key"), api_key="wrong-key-here") as client:
        with pytest.raises(openai.AuthenticationError, match="not valid"):
            await client.chat.completions.create(model="simxai", messages=[{"role": "user", "content": "hi"}])
