"""An empty message is refused in the validator's own words, without pydantic's "Value error, " before them (ux34)."""

from __future__ import annotations

import pytest

from .helpers import new_session


@pytest.mark.parametrize("content", ["", "   "])
async def test_an_empty_message_is_refused_in_plain_words(client, content):
    session_id = await new_session(client)
    response = await client.post(f"/v1/sessions/{session_id}/messages", json={"content": content})
    assert response.status_code == 422
    body = response.json()
    assert body["error"].startswith("Invalid request: content: the message is empty; send some text")
    assert "Value error" not in body["error"] and "Value error" not in body["details"][0]["message"]
