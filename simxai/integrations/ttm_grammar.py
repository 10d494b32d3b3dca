"""TalkToModel's parse language: its vocabulary, programs, and a validator that reimplements its grammar.

A TalkToModel program is a sequence of operations joined by ``and`` / ``or`` and ended by ``[e]``::

    filter glucose greater than 120 and filter id 5 or filter woman true and explain features [e]

The forms accepted here are exactly those of TalkToModel's grammar as its few-shot templates use them
(`explain/prompts/dynamic/*.txt`):

=====================  ================================================================================
operation              form
=====================  ================================================================================
filter                 ``filter id N`` | ``filter <num feature> <comparison> N`` | ``filter <cat f> <value>``
                       (comparison: greater than, greater equal than, less than, less equal than, equal
                       to, not equal to; a 0/1 feature also takes true / false)
labelfilter            ``labelfilter <class>``, ``predictionfilter <class>`` (class: a target value)
change (what-if)       ``change <num feature> increase|decrease|set N`` | ``change <cat feature> <value>``
explain                ``explain features`` | ``explain lime`` | ``explain cfe``
important              ``important all`` | ``important topk K`` (1 <= K < #features) | ``important <feature>``
score                  ``score default|accuracy|f1|roc|precision|recall|sensitivity|specificity|ppv|npv``
mistake                ``mistake typical|count|sample``
statistic, define      ``statistic <feature>|target``, ``define <feature>``
single words           predict, likelihood, show, countdata, label, data, model, function, self, interact,
                       previousfilter, previousoperation
followup               ``followup [e]``, only on its own
=====================  ================================================================================

Numbers (ids and values) must be ones the user wrote, as TalkToModel's guided decoding adds only the
utterance's numbers (or ``unknown``) to its grammar; pass them as `numbers` to check that too. Feature
names are written as TalkToModel writes them: lowercased, with ``_`` and ``-`` removed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

__all__ = [
    "COMPARISONS",
    "END",
    "EXPLANATIONS",
    "MISTAKE_KINDS",
    "SCORE_METRICS",
    "SINGLE_WORD_OPERATIONS",
    "WHATIF_UPDATES",
    "GrammarError",
    "Operation",
    "Program",
    "TTMGrammar",
    "TTMVocabulary",
    "ttm_name",
]

END = "[e]"
#: Comparison words of a numeric filter, with the operator each means.
COMPARISONS: dict[str, str] = {
    "greater than": ">",
    "greater equal than": ">=",
    "less than": "<",
    "less equal than": "<=",
    "equal to": "=",
    "not equal to": "!=",
}
SCORE_METRICS = (
    "default",
    "accuracy",
    "f1",
    "roc",
    "precision",
    "recall",
    "sensitivity",
    "specificity",
    "ppv",
    "npv",
)
MISTAKE_KINDS = ("typical", "count", "sample")
EXPLANATIONS = ("features", "lime", "cfe")
WHATIF_UPDATES = ("increase", "set", "decrease")
SINGLE_WORD_OPERATIONS = (
    "predict",
    "likelihood",
    "show",
    "countdata",
    "label",
    "data",
    "model",
    "function",
    "self",
    "interact",
    "previousfilter",
    "previousoperation",
)
JOINS = ("and", "or")
UNKNOWN = "unknown"
_FILTERS = ("filter", "labelfilter", "predictionfilter", "previousfilter")


def ttm_name(column: str) -> str:
    """A column name as TalkToModel writes it: lowercased, with ``_`` and ``-`` removed."""
    return str(column).replace("_", "").replace("-", "").lower()


@dataclass(frozen=True)
class TTMVocabulary:
    """The dataset-specific words of the grammar.

    Attributes:
        numeric: numeric feature names (TalkToModel's form).
        categorical: categorical feature name -> the value words it takes (``true``/``false`` for 0/1 ones).
        classes: the target values, as text (``0``, ``1``).
        semantic: feature name -> how users write it (``bloodpressure`` -> ``blood pressure``).
    """

    numeric: list[str]
    categorical: dict[str, list[str]]
    classes: list[str]
    semantic: dict[str, str] = field(default_factory=dict)

    @property
    def features(self) -> list[str]:
        """Every feature name, numeric ones first."""
        return [*self.numeric, *self.categorical]

    @property
    def topk_max(self) -> int:
        """The largest K of ``important topk K``: TalkToModel allows 1 to #features - 1."""
        return max(len(self.features) - 1, 1)

    def written(self, feature: str) -> str:
        """How users write `feature`."""
        return self.semantic.get(feature, feature)


@dataclass(frozen=True)
class Operation:
    """One operation of a program, as its words (``("filter", "glucose", "greater", "than", "120")``)."""

    words: tuple[str, ...]

    @property
    def name(self) -> str:
        """The operation word (``filter``, ``explain``, ``change``, ...)."""
        return self.words[0]

    @property
    def label(self) -> str:
        """A short name for reports: the operation word, with the kind for ``explain`` / ``mistake``."""
        if self.name in ("explain", "mistake") and len(self.words) > 1:
            return f"{self.name} {self.words[1]}"
        return self.name

    @property
    def is_filter(self) -> bool:
        """Whether the operation selects rows (`filter`, `labelfilter`, `predictionfilter` or `previousfilter`)."""
        return self.name in _FILTERS

    def text(self) -> str:
        """The operation as TalkToModel writes it: its words joined by spaces."""
        return " ".join(self.words)


@dataclass(frozen=True)
class Program:
    """A TalkToModel program: operations joined by ``and`` / ``or``."""

    operations: tuple[Operation, ...]
    joins: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.joins) != max(len(self.operations) - 1, 0):
            raise ValueError(f"a program of {len(self.operations)} operations needs {len(self.operations) - 1} joins")

    @classmethod
    def of(cls, operations: Sequence[Operation], joins: Sequence[str] | None = None) -> Program:
        """Operations joined by `joins` (default: all ``and``)."""
        ops = tuple(operations)
        return cls(ops, tuple(joins) if joins is not None else ("and",) * max(len(ops) - 1, 0))

    def text(self) -> str:
        """The canonical parse text: single spaces, ending in `` [e]``."""
        parts: list[str] = []
        for i, operation in enumerate(self.operations):
            if i:
                parts.append(self.joins[i - 1])
            parts.append(operation.text())
        return " ".join([*parts, END])

    @property
    def category(self) -> str:
        """The operation a program is scored under: ``change`` for any what-if, else its last non-filter
        operation (``filter`` when it only filters).
        """
        if any(op.name == "change" for op in self.operations):
            return "change"
        rest = [op for op in self.operations if not op.is_filter]
        return rest[-1].label if rest else "filter"


