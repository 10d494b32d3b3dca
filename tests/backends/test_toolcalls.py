"""The tool-call parser: targeted cases, rejections, limits, and hypothesis round-trip and fuzz properties."""

from __future__ import annotations

import keyword
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from simxai.backends.toolcalls import (
    MAX_CALLS,
    MAX_DEPTH,
    MAX_TEXT_CHARS,
    decode_arguments,
    extract_tool_calls,
    parse_json_calls,
    parse_pythonic,
    parse_tool_calls,
    render_pythonic,
)
from simxai.exceptions import ToolCallParseError, UsageError
from simxai.messages import ToolCall


def typed(value: Any) -> Any:
    """`value` with every scalar tagged by its type, so True != 1 and 1 != 1.0 in comparisons."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


def pairs(calls: list[ToolCall]) -> list[tuple[str, Any]]:
    return [(call.name, typed(call.arguments)) for call in calls]


# --- targeted pythonic cases ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[get_prediction(instance=12)]", [("get_prediction", {"instance": 12})]),
        (
            "[get_prediction(instance=12), explain_what_if(instance=12, changes={'bmi': 30})]",
            [
                ("get_prediction", {"instance": 12}),
                ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}}),
            ],
        ),
        (
            "[explain_what_if(instance=3, changes={'age': -5})]",
            [("explain_what_if", {"instance": 3, "changes": {"age": -5}})],
        ),
        ("[f(a=-2.5, b=+3, c=1e-3, d=-0.0)]", [("f", {"a": -2.5, "b": 3, "c": 0.001, "d": -0.0})]),
        ("[f(a=true, b=false, c=null)]", [("f", {"a": True, "b": False, "c": None})]),
        ("[f(a=True, b=False, c=None)]", [("f", {"a": True, "b": False, "c": None})]),
        ("I will check that.\n[get_model_information()]", [("get_model_information", {})]),
        ("[get_model_information()] Let me know if you need more.", [("get_model_information", {})]),
        ("<|python_tag|>[get_prediction(instance=7)]<|eom_id|>", [("get_prediction", {"instance": 7})]),
        ("<|python_tag|>get_prediction(instance=7)", [("get_prediction", {"instance": 7})]),
        (
            "get_prediction(instance='glucose > 120 and age < 50')",
            [("get_prediction", {"instance": "glucose > 120 and age < 50"})],
        ),
        ("```python\n[get_prediction(instance=7)]\n```", [("get_prediction", {"instance": 7})]),
        ("```\n[get_prediction(instance=7)]\n```", [("get_prediction", {"instance": 7})]),
        (
            "[f(x={'a': {'b': [1, {'c': null}]}, 'd': []})]",
            [("f", {"x": {"a": {"b": [1, {"c": None}]}, "d": []}})],
        ),
        ("[f(s='Zürich — 東京 😀')]", [("f", {"s": "Zürich — 東京 😀"})]),
        (
            """[f(a="it's", b='say "hi"', c='back\\\\slash', d='two\\nlines')]""",
            [("f", {"a": "it's", "b": 'say "hi"', "c": "back\\slash", "d": "two\nlines"})],
        ),
        ('[f(s="\\ud83d\\ude00")]', [("f", {"s": "😀"})]),  # JSON-style surrogate escapes are joined
        (
            "[f(s='C:\\data')]",
            [("f", {"s": "C:\\data"})],
        ),  # an invalid escape keeps its backslash, as in Python
        ("[f(a=0x1F, b=1_000)]", [("f", {"a": 31, "b": 1000})]),
        ("[ f(a = 1) , g( ) ]", [("f", {"a": 1}), ("g", {})]),
        ("get_model_information()", [("get_model_information", {})]),
        ("[f(a=[1, 2,],)]", [("f", {"a": [1, 2]})]),
        ("[f(note='[not(a=call)]')]", [("f", {"note": "[not(a=call)]"})]),
        ("[f(a='x')]\n\nSome text with [brackets] after.", [("f", {"a": "x"})]),
    ],
)
def test_parse_pythonic_accepts(text: str, expected: list[tuple[str, Any]]) -> None:
    assert pairs(parse_pythonic(text)) == [(name, typed(args)) for name, args in expected]
    assert pairs(parse_tool_calls(text)) == [(name, typed(args)) for name, args in expected]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[get_prediction(12)]", "positional arguments are not allowed"),
        ("[f(*args)]", "positional arguments are not allowed"),
        ("[f(**kwargs)]", "unpacking is not allowed"),
        ("[os.system(command='ls')]", "plain name"),
        ("[__import__('os').system(a='ls')]", "plain name"),
        ("[f(a=b)]", "bare name b"),
        ("[f(a=g(b=1))]", "a function call"),
        ("[f(a=os.environ)]", "an attribute access"),
        ("[f(a=x[0])]", "an index expression"),
        ("[f(a=lambda: 1)]", "a lambda"),
        ("[f(a=f'{x}')]", "an f-string"),
        ("[f(a=[i for i in range(3)])]", "a comprehension"),
        ("[f(a={k: 1 for k in 'ab'})]", "a comprehension"),
        ("[f(a=(i for i in 'ab'))]", "a generator expression"),
        ("[f(a=(1, 2))]", "a tuple (use a list)"),
        ("[f(a={1, 2})]", "a set (use a list)"),
        ("[f(a=1 + 2)]", "an arithmetic expression"),
        ("[f(a=--1)]", "a sign may only precede a number"),
        ("[f(a=-True)]", "a sign may only precede a number"),
        ("[f(a=-'x')]", "a sign may only precede a number"),
        ("[f(a=not 1)]", "a unary expression"),
        ("[f(a=1 if b else 2)]", "a conditional expression"),
        ("[f(a=(b := 1))]", "an assignment expression"),
        ("[f(a=b'x')]", "bytes literal"),
        ("[f(a=1j)]", "complex literal"),
        ("[f(a=...)]", "ellipsis literal"),
        ("[f(a=1e999)]", "non-finite"),
        ("[f(a=-1e999)]", "non-finite"),
        ("[f(a={1: 'x'})]", "dict keys must be quoted strings"),
        ("[f(a={'k': 1, 'k': 2})]", "key 'k' is given twice"),
        ("[f(a={**d})]", "unpacking is not allowed inside a dict"),
        ("[f(a=1, a=2)]", "argument 'a' is given twice"),
        ("[f(a=1), 2]", "item 2 of the tool call list is the constant 2"),
        ("[f(a=1)", "was never closed"),
        ("[f(a='unterminated)]", "not valid call syntax"),
        ("[f(a=1))]", "not valid call syntax"),
    ],
)
def test_parse_pythonic_rejects(text: str, message: str) -> None:
    with pytest.raises(ToolCallParseError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_pythonic(text)
    with pytest.raises(ToolCallParseError):
        parse_tool_calls(text)


def test_parse_pythonic_never_evaluates(tmp_path: Path) -> None:
    target = tmp_path / "pwned"
    for text in (
        f"[f(a=open({str(target)!r}, 'w').write('x'))]",
        f"[open(file={str(target)!r}, mode='w')]",  # a plain-name call is only *data*: nothing runs
    ):
        try:
            calls = parse_pythonic(text)
        except ToolCallParseError:
            calls = []
        assert all(isinstance(c, ToolCall) for c in calls)
    assert not target.exists()


def test_ids_are_deterministic_and_unique() -> None:
    text = "[a(x=1), b(x=2), a(x=1)]"
    first, second = parse_pythonic(text), parse_pythonic(text)
    assert [c.id for c in first] == ["call_0", "call_1", "call_2"]
    assert first == second


def test_parse_pythonic_without_a_call_list() -> None:
    with pytest.raises(ToolCallParseError, match="no pythonic tool call found"):
        parse_pythonic("The model predicts diabetes.")


# --- parse_tool_calls / extract_tool_calls ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "The model predicts diabetes for patient 12 (probability 0.81).",
        "Feature importance [see above] was computed.",
        "The list [1, 2, 3] has three items.",
        "Values: {'bmi': 30}",
        'The record is {"name": "Alice", "age": 30}.',
        "Use f(x) to denote the model.",
        "f(x)",
        "get_prediction(12)",
        "Glucose (mg/dL) is the most important feature (0.31)",
        "Glucose(mg/dL) is the most important feature (0.31)",
        "See the table [Figure (2)] above.",
        "Here is a markdown link: [docs](https://example.org/f(x)).",
        "[]",
    ],
)
def test_prose_has_no_calls(text: str) -> None:
    assert parse_tool_calls(text) == []
    assert extract_tool_calls(text) == ([], text)


def test_extract_keeps_the_prose_around_the_calls() -> None:
    calls, rest = extract_tool_calls("Sure, let me check.\n[get_prediction(instance=12)]\nOne moment.")
    assert pairs(calls) == [("get_prediction", typed({"instance": 12}))]
    assert rest == "Sure, let me check.\nOne moment."
    calls, rest = extract_tool_calls("<|python_tag|>[get_prediction(instance=12)]<|eom_id|>")
    assert rest == ""


def test_only_the_first_call_list_is_read() -> None:
    calls, rest = extract_tool_calls("[f(a=1)] and then [g(b=2)]")
    assert pairs(calls) == [("f", typed({"a": 1}))]
    assert rest == "and then [g(b=2)]"


def test_the_first_call_syntax_wins() -> None:
    # A JSON-looking dict inside a pythonic call stays an argument.
    calls = parse_tool_calls('[f(x={"name": "bmi", "arguments": 1})]')
    assert pairs(calls) == [("f", typed({"x": {"name": "bmi", "arguments": 1}}))]
    # A JSON call before a bracketed note in prose.
    calls = parse_tool_calls('{"name": "g", "arguments": {"note": "[h(a=1)]"}}')
    assert pairs(calls) == [("g", typed({"note": "[h(a=1)]"}))]


# --- JSON ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"name": "get_prediction", "arguments": {"instance": 12}}', [("get_prediction", {"instance": 12})]),
        (
            '{"name": "get_prediction", "parameters": {"instance": -3}}',
            [("get_prediction", {"instance": -3})],
        ),
        (
            '<|python_tag|>{"name": "get_model_information", "parameters": {}}',
            [("get_model_information", {})],
        ),
        (
            '[{"name": "a", "arguments": {"x": true}}, {"name": "b", "arguments": {"y": null}}]',
            [("a", {"x": True}), ("b", {"y": None})],
        ),
        (
            '{"name": "a", "arguments": {}}; {"name": "b", "arguments": {"k": [1.5]}}',
            [("a", {}), ("b", {"k": [1.5]})],
        ),
        (
            '<tool_call>\n{"name": "a", "arguments": {"x": 1}}\n</tool_call>\n'
            '<tool_call>\n{"name": "b", "arguments": "{\\"y\\": \\"z\\"}"}\n</tool_call>',
            [("a", {"x": 1}), ("b", {"y": "z"})],
        ),
        ('<tool_call>{"name": "get_model_information"}</tool_call>', [("get_model_information", {})]),
        (
            '{"type": "function", "function": {"name": "a", "arguments": "{\\"x\\": 1}"}}',
            [("a", {"x": 1})],
        ),
        ('I will call it: {"name": "a", "arguments": {"x": "é"}} now', [("a", {"x": "é"})]),
        ('```json\n{"name": "a", "arguments": {"x": 2}}\n```', [("a", {"x": 2})]),
    ],
)
def test_parse_json_calls(text: str, expected: list[tuple[str, Any]]) -> None:
    assert pairs(parse_json_calls(text)) == [(name, typed(args)) for name, args in expected]
    assert pairs(parse_tool_calls(text)) == [(name, typed(args)) for name, args in expected]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"name": "a", "arguments": {"x": 1}', "malformed"),
        ('{"name": "a", "arguments": {"x": NaN}}', "non-finite"),
        ('{"name": "a", "arguments": [1, 2]}', "must be an object"),
        ('{"name": "a", "arguments": "{not json}"}', "not valid JSON"),
        ('{"name": "a", "name": "b", "arguments": {}}', "repeats the key 'name'"),
        ('<tool_call>{"name": 5, "arguments": {}}</tool_call>', 'needs a "name" string'),
        ('<tool_call>["just", "a", "list"]</tool_call>', "announces a tool call"),
        ("<|python_tag|>import os", "announces a tool call"),
        ("<|python_tag|>brave_search.call(query='x')", "plain name"),
    ],
)
def test_parse_json_rejects(text: str, message: str) -> None:
    with pytest.raises(ToolCallParseError, match=message):
        parse_tool_calls(text)


def test_parse_json_without_a_call() -> None:
    with pytest.raises(ToolCallParseError, match="no JSON tool call found"):
        parse_json_calls("[get_prediction(instance=1)]")


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ("", {}),
        ("  ", {}),
        ('{"a": 1}', {"a": 1}),
        ('{"a": {"b": [true, null]}}', {"a": {"b": [True, None]}}),
    ],
)
def test_decode_arguments(arguments: str, expected: dict[str, Any]) -> None:
    assert typed(decode_arguments(arguments, "f")) == typed(expected)


# --- limits ---------------------------------------------------------------------------------------


def test_limits() -> None:
    with pytest.raises(ToolCallParseError, match="too long"):
        parse_pythonic("[f(a='" + "x" * MAX_TEXT_CHARS + "')]")
    deep_ok = "[f(a=" + "[" * MAX_DEPTH + "]" * MAX_DEPTH + ")]"
    assert parse_pythonic(deep_ok)[0].name == "f"
    too_deep = "[f(a=" + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + ")]"
    with pytest.raises(ToolCallParseError, match="nested more than"):
        parse_pythonic(too_deep)
    too_deep_json = '{"name": "f", "arguments": {"a": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}}"
    with pytest.raises(ToolCallParseError, match="nested more than"):
        parse_json_calls(too_deep_json)
    many = "[" + ", ".join(["f()"] * (MAX_CALLS + 1)) + "]"
    with pytest.raises(ToolCallParseError, match="at most"):
        parse_pythonic(many)


@pytest.mark.parametrize(
    "text",
    [
        "[f(" * 10_000,
        "[f(a=" + "[" * 30_000,
        "[f(a=" + "-" * 30_000 + "1)]",
        "[f(a=" + "1+" * 10_000 + "1)]",
        "[f(a=" + "9" * 5_000 + ")]",
        "[f(a='x\x00')]",
        '{"name": "f", "arguments": ' + "[" * 30_000,
        "[f(a=" + "(" * 1_000 + "1" + ")" * 1_000 + ")]",
    ],
)
def test_pathological_input_fails_fast(text: str, cpu_guard: Callable[[Callable[[], object], float], bool]) -> None:
    """A clear ToolCallParseError before 1 s of CPU (a few ms now; CPU time, so a loaded machine does not count)."""

    def parse() -> None:
        with pytest.raises(ToolCallParseError):
            parse_tool_calls(text)

    assert cpu_guard(parse, 1.0)


def test_bracket_noise_is_prose(cpu_guard: Callable[[Callable[[], object], float], bool]) -> None:
    """No call, and no runaway work: each ends before 1 s of CPU (under 1 ms now)."""
    found: list[object] = []
    assert cpu_guard(lambda: found.append(parse_tool_calls("[" * 30_000)), 1.0)
    assert cpu_guard(lambda: found.append(parse_tool_calls("(" * 30_000 + "x")), 1.0)
    assert found == [[], []]


def test_non_text_input() -> None:
    with pytest.raises(ToolCallParseError, match="must be text"):
        parse_tool_calls(b"[f()]")  # type: ignore[arg-type]


# --- rendering ------------------------------------------------------------------------------------


def test_render_pythonic() -> None:
    calls = [
        ToolCall(
            id="call_0",
            name="explain_what_if",
            arguments={"instance": 12, "changes": {"bmi": -2.5, "smoker": True}},
        ),
        ToolCall(id="call_1", name="get_data_information", arguments={"feature": None, "note": 'it\'s "q"\n'}),
        ToolCall(id="call_2", name="get_model_information", arguments={}),
    ]
    text = render_pythonic(calls)
    assert text == (
        "[explain_what_if(instance=12, changes={'bmi': -2.5, 'smoker': True}), "
        "get_data_information(feature=None, note='it\\'s \"q\"\\n'), get_model_information()]"
    )
    assert parse_pythonic(text) == calls


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (ToolCall(id="c", name="not-a-name", arguments={}), "Python identifier"),
        (ToolCall(id="c", name="f", arguments={"class": 1}), "Python identifier"),
        (ToolCall(id="c", name="f", arguments={"a": float("nan")}), "non-finite"),
        (ToolCall(id="c", name="f", arguments={"a": {1: 2}}), "dict keys must be strings"),
        (ToolCall(id="c", name="f", arguments={"a": {1, 2}}), "no pythonic literal"),
    ],
)
def test_render_pythonic_rejects(call: ToolCall, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        render_pythonic([call])


# --- properties -----------------------------------------------------------------------------------

identifiers = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True).filter(lambda s: not keyword.iskeyword(s))
scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
)
values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=10,
)
call_lists = st.lists(
    st.tuples(identifiers, st.dictionaries(identifiers, values, max_size=4)), min_size=1, max_size=4
).map(lambda items: [ToolCall(id=f"call_{i}", name=name, arguments=args) for i, (name, args) in enumerate(items)])
prose = st.text(alphabet="abcdefghij XYZ.,!?:;-\n", max_size=40)


@given(call_lists)
@example([ToolCall(id="call_0", name="f", arguments={"a": -0.0, "b": 1e-300, "c": -(2**70), "d": "\\'\"\n\t\x00"})])
def test_render_then_parse_is_identity(calls: list[ToolCall]) -> None:
    text = render_pythonic(calls)
    parsed = parse_pythonic(text)
    assert parsed == calls
    assert pairs(parsed) == pairs(calls)
    for value in (v for c in parsed for v in c.arguments.values()):
        assert not (isinstance(value, float) and math.isnan(value))


@given(call_lists, prose, prose)
def test_calls_are_found_between_prose(calls: list[ToolCall], before: str, after: str) -> None:
    found, rest = extract_tool_calls(f"{before}{render_pythonic(calls)}{after}")
    assert pairs(found) == pairs(calls)
    expected = "\n".join(part for part in (before.strip(), after.strip()) if part)
    assert rest == expected


def _parse_or_reject(text: str) -> None:
    try:
        calls = parse_tool_calls(text)
    except ToolCallParseError:
        return
    assert isinstance(calls, list)
    assert all(isinstance(call, ToolCall) for call in calls)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_fuzz_arbitrary_text(text: str) -> None:
    _parse_or_reject(text)
    try:
        parse_pythonic(text)
    except ToolCallParseError:
        pass


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="[](){}=,:;'\"\\ -+.0123456789abfnrtuxyz_eTFNl*<>|#`\n", max_size=120))
def test_fuzz_call_like_text(text: str) -> None:
    _parse_or_reject(f"[f({text}")
    _parse_or_reject(f"[{text}]")
    _parse_or_reject(f'{{"name": "f", "arguments": {text}')
    try:
        parse_pythonic(text)
    except ToolCallParseError:
        pass


@settings(max_examples=300)
@given(call_lists, st.data())
def test_fuzz_mutated_calls(calls: list[ToolCall], data: st.DataObject) -> None:
    text = render_pythonic(calls)
    position = data.draw(st.integers(0, len(text)))
    insert = data.draw(st.text(alphabet="[](){}=,'\"\\ -", max_size=2))
    cut = data.draw(st.integers(0, 2))
    _parse_or_reject(text[:position] + insert + text[position + cut :])
