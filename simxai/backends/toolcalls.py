"""Read tool calls out of a model's text, and write them back. Pure functions: no I/O, no eval.

Models that have no native tool-call channel (or whose server-side parser gave up) write their calls as
text. Two shapes are understood:

* **pythonic** (ToolACE, Llama 3.2/4): ``[get_prediction(instance=12), explain_what_if(instance=12,
  changes={'bmi': 30})]``, possibly after ``<|python_tag|>``, inside a code fence, or surrounded by prose;
* **JSON** (Llama 3.1, Hermes, Qwen): ``{"name": ..., "arguments"|"parameters": {...}}``, a list of
  them, or ``<tool_call>...</tool_call>`` blocks.

Pythonic text is parsed with ``ast.parse`` and then *read*, node by node: only calls to plain names
with keyword arguments whose values are literals are accepted, so nothing the model writes is ever
executed. Anything else raises `ToolCallParseError` with a message naming what was wrong. JSON is read by
`simxai.backends._json_calls`, which also holds the limits re-exported here (`MAX_TEXT_CHARS`, `MAX_DEPTH`,
`MAX_CALLS`).
"""

from __future__ import annotations

import ast
import keyword
import math
import re
import warnings
from collections.abc import Sequence
from typing import Any

from simxai.backends._json_calls import MAX_CALLS, MAX_DEPTH, MAX_TEXT_CHARS, decode_arguments, find_json, read_json
from simxai.exceptions import ToolCallParseError, UsageError
from simxai.messages import ToolCall

__all__ = [
    "MAX_CALLS",
    "MAX_DEPTH",
    "MAX_TEXT_CHARS",
    "decode_arguments",
    "extract_tool_calls",
    "parse_json_calls",
    "parse_pythonic",
    "parse_tool_calls",
    "render_pythonic",
]

# Special tokens some servers leave in the text around a call.
_SPECIAL_TOKENS = re.compile(r"<\|(?:python_tag|eom_id|eot_id|end_of_text)\|>")
_FENCE = re.compile(r"```[A-Za-z0-9_+-]*")
_TOOL_CALL_TAG = re.compile(r"</?tool_call>")
# The start of a pythonic call list: "[" then a (possibly dotted) name then "(".
_PYTHONIC_START = re.compile(r"\[\s*[A-Za-z_][\w.]*\(")
# A whole message that is one bare call with keyword (or no) arguments, e.g. "get_prediction(instance=12)".
# Stricter than the list form, so that prose such as "Glucose(mg/dL) matters most (0.31)" stays prose.
_BARE_CALL = re.compile(r"[A-Za-z_][\w.]*\((?:\s*\)|\s*[A-Za-z_]\w*\s*=)")
_JSON_NAMES = {"true": True, "false": False, "null": None}


def parse_tool_calls(text: str) -> list[ToolCall]:
    """The tool calls written in `text`, pythonic or JSON; ``[]`` for plain prose.

    Raises:
        ToolCallParseError: something in `text` looks like a tool call but is malformed.
    """
    return extract_tool_calls(text)[0]


def extract_tool_calls(text: str) -> tuple[list[ToolCall], str]:
    """Split `text` into its tool calls and the prose around them.

    A JSON object only counts as a call when it has a ``"name"`` and ``"arguments"``/``"parameters"``
    (or a ``"function"`` object), or stands inside ``<tool_call>`` tags or after ``<|python_tag|>``:
    a reply that merely shows a record like ``{"name": "Alice"}`` stays prose.

    Returns:
        The calls (``[]`` for plain prose) and the remaining text. When there are no calls the text is
        returned unchanged; otherwise call syntax, special tokens and code-fence markers are removed.

    Raises:
        ToolCallParseError: something in `text` looks like a tool call but is malformed.
    """
    cleaned, marked = _clean(text)
    pythonic = _find_pythonic(cleaned)
    json_start = find_json(cleaned)
    if pythonic is None and json_start is None:
        if marked:
            raise ToolCallParseError(
                "the reply announces a tool call (<tool_call> or <|python_tag|>) but holds none in a known "
                'form; expected [func_name(param=value)] or {"name": ..., "arguments": {...}}'
            )
        return [], text
    _check_length(cleaned)
    found: tuple[list[ToolCall], int, int] | None = None
    if json_start is not None and (pythonic is None or json_start < pythonic[0]):
        found = read_json(cleaned, json_start, strict=marked)
    if found is None and pythonic is not None:
        found = _read_pythonic(cleaned, *pythonic)
    if found is None:
        return [], text
    calls, start, end = found
    return calls, _join_prose(cleaned[:start], cleaned[end:])


