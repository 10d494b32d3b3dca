import json
import re
from collections import Counter

import pytest

from simxai.eval_suite.data.datasets import PARSING_DATASETS, load_cases
from simxai.eval_suite.data.recorded import QA_SETS, load_qa, parse_tool_responses
from simxai.exceptions import UsageError

SINGLE_TURN = "simxai/evaluation_suite/data/single-turn/intent"

# The counts the data README states, and others read off the files.
COUNTS = {
    "simxai-single-turn": 1817,
    "coxql": 1018,
    "coxql-groups": 1179,
    "simxai-legacy": 2345,
    "compass-multiturn": 26,
    "compass-legacy": 26,
    "sentiment-dialogues": 40,
    "number-dialogues": 31,
    "syn-sentiment": 48,
    "syn-heart-rate": 56,
}


@pytest.mark.parametrize("name", list(PARSING_DATASETS))
def test_every_parsing_set_loads_with_the_stated_count(name, datasets_dir):
    cases = load_cases(name, datasets_dir)
    assert len(cases) == COUNTS[name]
    assert len({c.id for c in cases}) == len(cases)
    assert all(c.text.strip() for c in cases)
    assert all((c.gold is not None) == PARSING_DATASETS[name].labeled for c in cases)


def test_single_turn_labels_outside_the_eleven_are_counted(datasets_dir):
    cases = load_cases("simxai-single-turn", datasets_dir)
    excluded = Counter(c.gold.excluded_label for c in cases if not c.gold.in_scope)
    assert excluded == {"get_system_information": 44, "count_mistakes": 21, "sample_mistakes": 19}
    # The 48 un-migrated "[cfe(input, label)]" labels of whatif/cfe.json mean explain_how_to_be_that.
    cfe = [c for c in cases if c.id.startswith("whatif/cfe.json#")]
    assert len(cfe) == 592 and all(c.gold.alternatives == ("explain_how_to_be_that",) for c in cfe)
    assert sum(c.gold.raw == "[cfe(input, label)]" for c in cfe) == 48
    # Field-name variants: predict.json uses user_question/operation_name and carries an input span.
    predict = [c for c in cases if c.id.startswith("performance/predict.json#")]
    assert len(predict) == 141 and all(c.argument for c in predict)


def test_coxql_unmapped_operations_are_reported_by_name(datasets_dir):
    cases = load_cases("coxql", datasets_dir)
    excluded = Counter(c.gold.excluded_label for c in cases if not c.gold.in_scope)
    assert excluded["UNMAPPED (qatutorial)"] == 90
    assert excluded["UNMAPPED (similar)"] == 42
    assert excluded["get_system_information"] == 41
    assert sum(c.gold.in_scope for c in cases) == 1018 - sum(excluded.values())


def test_compass_turns_carry_context_and_arguments(datasets_dir):
    cases = load_cases("compass-multiturn", datasets_dir)
    second = cases[1]
    assert second.dialogue == "dp_0" and second.turn == 1
    assert [role for role, _ in second.context] == ["user", "assistant"]
    assert second.argument == "A fascinating documentary that educates and entertains."
    assert cases[2].gold.alternatives == ("explain_how_to_be_that", "explain_why_not")


def test_syn_dialogues_have_no_gold_but_recorded_references(datasets_dir):
    cases = load_cases("syn-heart-rate", datasets_dir)
    assert all(c.gold is None for c in cases)
    assert cases[0].reference is not None and cases[0].reference.alternatives == ("get_prediction",)


@pytest.mark.parametrize(("name", "rows"), [("syn-qa", 78), ("syn-combined", 94)])
def test_qa_sets_load(name, rows, datasets_dir):
    loaded = load_qa(name, datasets_dir)
    assert len(loaded) == rows and name in QA_SETS
    assert all(r.outputs for r in loaded)


def test_syn_qa_labels_and_domains(datasets_dir):
    rows = load_qa("syn-qa", datasets_dir)
    assert Counter(r.domain for r in rows) == {"sentiment": 31, "heart-rate": 47}
    assert sum(r.human_faithful for r in rows) == 71
    assert sum(r.human_coherent is None for r in rows) == 21  # blank where not judged
    assert rows[31].functions == ["get_prediction", "get_prediction"]


