"""What a new user bringing a small model of their own (a bakery's sourdough loaves) ran into, fixed.

Each test names the message or picture that was wrong and checks the fixed one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pydantic
import pytest

from simxai.hosts.base import plural


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("loaf", "loaves"),  # was "loafs": "the held-out split (60 loafs)"
        ("Loaf", "Loaves"),
        ("bread loaf", "bread loaves"),
        ("leaf", "leaves"),
        ("knife", "knives"),
        ("roof", "roofs"),  # an -f noun that adds -s stays regular
        ("chef", "chefs"),
        ("patient", "patients"),
        ("policy", "policies"),
        ("batch", "batches"),
    ],
)
def test_the_plural_of_an_f_noun(noun: str, expected: str) -> None:
    assert plural(noun) == expected


def _loaves() -> tuple[Any, pd.DataFrame]:
    from sklearn.ensemble import GradientBoostingClassifier

    rng = np.random.default_rng(7)
    n = 120
    data = pd.DataFrame(
        {
            "loaf_id": np.arange(501, 501 + n),
            "hydration_pct": np.round(rng.uniform(60, 85, n), 1),
            "proof_time_hours": np.round(rng.uniform(2, 16, n), 1),
            "oven_temp_C": rng.integers(200, 260, n),
        }
    )
    data["crumb"] = np.where(
        data.proof_time_hours > 12, "overproofed", np.where(data.hydration_pct < 68, "dense", "airy")
    )
    features = ["hydration_pct", "proof_time_hours", "oven_temp_C"]
    model = GradientBoostingClassifier(n_estimators=20, random_state=0).fit(data[features], data.crumb)
    return model, data


@pytest.fixture(scope="module")
def loaf_host() -> Any:
    from simxai.hosts import host_from_model

    model, data = _loaves()
    return host_from_model(
        model, data, name="sourdough crumb", target="crumb", instance_noun="loaf", id_column="loaf_id"
    )


def test_replies_about_loaves_say_loaves(loaf_host: Any) -> None:
    reply = loaf_host.performance("accuracy").render()
    assert "loaves)" in reply
    assert "loafs" not in reply


def test_an_empty_message_is_refused_with_an_example_any_host_can_answer() -> None:
    from simxai.server.schemas import MessageIn

    with pytest.raises(pydantic.ValidationError) as caught:
        MessageIn(content="   ")
    text = str(caught.value)
    assert "the message is empty" in text
    assert "patient 12" not in text  # the demo host's words, wrong on a bakery's model
    assert "which features matter most?" in text


def test_an_argument_given_to_a_function_without_arguments_says_it_takes_none(loaf_host: Any) -> None:
    from simxai.exceptions import ArgumentError
    from simxai.functions import default_registry

    function = default_registry().get("get_model_information")
    assert function is not None
    with pytest.raises(ArgumentError) as caught:
        function(loaf_host, {"x": 1})
    assert str(caught.value) == "get_model_information has no argument 'x'; it takes no arguments"


def test_the_corrective_message_does_not_repeat_the_valid_values() -> None:
    from simxai.prompts import invalid_call

    repeated = invalid_call(
        "explain_what_if", "rye_flour has no category 'maybe'; valid categories are False, True", "False, True"
    )
    assert repeated.count("False, True") == 1
    fresh = invalid_call("get_model_performance", "unknown metric 'mse'", "accuracy, f1")
    assert "Valid: accuracy, f1." in fresh


def test_a_misspelt_function_on_the_command_line_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    from simxai.cli import EXIT_BAD_INPUT, main

    assert main(["call", "get_predicton", "--args", "{}"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "unknown function 'get_predicton' (did you mean get_prediction?)" in err
    assert "get_output_information" in err  # still lists every valid name


def test_a_name_like_no_function_gets_no_guess(capsys: pytest.CaptureFixture[str]) -> None:
    from simxai.cli import EXIT_BAD_INPUT, main

    assert main(["call", "bake_bread"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "unknown function 'bake_bread'; valid:" in err
    assert "did you mean" not in err


def test_the_picture_of_an_unused_tree_feature_reads_0_as_the_reply_does(loaf_host: Any) -> None:
    """TreeSHAP gives a feature no tree splits on a contribution of floating-point dust (-3.47e-18); the reply
    rounds it to 0 and the bar beside it said "-3.47e-18"."""
    from tests.server.helpers import ask_on_page, router_page

    explanation = loaf_host.local_explanation(loaf_host.resolve(501), None)
    dust = [a for a in explanation.attributions if a.contribution != 0 and abs(a.contribution) < 1e-12]
    importances = loaf_host.global_explanation(None).importances
    if not dust or not [i for i in importances if i.importance != 0 and i.importance < 1e-12]:
        pytest.skip("this scikit-learn gives exact zeros for the unused feature")
    with router_page(loaf_host, height=1000) as page:
        charts = [
            ask_on_page(page, text, index).locator(".bar-row .val").all_inner_texts()
            for index, text in enumerate(["why is loaf 501 predicted that way?", "which features matter most overall?"])
        ]
    for values in charts:  # the attributions, then the importances (1.74e-18 for a feature no tree uses)
        assert values, "no bars"
        assert not [v for v in values if "e-1" in v], values  # no -3.47e-18 beside a bar of +10
        assert "0" in values


def test_the_question_offering_two_precisions_says_loaves(loaf_host: Any) -> None:
    """'what's the precision for airy loaves?' asked back "... on the loafs recorded airy only"."""
    import asyncio

    from simxai import Agent, load_backend

    turn = asyncio.run(
        Agent(loaf_host, load_backend("router")).conversation().send("what's the precision for airy loaves?")
    )
    if turn.clarification is None:
        pytest.skip("the router answered without asking back; the wording is not shown")
    assert "loafs" not in turn.reply
    assert "the loaves recorded airy only" in turn.reply


def test_a_chat_completion_without_messages_says_what_to_send() -> None:
    """Was "List should have at least 1 item after validation, not 0"."""
    from simxai.server.schemas import ChatCompletionRequest

    with pytest.raises(pydantic.ValidationError) as caught:
        ChatCompletionRequest.model_validate({"model": "simxai", "messages": []})
    text = str(caught.value)
    assert "no messages; send the user's question" in text
    assert "at least 1 item" not in text
    assert ChatCompletionRequest.model_json_schema()["properties"]["messages"]["minItems"] == 1


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("test_size: 20\n", "field 'test_size' input should be less than 1 (got 20)"),
        ("explainer: fast\n", "field 'explainer' input should be 'auto', 'tree', 'linear' or 'kernel' (got 'fast')"),
    ],
)
def test_a_wrong_config_value_is_quoted_beside_the_rule(tmp_path: Any, line: str, expected: str) -> None:
    """Was "field 'test_size' input should be less than 1": which value broke it was left to guess."""
    import joblib

    from simxai.exceptions import UsageError
    from simxai.hosts.config import load_host_config

    model, data = _loaves()
    joblib.dump(model, tmp_path / "model.joblib")
    data.to_csv(tmp_path / "loaves.csv", index=False)
    config = tmp_path / "host.yaml"
    base = "name: crumb\nmodel_path: model.joblib\ndata_path: loaves.csv\ntarget: crumb\nid_column: loaf_id\n"
    config.write_text(base + line)
    with pytest.raises(UsageError) as caught:
        load_host_config(config)
    assert expected in str(caught.value)