def parse_pythonic(text: str) -> list[ToolCall]:
    """Parse a pythonic call list such as ``[get_prediction(instance=12)]`` found in `text`.

    The list may be preceded by prose, ``<|python_tag|>`` or a code fence and followed by prose; a
    message that is exactly one bare call (``get_prediction(instance=12)``) is accepted too. Values may
    be strings, numbers (also negative), ``True``/``False``/``None`` or their JSON spellings
    ``true``/``false``/``null``, and lists and string-keyed dicts of these.

    Raises:
        ToolCallParseError: there is no call list, or it is malformed or holds anything but literals.
    """
    cleaned, _ = _clean(text)
    found = _find_pythonic(cleaned)
    if found is None:
        raise ToolCallParseError("no pythonic tool call found; expected a list like [func_name(param=value, ...)]")
    _check_length(cleaned)
    return _read_pythonic(cleaned, *found)[0]


def parse_json_calls(text: str) -> list[ToolCall]:
    """Parse JSON tool calls found in `text`.

    Accepts ``{"name": ..., "arguments": {...}}`` (or ``"parameters"``; arguments may also be a JSON
    string), ``{"type": "function", "function": {...}}``, a list of these, several separated by
    whitespace, commas or semicolons, and ``<tool_call>...</tool_call>`` blocks.

    Raises:
        ToolCallParseError: there is no JSON call, or it is malformed.
    """
    cleaned, _ = _clean(text)
    start = find_json(cleaned)
    if start is None:
        raise ToolCallParseError('no JSON tool call found; expected {"name": ..., "arguments": {...}}')
    _check_length(cleaned)
    found = read_json(cleaned, start, strict=True)
    assert found is not None  # strict reading raises instead of declining
    return found[0]


def render_pythonic(calls: Sequence[ToolCall]) -> str:
    """Write `calls` as a pythonic call list, the inverse of `parse_pythonic`.

    Strings are written with `repr`, so quotes, backslashes, newlines and any unicode survive the
    round trip; floats are written exactly; booleans and null as ``True``/``False``/``None``.

    Raises:
        UsageError: a name is not a Python identifier, a dict key is not a string, a value is not
            JSON-like (or a non-finite float), or values are nested more than `MAX_DEPTH` deep.
    """
    parts = []
    for call in calls:
        _check_identifier(call.name, "function name")
        args = []
        for key, value in call.arguments.items():
            _check_identifier(key, f"argument name of {call.name}")
            args.append(f"{key}={_render_value(value, f'argument {key!r} of {call.name}', 1)}")
        parts.append(f"{call.name}({', '.join(args)})")
    return "[" + ", ".join(parts) + "]"


# --- finding candidates ---------------------------------------------------------------------------


def _clean(text: str) -> tuple[str, bool]:
    """`text` without special tokens, code-fence markers and tool-call tags.

    Also returns whether it had a marker that announces a tool call (``<|python_tag|>``, ``<tool_call>``).
    """
    if not isinstance(text, str):
        raise ToolCallParseError(f"model output must be text, got {type(text).__name__}")
    marked = "<|python_tag|>" in text or "<tool_call>" in text
    text = _SPECIAL_TOKENS.sub("\n", text)
    text = _FENCE.sub("\n", text)
    return _TOOL_CALL_TAG.sub("\n", text), marked


def _check_length(text: str) -> None:
    if len(text) > MAX_TEXT_CHARS:
        raise ToolCallParseError(
            f"model output of {len(text)} characters is too long to hold tool calls (limit {MAX_TEXT_CHARS})"
        )


def _find_pythonic(text: str) -> tuple[int, bool] | None:
    """Where a pythonic call list starts, and whether it is a bare call (the whole text) instead."""
    match = _PYTHONIC_START.search(text)
    if match is not None:
        return match.start(), False
    stripped = text.strip()
    if _BARE_CALL.match(stripped) and stripped.endswith(")"):
        return len(text) - len(text.lstrip()), True
    return None


