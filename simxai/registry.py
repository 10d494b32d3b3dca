"""Turn typed, documented Python functions into LLM tool specs, and call them safely by name.

A function's signature and Google-style docstring are the single source of its spec. A first parameter
named `host` receives the host system at call time and stays out of the spec. Registration refuses a
function whose docstring leaves any argument undescribed: the spec is the LLM's only guide.
"""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pydantic

from simxai._docstring import parse_docstring
from simxai.exceptions import ArgumentError, SimXAIError, UsageError

__all__ = [
    "Accepts",
    "FunctionSpec",
    "ParameterSpec",
    "RegisteredFunction",
    "Registry",
    "default_registry_for_agents",
    "function_spec",
    "provide_default_registry",
]

HOST_PARAMETER = "host"


class ParameterSpec(pydantic.BaseModel):
    """One argument of a function, as the LLM sees it."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    type: str
    description: str
    required: bool
    default: Any = None
    json_schema: dict[str, Any]


class FunctionSpec(pydantic.BaseModel):
    """Everything the LLM is told about one function."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    summary: str
    description: str
    parameters: list[ParameterSpec]
    returns: str
    return_type: str
    examples: list[str]

    @property
    def signature(self) -> str:
        """The paper's `name(arg: type) -> return_type` line."""
        params = []
        for p in self.parameters:
            params.append(f"{p.name}: {p.type}" + ("" if p.required else f" = {p.default!r}"))
        return f"{self.name}({', '.join(params)}) -> {self.return_type}"

    def json_schema(self) -> dict[str, Any]:
        """The JSON schema of the arguments object."""
        properties = {p.name: {**p.json_schema, "description": p.description} for p in self.parameters}
        return {
            "type": "object",
            "properties": properties,
            "required": [p.name for p in self.parameters if p.required],
            "additionalProperties": False,
        }

    def openai_tool(self) -> dict[str, Any]:
        """The spec as an OpenAI-style tool definition."""
        description = self.description
        if self.returns:
            description = f"{description}\n\nReturns: {self.returns}"
        return {
            "type": "function",
            "function": {"name": self.name, "description": description, "parameters": self.json_schema()},
        }

    def text(self) -> str:
        """The spec in the SimXAI paper's text template."""
        lines = [self.signature]
        lines += [f"    {line}" if line else "" for line in self.description.splitlines()]
        if self.parameters:
            lines.append("    Args:")
            lines += [f"        {p.name}: {p.description}" for p in self.parameters]
        lines.append("    Returns:")
        lines.append(f"        {self.returns}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Accepts:
    """What an argument accepts on a host, in words: `Annotated[str | None, Accepts(label_names)]`.

    `describe(host)` says it in the host's own terms ("a label's name, one of stays or leaves"); a value of the
    wrong type for that argument is refused with it instead of the Python type. `read(host, value)`, when given,
    is the value the argument takes for one of the wrong type that the host names all the same (the number 1 for
    a label named "1"), or None. The spec does not change.
    """

    describe: Callable[[Any], str]
    read: Callable[[Any, Any], Any] | None = None


@dataclass(frozen=True)
class RegisteredFunction:
    """A function in a registry, with its spec and the model that validates its arguments."""

    spec: FunctionSpec
    func: Callable[..., Any]
    arguments_model: type[pydantic.BaseModel]
    takes_host: bool
    #: {argument: what it accepts on a host}, from the `Accepts` of its annotation
    accepts: Mapping[str, Accepts] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The function's name, the one the model calls it by."""
        return self.spec.name

    def validate(self, arguments: Mapping[str, Any] | None, host: Any = None) -> dict[str, Any]:
        """Check model-given arguments against the signature.

        With `host`, a value of the wrong type is refused naming what the host accepts there (its labels, its id
        range); without, naming the argument's type.

        Raises:
            ArgumentError: naming the first wrong argument and what is valid.
        """
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, Mapping):
            raise ArgumentError(
                f"arguments of {self.name} must be an object, got {type(arguments).__name__}",
                argument="*",
                valid=self.spec.signature,
            )
        accepted = self._accepted(host)
        arguments = self._read(arguments, host)
        _refuse_booleans(self.spec, arguments, accepted)
        try:
            model = self.arguments_model.model_validate(dict(arguments))
        except pydantic.ValidationError as exc:
            raise _argument_error(self.spec, exc, accepted) from None
        return {name: getattr(model, name) for name in type(model).model_fields}

    def _read(self, arguments: Mapping[str, Any], host: Any) -> Mapping[str, Any]:
        """`arguments` with each value its `Accepts.read` gives in its place on `host` (none without a host)."""
        if host is None:
            return arguments
        read = dict(arguments)
        for name, accepts in self.accepts.items():
            if accepts.read is not None and read.get(name) is not None:
                try:
                    value = accepts.read(host, read[name])
                except SimXAIError:  # a host that cannot say: the value is checked as given
                    value = None
                if value is not None:
                    read[name] = value
        return read

    def _accepted(self, host: Any) -> Callable[[str], str | None]:
        """What an argument accepts on `host` in words, or None (no host, no `Accepts`, or the host cannot say)."""

        def accepted(name: str) -> str | None:
            accepts = self.accepts.get(name)
            if host is None or accepts is None:
                return None
            try:
                return accepts.describe(host)
            except SimXAIError:  # a remote host that does not answer: the type, as without a host
                return None

        return accepted

    def __call__(self, host: Any, arguments: Mapping[str, Any] | None = None) -> Any:
        """Validate the arguments and run the function on `host`."""
        values = self.validate(arguments, host)
        if self.takes_host:
            return self.func(host, **values)
        return self.func(**values)


