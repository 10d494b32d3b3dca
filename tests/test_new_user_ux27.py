"""A new user's own model, end to end, on an invented host built here (canoe hire: damage found on return).

The host has what a user's own table often has: four classes kept as strings and given to the model as codes
(named by value in `class_names`), a string column one-hot encoded in a Pipeline, a True/False column, a unit in a
column's name (`load_kg`), a count (`repair_count`), a name in capitals (`DaysSinceRepair`) and ids from 30001.
Each answer is checked against the model run on the data:

- a True/False column is a feature of two categories ("True", "False"), with no `categorical_features` needed;
  "unwaxed" is `waxed = False` in a what-if (also beside another change) and in a group;
- a count said before a numeric feature's name after "with"/"have" ("canoes with 0 repairs", "with no repairs") is
  an equality of the group, and a data question on that group about the same number feature keeps the group;
- "the mean load of canoes predicted cracked" is a statistic of a group, not a question of what a label means;
- a step said from the last value tried ("4 degrees colder than that") starts from that value, not the recorded one;
- "no, I meant 120 kg" after the question whether a stated value is a fact or a supposition tries 120;
- "what would they get with ..." after a group's answer is a what-if on that group;
- a word of a feature's name ("crack" of `crack_depth_mm`) names no class ("cracked").

The phrasings are our own.
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
from simxai.extraction import extract_group, extract_label
from simxai.hosts import host_from_model
from simxai.hosts.tabular import TabularHost, stratified_split
from tests.backends.routing import after, route
from tests.test_clause_fields import POND

FEATURES = ["hull", "waxed", "load_kg", "repair_count", "DaysSinceRepair", "water_temp_c", "crack_depth_mm"]
CLASSES = ["cracked", "dented", "intact", "scratched"]


@pytest.fixture(scope="module")
def canoes() -> tuple[TabularHost, pd.DataFrame, Pipeline]:
    rng = np.random.default_rng(2727)
    n = 300
    data = pd.DataFrame(
        {
            "hire_ref": np.arange(30001, 30001 + n),
            "hull": rng.choice(["fibreglass", "aluminium", "wood"], n),
            "waxed": rng.uniform(0, 1, n) < 0.5,
            "load_kg": np.round(rng.uniform(60, 220, n), 1),
            "repair_count": rng.poisson(2, n),
            "DaysSinceRepair": rng.integers(5, 700, n),
            "water_temp_c": np.round(rng.uniform(4, 26, n), 1),
            "crack_depth_mm": np.round(rng.uniform(0, 3, n), 2),
        }
    )
    scores = np.column_stack(
        [
            0.02 * (data.load_kg - 140) + 0.8 * data.crack_depth_mm - 0.1 * data.water_temp_c,
            0.4 * (data.repair_count - 2) + (data.hull == "aluminium"),
            1.0 - 0.003 * data.DaysSinceRepair + 0.9 * data.waxed,
            0.5 * (data.hull == "wood") - 0.6 * data.waxed + 0.002 * data.DaysSinceRepair,
        ]
    ) + rng.gumbel(0, 0.5, (n, 4))
    data["damage"] = np.array(CLASSES)[scores.argmax(1)]  # the CSV keeps the names
    codes = data.damage.map({c: i for i, c in enumerate(CLASSES)}).to_numpy()
    encode = ColumnTransformer([("hull", OneHotEncoder(), ["hull"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("forest", RandomForestClassifier(n_estimators=60, random_state=0))])
    train, _ = stratified_split(codes, 0.2, 0)
    model.fit(data[FEATURES].iloc[train], codes[train])
    host = host_from_model(
        model,
        data,
        name="canoe damage",
        target="damage",
        class_names=dict(enumerate(CLASSES)),
        instance_noun="canoe",
        id_column="hire_ref",
        feature_aliases={"repair_count": ["repairs"], "load_kg": ["load"], "water_temp_c": ["water temperature"]},
    )
    return host, data, model


def _probabilities(model: Pipeline, rows: pd.DataFrame) -> np.ndarray:
    return model.predict_proba(rows[FEATURES])


def _row(data: pd.DataFrame, ref: int) -> pd.DataFrame:
    return data[data.hire_ref == ref].copy()


def _first(data: pd.DataFrame, mask: pd.Series) -> int:
    return int(data.hire_ref[mask].iloc[0])


async def _send(host: TabularHost, *turns: str):
    conversation = Agent(host, RouterBackend()).conversation()
    return [await conversation.send(turn) for turn in turns]


async def test_a_true_false_column_is_two_categories_and_the_classes_are_bound_by_value(canoes) -> None:
    host, data, model = canoes
    waxed = host.schema().features[FEATURES.index("waxed")]
    assert waxed.type == "categorical" and sorted(waxed.categories or []) == ["False", "True"]
    ref = _first(data, data.waxed)
    [turn] = await _send(host, f"what does the model predict for canoe {ref}?")
    [call] = turn.calls
    expected = _probabilities(model, _row(data, ref))[0]
    assert call.output["label"] == CLASSES[int(expected.argmax())]
    assert call.output["probabilities"] == pytest.approx(dict(zip(CLASSES, expected, strict=True)))


@pytest.mark.parametrize("said", ["unwaxed", "not waxed", "un-waxed"])
async def test_a_yes_no_feature_denied_by_un_beside_another_change_is_both_changes(canoes, said: str) -> None:
    host, data, model = canoes
    ref = _first(data, data.waxed & (data.load_kg < 150))
    [_, turn] = await _send(
        host, f"what does the model predict for canoe {ref}?", f"what if it were {said} and 180 kg?"
    )
    [call] = turn.calls
    assert call.function == "explain_what_if"
    assert call.arguments["changes"] == {"waxed": "False", "load_kg": 180}
    changed = _row(data, ref)
    changed["waxed"], changed["load_kg"] = False, 180.0
    assert call.output["new_probabilities"] == pytest.approx(
        dict(zip(CLASSES, _probabilities(model, changed)[0], strict=True))
    )


async def test_the_unwaxed_canoes_are_a_group(canoes) -> None:
    host, data, _ = canoes
    schema = host.schema()
    assert extract_group("show me the unwaxed canoes", schema) == "waxed = False"
    assert extract_group("unwaxed wood canoes", schema) == "waxed = False and hull = wood"
    [turn] = await _send(host, "show me the unwaxed wood canoes")
    [call] = turn.calls
    group = call.arguments.get("group") or call.arguments.get("instance")
    assert set(group.split(" and ")) == {"waxed = False", "hull = wood"}
    size = int((~data.waxed & (data.hull == "wood")).sum())
    assert size in (call.output.get("n_rows"), (call.output.get("subject") or {}).get("size"))


@pytest.mark.parametrize(
    ("said", "count"), [("with 0 repairs", 0), ("with no repairs", 0), ("having exactly 3 repairs", 3)]
)
def test_a_count_before_the_feature_is_an_equality_of_the_group(canoes, said: str, count: int) -> None:
    host, _, _ = canoes
    assert extract_group(f"show me the canoes {said}", host.schema()) == f"repair_count = {count}"


def test_a_bound_and_a_step_before_the_feature_stay_what_they_were(canoes) -> None:
    host, _, _ = canoes
    schema = host.schema()
    assert extract_group("canoes with more than 3 repairs", schema) == "repair_count > 3"
    assert extract_group("what if canoe 30001 had 2 more repairs?", schema) is None


async def test_a_data_question_on_a_number_feature_keeps_its_equality_group(canoes) -> None:
    host, data, _ = canoes
    [turn] = await _send(host, "what damage is most common among canoes with a repair count of 0?")
    [call] = turn.calls
    assert call.function == "get_data_information"
    assert call.arguments.get("group") == "repair_count = 0"
    zero = data[data.repair_count == 0]
    assert call.output["n_rows"] == len(zero)
    assert call.output["class_balance"] == {k: v for k, v in zero.damage.value_counts().items()}


async def test_the_mean_of_a_feature_for_a_predicted_class_is_a_statistic_not_a_meaning(canoes) -> None:
    host, data, model = canoes
    [turn] = await _send(host, "what is the mean load for canoes predicted cracked?")
    [call] = turn.calls
    assert call.function == "get_data_information"
    assert call.arguments == {"feature": "load_kg", "group": "prediction = cracked"}
    predicted = np.array(CLASSES)[_probabilities(model, data).argmax(1)]
    assert call.output["n_rows"] == int((predicted == "cracked").sum())
    [meaning] = (await _send(host, "what does cracked mean?"))[0].calls
    assert meaning.function == "get_output_information"


async def test_a_step_from_the_last_value_tried_starts_from_that_value(canoes) -> None:
    host, data, model = canoes
    ref = _first(data, data.water_temp_c > 15)
    turns = await _send(
        host,
        f"what if canoe {ref} were in water of 12 degrees?",
        "what if the water temperature were 10?",
        "make it 4 degrees colder than that",
    )
    assert turns[1].calls[0].arguments["changes"] == {"water_temp_c": 10}
    [call] = turns[2].calls
    assert call.arguments["changes"] == {"water_temp_c": 6}
    changed = _row(data, ref)
    changed["water_temp_c"] = 6.0
    assert call.output["new_probabilities"] == pytest.approx(
        dict(zip(CLASSES, _probabilities(model, changed)[0], strict=True))
    )
    # without "than that" a step is from the recorded value, as before
    [plain] = (await _send(host, f"what if canoe {ref} were in water of 12 degrees?", "4 degrees colder"))[1].calls
    assert plain.arguments["changes"] in ({"water_temp_c": "-4"}, {"water_temp_c": -4})


@pytest.mark.parametrize("answer", ["no, I meant 120 kg", "I meant 120"])
async def test_a_corrected_value_after_the_fact_or_supposition_question_is_tried(canoes, answer: str) -> None:
    host, data, model = canoes
    ref = _first(data, (data.load_kg - 100).abs() > 5)
    asked, turn = await _send(host, f"canoe {ref} with a load of 100 kg, what does it predict?", answer)
    assert asked.clarification is not None
    [call] = turn.calls
    assert call.function == "explain_what_if" and call.arguments == {"instance": ref, "changes": {"load_kg": 120}}
    changed = _row(data, ref)
    changed["load_kg"] = 120.0
    assert call.output["new_probabilities"] == pytest.approx(
        dict(zip(CLASSES, _probabilities(model, changed)[0], strict=True))
    )


async def test_what_they_would_get_with_a_value_is_a_what_if_on_the_group_in_focus(canoes) -> None:
    host, data, model = canoes
    first, turn = await _send(
        host, "show me the wood canoes that are waxed", "what would they get with a load of 200 kg?"
    )
    group = first.calls[0].arguments.get("group") or first.calls[0].arguments.get("instance")
    assert set(group.split(" and ")) == {"hull = wood", "waxed = True"}
    [call] = turn.calls
    assert call.function == "explain_what_if"
    assert call.arguments["instance"] == group and call.arguments["changes"] == {"load_kg": 200}
    rows = data[(data.hull == "wood") & data.waxed].copy()
    rows["load_kg"] = 200.0
    after = np.array(CLASSES)[_probabilities(model, rows).argmax(1)]
    assert call.output["subject"]["size"] == len(rows)
    counts = {c: n for c, n in call.output["new_label_counts"].items() if n}
    assert counts == {c: int((after == c).sum()) for c in CLASSES if (after == c).any()}


def test_a_word_of_a_feature_name_names_no_class(canoes) -> None:
    host, _, _ = canoes
    schema = host.schema()
    assert extract_label("how many canoes have a crack above 2?", schema) is None
    assert extract_label("why is canoe 30001 not predicted cracked?", schema) == "cracked"


@pytest.mark.parametrize("correction", ["actually I meant above 10 degrees", "no, above 10 degrees"])
async def test_a_corrected_bound_replaces_its_own_feature_and_keeps_the_others(canoes, correction: str) -> None:
    host, data, model = canoes
    first, turn = await _send(
        host, "what does the model predict for canoes over 150 kg in water temperatures above 15?", correction
    )
    assert set(first.calls[0].arguments["instance"].split(" and ")) == {"load_kg > 150", "water_temp_c > 15"}
    [call] = turn.calls
    assert call.function == "get_prediction"
    assert set(call.arguments["instance"].split(" and ")) == {"load_kg > 150", "water_temp_c > 10"}
    rows = data[(data.load_kg > 150) & (data.water_temp_c > 10)]
    predicted = np.array(CLASSES)[_probabilities(model, rows).argmax(1)]
    assert call.output["subject"]["size"] == len(rows)
    assert {c: n for c, n in call.output["label_counts"].items() if n} == {
        c: int((predicted == c).sum()) for c in CLASSES if (predicted == c).any()
    }


@pytest.mark.parametrize("question", ["what are the values of canoe {ref}?", "show me the data for canoe {ref}"])
async def test_the_record_of_one_instance_states_every_recorded_value(canoes, question: str) -> None:
    host, data, _ = canoes
    ref = int(data.hire_ref.iloc[17])
    [turn] = await _send(host, question.format(ref=ref))
    [call] = turn.calls
    assert call.function == "get_prediction" and call.arguments == {"instance": ref}
    row = data[data.hire_ref == ref].iloc[0]
    assert f"load_kg = {row.load_kg:g}" in turn.reply and f"waxed = {row.waxed}" in turn.reply
    assert f"DaysSinceRepair = {row.DaysSinceRepair}" in turn.reply
    [card] = (await _send(host, "what does the data look like?"))[0].calls
    assert card.function == "get_data_information"


def test_the_id_column_by_its_own_name_bounds_the_ids(canoes) -> None:
    host, _, _ = canoes
    schema = host.schema()
    assert schema.id_name == "hire_ref"
    assert extract_group("which unwaxed canoes have hire_ref above 30250?", schema) == "waxed = False and id > 30250"
    assert extract_group("canoes with a hire ref below 30010", schema) == "id < 30010"
    assert extract_group("canoes with an id above 30250", schema) == "id > 30250"


def test_a_corrected_bound_on_a_feature_named_in_words_keeps_the_feature_sharing_its_first_word() -> None:
    # "water depth m" and "water temp c" share their first word: the correction replaces only its own feature's bound
    history = after(
        "get_prediction", "ponds deeper than 3 m, above 15 degrees", instance="water depth m > 3 and water temp c > 15"
    )
    for correction in ("no, water temp c above 10", "no, above 10 degrees"):
        _, calls = route(RouterBackend(), correction, POND, history)
        assert calls == [("get_prediction", {"instance": "water depth m > 3 and water temp c > 10"})]