def _scan_brackets(text: str, start: int) -> tuple[int, int]:
    """The end (exclusive) of the bracketed expression at `start`, and its deepest nesting.

    Quotes are tracked so brackets inside strings do not count. When the brackets never close the end
    is the end of the text, and the parser reports the truncation.
    """
    depth = deepest = 0
    quote = ""
    i = start
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")]}":
            depth -= 1
            if depth <= 0:
                return i + 1, deepest
        i += 1
    return len(text), deepest


def _join_prose(before: str, after: str) -> str:
    before, after = before.strip(), after.strip()
    return f"{before}\n{after}" if before and after else before or after


# --- pythonic -------------------------------------------------------------------------------------


def _read_pythonic(text: str, start: int, bare: bool) -> tuple[list[ToolCall], int, int]:
    if bare:
        end, deepest = len(text), _scan_brackets(text, start)[1]
    else:
        end, deepest = _scan_brackets(text, start)
    # The list and the call parentheses add two levels on top of the argument values.
    if deepest > MAX_DEPTH + 2:
        raise ToolCallParseError(f"tool call is nested more than {MAX_DEPTH} levels deep")
    source = text[start:end].strip()
    tree = _parse_expression(source)
    if isinstance(tree, ast.List):
        nodes = tree.elts
    elif isinstance(tree, ast.Call):
        nodes = [tree]
    else:
        raise ToolCallParseError(
            f"expected a list of function calls like [func_name(param=value)], got {_describe(tree)}"
        )
    if not nodes:
        raise ToolCallParseError("the tool call list is empty")
    if len(nodes) > MAX_CALLS:
        raise ToolCallParseError(f"{len(nodes)} tool calls in one reply; at most {MAX_CALLS} are accepted")
    calls = [_read_call(node, i) for i, node in enumerate(nodes)]
    return calls, start, end


def _parse_expression(source: str) -> ast.expr:
    try:
        # Python warns about invalid escapes such as '\d' (and keeps the backslash). The warning is not
        # ours to show, and under `-W error` it would turn an acceptable string into a SyntaxError.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(source, mode="eval").body
    except SyntaxError as exc:
        hint = " (the reply may have been cut off)" if "never closed" in str(exc) or "EOF" in str(exc) else ""
        raise ToolCallParseError(f"tool call is not valid call syntax: {exc.msg}{hint}") from None
    except (ValueError, MemoryError, RecursionError) as exc:
        # ValueError: null bytes or over-long integers; the others: pathologically nested input.
        raise ToolCallParseError(f"tool call could not be parsed: {type(exc).__name__} {exc}".strip()) from None


def _read_call(node: ast.expr, index: int) -> ToolCall:
    if not isinstance(node, ast.Call):
        raise ToolCallParseError(f"item {index + 1} of the tool call list is {_describe(node)}, not a call")
    if not isinstance(node.func, ast.Name):
        raise ToolCallParseError(
            f"call {index + 1}: the function must be a plain name such as get_prediction, got {_describe(node.func)}"
        )
    name = node.func.id
    if node.args:
        raise ToolCallParseError(
            f"{name}: positional arguments are not allowed; pass every argument by name, e.g. {name}(param=value)"
        )
    arguments: dict[str, Any] = {}
    for kw in node.keywords:
        if kw.arg is None:
            raise ToolCallParseError(f"{name}: **-unpacking is not allowed; pass every argument by name")
        if kw.arg in arguments:
            raise ToolCallParseError(f"{name}: argument {kw.arg!r} is given twice")
        arguments[kw.arg] = _literal(kw.value, f"argument {kw.arg!r} of {name}", 1)
    return ToolCall(id=f"call_{index}", name=name, arguments=arguments)


