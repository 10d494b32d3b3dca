"""Hypothesis properties where outside data comes in: model text, instance references, conditions, what-if
values and dataset files. Each input either becomes the typed value or raises the documented error;
no other exception ever escapes, and nothing the model writes is executed.
"""

from __future__ import annotations

import csv
import io
import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from simxai.backends.base import CompletionResponse
from simxai.backends.toolcalls import decode_arguments, extract_tool_calls, parse_json_calls, parse_pythonic
from simxai.backends.wire import parse_response
from simxai.eval_suite.data.datasets import PARSING_DATASETS, load_cases
from simxai.eval_suite.data.recorded import load_qa, load_recorded_run
from simxai.exceptions import ArgumentError, ModelOutputError, SimXAIError, ToolCallParseError, UsageError
from simxai.instances import Clause, RelativeChange, parse_change, parse_condition
from simxai.messages import ToolCall
from simxai.results import Result, Subject

# Derandomised: CI sees the same examples every run; the example budget keeps this file to a few seconds.
FAST = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def json_like(value: Any, depth: int = 0) -> bool:
    """Whether `value` is plain data: None, bools, ints, finite floats, strings, lists, string-keyed dicts."""
    assert depth < 100
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(json_like(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and json_like(v, depth + 1) for k, v in value.items())
    return False


def assert_calls(calls: Any) -> None:
    assert isinstance(calls, list)
    for call in calls:
        assert isinstance(call, ToolCall) and isinstance(call.name, str) and call.name
        assert json_like(call.arguments), call.arguments


# ---- the tool-call parser ------------------------------------------------------------------------------

# Pieces of model output, benign and hostile: code that would do something if it were ever evaluated.
TOKENS = [
    "[", "]", "(", ")", "{", "}", ",", "=", ":", ";", " ", "\n", "'", '"', "\\", "-", "+", "*", "**", ".",
    "get_prediction", "explain_what_if", "instance", "changes", "os.system", "__import__", "eval", "exec",
    "lambda x: x", "open('/etc/passwd')", "().__class__.__bases__[0].__subclasses__()", "f'{1}'", "x := 1",
    "12", "-5", "1e999", "0x10", "3.14", "1_000", "True", "false", "null", "None", "'bmi'", "'+10%'",
    '"name"', '"arguments"', '"parameters"', '"function"', '"type"', "<tool_call>", "</tool_call>",
    "<|python_tag|>", "<|eot_id|>", "```python", "```", "\x00", "\ud800", "é", "9" * 400, "[" * 40, "{" * 40,
]  # fmt: skip
model_text = st.lists(st.sampled_from(TOKENS) | st.text(max_size=4), max_size=40).map("".join)


@FAST
@given(model_text)
@example("[get_prediction(instance=__import__('os').system('id'))]")
@example('{"name": "os.system", "arguments": {"command": "rm -rf /"}}')
@example("[" * 5000 + "]" * 5000)
@example('<tool_call>{"name": "f", "arguments": "' + "[" * 3000 + '"}</tool_call>')
@example("[f(a=" + "9" * 5000 + ")]")
def test_model_text_becomes_calls_or_a_parse_error(text: str) -> None:
    for parse in (parse_pythonic, parse_json_calls):
        try:
            assert_calls(parse(text))
        except ToolCallParseError:
            pass
    try:
        calls, rest = extract_tool_calls(text)
    except ToolCallParseError:
        return
    assert_calls(calls)
    assert isinstance(rest, str)


SIDE_EFFECTS = [
    "__import__('pathlib').Path({marker!r}).touch()",
    "open({marker!r}, 'w')",
    "exec(\"open({marker!r}, 'w')\")",
    "(lambda: open({marker!r}, 'w'))()",
]
PLACES = [
    "[f(a={code})]",
    "[f(a=[1, {code}])]",
    "[f(a={{'k': {code}}})]",
    "[{code}]",
    "{code}",
    "[f(**{{'a': {code}}})]",
    '{{"name": "f", "arguments": {{"a": {code}}}}}',
    "<|python_tag|>[f(a={code})]",
]


@FAST
@given(st.sampled_from(SIDE_EFFECTS), st.sampled_from(PLACES), st.sampled_from(["", "Sure! ", "```python\n"]))
def test_code_in_model_text_is_never_run(effect: str, place: str, prefix: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        marker = str(Path(folder) / "ran")
        text = prefix + place.format(code=effect.format(marker=marker))
        for parse in (parse_pythonic, parse_json_calls, lambda t: extract_tool_calls(t)[0]):
            try:
                calls = parse(text)
            except ToolCallParseError:
                continue
            # Anything accepted is data naming a function, never its result.
            assert_calls(calls)
        assert not Path(marker).exists(), f"parsing {text!r} ran code"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=12,
)
messages = st.fixed_dictionaries(
    {},
    optional={
        "role": st.sampled_from(["assistant", "user", 3]),
        "content": st.none() | model_text | json_values,
        "tool_calls": st.none()
        | json_values
        | st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "id": st.text(max_size=5) | st.integers(),
                    "type": st.just("function"),
                    "function": st.fixed_dictionaries(
                        {},
                        optional={
                            "name": st.sampled_from(["get_prediction", "os.system", ""]) | json_values,
                            "arguments": model_text | json_values,
                        },
                    )
                    | json_values,
                },
            ),
            max_size=3,
        ),
    },
)
choices = st.fixed_dictionaries({}, optional={"message": messages | json_values, "finish_reason": json_values})
bodies = json_values | st.fixed_dictionaries(
    {"choices": st.lists(choices, max_size=2) | json_values},
    optional={"model": json_values, "error": json_values},
)