def _given(value: Any) -> str:
    """What a JSON value is, in words: `null`, `true`, `a list`, `an object`, or its repr."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return repr(value)


#: What an argument accepts on the host in words (`RegisteredFunction._accepted`), or None.
Accepted = Callable[[str], str | None]


def _wrong(spec: FunctionSpec, name: str, given: str, valid: str, accepted: Accepted) -> ArgumentError:
    """The one line for a value of the wrong type: what the argument accepts on the host when it can say, in the
    message and in `valid`; else the argument's type in `valid`.
    """
    said = accepted(name)
    if said is None:
        return ArgumentError(f"invalid {name!r} for {spec.name}: {given}", argument=name, valid=valid)
    return ArgumentError(f"invalid {name!r} for {spec.name}: {given}; it takes {said}", argument=name, valid=said)


def _refuse_booleans(spec: FunctionSpec, arguments: Mapping[str, Any], accepted: Accepted) -> None:
    """Refuse true/false for an argument whose type holds no bool (pydantic would read `true` as the id 1).

    An object's entries may be true/false: a True/False feature takes them ({"smoker": true}).
    """
    for p in spec.parameters:
        value = arguments.get(p.name)
        if isinstance(value, bool) and "bool" not in p.type and p.type != "Any":
            raise _wrong(spec, p.name, f"got {_given(value)}", f"{p.name}: {p.type}", accepted)


#: The words for the types an object's entry may hold.
_KINDS = {"float": "a number", "int": "a number", "str": "a text", "bool": "true or false"}


def _entry(loc: tuple[Any, ...]) -> tuple[str, str] | None:
    """(key, type) of an error inside one entry of an object: `('instance', 'dict[...]', 'bmi', 'float')`,
    `('changes', 'bmi', 'float')`; None for an error about the argument itself.
    """
    at = 2 if len(loc) > 1 and str(loc[1]).startswith("dict[") else 1
    return (str(loc[at]), str(loc[at + 1])) if len(loc) == at + 2 else None


def _union_error(spec: FunctionSpec, errors: list[Any], valid: str, accepted: Accepted) -> ArgumentError | None:
    """One line for a value no branch of an argument's union type accepts, naming the entry that is wrong.

    pydantic reports each branch (`int`, `str`, `dict[...]`); its first ("should be a valid integer") is wrong
    about an object whose one entry is null. An entry's error names the entry and the types it may hold.
    """
    name = str(errors[0]["loc"][0])
    mine = [e for e in errors if str(e["loc"][0]) == name]
    entries = [(e, entry) for e in mine if (entry := _entry(tuple(e["loc"]))) is not None]
    if entries:
        first, (key, _) = entries[0]
        kinds = list(dict.fromkeys(_KINDS.get(kind, kind) for _, (k, kind) in entries if k == key))
        return ArgumentError(
            f"invalid {name!r} for {spec.name}: the value of {key!r} is {_given(first['input'])}; "
            f"it must be {' or '.join(kinds)}",
            argument=name,
            valid=accepted(name) or valid,
        )
    if len(mine) < 2 or any(len(e["loc"]) != 2 for e in mine):
        return None
    return _wrong(spec, name, f"got {_given(mine[0]['input'])}", valid, accepted)


def _argument_error(spec: FunctionSpec, exc: pydantic.ValidationError, accepted: Accepted) -> ArgumentError:
    errors = exc.errors()
    error = errors[0]
    name = str(error["loc"][0]) if error["loc"] else "*"
    valid_names = [p.name for p in spec.parameters]
    if error["type"] == "extra_forbidden":
        return ArgumentError(
            f"{spec.name} has no argument {name!r}; "
            + (f"its arguments are {', '.join(valid_names)}" if valid_names else "it takes no arguments"),
            argument=name,
            valid=spec.signature,
        )
    if error["type"] == "missing":
        return ArgumentError(
            f"{spec.name} needs the argument {name!r}",
            argument=name,
            valid=spec.signature,
            missing=[name],
        )
    param = next((p for p in spec.parameters if p.name == name), None)
    valid = f"{name}: {param.type}" if param else spec.signature
    union = _union_error(spec, errors, valid, accepted) if error["loc"] else None
    if union is not None:
        return union
    if accepted(name) is not None and len(error["loc"]) == 1:  # the argument itself, not an entry of it
        return _wrong(spec, name, f"got {_given(error['input'])}", valid, accepted)
    return ArgumentError(f"invalid {name!r} for {spec.name}: {error['msg']}", argument=name, valid=valid)


def _type_text(annotation: Any) -> str:
    if annotation is inspect.Parameter.empty:
        return "Any"
    if annotation is type(None):
        return "None"
    if isinstance(annotation, type) and not typing.get_args(annotation):
        return annotation.__name__
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _type_text(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_type_text(a) for a in typing.get_args(annotation))
    if origin is typing.Literal:
        return "Literal[" + ", ".join(repr(a) for a in typing.get_args(annotation)) + "]"
    if origin is not None:
        name = getattr(origin, "__name__", str(origin))
        return f"{name}[{', '.join(_type_text(a) for a in typing.get_args(annotation))}]"
    return str(annotation).replace("typing.", "")


def _strip_titles(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _strip_titles(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_strip_titles(v) for v in schema]
    return schema


def function_spec(
    func: Callable[..., Any], *, name: str | None = None
) -> tuple[FunctionSpec, type[pydantic.BaseModel], bool]:
    """Build the spec and the arguments model of `func` from its signature and docstring.

    Raises:
        UsageError: the docstring has no summary or no `Returns:`, leaves an argument undescribed,
            describes one that does not exist, or an argument has no type annotation.
    """
    fname = name or func.__name__
    doc = parse_docstring(func.__doc__)
    if not doc.summary:
        raise UsageError(f"{fname}: the docstring needs a one-line summary")
    if not doc.returns:
        raise UsageError(f"{fname}: the docstring needs a `Returns:` section")
    hints = typing.get_type_hints(func, include_extras=True)
    params = list(inspect.signature(func).parameters.values())
    takes_host = bool(params) and params[0].name == HOST_PARAMETER
    if takes_host:
        params = params[1:]
    fields: dict[str, Any] = {}
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.POSITIONAL_ONLY):
            raise UsageError(f"{fname}: argument {p.name!r} must be a plain keyword-capable parameter")
        if p.name not in hints:
            raise UsageError(f"{fname}: argument {p.name!r} has no type annotation")
        if not doc.args.get(p.name):
            raise UsageError(
                f"{fname}: the docstring's Args: section does not describe argument {p.name!r}; "
                "every argument must be described for the LLM"
            )
        default = ... if p.default is inspect.Parameter.empty else p.default
        fields[p.name] = (hints[p.name], pydantic.Field(default, description=doc.args[p.name]))
    unknown = set(doc.args) - {p.name for p in params}
    if unknown:
        raise UsageError(f"{fname}: the docstring describes arguments it does not take: {sorted(unknown)}")
    model = pydantic.create_model(f"{fname}_arguments", __config__=pydantic.ConfigDict(extra="forbid"), **fields)
    schema = _strip_titles(model.model_json_schema())
    properties = schema.get("properties", {})
    parameters = [
        ParameterSpec(
            name=p.name,
            type=_type_text(hints[p.name]),
            description=doc.args[p.name],
            required=p.default is inspect.Parameter.empty,
            default=None if p.default is inspect.Parameter.empty else p.default,
            json_schema={k: v for k, v in properties[p.name].items() if k != "description"},
        )
        for p in params
    ]
    return_type = _type_text(hints.get("return", inspect.Parameter.empty))
    spec = FunctionSpec(
        name=fname,
        summary=doc.summary,
        description=doc.description,
        parameters=parameters,
        returns=doc.returns,
        return_type=return_type,
        examples=doc.examples,
    )
    return spec, model, takes_host


def _accepts_of(func: Callable[..., Any]) -> dict[str, Accepts]:
    """{argument: its `Accepts`} from the `Annotated` metadata of `func`'s arguments."""
    found: dict[str, Accepts] = {}
    for name, hint in typing.get_type_hints(func, include_extras=True).items():
        if typing.get_origin(hint) is typing.Annotated:
            marks = [m for m in typing.get_args(hint)[1:] if isinstance(m, Accepts)]
            if marks:
                found[name] = marks[0]
    return found


