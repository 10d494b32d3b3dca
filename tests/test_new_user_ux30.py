"""What a new user bringing a small model of their own (a swim school's children) ran into, fixed.

The host is made here: children with an age, minutes in the pool, lessons attended, whether they bring goggles
(True/False) and the stroke their group practised (a category), labelled advance, repeat or support. Each test
names the reply that was wrong and checks the fixed one.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.hosts.base import FeatureSchema, HostSchema, plural


def _children() -> tuple[Any, pd.DataFrame]:
    from sklearn.compose import make_column_transformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder

    rng = np.random.default_rng(30)
    n = 160
    data = pd.DataFrame(
        {
            "child_id": np.arange(301, 301 + n),
            "age_years": rng.integers(4, 12, n),
            "pool_time_minutes": rng.integers(20, 180, n),
            "sessions_attended": rng.integers(1, 13, n),
            "has_goggles": rng.uniform(0, 1, n) < 0.6,
            "stroke_focus": rng.choice(["crawl", "backstroke", "breaststroke"], n),
        }
    )
    score = data.pool_time_minutes / 60 + data.sessions_attended / 4 + data.has_goggles + (data.age_years - 4) / 4
    data["outcome"] = np.where(score > 4.5, "advance", np.where(score > 2.6, "repeat", "support"))
    features = ["age_years", "pool_time_minutes", "sessions_attended", "has_goggles", "stroke_focus"]
    encoder = make_column_transformer((OneHotEncoder(), ["stroke_focus"]), remainder="passthrough")
    model = make_pipeline(encoder, RandomForestClassifier(n_estimators=20, random_state=0))
    return model.fit(data[features], data.outcome), data


@pytest.fixture(scope="module")
def child_host() -> Any:
    from simxai.hosts import host_from_model

    model, data = _children()
    return host_from_model(
        model, data, name="swim school", target="outcome", instance_noun="child", id_column="child_id"
    )


def _send(host: Any, text: str) -> Any:
    from simxai import Agent, load_backend

    return asyncio.run(Agent(host, load_backend("router")).conversation().send(text))


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("child", "children"),  # was "childs": "the held-out split (32 childs)"
        ("Child", "Children"),
        ("goose", "geese"),
        ("person", "people"),
        ("analysis", "analyses"),
        ("blood analysis", "blood analyses"),
        ("sheep", "sheep"),
        ("loaf", "loaves"),
        ("basis", "bases"),
        ("patient", "patients"),
        ("batch", "batches"),
    ],
)
def test_the_plural_of_an_irregular_noun(noun: str, expected: str) -> None:
    assert plural(noun) == expected


def _schema(noun: str, features: list[FeatureSchema] | None = None, labels: list[str] | None = None) -> HostSchema:
    return HostSchema(
        name="tiny",
        kind="tabular",
        instance_noun=noun,
        class_names=labels or ["kept", "culled"],
        features=features or [FeatureSchema(name="weight_kg", type="numeric", min=1, max=9)],
        id_range=(1, 50),
    )


def test_the_irregular_plural_of_the_hosts_noun_is_read_as_the_regular_one() -> None:
    from simxai._noun_plural import regular_noun_plural

    assert regular_noun_plural("how many geese are culled?", _schema("goose")) == "how many gooses are culled?"
    assert regular_noun_plural("Geese above 5 kg", _schema("goose")) == "Gooses above 5 kg"
    assert regular_noun_plural("the seed leaves of lot 3", _schema("seed leaf")) == "the seed leafs of lot 3"
    # another host's noun, a regular plural, and words the readings take for the rows stay as written
    assert regular_noun_plural("how many geese are culled?", _schema("hen")) == "how many geese are culled?"
    assert regular_noun_plural("all the people", _schema("person")) == "all the people"
    assert regular_noun_plural("all the data", _schema("datum")) == "all the data"


def test_a_plural_the_host_uses_as_a_name_stays() -> None:
    from simxai._noun_plural import regular_noun_plural

    schema = _schema("child", [FeatureSchema(name="children", type="numeric", min=0, max=4)])
    assert regular_noun_plural("what if she had 2 children?", schema) == "what if she had 2 children?"


def test_replies_about_children_say_children(child_host: Any) -> None:
    reply = child_host.performance("accuracy").render()
    assert "children)" in reply
    assert "childs" not in reply


def test_a_group_of_children_with_a_true_feature_is_scored_on_it(child_host: Any) -> None:
    """Was scored on a group 'children', which no feature selects: "children" was read as an age group."""
    turn = _send(child_host, "how accurate is the model on children with goggles?")
    assert [(c.function, c.arguments.get("group")) for c in turn.calls] == [
        ("get_model_performance", "has_goggles = True")
    ]
    assert "(children)" not in turn.reply and "'children'" not in turn.reply


def test_which_children_have_a_label_lists_the_predictions(child_host: Any) -> None:
    """Was a question offering the model's outputs or its data."""
    turn = _send(child_host, "which children are predicted support?")
    assert [(c.function, c.arguments.get("instance")) for c in turn.calls] == [
        ("get_prediction", "prediction = support")
    ]