@FAST
@given(bodies, st.booleans())
def test_a_completion_body_becomes_a_response_or_a_model_output_error(body: Any, calls_in_content: bool) -> None:
    try:
        response = parse_response(body, calls_in_content=calls_in_content)
    except ModelOutputError:
        return
    assert isinstance(response, CompletionResponse) and isinstance(response.content, str)
    assert_calls(response.tool_calls)


@FAST
@given(model_text | json_values.map(json.dumps))
def test_native_call_arguments_become_an_object_or_a_parse_error(arguments: str) -> None:
    try:
        value = decode_arguments(arguments, "f")
    except ToolCallParseError:
        return
    assert isinstance(value, dict) and json_like(value)


# ---- instance references, conditions and what-if values on the demo host ----------------------------------

FEATURES = [
    "age", "sex", "bmi", "blood_pressure", "total_cholesterol", "ldl", "hdl", "cholesterol_ratio",
    "triglycerides_log", "glucose",
]  # fmt: skip
numbers = (
    st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([0, 1, 2, 441, 442, -1, 2**63, 1.5, 1e308, float("nan"), float("inf")])
)
condition_text = st.lists(
    st.sampled_from(
        [
            *FEATURES,
            "label",
            "prediction",
            "id",
            "bp",
            "body mass index",
            "Glucose",
            "unknown_feature",
            ">",
            ">=",
            "<",
            "<=",
            "=",
            "==",
            "!=",
            "=>",
            " and ",
            " AND ",
            " or ",
            "&&",
            "&",
            ",",
            " ",
            "'",
            '"',
            "120",
            "-3",
            "1e9",
            "nan",
            "inf",
            "progressing",
            "stable",
            "1",
            "2",
            "all",
            "*",
            "\x00",
            "\ud800",
        ]  # fmt: skip
    )
    | st.text(max_size=3),
    max_size=14,
).map("".join)
references = (
    numbers
    | st.booleans()
    | st.text(max_size=40)
    | condition_text
    | st.sampled_from(["patient 12", "12", "#3", "id 400", "row -1", "patient 99999999999999999999"])
    | st.dictionaries(
        st.sampled_from([*FEATURES, "id", "ID", "Age", "bmi ", "label"]) | st.text(max_size=6),
        numbers | st.text(max_size=8) | st.booleans(),
        max_size=12,
    )
    | st.fixed_dictionaries({f: st.integers(0, 300) | st.floats() for f in FEATURES})
)  # fmt: skip


