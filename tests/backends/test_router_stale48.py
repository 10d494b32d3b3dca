"""Round 48 (stale48), on an invented bakery whose loaves come out "Burnt", "Just Right" or "Underbaked" (a class
of two words in mixed case, an oven category of two words), in our own wording: a metric question that names a
class after a group that was only a class scores that class on the data, never within the old class's rows; a
ranking of the features for a named class, after a question about one loaf, is the ranking for that class, not a
question between it and the loaf's explanation.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.backends._router_class_group import without_class_conditions
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import after, calls, route, talk

BAKERY = HostSchema(
    name="bakery ovens",
    kind="tabular",
    instance_noun="loaf",
    class_names=["Burnt", "Just Right", "Underbaked"],
    features=[
        FeatureSchema(name="oven", type="categorical", categories=["deck", "rack oven", "wood fired"]),
        FeatureSchema(name="bake_min", type="numeric", min=20, max=70, aliases=["bake time"]),
        FeatureSchema(name="proof_hours", type="numeric", min=1, max=12, aliases=["proofing"]),
    ],
    id_range=(7001, 7240),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _scored(group: str, **more: object) -> list[Any]:
    return after("get_model_performance", "how good is it there", metric="accuracy", group=group, **more)


@pytest.mark.parametrize(
    ("text", "metric", "label"),
    [
        ("what is the precision of just right?", "precision", "Just Right"),
        ("and the recall for Just Right", "recall", "Just Right"),
        ("what's its f1 on underbaked", "f1", "Underbaked"),
        ("precision of burnt?", "precision", "Burnt"),
    ],
)
@pytest.mark.parametrize("group", ["label = Burnt", "prediction = Burnt"])
def test_a_class_named_by_a_metric_question_drops_a_group_of_one_class(
    router: RouterBackend, text: str, metric: str, label: str, group: str
) -> None:
    question, made = route(router, text, BAKERY, _scored(group))
    assert question == ""
    assert made == [("get_model_performance", {"metric": metric, "label": label})]


def test_the_conditions_on_features_of_the_carried_group_stay(router: RouterBackend) -> None:
    history = _scored("oven = rack oven and label = Burnt")
    _, made = route(router, "what is the precision of just right?", BAKERY, history)
    assert made == [
        ("get_model_performance", {"metric": "precision", "group": "oven = rack oven", "label": "Just Right"})
    ]


def test_a_group_the_turn_names_after_the_class_is_its_group(router: RouterBackend) -> None:
    _, made = route(
        router, "what is the precision of Just Right for rack oven loaves?", BAKERY, _scored("label = Burnt")
    )
    assert made == [
        ("get_model_performance", {"metric": "precision", "group": "oven = rack oven", "label": "Just Right"})
    ]


def test_a_metric_with_no_class_keeps_the_group_as_before(router: RouterBackend) -> None:
    _, made = route(router, "and precision?", BAKERY, _scored("oven = rack oven"))
    assert made == [("get_model_performance", {"metric": "precision", "group": "oven = rack oven"})]


def test_another_class_after_a_per_class_metric_on_its_own_rows(router: RouterBackend) -> None:
    history = after("get_model_performance", "a", metric="precision", label="Burnt", group="label = Burnt")
    _, made = route(router, "for underbaked only", BAKERY, history)
    assert made == [("get_model_performance", {"metric": "precision", "label": "Underbaked"})]


@pytest.mark.parametrize(
    ("carried", "expected"),
    [
        ("label = Burnt", None),
        ("prediction = Just Right", None),
        ("oven = deck and label = Just Right", "oven = deck"),
        ("bake_min > 40 and oven = rack oven", "bake_min > 40 and oven = rack oven"),
    ],
)
def test_only_the_class_conditions_of_a_carried_group_go(carried: str, expected: str | None) -> None:
    kept = without_class_conditions({"metric": "recall", "label": "Burnt", "group": carried}, carried)
    assert kept.get("group") == expected
    assert kept["label"] == "Burnt"


def test_a_group_the_turn_named_itself_is_left_alone() -> None:
    arguments = {"metric": "recall", "label": "Burnt", "group": "label = Burnt"}
    assert without_class_conditions(arguments, "label = Underbaked") == arguments


_ABOUT_ONE_LOAF = [
    after("get_prediction", "what does it say for loaf 7012", instance=7012),
    after("explain_what_if", "and if loaf 7012 went in the deck oven", instance=7012, changes={"oven": "deck"}),
    after("get_local_explanation", "why", instance=7012),
]


@pytest.mark.parametrize("history", _ABOUT_ONE_LOAF)
@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("which features matter most for burnt?", "Burnt"),
        ("which features matter most for just right?", "Just Right"),
        ("what are the most important features for Just Right", "Just Right"),
    ],
)
def test_a_ranking_for_a_named_class_after_one_loaf(
    router: RouterBackend, history: list[Any], text: str, label: str
) -> None:
    question, made = route(router, text, BAKERY, history)
    assert question == ""
    assert made == [("get_global_explanation", {"label": label})]


def test_the_loaf_pointed_at_still_gets_its_own_explanation(router: RouterBackend) -> None:
    _, made = route(router, "which features matter most for this one being burnt?", BAKERY, _ABOUT_ONE_LOAF[0])
    assert [name for name, _ in made] == ["get_local_explanation"]


def _loaves() -> pd.DataFrame:
    rng = np.random.default_rng(48)
    n = 240
    frame = pd.DataFrame(
        {
            "loaf_no": np.arange(7001, 7001 + n),
            "bake_min": rng.integers(20, 71, n).astype(float),
            "proof_hours": rng.integers(1, 13, n).astype(float),
            "oven": rng.choice(["deck", "rack oven", "wood fired"], n),
        }
    )
    heat = (frame.bake_min - 45) / 8 + 0.8 * (frame.oven == "wood fired") + rng.normal(0, 0.7, n)
    frame["result"] = np.select([heat > 1.0, heat < -1.0], ["Burnt", "Underbaked"], "Just Right")
    return frame


@pytest.fixture(scope="module")
def bakery() -> Any:
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts import host_from_model

    frame = _loaves()
    columns = ["bake_min", "proof_hours", "oven"]
    encode = ColumnTransformer([("onehot", OneHotEncoder(), ["oven"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("boost", GradientBoostingClassifier(n_estimators=30, random_state=0))])
    model.fit(frame[columns], frame["result"])
    config = {"name": "bakery", "target": "result", "instance_noun": "loaf", "id_column": "loaf_no"}
    return host_from_model(model, frame, **config)


def test_the_engine_scores_the_class_on_the_data_after_a_class_group(bakery: Any, router: RouterBackend) -> None:
    texts = ("how accurate is the model for burnt loaves?", "what is the precision of just right?")
    first, second = asyncio.run(talk(bakery, router, *texts))
    assert calls(first) == [("get_model_performance", {"metric": "accuracy", "group": "label = Burnt"})]
    assert calls(second) == [("get_model_performance", {"metric": "precision", "label": "Just Right"})]
    assert "only" not in second.reply and "Burnt" not in second.reply


def test_the_engine_ranks_the_features_for_a_named_class_after_a_loaf(bakery: Any, router: RouterBackend) -> None:
    texts = ("what does the model predict for loaf 7020?", "which features matter most for Just Right?")
    _, ranked = asyncio.run(talk(bakery, router, *texts))
    assert calls(ranked) == [("get_global_explanation", {"label": "Just Right"})]
    assert "Just Right" in ranked.reply