@dataclass(frozen=True)
class GrammarError:
    """Why a text is not a program: what was expected at which word."""

    message: str
    position: int

    def __str__(self) -> str:
        return f"word {self.position + 1}: {self.message}"


class _Invalid(Exception):
    """Internal signal of the recursive descent, turned into a `GrammarError` value."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.position = position


class TTMGrammar:
    """TalkToModel's grammar for one dataset's vocabulary, as a recursive-descent parser."""

    def __init__(self, vocabulary: TTMVocabulary) -> None:
        self.vocabulary = vocabulary
        self._numeric = set(vocabulary.numeric)
        self._categorical: Mapping[str, Collection[str]] = {k: set(v) for k, v in vocabulary.categorical.items()}
        self._features = set(vocabulary.features)
        self._classes = set(vocabulary.classes)
        self._topk = {str(k) for k in range(1, vocabulary.topk_max + 1)}

    def parse(self, text: str, *, numbers: Collection[str] | None = None) -> Program | GrammarError:
        """Parse `text` into a program, or say why it is not one.

        Args:
            text: a parse text, e.g. ``filter id 5 and predict [e]`` (case and spacing are free).
            numbers: the numbers the program may use, as written (``"120"``, ``"33.6"``); None allows any.
        """
        tokens = text.lower().split()
        try:
            return _Descent(self, tokens, numbers).program()
        except _Invalid as exc:
            return GrammarError(str(exc), exc.position)

    def is_valid(self, text: str, *, numbers: Collection[str] | None = None) -> bool:
        """Whether `text` is a program of this grammar."""
        return isinstance(self.parse(text, numbers=numbers), Program)


class _Descent:
    """One parse: a cursor over the tokens of a text."""

    def __init__(self, grammar: TTMGrammar, tokens: list[str], numbers: Collection[str] | None) -> None:
        self.g = grammar
        self.tokens = tokens
        self.numbers = None if numbers is None else {n.lower() for n in numbers}
        self.i = 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, what: str) -> str:
        token = self.peek()
        if token is None:
            raise _Invalid(f"expected {what}, found the end", self.i)
        self.i += 1
        return token

    def expect(self, valid: Collection[str], what: str) -> str:
        token = self.take(what)
        if token not in valid:
            raise _Invalid(f"expected {what}, found {token!r}", self.i - 1)
        return token

    def number(self) -> str:
        token = self.take("a number")
        if token == UNKNOWN:
            return token
        try:
            float(token)
        except ValueError:
            raise _Invalid(f"expected a number, found {token!r}", self.i - 1) from None
        if self.numbers is not None and token not in self.numbers:
            raise _Invalid(f"the number {token} is not in the utterance", self.i - 1)
        return token

    def program(self) -> Program:
        if self.tokens == ["followup", END]:
            return Program.of([Operation(("followup",))])
        operations: list[Operation] = []
        joins: list[str] = []
        while True:
            operations.append(self.operation())
            token = self.take(f"'and', 'or' or {END!r}")
            if token == END:
                if self.i != len(self.tokens):
                    raise _Invalid(f"text after {END!r}", self.i)
                return Program(tuple(operations), tuple(joins))
            if token not in JOINS:
                raise _Invalid(f"expected 'and', 'or' or {END!r}, found {token!r}", self.i - 1)
            joins.append(token)

    def operation(self) -> Operation:
        start = self.i
        word = self.take("an operation")
        v = self.g.vocabulary
        if word in SINGLE_WORD_OPERATIONS:
            pass
        elif word == "filter":
            self.filter_body()
        elif word in ("labelfilter", "predictionfilter"):
            self.expect(self.g._classes, f"a class ({', '.join(v.classes)})")
        elif word == "change":
            feature = self.expect(self._features_of_change(), "a feature")
            if feature in self.g._numeric:
                self.expect(WHATIF_UPDATES, "increase, decrease or set")
                self.number()
            else:
                self.expect(self.g._categorical[feature], f"a value of {feature}")
        elif word == "explain":
            self.expect(EXPLANATIONS, "features, lime or cfe")
        elif word == "important":
            token = self.take("all, topk or a feature")
            if token == "topk":
                self.expect(self.g._topk, f"a number from 1 to {v.topk_max}")
            elif token != "all" and token not in self.g._features:
                raise _Invalid(f"expected all, topk or a feature, found {token!r}", self.i - 1)
        elif word == "score":
            self.expect(SCORE_METRICS, f"a metric ({', '.join(SCORE_METRICS)})")
        elif word == "mistake":
            self.expect(MISTAKE_KINDS, "typical, count or sample")
        elif word == "statistic":
            self.expect(self.g._features | {"target"}, "a feature or target")
        elif word == "define":
            self.expect(self.g._features, "a feature")
        elif word == "followup":
            raise _Invalid("followup stands alone: 'followup [e]'", start)
        else:
            raise _Invalid(f"unknown operation {word!r}", start)
        return Operation(tuple(self.tokens[start : self.i]))

    def _features_of_change(self) -> set[str]:
        return self.g._numeric | set(self.g._categorical)

    def filter_body(self) -> None:
        token = self.take("id or a feature")
        if token == "id":
            self.number()
        elif token in self.g._numeric:
            for words, _ in sorted(COMPARISONS.items(), key=lambda kv: -len(kv[0])):
                parts = words.split()
                if self.tokens[self.i : self.i + len(parts)] == parts:
                    self.i += len(parts)
                    break
            else:
                raise _Invalid(f"expected a comparison ({', '.join(COMPARISONS)})", self.i)
            self.number()
        elif token in self.g._categorical:
            self.expect(self.g._categorical[token], f"a value of {token}")
        else:
            raise _Invalid(f"expected id or a feature, found {token!r}", self.i - 1)
