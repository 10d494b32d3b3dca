"""Two follow-ups on a group, on an invented host built here (glasshouse trays; a bench, a moisture share).

- after a group's predictions, a count or rate of the model's rights or wrongs ("how many of them does it get
  wrong?", "how often is it right for those?", "how many does it get right") is the model's performance on that
  group on the held-out split, never the group's predicted counts again;
- a value supposed for a group ("what would the trays on the east bench get with a moisture share of 0.6?") is a
  what-if on the group, never a filter on that value.

Every answer is checked against the model run on the data. The phrasings are our own.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.hosts import host_from_model
from simxai.hosts.tabular import TabularHost, stratified_split

FEATURES = ["bench", "moisture_share", "days_sown", "tray_weight_[g]"]
OPENING = "which trays on the east bench are predicted to wilt?"


@pytest.fixture(scope="module")
def trays() -> tuple[TabularHost, pd.DataFrame, Pipeline, np.ndarray]:
    rng = np.random.default_rng(2613)
    n = 300
    data = pd.DataFrame(
        {
            "tray_no": 7001 + np.arange(n) * 3,
            "bench": rng.choice(["east", "west", "centre"], n),
            "moisture_share": np.round(rng.uniform(0.1, 0.8, n), 2),
            "days_sown": rng.integers(3, 40, n),
            "tray_weight_[g]": np.round(rng.uniform(200, 900, n), 0),
        }
    )
    score = -7 * (data.moisture_share - 0.45) + 0.9 * (data.bench == "east") + rng.normal(0, 0.8, n)
    data["wilted"] = (score > 0).astype(int)
    encode = ColumnTransformer([("bench", OneHotEncoder(), ["bench"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("forest", RandomForestClassifier(n_estimators=40, random_state=0))])
    model.fit(data[FEATURES], data.wilted)
    _, test = stratified_split(data.wilted.to_numpy(), 0.2, 0)
    host = host_from_model(
        model,
        data,
        name="glasshouse",
        target="wilted",
        class_names={0: "healthy", 1: "wilt"},
        instance_noun="tray",
        id_column="tray_no",
        test_ids=data.tray_no.iloc[test],
        feature_aliases={"moisture_share": ["moisture share"]},
    )
    return host, data, model, test


def _east_test_rows(data: pd.DataFrame, model: Pipeline, test: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows = data.iloc[test]
    rows = rows[rows.bench == "east"]
    return rows.wilted.to_numpy(), model.predict(rows[FEATURES])


@pytest.mark.parametrize(
    "question",
    ["how many of them does the model get wrong?", "how many does it get right", "how often is it right for those?"],
)
async def test_rights_and_wrongs_of_the_group_in_focus_are_its_performance(trays, question: str) -> None:
    host, data, model, test = trays
    conversation = Agent(host, RouterBackend()).conversation()
    first = await conversation.send(OPENING)
    assert [c.function for c in first.calls] == ["get_prediction"]
    turn = await conversation.send(question)
    [call] = turn.calls
    assert call.function == "get_model_performance" and call.status == "ok"
    # the group in focus, as the opening's call read it (the trays on the east bench, or those of them predicted wilt)
    assert call.arguments["group"] in ("bench = east", "prediction = wilt and bench = east")
    truth, predicted = _east_test_rows(data, model, test)
    if call.arguments["group"].startswith("prediction"):
        truth, predicted = truth[predicted == 1], predicted[predicted == 1]
    assert call.output["n"] == len(truth)
    assert "held-out" in turn.reply
    if question.startswith("how many"):
        matrix = np.asarray(call.output["confusion_matrix"])
        expected = [[int(((truth == t) & (predicted == p)).sum()) for p in (0, 1)] for t in (0, 1)]
        assert matrix.tolist() == expected
    else:
        assert call.output["value"] == pytest.approx(float((truth == predicted).mean()))


async def test_a_value_supposed_for_a_group_is_a_what_if_on_the_group(trays) -> None:
    host, data, model, _ = trays
    turn = (
        await Agent(host, RouterBackend())
        .conversation()
        .send("what would the trays on the east bench get with a moisture share of 0.6?")
    )
    [call] = turn.calls
    assert call.function == "explain_what_if" and call.status == "ok"
    assert call.arguments == {"instance": "bench = east", "changes": {"moisture_share": 0.6}}
    east = data[data.bench == "east"].copy()
    before = model.predict(east[FEATURES])
    east["moisture_share"] = 0.6
    after = model.predict(east[FEATURES])
    assert call.output["subject"]["size"] == len(east)
    assert f"{int((after == 1).sum())} wilt" in turn.reply and f"{int((before == 1).sum())} wilt" in turn.reply