@MEDIUM
@given(references)
@example({"id": 3, "bmi": float("nan")})
@example({**{f: 1 for f in FEATURES}, "glucose": 1e39})
@example({"id": 3, "glucose": -3.5e38})
@example({f: float("inf") for f in FEATURES})
@example({f: 1e308 for f in FEATURES})
@example({**{f: 1 for f in FEATURES}, "sex": 1.5})
def test_an_instance_reference_resolves_to_a_subject_or_an_argument_error(demo_host, reference: Any) -> None:
    try:
        subject = demo_host.resolve(reference)
    except ArgumentError as exc:
        assert str(exc) and exc.argument
        return
    assert isinstance(subject, Subject)
    # What resolves must also be usable: the model predicts for it (custom values included).
    try:
        assert isinstance(demo_host.predict(subject), Result)
    except ArgumentError as exc:
        assert str(exc)


@MEDIUM
@given(st.sampled_from(["get_prediction", "get_local_explanation", "explain_what_if"]), references, references)
def test_model_given_arguments_reach_a_function_as_a_result_or_a_simxai_error(
    demo_host, function: str, instance: Any, changes: Any
) -> None:
    """The path of a model's call: registry validation, then the host. Only SimXAI's errors may come out."""
    from simxai.functions import default_registry

    registered = default_registry().get(function)
    assert registered is not None
    arguments = {"instance": instance}
    if function == "explain_what_if":
        arguments["changes"] = changes if isinstance(changes, dict) else {"bmi": changes}
    try:
        result = registered(demo_host, arguments)
    except SimXAIError:
        return
    assert isinstance(result, Result)


@FAST
@given(condition_text | st.text(max_size=60))
@example("glucose > 120 and age < 50")
@example("label = progressing && bmi >= 30.5")
def test_a_condition_parses_to_clauses_or_an_argument_error(demo_host, text: str) -> None:
    schema = demo_host.schema()
    try:
        clauses = parse_condition(text, schema)
    except ArgumentError as exc:
        assert str(exc)
        return
    assert isinstance(clauses, list) and all(isinstance(c, Clause) for c in clauses)
    # A parsed condition written back as text parses to the same clauses.
    if clauses:
        assert parse_condition(" and ".join(c.text() for c in clauses), schema) == clauses


@FAST
@given(
    st.lists(
        st.tuples(
            st.sampled_from([f for f in FEATURES if f != "sex"]),
            st.sampled_from([">", ">=", "<", "<=", "=", "!="]),
            st.integers(-9999, 9999),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_well_formed_conditions_round_trip(demo_host, parts: list[tuple[str, str, int]]) -> None:
    text = " and ".join(f"{f} {op} {v}" for f, op, v in parts)
    clauses = parse_condition(text, demo_host.schema())
    assert [(c.field, c.op, c.value) for c in clauses] == [(f, op, float(v)) for f, op, v in parts]


@FAST
@given(numbers | st.text(max_size=12) | st.booleans() | st.sampled_from(["+5", "-10%", "*1.5", "x2", "×3", "+", "%"]))
def test_a_what_if_value_parses_or_is_an_argument_error(value: Any) -> None:
    try:
        parsed = parse_change(value)
    except ArgumentError:
        assert isinstance(value, bool)
        return
    assert isinstance(parsed, float | str | RelativeChange)


# ---- dataset loaders -----------------------------------------------------------------------------------

FIELDS = [
    "idx", "user", "user_question", "parsed", "operation_name", "input", "text", "sql", "dialogues",
    "parsing", "conversation", "speaker", "role", "message", "tool", "id",
]  # fmt: skip
record_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10)
    | st.sampled_from(["predict", "get_prediction", "no tool", "score accuracy", "user", "expert"])
    | st.just("filter id 3 and predict [E]"),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=5), children, max_size=5),
    max_leaves=15,
)  # fmt: skip
# One JSON file per parsing set (the sets that read a folder get it at a path their glob matches).
FOLDERS = ("simxai-single-turn", "simxai-legacy")
JSON_FILES = {
    name: info.paths[0] / "cases.json" if name in FOLDERS else info.paths[0]
    for name, info in PARSING_DATASETS.items()
    if name not in ("coxql-groups", "syn-sentiment", "syn-heart-rate")
}
# The SYN sets also read the SYN-QA CSV; they get only their dialogue file, and must say what is missing.
JSON_FILES |= {name: PARSING_DATASETS[name].paths[0] for name in ("syn-sentiment", "syn-heart-rate")}


