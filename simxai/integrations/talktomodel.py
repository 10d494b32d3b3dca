"""A drop-in replacement for TalkToModel's parser, learned from TalkToModel's own templates and from people's wording.

TalkToModel (Slack et al. 2023) turns each utterance into a program of its grammar and runs its own
operations on it. `TalkToModelParser` has TalkToModel's parser contract, a callable from the utterance to
``(None, parse_text)``:

1. **The program.** A small learned parser (`simxai.integrations.ttm_learned`), trained on TalkToModel's
   few-shot templates and on requests, small talk and people-worded pairs the project wrote (nothing from
   TalkToModel's test suites), reads the utterance with the dataset's features, numbers and class names masked,
   picks the program's shape and each mention's role, and copies ids, numbers and values from the utterance.
2. **Context.** TalkToModel's ``previousfilter`` / ``previousoperation`` are written out from the dialogue's
   earlier programs when the parser has seen them ("why?" after "what is the prediction for id 5?" becomes
   ``filter id 5 and explain features``); in a new dialogue they are left for TalkToModel's own memory.
3. **Validation.** The program is checked against TalkToModel's grammar (`TTMGrammar`) with the utterance's
   numbers; when no valid program exists, calling the parser raises `ModelOutputError` with TalkToModel's own
   apology, which TalkToModel's web app shows as it shows its own parser's failures.

Each turn also goes through SimXAI's layer (any backend, the offline router by default), which keeps the
dialogue's state and history, and with ``execute=True`` answers with SimXAI's own functions; the program does
not depend on the layer's choice.

Plugging it into a TalkToModel checkout (TalkToModel is not a dependency of SimXAI; see
docs/talktomodel.md)::

    # gin config: ExplainBot.parsing_model_name = "nearest-neighbor"  (no T5 model of TalkToModel's own;
    # a name without "t5" also makes update_state call compute_parse_text)
    from explain.logic import ExplainBot
    from simxai.integrations.talktomodel import TalkToModelParser

    bot = ExplainBot()
    bot.compute_parse_text = TalkToModelParser.from_explainbot(bot, backend="router")
"""

from __future__ import annotations

import asyncio
import functools
import threading
import weakref
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from simxai.exceptions import ModelOutputError, UsageError
from simxai.integrations.ttm_grammar import GrammarError, Operation, Program, TTMGrammar, TTMVocabulary
from simxai.integrations.ttm_learned import LearnedParser

if TYPE_CHECKING:
    from simxai.agent import AgentSettings, Conversation, DialogueState
    from simxai.backends.base import Backend
    from simxai.hosts.base import Host
    from simxai.messages import Message
    from simxai.registry import Registry

__all__ = ["SORRY", "TTMParse", "TalkToModelParser", "selection_registry"]

T = TypeVar("T")

#: What TalkToModel's web app answers when its parser fails (flask_app.py); the adapter says the same.
SORRY = "Sorry! I couldn't understand that. Could you please try to rephrase?"


@dataclass(frozen=True)
class TTMParse:
    """The outcome of parsing one utterance.

    Attributes:
        utterance: the user's words.
        text: the parse text (canonical spacing, ending in ``[e]``), or None when no valid program exists.
        program: the parsed program, or None.
        calls: the calls the layer selected, as (function, arguments, status).
        reason: why no valid program exists, when `text` is None.
    """

    utterance: str
    text: str | None
    program: Program | None
    calls: tuple[tuple[str, dict[str, Any], str], ...] = ()
    reason: str | None = None

    @property
    def valid(self) -> bool:
        """Whether a program of TalkToModel's grammar was found (`text` is set)."""
        return self.text is not None