def _literal(node: ast.expr, where: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise ToolCallParseError(f"{where} is nested more than {MAX_DEPTH} levels deep")
    if isinstance(node, ast.Constant):
        return _constant(node.value, where)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        number = node.operand.value if isinstance(node.operand, ast.Constant) else None
        if isinstance(number, int | float) and not isinstance(number, bool):
            return _constant(-number if isinstance(node.op, ast.USub) else number, where)
        raise ToolCallParseError(f"{where}: a sign may only precede a number, not {_describe(node.operand)}")
    if isinstance(node, ast.Name):
        if node.id in _JSON_NAMES:
            return _JSON_NAMES[node.id]
        raise ToolCallParseError(f"{where} is the bare name {node.id}, not a value; quote strings (e.g. '{node.id}')")
    if isinstance(node, ast.List):
        return [_literal(item, f"{where}[{i}]", depth + 1) for i, item in enumerate(node.elts)]
    if isinstance(node, ast.Dict):
        result: dict[str, Any] = {}
        for key_node, value_node in zip(node.keys, node.values, strict=True):
            if key_node is None:
                raise ToolCallParseError(f"{where}: **-unpacking is not allowed inside a dict")
            if not (isinstance(key_node, ast.Constant) and isinstance(key_node.value, str)):
                raise ToolCallParseError(f"{where}: dict keys must be quoted strings, got {_describe(key_node)}")
            key = _fix_surrogates(key_node.value)
            if key in result:
                raise ToolCallParseError(f"{where}: key {key!r} is given twice")
            result[key] = _literal(value_node, f"{where}[{key!r}]", depth + 1)
        return result
    raise ToolCallParseError(
        f"{where} is {_describe(node)}; only literal values (strings, numbers, True/False/None, "
        "lists and dicts) are allowed"
    )


def _constant(value: Any, where: str) -> Any:
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, str):
        return _fix_surrogates(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ToolCallParseError(f"{where} is the non-finite number {value}")
        return value
    raise ToolCallParseError(
        f"{where} is a {type(value).__name__} literal; only strings, numbers, True/False/None, "
        "lists and dicts are allowed"
    )


def _fix_surrogates(value: str) -> str:
    """Join UTF-16 surrogate pairs, which JSON-style escapes use to write characters beyond the BMP."""
    if not any("\ud800" <= ch <= "\udfff" for ch in value):
        return value
    try:
        return value.encode("utf-16", "surrogatepass").decode("utf-16")
    except UnicodeDecodeError:
        return value  # a lone surrogate: keep it as written


_NODE_NAMES: dict[type[ast.AST], str] = {
    ast.Call: "a function call",
    ast.Attribute: "an attribute access",
    ast.Subscript: "an index expression",
    ast.Name: "a bare name",
    ast.JoinedStr: "an f-string",
    ast.Lambda: "a lambda",
    ast.ListComp: "a comprehension",
    ast.SetComp: "a comprehension",
    ast.DictComp: "a comprehension",
    ast.GeneratorExp: "a generator expression",
    ast.Starred: "a starred expression",
    ast.Tuple: "a tuple (use a list)",
    ast.Set: "a set (use a list)",
    ast.BinOp: "an arithmetic expression",
    ast.BoolOp: "a boolean expression",
    ast.Compare: "a comparison",
    ast.IfExp: "a conditional expression",
    ast.NamedExpr: "an assignment expression",
    ast.Await: "an await expression",
    ast.UnaryOp: "a unary expression",
    ast.List: "a list",
    ast.Dict: "a dict",
}


def _describe(node: ast.AST) -> str:
    if isinstance(node, ast.Constant):
        return f"the constant {repr(node.value)[:40]}"
    return _NODE_NAMES.get(type(node), f"a {type(node).__name__} expression")


# --- rendering ------------------------------------------------------------------------------------


def _check_identifier(name: str, what: str) -> None:
    if not (isinstance(name, str) and name.isidentifier() and not keyword.iskeyword(name)):
        raise UsageError(f"cannot write {name!r} as a pythonic {what}: it must be a Python identifier")


def _render_value(value: Any, where: str, depth: int) -> str:
    if depth > MAX_DEPTH:
        raise UsageError(f"{where} is nested more than {MAX_DEPTH} levels deep")
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise UsageError(f"{where} is the non-finite number {value}, which has no literal")
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_render_value(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)) + "]"
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            if not isinstance(key, str):
                raise UsageError(f"{where}: dict keys must be strings, got {key!r}")
            items.append(f"{key!r}: {_render_value(item, f'{where}[{key!r}]', depth + 1)}")
        return "{" + ", ".join(items) + "}"
    raise UsageError(f"{where} is a {type(value).__name__}, which has no pythonic literal")
