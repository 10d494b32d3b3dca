"""Tool calls written as JSON (`toolcalls`'s second shape), and the limits every reader of model text keeps.

``{"name": ..., "arguments"|"parameters": {...}}``, ``{"type": "function", "function": {...}}``, a list of them, or
several in a row; arguments may be a JSON-encoded string (`decode_arguments`, as OpenAI-style APIs send them). Read
with the standard JSON decoder, refusing non-finite numbers, repeated keys and nesting beyond `MAX_DEPTH`.
`simxai.backends.toolcalls` finds the calls in a reply and re-exports the public names.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from simxai.exceptions import ToolCallParseError
from simxai.messages import ToolCall

__all__ = ["MAX_CALLS", "MAX_DEPTH", "MAX_TEXT_CHARS", "decode_arguments", "find_json", "read_json"]

#: Longest model text the parsers look at; a tool-call reply is a few hundred characters.
MAX_TEXT_CHARS = 32_768
#: Deepest nesting of lists and dicts accepted inside an argument value.
MAX_DEPTH = 16
#: Most calls accepted in one reply.
MAX_CALLS = 32

# The start of a JSON call object: {"name": ... or {"function": ...
_JSON_START = re.compile(r'\{\s*"(?:name|function)"\s*:')


def find_json(text: str) -> int | None:
    """Where a JSON call (or a list of them) starts."""
    match = _JSON_START.search(text)
    if match is None:
        return None
    start = match.start()
    before = text[:start].rstrip()
    # Include the "[" of a list of call objects.
    if before.endswith("["):
        return len(before) - 1
    return start


def read_json(text: str, start: int, *, strict: bool) -> tuple[list[ToolCall], int, int] | None:
    """Read consecutive JSON call objects from `start`; None when they are not calls and not `strict`."""
    decoder = json.JSONDecoder(parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    objects: list[Any] = []
    end = pos = start
    while True:
        try:
            value, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            if objects:
                break  # prose after complete calls
            raise ToolCallParseError(f"JSON tool call is malformed: {exc.msg} at character {exc.pos}") from None
        except RecursionError:
            raise ToolCallParseError(f"JSON tool call is nested more than {MAX_DEPTH} levels deep") from None
        except ValueError:  # an integer beyond Python's digit limit for int()
            raise ToolCallParseError(
                f"JSON tool call holds a number of more than {sys.get_int_max_str_digits()} digits"
            ) from None
        objects.extend(value if isinstance(value, list) else [value])
        end = pos
        # More calls may follow, separated by whitespace, "," or ";".
        rest = text[pos:].lstrip().lstrip(",;").lstrip()
        if not rest.startswith(("{", "[")):
            break
        pos = len(text) - len(rest)
    if not strict and not all(_is_json_call(obj) for obj in objects):
        return None
    if not objects:
        raise ToolCallParseError("the JSON tool call list is empty")
    if len(objects) > MAX_CALLS:
        raise ToolCallParseError(f"{len(objects)} tool calls in one reply; at most {MAX_CALLS} are accepted")
    return [_json_call(obj, i) for i, obj in enumerate(objects)], start, end


def _is_json_call(obj: Any) -> bool:
    if not isinstance(obj, dict):
        return False
    if isinstance(obj.get("function"), dict):
        return True
    return "name" in obj and ("arguments" in obj or "parameters" in obj)


def _reject_constant(name: str) -> Any:
    raise ToolCallParseError(f"JSON tool call holds the non-finite number {name}")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ToolCallParseError(f"JSON tool call repeats the key {key!r}")
        result[key] = value
    return result


def _json_call(obj: Any, index: int) -> ToolCall:
    if not isinstance(obj, dict):
        raise ToolCallParseError(f"JSON tool call {index + 1} is a {type(obj).__name__}, not an object")
    if isinstance(obj.get("function"), dict):
        obj = obj["function"]
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise ToolCallParseError(f'JSON tool call {index + 1} needs a "name" string')
    if "arguments" in obj:
        arguments = obj["arguments"]
    else:
        arguments = obj.get("parameters", {})
    if isinstance(arguments, str):
        arguments = decode_arguments(arguments, name)
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ToolCallParseError(f'{name}: "arguments" must be an object, got {type(arguments).__name__}')
    _check_depth(arguments, f"arguments of {name}", 1)
    return ToolCall(id=f"call_{index}", name=name, arguments=arguments)


def decode_arguments(arguments: str, name: str) -> dict[str, Any]:
    """Decode a JSON-encoded arguments object, as OpenAI-style APIs send it.

    An empty string means no arguments.

    Raises:
        ToolCallParseError: the string is not a JSON object of finite, nested-not-too-deep values.
    """
    if not arguments.strip():
        return {}
    if len(arguments) > MAX_TEXT_CHARS:
        raise ToolCallParseError(f"{name}: arguments of {len(arguments)} characters are too long")
    try:
        value = json.loads(arguments, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise ToolCallParseError(
            f"{name}: arguments are not valid JSON ({exc.msg} at character {exc.pos}): {arguments[:200]!r}"
        ) from None
    except RecursionError:
        raise ToolCallParseError(f"{name}: arguments are nested more than {MAX_DEPTH} levels deep") from None
    except ValueError:  # an integer beyond Python's digit limit for int()
        raise ToolCallParseError(
            f"{name}: arguments hold a number of more than {sys.get_int_max_str_digits()} digits"
        ) from None
    if not isinstance(value, dict):
        raise ToolCallParseError(f"{name}: arguments must be a JSON object, got {type(value).__name__}")
    _check_depth(value, f"arguments of {name}", 1)
    return value


def _check_depth(value: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ToolCallParseError(f"{where} are nested more than {MAX_DEPTH} levels deep")
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        if isinstance(child, dict | list):
            _check_depth(child, where, depth + 1)