class Registry:
    """The functions a conversation may call, in a stable order. Nothing outside it can be called."""

    def __init__(self, functions: typing.Iterable[Callable[..., Any]] = ()) -> None:
        self._functions: dict[str, RegisteredFunction] = {}
        for func in functions:
            self.register(func)

    def register(self, func: Callable[..., Any] | None = None, *, name: str | None = None) -> Any:
        """Register `func` (usable as `@registry.register` or `@registry.register(name=...)`).

        Raises:
            UsageError: the name is taken, or the docstring does not describe every argument.
        """

        def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
            spec, model, takes_host = function_spec(f, name=name)
            if spec.name in self._functions:
                raise UsageError(f"a function named {spec.name!r} is already registered")
            self._functions[spec.name] = RegisteredFunction(spec, f, model, takes_host, _accepts_of(f))
            return f

        return decorate(func) if func is not None else decorate

    def get(self, name: str) -> RegisteredFunction | None:
        """The registered function called `name`, or None: the only way from a name to code."""
        return self._functions.get(name) if isinstance(name, str) else None

    def names(self) -> list[str]:
        """The registered names, in registration order."""
        return list(self._functions)

    def specs(self) -> list[FunctionSpec]:
        """Every registered function's spec, in registration order."""
        return [f.spec for f in self._functions.values()]

    def openai_tools(self) -> list[dict[str, Any]]:
        """All specs as OpenAI tool definitions, in registration order (stable for prefix caching)."""
        return [f.spec.openai_tool() for f in self._functions.values()]

    def copy(self) -> Registry:
        """An independent registry with the same functions, so registering on it leaves this one unchanged."""
        new = Registry()
        new._functions = dict(self._functions)
        return new

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._functions

    def __iter__(self) -> Iterator[RegisteredFunction]:
        return iter(self._functions.values())

    def __len__(self) -> int:
        return len(self._functions)


#: What builds the registry of an agent given none. The core does not know the functions layer: the package
#: (`simxai/__init__.py`) provides the eleven functions' registry on import.
_DEFAULT_FACTORY: list[Callable[[], Registry]] = []


def provide_default_registry(factory: Callable[[], Registry]) -> None:
    """Set what builds the registry an `Agent` uses when it is given none."""
    _DEFAULT_FACTORY[:] = [factory]


def default_registry_for_agents() -> Registry:
    """A fresh default registry for an agent given none.

    Raises:
        UsageError: no default was provided (only when `simxai` itself was not imported, which cannot happen
            through a normal import of any of its modules).
    """
    if not _DEFAULT_FACTORY:
        raise UsageError("no default registry was provided: pass registry=simxai.functions.default_registry()")
    return _DEFAULT_FACTORY[0]()