def test_tool_responses_split_on_the_separator_only():
    outputs = parse_tool_responses("get_prediction:'a | b' | get_local_explanation:'it's \"x\"'")
    assert [(o.function, o.text) for o in outputs] == [
        ("get_prediction", "a | b"),
        ("get_local_explanation", 'it\'s "x"'),
    ]
    with pytest.raises(ValueError):
        parse_tool_responses("no colon here")


def test_unknown_dataset_and_missing_folder_are_clear(datasets_dir, tmp_path):
    with pytest.raises(UsageError, match="unknown parsing dataset 'nope'; valid: simxai-single-turn"):
        load_cases("nope", datasets_dir)
    with pytest.raises(UsageError, match="is not a folder"):
        load_cases("coxql", tmp_path / "missing")
    with pytest.raises(UsageError, match=r"must contain coxql/dataset/coxql_train.json"):
        load_cases("coxql", tmp_path)


def test_malformed_json_names_the_file_and_position(data_copy, tmp_path):
    path = data_copy("coxql/dataset/coxql_train.json")
    path.write_text(path.read_text()[:-40])
    with pytest.raises(UsageError, match=r"coxql_train.json: not valid JSON at line 1"):
        load_cases("coxql", tmp_path / "data")


def test_malformed_record_names_the_file_and_record(data_copy, tmp_path):
    path = data_copy(f"{SINGLE_TURN}/why/still.json")
    records = json.loads(path.read_text())
    del records[7]["parsed"]
    path.write_text(json.dumps(records))
    with pytest.raises(UsageError, match=r"why/still.json record 7 \(idx 7\): no gold label"):
        load_cases("simxai-single-turn", tmp_path / "data")


def test_malformed_dialogue_turn_names_the_dialogue_and_turn(data_copy, tmp_path):
    path = data_copy("simxai/evaluation_suite/data/multi-turn/conversation_2turns_compass.json")
    data = json.loads(path.read_text())
    data["dialogues"][3]["conversation"][2]["speaker"] = "robot"
    path.write_text(json.dumps(data))
    with pytest.raises(UsageError, match=r"dialogue 3 \(dp_3\) turn 2: unknown speaker 'robot'"):
        load_cases("compass-multiturn", tmp_path / "data")


def test_malformed_csv_label_names_the_file_and_row(data_copy, tmp_path):
    path = data_copy("simxai/evaluation_suite/data/dialogue/human_label_context_faithfulness.csv")
    path.write_bytes(path.read_bytes().replace(b",not_preserved,", b",maybe,", 1))
    with pytest.raises(UsageError, match=r"human_label_context_faithfulness.csv row \d+: annotation is 'maybe'"):
        load_qa("syn-qa", tmp_path / "data")


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"dialogues": 5, "parsing": ["predict"]}, "needs lists 'dialogues' and 'parsing'"),
        ({"dialogues": ["hi"], "parsing": ["predict"], "input": 7}, "'input' must be a list"),
        ({"dialogues": [1], "parsing": ["predict"]}, "turn 0: no user text"),
    ],
)
def test_malformed_legacy_compass_record_names_the_record(tmp_path, record, message):
    # These were a TypeError, or (a number as the user text) a case the runner could not use.
    path = tmp_path / SINGLE_TURN / "dialogue_parsing.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps([record]))
    with pytest.raises(UsageError, match=f"dialogue_parsing.json record 0.*{re.escape(message)}"):
        load_cases("compass-legacy", tmp_path)


def test_json_nested_too_deeply_names_the_file(tmp_path):
    # Was a RecursionError.
    path = tmp_path / "coxql" / "dataset" / "coxql_train.json"
    path.parent.mkdir(parents=True)
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(UsageError, match=r"coxql_train.json: the JSON is nested too deeply"):
        load_cases("coxql", tmp_path)


def test_a_coxql_group_file_that_is_not_utf8_names_the_file(tmp_path):
    # Was a UnicodeDecodeError.
    path = tmp_path / "coxql" / "dataset" / "predict" / "pairs.txt"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"User: predict id 3\nParsed: filter id 3 and predict [E]\n\xff\n")
    with pytest.raises(UsageError, match=r"pairs.txt: not UTF-8 text"):
        load_cases("coxql-groups", tmp_path)