class TalkToModelParser:
    """TalkToModel's parser, learned from its templates: `parser(utterance) -> (None, parse_text)`.

    One parser holds one dialogue (TalkToModel's web app also keeps a single conversation); `reset()` starts
    a new one.

    Args:
        host: the SimXAI host of the model TalkToModel explains.
        vocabulary: TalkToModel's grammar vocabulary for the dataset (`vocabulary_from_frame`).
        backend: the layer's backend, or a spec for `load_backend` ("router", "openai:<model>", ...); the layer
            keeps the dialogue (`history`, `state`), the program comes from the learned parser.
        class_names: the label name of each target value in `vocabulary.classes` (default: the host's).
        settings: the layer's loop settings.
        execute: also run the selected functions on the host. By default they are only selected and their
            instance checked against the host: TalkToModel runs its own operation, so SimXAI's SHAP or DiCE
            results would be computed for nothing.

    Raises:
        UsageError: `class_names` does not name every class of the vocabulary.
    """

    def __init__(
        self,
        host: Host,
        vocabulary: TTMVocabulary,
        backend: Backend | str = "router",
        *,
        class_names: Sequence[str] | None = None,
        settings: AgentSettings | None = None,
        execute: bool = False,
    ) -> None:
        from simxai.agent import Agent
        from simxai.backends import load_backend

        self.host = host
        self.vocabulary = vocabulary
        self._options: dict[str, Any] = {"class_names": class_names, "settings": settings, "execute": execute}
        self.grammar = TTMGrammar(vocabulary)
        self.backend = load_backend(backend) if isinstance(backend, str) else backend
        self.agent = Agent(host, self.backend, settings=settings, registry=None if execute else selection_registry())
        schema = self.agent.schema
        names = tuple(class_names) if class_names is not None else tuple(schema.class_names)
        if len(names) != len(vocabulary.classes):
            raise UsageError(
                f"class_names must name each class {vocabulary.classes} of the TalkToModel data; got {list(names)}"
            )
        self.class_names = names
        self.learned = LearnedParser(vocabulary, names)
        self._memory = _Memory()
        self.conversation: Conversation = self.agent.conversation()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._finalizer: weakref.finalize | None = None
        self._lock = threading.Lock()

    # ------------------------------------------------------------------------------------ construction

    @classmethod
    def from_explainbot(cls, bot: Any, backend: Backend | str = "router", **options: Any) -> TalkToModelParser:
        """A parser for a TalkToModel `ExplainBot`, whose model, data and class names become the host.

        Reads ``bot.conversation.get_var("model")`` and ``get_var("dataset")`` (features ``X``, target ``y``,
        ``cat`` and ``numeric`` column lists) and ``bot.conversation.class_names``, as TalkToModel keeps them.

        Args:
            bot: a TalkToModel ExplainBot (or anything with the same `conversation`).
            backend: the layer's backend or its spec.
            **options: passed to `TalkToModelParser`.

        Raises:
            UsageError: the bot's conversation lacks its model or dataset.
        """
        import pandas as pd

        from simxai.hosts.tabular import TabularHost
        from simxai.integrations.ttm_data import vocabulary_from_frame

        try:
            conversation = bot.conversation
            model = conversation.get_var("model").contents
            dataset = conversation.get_var("dataset").contents
            frame, target = dataset["X"], dataset["y"]
        except (AttributeError, KeyError, TypeError) as exc:
            raise UsageError(f"not a TalkToModel ExplainBot with a loaded model and dataset: {exc}") from exc
        categorical = [str(c) for c in dataset.get("cat", [])]
        numeric = [str(c) for c in dataset.get("numeric", [])]
        target_name = "y" if "y" not in frame.columns else "__target__"
        data = frame.reset_index(drop=True).assign(**{target_name: list(target)})
        values = sorted(pd.unique(data[target_name]).tolist())
        names_by_value = getattr(conversation, "class_names", None) or {}
        class_names = [str(names_by_value.get(v, v)) for v in values]
        vocabulary = vocabulary_from_frame(data, target_name, categorical=categorical, numeric=numeric)
        host = TabularHost(
            _ColumnsModel.wrap(model, [str(c) for c in frame.columns]),
            data,
            target_name,
            dict(zip(values, class_names, strict=True)),  # bound by value, never by position
            name=str(getattr(bot, "bot_name", "TalkToModel")),
            categorical_features=categorical,
        )
        return cls(host, vocabulary, backend, class_names=class_names, **options)

    # ------------------------------------------------------------------------------------ the contract

    def __call__(self, text: str, error_analysis: bool = False) -> Any:
        """TalkToModel's `compute_parse_text`: the utterance -> ``(None, parse_text)``.

        With ``error_analysis=True`` (TalkToModel's accuracy script asks for it) the answer is
        ``(None, parse_text, None)``.

        Raises:
            ModelOutputError: no valid program exists; its message is TalkToModel's own apology.
            UsageError: called inside a running event loop (await `parse` there instead).
        """
        result = self.run_sync(self.parse(text))
        if result.text is None:
            raise ModelOutputError(SORRY)
        return (None, result.text, None) if error_analysis else (None, result.text)

    def run_sync(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine of this parser on its own event loop (TalkToModel's callers are synchronous)."""
        with self._lock:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                pass
            else:
                coroutine.close()
                raise UsageError("TalkToModelParser was called inside a running event loop; use `await parser.parse()`")
            if self._loop is None or self._loop.is_closed():
                self._loop = asyncio.new_event_loop()
                # a parser TalkToModel drops without `close()` still closes its loop (and the loop's sockets)
                self._finalizer = weakref.finalize(self, self._loop.close)
            return self._loop.run_until_complete(coroutine)

    def fork(self) -> TalkToModelParser:
        """A parser for another dialogue (e.g. another user's session), sharing the host and the backend."""
        return TalkToModelParser(self.host, self.vocabulary, self.backend, **self._options)

    def reset(self) -> None:
        """Start a new dialogue: forget the history, the state and the previous programs."""
        self.conversation = self.agent.conversation()
        self._memory = _Memory()

    def close(self) -> None:
        """Release the backend and the parser's event loop."""
        with self._lock:
            if self._loop is not None and not self._loop.is_closed():
                self._loop.run_until_complete(self.backend.aclose())
                self._loop.close()

    def __enter__(self) -> TalkToModelParser:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def history(self) -> list[Message]:
        """The dialogue's messages so far (bounded, as any SimXAI conversation)."""
        return self.conversation.history

    @property
    def state(self) -> DialogueState:
        """The layer's dialogue state: the instance in focus, the last label, changes and metric."""
        return self.conversation.state

    async def parse(self, text: str) -> TTMParse:
        """Parse one utterance in the context of the dialogue so far, and add the turn to the dialogue."""
        turn = await self.conversation.send(text)
        calls = tuple((c.function, dict(c.arguments), c.status) for c in turn.calls)
        program = self.learned.parse(text)
        if program is None:
            return TTMParse(text, None, None, calls, "no program of TalkToModel's grammar fits the utterance")
        resolved = self._memory.resolve(program)
        numbers = self.learned.read(text).numbers | self._memory.numbers
        checked = self.grammar.parse(resolved.text(), numbers=numbers)
        if isinstance(checked, GrammarError):
            return TTMParse(text, None, None, calls, f"not a TalkToModel program ({checked}): {resolved.text()}")
        self._memory.remember(checked, numbers)
        return TTMParse(text, checked.text(), checked, calls)


class _Memory:
    """The dialogue's last program, to write out TalkToModel's ``previousfilter`` / ``previousoperation``.

    ``previousfilter`` is the last program's data part (its filters and what-if changes, which modify the data
    as filters do), ``previousoperation`` its other operations. Before the first program they stay as they
    are, for TalkToModel's own memory.
    """

    def __init__(self) -> None:
        self.last: Program | None = None
        self.numbers: set[str] = set()

    def resolve(self, program: Program) -> Program:
        if self.last is None:
            return program
        data, rest = _parts(self.last)
        operations: list[Operation] = []
        joins: list[str] = []
        for k, operation in enumerate(program.operations):
            join = program.joins[k - 1] if k else ""
            if operation.name == "previousfilter":
                replacement = data
            elif operation.name == "previousoperation":
                replacement = rest
            else:
                replacement = Program((operation,), ())
            for n, op in enumerate(replacement.operations):
                if operations:
                    joins.append(replacement.joins[n - 1] if n else join or "and")
                operations.append(op)
        if not operations:
            return program
        return Program(tuple(operations), tuple(joins))

    def remember(self, program: Program, numbers: set[str]) -> None:
        self.last = program
        self.numbers = set(numbers)


def _parts(program: Program) -> tuple[Program, Program]:
    """A program's data part (filters and changes, with their joins) and its other operations."""
    data: list[Operation] = []
    data_joins: list[str] = []
    rest: list[Operation] = []
    for k, operation in enumerate(program.operations):
        if operation.is_filter or operation.name == "change":
            if data:
                data_joins.append(program.joins[k - 1] if k else "and")
            data.append(operation)
        else:
            rest.append(operation)
    return Program(tuple(data), tuple(data_joins)), Program.of(rest)


def selection_registry() -> Registry:
    """The eleven functions with their specs unchanged, whose bodies only check the instance against the host.

    The layer sees exactly the same tools and the engine the same argument validation (a missing instance
    still leads to a clarification, an unknown id is still rejected), but no explanation is computed.
    """
    from simxai.functions import default_registry
    from simxai.registry import Registry

    registry = Registry()
    for registered in default_registry():
        registry.register(_selecting(registered.name, registered.func), name=registered.name)
    return registry


def _selecting(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(func)  # the signature and docstring, hence the spec, stay the function's own
    def select(host: Host, **arguments: Any) -> dict[str, Any]:
        instance = arguments.get("instance")
        if instance is not None:
            host.resolve(instance)
        return {"selected": name, "note": "selected for TalkToModel, which runs its own operation"}

    return select


class _ColumnsModel:
    """A classifier fitted on arrays, with the column names a `TabularHost` needs.

    TalkToModel's models are fitted on ``DataFrame.values``; this passes frames to them as arrays.
    """

    def __init__(self, model: Any, columns: list[str]) -> None:
        import numpy as np

        self.model = model
        self.classes_ = model.classes_
        self.feature_names_in_ = np.asarray(columns, dtype=object)

    @classmethod
    def wrap(cls, model: Any, columns: list[str]) -> Any:
        if getattr(model, "feature_names_in_", None) is not None:
            return model
        return cls(model, columns)

    def predict(self, frame: Any) -> Any:
        return self.model.predict(getattr(frame, "values", frame))

    def predict_proba(self, frame: Any) -> Any:
        return self.model.predict_proba(getattr(frame, "values", frame))
