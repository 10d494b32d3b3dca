"""The functions without conversation: specs, raw results, and precise errors for bad arguments."""

from __future__ import annotations

from simxai.functions import default_registry
from simxai.results import result_payload


async def test_the_specs_are_the_registry_specs(client):
    response = await client.get("/v1/functions")
    assert response.status_code == 200
    specs = response.json()
    assert [s["name"] for s in specs] == default_registry().names()
    assert len(specs) == 11
    local = next(s for s in specs if s["name"] == "get_local_explanation")
    assert {"summary", "description", "parameters", "returns", "examples"} <= set(local)
    assert local["parameters"][0]["name"] == "instance"


async def test_a_call_returns_the_raw_result(client, demo_host):
    response = await client.post("/v1/functions/get_local_explanation", json={"instance": 12})
    assert response.status_code == 200
    expected = result_payload(demo_host.local_explanation(demo_host.resolve(12), None))
    assert response.json() == expected
    assert response.json()["kind"] == "local_explanation"


async def test_a_function_without_arguments_takes_an_empty_body(client):
    for request in (
        client.post("/v1/functions/get_model_information"),
        client.post("/v1/functions/get_model_information", json={}),
    ):
        response = await request
        assert response.status_code == 200 and response.json()["kind"] == "model_information"


async def test_unknown_function_is_404_naming_the_valid_ones(client):
    response = await client.post("/v1/functions/os.system", json={})
    assert response.status_code == 404
    body = response.json()
    assert body["valid"] == default_registry().names()
    assert "'os.system'" in body["error"] and "get_prediction" in body["error"]


async def test_invalid_arguments_are_422_with_what_is_valid(client):
    unknown_feature = await client.post("/v1/functions/explain_what_if", json={"instance": 3, "changes": {"bmii": 30}})
    assert unknown_feature.status_code == 422
    body = unknown_feature.json()
    assert body["type"] == "invalid_argument" and body["argument"] == "changes"
    assert "bmi" in body["suggestions"] and "bmii" in body["error"]

    extra = await client.post("/v1/functions/get_prediction", json={"instance": 3, "colour": "red"})
    assert extra.status_code == 422 and extra.json()["argument"] == "colour"
    assert extra.json()["valid"].startswith("get_prediction(")

    missing = await client.post("/v1/functions/get_prediction", json={})
    assert missing.status_code == 422 and missing.json()["missing"] == ["instance"]

    not_an_object = await client.post("/v1/functions/get_prediction", json=[3])
    assert not_an_object.status_code == 422 and not_an_object.json()["type"] == "validation_error"


async def test_direct_calls_are_counted(client):
    await client.post("/v1/functions/get_prediction", json={"instance": 1})
    await client.post("/v1/functions/get_prediction", json={})
    metrics = (await client.get("/metrics")).text
    assert 'simxai_function_calls_total{face="direct",function="get_prediction",status="ok"} 1.0' in metrics
    assert 'simxai_function_calls_total{face="direct",function="get_prediction",status="error"} 1.0' in metrics