def names_the_file(message: str, path: Path, root: Path) -> bool:
    """Whether an error message names `path`, or the data folder under `root` that holds it."""
    folders = [p for p in path.parents if root in p.parents]
    return path.name in message or any(str(folder) in message for folder in folders)


def _load_or_usage_error(name: str, root: Path, path: Path) -> None:
    try:
        cases = load_cases(name, root)
    except UsageError as exc:
        # The error names the file it could not read (a missing companion file names itself).
        assert names_the_file(str(exc), path, root) or "does not exist" in str(exc), str(exc)
        return
    for case in cases:
        assert isinstance(case.text, str) and case.text.strip(), case
        assert case.dataset == name and case.id and case.source


@MEDIUM
@given(
    st.sampled_from(sorted(JSON_FILES)),
    record_values | st.lists(st.dictionaries(st.sampled_from(FIELDS), record_values, max_size=6), max_size=4),
)
@example("compass-legacy", [{"dialogues": 5, "parsing": ["predict"]}])
@example("compass-legacy", [{"dialogues": ["hi"], "parsing": ["predict"], "input": 7}])
@example("compass-legacy", [{"dialogues": [1], "parsing": ["predict"]}])
@example("compass-multiturn", {"dialogues": [{"conversation": [{"speaker": "user", "message": "hi", "tool": 3}]}]})
def test_a_json_dataset_file_loads_or_names_the_file(name: str, content: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        path = root / JSON_FILES[name]
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(content), encoding="utf-8")
        _load_or_usage_error(name, root, path)


@MEDIUM
@given(
    st.sampled_from(sorted(JSON_FILES)) | st.just("coxql-groups"),
    st.binary(max_size=60)
    | st.sampled_from([b"\xff\xfe[]", b'[{"user": "\xff"}]', b"\xef\xbb\xbf[]", b"[" * 3000])
    | st.just(b"User: hi\nParsed: predict [E]\n\xff"),
)
@example("coxql-groups", b"User: hi\nParsed: predict [E]\n\xff")
def test_a_dataset_file_of_arbitrary_bytes_loads_or_names_the_file(name: str, content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        relative = Path("coxql/dataset/group/cases.txt") if name == "coxql-groups" else JSON_FILES[name]
        path = root / relative
        path.parent.mkdir(parents=True)
        path.write_bytes(content)
        _load_or_usage_error(name, root, path)


csv_cells = st.text(max_size=12) | st.sampled_from(
    ["preserved", "not_preserved", "0", "1", "get_prediction:'stable'", "", "yes"]
)
COLUMNS = [
    "question", "agent_response", "expected_tool", "user_question", "tool_responses", "annotation",
    "judge_label", "context relevant", "context_dependency_label", "context coherent", "x",
]  # fmt: skip
csv_headers = st.lists(st.sampled_from(COLUMNS), min_size=1, max_size=8, unique=True)


@MEDIUM
@given(csv_headers, st.lists(st.lists(csv_cells, max_size=9), max_size=4), st.sampled_from(["\n", "\r\n"]))
def test_a_recorded_csv_loads_or_names_the_file(header: list[str], rows: list[list[str]], newline: str) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator=newline)
    writer.writerow(header)
    writer.writerows(rows)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        run = root / "run.csv"
        run.write_text(buffer.getvalue(), encoding="utf-8")
        qa = root / "simxai/evaluation_suite/data/dialogue/human_label_context_faithfulness.csv"
        qa.parent.mkdir(parents=True)
        qa.write_text(buffer.getvalue(), encoding="utf-8")
        for path, load in ((run, lambda: load_recorded_run(run)), (qa, lambda: load_qa("syn-qa", root))):
            try:
                loaded = load()
            except UsageError as exc:
                assert path.name in str(exc), str(exc)
                continue
            assert isinstance(loaded, list) and loaded


@pytest.mark.parametrize("content", [b"\xff\xfe\x00q", b"question,agent_response\n\x00,\xff\n"])
def test_a_recorded_csv_that_is_not_utf8_names_the_file(tmp_path, content):
    path = tmp_path / "run.csv"
    path.write_bytes(content)
    with pytest.raises(UsageError, match="run.csv"):
        load_recorded_run(path)