def test_keyboard_noise_is_said_to_be_not_understood(child_host: Any) -> None:
    """ "asdfgh" was answered with the model's outputs (the selector's guess from character pieces)."""
    for text in ("asdfgh", "asdf"):
        turn = _send(child_host, text)
        assert turn.calls == []
        assert turn.reply.startswith(f'I did not understand "{text}".')
        assert turn.clarification is None  # a plain reply, as to small talk


def test_a_turn_of_host_words_or_an_id_is_read() -> None:
    from simxai.backends._router_unread import unread_turn
    from simxai.backends.router_model import load_selector

    vocabulary = load_selector().vocabulary
    schema = _schema("goose", [FeatureSchema(name="plumage", type="categorical", categories=["grey", "white"])])
    assert unread_turn("asdfgh", schema, vocabulary)
    assert unread_turn("qwop zxcvb", schema, vocabulary)
    assert not unread_turn("plumage", schema, vocabulary)  # a feature: masked, the selector knows the mask
    assert not unread_turn("culled", schema, vocabulary)  # a label
    assert not unread_turn("white?", schema, vocabulary)  # a category alone: a follow-up ("and for grey ones?")
    assert not unread_turn("asdf 12", schema, vocabulary)  # an id may stand alone
    assert not unread_turn("why?", schema, vocabulary)
    text_schema = schema.model_copy(update={"kind": "text"})
    assert not unread_turn("asdfgh", text_schema, vocabulary)  # a text host's words may be the text to classify


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("increase sessions_attended for child 305 by 3", {"sessions_attended": "+3"}),
        ("lower the pool_time_minutes of child 305 by 10%", {"pool_time_minutes": "-10%"}),
        ("set pool_time_minutes for child 305 to 150", {"pool_time_minutes": 150}),
    ],
)
def test_a_change_with_the_child_named_before_its_amount(child_host: Any, text: str, expected: dict[str, Any]) -> None:
    """ "increase sessions_attended for child 305 by 3" asked "Change sessions_attended to 3?"; "... for child 305 to
    150" read the ids 305 to 150 as a range."""
    turn = _send(child_host, text)
    assert [(c.function, c.arguments) for c in turn.calls] == [
        ("explain_what_if", {"instance": 305, "changes": expected})
    ]


def test_an_ascending_id_range_is_still_a_group(child_host: Any) -> None:
    from simxai.extraction import extract_instance

    assert extract_instance("children 305 to 320", child_host.schema()) == "id >= 305 and id <= 320"


def test_a_count_of_0_draws_no_bar_on_the_page(child_host: Any) -> None:
    """'which children are predicted support?' drew a 1px sliver beside "advance 0 · 0.0 %": read as a little."""
    from tests.server.helpers import ask_on_page, router_page

    with router_page(child_host) as page:
        rows = ask_on_page(page, "which children are predicted support?").locator(".bar-row")
        widths = [
            (
                rows.nth(i).locator(".val").inner_text(),
                rows.nth(i).locator(".bar").evaluate("b => b.getBoundingClientRect().width"),
            )
            for i in range(rows.count())
        ]
    zero = [w for value, w in widths if value.startswith("0 ")]
    assert len(zero) == 2, widths  # advance and repeat: 0 of the children predicted support
    assert all(w == 0 for w in zero), widths
    assert all(w > 0 for value, w in widths if not value.startswith("0 ")), widths


def test_a_group_no_feature_selects_is_answered_with_this_hosts_example(child_host: Any) -> None:
    """Was "Valid: a condition such as 'age > 60'": the demo's feature, which a swim school's data does not have."""
    from simxai.exceptions import ArgumentError
    from simxai.functions import default_registry

    function = default_registry().get("get_data_information")
    assert function is not None
    with pytest.raises(ArgumentError) as caught:
        function(child_host, {"group": "zebras"})
    assert caught.value.valid is not None
    assert caught.value.valid.startswith("a condition such as 'age_years > 9', 'label = <class>'")
    assert "age > 60" not in caught.value.valid


def test_a_what_if_without_changes_is_shown_this_hosts_features(child_host: Any) -> None:
    """Was 'valid: an object such as {"bmi": 30} or {"glucose": "-5"}': the demo's features on a swim school."""
    from simxai.exceptions import ArgumentError
    from simxai.functions import default_registry

    function = default_registry().get("explain_what_if")
    assert function is not None
    with pytest.raises(ArgumentError) as caught:
        function(child_host, {"instance": 305})
    assert caught.value.valid == 'an object such as {"age_years": 9} or {"age_years": "+10%"}'
