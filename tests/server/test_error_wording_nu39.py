"""Mistakes a new user makes with curl get a message saying what to send (newuser39).

FastAPI's own words were "Input should be a valid dictionary or object to extract fields from" for a body sent
without a JSON content type, and "Method Not Allowed" for a method a path does not take, neither saying what
would be valid.
"""

from __future__ import annotations

import pytest

from .helpers import new_session


@pytest.mark.parametrize(
    ("request_options", "said"),
    [
        # curl -d 'text': a form-encoded body, not JSON
        ({"content": b"what does the model predict for patient 12?"}, "it was not sent as JSON (set the header "),
        ({"data": {"content": "why?"}}, "Content-Type: application/json"),
        ({"json": "why?"}, "it was a JSON string, not an object"),
        ({"json": 12}, "it was a JSON number, not an object"),
        ({"content": b"null", "headers": {"Content-Type": "application/json"}}, "it was a JSON null, not an object"),
    ],
)
async def test_a_body_that_is_not_a_json_object_says_what_to_send(client, request_options, said):
    session_id = await new_session(client)
    response = await client.post(f"/v1/sessions/{session_id}/messages", **request_options)
    assert response.status_code == 422
    body = response.json()
    assert body["type"] == "validation_error"
    assert body["error"].startswith("Invalid request: body: the body must be a JSON object of the request's fields")
    assert said in body["error"] and "valid dictionary" not in body["error"]


async def test_a_misspelt_field_names_the_field_it_stands_for(client):
    session_id = await new_session(client)
    response = await client.post(f"/v1/sessions/{session_id}/messages", json={"message": "why?"})
    assert response.status_code == 422
    assert response.json()["error"] == (
        "Invalid request: content: Field required; message: Extra inputs are not permitted (did you mean content?)"
    )


async def test_two_missing_fields_are_not_guessed(client):
    response = await client.post("/v1/chat/completions", json={"prompt": "why?"})
    assert response.status_code == 422
    assert "did you mean" not in response.json()["error"]["message"]


async def test_a_method_the_path_does_not_take_names_the_methods_it_does(client):
    session_id = await new_session(client)
    response = await client.get(f"/v1/sessions/{session_id}/messages")
    assert response.status_code == 405
    assert response.json() == {
        "error": "This path does not take that method; it takes POST (the API: /docs)",
        "type": "method_not_allowed",
    }
    assert response.headers["allow"] == "POST"
