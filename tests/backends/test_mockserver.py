import json

import httpx
import pytest

from simxai.backends.testing.mockserver import MockLLMServer, main, prediction_responder, text_message


def _user(*texts: str) -> dict:
    return {"messages": [{"role": "user", "content": t} for t in texts]}


def test_the_prediction_responder_calls_for_the_latest_patient_named():
    reply = prediction_responder(_user("what about patient 7?", "and patient 12?", "(engine note)"))
    (call,) = reply["tool_calls"]
    assert call["function"]["name"] == "get_prediction"
    assert json.loads(call["function"]["arguments"]) == {"instance": 12}
    assert "tool_calls" not in prediction_responder(_user("hello"))


def test_the_prediction_responder_states_the_tool_result():
    result = {"label": "high", "probabilities": {"high": 0.75}, "subject": {"description": "patient 3"}}
    body = {"messages": [{"role": "tool", "content": json.dumps({"result": result})}]}
    assert prediction_responder(body)["content"] == "The model predicts high for patient 3, with probability 75.0%."


def test_the_server_answers_stops_listening_and_refuses_beyond_its_limit():
    with MockLLMServer(lambda body: text_message("hi"), max_requests=1) as server:
        url = f"{server.base_url}/chat/completions"
        first = httpx.post(url, json={"model": "m", "messages": []}, timeout=5)
        assert first.status_code == 200 and first.json()["choices"][0]["message"]["content"] == "hi"
        assert httpx.post(url, json={"model": "m", "messages": []}, timeout=5).status_code == 503
        assert httpx.get(f"{server.base_url}/models", timeout=5).status_code == 200
        server.stop_listening()
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"{server.base_url}/models", timeout=5)
        server.start_listening()
        assert httpx.get(f"{server.base_url}/models", timeout=5).status_code == 200
    assert len(server.requests) == 1


def test_the_command_needs_exactly_one_responder(tmp_path):
    with pytest.raises(SystemExit):
        main(["--prediction", "--gold", str(tmp_path / "gold.json")])
    with pytest.raises(SystemExit):
        main([])
